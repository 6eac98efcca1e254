import PanelRenderer

/// The side drawer's logical state as one value, and the one place it changes
/// (docs/architecture.md, "Component machines"). Each input goes through `handle`, which
/// returns what the component must do about it (`Effect`: events to emit, drawers to take
/// away); the `SideDrawer` class around it only feeds inputs, applies effects and draws.
/// What the machine reads but does not own (the rules from the app file and the screen, the
/// pages, the content's actions and scroll extents) comes in as a `Context`, so tests drive it
/// without a screen (`SideDrawerMachineTests`).
///
/// The pane's motion (`PaneDynamics`, a pure value stepped by time) is part of the state, not
/// an animation the class runs: a finger that catches the moving pane takes it where it is at
/// the touch's own time, inside the transition (docs/components.md, Side drawer D11).
struct SideDrawerMachine {
    /// What comes after the running motion rests.
    enum FollowUp: Equatable {
        case none
        /// Replace: swap to this page at openWide, then close (interruptible).
        case swapPage(Int)
        /// Switch sides: open in this direction once closed.
        case open(SideDrawerDirection)
    }

    enum Phase {
        case resting
        /// Finger down on the pane, not yet past the slop: a tap or the start of a pan.
        case pressed(start: Point, startDistance: Double, canPan: Bool)
        /// Finger down on a visible drawer or a touch-forwarding control: taps only.
        case pressedContent(start: Point, onDrawer: Bool)
        /// The pane follows the finger; `direction` is fixed for the whole gesture.
        case dragging(origin: Double, startDistance: Double, direction: SideDrawerDirection)
        /// Across the drawer axis on a pane page that scrolls: the page scrolls.
        case scrollingPane(lastY: Double)
        /// A gesture the pane does not take (vetoed, wrong axis, or touches blocked).
        case ignoringGesture
        case moving(PaneDynamics, target: PaneState, interruptible: Bool, then: FollowUp)
    }

    enum Input: TouchInput {
        case touch(TouchTracker.Step)
        case setState(PaneState, SideDrawerDirection, interruptible: Bool, then: FollowUp)
        /// The unanimated change: the pane is at once where `PaneState` puts it, with its events.
        case jump(PaneState, SideDrawerDirection)
        case bounce(SideDrawerDirection)
        case replace(Int)
        /// The unanimated replace: the page swaps where the pane is, nothing moves.
        case swapInPlace(Int)
        case tick
        /// `remove_drawer`: at once, or once the pane has closed when it is open toward it
        /// (then it closes first; `animated` false: at once).
        case removeDrawer(SideDrawerDirection, animated: Bool)
        /// `set_drawer` put a drawer on this side: a removal waiting for the close is off.
        case drawerPlaced(SideDrawerDirection)
        /// The rules changed (screen, drawers, stylers): a resting pane moves to its state's
        /// new place.
        case relayout
        /// After a reload: take over `previous`'s pane (where the new rules still have its
        /// side) and scroll, on page `page`, resting, without events.
        case carry(from: SideDrawerMachine, page: Int)
        /// The program changed the shown page's content: its scroll offset, re-anchored by the
        /// content (points).
        case paneContentChanged(anchoredScroll: Double)
    }

    /// What the component does about a transition, in order.
    enum Effect: Equatable {
        case emit(KioskEvent)
        /// The drawer on this side goes now: its options are kept for a drawer set there again
        /// (docs/components.md, Side drawer D29).
        case dropDrawer(SideDrawerDirection)
    }

    /// Where content under a finger lies: a page in the pane, or the drawer on a side.
    enum ContentPlace: Equatable {
        case page(Int)
        case drawer(SideDrawerDirection)
    }

    /// What a transition reads but the machine does not own.
    struct Context {
        /// The component's id, the events' target.
        var componentID: String
        /// The configuration (with the sides that have a drawer now) and the screen.
        var rules: SideDrawerRules
        var pageIDs: [String]
        /// The page each drawer shows when `set_drawer` put one there.
        var drawerPages: [SideDrawerDirection: String]
        /// How far page `i`'s content scrolls in the pane (points; 0 when it fits).
        var maxPaneScroll: (Int) -> Double
        /// The action of the content at a place under a point in that content's own
        /// coordinates (points), if it has one there.
        var action: (ContentPlace, Point) -> String?
    }

    fileprivate(set) var phase = Phase.resting
    /// The pane's will/did pairing: `committed` is the resting state, `destination` the state
    /// the last will-change or commit named (docs/components.md, Side drawer D16).
    fileprivate(set) var pairing = WillDidPairing(committed: PaneState.closed)
    fileprivate(set) var direction = SideDrawerDirection.none
    /// Reveal distance (points, ≥ 0) along `drawingDirection`.
    fileprivate(set) var distance = 0.0
    /// The direction the pane is displaced in, which stays set while a gesture or motion runs
    /// even when `direction` is already none (dragged back to closed).
    fileprivate(set) var drawingDirection = SideDrawerDirection.none
    fileprivate(set) var pageIndex = 0
    /// How far the shown page is scrolled (points).
    fileprivate(set) var paneScroll = 0.0
    /// Drawers removed while the pane was open toward them: they go once it has closed (D29).
    fileprivate(set) var pendingRemoval: Set<SideDrawerDirection> = []

    var paneState: PaneState { pairing.committed }

    /// Takes `input` at `time`; returns the effects to apply, in order.
    mutating func handle(_ input: Input, at time: Instant, in context: Context) -> [Effect] {
        var t = Transition(m: self, context: context, time: time)
        t.m.phase = t.next(phase, input)
        self = t.m
        return t.effects
    }

    /// True while the pane moves by itself.
    var isMoving: Bool {
        if case .moving = phase { return true }
        return false
    }

    /// A press on a drawer's rows, on a touch-forwarding control, or on the closed pane's page
    /// (a press on an open pane is a tap that closes it).
    var holdsContentPress: Bool {
        switch phase {
        case .pressedContent: true
        case .pressed: paneState == .closed
        case .resting, .dragging, .scrollingPane, .ignoringGesture, .moving: false
        }
    }

    // MARK: Geometry the class shares (hit tests, drawing)

    func paneFrame(_ rules: SideDrawerRules) -> Rect { rules.paneFrame(distance: distance, drawingDirection) }

    /// `p` (screen points) in the shown page's content coordinates; nil over the pane's header.
    func paneContentPoint(_ p: Point, _ rules: SideDrawerRules) -> Point? {
        let f = paneFrame(rules)
        let top = rules.config.paneHeaderHeight
        guard p.y - f.y >= top else { return nil }
        return Point(p.x - f.x, p.y - f.y - top + paneScroll)
    }

    /// `p` (screen points) in the content coordinates of the drawer the pane is displaced from.
    func drawerContentPoint(_ p: Point, _ rules: SideDrawerRules) -> Point {
        let d = drawingDirection
        let region = rules.drawerRegion(d, extent: rules.reveal(d))
        return Point(p.x - region.x, p.y - region.y - rules.drawerContentTop(d))
    }
}

/// One transition under way: the machine being changed (`m`), what it reads, and the
/// effects so far. `next` is the transition table; the functions after it do the work.
private struct Transition {
    typealias Phase = SideDrawerMachine.Phase
    typealias Input = SideDrawerMachine.Input

    var m: SideDrawerMachine
    /// A drawer dropped during the transition is gone from here too, for what follows in it.
    var context: SideDrawerMachine.Context
    let time: Instant
    var effects: [SideDrawerMachine.Effect] = []

    var rules: SideDrawerRules { context.rules }
    var config: SideDrawerConfig { context.rules.config }

    /// The phase after `input` in `phase`.
    mutating func next(_ phase: Phase, _ input: Input) -> Phase {
        switch (phase, input) {
        // A finger on a motion that may not be caught is ignored to its lift (D11); an
        // interruptible one never sees a move or a lift (its press caught it).
        case (.moving(_, _, false, _), .touch(.press)), (.moving, .touch(.move)), (.moving, .touch(.release)):
            return phase
        case (.moving(let body, _, true, _), .touch(.press(let p))):
            catchPane(body)
            return pressPhase(at: p)
        case (.resting, .touch(.press(let p))), (.pressed, .touch(.press(let p))), (.pressedContent, .touch(.press(let p))),
             (.dragging, .touch(.press(let p))), (.scrollingPane, .touch(.press(let p))), (.ignoringGesture, .touch(.press(let p))):
            return pressPhase(at: p)
        case (.pressed(let start, let s0, let canPan), .touch(.move(let p))):
            guard leftSlop(from: start, to: p) else { return phase }
            return next(gestureAfterSlop(start: start, startDistance: s0, canPan: canPan, to: p), input)
        case (.pressedContent(let start, _), .touch(.move(let p))):
            return leftSlop(from: start, to: p) ? .ignoringGesture : phase
        case (.scrollingPane(let lastY), .touch(.move(let p))):
            scrollPane(by: p.y - lastY)
            return .scrollingPane(lastY: p.y)
        case (.dragging(let origin, let s0, let dir), .touch(.move(let p))):
            drag(to: p, origin: origin, startDistance: s0, dir)
            return phase
        case (.resting, .touch(.move)), (.ignoringGesture, .touch(.move)), (.resting, .touch(.release)):
            return phase                                  // nothing to move, or a blocked finger
        case (.dragging(_, _, let dir), .touch(.release(_, let v, _))):
            return release(dir, velocity: v)
        case (.pressed(let start, _, _), .touch(.release(let p, _, let cancelled))):
            return settleIfDisplaced(isTap(from: start, to: p, cancelled: cancelled) ? tapPane(at: p) : .resting)
        case (.pressedContent(let start, let onDrawer), .touch(.release(let p, _, let cancelled))):
            return settleIfDisplaced(isTap(from: start, to: p, cancelled: cancelled) ? tapContent(at: p, onDrawer: onDrawer) : .resting)
        case (.scrollingPane, .touch(.release)), (.ignoringGesture, .touch(.release)):
            return settleIfDisplaced(.resting)
        case (_, .setState(let state, let dir, let interruptible, let then)):
            return setState(state, dir, interruptible: interruptible, then: then, from: phase)
        case (_, .jump(let state, let dir)):
            jump(state, dir)
            return .resting
        case (.resting, .bounce(let dir)):
            return bounce(dir)
        case (.pressed, .bounce), (.pressedContent, .bounce), (.dragging, .bounce), (.scrollingPane, .bounce),
             (.ignoringGesture, .bounce), (.moving, .bounce):
            return phase                                  // from a closed pane at rest only (D12)
        case (_, .replace(let index)):
            return replace(index)
        case (_, .swapInPlace(let index)):
            return swapInPlace(index, during: phase)
        case (.moving(let body, let target, let interruptible, let then), .tick):
            return advance(body, target: target, interruptible: interruptible, then: then)
        case (.resting, .tick), (.pressed, .tick), (.pressedContent, .tick), (.dragging, .tick), (.scrollingPane, .tick),
             (.ignoringGesture, .tick):
            return phase
        case (_, .removeDrawer(let side, let animated)):
            return removeDrawer(side, animated: animated, during: phase)
        case (_, .drawerPlaced(let side)):
            m.pendingRemoval.remove(side)
            return phase
        case (.resting, .relayout):
            m.distance = rules.distance(of: m.paneState, m.drawingDirection)
            return .resting
        case (.pressed, .relayout), (.pressedContent, .relayout), (.dragging, .relayout), (.scrollingPane, .relayout),
             (.ignoringGesture, .relayout), (.moving, .relayout):
            return phase                                  // the gesture or motion goes on in the new geometry
        case (_, .carry(let previous, let page)):
            carry(previous, page: page)
            return .resting
        case (_, .paneContentChanged(let offset)):
            m.paneScroll = offset
            return phase
        }
    }

    // MARK: Touch

    /// Where a press lands decides what it may become.
    func pressPhase(at p: Point) -> Phase {
        if !m.paneFrame(rules).contains(p) { return .pressedContent(start: p, onDrawer: true) }
        if let action = paneAction(at: p), config.touchForwardingActions.contains(action) {
            return .pressedContent(start: p, onDrawer: false)       // controls keep the touch: D9
        }
        var canPan = !rules.directions.isEmpty
        if m.paneState == .closed, config.paneDragRequiresScreenEdgePan { canPan = rules.isInEdgeZone(p) }
        return .pressed(start: p, startDistance: m.distance, canPan: canPan)
    }

    /// Caught mid-flight: the motion stops, the finger takes over where the pane is at the
    /// touch's own time (D11).
    mutating func catchPane(_ body: PaneDynamics) {
        var body = body
        body.advance(to: time)
        m.distance = body.position
    }

    /// The gesture a press becomes once the finger has left the slop (D4, D5): its move is
    /// then taken in that phase.
    mutating func gestureAfterSlop(start: Point, startDistance s0: Double, canPan: Bool, to p: Point) -> Phase {
        let d = p - start
        let along = rules.isHorizontal ? d.x : d.y
        let across = rules.isHorizontal ? d.y : d.x
        // A pan from the edge zone beats the page's scrolling (D4), so from there a diagonal
        // down to 2:1 across still opens the drawer.
        let edgeWins = config.screenEdgePanCancelsConflictingGestures && m.paneState == .closed
            && rules.isInEdgeZone(start)
        if abs(along) < abs(across) * (edgeWins ? 0.5 : 1) {
            // Across the axis: the page's own scrolling, never the pane (a horizontal
            // drawer's pane list scrolls vertically).
            return rules.isHorizontal && context.maxPaneScroll(m.pageIndex) > 0 ? .scrollingPane(lastY: start.y) : .ignoringGesture
        }
        guard canPan else { return .ignoringGesture }
        // Direction: the open drawer's, else the first movement's (D5).
        let dir = m.direction != .none ? m.direction : rules.direction(forFirstMovement: along)
        guard let side = config.sides[dir], side.dragRevealEnabled else { return .ignoringGesture }
        if m.direction == .none { m.direction = dir }
        m.drawingDirection = dir
        // The pane tracks the finger 1:1 from where it went down, as the reference's pan did.
        return .dragging(origin: rules.isHorizontal ? start.x : start.y, startDistance: s0, direction: dir)
    }

    /// The runtime's one nested-scroll protocol, with a pane that cannot move across its
    /// axis: the page takes the whole step, clamped (a pane page does not bounce).
    mutating func scrollPane(by dy: Double) {
        let maxScroll = context.maxPaneScroll(m.pageIndex)
        var nested = NestedScrollCoordinator(policy: .scrollFirst, containerPosition: 0, containerRange: 0...0,
                                             contentOffset: min(max(m.paneScroll, 0), maxScroll),
                                             contentRange: 0...maxScroll, showsOverflow: [])
        _ = nested.drag(by: dy)
        m.paneScroll = nested.contentOffset
    }

    mutating func drag(to p: Point, origin: Double, startDistance s0: Double, _ dir: SideDrawerDirection) {
        let along = (rules.isHorizontal ? p.x : p.y) - origin
        m.distance = rules.dragDistance(start: s0, translation: along, dir)
        if m.distance == 0 {
            // Dragged exactly back to closed: commit it now; the gesture keeps its direction
            // (D6). Announced first, so every did-change has its will-change (a pane thrown
            // toward open and caught before it got there was announced open).
            announce(.closed, m.direction != .none ? m.direction : dir)
            commit(.closed)
            m.drawingDirection = dir
        } else if m.direction == .none {
            m.direction = dir
        }
    }

    mutating func release(_ dir: SideDrawerDirection, velocity v: Point) -> Phase {
        let along = dir.sign * (rules.isHorizontal ? v.x : v.y)
        let decision = rules.releaseDecision(distance: m.distance, velocity: along, dir)
        return startMotion(to: decision.target, dir, velocity: decision.initialVelocity, interruptible: true, then: .none)
    }

    /// A tap on the pane (D10): an open pane closes, a closed one reports the action under it.
    mutating func tapPane(at p: Point) -> Phase {
        if m.paneState != .closed {
            guard config.sides[m.direction]?.tapToClose ?? true else { return .resting }
            return startMotion(to: .closed, m.direction, velocity: 0, interruptible: true, then: .none)
        }
        if let dir = menuGlyphDrawer(at: p) {
            // The header's ☰ opens the menu, as its look promises (D34).
            return next(.resting, .setState(.open, dir, interruptible: config.allowUserInterruption, then: .none))
        }
        emitAction(paneAction(at: p))
        return .resting
    }

    /// The drawer the pane header's menu glyph opens when `p` is on it: the glyph sits at the
    /// leading end of the header (the right in right-to-left) and opens the drawer on that
    /// side, else the first drawer there is. The tap target is 60 pt wide and the header's
    /// height (at least 44 pt, the touch-target minimum), not only the 22 pt glyph.
    func menuGlyphDrawer(at p: Point) -> SideDrawerDirection? {
        let f = m.paneFrame(rules)
        let h = config.paneHeaderHeight
        let leading = rules.env.isRTL ? SideDrawerDirection.right : .left
        let onGlyph = p.y >= f.y && p.y < f.y + max(h, 44)
            && (rules.env.isRTL ? p.x >= f.maxX - 60 : p.x < f.x + 60)
        guard h > 0, onGlyph, let first = rules.directions.first else { return nil }
        return rules.directions.contains(leading) ? leading : first
    }

    /// A tap on a drawer's row or a touch-forwarding control; a drawer row naming a page
    /// shows it (the menu's purpose), with the replace animation.
    mutating func tapContent(at p: Point, onDrawer: Bool) -> Phase {
        guard onDrawer else {
            emitAction(paneAction(at: p))
            return .resting
        }
        let action = context.action(.drawer(m.drawingDirection), m.drawerContentPoint(p, rules))
        guard let a = emitAction(action), let i = context.pageIDs.firstIndex(of: a),
              !context.drawerPages.values.contains(a) else { return .resting }
        return next(.resting, .replace(i))
    }

    /// A finger that caught a moving pane and then did not drag it leaves it between states:
    /// it goes on to the nearest one (every gesture ends in a legal resting state: D11).
    /// `after` unless it rests displaced.
    mutating func settleIfDisplaced(_ after: Phase) -> Phase {
        guard case .resting = after, m.drawingDirection != .none,
              m.distance != rules.distance(of: m.paneState, m.drawingDirection) else { return after }
        let target = rules.releaseDecision(distance: m.distance, velocity: 0, m.drawingDirection).target
        return startMotion(to: target, m.drawingDirection, velocity: 0, interruptible: true, then: .none)
    }

    func paneAction(at p: Point) -> String? {
        m.paneContentPoint(p, rules).flatMap { context.action(.page(m.pageIndex), $0) }
    }

    func leftSlop(from start: Point, to p: Point) -> Bool { (p - start).length > config.touchSlop }

    /// A lift within the slop of where the finger went down, not cancelled.
    func isTap(from start: Point, to p: Point, cancelled: Bool) -> Bool {
        !cancelled && (p - start).length <= config.touchSlop
    }

    // MARK: Programmatic

    mutating func setState(_ state: PaneState, _ dir: SideDrawerDirection, interruptible: Bool, then: SideDrawerMachine.FollowUp,
                           from phase: Phase) -> Phase {
        // Already resting there: nothing to do (D14).
        if state == m.paneState && (state == .closed || dir == m.direction), case .resting = phase { return phase }
        if state != .closed, m.direction != .none, dir != m.direction {
            // Switch sides: close first, then open the other drawer (D14).
            return startMotion(to: .closed, m.direction, velocity: 0, interruptible: interruptible, then: .open(dir))
        }
        return startMotion(to: state, state == .closed ? m.drawingDirection : dir, velocity: 0,
                           interruptible: interruptible, then: then)
    }

    mutating func jump(_ state: PaneState, _ dir: SideDrawerDirection) {
        m.drawingDirection = state == .closed ? .none : dir
        if state != .closed { m.direction = dir }
        m.distance = rules.distance(of: state, m.drawingDirection)
        // Unlike a motion, an unanimated change says its will-change whenever the state
        // changes, even when a motion toward it said it already.
        if state != m.paneState { emitWill(state, state == .closed ? m.direction : dir) }
        commit(state)
    }

    /// From closed only: the closed configuration, pushed toward open, elasticity 0.5 (D12).
    mutating func bounce(_ dir: SideDrawerDirection) -> Phase {
        guard m.paneState == .closed, config.sides[dir] != nil else { return .resting }
        m.drawingDirection = dir
        m.direction = dir
        let c = rules.dynamics(to: .closed, from: m.distance, dir, elasticity: config.bounceElasticity)
        var body = PaneDynamics(position: m.distance, configuration: c, at: time)
        body.push(velocityChange: rules.bounceVelocity, at: time)
        return .moving(body, target: .closed, interruptible: true, then: .none)
    }

    /// D13: the page shown just closes; otherwise slide off with touches blocked, swap
    /// off-screen, close with touches allowed (or, without the slide-off, swap and close).
    mutating func replace(_ index: Int) -> Phase {
        if index == m.pageIndex {
            return startMotion(to: .closed, m.drawingDirection, velocity: 0, interruptible: true, then: .none)
        }
        guard config.slideOffOnReplace else {
            showPage(index)
            return startMotion(to: .closed, m.drawingDirection, velocity: 0, interruptible: true, then: .none)
        }
        let dir = m.direction != .none ? m.direction : (rules.directions.first ?? .left)
        if m.direction == .none { m.direction = dir }
        m.drawingDirection = dir
        return startMotion(to: .openWide, dir, velocity: 0, interruptible: false, then: .swapPage(index))
    }

    /// The reference's `setPaneViewController:animated:NO` only swaps the child view
    /// controller: the pane stays where it is and the delegate hears nothing (D13). A
    /// slide-off under way swaps to this page.
    mutating func swapInPlace(_ index: Int, during phase: Phase) -> Phase {
        showPage(index)
        if case .moving(let body, let target, let interruptible, .swapPage) = phase {
            return .moving(body, target: target, interruptible: interruptible, then: .swapPage(index))
        }
        return phase
    }

    /// A frame of the motion; at rest exactly on the target wall the state commits (D3) and
    /// what was to follow starts.
    mutating func advance(_ body: PaneDynamics, target: PaneState, interruptible: Bool,
                          then: SideDrawerMachine.FollowUp) -> Phase {
        var body = body
        body.advance(to: time)
        m.distance = body.position
        guard body.isAtRest else { return .moving(body, target: target, interruptible: interruptible, then: then) }
        m.distance = rules.distance(of: target, m.drawingDirection)
        commit(target)
        switch then {
        case .none:
            return .resting
        case .swapPage(let i):
            showPage(i)
            return startMotion(to: .closed, m.drawingDirection, velocity: 0, interruptible: true, then: .none)
        case .open(let dir):
            // The drawer may have been removed while the pane closed.
            guard config.sides[dir] != nil else { return .resting }
            return next(.resting, .setState(.open, dir, interruptible: interruptible, then: .none))
        }
    }

    /// D29: the drawer goes at once unless the pane is displaced toward it; then it goes once
    /// the pane has closed, and the pane closes now (uninterruptibly, or at once).
    mutating func removeDrawer(_ side: SideDrawerDirection, animated: Bool, during phase: Phase) -> Phase {
        if m.drawingDirection == side { m.pendingRemoval.insert(side) } else { dropDrawer(side) }
        guard m.pendingRemoval.contains(side) else { return phase }
        return next(phase, animated ? .setState(.closed, .none, interruptible: false, then: .none) : .jump(.closed, .none))
    }

    /// After a reload: the pane open or closed to the same side as before, where the new
    /// rules still have a drawer there (or it was closed); the page's scroll as before,
    /// clamped to the new content.
    mutating func carry(_ previous: SideDrawerMachine, page: Int) {
        m.pageIndex = page
        let side = previous.drawingDirection
        if side != .none, config.sides[side] != nil || previous.paneState == .closed {
            m.pairing.rest(at: previous.paneState)
            m.direction = previous.direction
            m.drawingDirection = side
        }
        m.distance = rules.distance(of: m.paneState, m.drawingDirection)
        m.paneScroll = min(max(previous.paneScroll, 0), context.maxPaneScroll(page))
    }

    // MARK: Motion and events

    mutating func startMotion(to target: PaneState, _ dir: SideDrawerDirection, velocity v: Double,
                              interruptible: Bool, then: SideDrawerMachine.FollowUp) -> Phase {
        guard dir != .none else {
            // Already closed with nothing displaced.
            m.distance = 0
            commit(.closed)
            return .resting
        }
        m.drawingDirection = dir
        if target != .closed { m.direction = dir }
        // Only toward a state not announced yet: a pane dragged shut has committed `closed`
        // already, and one let go short of where it was settles back; a will-change there had
        // no did-change after it. A pane thrown toward open and caught back toward closed says
        // so (it was announced open).
        announce(target, dir)
        let c = rules.dynamics(to: target, from: m.distance, dir)
        var body = PaneDynamics(position: m.distance, configuration: c, at: time)
        if v != 0 { body.push(velocityChange: v, at: time) }
        return .moving(body, target: target, interruptible: interruptible, then: then)
    }

    /// A will-change toward `state` when the pairing has not said it yet (D16).
    mutating func announce(_ state: PaneState, _ dir: SideDrawerDirection) {
        guard m.pairing.will(toward: state) != nil else { return }
        effects.append(.emit(.paneStateWillChange(sideDrawer: context.componentID, state: state, direction: dir)))
    }

    /// A will-change said whatever was announced before (the unanimated change); the commit
    /// that follows closes the pairing.
    mutating func emitWill(_ state: PaneState, _ dir: SideDrawerDirection) {
        effects.append(.emit(.paneStateWillChange(sideDrawer: context.componentID, state: state, direction: dir)))
    }

    /// Commits a resting state; did-change only when it changed (D16). The pairing would also
    /// answer a will-change that led back to where the pane rests (thrown toward open, caught
    /// and let go short); the side drawer stays silent there, as D16 says.
    mutating func commit(_ state: PaneState) {
        let from = m.direction
        let changed = state != m.paneState
        _ = m.pairing.did(at: state)
        if state == .closed {
            m.direction = .none
            m.drawingDirection = .none
            m.distance = 0
            // A drawer removed while it was open goes now that nothing shows it.
            for d in m.pendingRemoval.sorted(by: { $0.rawValue < $1.rawValue }) { dropDrawer(d) }
            m.pendingRemoval = []
        }
        guard changed else { return }
        effects.append(.emit(.paneStateDidChange(sideDrawer: context.componentID, state: state,
                                                 direction: state == .closed ? from : m.direction)))
    }

    /// Takes the drawer on `side` away, from the rules the rest of this transition reads too.
    mutating func dropDrawer(_ side: SideDrawerDirection) {
        guard context.rules.config.sides.removeValue(forKey: side) != nil else { return }
        context.drawerPages[side] = nil
        effects.append(.dropDrawer(side))
    }

    @discardableResult
    mutating func emitAction(_ action: String?) -> String? {
        guard let action else { return nil }
        effects.append(.emit(.action(target: context.componentID, id: action)))
        return action
    }

    /// Shows page `index` in the pane, from its top.
    mutating func showPage(_ index: Int) {
        m.pageIndex = index
        m.paneScroll = 0
    }
}
