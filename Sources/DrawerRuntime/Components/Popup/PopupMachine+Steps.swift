import PanelRenderer

/// The transition table's steps. Each returns the next phase, writes only the state it moves
/// and appends its events to `fx` in the order they happen (docs/components.md, Popup bar).
extension PopupMachine {
    // MARK: Presses and moves

    /// What a finger lands on decides the press (PB10, PB19).
    func pressPhase(at p: Point, _ c: Context) -> Phase {
        switch popupState {
        case .hidden: return .ignoring
        case .barPresented:
            if let i = buttonIndex(at: p, c.rules, titleWidth: c.titleWidth) { return .pressedButton(i, start: p) }
            return .pressedBar(start: p)
        case .open:
            if closeButtonFrame(c.config, c.rules).contains(p) { return .pressedCloseButton(start: p) }
            return .pressedContent(start: p, lastY: p.y)
        }
    }

    /// A press on the bar that left the slop: upward opens (snap waits, drag follows), sideways
    /// on the titles pages (PB21); downward, or with opening by gesture off, nothing.
    mutating func barMoved(from start: Point, to p: Point, at t: Instant, _ c: Context) -> Phase {
        guard leftSlop(start, p, c) else { return phase }
        let d = p - start
        let upward = abs(d.y) > abs(d.x) && d.y < 0
        let style = c.config.gestureStyle(opening: true)
        if upward, style == .snap { return .waitingToOpen(until: t + .seconds(c.config.snapOpenDelay)) }
        if upward, style == .drag { return dragOpen(from: start.y, to: p, c) }
        if abs(d.x) > abs(d.y), c.config.items.count > 1,
           barLayout(card: cardFrame(c.rules, titleWidth: c.titleWidth), c.rules.env).titles.insetBy(dx: -10, dy: 0).contains(start) {
            return page(from: start.x, to: p, c)
        }
        return .ignoring
    }

    /// The titles follow the finger in reading order; the first and last items resist like an edge.
    mutating func page(from originX: Double, to p: Point, _ c: Context) -> Phase {
        var dx = (p.x - originX) * (c.rules.env.isRTL ? -1 : 1)
        if (dx > 0 && itemIndex == 0) || (dx < 0 && itemIndex == c.config.items.count - 1) {
            dx = RubberBand.squareRoot(dx) * 2
        }
        pageOffset = dx
        return .paging(originX: originX)
    }

    /// The close button can be dragged too (LNPopupUI #8): a downward drag closes like the page.
    mutating func closeButtonMoved(from start: Point, to p: Point, at t: Instant, _ c: Context,
                                   _ fx: inout [Effect]) -> Phase {
        guard leftSlop(start, p, c) else { return phase }
        let d = p - start
        let style = c.config.gestureStyle(opening: false)
        guard d.y > 0, abs(d.y) >= abs(d.x), style != .none else { return .ignoring }
        return style == .snap ? snapClose(from: start.y, to: p, at: t, c, &fx) : dragClosed(from: start.y, to: p, c)
    }

    /// Drag style opening: the bar's bottom follows the finger, between the dock and the top.
    mutating func dragOpen(from originY: Double, to p: Point, _ c: Context) -> Phase {
        let maxY = min(max(c.rules.dockY + p.y - originY, 0), c.rules.dockY)
        percent = c.rules.percent(barMaxY: maxY)
        return .draggingOpen(originY: originY)
    }

    /// A press on the open page's content that left the slop: vertical scrolls, sideways is not ours.
    mutating func contentMoved(from start: Point, to p: Point, at t: Instant, _ c: Context,
                               _ fx: inout [Effect]) -> Phase {
        guard leftSlop(start, p, c) else { return phase }
        let d = p - start
        guard abs(d.y) >= abs(d.x) else { return .ignoring }
        return scroll(from: start.y, to: p, at: t, c, &fx)
    }

    /// One step shared between the content and the closing drag through the runtime's
    /// nested-scroll protocol (PB18): finger down scrolls the content back to its top first,
    /// then the rest of the step starts closing, from where the finger is (no jump), with the
    /// content pinned at its top for the rest of the gesture. The bar does not take the step
    /// when closing by gesture is off.
    mutating func scroll(from lastY: Double, to p: Point, at t: Instant, _ c: Context, _ fx: inout [Effect]) -> Phase {
        let style = c.config.gestureStyle(opening: false)
        let maxScroll = c.maxScrollOffset
        var nested = NestedScrollCoordinator(policy: .resizeFirst, containerPosition: 0,
                                             containerRange: 0...(style == .none ? 0 : .infinity),
                                             contentOffset: min(max(scrollOffset, 0), maxScroll), contentRange: 0...maxScroll,
                                             showsOverflow: [])
        let split = nested.drag(by: p.y - lastY)
        scrollOffset = nested.contentOffset
        guard split.container > 0 else { return .scrolling(lastY: p.y) }
        let origin = p.y - split.container
        return style == .snap ? snapClose(from: origin, to: p, at: t, c, &fx) : dragClosed(from: origin, to: p, c)
    }

    /// Drag style closing: the page's top follows the finger down from the open position.
    mutating func dragClosed(from originY: Double, to p: Point, _ c: Context) -> Phase {
        percent = c.rules.percent(barMaxY: min(max(p.y - originY, 0), c.rules.dockY))
        return .draggingClosed(originY: originY)
    }

    /// Snap style closing (PB15): rubber-banded, and once past the snap point it closes at
    /// once, before the finger lifts; the rest of this gesture is ignored.
    mutating func snapClose(from originY: Double, to p: Point, at t: Instant, _ c: Context, _ fx: inout [Effect]) -> Phase {
        let travel = p.y - originY
        percent = c.rules.percent(barMaxY: c.rules.snapDisplayedOffset(travel: travel))
        guard c.rules.snapShouldClose(travel: travel) else { return .snapClosing(originY: originY) }
        ignoringFinger = true
        return startTransition(to: .barPresented, damping: c.config.gestureDamping, at: t, c, &fx)
    }

    // MARK: Releases

    /// A tap on the bar opens; on the minimized pill it brings the full bar back (PB31).
    mutating func barReleased(from start: Point, at p: Point, cancelled: Bool, time t: Instant, _ c: Context,
                              _ fx: inout [Effect]) -> Phase {
        guard isTap(start, p, cancelled, c) else { return settle(at: t, c, &fx) }
        guard !minimized else {
            setMinimized(false, at: t, c, &fx)
            return settle(at: t, c, &fx)
        }
        return startTransition(to: .open, damping: c.config.gestureDamping, at: t, c, &fx)
    }

    /// A tap on a bar button does its action.
    mutating func buttonReleased(_ i: Int, from start: Point, at p: Point, cancelled: Bool, time t: Instant, _ c: Context,
                                 _ fx: inout [Effect]) -> Phase {
        if isTap(start, p, cancelled, c) { tapButton(i, &fx) }
        return settle(at: t, c, &fx)
    }

    /// A tap on the open page's close button closes (PB19).
    mutating func closeButtonReleased(from start: Point, at p: Point, cancelled: Bool, time t: Instant, _ c: Context,
                                      _ fx: inout [Effect]) -> Phase {
        guard isTap(start, p, cancelled, c) else { return settle(at: t, c, &fx) }
        return startTransition(to: .barPresented, damping: c.config.gestureDamping, at: t, c, &fx)
    }

    /// A tap on the open page's content reports the content's action there, if it has one.
    mutating func contentReleased(from start: Point, at p: Point, cancelled: Bool, time t: Instant, _ c: Context,
                                  _ fx: inout [Effect]) -> Phase {
        if isTap(start, p, cancelled, c), let action = c.actionUnderTouch { fx.append(.emit(.action(target: id, id: action))) }
        return settle(at: t, c, &fx)
    }

    /// A bar button's `action`. Play and pause are one toggle (PB29): the action names what
    /// the tap asks for (`play` while paused, `pause` while playing) and the glyph flips at once.
    mutating func tapButton(_ i: Int, _ fx: inout [Effect]) {
        let b = shownButton(buttons[i])
        fx.append(.emit(.action(target: id, id: b.rawValue)))
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

    /// Drag style release (PB16): the rule picks the target; a cancelled drag goes back to
    /// where it started. The finger's velocity carries into the spring when asked.
    mutating func dragReleased(startedOpen: Bool, velocity v: Point, cancelled: Bool, at t: Instant, _ c: Context,
                               _ fx: inout [Effect]) -> Phase {
        let target = cancelled ? (startedOpen ? .open : .barPresented)
            : c.rules.dragReleaseTarget(startedOpen: startedOpen, percent: percent, velocityDown: v.y)
        return startTransition(to: target, damping: c.config.gestureDamping,
                               velocityDown: c.config.useReleaseVelocity && !cancelled ? v.y : 0, at: t, c, &fx)
    }

    /// The titles settle on the page the release projects to (PB21).
    func pageReleased(velocity v: Point, cancelled: Bool, at t: Instant, _ c: Context) -> Phase {
        let page = barLayout(card: cardFrame(c.rules, titleWidth: c.titleWidth), c.rules.env).titles.width + c.config.pageSpacing
        let vx = cancelled ? 0 : v.x * (c.rules.env.isRTL ? -1 : 1)
        var step = c.rules.pageStep(offset: pageOffset, velocity: vx, page: page)
        if !c.config.items.indices.contains(itemIndex + step) { step = 0 }
        // A paging scroll view coming to rest, not a UIKit duration animation: a free spring.
        let spring = Spring(dampingRatio: 1, response: 0.35)
        return .pageSettling(SpringMotion(points: pageOffset, to: -Double(step) * page, velocity: vx, spring: spring,
                                          at: t), step: step)
    }

    /// Idle reset of a gesture in progress: back to where the popup rests, animated.
    mutating func abandon(at t: Instant, _ c: Context, _ fx: inout [Effect]) -> Phase {
        pageOffset = 0
        guard percent != (popupState == .open ? 1 : 0) else { return settle(at: t, c, &fx) }
        return startTransition(to: popupState, damping: c.config.programmaticDamping, at: t, c, &fx)
    }

    // MARK: Motions coming to rest

    mutating func settlePage(_ motion: SpringMotion, step: Int, at t: Instant, _ c: Context, _ fx: inout [Effect]) -> Phase {
        var motion = motion
        motion.advance(to: t)
        pageOffset = motion.value
        guard motion.isAtRest else { return .pageSettling(motion, step: step) }
        pageOffset = 0
        if step != 0 {
            itemIndex += step
            let item = c.config.items[itemIndex]
            title = item.title
            subtitle = item.subtitle
            marqueeStart = t
            fx.append(.emit(.barItemChanged(popup: id, index: itemIndex, title: title)))
        }
        return settle(at: t, c, &fx)
    }

    /// The bar sliding in or out; `bar_presented` / `bar_dismissed` when it arrives.
    mutating func slide(_ motion: SpringMotion, to target: PopupState, at t: Instant, _ c: Context,
                        _ fx: inout [Effect]) -> Phase {
        var motion = motion
        motion.advance(to: t)
        hiddenShift = motion.value
        guard motion.isAtRest else { return .sliding(motion, to: target) }
        hiddenShift = target == .hidden ? c.rules.hiddenShift : 0
        pairing.rest(at: target)                           // the bar's slides have no will
        marqueeStart = t
        fx.append(.emit(.popup(popup: id, change: target == .hidden ? .barDismissed : .barPresented)))
        return settle(at: t, c, &fx)
    }

    /// Opening or closing; the *did* when it comes to rest somewhere new.
    mutating func openOrClose(_ motion: SpringMotion, to target: PopupState, at t: Instant, _ c: Context,
                             _ fx: inout [Effect]) -> Phase {
        var motion = motion
        motion.advance(to: t)
        percent = motion.value
        guard motion.isAtRest else { return .transitioning(motion, to: target) }
        percent = target == .open ? 1 : 0
        if target == .barPresented { marqueeStart = t }
        if let did = pairing.did(at: target) { fx.append(.emit(.popup(popup: id, change: did == .open ? .didOpen : .didClose))) }
        return settle(at: t, c, &fx)
    }

    /// Presented and opened in one transition: both of the reference's animators end
    /// together, the bar's first.
    mutating func presentOpen(_ motion: SpringMotion, from fromShift: Double, at t: Instant, _ c: Context,
                              _ fx: inout [Effect]) -> Phase {
        var motion = motion
        motion.advance(to: t)
        percent = motion.value
        hiddenShift = fromShift * (1 - min(max(motion.value, 0), 1))
        guard motion.isAtRest else { return .presentingOpen(motion, fromShift: fromShift) }
        percent = 1
        hiddenShift = 0
        fx.append(.emit(.popup(popup: id, change: .barPresented)))
        if pairing.did(at: .open) != nil { fx.append(.emit(.popup(popup: id, change: .didOpen))) }
        return settle(at: t, c, &fx)
    }

    // MARK: The queue (PB2, PB32)

    /// Queues `request` (coalescing what is pending); it runs now if nothing moves, else when
    /// the running motion ends.
    mutating func enqueue(_ request: PopupQueue.Request, at t: Instant, _ c: Context, _ fx: inout [Effect]) -> Phase {
        queue.enqueue(request.operation, animated: request.animated)
        guard case .idle = phase else { return phase }
        return settle(at: t, c, &fx)
    }

    /// Back to idle; queued operations run now.
    mutating func settle(at t: Instant, _ c: Context, _ fx: inout [Effect]) -> Phase {
        var running = Phase.idle
        while case .idle = running, let request = queue.next() { running = run(request, at: t, c, &fx) }
        return running
    }

    /// The phase a queued operation starts (idle when it moves nothing). An unanimated one
    /// jumps there at once with the events LNPopupController sends for `animated: false`
    /// (will and did together), and the next one runs.
    mutating func run(_ request: PopupQueue.Request, at t: Instant, _ c: Context, _ fx: inout [Effect]) -> Phase {
        let damping = c.config.programmaticDamping
        switch (request.operation, popupState) {
        case (.present, .hidden), (.dismiss, .barPresented):
            let to: PopupState = request.operation == .present ? .barPresented : .hidden
            guard request.animated else { jump(to: to, at: t, c, &fx); return .idle }
            let spring = Spring(duration: c.config.transitionDuration, dampingRatio: damping)
            return .sliding(SpringMotion(points: hiddenShift, to: to == .hidden ? c.rules.hiddenShift : 0,
                                         spring: spring, at: t), to: to)
        case (.open, .hidden):
            // Presented and opened in one transition (PB2).
            if pairing.will(toward: .open) != nil { fx.append(.emit(.popup(popup: id, change: .willOpen))) }
            guard request.animated else {
                // LN's unanimated order: the open completes inside the bar's presentation.
                percent = 1
                hiddenShift = 0
                if pairing.did(at: .open) != nil { fx.append(.emit(.popup(popup: id, change: .didOpen))) }
                fx.append(.emit(.popup(popup: id, change: .barPresented)))
                return .idle
            }
            let spring = Spring(duration: c.config.transitionDuration, dampingRatio: damping)
            return .presentingOpen(SpringMotion(from: 0, to: 1, velocity: 0, spring: spring, at: t,
                                                restDistance: 0.0002, restSpeed: 0.002), fromShift: hiddenShift)
        case (.open, .barPresented), (.close, .open):
            let to: PopupState = request.operation == .open ? .open : .barPresented
            guard request.animated else { jump(to: to, at: t, c, &fx); return .idle }
            return startTransition(to: to, damping: damping, at: t, c, &fx)
        case (.dismiss, .open):
            queue.pushFront(request)                       // closes first, then dismisses
            guard request.animated else { jump(to: .barPresented, at: t, c, &fx); return .idle }
            return startTransition(to: .barPresented, damping: damping, at: t, c, &fx)
        case (.present, .barPresented), (.present, .open), (.dismiss, .hidden), (.open, .open),
             (.close, .hidden), (.close, .barPresented):
            return .idle                                   // already there
        }
    }

    /// An unanimated change to the neighbouring state `target`: the state jumps, no frame
    /// moves, and the will and did events of the change go out together.
    mutating func jump(to target: PopupState, at t: Instant, _ c: Context, _ fx: inout [Effect]) {
        switch (popupState, target) {
        case (.barPresented, .open), (.open, .barPresented):
            if pairing.will(toward: target) != nil { fx.append(.emit(.popup(popup: id, change: target == .open ? .willOpen : .willClose))) }
            if pairing.did(at: target) != nil { fx.append(.emit(.popup(popup: id, change: target == .open ? .didOpen : .didClose))) }
        case (.hidden, .barPresented):
            fx.append(.emit(.popup(popup: id, change: .barPresented)))
        case (.barPresented, .hidden):
            fx.append(.emit(.popup(popup: id, change: .barDismissed)))
        case (.hidden, .hidden), (.barPresented, .barPresented), (.open, .open), (.hidden, .open), (.open, .hidden):
            break                                          // not a single step: `run` never asks
        }
        rest(at: target, c)
        marqueeStart = t
    }

    /// Opens or closes with the reference's 0.5 s spring; `velocityDown` (pt/s, finger) becomes
    /// the spring's initial velocity in percent per second. Its rest thresholds are of a
    /// fraction, not points: 0.0002 of the travel is about 0.1 pt on a 480 pt screen. The
    /// *will* goes out when the target is new.
    mutating func startTransition(to target: PopupState, damping: Double, velocityDown: Double = 0, at t: Instant,
                                  _ c: Context, _ fx: inout [Effect]) -> Phase {
        if pairing.will(toward: target) != nil {
            fx.append(.emit(.popup(popup: id, change: target == .open ? .willOpen : .willClose)))
        }
        let v = c.rules.dockY > 0 ? -velocityDown / c.rules.dockY : 0
        let spring = Spring(duration: c.config.transitionDuration, dampingRatio: damping)
        return .transitioning(SpringMotion(from: percent, to: target == .open ? 1 : 0, velocity: v, spring: spring,
                                           at: t, restDistance: 0.0002, restSpeed: 0.002), to: target)
    }

    /// Rests in `state` at once, saying nothing.
    mutating func rest(at state: PopupState, _ c: Context) {
        pairing.rest(at: state)
        placeAtRest(c)
    }

    /// A new layout moves a resting popup to its place in the new geometry; a motion keeps
    /// going where it was going.
    mutating func relayout(_ c: Context) -> Phase {
        if case .idle = phase { placeAtRest(c) }
        return phase
    }

    /// The fractions of where the popup rests, in the context's geometry.
    mutating func placeAtRest(_ c: Context) {
        percent = popupState == .open ? 1 : 0
        hiddenShift = popupState == .hidden ? c.rules.hiddenShift : 0
    }

    // MARK: Edits: the item, minimization, the content's scroll offset (PB29, PB31)

    mutating func apply(_ edit: Edit, at t: Instant, _ c: Context, _ fx: inout [Effect]) {
        switch edit {
        case .contentReflowed(let offset): scrollOffset = offset
        case .setItem(let title, let subtitle, let progress, let playing):
            setItem(title: title, subtitle: subtitle, progress: progress, playing: playing, at: t)
        case .restartMarquee: marqueeStart = t
        case .setMinimized(let on): setMinimized(on, at: t, c, &fx)
        case .contentBelowScrolled(let dy):
            if c.config.minimizeOnScroll, popupState == .barPresented, dy != 0 { setMinimized(dy > 0, at: t, c, &fx) }
        }
    }

    mutating func setItem(title newTitle: String?, subtitle newSubtitle: String?, progress newProgress: Double?,
                          playing newPlaying: Bool?, at t: Instant) {
        if let newTitle { title = newTitle }
        if let newSubtitle { subtitle = newSubtitle }
        if newTitle != nil || newSubtitle != nil { marqueeStart = t }   // restart when either text changes
        if let newProgress { progress = min(max(newProgress, 0), 1) }
        if let newPlaying { playing = newPlaying }
    }

    /// Starts the bar toward its minimized pill or back to the full bar (0.5 s, critically
    /// damped, as the reference's programmatic bar animations).
    mutating func setMinimized(_ on: Bool, at t: Instant, _ c: Context, _ fx: inout [Effect]) {
        guard on != minimized else { return }
        minimized = on
        let spring = Spring(duration: c.config.transitionDuration, dampingRatio: c.config.programmaticDamping)
        minimizeMotion = SpringMotion(from: minimizeFraction, to: on ? 1 : 0, velocity: 0, spring: spring, at: t,
                                      restDistance: 0.0002, restSpeed: 0.002)
        fx.append(.emit(.popup(popup: id, change: on ? .barMinimized : .barExpanded)))
    }

    /// Moves the minimization to `t`.
    mutating func advanceMinimization(to t: Instant) {
        guard var m = minimizeMotion else { return }
        m.advance(to: t)
        minimizeFraction = min(max(m.value, 0), 1)
        if m.isAtRest {
            minimizeFraction = minimized ? 1 : 0
            minimizeMotion = nil
        } else {
            minimizeMotion = m
        }
    }

    // MARK: Reload

    /// After a reload: hidden, bar or open as `old` was (a motion under way ends where it was
    /// going), on the same item, with the title, progress, buttons, minimization and scroll
    /// offset the program and the user left. No events.
    mutating func carry(from old: PopupMachine, _ c: Context) {
        switch old.phase {
        case .sliding(_, let to), .transitioning(_, let to): rest(at: to, c)
        case .presentingOpen: rest(at: .open, c)
        case .idle, .pressedBar, .pressedButton, .pressedCloseButton, .waitingToOpen, .draggingOpen, .pressedContent,
             .scrolling, .draggingClosed, .snapClosing, .paging, .pageSettling, .ignoring:
            rest(at: old.popupState, c)
        }
        phase = .idle
        if c.config.items.indices.contains(old.itemIndex) { itemIndex = old.itemIndex }
        title = old.title
        subtitle = old.subtitle
        progress = old.progress
        if buttons.count == old.buttons.count { buttons = old.buttons }
        playing = old.playing
        minimized = old.minimized
        minimizeFraction = old.minimized ? 1 : 0
        scrollOffset = old.scrollOffset
    }

    // MARK: Readings

    /// The finger moves the popup itself (the chevron flattens).
    var isDragging: Bool {
        switch phase {
        case .draggingOpen, .draggingClosed, .snapClosing: true
        case .idle, .sliding, .transitioning, .presentingOpen, .pressedBar, .pressedButton, .pressedCloseButton,
             .waitingToOpen, .pressedContent, .scrolling, .paging, .pageSettling, .ignoring: false
        }
    }

    /// Only a press on the open popup's content shows a row pressed.
    var holdsContentPress: Bool {
        switch phase {
        case .pressedContent: true
        case .idle, .sliding, .transitioning, .presentingOpen, .pressedBar, .pressedButton, .pressedCloseButton,
             .waitingToOpen, .draggingOpen, .scrolling, .draggingClosed, .snapClosing, .paging, .pageSettling,
             .ignoring: false
        }
    }

    /// Something moves on its own and needs frames: a motion in the phase, a timed open, or
    /// the minimization.
    var isMoving: Bool {
        if minimizeMotion != nil { return true }
        switch phase {
        case .sliding, .transitioning, .presentingOpen, .waitingToOpen, .pageSettling: return true
        case .idle, .pressedBar, .pressedButton, .pressedCloseButton, .draggingOpen, .pressedContent, .scrolling,
             .draggingClosed, .snapClosing, .paging, .ignoring: return false
        }
    }

    // MARK: Slop (docs/components.md, M4)

    /// The finger has moved past the slop in any direction.
    func leftSlop(_ start: Point, _ p: Point, _ c: Context) -> Bool { (p - start).length > c.config.touchSlop }

    /// A lift within the slop of where the finger went down, not cancelled: a tap.
    func isTap(_ start: Point, _ p: Point, _ cancelled: Bool, _ c: Context) -> Bool {
        !cancelled && (p - start).length <= c.config.touchSlop
    }
}
