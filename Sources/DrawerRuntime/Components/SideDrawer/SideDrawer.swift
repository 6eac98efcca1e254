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
    /// The pages' ids, in order (what the machine reads of the pages).
    let pageIDs: [String]
    public var drawerContent: [SideDrawerDirection: ContentView]
    let events: EventSink
    var text: TextRenderer?

    /// The logical state: phase, pane state and its will/did pairing, direction, distance,
    /// page, scroll, drawers waiting to go. Changed only by `feed`.
    private(set) var machine = SideDrawerMachine()

    public var paneState: PaneState { machine.paneState }
    public var direction: SideDrawerDirection { machine.direction }
    /// Reveal distance (points, ≥ 0) along `drawingDirection`.
    public var distance: Double { machine.distance }
    /// The direction the pane is displaced in, which stays set while a gesture or motion runs
    /// even when the public `direction` is already none (dragged back to closed).
    var drawingDirection: SideDrawerDirection { machine.drawingDirection }
    public var pageIndex: Int { machine.pageIndex }
    /// How far the current page is scrolled (points).
    public var paneScroll: Double { machine.paneScroll }
    /// Drawers `remove_drawer` took away while the pane was open toward them: they go once
    /// the pane has closed (docs/components.md, Side drawer D29).
    var pendingRemoval: Set<SideDrawerDirection> { machine.pendingRemoval }
    /// The page each drawer shows when `set_drawer` put one there (a drawer from the app file
    /// has none). A page is in one place at a time: the pane or one drawer (its view is laid
    /// out for one width).
    public private(set) var drawerPages: [SideDrawerDirection: String] = [:]
    /// The options of drawers that were removed, so a drawer set there again gets them back
    /// (the reference keeps reveal width and stylers per direction, drawer or not).
    var removedSides: [SideDrawerDirection: SideDrawerSideConfig] = [:]
    private(set) var rules: SideDrawerRules
    /// The sides with a drawer, in the order left, right, top, bottom.
    public var sides: [SideDrawerDirection] { rules.directions }

    public init(id: String, config: SideDrawerConfig, pages: [Page], drawers: [SideDrawerDirection: ContentView],
                env: Environment, events: EventSink, text: TextRenderer? = nil) {
        self.id = id
        self.config = config
        self.pages = pages
        pageIDs = pages.map(\.id)
        self.drawerContent = drawers
        self.events = events
        self.text = text
        rules = SideDrawerRules(config: config, env: env)
        layout(in: env)
    }

    var env: Environment { rules.env }
    public var paneOffset: Double { rules.paneOffset(distance: distance, drawingDirection) }
    public var closedFraction: Double { rules.closedFraction(distance: distance, drawingDirection) }
    public var paneFrame: Rect { machine.paneFrame(rules) }
    public var currentPage: Page? { pages.indices.contains(pageIndex) ? pages[pageIndex] : nil }

    public func layout(in env: Environment) {
        rules = SideDrawerRules(config: config, env: env)
        // Keep the logical state; a resting pane moves to the new geometry of its state.
        feed(.relayout, at: .zero)
        for p in pages { _ = p.content?.layout(width: env.size.width, env: env) }
        for (d, c) in drawerContent {
            _ = c.layout(width: d.isHorizontal ? rules.reveal(d) : env.size.width, env: env)
        }
    }

    public var motionPhase: MotionPhase {
        switch machine.phase {
        case .resting: shell.restingPhase
        case .pressed, .pressedContent, .ignoringGesture: .pressed
        case .dragging: .dragging
        case .scrollingPane: .scrolling
        case .moving: .settling
        }
    }

    public var needsFrames: Bool { shell.isFlinging || machine.isMoving }

    /// The pane covers the screen; every touch is the drawer's (the drawers lie under it).
    public func claims(_ p: Point) -> Bool { true }

    // MARK: The machine

    /// The one place the state changes: `input` goes into the machine, then its effects are
    /// applied in order (after the transition, so an effect that feeds the machine again, a
    /// dropped drawer's relayout, finds it settled).
    func feed(_ input: SideDrawerMachine.Input, at time: Instant) {
        // Built before the machine is entered: its closures read the pages, never the machine.
        let context = context(for: input)
        let effects = machine.handle(input, at: time, in: context)
        for effect in effects { apply(effect, at: time) }
    }

    /// Does what the machine asked for.
    func apply(_ effect: SideDrawerMachine.Effect, at time: Instant) {
        switch effect {
        case .emit(let event): events.emit(event, at: time)
        case .dropDrawer(let side): dropDrawer(side)
        }
    }

    /// What the machine reads of the component: its rules, pages and content (the same for
    /// every input).
    func context(for input: SideDrawerMachine.Input) -> SideDrawerMachine.Context {
        SideDrawerMachine.Context(
            componentID: id, rules: rules, pageIDs: pageIDs, drawerPages: drawerPages,
            // Closures over the component alone: one captured reference, nothing to allocate
            // per frame.
            maxPaneScroll: { i in self.maxPaneScroll(ofPage: i) },
            action: { place, local in
                switch place {
                case .page(let i): self.pages.indices.contains(i) ? self.pages[i].content?.action(at: local) : nil
                case .drawer(let d): self.drawerContent[d]?.action(at: local)
                }
            })
    }

    // MARK: Touch

    public func handle(_ t: TouchEvent) { handleTouch(t) }

    /// First finger, pressed rows, scroll views inside a page or a drawer: what every
    /// component does with a touch.
    var shell = GestureShell()
    public var drawRevision: Int { shell.revision }
    /// Numbers the snapshots of `state()`'s fields (`stateRevision`).
    var stateRevisions = StateRevision<StateSnapshot>()
    var touchSlop: Double { config.touchSlop }

    // `GestureComponent` still names a `phase` and a `next` (the other components' shape).
    // Here they read through to the machine: `next` feeds it (the shell's `transition` passes
    // the machine's own phase) and returns its new phase, which `transition` then assigns back,
    // a no-op. Nothing else assigns the phase.
    typealias Phase = SideDrawerMachine.Phase
    typealias Input = SideDrawerMachine.Input
    var phase: Phase {
        get { machine.phase }
        set {}   // already the machine's (see above)
    }
    func next(_ phase: Phase, _ input: Input, at time: Instant) -> Phase {
        feed(input, at: time)
        return machine.phase
    }

    /// A scroll view may be in the pane's page or in the drawer beside it.
    func contentHit(at p: Point) -> ContentHit? {
        if paneFrame.contains(p) {
            guard let local = machine.paneContentPoint(p, rules), let content = currentPage?.content else { return nil }
            return (content, local)
        }
        guard let content = drawerContent[drawingDirection] else { return nil }
        return (content, machine.drawerContentPoint(p, rules))
    }

    /// A press on a drawer's rows, on a touch-forwarding control, or on the closed pane's page.
    var holdsContentPress: Bool { machine.holdsContentPress }

    // MARK: Content

    var contentTop: Double { config.paneHeaderHeight }

    /// After a reload: the pane open or closed to the same side as before, on the same page
    /// (by id) scrolled as before.
    public func carryState(from previous: Component) {
        guard let old = previous as? SideDrawer else { return }
        let page = pages.firstIndex(where: { $0.id == old.currentPage?.id }) ?? pageIndex
        // Drawers set or removed at run time stay so (the program's, like the page), where the
        // new file still has their pages and sides; their stylers are the file's again.
        for d in old.removedSides.keys where old.config.sides[d] == nil || old.pendingRemoval.contains(d) {
            if drawerPages[d] == nil, config.sides[d] != nil { dropDrawer(d) }
        }
        for (d, pageID) in old.drawerPages.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let i = pages.firstIndex(where: { $0.id == pageID }), i != page, drawerSide(showing: pageID) == nil else { continue }
            guard canHold(Set(rules.directions).union([d])) else { continue }
            placeDrawer(d, page: i)
        }
        feed(.carry(from: old.machine, page: page), at: .zero)
    }

    /// Only the pane scrolls (a drawer's content fits its region); other pages start at
    /// their top when shown.
    public func contentChanged(at time: Instant) {
        guard let content = currentPage?.content else { return }
        let offset = content.anchoredScrollOffset(paneScroll, viewportHeight: env.size.height - contentTop)
        feed(.paneContentChanged(anchoredScroll: offset), at: time)
    }

    /// How far page `i` scrolls in the pane (points).
    private func maxPaneScroll(ofPage i: Int) -> Double {
        guard pages.indices.contains(i) else { return 0 }
        return pages[i].content?.maxScrollOffset(viewportHeight: env.size.height - contentTop) ?? 0
    }

    /// The drawer that shows page `id`, if one does.
    func drawerSide(showing id: String) -> SideDrawerDirection? {
        drawerPages.first { $0.value == id }?.key
    }

    // MARK: Drawers set and removed at run time (docs/components.md, Side drawer D29)

    /// Puts page `index` in the drawer on `side` (replacing what it showed, or adding a
    /// drawer there with the options it had, or the reference's defaults).
    func placeDrawer(_ side: SideDrawerDirection, page index: Int) {
        feed(.drawerPlaced(side), at: .zero)
        if config.sides[side] == nil { config.sides[side] = removedSides.removeValue(forKey: side) ?? SideDrawerSideConfig() }
        drawerContent[side] = pages[index].content
        drawerPages[side] = pages[index].id
        layout(in: env)
    }

    /// At most two drawers, and two only opposite (left and right, or top and bottom): the
    /// reference asserts the same.
    func canHold(_ sides: Set<SideDrawerDirection>) -> Bool {
        sides.count <= 1 || sides == [.left, .right] || sides == [.top, .bottom]
    }

    /// Takes the drawer on `side` away, keeping its options for a drawer set there again.
    private func dropDrawer(_ side: SideDrawerDirection) {
        guard let options = config.sides.removeValue(forKey: side) else { return }
        removedSides[side] = options
        drawerContent[side] = nil
        drawerPages[side] = nil
        layout(in: env)
    }

    func drawerContentTop(_ d: SideDrawerDirection) -> Double { rules.drawerContentTop(d) }
}
