import PanelRenderer

public enum SwipeDismissStatus: String, Sendable { case none, initiated, completed, cancelled }

/// The swipe-down-to-dismiss article's presented card: the finger drags it down (half as far
/// when sticky), it fades by its offset, and on release it either slides out (`initiated`,
/// then `completed` when the slide finished) or returns (`cancelled`). Beyond the article:
/// a list inside scrolls instead of blocking the gesture, and hands the drag over to the
/// dismissal when it reaches its top edge (and back) within one gesture.
public final class SwipeDismiss: Component, MachineComponent {
    public let id: String
    public let kind = ComponentKind.swipeDismiss
    public let config: SwipeDismissConfig
    public let title: String?
    public let content: ContentView?
    let events: EventSink
    let titleText: TextRenderer?

    /// The card's logical state (phase, offset, list offset, status, gesture setting):
    /// changed only by `transition`, which applies the effects it returns.
    var machine: SwipeDismissMachine
    /// The card's offset below its presented place, points (docs/formats.md, State file:
    /// `offset_pt`).
    public var offset: Double { machine.offset }
    public var lastStatus: SwipeDismissStatus { machine.lastStatus }
    public var scrollOffset: Double { machine.scrollOffset }
    /// The swipe-down gesture is on (the article's `addSwipeDownToDismiss` /
    /// `removeSwipeDownToDismiss`); off, the finger scrolls the list and presses the content
    /// and the close button, but never moves the card.
    public var gestureEnabled: Bool { machine.gestureEnabled }
    private(set) var rules: SwipeDismissRules
    private var env: Environment
    /// Points a finger may travel and still tap: the card's one slop, also for the scroll
    /// views inside its content (docs/components.md, M4).
    public var touchSlop = 8.0
    /// First finger, pressed rows, scroll views inside the content: what every component
    /// does with a touch.
    var shell = GestureShell()
    public var drawRevision: Int { shell.revision }
    /// Numbers the snapshots of `state()`'s fields (`stateRevision`).
    var stateRevisions = StateRevision<StateSnapshot>()

    public init(id: String, config: SwipeDismissConfig, title: String?, content: ContentView?, text: TextRenderer?,
                env: Environment, events: EventSink) {
        self.id = id
        self.config = config
        self.title = title
        self.content = content
        self.titleText = text
        self.events = events
        self.env = env
        let rules = SwipeDismissRules(config: config, height: max(0, env.size.height - config.topInset))
        self.rules = rules
        machine = SwipeDismissMachine(presented: config.initiallyPresented, gestureEnabled: config.gestureEnabled, rules: rules)
        layout(in: env)
    }

    public var isPresented: Bool { machine.isPresented }
    public var alpha: Double { isPresented ? rules.alpha(offset: offset) : (config.fades ? 0 : 1) }
    public var cardFrame: Rect { Rect(0, config.topInset + offset, env.size.width, rules.height) }
    var contentTop: Double { (config.showsGrabber ? 14 : 0) + config.headerHeight }
    var viewportHeight: Double { max(0, rules.height - contentTop) }
    private var maxScroll: Double { content?.maxScrollOffset(viewportHeight: viewportHeight) ?? 0 }

    public func layout(in env: Environment) {
        self.env = env
        rules = SwipeDismissRules(config: config, height: max(0, env.size.height - config.topInset))
        _ = content?.layout(width: env.size.width, env: env)
        transition(.relayout, at: .zero)
    }

    /// After a reload: presented or not as before (a slide under way ends where it was going),
    /// the list where it was.
    public func carryState(from previous: Component) {
        guard let old = previous as? SwipeDismiss else { return }
        let presented: Bool
        switch old.machine.phase {
        case .hidden, .dismissing: presented = false
        case .presenting, .resting, .pressed, .scrolling, .scrollFling, .dragging, .returning: presented = true
        }
        transition(.restore(presented: presented, lastStatus: old.lastStatus, gestureEnabled: old.gestureEnabled,
                            scrollOffset: old.scrollOffset), at: .zero)
    }

    public func contentChanged(at time: Instant) {
        guard let content else { return }
        transition(.contentAnchored(to: content.anchoredScrollOffset(scrollOffset, viewportHeight: viewportHeight)), at: time)
    }

    public var motionPhase: MotionPhase {
        switch machine.phase {
        case .hidden: .rest
        case .resting: shell.restingPhase
        case .pressed: .pressed
        case .scrolling: .scrolling
        case .scrollFling: .gliding
        case .dragging: .dragging
        case .presenting, .dismissing, .returning: .settling
        }
    }

    public var needsFrames: Bool {
        if shell.isFlinging { return true }
        return switch machine.phase {
        case .presenting, .dismissing, .returning, .scrollFling: true
        case .hidden, .resting, .pressed, .scrolling, .dragging: false
        }
    }

    public func claims(_ p: Point) -> Bool { isPresented && cardFrame.contains(p) }

    // MARK: Touch

    public func handle(_ t: TouchEvent) { handleTouch(t) }

    var holdsContentPress: Bool {
        switch machine.phase {
        case .pressed: true
        case .hidden, .presenting, .resting, .scrolling, .scrollFling, .dragging, .dismissing, .returning: false
        }
    }

    /// What the machine reads for `input`: the rules, the slop, the list's scroll range and,
    /// for a release, what lies under the finger (the card as it is before the input).
    func context(for input: SwipeDismissMachine.Input) -> SwipeDismissMachine.Context {
        var context = SwipeDismissMachine.Context(id: id, rules: rules, slop: slop, maxScrollOffset: maxScroll)
        if case .touch(.release(let p, _, _)) = input {
            context.closeButtonUnderTouch = config.showsCloseButton && closeButtonFrame.insetBy(dx: -7, dy: -7).contains(p)
            context.actionUnderTouch = contentHit(at: p).flatMap { $0.content.action(at: $0.local) }
        }
        return context
    }

    func apply(_ effect: SwipeDismissMachine.Effect, at time: Instant) {
        switch effect {
        case .emit(let event): events.emit(event, at: time)
        }
    }

    /// The content under `p` (screen points) and `p` in its coordinates.
    func contentHit(at p: Point) -> ContentHit? {
        let card = cardFrame
        guard let content, p.y >= card.y + contentTop else { return nil }
        return (content, Point(p.x - card.x, p.y - card.y - contentTop + scrollOffset))
    }

    /// 30 × 30, 10 pt below the grabber band and from the trailing edge.
    var closeButtonFrame: Rect {
        let card = cardFrame
        let top = card.y + (config.showsGrabber ? 14 : 0) + (config.headerHeight - 30) / 2
        return Rect(env.isRTL ? card.minX + 10 : card.maxX - 40, top, 30, 30)
    }

    // MARK: Component

    public func advance(to time: Instant) {
        shell.advance(to: time)
        transition(.tick, at: time)
    }

    public func reset(at time: Instant) {
        shell.reset()
        transition(.home, at: time)
    }

    public func state() -> JSONValue {
        .object([
            ("kind", .string(kind.rawValue)),
            ("presented", .bool(isPresented)),
            ("last_status", .string(lastStatus.rawValue)),
            ("offset_pt", .number(offset)),
            ("alpha", .number(alpha)),
            ("animating", .bool(needsFrames)),
            ("scroll_offset_pt", .number(scrollOffset)),
            ("gesture", .bool(gestureEnabled)),
        ])
    }

    /// The fields of `state()` as values, field for field (keep the two in step): compared
    /// every frame instead of the JSON.
    struct StateSnapshot: Equatable {
        var presented: Bool, lastStatus: SwipeDismissStatus, offset: Double, alpha: Double, animating: Bool
        var scrollOffset: Double, gesture: Bool
    }

    public var stateRevision: Int? {
        stateRevisions.revision(of: StateSnapshot(
            presented: isPresented, lastStatus: lastStatus, offset: offset, alpha: alpha, animating: needsFrames,
            scrollOffset: scrollOffset, gesture: gestureEnabled))
    }
}
