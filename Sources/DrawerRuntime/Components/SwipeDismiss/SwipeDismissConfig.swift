import PanelRenderer

/// Every option of swipe-to-dismiss, defaulting to the article's extension (docs/components.md,
/// Swipe to dismiss).
public struct SwipeDismissConfig: Equatable, Sendable {
    /// The view follows half the finger's travel.
    public var isSticky = false
    /// alpha = (H − y) / H while dragged and animated.
    public var fades = true
    /// Seconds: the slide out and the return after a cancel, both on UIKit's ease-in-out
    /// curve (`TimingCurve.easeInOut`).
    public var animationDuration = 0.2
    /// The slide out after a release starts at the finger's speed instead of from rest on
    /// the ease-in-out curve (the reference's slide drops the finger's speed at lift-off); it still ends after
    /// `animationDuration`.
    public var usesReleaseVelocity = false
    /// pt/s downward; a release faster than this dismisses whatever the distance.
    public var minimumVelocity = 1300.0
    /// Fraction of the view's height the finger must travel; clamped to [0, 0.9] like the article.
    public var offsetFraction = 0.30
    /// Starts on screen (the article's view is already presented); false waits for `present`.
    public var initiallyPresented = true
    /// Seconds: `present` slides the card up with a critically damped spring of this response.
    public var presentDuration = 0.4
    /// Points between the screen's top and the card (0 = full screen).
    public var topInset = 0.0
    public var cornerRadius = 0.0
    /// A grabber pill and a close button: a visible cue and a non-gesture way out
    /// (docs/components.md, Swipe to dismiss W11).
    public var showsGrabber = true
    public var showsCloseButton = true
    public var headerHeight = 44.0
    /// The swipe-down gesture is installed at start (the article's `addSwipeDownToDismiss`);
    /// `set_gesture off` removes it at run time and `set_gesture on` adds it again.
    public var gestureEnabled = true

    public init() {}
}
