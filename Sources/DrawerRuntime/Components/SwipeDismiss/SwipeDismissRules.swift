/// The article's drag, fade and release rules (docs/components.md, Swipe to dismiss W2 to W7)
/// as pure functions.
/// `height` is H, the presented view's own height in points; translations and offsets are
/// points, positive downward; velocities pt/s, positive downward.
public struct SwipeDismissRules: Equatable, Sendable {
    public var config: SwipeDismissConfig
    public var height: Double

    public init(config: SwipeDismissConfig, height: Double) { self.config = config; self.height = height }

    /// The view's offset for a raw finger translation: y = max(0, t), sticky y = max(0, t / 2).
    /// Upward drags clamp to 0 (no rubber band).
    public func offset(translation t: Double) -> Double { max(0, config.isSticky ? t / 2 : t) }

    /// The translation that shows the view at `offset` (a finger catching a returning view).
    public func translation(offset y: Double) -> Double { config.isSticky ? 2 * y : y }

    /// (H − y) / H with fading on, else 1.
    public func alpha(offset y: Double) -> Double {
        guard config.fades, height > 0 else { return 1 }
        return min(max((height - y) / height, 0), 1)
    }

    /// Distance the raw finger translation must exceed: H × fraction (clamped to [0, 0.9]).
    public var distanceThreshold: Double { height * min(max(config.offsetFraction, 0), 0.9) }

    /// The OR rule at release, on the RAW translation even when sticky: far enough, or fast
    /// enough downward. An upward release velocity never satisfies the speed test.
    public func shouldDismiss(translation t: Double, velocity v: Double) -> Bool {
        t > distanceThreshold || v > config.minimumVelocity
    }

    /// The dismiss slide from `from` to H over the duration, on UIView.animate's default
    /// ease-in-out curve (`TimingCurve.easeInOut`, the article's call passes no options).
    /// Nil once finished.
    ///
    /// `velocity` (pt/s, down positive): the finger's at release when the slide is to carry
    /// it on (`usesReleaseVelocity`); then the slide starts at that speed and eases to the end
    /// in the same time (a quadratic: position and speed continuous at lift-off). A finger
    /// more than twice the slide's average speed (distance / duration) is taken at twice, so the card never
    /// overshoots the bottom; a finger going up starts it from rest.
    public func dismissOffset(from: Double, velocity: Double? = nil, elapsed: Double) -> Double? {
        let d = config.animationDuration
        guard d > 0, elapsed < d else { return nil }
        let distance = height - from, u = max(0, elapsed) / d
        guard let velocity else { return from + distance * TimingCurve.easeInOut.progress(u) }
        let start = min(max(0, velocity) * d, 2 * max(0, distance))     // points per whole slide
        return from + start * u + (distance - start) * u * u
    }

    /// The return after a cancel: ease-in-out (UIView.animate's default curve,
    /// `TimingCurve.easeInOut`) from `from` to 0. Nil once finished.
    public func returnOffset(from: Double, elapsed: Double) -> Double? {
        let d = config.animationDuration
        guard d > 0, elapsed < d else { return nil }
        return from * (1 - TimingCurve.easeInOut.progress(max(0, elapsed) / d))
    }
}
