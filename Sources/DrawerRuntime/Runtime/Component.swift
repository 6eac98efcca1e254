import PanelRenderer

/// A programmatic call on a component could not be done (unknown action, bad argument).
public struct ActionError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One of the five interactive components on screen. A class: it has an identity (the id
/// scripts, the control socket and the event log address) and owns its motion state. The
/// rules that decide where it goes (snap rules, release decisions, layout) are pure
/// functions beside each component, so tests can drive them without a scene.
public protocol Component: AnyObject {
    var id: String { get }
    /// The state file's `kind` (docs/formats.md, State file).
    var kind: ComponentKind { get }

    /// The screen changed size or scale: recompute stops, keep the logical state.
    func layout(in env: Environment)
    /// Does a touch that starts at `p` (points) belong to this component? The top-most
    /// component that says yes owns the whole gesture.
    func claims(_ p: Point) -> Bool
    /// Touch events of the gesture this component owns, in time order.
    func handle(_ touch: TouchEvent)
    /// `do <target> <action> [args]` from a touch script or a JSON message: the string form
    /// of the component's typed `Action`, parsed by its `action(named:_:)` and applied.
    func perform(_ action: String, _ arguments: [String], at time: Instant) throws(ActionError)
    /// Escape or Back: undoes the component's top-most open thing with the action a person
    /// would expect (close, pop, lower) and returns true; false when nothing is open.
    func handleBack(at time: Instant) -> Bool
    /// Moves animations to `time`.
    func advance(to time: Instant)
    /// The device's program changed what the component's content shows (its size, rows
    /// inserted above what shows): each scroll offset is re-anchored (`ContentView`
    /// `anchoredScrollOffset`), and a scroll fling glides on from the same place on screen.
    /// Position, anchor and page stay as they are.
    func contentChanged(at time: Instant)
    /// True while anything moves; the frame loop sleeps when every component says false.
    var needsFrames: Bool { get }
    /// What its motion is doing now (motion traces).
    var motionPhase: MotionPhase { get }
    /// Its state-file entry, an object that starts with "kind" (docs/formats.md, State file).
    func state() -> JSONValue
    /// A number that changes whenever `state()` would give a different entry, worked out
    /// without building it: damage tracking and the screen's blurred pictures compare it
    /// every frame, where building every entry's JSON allocated. It may also change when the
    /// entry changed and came back (a repaint for nothing, never a change missed). Nil (the
    /// default) when the component has none: its `state()` is compared then.
    var stateRevision: Int? { get }
    /// Draws the component in points (the canvas already scales points to pixels).
    func draw(_ canvas: Canvas, _ env: Environment)
    /// Returns to the home state (idle reset), animated.
    func reset(at time: Instant)
    /// After a reload, takes over the logical state of the component with the same id and
    /// kind from the previous screen (position, anchor, open page), without animation.
    func carryState(from previous: Component)
    /// The area (points) this component paints now, shadows included; nil when it may paint
    /// anywhere (dimming, a full-screen pane). Damage tracking repaints the union of this
    /// area before and after a change.
    var paintBounds: Rect? { get }
    /// How much of the screen's bottom edge this component keeps covered at rest, so the
    /// background content lays out above it (a collapsed sheet's header).
    var backgroundBottomInset: Double { get }
    /// The screen's background content, under every component, scrolled by `dy` points
    /// (positive: toward its end) at `time`.
    func contentBelowScrolled(by dy: Double, at time: Instant)
    /// Changes whenever the component's pixels change without its `state()` changing (a
    /// row shown pressed), so damage tracking repaints it.
    var drawRevision: Int { get }
    /// An opaque part of its painting that only moves (a dragged drawer's card body), so a
    /// frame may move its drawn rows instead of repainting them; nil (the default) when none.
    var movingLayer: MovingLayer? { get }
    /// A block (points) it paints opaque now, whatever lies under it: nothing drawn beneath
    /// it shows, so a frame need not draw it (`Screen.firstHiddenRow`). By default the moving
    /// layer's block; nil when none.
    var opaqueBlock: Rect? { get }
    /// The translucent colour laid over the whole screen beneath the component before it
    /// draws itself (a drawer's or a sheet's dimming), with its opacity now; nil when none
    /// (the default). The screen lays it, not `draw`, so a frame can lay it while copying a
    /// kept picture of what lies beneath (`FrameRenderer`'s backdrop) instead of drawing
    /// that picture and then the dimming over it.
    var dimming: Color? { get }
    /// How much (a Gaussian's standard deviation, points) the component wants what lies
    /// beneath it blurred, for a frosted card; nil (the default) when it shows no blur. The
    /// screen then hands it the blurred picture (`useBlurredBackdrop`) before each `draw`.
    var backdropBlur: Double? { get }
    /// The picture of the layers beneath the component (background and the components under
    /// it), blurred by `backdropBlur`, in frame pixels: the screen keeps it while those layers
    /// stay the same, so a moving card does not blur anew each frame. Nil: none this frame.
    func useBlurredBackdrop(_ picture: Pixmap?)
}

/// A component whose actions are a typed `Action` enum: `apply` does one, and the string
/// form a touch script or a JSON message uses (`do <id> <name> <arguments>`) is parsed into
/// one by `action(named:_:)` at the edge, so `perform` is the same for every component.
public protocol TypedActions: Component {
    associatedtype Action
    /// Does `action` at `time`, or throws a message saying why it cannot.
    func apply(_ action: Action, at time: Instant) throws(ActionError)
    /// The action a `do` line names, or a message naming what it takes.
    func action(named name: String, _ arguments: [String]) throws(ActionError) -> Action
}

extension TypedActions {
    /// Parses the `do` line's action and applies it.
    public func perform(_ name: String, _ arguments: [String], at time: Instant) throws(ActionError) {
        try apply(action(named: name, arguments), at: time)
    }
}

extension Component {
    /// Unless a component knows better, a change repaints the whole screen.
    public var paintBounds: Rect? { nil }
    public var backgroundBottomInset: Double { 0 }
    /// Most components do not care what scrolls beneath them.
    public func contentBelowScrolled(by dy: Double, at time: Instant) {}
    public var drawRevision: Int { 0 }
    public var stateRevision: Int? { nil }
    public var movingLayer: MovingLayer? { nil }
    public var opaqueBlock: Rect? { movingLayer?.opaque }
    public var dimming: Color? { nil }
    public var backdropBlur: Double? { nil }
    public func useBlurredBackdrop(_ picture: Pixmap?) {}
}
