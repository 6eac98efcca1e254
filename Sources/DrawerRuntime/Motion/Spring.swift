#if canImport(Glibc)
import Glibc
#endif

/// A damped spring's character, mass 1: a damping ratio ζ and a response (the period of the
/// undamped oscillation, in seconds), and for UIKit's duration-based springs the duration the
/// motion is fitted into.
///
/// Two families, because the references use both (docs/components.md, M6):
/// - **Fitted** (`init(duration:dampingRatio:)`): UIKit's `animate(withDuration:…
///   usingSpringWithDamping:…)` and `UIViewPropertyAnimator(duration:dampingRatio:)` fit the
///   spring *into* the duration: the motion is at its target, and its completion fires, at
///   `duration`; the damping ratio only shapes the curve inside it. The stiffness is chosen so
///   that the envelope of the motion from rest has decayed to `fitTolerance` (0.1 %) of the
///   distance at `duration` (`FittedSpring`); a `SpringMotion` with such a spring ends exactly
///   at `duration`, however it started (a finger's release velocity included). Pulley's
///   0.3 s / 0.75, sheets' 0.5 s / 0.85 and LNPopupController's 0.5 s / 0.87 are fitted.
/// - **Free** (`init(dampingRatio:response:)`, `init(duration:bounce:)`,
///   `init(frequency:dampingRatio:)`): SwiftUI's and UIKit Dynamics' springs, which run until
///   they come to rest by themselves:
///     stiffness k = (2π / response)²  (1/s²)
///     damping   c = 4π ζ / response    (1/s)   (= 2 ζ √k)
/// ζ = 1 is critically damped (no overshoot), ζ < 1 overshoots, ζ > 1 creeps.
public struct Spring: Equatable, Hashable, Sendable {
    public var dampingRatio: Double
    /// Seconds.
    public var response: Double
    /// Seconds: for a fitted spring, how long a motion with it takes from start to rest; nil
    /// for a free spring.
    public var duration: Double?

    /// Out-of-range values from a config file are clamped, never trapped: ζ to 0.05...10 (an
    /// undamped spring would never rest, so the frame loop could never idle), and the
    /// response to at least 20 ms and ζ/40 s, which keeps ω·dt and c·dt small enough for the
    /// 4 ms RK4 step to stay stable (c·dt ≤ 1.26).
    public init(dampingRatio: Double, response: Double) {
        let zeta = dampingRatio.isFinite ? min(max(dampingRatio, 0.05), 10) : 1
        self.dampingRatio = zeta
        self.response = max(response.isFinite ? response : 0.4, 0.02, zeta / 40)
        self.duration = nil
    }

    /// UIKit's duration-based spring: the motion is fitted into `duration` seconds and ends
    /// exactly then (see the type's doc). ζ above 1 is taken as 1, as UIKit's fitted curve has
    /// no overdamped form; durations are clamped to 0.01...10 s.
    public init(duration: Double, dampingRatio: Double) {
        let zeta = dampingRatio.isFinite ? min(max(dampingRatio, 0.05), 1) : 1
        let seconds = duration.isFinite ? min(max(duration, 0.01), 10) : 0.3
        let omega = FittedSpring.angularFrequency(dampingRatio: zeta, duration: seconds)
        self.init(dampingRatio: zeta, response: 2 * Double.pi / omega)
        self.duration = seconds
    }

    /// SwiftUI/UIKit `spring(duration:bounce:)`: response = duration, ζ = 1 − bounce
    /// (bounce 0 = critically damped, 0.3 = a visible overshoot; negative values overdamp).
    /// A free spring: SwiftUI's duration is perceptual, not a deadline.
    public init(duration: Double, bounce: Double) {
        self.init(dampingRatio: max(0, 1 - bounce), response: duration)
    }

    /// UIKit Dynamics attachment style (MSDynamics `next` snap: frequency 3.0 Hz, damping 1.0 or
    /// 0.55 when thrown fast): response = 1 / frequency.
    public init(frequency hz: Double, dampingRatio: Double) {
        self.init(dampingRatio: dampingRatio, response: 1 / hz)
    }

    public var stiffness: Double { let w = 2 * Double.pi / response; return w * w }
    public var damping: Double { 4 * Double.pi * dampingRatio / response }

    /// The same spring without overshoot (ζ raised to 1), for a reduced-motion setting (none
    /// exists yet: docs/components.md, M6): a fitted spring keeps its duration, a free one its
    /// response.
    public var withoutOvershoot: Spring {
        if let duration { return Spring(duration: duration, dampingRatio: 1) }
        return Spring(dampingRatio: max(1, dampingRatio), response: response)
    }

    /// Critically damped, 0.4 s: a calm default with no overshoot.
    public static let standard = Spring(dampingRatio: 1, response: 0.4)
}

/// How UIKit's duration-based spring is fitted into its duration: the undamped angular
/// frequency ω for which the motion from rest toward a target a distance 1 away stays within
/// `tolerance` of it from `duration` on. The overshoot depends on ζ alone, so it is UIKit's
/// whatever the duration.
public enum FittedSpring {
    /// The fraction of the distance left at the duration: 0.1 %, below a pixel for any travel
    /// on a kiosk screen (a 1000 pt move is 1 pt off when the motion snaps onto its target).
    public static let tolerance = 0.001

    /// ω in rad/s for ζ in 0.05...1 and a duration in seconds.
    ///
    /// Underdamped, the envelope of the motion from rest is ζ/√(1−ζ²)·e^(−ζωt), so
    /// ω = ln(ζ / (ε √(1−ζ²))) / (ζ T). Critically damped it is (1 + ωt)·e^(−ωt): ωT is the
    /// root x of (1 + x)e^(−x) = ε (Newton's method, 9.23 for ε = 0.001). From ζ = 0.999 on the
    /// critical form is used, since √(1−ζ²) in the underdamped one goes to 0 there. Durations
    /// so short that ω would pass the free spring's clamp (response ≥ 20 ms, for the 4 ms
    /// step's stability) leave a remainder that the motion's deadline snaps away.
    public static func angularFrequency(dampingRatio zeta: Double, duration: Double) -> Double {
        let epsilon = tolerance
        if zeta < 0.999 {
            let root = (1 - zeta * zeta).squareRoot()
            let x = log(zeta / (epsilon * root))
            // ζ = 0.05 gives x = 3.9; the floor only guards the formula, never binds in range.
            return max(x, 1) / (zeta * duration)
        }
        return criticalDecay / duration
    }

    /// The root x of (1 + x)·e^(−x) = tolerance.
    static let criticalDecay: Double = {
        var x = 9.0
        for _ in 0..<20 {
            let f = (1 + x) * exp(-x) - tolerance
            let df = -x * exp(-x)
            x -= f / df
        }
        return x
    }()
}
