import PanelRenderer

/// MSDynamicsDrawerViewController's side drawers: a pane over up to two opposite drawers,
/// closed / open / openWide, moved by gravity into a collision wall (PaneDynamics), with
/// stylers driven by the closed fraction. Beyond the reference: the fling decision uses a
/// time-based velocity, the pane rests exactly on its wall, a pane replace can never get
/// stuck at openWide, and the edge zone can be given in millimetres.
public final class SideDrawer: Component, GestureComponent {
    /// A page the pane can show (`replace_pane <id>`).
    public struct Page {
        public var id: String
        public var title: String
        public var content: ContentView?
        public init(id: String, title: String, content: ContentView?) {
            self.id = id; self.title = title; self.content = content
        }
    }

    public let id: String
    public let kind = ComponentKind.sideDrawer
    public var config: SideDrawerConfig
    public let pages: [Page]
    public var drawerContent: [SideDrawerDirection: ContentView]
    let events: EventSink
    var text: TextRenderer?

    /// What comes after the running motion rests.
    enum FollowUp: Equatable {
        case none
        /// Replace: swap to this page at openWide, then close (interruptible).
        case swapPage(Int)
        /// Switch sides: open in this direction once closed.
        case open(SideDrawerDirection)
    }

    /// The state machine's phases; `transition` is the only place that assigns `phase` (it
    /// sets it to what `next` returns).
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

    /// Assigned only by `transition`.
    var phase = Phase.resting
    public private(set) var paneState = PaneState.closed
    /// The state the last will-change or commit named: where the program was told the pane
    /// is, or is going.
    private var announcedState = PaneState.closed
    public private(set) var direction = SideDrawerDirection.none
    /// Reveal distance (points, ≥ 0) along `drawingDirection`.
    public private(set) var distance = 0.0
    /// The direction the pane is displaced in, which stays set while a gesture or motion runs
    /// even when the public `direction` is already none (dragged back to closed).
    private(set) var drawingDirection = SideDrawerDirection.none
    public private(set) var pageIndex = 0
    /// The page each drawer shows when `set_drawer` put one there (a drawer from the app file
    /// has none). A page is in one place at a time: the pane or one drawer (its view is laid
    /// out for one width).
    public private(set) var drawerPages: [SideDrawerDirection: String] = [:]
    /// Drawers `remove_drawer` took away while the pane was open toward them: they go once
    /// the pane has closed (docs/components.md, Side drawer D29).
    private(set) var pendingRemoval: Set<SideDrawerDirection> = []
    /// The options of drawers that were removed, so a drawer set there again gets them back
    /// (the reference keeps reveal width and stylers per direction, drawer or not).
    var removedSides: [SideDrawerDirection: SideDrawerSideConfig] = [:]
    /// How far the current page is scrolled (points).
    public private(set) var paneScroll = 0.0
    private(set) var rules: SideDrawerRules
    /// The sides with a drawer, in the order left, right, top, bottom.
    public var sides: [SideDrawerDirection] { rules.directions }

    public init(id: String, config: SideDrawerConfig, pages: [Page], drawers: [SideDrawerDirection: ContentView],
                env: Environment, events: EventSink, text: TextRenderer? = nil) {
        self.id = id
        self.config = config
        self.pages = pages
        self.drawerContent = drawers
        self.events = events
        self.text = text
        rules = SideDrawerRules(config: config, env: env)
        layout(in: env)
    }

    var env: Environment { rules.env }
    public var paneOffset: Double { rules.paneOffset(distance: distance, drawingDirection) }
    public var closedFraction: Double { rules.closedFraction(distance: distance, drawingDirection) }
    public var paneFrame: Rect { rules.paneFrame(distance: distance, drawingDirection) }
    public var currentPage: Page? { pages.indices.contains(pageIndex) ? pages[pageIndex] : nil }

    public func layout(in env: Environment) {
        rules = SideDrawerRules(config: config, env: env)
        // Keep the logical state; a resting pane moves to the new geometry of its state.
        if case .resting = phase { distance = rules.distance(of: paneState, drawingDirection) }
        for p in pages { _ = p.content?.layout(width: env.size.width, env: env) }
        for (d, c) in drawerContent {
            _ = c.layout(width: d.isHorizontal ? rules.reveal(d) : env.size.width, env: env)
        }
    }

    public var motionPhase: MotionPhase {
        switch phase {
        case .resting: shell.restingPhase
        case .pressed, .pressedContent, .ignoringGesture: .pressed
        case .dragging: .dragging
        case .scrollingPane: .scrolling
        case .moving: .settling
        }
    }

    public var needsFrames: Bool {
        if shell.isFlinging { return true }
        if case .moving = phase { return true }
        return false
    }

    /// The pane covers the screen; every touch is the drawer's (the drawers lie under it).
    public func claims(_ p: Point) -> Bool { true }

    // MARK: Touch

    public func handle(_ t: TouchEvent) { handleTouch(t) }

    /// First finger, pressed rows, scroll views inside a page or a drawer: what every
    /// component does with a touch.
    var shell = GestureShell()
    public var drawRevision: Int { shell.revision }
    /// Numbers the snapshots of `state()`'s fields (`stateRevision`).
    var stateRevisions = StateRevision<StateSnapshot>()
    var touchSlop: Double { config.touchSlop }

    /// A scroll view may be in the pane's page or in the drawer beside it.
    func contentHit(at p: Point) -> ContentHit? {
        paneFrame.contains(p) ? paneHit(at: p) : drawerHit(at: p)
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

    enum Input: TouchInput {
        case touch(TouchTracker.Step)
        case setState(PaneState, SideDrawerDirection, interruptible: Bool, then: FollowUp)
        case jump(PaneState, SideDrawerDirection)
        /// After a reload: rest where the (carried) state puts the pane, without events.
        case restInPlace
        case bounce(SideDrawerDirection)
        case replace(Int)
        /// The unanimated replace: the page swaps where the pane is, nothing moves.
        case swapInPlace(Int)
        case tick
    }

    /// The phase after `input` in `phase`, with its effects (distance, state, events).
    func next(_ phase: Phase, _ input: Input, at time: Instant) -> Phase {
        switch (phase, input) {
        // A finger on a motion that does not allow interruption: ignored until it rests.
        case (.moving(_, _, false, _), .touch(.press)):
            return phase                                  // its moves and lift are ignored too
        case (.moving(var body, _, true, _), .touch(.press)):
            // Caught mid-flight: behaviours removed, the finger takes over where the pane is.
            body.advance(to: time)
            distance = body.position
            return next(.resting, input, at: time)
        case (.resting, .touch(.press(let p))), (.pressed, .touch(.press(let p))), (.pressedContent, .touch(.press(let p))),
             (.dragging, .touch(.press(let p))), (.scrollingPane, .touch(.press(let p))), (.ignoringGesture, .touch(.press(let p))):
            return pressPhase(at: p)
        case (.pressed(let start, let s0, let canPan), .touch(.move(let p))):
            guard leftSlop(from: start, to: p) else { return phase }
            let d = p - start
            let along = rules.isHorizontal ? d.x : d.y
            let across = rules.isHorizontal ? d.y : d.x
            // A pan from the edge zone beats the page's scrolling (docs/components.md, Side
            // drawer D4), so from there a diagonal down to 2:1 across still opens the drawer.
            let edgeWins = config.screenEdgePanCancelsConflictingGestures && paneState == .closed
                && rules.isInEdgeZone(start)
            if abs(along) < abs(across) * (edgeWins ? 0.5 : 1) {
                // Across the axis: the page's own scrolling, never the pane (a horizontal
                // drawer's pane list scrolls vertically).
                let across: Phase = rules.isHorizontal && maxPaneScroll > 0 ? .scrollingPane(lastY: start.y) : .ignoringGesture
                return next(across, input, at: time)
            }
            guard canPan else { return .ignoringGesture }
            // Direction: the open drawer's, else the first movement's (docs/components.md,
            // Side drawer D5).
            let dir = direction != .none ? direction : rules.direction(forFirstMovement: along)
            guard let side = config.sides[dir], side.dragRevealEnabled else { return .ignoringGesture }
            if direction == .none { direction = dir }
            drawingDirection = dir
            // The pane tracks the finger 1:1 from where it went down, as the reference's pan did.
            return next(.dragging(origin: rules.isHorizontal ? start.x : start.y, startDistance: s0, direction: dir),
                        input, at: time)
        case (.scrollingPane(let lastY), .touch(.move(let p))):
            // The runtime's one nested-scroll protocol, with a pane that cannot move across its
            // axis: the page takes the whole step, clamped (a pane page does not bounce).
            var nested = NestedScrollCoordinator(policy: .scrollFirst, containerPosition: 0, containerRange: 0...0,
                                                 contentOffset: min(max(paneScroll, 0), maxPaneScroll),
                                                 contentRange: 0...maxPaneScroll, showsOverflow: [])
            _ = nested.drag(by: p.y - lastY)
            paneScroll = nested.contentOffset
            return .scrollingPane(lastY: p.y)
        case (.pressedContent(let start, _), .touch(.move(let p))):
            return leftSlop(from: start, to: p) ? .ignoringGesture : phase
        case (.dragging(let origin, let s0, let dir), .touch(.move(let p))):
            let along = (rules.isHorizontal ? p.x : p.y) - origin
            distance = rules.dragDistance(start: s0, translation: along, dir)
            if distance == 0 {
                // Dragged exactly back to closed: commit it now; the gesture keeps its direction
                // (docs/components.md, Side drawer D6). Announced first, so every did-change
                // has its will-change.
                // (A pane thrown toward open and caught before it got there was announced open.)
                if announcedState != .closed { emitWill(.closed, direction != .none ? direction : dir, at: time) }
                commit(.closed, at: time)
                drawingDirection = dir
            } else if direction == .none {
                direction = dir
            }
            return phase
        case (.resting, .touch(.move)), (.ignoringGesture, .touch(.move)), (.moving, .touch(.move)):
            return phase                                  // nothing to move, or a blocked finger
        case (.dragging(_, _, let dir), .touch(.release(_, let v, _))):
            let along = dir.sign * (rules.isHorizontal ? v.x : v.y)
            let decision = rules.releaseDecision(distance: distance, velocity: along, dir)
            return startMotion(to: decision.target, dir, velocity: decision.initialVelocity,
                               interruptible: true, then: .none, at: time)
        case (.pressed(let start, _, _), .touch(.release(let p, _, let cancelled))):
            var after = Phase.resting
            if isTap(from: start, to: p, cancelled: cancelled) {
                if paneState != .closed, config.sides[direction]?.tapToClose ?? true {
                    after = startMotion(to: .closed, direction, velocity: 0, interruptible: true, then: .none, at: time)
                } else if paneState == .closed {
                    emitAction(paneHit(at: p), at: time)
                }
            }
            return settleIfDisplaced(after, at: time)
        case (.pressedContent(let start, let onDrawer), .touch(.release(let p, _, let cancelled))):
            var after = Phase.resting
            if isTap(from: start, to: p, cancelled: cancelled) {
                if onDrawer { after = tapDrawer(at: p, time: time) ?? after } else { emitAction(paneHit(at: p), at: time) }
            }
            return settleIfDisplaced(after, at: time)
        case (.scrollingPane, .touch(.release)), (.ignoringGesture, .touch(.release)):
            return settleIfDisplaced(.resting, at: time)
        case (.resting, .touch(.release)), (.moving, .touch(.release)):
            return phase                                  // no gesture, or a blocked finger
        case (_, .setState(let state, let dir, let interruptible, let then)):
            if state == paneState && (state == .closed || dir == direction), case .resting = phase { return phase }
            if state != .closed, direction != .none, dir != direction {
                // Switch sides: close first, then open the other drawer.
                return startMotion(to: .closed, direction, velocity: 0, interruptible: interruptible,
                                   then: .open(dir), at: time)
            }
            let d = state == .closed ? drawingDirection : dir
            return startMotion(to: state, d, velocity: 0, interruptible: interruptible, then: then, at: time)
        case (_, .jump(let state, let dir)):
            drawingDirection = state == .closed ? .none : dir
            if state != .closed { direction = dir }
            distance = rules.distance(of: state, drawingDirection)
            if state != paneState { emitWill(state, state == .closed ? direction : dir, at: time) }
            commit(state, at: time)
            return .resting
        case (_, .restInPlace):
            distance = rules.distance(of: paneState, drawingDirection)
            return .resting
        case (.resting, .bounce(let dir)):
            // From closed only; closed configuration, push toward open, elasticity 0.5
            // (docs/components.md, Side drawer D12).
            guard paneState == .closed, config.sides[dir] != nil else { return phase }
            drawingDirection = dir
            direction = dir
            let c = rules.dynamics(to: .closed, from: distance, dir, elasticity: config.bounceElasticity)
            var body = PaneDynamics(position: distance, configuration: c, at: time)
            body.push(velocityChange: rules.bounceVelocity, at: time)
            return .moving(body, target: .closed, interruptible: true, then: .none)
        case (.pressed, .bounce), (.pressedContent, .bounce), (.dragging, .bounce), (.scrollingPane, .bounce),
             (.ignoringGesture, .bounce), (.moving, .bounce):
            return phase
        case (_, .swapInPlace(let index)):
            // The reference's `setPaneViewController:animated:NO` only swaps the child view
            // controller: the pane stays where it is and the delegate hears nothing
            // (docs/components.md, Side drawer D13). A slide-off under way swaps to this page.
            showPage(index)
            if case .moving(let body, let target, let interruptible, .swapPage) = phase {
                return .moving(body, target: target, interruptible: interruptible, then: .swapPage(index))
            }
            return phase
        case (_, .replace(let index)):
            if index == pageIndex {
                return startMotion(to: .closed, drawingDirection, velocity: 0, interruptible: true, then: .none, at: time)
            }
            guard config.slideOffOnReplace else {
                showPage(index)
                return startMotion(to: .closed, drawingDirection, velocity: 0, interruptible: true, then: .none, at: time)
            }
            // Slide off with touches blocked, swap off-screen, close with touches allowed.
            let dir = direction != .none ? direction : (rules.directions.first ?? .left)
            if direction == .none { direction = dir }
            drawingDirection = dir
            return startMotion(to: .openWide, dir, velocity: 0, interruptible: false, then: .swapPage(index), at: time)
        case (.moving(var body, let target, let interruptible, let then), .tick):
            body.advance(to: time)
            distance = body.position
            guard body.isAtRest else { return .moving(body, target: target, interruptible: interruptible, then: then) }
            // Rest: exactly on the target wall (PaneDynamics), state committed
            // (docs/components.md, Side drawer D3).
            distance = rules.distance(of: target, drawingDirection)
            commit(target, at: time)
            switch then {
            case .none:
                return .resting
            case .swapPage(let i):
                showPage(i)
                return startMotion(to: .closed, drawingDirection, velocity: 0, interruptible: true, then: .none, at: time)
            case .open(let dir):
                // The drawer may have been removed while the pane closed.
                guard config.sides[dir] != nil else { return .resting }
                return next(.resting, .setState(.open, dir, interruptible: interruptible, then: .none), at: time)
            }
        case (.resting, .tick), (.pressed, .tick), (.pressedContent, .tick), (.dragging, .tick), (.scrollingPane, .tick),
             (.ignoringGesture, .tick):
            return phase
        }
    }

    /// Where a press lands decides what it may become.
    private func pressPhase(at p: Point) -> Phase {
        if !paneFrame.contains(p) { return .pressedContent(start: p, onDrawer: true) }
        if let action = paneAction(at: p), config.touchForwardingActions.contains(action) {
            return .pressedContent(start: p, onDrawer: false)       // controls keep the touch: docs/components.md, Side drawer D9
        }
        var canPan = !rules.directions.isEmpty
        if paneState == .closed, config.paneDragRequiresScreenEdgePan { canPan = rules.isInEdgeZone(p) }
        return .pressed(start: p, startDistance: distance, canPan: canPan)
    }

    /// A finger that caught a moving pane and then did not drag it leaves it between states:
    /// it goes on to the nearest one (every gesture ends in a legal resting state:
    /// docs/components.md, Side drawer D11). `after` unless it rests displaced.
    private func settleIfDisplaced(_ after: Phase, at time: Instant) -> Phase {
        guard case .resting = after, drawingDirection != .none,
              distance != rules.distance(of: paneState, drawingDirection) else { return after }
        let target = rules.releaseDecision(distance: distance, velocity: 0, drawingDirection).target
        return startMotion(to: target, drawingDirection, velocity: 0, interruptible: true, then: .none, at: time)
    }

    private func startMotion(to target: PaneState, _ dir: SideDrawerDirection, velocity v: Double,
                             interruptible: Bool, then: FollowUp, at time: Instant) -> Phase {
        guard dir != .none else {
            // Already closed with nothing displaced.
            distance = 0
            commit(.closed, at: time)
            return .resting
        }
        drawingDirection = dir
        if target != .closed { direction = dir }
        // Only toward a state not announced yet: a pane dragged shut has committed `closed`
        // already, and one let go short of where it was settles back; a will-change there had
        // no did-change after it, and a program showing "closing…" until the pair ended stuck.
        // A pane thrown toward open and caught back toward closed says so (it was announced open).
        if target != announcedState { emitWill(target, dir, at: time) }
        let c = rules.dynamics(to: target, from: distance, dir)
        var body = PaneDynamics(position: distance, configuration: c, at: time)
        if v != 0 { body.push(velocityChange: v, at: time) }
        return .moving(body, target: target, interruptible: interruptible, then: then)
    }

    /// Commits a resting state; did-change only when it changed (docs/components.md, Side
    /// drawer D16).
    private func commit(_ state: PaneState, at time: Instant) {
        let from = direction
        let changed = state != paneState
        paneState = state
        announcedState = state
        if state == .closed {
            direction = .none
            drawingDirection = .none
            distance = 0
            // A drawer removed while it was open goes now that nothing shows it.
            for d in pendingRemoval { dropDrawer(d) }
            pendingRemoval = []
        }
        guard changed else { return }
        events.emit(.paneStateDidChange(sideDrawer: id, state: state, direction: state == .closed ? from : direction), at: time)
    }

    private func emitWill(_ state: PaneState, _ dir: SideDrawerDirection, at time: Instant) {
        announcedState = state
        events.emit(.paneStateWillChange(sideDrawer: id, state: state, direction: dir), at: time)
    }

    // MARK: Taps on content

    var contentTop: Double { config.paneHeaderHeight }

    private func paneAction(at p: Point) -> String? {
        paneHit(at: p).flatMap { $0.content.action(at: $0.local) }
    }

    /// The pane's content under `p` (screen points) and `p` in its coordinates.
    private func paneHit(at p: Point) -> ContentHit? {
        let f = paneFrame
        guard p.y - f.y >= contentTop, let content = currentPage?.content else { return nil }
        return (content, Point(p.x - f.x, p.y - f.y - contentTop + paneScroll))
    }

    /// The open drawer's content under `p` and `p` in its coordinates.
    private func drawerHit(at p: Point) -> ContentHit? {
        let d = drawingDirection
        guard let content = drawerContent[d] else { return nil }
        let region = rules.drawerRegion(d, extent: rules.reveal(d))
        return (content, Point(p.x - region.x, p.y - region.y - drawerContentTop(d)))
    }

    /// After a reload: the pane open or closed to the same side as before (a motion under
    /// way ends where it was going), on the same page (by id) scrolled as before.
    public func carryState(from previous: Component) {
        guard let old = previous as? SideDrawer else { return }
        if let i = pages.firstIndex(where: { $0.id == old.currentPage?.id }) { pageIndex = i }
        // Drawers set or removed at run time stay so (the program's, like the page), where the
        // new file still has their pages and sides; their stylers are the file's again.
        for d in old.removedSides.keys where old.config.sides[d] == nil || old.pendingRemoval.contains(d) {
            if drawerPages[d] == nil, config.sides[d] != nil { dropDrawer(d) }
        }
        for (d, pageID) in old.drawerPages.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let i = pages.firstIndex(where: { $0.id == pageID }), i != pageIndex, drawerSide(showing: pageID) == nil else { continue }
            guard canHold(Set(rules.directions).union([d])) else { continue }
            placeDrawer(d, page: i)
        }
        let side = old.drawingDirection
        if side != .none, config.sides[side] != nil || old.paneState == .closed {
            paneState = old.paneState
            announcedState = old.paneState
            direction = old.direction
            drawingDirection = side
        }
        transition(.restInPlace, at: .zero)
        paneScroll = min(max(old.paneScroll, 0), maxPaneScroll)
    }

    /// Only the pane scrolls (a drawer's content fits its region); other pages start at
    /// their top when shown.
    public func contentChanged(at time: Instant) {
        guard let content = currentPage?.content else { return }
        paneScroll = content.anchoredScrollOffset(paneScroll, viewportHeight: env.size.height - contentTop)
    }

    var maxPaneScroll: Double {
        currentPage?.content?.maxScrollOffset(viewportHeight: env.size.height - contentTop) ?? 0
    }

    /// A tap on a drawer's row; a row naming a page shows it (the menu's purpose), with the
    /// replace animation: the motion that starts, if any.
    private func tapDrawer(at p: Point, time: Instant) -> Phase? {
        guard let a = emitAction(drawerHit(at: p), at: time), let i = pages.firstIndex(where: { $0.id == a }),
              drawerSide(showing: a) == nil else { return nil }
        return next(.resting, .replace(i), at: time)
    }

    /// Shows page `index` in the pane, from its top.
    private func showPage(_ index: Int) {
        pageIndex = index
        paneScroll = 0
    }

    /// The drawer that shows page `id`, if one does.
    func drawerSide(showing id: String) -> SideDrawerDirection? {
        drawerPages.first { $0.value == id }?.key
    }

    // MARK: Drawers set and removed at run time (docs/components.md, Side drawer D29)

    /// Puts page `index` in the drawer on `side` (replacing what it showed, or adding a
    /// drawer there with the options it had, or the reference's defaults).
    func placeDrawer(_ side: SideDrawerDirection, page index: Int) {
        pendingRemoval.remove(side)
        if config.sides[side] == nil { config.sides[side] = removedSides.removeValue(forKey: side) ?? SideDrawerSideConfig() }
        drawerContent[side] = pages[index].content
        drawerPages[side] = pages[index].id
        layout(in: env)
    }

    /// Takes the drawer on `side` away: at once when the pane is not open toward it, else
    /// once the pane has closed (the close is started by the caller).
    func scheduleRemoval(_ side: SideDrawerDirection) {
        if drawingDirection == side { pendingRemoval.insert(side) } else { dropDrawer(side) }
    }

    /// At most two drawers, and two only opposite (left and right, or top and bottom): the
    /// reference asserts the same.
    func canHold(_ sides: Set<SideDrawerDirection>) -> Bool {
        sides.count <= 1 || sides == [.left, .right] || sides == [.top, .bottom]
    }

    private func dropDrawer(_ side: SideDrawerDirection) {
        guard let options = config.sides.removeValue(forKey: side) else { return }
        removedSides[side] = options
        drawerContent[side] = nil
        drawerPages[side] = nil
        layout(in: env)
    }

    func drawerContentTop(_ d: SideDrawerDirection) -> Double {
        config.sides[d]?.title == nil ? 8 : config.paneHeaderHeight
    }
}
