/// Progress curves for timed animations: map linear time progress 0...1 to value progress.
/// The cubic Béziers are CSS/Core Animation's named curves (control points (x1,y1),(x2,y2)),
/// which UIKit's `.curveEaseIn/Out/InOut` options use; the swipe-down reference animates
/// linearly over 0.2 s (§4.6), LNPopup pushes the docking bar by smoothstep (§5.3 rule 13).
public enum TimingCurve: Equatable, Hashable, Sendable {
    case linear
    case easeIn
    case easeOut
    case easeInOut
    /// 3t² − 2t³.
    case smoothstep
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

    /// Value progress for time progress `t` (clamped to 0...1).
    public func progress(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .smoothstep: return t * t * (3 - 2 * t)
        case .easeIn: return Self.bezier(t, 0.42, 0, 1, 1)
        case .easeOut: return Self.bezier(t, 0, 0, 0.58, 1)
        case .easeInOut: return Self.bezier(t, 0.42, 0, 0.58, 1)
        case .cubicBezier(let x1, let y1, let x2, let y2): return Self.bezier(t, x1, y1, x2, y2)
        }
    }

    /// Solves x(s) = t for the curve parameter s (Newton, then bisection as a fallback), returns y(s).
    static func bezier(_ t: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        if t == 0 || t == 1 { return t }
        func coord(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        var s = t
        for _ in 0..<8 {
            let err = coord(s, x1, x2) - t
            if abs(err) < 1e-12 { return coord(s, y1, y2) }
            let d = slope(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= err / d
        }
        var lo = 0.0, hi = 1.0
        s = t
        for _ in 0..<60 {
            let x = coord(s, x1, x2)
            if abs(x - t) < 1e-12 { break }
            if x < t { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return coord(s, y1, y2)
    }
}
