import PanelRenderer

/// LNPopupController's popup bar and popup: a bar docked at the bottom (hidden / presented)
/// that opens into a full-screen page glued below it. A serialized, coalescing operation
/// queue; snap, drag and automatic interaction styles; close button styles; marquee titles;
/// scroll content that hands the drag to closing only from its top edge. Beyond the
/// reference: the release velocity is carried into the spring, and one transition function
/// assigns every state (the reference assigns its state in 14 places).
public final class Popup: Component, GestureComponent {
    /// What lies beneath, blurred, for a frosted bar (set before each draw).
    var blurredBackdrop: Pixmap?
    public let id: String
    public let kind = ComponentKind.popup
    public var config: PopupConfig
    public var content: ContentView?
    public var artwork: Pixmap?
    let events: EventSink
    var text: TextRenderer?

    /// The state machine's phases; `transition` is the only place that assigns `phase` (it
    /// sets it to what `next` returns).
    enum Phase {
        case idle
        /// The bar sliding in or out (present / dismiss); the motion is of `hiddenShift`.
        case sliding(SpringMotion, to: PopupState)
        /// Opening or closing; the motion is of `percent`.
        case transitioning(SpringMotion, to: PopupState)
        /// `open` on a hidden bar: the bar is presented and the popup opens in one transition
        /// (LNPopupController's `presentPopupBar(with:openPopup:true)`). The motion is of
        /// `percent` (0 → 1); the bar's `hiddenShift` falls from `fromShift` to 0 with it.
        case presentingOpen(SpringMotion, fromShift: Double)
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

    /// Assigned only by `transition`.
    var phase = Phase.idle
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
    /// Whether the item plays: the play/pause button shows ❚❚ while playing and ▶ while
    /// paused, and a tap on it toggles this (docs/components.md, Popup bar PB29).
    public internal(set) var playing: Bool
    /// Minimization (PB31): whether the bar is (or is going) minimized, and how far:
    /// 0 = the full bar, 1 = the compact pill.
    public private(set) var minimized = false
    public private(set) var minimizeFraction = 0.0
    var minimizeMotion: SpringMotion?
    /// Bar paging: the current item and the titles' horizontal displacement (reading order:
    /// negative = toward the next item).
    public private(set) var itemIndex = 0
    public private(set) var pageOffset = 0.0
    private(set) var rules: PopupRules
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
        playing = config.playing
        rules = PopupRules(config: config, env: env)
        percent = popupState == .open ? 1 : 0
        hiddenShift = popupState == .hidden ? rules.hiddenShift : 0
        layout(in: env)
    }

    var env: Environment { rules.env }
    public var barFrame: Rect { rules.barFrame(percent: percent, hiddenShift: hiddenShift) }
    /// The bar's card: the floating card (or the whole bar), shrunk toward the minimized pill
    /// by `minimizeFraction` (docs/components.md, Popup bar PB31).
    public var cardFrame: Rect {
        let card = rules.card(in: barFrame)
        guard minimizeFraction > 0 else { return card }
        return PopupRules.blend(card, rules.pill(in: card, titleWidth: titleWidths[0]), minimizeFraction)
    }
    /// The card's corner radius, rounding to the pill's half height as it shrinks.
    var cardCornerRadius: Double {
        rules.cornerRadius + (PopupRules.pillHeight / 2 - rules.cornerRadius) * minimizeFraction
    }
    var isDragging: Bool {
        switch phase {
        case .draggingOpen, .draggingClosed, .snapClosing: true
        case .idle, .sliding, .transitioning, .presentingOpen, .pressedBar, .pressedButton, .pressedCloseButton, .waitingToOpen,
             .pressedContent, .scrolling, .paging, .pageSettling, .ignoring: false
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
        case .idle: shell.restingPhase
        case .pressedBar, .pressedButton, .pressedCloseButton, .pressedContent, .ignoring: .pressed
        case .draggingOpen, .draggingClosed, .snapClosing, .paging: .dragging
        case .scrolling: .scrolling
        case .sliding, .transitioning, .presentingOpen, .waitingToOpen, .pageSettling: .settling
        }
    }

    /// The blur behind a frosted bar, in points (the screen hands the blurred picture of what
    /// lies beneath: `useBlurredBackdrop`); nil when the bar is not frosted.
    public var backdropBlur: Double? { config.appearance.frosted == true ? PopupBarAppearance.frostedBlurRadius : nil }
    public func useBlurredBackdrop(_ picture: Pixmap?) { blurredBackdrop = picture }

    public var needsFrames: Bool {
        if shell.isFlinging || minimizeMotion != nil { return true }
        switch phase {
        case .sliding, .transitioning, .presentingOpen, .waitingToOpen, .pageSettling: return true
        case .idle, .pressedBar, .pressedButton, .pressedCloseButton, .draggingOpen, .pressedContent, .scrolling,
             .draggingClosed, .snapClosing, .paging, .ignoring: return marqueeRunning
        }
    }

    /// The marquee moves only while the bar is visible and a title overflows
    /// (docs/components.md, Popup bar PB20).
    var marqueeRunning: Bool {
        guard config.marquee, popupState == .barPresented, percent == 0 else { return false }
        return marqueeOverflows
    }

    /// The container's safe area grows by the presented bar (LNPopupController keeps it):
    /// background content lays out above the bar at rest, and follows it as it slides in and
    /// out (docs/components.md, Popup bar PB33). Opening the popup does not change it.
    public var backgroundBottomInset: Double {
        let top = rules.barFrame(percent: 0, hiddenShift: hiddenShift).minY
        return min(max(env.size.height - top, 0), env.size.height)
    }

    public func claims(_ p: Point) -> Bool {
        switch popupState {
        case .hidden:
            switch phase {
            case .sliding: return barFrame.contains(p)
            case .presentingOpen: return p.y >= barFrame.minY
            case .idle, .transitioning, .pressedBar, .pressedButton, .pressedCloseButton, .waitingToOpen, .draggingOpen,
                 .pressedContent, .scrolling, .draggingClosed, .snapClosing, .paging, .pageSettling, .ignoring: return false
            }
        case .open: return true
        case .barPresented: return p.y >= barFrame.minY && (percent > 0 || cardFrame.contains(p))
        }
    }

    // MARK: Touch

    public func handle(_ t: TouchEvent) { handleTouch(t) }

    /// First finger, pressed rows, scroll views inside the open popup's content: what every
    /// component does with a touch.
    var shell = GestureShell()
    public var drawRevision: Int { shell.revision }
    /// Numbers the snapshots of `state()`'s fields (`stateRevision`).
    var stateRevisions = StateRevision<StateSnapshot>()
    var touchSlop: Double { config.touchSlop }

    func gesture(_ step: TouchTracker.Step, at time: Instant) {
        switch step {
        case .press:
            ignoringFinger = false
            transition(.touch(step), at: time)
        case .move:
            if !ignoringFinger { transition(.touch(step), at: time) }
        case .release:
            if ignoringFinger { ignoringFinger = false; return }
            transition(.touch(step), at: time)
        }
    }

    /// Only a press on the open popup's content shows a row pressed.
    var holdsContentPress: Bool {
        switch phase {
        case .pressedContent: true
        case .idle, .sliding, .transitioning, .presentingOpen, .pressedBar, .pressedButton, .pressedCloseButton, .waitingToOpen,
             .draggingOpen, .scrolling, .draggingClosed, .snapClosing, .paging, .pageSettling, .ignoring: false
        }
    }

    enum Input: TouchInput {
        case touch(TouchTracker.Step)
        case enqueue(PopupQueue.Request)
        /// Idle reset: drop a gesture in progress (animations run on).
        case abandonGesture
        /// After a reload: rest in this state at once, without events.
        case restAt(PopupState)
        case tick
    }

    /// The phase after `input` in `phase`, with its effects (fractions, state, events, queue).
    func next(_ phase: Phase, _ input: Input, at time: Instant) -> Phase {
        switch (phase, input) {
        case (.sliding, .touch(.press)), (.transitioning, .touch(.press)), (.presentingOpen, .touch(.press)),
             (.waitingToOpen, .touch(.press)), (.pageSettling, .touch(.press)):
            ignoringFinger = true                          // docs/components.md, Popup bar PB3
            return phase
        case (.idle, .touch(.press(let p))), (.pressedBar, .touch(.press(let p))), (.pressedButton, .touch(.press(let p))),
             (.pressedCloseButton, .touch(.press(let p))), (.draggingOpen, .touch(.press(let p))), (.pressedContent, .touch(.press(let p))),
             (.scrolling, .touch(.press(let p))), (.draggingClosed, .touch(.press(let p))), (.snapClosing, .touch(.press(let p))),
             (.paging, .touch(.press(let p))), (.ignoring, .touch(.press(let p))):
            return pressPhase(at: p)
        case (.pressedBar(let start), .touch(.move(let p))):
            guard leftSlop(from: start, to: p) else { return phase }
            let d = p - start
            let upward = abs(d.y) > abs(d.x) && d.y < 0
            let style = config.gestureStyle(opening: true)
            if upward, style == .snap { return .waitingToOpen(until: time + .seconds(config.snapOpenDelay)) }
            if upward, style == .drag { return next(.draggingOpen(originY: start.y), input, at: time) }
            if abs(d.x) > abs(d.y), config.items.count > 1,
               barLayout(card: cardFrame).titles.insetBy(dx: -10, dy: 0).contains(start) {
                return next(.paging(originX: start.x), input, at: time)
            }
            return .ignoring                               // downward, horizontal, or style none
        case (.paging(let originX), .touch(.move(let p))):
            // Reading-order displacement; the first and last items resist like an edge.
            var dx = (p.x - originX) * (env.isRTL ? -1 : 1)
            if (dx > 0 && itemIndex == 0) || (dx < 0 && itemIndex == config.items.count - 1) {
                dx = RubberBand.squareRoot(dx) * 2
            }
            pageOffset = dx
            return phase
        case (.pressedButton(_, let start), .touch(.move(let p))):
            return leftSlop(from: start, to: p) ? .ignoring : phase
        case (.pressedCloseButton(let start), .touch(.move(let p))):
            // The close button can be dragged too (LNPopupUI #8): a downward drag closes like the page.
            guard leftSlop(from: start, to: p) else { return phase }
            let d = p - start
            let style = config.gestureStyle(opening: false)
            guard d.y > 0, abs(d.y) >= abs(d.x), style != .none else { return .ignoring }
            return next(style == .snap ? .snapClosing(originY: start.y) : .draggingClosed(originY: start.y), input, at: time)
        case (.draggingOpen(let originY), .touch(.move(let p))):
            let maxY = min(max(rules.dockY + p.y - originY, 0), rules.dockY)
            percent = rules.percent(barMaxY: maxY)
            return phase
        case (.pressedContent(let start, _), .touch(.move(let p))):
            guard leftSlop(from: start, to: p) else { return phase }
            let d = p - start
            guard abs(d.y) >= abs(d.x) else { return .ignoring }
            return next(.scrolling(lastY: start.y), input, at: time)
        case (.scrolling(let lastY), .touch(.move(let p))):
            // One step shared between the content and the closing drag through the runtime's
            // nested-scroll protocol: finger down scrolls the content back to its top first,
            // then the rest of the step starts closing, from where the finger is (no jump),
            // with the content pinned at its top for the rest of the gesture. The bar does not
            // take the step when closing by gesture is off.
            let style = config.gestureStyle(opening: false)
            let maxScroll = content?.maxScrollOffset(viewportHeight: contentViewportHeight) ?? 0
            var nested = NestedScrollCoordinator(policy: .resizeFirst, containerPosition: 0,
                                                 containerRange: 0...(style == .none ? 0 : .infinity),
                                                 contentOffset: min(max(scrollOffset, 0), maxScroll), contentRange: 0...maxScroll,
                                                 showsOverflow: [])
            let split = nested.drag(by: p.y - lastY)
            scrollOffset = nested.contentOffset
            guard split.container > 0 else { return .scrolling(lastY: p.y) }
            let origin = p.y - split.container
            return next(style == .snap ? .snapClosing(originY: origin) : .draggingClosed(originY: origin), input, at: time)
        case (.draggingClosed(let originY), .touch(.move(let p))):
            percent = rules.percent(barMaxY: min(max(p.y - originY, 0), rules.dockY))
            return phase
        case (.snapClosing(let originY), .touch(.move(let p))):
            let travel = p.y - originY
            percent = rules.percent(barMaxY: rules.snapDisplayedOffset(travel: travel))
            guard rules.snapShouldClose(travel: travel) else { return phase }
            // Closes now, before the finger lifts; the rest of this gesture is ignored.
            ignoringFinger = true
            return startTransition(to: .barPresented, damping: config.gestureDamping, velocityDown: 0, at: time)
        case (.idle, .touch(.move)), (.sliding, .touch(.move)), (.transitioning, .touch(.move)), (.presentingOpen, .touch(.move)),
             (.waitingToOpen, .touch(.move)), (.pageSettling, .touch(.move)),
             (.ignoring, .touch(.move)):
            return phase
        case (.pressedBar(let start), .touch(.release(let p, _, let cancelled))):
            guard isTap(from: start, to: p, cancelled: cancelled) else { return settle(at: time) }
            if minimized {                                 // a tap brings the full bar back (PB31)
                setMinimized(false, at: time)
                return settle(at: time)
            }
            return startTransition(to: .open, damping: config.gestureDamping, velocityDown: 0, at: time)   // tap opens
        case (.pressedButton(let i, let start), .touch(.release(let p, _, let cancelled))):
            if isTap(from: start, to: p, cancelled: cancelled) { tapButton(i, at: time) }
            return settle(at: time)
        case (.pressedCloseButton(let start), .touch(.release(let p, _, let cancelled))):
            guard isTap(from: start, to: p, cancelled: cancelled) else { return settle(at: time) }
            return startTransition(to: .barPresented, damping: config.gestureDamping, velocityDown: 0, at: time)
        case (.draggingOpen, .touch(.release(_, let v, let cancelled))), (.draggingClosed, .touch(.release(_, let v, let cancelled))):
            var startedOpen = false
            if case .draggingClosed = phase { startedOpen = true }
            let target = cancelled ? (startedOpen ? .open : .barPresented)
                : rules.dragReleaseTarget(startedOpen: startedOpen, percent: percent, velocityDown: v.y)
            return startTransition(to: target, damping: config.gestureDamping,
                                   velocityDown: config.useReleaseVelocity && !cancelled ? v.y : 0, at: time)
        case (.paging, .touch(.release(_, let v, let cancelled))):
            let page = barLayout(card: cardFrame).titles.width + config.pageSpacing
            let vx = cancelled ? 0 : v.x * (env.isRTL ? -1 : 1)
            var step = rules.pageStep(offset: pageOffset, velocity: vx, page: page)
            if !config.items.indices.contains(itemIndex + step) { step = 0 }
            // A paging scroll view coming to rest, not a UIKit duration animation: a free spring.
            let spring = Spring(dampingRatio: 1, response: 0.35)
            return .pageSettling(SpringMotion(points: pageOffset, to: -Double(step) * page, velocity: vx, spring: spring,
                                              at: time), step: step)
        case (.snapClosing, .touch(.release)):
            // Released before the snap point: back to open.
            return startTransition(to: .open, damping: config.gestureDamping, velocityDown: 0, at: time)
        case (.pressedContent(let start, _), .touch(.release(let p, _, let cancelled))):
            if isTap(from: start, to: p, cancelled: cancelled) { emitAction(contentHit(at: p), at: time) }
            return settle(at: time)
        case (.waitingToOpen, .touch(.release)):
            return phase                                   // the open happens anyway
        case (.scrolling, .touch(.release)), (.ignoring, .touch(.release)):
            return settle(at: time)
        case (.idle, .touch(.release)), (.sliding, .touch(.release)), (.transitioning, .touch(.release)), (.presentingOpen, .touch(.release)),
             (.pageSettling, .touch(.release)):
            return phase
        case (.sliding, .abandonGesture), (.transitioning, .abandonGesture), (.presentingOpen, .abandonGesture), (.pageSettling, .abandonGesture),
             (.waitingToOpen, .abandonGesture), (.idle, .abandonGesture):
            return phase
        case (.pressedBar, .abandonGesture), (.pressedButton, .abandonGesture), (.pressedCloseButton, .abandonGesture),
             (.draggingOpen, .abandonGesture), (.pressedContent, .abandonGesture), (.scrolling, .abandonGesture),
             (.draggingClosed, .abandonGesture), (.snapClosing, .abandonGesture), (.paging, .abandonGesture),
             (.ignoring, .abandonGesture):
            pageOffset = 0
            guard percent != (popupState == .open ? 1 : 0) else { return settle(at: time) }
            return startTransition(to: popupState, damping: config.programmaticDamping, velocityDown: 0, at: time)
        case (_, .enqueue(let request)):
            queue.enqueue(request.operation, animated: request.animated)
            guard case .idle = phase else { return phase }
            return runQueue(from: phase, at: time)
        case (_, .restAt(let state)):
            popupState = state
            percent = state == .open ? 1 : 0
            hiddenShift = state == .hidden ? rules.hiddenShift : 0
            return .idle
        case (.pageSettling(var motion, let step), .tick):
            motion.advance(to: time)
            pageOffset = motion.value
            guard motion.isAtRest else { return .pageSettling(motion, step: step) }
            pageOffset = 0
            if step != 0 {
                itemIndex += step
                let item = config.items[itemIndex]
                title = item.title
                subtitle = item.subtitle
                marqueeStart = time
                events.emit(.barItemChanged(popup: id, index: itemIndex, title: title), at: time)
            }
            return settle(at: time)
        case (.waitingToOpen(let until), .tick):
            guard time >= until else { return phase }
            return startTransition(to: .open, damping: config.gestureDamping, velocityDown: 0, at: time)
        case (.sliding(var motion, let to), .tick):
            motion.advance(to: time)
            hiddenShift = motion.value
            guard motion.isAtRest else { return .sliding(motion, to: to) }
            hiddenShift = to == .hidden ? rules.hiddenShift : 0
            popupState = to
            marqueeStart = time
            events.emit(.popup(popup: id, change: to == .hidden ? .barDismissed : .barPresented), at: time)
            return settle(at: time)
        case (.transitioning(var motion, let to), .tick):
            motion.advance(to: time)
            percent = motion.value
            guard motion.isAtRest else { return .transitioning(motion, to: to) }
            percent = to == .open ? 1 : 0
            let changed = popupState != to
            popupState = to
            if to == .barPresented { marqueeStart = time }
            if changed { events.emit(.popup(popup: id, change: to == .open ? .didOpen : .didClose), at: time) }
            return settle(at: time)
        case (.presentingOpen(var motion, let fromShift), .tick):
            motion.advance(to: time)
            percent = motion.value
            hiddenShift = fromShift * (1 - min(max(motion.value, 0), 1))
            guard motion.isAtRest else { return .presentingOpen(motion, fromShift: fromShift) }
            percent = 1
            hiddenShift = 0
            popupState = .open
            // Both of the reference's animators end together; the bar's completes first.
            events.emit(.popup(popup: id, change: .barPresented), at: time)
            events.emit(.popup(popup: id, change: .didOpen), at: time)
            return settle(at: time)
        case (.idle, .tick), (.pressedBar, .tick), (.pressedButton, .tick), (.pressedCloseButton, .tick),
             (.draggingOpen, .tick), (.pressedContent, .tick), (.scrolling, .tick), (.draggingClosed, .tick),
             (.snapClosing, .tick), (.paging, .tick), (.ignoring, .tick):
            return phase
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
    private func settle(at time: Instant) -> Phase {
        runQueue(from: .idle, at: time)
    }

    /// Runs queued operations while idle: the phase the first one that moves starts. An
    /// unanimated operation jumps there at once with the events LNPopupController sends for
    /// `animated: false` (will and did together), and the next one runs.
    private func runQueue(from start: Phase, at time: Instant) -> Phase {
        var running = start
        while case .idle = running, let request = queue.next() {
            let damping = config.programmaticDamping
            let animated = request.animated
            switch (request.operation, popupState) {
            case (.present, .hidden), (.dismiss, .barPresented):
                let to: PopupState = request.operation == .present ? .barPresented : .hidden
                guard animated else {
                    jump(to: to, at: time)
                    continue
                }
                let spring = Spring(duration: config.transitionDuration, dampingRatio: damping)
                running = .sliding(SpringMotion(points: hiddenShift, to: to == .hidden ? rules.hiddenShift : 0,
                                              spring: spring, at: time), to: to)
            case (.open, .hidden):
                // Presented and opened in one transition (docs/components.md, Popup bar PB2).
                events.emit(.popup(popup: id, change: .willOpen), at: time)
                guard animated else {
                    // LN's unanimated order: the open completes inside the bar's presentation.
                    percent = 1
                    hiddenShift = 0
                    popupState = .open
                    events.emit(.popup(popup: id, change: .didOpen), at: time)
                    events.emit(.popup(popup: id, change: .barPresented), at: time)
                    continue
                }
                let spring = Spring(duration: config.transitionDuration, dampingRatio: damping)
                running = .presentingOpen(SpringMotion(from: 0, to: 1, velocity: 0, spring: spring, at: time,
                                                       restDistance: 0.0002, restSpeed: 0.002), fromShift: hiddenShift)
            case (.open, .barPresented), (.close, .open):
                let to: PopupState = request.operation == .open ? .open : .barPresented
                guard animated else {
                    jump(to: to, at: time)
                    continue
                }
                running = startTransition(to: to, damping: damping, velocityDown: 0, at: time)
            case (.dismiss, .open):
                queue.pushFront(request)
                guard animated else {
                    jump(to: .barPresented, at: time)
                    continue
                }
                running = startTransition(to: .barPresented, damping: damping, velocityDown: 0, at: time)
            case (.present, .barPresented), (.present, .open), (.dismiss, .hidden), (.open, .open),
                 (.close, .hidden), (.close, .barPresented):
                continue                                   // already there
            }
        }
        return running
    }

    /// An unanimated change to the neighbouring state `to`: the state jumps, no frame moves,
    /// and the will and did events of the change go out at `time`.
    private func jump(to target: PopupState, at time: Instant) {
        let from = popupState
        switch (from, target) {
        case (.barPresented, .open):
            events.emit(.popup(popup: id, change: .willOpen), at: time)
            events.emit(.popup(popup: id, change: .didOpen), at: time)
        case (.open, .barPresented):
            events.emit(.popup(popup: id, change: .willClose), at: time)
            events.emit(.popup(popup: id, change: .didClose), at: time)
        case (.hidden, .barPresented):
            events.emit(.popup(popup: id, change: .barPresented), at: time)
        case (.barPresented, .hidden):
            events.emit(.popup(popup: id, change: .barDismissed), at: time)
        case (.hidden, .hidden), (.barPresented, .barPresented), (.open, .open), (.hidden, .open), (.open, .hidden):
            break                                          // not a single step: runQueue never asks
        }
        popupState = target
        percent = target == .open ? 1 : 0
        hiddenShift = target == .hidden ? rules.hiddenShift : 0
        marqueeStart = time
    }

    /// Opens or closes with the reference's 0.5 s spring; `velocityDown` (pt/s, finger) becomes
    /// the spring's initial velocity in percent per second. Its rest thresholds are of a
    /// fraction, not points: 0.0002 of the travel is about 0.1 pt on a 480 pt screen.
    private func startTransition(to target: PopupState, damping: Double, velocityDown: Double, at time: Instant) -> Phase {
        if target != popupState {
            events.emit(.popup(popup: id, change: target == .open ? .willOpen : .willClose), at: time)
        }
        let v = rules.dockY > 0 ? -velocityDown / rules.dockY : 0
        let spring = Spring(duration: config.transitionDuration, dampingRatio: damping)
        return .transitioning(SpringMotion(from: percent, to: target == .open ? 1 : 0, velocity: v, spring: spring,
                                           at: time, restDistance: 0.0002, restSpeed: 0.002), to: target)
    }

    /// After a reload: hidden, bar or open as before (a motion under way ends where it was
    /// going), on the same item, with the title, progress and buttons the program set.
    public func carryState(from previous: Component) {
        guard let old = previous as? Popup else { return }
        switch old.phase {
        case .sliding(_, let to), .transitioning(_, let to): transition(.restAt(to), at: now)
        case .presentingOpen: transition(.restAt(.open), at: now)
        case .idle, .pressedBar, .pressedButton, .pressedCloseButton, .waitingToOpen, .draggingOpen, .pressedContent,
             .scrolling, .draggingClosed, .snapClosing, .paging, .pageSettling, .ignoring:
            transition(.restAt(old.popupState), at: now)
        }
        if config.items.indices.contains(old.itemIndex) { itemIndex = old.itemIndex }
        title = old.title
        subtitle = old.subtitle
        progress = old.progress
        if buttons.count == old.buttons.count { buttons = old.buttons }
        playing = old.playing
        minimized = old.minimized
        minimizeFraction = old.minimized ? 1 : 0
        scrollOffset = old.scrollOffset
        clampScroll()
    }

    public func contentChanged(at time: Instant) {
        guard let content else { return }
        scrollOffset = content.anchoredScrollOffset(scrollOffset, viewportHeight: contentViewportHeight)
    }

    private func clampScroll() {
        scrollOffset = content?.clampedScrollOffset(scrollOffset, viewportHeight: contentViewportHeight) ?? 0
    }

    /// A bar button's `action`. Play and pause are one toggle, as in every player: the
    /// action names what the tap asks for (`play` while paused, `pause` while playing) and the
    /// glyph flips at once (docs/components.md, Popup bar PB29).
    private func tapButton(_ i: Int, at time: Instant) {
        let b = shownButton(buttons[i])
        events.emit(.action(target: id, id: b.rawValue), at: time)
        switch b {
        case .play: playing = true
        case .pause: playing = false
        case .next, .previous, .close: break
        }
    }

    /// The glyph a configured button shows now: the play/pause slot follows `playing`.
    func shownButton(_ b: PopupBarButton) -> PopupBarButton {
        switch b {
        case .play, .pause: playing ? .pause : .play
        case .next, .previous, .close: b
        }
    }

    // MARK: Minimization (docs/components.md, Popup bar PB31)

    /// Starts the bar toward its minimized pill or back to the full bar (0.5 s, critically
    /// damped, as the reference's programmatic bar animations).
    func setMinimized(_ on: Bool, at time: Instant) {
        guard on != minimized else { return }
        minimized = on
        let spring = Spring(duration: config.transitionDuration, dampingRatio: config.programmaticDamping)
        minimizeMotion = SpringMotion(from: minimizeFraction, to: on ? 1 : 0, velocity: 0, spring: spring, at: time,
                                      restDistance: 0.0002, restSpeed: 0.002)
        events.emit(.popup(popup: id, change: on ? .barMinimized : .barExpanded), at: time)
    }

    /// Moves the minimization to `time`.
    func advanceMinimization(to time: Instant) {
        guard var m = minimizeMotion else { return }
        m.advance(to: time)
        minimizeFraction = min(max(m.value, 0), 1)
        if m.isAtRest {
            minimizeFraction = minimized ? 1 : 0
            minimizeMotion = nil
        } else {
            minimizeMotion = m
        }
    }

    /// The content under the bar scrolled by `dy` points (positive: toward its end). With
    /// `minimize_on_scroll`, scrolling down minimizes the presented bar and scrolling up brings
    /// it back.
    public func contentBelowScrolled(by dy: Double, at time: Instant) {
        guard config.minimizeOnScroll, popupState == .barPresented, dy != 0 else { return }
        setMinimized(dy > 0, at: time)
    }
}
