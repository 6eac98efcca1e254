/// What a component's motion is doing, in the words a motion trace and its plot use. Each
/// component maps its own phases onto these (exhaustively), so traces of all five read alike.
public enum MotionPhase: String, CaseIterable, Sendable {
    /// Nothing moves and no finger holds it.
    case rest
    /// A finger is down but has not moved past the slop (or moves something else): nothing
    /// follows it yet.
    case pressed
    /// The component follows the finger.
    case dragging
    /// Content inside the component follows the finger (a list scrolls).
    case scrolling
    /// The finger is up and the component moves on its own to a resting place (a spring, a
    /// timed slide, the pane's physics).
    case settling
    /// The finger is up and content inside glides on (a list's fling).
    case gliding
}
