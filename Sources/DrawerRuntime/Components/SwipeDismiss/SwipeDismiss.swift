import PanelRenderer

public enum SwipeDismissStatus: String, Sendable { case none, initiated, completed, cancelled }

/// The swipe-down-to-dismiss article's presented card: the finger drags it down (half as far
/// when sticky), it fades by its offset, and on release it either slides out (`initiated`,
/// then `completed` when the slide finished) or returns (`cancelled`). Beyond the article:
/// a list inside scrolls instead of blocking the gesture, and hands the drag over to the
/// dismissal when it reaches its top edge (and back) within one gesture.
public final class SwipeDismiss: Component {
    public let id: String
    public let kind = "swipe_dismiss"
    public let config: SwipeDismissConfig
    public let title: String?
    public let content: ContentView?
    let events: EventSink
    let titleText: TextRenderer?

    /// `transition` is the only place that assigns `phase`.
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
        /// The dismiss drag: the raw translation is the finger's y minus `anchorY`.
        case dragging(anchorY: Double)
        /// `velocity`: the finger's at release when the slide carries it on (pt/s), else nil.
        case dismissing(from: Double, start: Instant, velocity: Double?)
        case returning(from: Double, start: Instant)
    }

    enum Input {
        case press(Point)
        case move(Point)
        /// `velocity`: pt/s, positive downward.
        case release(Point, velocity: Double, cancelled: Bool)
        case present
        case dismiss
        /// Idle reset: back to the configured home state, cancelling any gesture.
        case home
        /// The content changed and the scroll offset moved by this many points with it.
        case contentMoved(by: Double)
        case tick
    }

    private(set) var phase: Phase
    /// The card's offset below its presented place, points (docs/formats.md, State file:
    /// `offset_pt`).
    public private(set) var offset: Double
    public private(set) var lastStatus = SwipeDismissStatus.none
    public private(set) var scrollOffset = 0.0
    private(set) var rules: SwipeDismissRules
    private var env: Environment
    private var tracker = TouchTracker()
    public var touchSlop = 8.0
    /// The row or button under a finger that has not moved yet, shown pressed.
    private var highlight = PressHighlight()
    /// A drag on a scroll view inside the content scrolls it, not the card.
    private var inner = InnerScrollDrag()
    public var drawRevision: Int { highlight.revision &+ inner.revision }

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
        case .hidden, .dismissing:
            offset = rules.height
            phase = .hidden
        case .presenting, .resting, .pressed, .scrolling, .scrollFling, .dragging, .returning:
            offset = 0
            phase = .resting
        }
        lastStatus = old.lastStatus
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
        case .resting: inner.isFlinging ? .gliding : .rest
        case .pressed: .pressed
        case .scrolling: .scrolling
        case .scrollFling: .gliding
        case .dragging: .dragging
        case .presenting, .dismissing, .returning: .settling
        }
    }

    public var needsFrames: Bool {
        if inner.isFlinging { return true }
        return switch phase {
        case .presenting, .dismissing, .returning, .scrollFling: true
        default: false
        }
    }

    public func claims(_ p: Point) -> Bool { isPresented && cardFrame.contains(p) }

    // MARK: Touch

    public func handle(_ t: TouchEvent) {
        let step = tracker.track(t)
        if inner.intercept(step, at: t.time, hit: contentHit(at:), cancelPress: {
            highlight.clear()
            transition(.release(t.location, velocity: 0, cancelled: true), at: t.time)
        }) { return }
        switch step {
        case .press(let p)?:
            transition(.press(p), at: t.time)
            if case .pressed = phase { highlight.press(contentHit(at: p)) }
        case .move(let p)?:
            transition(.move(p), at: t.time)
            if case .pressed = phase {} else { highlight.clear() }
        case .release(let p, let v, let cancelled)?:
            highlight.clear()
            transition(.release(p, velocity: v.y, cancelled: cancelled), at: t.time)
        case nil: break
        }
    }

    func transition(_ input: Input, at time: Instant) {
        switch (phase, input) {
        // Touches: a finger catches a presenting or returning card where it is; a card that
        // is already leaving (status `initiated`) finishes, so `completed` always follows.
        case (.presenting(var m), .press(let p)):
            m.advance(to: time)
            offset = max(0, m.value)
            phase = .pressed(start: p, translation0: rules.translation(offset: offset))
        case (.returning(let from, let start), .press(let p)):
            offset = rules.returnOffset(from: from, elapsed: (time - start).seconds) ?? 0
            phase = .pressed(start: p, translation0: rules.translation(offset: offset))
        case (.resting, .press(let p)), (.scrollFling, .press(let p)):
            phase = .pressed(start: p, translation0: 0)
        case (.pressed(let start, let t0), .move(let p)):
            let dy = p.y - start.y, dx = p.x - start.x
            guard abs(dy) > touchSlop, abs(dy) >= abs(dx) else { return }
            // Dismiss only from the list's top edge with the finger going down (or when the
            // card is already off its place); otherwise the list scrolls.
            if offset > 0 || maxScroll <= 0 || (dy > 0 && scrollOffset <= 0) {
                phase = .dragging(anchorY: start.y - t0)
            } else {
                phase = .scrolling(lastY: start.y)
            }
            transition(.move(p), at: time)
        case (.dragging(let anchorY), .move(let p)):
            let t = p.y - anchorY
            if t < 0, maxScroll > 0 {
                // Back above where the dismissal began: the list takes the rest of the travel.
                offset = 0
                phase = .scrolling(lastY: anchorY)
                transition(.move(p), at: time)
            } else {
                offset = rules.offset(translation: t)
            }
        case (.scrolling(let lastY), .move(let p)):
            let s = scrollOffset - (p.y - lastY)
            if s < 0 {
                // The list hit its top edge with the finger still going down: dismiss drag.
                scrollOffset = 0
                phase = .dragging(anchorY: p.y + s)
                offset = rules.offset(translation: -s)
            } else {
                scrollOffset = min(s, maxScroll)
                phase = .scrolling(lastY: p.y)
            }
        case (.dragging(let anchorY), .release(let p, let v, let cancelled)):
            // The RAW translation decides, even when sticky (the article's rule).
            if !cancelled, rules.shouldDismiss(translation: p.y - anchorY, velocity: v) {
                // The card's own speed: a sticky card moves at half the finger's.
                startDismiss(at: time, velocity: config.usesReleaseVelocity ? (config.isSticky ? v / 2 : v) : nil)
            } else {
                emit(.cancelled, at: time)   // fires at release, before the return animates
                phase = offset > 0 ? .returning(from: offset, start: time) : .resting
            }
        case (.pressed(let start, _), .release(let p, _, let cancelled)):
            phase = offset > 0 ? .returning(from: offset, start: time) : .resting
            if !cancelled, (p - start).length <= touchSlop { tap(at: p, time: time) }
        case (.scrolling, .release(_, let v, let cancelled)):
            if !cancelled, let fling = ContentFling(offset: scrollOffset, fingerVelocity: v, maxOffset: maxScroll, at: time) {
                phase = .scrollFling(fling)
            } else { phase = .resting }
        case (.hidden, .present):
            offset = rules.height
            phase = .presenting(SpringMotion(from: offset, to: 0, velocity: 0,
                                             spring: Spring(duration: config.presentDuration, dampingRatio: 1),
                                             at: time, restDistance: 0.05, restSpeed: 2))
            scrollOffset = 0
        case (.hidden, .dismiss), (.dismissing, .dismiss):
            break
        case (_, .dismiss):
            startDismiss(at: time)      // from code or the close button, even mid-gesture
        case (.dismissing, .home):
            break                              // finishes on its own; `completed` follows
        case (.hidden, .home):
            if config.initiallyPresented { transition(.present, at: time) }
        case (_, .home):
            scrollOffset = 0
            if !config.initiallyPresented { startDismiss(at: time) } else {
                phase = offset > 0 ? .returning(from: offset, start: time) : .resting
            }
        case (.presenting(var m), .tick):
            m.advance(to: time)
            offset = m.value
            if m.isAtRest { offset = 0; phase = .resting } else { phase = .presenting(m) }
        case (.dismissing(let from, let start, let velocity), .tick):
            if let y = rules.dismissOffset(from: from, velocity: velocity, elapsed: (time - start).seconds) { offset = y } else {
                offset = rules.height
                phase = .hidden
                emit(.completed, at: time)   // only once the slide really finished
            }
        case (.scrollFling(var fling), .contentMoved(let delta)):
            fling.contentMoved(by: delta, maxOffset: maxScroll)
            phase = .scrollFling(fling)
        case (_, .contentMoved):
            break                                  // the offset itself is already moved
        case (.scrollFling(var fling), .tick):
            let (y, finished) = fling.advance(to: time)
            scrollOffset = y
            phase = finished ? .resting : .scrollFling(fling)
        case (.returning(let from, let start), .tick):
            if let y = rules.returnOffset(from: from, elapsed: (time - start).seconds) { offset = y } else {
                offset = 0
                phase = .resting
            }
        default:
            break
        }
    }

    private func startDismiss(at time: Instant, velocity: Double? = nil) {
        emit(.initiated, at: time)
        phase = .dismissing(from: offset, start: time, velocity: velocity)
    }

    private func tap(at p: Point, time: Instant) {
        if config.showsCloseButton, closeButtonFrame.insetBy(dx: -7, dy: -7).contains(p) {
            transition(.dismiss, at: time)
            return
        }
        if let hit = contentHit(at: p), let action = hit.content.action(at: hit.local) {
            events.emit(at: time, target: id, "action", [("id", .string(action))])
        }
    }

    /// The content under `p` (screen points) and `p` in its coordinates.
    private func contentHit(at p: Point) -> (content: ContentView, local: Point)? {
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
        events.emit(at: time, target: id, "status", [("status", .string(status.rawValue))])
    }

    // MARK: Component

    public func advance(to time: Instant) {
        inner.advance(to: time)
        transition(.tick, at: time)
    }

    public func perform(_ action: String, _ args: [String], at time: Instant) throws(ActionError) {
        switch action {
        case "present":
            guard !isPresented else { return }
            transition(.present, at: time)
        case "dismiss":
            transition(.dismiss, at: time)
        default:
            throw ActionError("swipe_dismiss has no action '\(action)' (present, dismiss)")
        }
    }

    public func reset(at time: Instant) {
        tracker.reset()
        transition(.home, at: time)
    }

    public func state() -> JSONValue {
        .object([
            ("kind", .string(kind)),
            ("presented", .bool(isPresented)),
            ("last_status", .string(lastStatus.rawValue)),
            ("offset_pt", .number(offset)),
            ("alpha", .number(alpha)),
            ("animating", .bool(needsFrames)),
            ("scroll_offset_pt", .number(scrollOffset)),
        ])
    }
}
