import PanelRenderer

public enum SwipeDismissStatus: String, Sendable { case none, initiated, completed, cancelled }

/// The swipe-down-to-dismiss article's presented card: the finger drags it down (half as far
/// when sticky), it fades by its offset, and on release it either slides out (`initiated`,
/// then `completed` when the slide finished) or returns (`cancelled`). Beyond the article:
/// a list inside scrolls instead of blocking the gesture, and hands the drag over to the
/// dismissal when it reaches its top edge (and back) within one gesture.
public final class SwipeDismiss: Component, GestureComponent {
    public let id: String
    public let kind = ComponentKind.swipeDismiss
    public let config: SwipeDismissConfig
    public let title: String?
    public let content: ContentView?
    let events: EventSink
    let titleText: TextRenderer?

    /// `transition` is the only place that assigns `phase` (it sets it to what `next` returns).
    enum Phase {
        case hidden
        case presenting(SpringMotion)
        case resting
        /// Finger down, not yet past the slop. `translation0`: the translation that shows the
        /// card where the finger caught it (0 at rest).
        case pressed(start: Point, translation0: Double)
        /// The list scrolls; `lastY` is the finger's previous y.
        case scrolling(lastY: Double)
        /// The list glides on after a scroll (the card stays put).
        case scrollFling(ContentFling)
        /// The dismiss drag: `translation` is the finger's raw travel the card has taken (the
        /// offset follows from it; negative past the card's place when the list cannot scroll).
        case dragging(lastY: Double, translation: Double)
        /// `velocity`: the finger's at release when the slide carries it on (pt/s), else nil.
        case dismissing(from: Double, start: Instant, velocity: Double?)
        case returning(from: Double, start: Instant)
    }

    enum Input: TouchInput {
        /// A step of the gesture (velocities pt/s, positive downward).
        case touch(TouchTracker.Step)
        case present
        case dismiss
        /// Shown or hidden at once (`animated: false`), with the events of a dismissal.
        case jump(presented: Bool)
        /// Idle reset: back to the configured home state, cancelling any gesture.
        case home
        /// After a reload: presented at rest, or hidden, at once and without events.
        case restPresented(Bool)
        /// The content changed and the scroll offset moved by this many points with it.
        case contentMoved(by: Double)
        /// `set_gesture`: the swipe-down gesture added (true) or removed (false).
        case setGesture(Bool)
        case tick
    }

    /// Assigned only by `transition`.
    var phase: Phase
    /// The card's offset below its presented place, points (docs/formats.md, State file:
    /// `offset_pt`).
    public private(set) var offset: Double
    public private(set) var lastStatus = SwipeDismissStatus.none
    public private(set) var scrollOffset = 0.0
    /// The swipe-down gesture is on (the article's `addSwipeDownToDismiss` /
    /// `removeSwipeDownToDismiss`); off, the finger scrolls the list and presses the content
    /// and the close button, but never moves the card.
    public private(set) var gestureEnabled: Bool
    private(set) var rules: SwipeDismissRules
    private var env: Environment
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
        rules = SwipeDismissRules(config: config, height: max(0, env.size.height - config.topInset))
        gestureEnabled = config.gestureEnabled
        phase = config.initiallyPresented ? .resting : .hidden
        offset = config.initiallyPresented ? 0 : rules.height
        layout(in: env)
    }

    public var isPresented: Bool { if case .hidden = phase { return false }; return true }
    public var alpha: Double { isPresented ? rules.alpha(offset: offset) : (config.fades ? 0 : 1) }
    public var cardFrame: Rect { Rect(0, config.topInset + offset, env.size.width, rules.height) }
    var contentTop: Double { (config.showsGrabber ? 14 : 0) + config.headerHeight }
    var viewportHeight: Double { max(0, rules.height - contentTop) }
    private var maxScroll: Double { content?.maxScrollOffset(viewportHeight: viewportHeight) ?? 0 }

    public func layout(in env: Environment) {
        self.env = env
        rules = SwipeDismissRules(config: config, height: max(0, env.size.height - config.topInset))
        if case .hidden = phase { offset = rules.height }
        _ = content?.layout(width: env.size.width, env: env)
        scrollOffset = min(max(scrollOffset, 0), maxScroll)
    }

    /// After a reload: presented or not as before (a slide under way ends where it was going),
    /// the list where it was.
    public func carryState(from previous: Component) {
        guard let old = previous as? SwipeDismiss else { return }
        switch old.phase {
        case .hidden, .dismissing: transition(.restPresented(false), at: .zero)
        case .presenting, .resting, .pressed, .scrolling, .scrollFling, .dragging, .returning:
            transition(.restPresented(true), at: .zero)
        }
        lastStatus = old.lastStatus
        gestureEnabled = old.gestureEnabled
        scrollOffset = min(max(old.scrollOffset, 0), maxScroll)
    }

    public func contentChanged(at time: Instant) {
        guard let content else { return }
        let before = scrollOffset
        scrollOffset = content.anchoredScrollOffset(before, viewportHeight: viewportHeight)
        if scrollOffset != before { transition(.contentMoved(by: scrollOffset - before), at: time) }
    }

    public var motionPhase: MotionPhase {
        switch phase {
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
        return switch phase {
        case .presenting, .dismissing, .returning, .scrollFling: true
        case .hidden, .resting, .pressed, .scrolling, .dragging: false
        }
    }

    public func claims(_ p: Point) -> Bool { isPresented && cardFrame.contains(p) }

    // MARK: Touch

    public func handle(_ t: TouchEvent) { handleTouch(t) }

    var holdsContentPress: Bool {
        switch phase {
        case .pressed: true
        case .hidden, .presenting, .resting, .scrolling, .scrollFling, .dragging, .dismissing, .returning: false
        }
    }

    /// The phase after `input` in `phase`, with its effects (offset, scroll, status events).
    func next(_ phase: Phase, _ input: Input, at time: Instant) -> Phase {
        switch (phase, input) {
        // Touches: a finger catches a presenting or returning card where it is; a card that
        // is already leaving (status `initiated`) finishes, so `completed` always follows.
        case (.presenting(var m), .touch(.press(let p))):
            guard gestureEnabled else { return phase }     // nothing to catch it with
            m.advance(to: time)
            offset = max(0, m.value)
            return .pressed(start: p, translation0: rules.translation(offset: offset))
        case (.returning(let from, let start), .touch(.press(let p))):
            guard gestureEnabled else { return phase }
            offset = rules.returnOffset(from: from, elapsed: (time - start).seconds) ?? 0
            return .pressed(start: p, translation0: rules.translation(offset: offset))
        case (.resting, .touch(.press(let p))), (.scrollFling, .touch(.press(let p))):
            return .pressed(start: p, translation0: 0)
        case (.hidden, .touch(.press)), (.pressed, .touch(.press)), (.scrolling, .touch(.press)), (.dragging, .touch(.press)), (.dismissing, .touch(.press)):
            return phase
        case (.pressed(let start, let t0), .touch(.move(let p))):
            guard startsVerticalDrag(from: start, to: p) else { return phase }
            return shareStep(from: start.y, translation: t0, to: p.y, else: phase)
        case (.dragging(let lastY, let t), .touch(.move(let p))):
            return shareStep(from: lastY, translation: t, to: p.y, else: phase)
        case (.scrolling(let lastY), .touch(.move(let p))):
            return shareStep(from: lastY, translation: 0, to: p.y, else: phase)
        case (.hidden, .touch(.move)), (.presenting, .touch(.move)), (.resting, .touch(.move)), (.scrollFling, .touch(.move)), (.dismissing, .touch(.move)),
             (.returning, .touch(.move)):
            return phase
        case (.dragging(let lastY, let t), .touch(.release(let p, let velocity, let cancelled))):
            let v = velocity.y
            // The RAW translation decides, even when sticky (the article's rule), up to where
            // the finger lifted.
            if !cancelled, rules.shouldDismiss(translation: t + p.y - lastY, velocity: v) {
                // The card's own speed: a sticky card moves at half the finger's.
                return startDismiss(at: time, velocity: config.usesReleaseVelocity ? (config.isSticky ? v / 2 : v) : nil)
            }
            emit(.cancelled, at: time)   // fires at release, before the return animates
            return offset > 0 ? .returning(from: offset, start: time) : .resting
        case (.pressed(let start, _), .touch(.release(let p, _, let cancelled))):
            let after: Phase = offset > 0 ? .returning(from: offset, start: time) : .resting
            guard isTap(from: start, to: p, cancelled: cancelled) else { return after }
            if config.showsCloseButton, closeButtonFrame.insetBy(dx: -7, dy: -7).contains(p) {
                return next(after, .dismiss, at: time)
            }
            emitAction(contentHit(at: p), at: time)
            return after
        case (.scrolling, .touch(.release(_, let velocity, let cancelled))):
            // A card held off its place while the gesture was switched off goes back.
            if offset > 0 { return .returning(from: offset, start: time) }
            let v = velocity.y
            if !cancelled, let fling = ContentFling(offset: scrollOffset, fingerVelocity: v, maxOffset: maxScroll, at: time) {
                return .scrollFling(fling)
            }
            return .resting
        case (.hidden, .touch(.release)), (.presenting, .touch(.release)), (.resting, .touch(.release)), (.scrollFling, .touch(.release)),
             (.dismissing, .touch(.release)), (.returning, .touch(.release)):
            return phase
        case (.hidden, .present):
            offset = rules.height
            scrollOffset = 0
            return .presenting(SpringMotion(points: offset, to: 0,
                                            spring: Spring(duration: config.presentDuration, dampingRatio: 1), at: time))
        case (.presenting, .present), (.resting, .present), (.pressed, .present), (.scrolling, .present),
             (.scrollFling, .present), (.dragging, .present), (.dismissing, .present), (.returning, .present):
            return phase
        case (.hidden, .dismiss), (.dismissing, .dismiss):
            return phase
        case (.presenting, .dismiss), (.resting, .dismiss), (.pressed, .dismiss), (.scrolling, .dismiss),
             (.scrollFling, .dismiss), (.dragging, .dismiss), (.returning, .dismiss):
            return startDismiss(at: time)      // from code or the close button, even mid-gesture
        case (.hidden, .jump(true)):
            offset = 0
            scrollOffset = 0
            return .resting
        case (.presenting, .jump(true)), (.returning, .jump(true)):
            offset = 0
            return .resting
        case (.resting, .jump(true)), (.pressed, .jump(true)), (.scrolling, .jump(true)), (.scrollFling, .jump(true)),
             (.dragging, .jump(true)), (.dismissing, .jump(true)):
            return phase                       // as `.present`: a leaving card finishes leaving
        case (.hidden, .jump(false)):
            return phase
        case (.dismissing, .jump(false)):
            offset = rules.height
            emit(.completed, at: time)
            return .hidden
        case (.presenting, .jump(false)), (.resting, .jump(false)), (.pressed, .jump(false)), (.scrolling, .jump(false)),
             (.scrollFling, .jump(false)), (.dragging, .jump(false)), (.returning, .jump(false)):
            emit(.initiated, at: time)
            offset = rules.height
            emit(.completed, at: time)
            return .hidden
        case (.dismissing, .home):
            return phase                       // finishes on its own; `completed` follows
        case (.hidden, .home):
            return config.initiallyPresented ? next(phase, .present, at: time) : phase
        case (.presenting, .home), (.resting, .home), (.pressed, .home), (.scrolling, .home), (.scrollFling, .home),
             (.dragging, .home), (.returning, .home):
            scrollOffset = 0
            if !config.initiallyPresented { return startDismiss(at: time) }
            return offset > 0 ? .returning(from: offset, start: time) : .resting
        case (_, .restPresented(let presented)):
            offset = presented ? 0 : rules.height
            return presented ? .resting : .hidden
        case (.presenting(var m), .tick):
            m.advance(to: time)
            offset = m.value
            guard m.isAtRest else { return .presenting(m) }
            offset = 0
            return .resting
        case (.dismissing(let from, let start, let velocity), .tick):
            if let y = rules.dismissOffset(from: from, velocity: velocity, elapsed: (time - start).seconds) {
                offset = y
                return phase
            }
            offset = rules.height
            emit(.completed, at: time)   // only once the slide really finished
            return .hidden
        case (.scrollFling(var fling), .tick):
            let (y, finished) = fling.advance(to: time)
            scrollOffset = y
            return finished ? .resting : .scrollFling(fling)
        case (.returning(let from, let start), .tick):
            if let y = rules.returnOffset(from: from, elapsed: (time - start).seconds) {
                offset = y
                return phase
            }
            offset = 0
            return .resting
        case (.hidden, .tick), (.resting, .tick), (.pressed, .tick), (.scrolling, .tick), (.dragging, .tick):
            return phase
        case (.scrollFling(var fling), .contentMoved(let delta)):
            fling.contentMoved(by: delta, maxOffset: maxScroll)
            return .scrollFling(fling)
        case (.hidden, .contentMoved), (.presenting, .contentMoved), (.resting, .contentMoved), (.pressed, .contentMoved),
             (.scrolling, .contentMoved), (.dragging, .contentMoved), (.dismissing, .contentMoved),
             (.returning, .contentMoved):
            return phase                       // the offset itself is already moved
        case (.dragging, .setGesture(false)):
            // Removing the recognizer mid-drag cancels the gesture: `cancelled`, and the card
            // goes back (UIKit would leave the view where the finger left it).
            gestureEnabled = false
            emit(.cancelled, at: time)
            return offset > 0 ? .returning(from: offset, start: time) : .resting
        case (.hidden, .setGesture(let on)), (.presenting, .setGesture(let on)), (.resting, .setGesture(let on)),
             (.pressed, .setGesture(let on)), (.scrolling, .setGesture(let on)), (.scrollFling, .setGesture(let on)),
             (.dismissing, .setGesture(let on)), (.returning, .setGesture(let on)), (.dragging, .setGesture(let on)):
            // A slide under way finishes; a press or a list scroll goes on (they are not the
            // swipe's); the next drag follows the new setting.
            gestureEnabled = on
            return phase
        }
    }

    /// One finger step (from `lastY` to `y`, points, down positive) shared between the card
    /// (its raw translation `translation`) and its list through the runtime's one nested-scroll
    /// protocol, in one gesture both ways: finger down scrolls the list back to its top first,
    /// then drags the card; finger up brings the card back to its place first, then scrolls the
    /// list. The list never bounces; past its end the travel is lost. The card's share past its
    /// place (a list with nothing to scroll) stays in the translation, so a finger that turns
    /// back pays it back before the card moves, as the article's finger translation does.
    /// The phase after it is the one of whoever took the step, `unchanged` when it moved not.
    private func shareStep(from lastY: Double, translation: Double, to y: Double, else unchanged: Phase) -> Phase {
        let dy = y - lastY
        guard dy != 0 else { return unchanged }
        guard gestureEnabled else {
            // No swipe: the list takes what it can and the card stays (the article's view with
            // its recognizer removed).
            scrollOffset = min(max(scrollOffset - dy, 0), max(maxScroll, scrollOffset))
            return .scrolling(lastY: y)
        }
        var nested = NestedScrollCoordinator(policy: .resizeFirst, containerPosition: translation,
                                             containerRange: 0 ... .infinity,
                                             contentOffset: scrollOffset, contentRange: 0...max(maxScroll, scrollOffset),
                                             showsOverflow: [.container])
        _ = nested.drag(by: dy)
        scrollOffset = nested.contentOffset
        let t = nested.containerPosition + (nested.overflowOwner == .container ? nested.overflow : 0)
        offset = rules.offset(translation: t)
        return nested.releaseRecipient == .container ? .dragging(lastY: y, translation: t) : .scrolling(lastY: y)
    }

    private func startDismiss(at time: Instant, velocity: Double? = nil) -> Phase {
        emit(.initiated, at: time)
        return .dismissing(from: offset, start: time, velocity: velocity)
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

    private func emit(_ status: SwipeDismissStatus, at time: Instant) {
        lastStatus = status
        events.emit(.dismissStatus(component: id, status: status), at: time)
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
