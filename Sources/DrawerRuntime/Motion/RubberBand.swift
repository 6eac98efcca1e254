#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// Damping of a drag past a limit: each function maps the finger's overshoot beyond the limit
/// (points, signed) to the displayed overshoot (points, same sign). All are odd functions
/// (f(−x) = −f(x)), zero at zero, and increasing.
public enum RubberBand {
    /// sheets (apstygo/sheets `SheetController.trimTargetHeaderOrigin`; docs/components.md,
    /// Sheet S4): displayed = √overshoot, so 100 pt of finger shows 10 pt. Note its slope is
    /// infinite at 0 (the card "sticks" a little right at the limit) — that is the reference's
    /// feel.
    public static func squareRoot(_ overshoot: Double) -> Double {
        overshoot < 0 ? -(-overshoot).squareRoot() : overshoot.squareRoot()
    }

    /// Logarithmic damping, the shape MSDynamicsDrawerViewController's `next` branch uses for a
    /// pane dragged beyond its track (coefficient 0.055 × the pane's dimension along the axis;
    /// docs/components.md, M8: no component uses it yet). Our expression: c · ln(1 + |x| / c),
    /// signed — slope 1 at the limit (no kink when the drag crosses it), growing ever slower
    /// after.
    public static func logarithmic(_ x: Double, coefficient c: Double) -> Double {
        guard c > 0 else { return 0 }
        let m = c * log1p(abs(x) / c)
        return x < 0 ? -m : m
    }

    /// Hyperbolic damping x·d·c / (d + c·x): LNPopupController's close rubber band
    /// (`rubberbandFromHeight`; docs/components.md, Popup bar PB15: c = snap percent 0.32,
    /// d = container height), which is also the widely reverse-engineered UIScrollView formula
    /// (1 − 1/(x·c/d + 1))·d. Slope c at the limit, approaching d as x grows. `x` is signed.
    public static func hyperbolic(_ x: Double, dimension d: Double, coefficient c: Double) -> Double {
        guard d > 0 else { return 0 }
        let m = abs(x)
        let r = m * d * c / (d + c * m)
        return x < 0 ? -r : r
    }

    /// Bounded: `x` itself up to half of `limit`, then an exponential approach to `limit`
    /// (reached only in rounding; slope 1 at the join, so no kink). For a motion's overshoot that must
    /// stay within room it has, such as a settling drawer's top edge below the screen's top:
    /// small overshoots show as they are. `x` is signed; a limit of 0 shows no overshoot.
    public static func bounded(_ x: Double, limit: Double) -> Double {
        guard limit > 0 else { return 0 }
        let m = abs(x), half = limit / 2
        let r = m <= half ? m : half + half * -expm1(-(m - half) / half)
        return x < 0 ? -r : r
    }

    /// Applies `curve` to whatever part of `value` lies outside `lower...upper`.
    public static func clamp(_ value: Double, lower: Double, upper: Double,
                             _ curve: (Double) -> Double) -> Double {
        if value < lower { return lower + curve(value - lower) }
        if value > upper { return upper + curve(value - upper) }
        return value
    }
}

extension RubberBand {
    /// The finger overshoot that `hyperbolic` maps to `displayed` (|displayed| < d): used to
    /// resume a drag on a body caught while it shows an overshoot, without a jump.
    public static func inverseHyperbolic(_ displayed: Double, dimension d: Double, coefficient c: Double) -> Double {
        guard d > 0, c > 0 else { return 0 }
        let y = min(abs(displayed), d * 0.999_999)
        let x = y * d / (c * (d - y))
        return displayed < 0 ? -x : x
    }
}
