import PanelRenderer

/// LNPopupController's popup bar and popup: a bar docked at the bottom (hidden / presented)
/// that opens into a full-screen page glued below it. A serialized, coalescing operation
/// queue; snap, drag and automatic interaction styles; close button styles; marquee titles;
/// scroll content that hands the drag to closing only from its top edge. Beyond the
/// reference: the release velocity is carried into the spring, and one transition function
/// assigns every state (the reference assigns its state in 14 places).
public final class Popup: Component {
    public let id: String
    public let kind = "popup"
    public var config: PopupConfig
    public var content: ContentView?
    public var artwork: Pixmap?
    let events: EventSink
    var text: TextRenderer?

    enum Phase {
        case idle
        /// The bar sliding in or out (present / dismiss); the motion is of `hiddenShift`.
        case sliding(SpringMotion, to: PopupState)
        /// Opening or closing; the motion is of `percent`.
        case transitioning(SpringMotion, to: PopupState)
        case pressedBar(start: Point)
        case pressedButton(Int, start: Point)
        case pressedCloseButton(start: Point)
        /// Snap style: an upward swipe opens the popup after a short delay, untracked.
        case waitingToOpen(until: Instant)
        case draggingOpen(originY: Double)
        case pressedContent(start: Point, lastY: Double)
        case scrolling(lastY: Double)
        case draggingClosed(originY: Double)
        case snapClosing(originY: Double)
        /// Bar paging: the titles follow the finger horizontally.
        case paging(originX: Double)
        case pageSettling(SpringMotion, step: Int)
        case ignoring
    }

    private(set) var phase = Phase.idle
    public private(set) var popupState: PopupState
    /// Open fraction: 0 = bar at rest, 1 = open (docs/formats.md, State file: `open_fraction`).
    public private(set) var percent = 0.0
    /// How far below its place the bar is (0 presented, `rules.hiddenShift` hidden).
    public private(set) var hiddenShift = 0.0
    public internal(set) var scrollOffset = 0.0
    public private(set) var queue = PopupQueue()
    public internal(set) var title: String
    public internal(set) var subtitle: String
    public internal(set) var progress: Double
    public private(set) var buttons: [PopupBarButton]
    /// Bar paging: the current item and the titles' horizontal displacement (reading order:
    /// negative = toward the next item).
    public private(set) var itemIndex = 0
    public private(set) var pageOffset = 0.0
    private(set) var rules: PopupRules
    private var velocity = VelocityTracker()
    var owner: Int?
    /// A gesture that began while a transition ran: ignored to its end (docs/components.md,
    /// Popup bar PB3).
    var ignoringFinger = false
    var now = Instant.zero
    var marqueeStart = Instant.zero
    var measured: (title: String, subtitle: String, widths: [Double])?

    public init(id: String, config: PopupConfig, content: ContentView?, artwork: Pixmap? = nil,
                env: Environment, events: EventSink, text: TextRenderer? = nil) {
        self.id = id
        self.config = config
        self.content = content
        self.artwork = artwork
        self.events = events
        self.text = text
        popupState = config.initialState
        title = config.items.first?.title ?? config.title
        subtitle = config.items.first?.subtitle ?? config.subtitle
        progress = config.progress
        buttons = config.buttons
        rules = PopupRules(config: config, env: env)
        percent = popupState == .open ? 1 : 0
        hiddenShift = popupState == .hidden ? rules.hiddenShift : 0
        layout(in: env)
    }

    var env: Environment { rules.env }
    public var barFrame: Rect { rules.barFrame(percent: percent, hiddenShift: hiddenShift) }
    public var cardFrame: Rect { rules.card(in: barFrame) }
    var isDragging: Bool {
        switch phase {
        case .draggingOpen, .draggingClosed, .snapClosing: true
        default: false
        }
    }

    public func layout(in env: Environment) {
        rules = PopupRules(config: config, env: env)
        if case .idle = phase {
            percent = popupState == .open ? 1 : 0
            hiddenShift = popupState == .hidden ? rules.hiddenShift : 0
        }
        _ = content?.layout(width: env.size.width, env: env)
        clampScroll()
    }

    public var motionPhase: MotionPhase {
        switch phase {
        case .idle: inner.isFlinging ? .gliding : .rest
        case .pressedBar, .pressedButton, .pressedCloseButton, .pressedContent, .ignoring: .pressed
        case .draggingOpen, .draggingClosed, .snapClosing, .paging: .dragging
        case .scrolling: .scrolling
        case .sliding, .transitioning, .waitingToOpen, .pageSettling: .settling
        }
    }

    public var needsFrames: Bool {
        if inner.isFlinging { return true }
        switch phase {
        case .sliding, .transitioning, .waitingToOpen, .pageSettling: return true
        default: return marqueeRunning
        }
    }

    /// The marquee moves only while the bar is visible and a title overflows
    /// (docs/components.md, Popup bar PB20).
    var marqueeRunning: Bool {
        guard config.marquee, popupState == .barPresented, percent == 0 else { return false }
        return marqueeOverflows
    }

    public func claims(_ p: Point) -> Bool {
        switch popupState {
        case .hidden:
            if case .sliding = phase { return barFrame.contains(p) }
            return false
        case .open: return true
        case .barPresented: return p.y >= barFrame.minY && (percent > 0 || cardFrame.contains(p))
        }
    }

    // MARK: Touch

    public func handle(_ t: TouchEvent) {
        if let owner, owner != t.id { return }
        if interceptInnerScroll(t) { return }
        switch t.phase {
        case .down:
            owner = t.id
            velocity.reset()
            velocity.add(t.location, at: t.time)
            ignoringFinger = false
            transition(.press(t.location), at: t.time)
            if case .pressedContent = phase { highlight.press(contentHit(at: t.location)) }
        case .move:
            velocity.add(t.location, at: t.time)
            if !ignoringFinger { transition(.move(t.location), at: t.time) }
            if case .pressedContent = phase {} else { highlight.clear() }
        case .up, .cancel:
            highlight.clear()
            let v = t.phase == .cancel ? Point.zero : velocity.velocity(at: t.time)
            owner = nil
            if ignoringFinger { ignoringFinger = false; return }
            transition(.release(t.location, velocity: v, cancelled: t.phase == .cancel), at: t.time)
        }
    }

    /// The row or button of the popup's content under a finger that has not moved yet.
    private var highlight = PressHighlight()
    /// A drag on a scroll view inside the open popup's content scrolls it.
    var inner = InnerScrollDrag()
    public var drawRevision: Int { highlight.revision &+ inner.revision }

    /// The same touch steps the other components get from `TouchTracker`, for `inner`.
    private func interceptInnerScroll(_ t: TouchEvent) -> Bool {
        let step: TouchTracker.Step
        switch t.phase {
        case .down: step = .press(t.location)
        case .move: step = .move(t.location)
        case .up, .cancel:
            step = .release(t.location, velocity: t.phase == .cancel ? .zero : velocity.velocity(at: t.time),
                            cancelled: t.phase == .cancel)
        }
        let taken = inner.intercept(step, at: t.time, hit: contentHit(at:), cancelPress: {
            highlight.clear()
            transition(.release(t.location, velocity: .zero, cancelled: true), at: t.time)
        })
        if taken {
            if t.phase == .move { velocity.add(t.location, at: t.time) }
            if t.phase == .up || t.phase == .cancel { owner = nil }
        }
        return taken
    }

    enum Input {
        case press(Point)
        case move(Point)
        case release(Point, velocity: Point, cancelled: Bool)
        case enqueue(PopupQueue.Operation)
        /// Idle reset: drop a gesture in progress (animations run on).
        case abandonGesture
        case tick
    }

    /// All state changes go through here.
    func transition(_ input: Input, at time: Instant) {
        switch (phase, input) {
        case (.sliding, .press), (.transitioning, .press), (.waitingToOpen, .press), (.pageSettling, .press):
            ignoringFinger = true                          // docs/components.md, Popup bar PB3
        case (_, .press(let p)):
            phase = pressPhase(at: p)
        case (.pressedBar(let start), .move(let p)):
            let d = p - start
            guard d.length > config.touchSlop else { return }
            let upward = abs(d.y) > abs(d.x) && d.y < 0
            switch config.gestureStyle(opening: true) {
            case .snap where upward: phase = .waitingToOpen(until: time + .seconds(config.snapOpenDelay))
            case .drag where upward:
                phase = .draggingOpen(originY: start.y)
                transition(.move(p), at: time)
            case _ where abs(d.x) > abs(d.y) && config.items.count > 1
                && barLayout(card: cardFrame).titles.insetBy(dx: -10, dy: 0).contains(start):
                phase = .paging(originX: start.x)
                transition(.move(p), at: time)
            default: phase = .ignoring                     // downward, horizontal, or style none
            }
        case (.paging(let originX), .move(let p)):
            // Reading-order displacement; the first and last items resist like an edge.
            var dx = (p.x - originX) * (env.isRTL ? -1 : 1)
            if (dx > 0 && itemIndex == 0) || (dx < 0 && itemIndex == config.items.count - 1) {
                dx = RubberBand.squareRoot(dx) * 2
            }
            pageOffset = dx
        case (.pressedButton(_, let start), .move(let p)):
            if (p - start).length > config.touchSlop { phase = .ignoring }
        case (.pressedCloseButton(let start), .move(let p)):
            // The close button can be dragged too (LNPopupUI #8): a downward drag closes like the page.
            let d = p - start
            guard d.length > config.touchSlop else { return }
            let style = config.gestureStyle(opening: false)
            guard d.y > 0, abs(d.y) >= abs(d.x), style != .none else { phase = .ignoring; return }
            phase = style == .snap ? .snapClosing(originY: start.y) : .draggingClosed(originY: start.y)
            transition(.move(p), at: time)
        case (.draggingOpen(let originY), .move(let p)):
            let maxY = min(max(rules.dockY + p.y - originY, 0), rules.dockY)
            percent = rules.percent(barMaxY: maxY)
        case (.pressedContent(let start, _), .move(let p)):
            let d = p - start
            guard d.length > config.touchSlop else { return }
            guard abs(d.y) >= abs(d.x) else { phase = .ignoring; return }
            phase = .scrolling(lastY: start.y)
            transition(.move(p), at: time)
        case (.scrolling(let lastY), .move(let p)):
            let dy = p.y - lastY
            let maxScroll = content?.maxScrollOffset(viewportHeight: contentViewportHeight) ?? 0
            if dy > 0, dy > scrollOffset, config.gestureStyle(opening: false) != .none {
                // At the top edge and moving down: closing takes over from here, the content
                // stays pinned at its top, and the bar starts where the finger is (no jump).
                let rest = dy - scrollOffset
                scrollOffset = 0
                let origin = p.y - rest
                phase = config.gestureStyle(opening: false) == .snap ? .snapClosing(originY: origin)
                                                                     : .draggingClosed(originY: origin)
                transition(.move(p), at: time)
            } else {
                scrollOffset = min(max(scrollOffset - dy, 0), maxScroll)
                phase = .scrolling(lastY: p.y)
            }
        case (.draggingClosed(let originY), .move(let p)):
            percent = rules.percent(barMaxY: min(max(p.y - originY, 0), rules.dockY))
        case (.snapClosing(let originY), .move(let p)):
            let travel = p.y - originY
            percent = rules.percent(barMaxY: rules.snapDisplayedOffset(travel: travel))
            if rules.snapShouldClose(travel: travel) {
                // Closes now, before the finger lifts; the rest of this gesture is ignored.
                ignoringFinger = true
                startTransition(to: .barPresented, damping: config.gestureDamping, velocityDown: 0, at: time)
            }
        case (.pressedBar(let start), .release(let p, _, let cancelled)):
            if !cancelled, (p - start).length <= config.touchSlop {
                startTransition(to: .open, damping: config.gestureDamping, velocityDown: 0, at: time)   // tap opens
            } else { settle(at: time) }
        case (.pressedButton(let i, let start), .release(let p, _, let cancelled)):
            if !cancelled, (p - start).length <= config.touchSlop { tapButton(i, at: time) }
            settle(at: time)
        case (.pressedCloseButton(let start), .release(let p, _, let cancelled)):
            if !cancelled, (p - start).length <= config.touchSlop {
                startTransition(to: .barPresented, damping: config.gestureDamping, velocityDown: 0, at: time)
            } else { settle(at: time) }
        case (.draggingOpen, .release(_, let v, let cancelled)), (.draggingClosed, .release(_, let v, let cancelled)):
            var startedOpen = false
            if case .draggingClosed = phase { startedOpen = true }
            let target = cancelled ? (startedOpen ? .open : .barPresented)
                : rules.dragReleaseTarget(startedOpen: startedOpen, percent: percent, velocityDown: v.y)
            startTransition(to: target, damping: config.gestureDamping,
                            velocityDown: config.useReleaseVelocity && !cancelled ? v.y : 0, at: time)
        case (.paging, .release(_, let v, let cancelled)):
            let page = barLayout(card: cardFrame).titles.width + config.pageSpacing
            let vx = cancelled ? 0 : v.x * (env.isRTL ? -1 : 1)
            var step = rules.pageStep(offset: pageOffset, velocity: vx, page: page)
            if !config.items.indices.contains(itemIndex + step) { step = 0 }
            let spring = Spring(duration: 0.35, dampingRatio: 1)
            phase = .pageSettling(SpringMotion(from: pageOffset, to: -Double(step) * page, velocity: vx, spring: spring,
                                               at: time, restDistance: 0.05, restSpeed: 2), step: step)
        case (.pageSettling(var motion, let step), .tick):
            motion.advance(to: time)
            pageOffset = motion.value
            guard motion.isAtRest else { phase = .pageSettling(motion, step: step); return }
            pageOffset = 0
            if step != 0 {
                itemIndex += step
                let item = config.items[itemIndex]
                title = item.title
                subtitle = item.subtitle
                marqueeStart = time
                events.emit(at: time, target: id, "bar_item_changed",
                            [("index", .number(Double(itemIndex))), ("title", .string(title))])
            }
            settle(at: time)
        case (.snapClosing, .release):
            // Released before the snap point: back to open.
            startTransition(to: .open, damping: config.gestureDamping, velocityDown: 0, at: time)
        case (.pressedContent(let start, _), .release(let p, _, let cancelled)):
            if !cancelled, (p - start).length <= config.touchSlop, let a = contentAction(at: p) {
                events.emit(at: time, target: id, "action", [("id", .string(a))])
            }
            settle(at: time)
        case (.waitingToOpen, .release):
            break                                          // the open happens anyway
        case (.scrolling, .release), (.ignoring, .release):
            settle(at: time)
        case (.sliding, .abandonGesture), (.transitioning, .abandonGesture), (.pageSettling, .abandonGesture),
             (.waitingToOpen, .abandonGesture), (.idle, .abandonGesture):
            break
        case (_, .abandonGesture):
            pageOffset = 0
            if percent != (popupState == .open ? 1 : 0) {
                startTransition(to: popupState, damping: config.programmaticDamping, velocityDown: 0, at: time)
            } else { settle(at: time) }
        case (_, .enqueue(let op)):
            queue.enqueue(op)
            if case .idle = phase { runQueue(at: time) }
        case (.waitingToOpen(let until), .tick):
            if time >= until { startTransition(to: .open, damping: config.gestureDamping, velocityDown: 0, at: time) }
        case (.sliding(var motion, let to), .tick):
            motion.advance(to: time)
            hiddenShift = motion.value
            guard motion.isAtRest else { phase = .sliding(motion, to: to); return }
            hiddenShift = to == .hidden ? rules.hiddenShift : 0
            popupState = to
            marqueeStart = time
            events.emit(at: time, target: id, to == .hidden ? "bar_dismissed" : "bar_presented")
            settle(at: time)
        case (.transitioning(var motion, let to), .tick):
            motion.advance(to: time)
            percent = motion.value
            guard motion.isAtRest else { phase = .transitioning(motion, to: to); return }
            percent = to == .open ? 1 : 0
            let changed = popupState != to
            popupState = to
            if to == .barPresented { marqueeStart = time }
            if changed { events.emit(at: time, target: id, to == .open ? "popup_did_open" : "popup_did_close") }
            settle(at: time)
        default:
            break
        }
    }

    private func pressPhase(at p: Point) -> Phase {
        switch popupState {
        case .hidden: return .ignoring
        case .barPresented:
            if let i = buttonIndex(at: p) { return .pressedButton(i, start: p) }
            return .pressedBar(start: p)
        case .open:
            if closeButtonFrame.contains(p) { return .pressedCloseButton(start: p) }
            return .pressedContent(start: p, lastY: p.y)
        }
    }

    /// Back to idle; queued operations run now.
    private func settle(at time: Instant) {
        phase = .idle
        runQueue(at: time)
    }

    private func runQueue(at time: Instant) {
        while case .idle = phase, let op = queue.next() {
            let damping = config.programmaticDamping
            switch (op, popupState) {
            case (.present, .hidden), (.dismiss, .barPresented):
                let to: PopupState = op == .present ? .barPresented : .hidden
                let spring = Spring(duration: config.transitionDuration, dampingRatio: damping)
                phase = .sliding(SpringMotion(from: hiddenShift, to: to == .hidden ? rules.hiddenShift : 0,
                                              spring: spring, at: time, restDistance: 0.05, restSpeed: 2), to: to)
            case (.open, .hidden):
                queue.pushFront(.open)
                queue.pushFront(.present)
            case (.open, .barPresented):
                startTransition(to: .open, damping: damping, velocityDown: 0, at: time)
            case (.close, .open):
                startTransition(to: .barPresented, damping: damping, velocityDown: 0, at: time)
            case (.dismiss, .open):
                queue.pushFront(.dismiss)
                startTransition(to: .barPresented, damping: damping, velocityDown: 0, at: time)
            default:
                continue                                   // already there
            }
        }
    }

    /// Opens or closes with the reference's 0.5 s spring; `velocityDown` (pt/s, finger) becomes
    /// the spring's initial velocity in percent per second.
    private func startTransition(to target: PopupState, damping: Double, velocityDown: Double, at time: Instant) {
        if target != popupState {
            events.emit(at: time, target: id, target == .open ? "popup_will_open" : "popup_will_close")
        }
        let v = rules.dockY > 0 ? -velocityDown / rules.dockY : 0
        let spring = Spring(duration: config.transitionDuration, dampingRatio: damping)
        phase = .transitioning(SpringMotion(from: percent, to: target == .open ? 1 : 0, velocity: v, spring: spring,
                                            at: time, restDistance: 0.0002, restSpeed: 0.002), to: target)
    }

    /// After a reload: hidden, bar or open as before (a motion under way ends where it was
    /// going), on the same item, with the title, progress and buttons the program set.
    public func carryState(from previous: Component) {
        guard let old = previous as? Popup else { return }
        switch old.phase {
        case .sliding(_, let to), .transitioning(_, let to): popupState = to
        case .idle, .pressedBar, .pressedButton, .pressedCloseButton, .waitingToOpen, .draggingOpen, .pressedContent,
             .scrolling, .draggingClosed, .snapClosing, .paging, .pageSettling, .ignoring:
            popupState = old.popupState
        }
        phase = .idle
        percent = popupState == .open ? 1 : 0
        hiddenShift = popupState == .hidden ? rules.hiddenShift : 0
        if config.items.indices.contains(old.itemIndex) { itemIndex = old.itemIndex }
        title = old.title
        subtitle = old.subtitle
        progress = old.progress
        if buttons.count == old.buttons.count { buttons = old.buttons }
        scrollOffset = old.scrollOffset
        clampScroll()
    }

    public func contentChanged(at time: Instant) {
        guard let content else { return }
        scrollOffset = content.anchoredScrollOffset(scrollOffset, viewportHeight: contentViewportHeight)
    }

    private func clampScroll() {
        let maxScroll = content?.maxScrollOffset(viewportHeight: contentViewportHeight) ?? 0
        scrollOffset = min(max(scrollOffset, 0), maxScroll)
    }

    private func tapButton(_ i: Int, at time: Instant) {
        let b = buttons[i]
        events.emit(at: time, target: id, "action", [("id", .string(b.rawValue))])
        // Play and pause are one toggle, as in every player.
        if b == .play { buttons[i] = .pause } else if b == .pause { buttons[i] = .play }
    }
}
