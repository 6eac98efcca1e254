/// A cubic Bézier timing curve from (0, 0) to (1, 1), as Core Animation's
/// `CAMediaTimingFunction` defines one by its two inner control points: x is the fraction of
/// the duration gone, y the fraction of the distance covered.
///
/// UIKit's `UIView.animate(withDuration:animations:)` without options runs on
/// `curveEaseInOut`, the curve with control points (0.42, 0) and (0.58, 1)
/// (docs/components.md, Swipe to dismiss W6 and W7). It is not the smoothstep 3u² − 2u³:
/// a quarter of the way through, the Bézier has covered 12.9 % of the distance, smoothstep
/// 15.6 %.
public struct TimingCurve: Equatable, Sendable {
    /// The first inner control point (x1, y1).
    public var x1: Double, y1: Double
    /// The second inner control point (x2, y2).
    public var x2: Double, y2: Double

    /// x1 and x2 must lie in 0...1 (as Core Animation requires), so x grows with the curve's
    /// parameter and each time fraction has one progress.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1); self.y1 = y1
        self.x2 = min(max(x2, 0), 1); self.y2 = y2
    }

    /// UIKit's default animation curve, `UIView.AnimationOptions.curveEaseInOut`.
    public static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)

    /// The fraction of the distance covered when `fraction` of the duration has gone;
    /// 0 before the start, 1 after the end.
    public func progress(_ fraction: Double) -> Double {
        guard fraction > 0 else { return 0 }
        guard fraction < 1 else { return 1 }
        return Self.bezier(parameter(forX: fraction), y1, y2)
    }

    /// One coordinate of the curve at parameter `t`, with inner control values `a`, `b` and
    /// end values 0 and 1.
    private static func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let s = 1 - t
        return 3 * s * s * t * a + 3 * s * t * t * b + t * t * t
    }

    private static func slope(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let s = 1 - t
        return 3 * s * s * a + 6 * s * t * (b - a) + 3 * t * t * (1 - b)
    }

    /// The parameter t where the curve's x is `x`: Newton's method from t = x (a few steps
    /// for a smooth curve), bisection where the slope is too flat to trust. x(t) grows
    /// monotonically because x1, x2 lie in 0...1.
    private func parameter(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = Self.bezier(t, x1, x2) - x
            if abs(error) < 1e-12 { return t }
            let d = Self.slope(t, x1, x2)
            guard abs(d) > 1e-6 else { break }
            t -= error / d
            guard (0...1).contains(t) else { break }
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<60 {
            t = (lo + hi) / 2
            if Self.bezier(t, x1, x2) < x { lo = t } else { hi = t }
        }
        return t
    }
}
