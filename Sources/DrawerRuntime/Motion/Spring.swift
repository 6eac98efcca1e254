/// A damped spring's character, mass 1, as UIKit/SwiftUI describe it: a damping ratio ζ and a
/// response (the period of the undamped oscillation, in seconds).
///
/// Mapping (documented because the references disagree): `duration` as passed to UIKit's
/// `spring(duration:dampingRatio:)` is taken as the response, so
///   stiffness k = (2π / response)²  (1/s²)
///   damping   c = 4π ζ / response    (1/s)   (= 2 ζ √k)
/// ζ = 1 is critically damped (no overshoot), ζ < 1 overshoots, ζ > 1 creeps.
/// Pulley's 0.3 s / 0.75, sheets' 0.5 s / 0.85, LNPopup's 0.5 s / 0.87 map directly.
public struct Spring: Equatable, Hashable, Sendable {
    public var dampingRatio: Double
    /// Seconds.
    public var response: Double

    /// Out-of-range values from a config file are clamped, never trapped: ζ to 0.05...10 (an
    /// undamped spring would never rest, so the frame loop could never idle), and the
    /// response to at least 20 ms and ζ/40 s, which keeps ω·dt and c·dt small enough for the
    /// 4 ms RK4 step to stay stable (c·dt ≤ 1.26).
    public init(dampingRatio: Double, response: Double) {
        let zeta = dampingRatio.isFinite ? min(max(dampingRatio, 0.05), 10) : 1
        self.dampingRatio = zeta
        self.response = max(response.isFinite ? response : 0.4, 0.02, zeta / 40)
    }

    /// UIKit-style: `duration` in seconds is used as the response (see the type's doc).
    public init(duration: Double, dampingRatio: Double) {
        self.init(dampingRatio: dampingRatio, response: duration)
    }

    /// SwiftUI/UIKit `spring(duration:bounce:)`: response = duration, ζ = 1 − bounce
    /// (bounce 0 = critically damped, 0.3 = a visible overshoot; negative values overdamp).
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
    /// exists yet: docs/components.md, M6): same response, no bounce.
    public var withoutOvershoot: Spring { Spring(dampingRatio: max(1, dampingRatio), response: response) }

    /// Critically damped, 0.4 s: a calm default with no overshoot.
    public static let standard = Spring(dampingRatio: 1, response: 0.4)
}
