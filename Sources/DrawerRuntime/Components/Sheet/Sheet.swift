import PanelRenderer

/// apstygo/sheets' card: N anchors in the safe area, a fixed-height card that slides between
/// them, √ rubber band past the ends, the projection snap rule, dimming between the two top
/// anchors, tap-to-expand on the header and tap-to-collapse on the dimming, a push/pop page
/// stack with close buttons, and one-gesture scroll hand-off in both directions.
/// Beyond sheets (docs/components.md, Sheet S19 to S23): the release velocity reaches the
/// spring in pt/s, a finger catches a moving card where it is, one anchor works, and the
/// header strip is tappable on any page, not only in navigation controllers.
public final class Sheet: Component, GestureComponent {
    public let id: String
    public let kind = ComponentKind.sheet
    /// The anchors change at run time (`set_anchors`); every other option is the file's.
    public private(set) var config: SheetConfig
    let events: EventSink
    /// A pushed page's close button image (sheets' `closeButtonImage`); nil: the drawn disc.
    public let closeImage: Pixmap?

    /// The card's logical state (phase, anchor with its will/did events, origin, page
    /// stack); `transition` is the only place that changes it, by feeding it an input.
    private(set) var machine: SheetMachine
    typealias Phase = SheetMachine.Phase
    typealias Input = SheetMachine.Input

    /// The logical anchor: where the card rests, or where it is heading.
    public var anchorIndex: Int { machine.anchorIndex }
    /// y of the card's top edge, points (docs/formats.md, State file: `origin_pt`).
    public var origin: Double { machine.origin }
    private(set) var rules: SheetRules
    /// Every page the app defined, by id (the ones `push` and `set_pages` may name).
    let catalogue: [String: SheetPage]
    let rootPage: SheetPage
    /// The latest time the sheet was brought to (layout changes happen "now").
    private var now = Instant.zero
    public var touchSlop = 8.0
    /// First finger, pressed rows, scroll views inside the page: what every component does
    /// with a touch.
    var shell = GestureShell()
    public var drawRevision: Int { shell.revision }
    /// Numbers the snapshots of `state()`'s fields (`stateRevision`).
    var stateRevisions = StateRevision<StateSnapshot>()
    /// Draws page titles (nil: titles are not drawn, e.g. in rule tests).
    let titleText: TextRenderer?

    /// - Parameter pages: the root page first, then every page that can be pushed.
    /// - Parameter closeImage: the pixels of `config.closeImagePath`, loaded by the caller.
    public init(id: String, config: SheetConfig, pages: [SheetPage], closeImage: Pixmap? = nil, text: TextRenderer?,
                env: Environment, events: EventSink) {
        self.id = id
        self.closeImage = closeImage
        titleText = text
        self.config = config
        self.events = events
        let rules = SheetRules(config: config, env: env)
        self.rules = rules
        rootPage = pages.first ?? SheetPage(id: "root")
        var cat: [String: SheetPage] = [:]
        for p in pages where cat[p.id] == nil { cat[p.id] = p }
        catalogue = cat
        machine = SheetMachine(id: id, root: rootPage.id, anchorIndex: config.initialAnchor ?? rules.lastIndex, rules: rules)
        layout(in: env)
    }

    public var dimmingAlpha: Double { rules.dimmingAlpha(origin: origin) }
    public var cardFrame: Rect { rules.cardFrame(origin: origin) }
    public var topPage: SheetPage { page(machine.stack.top) }
    public var depth: Int { machine.stack.depth }

    /// The page with id `id`. The machine holds only ids this sheet gave it (the root's and
    /// the catalogue's, checked by `apply`), so the fallback is never taken.
    func page(_ id: String) -> SheetPage { catalogue[id] ?? rootPage }

    /// The page stack with its pages (the machine keeps their ids).
    var stack: Pages { Pages(stack: machine.stack, sheet: self) }

    /// The page stack as pages: what drawing and tests look at.
    struct Pages {
        let stack: SheetPageStack
        let sheet: Sheet
        /// The root first.
        var pages: [SheetPage] { stack.pages.map(sheet.page) }
        var top: SheetPage { sheet.page(stack.top) }
        var depth: Int { stack.depth }
        var isSliding: Bool { stack.isSliding }
        /// The pages to draw, bottom first, each with its vertical offset in points.
        var visible: [(page: SheetPage, offset: Double)] { stack.visible.map { (sheet.page($0.page), $0.offset) } }
    }

    public func layout(in env: Environment) {
        rules = SheetRules(config: config, env: env)
        transition(.relayout, at: now)
        for page in catalogue.values {
            _ = page.content?.layout(width: rules.contentWidth, env: env)
            clampScroll(page)
        }
    }

    public var motionPhase: MotionPhase {
        switch machine.phase {
        case .resting: shell.restingPhase
        case .pressed: .pressed
        case .dragging(_, _, .container): .dragging
        case .dragging(_, _, .content): .scrolling
        case .settling: .settling
        case .scrollFling: .gliding
        }
    }

    public var needsFrames: Bool {
        if shell.isFlinging { return true }
        switch machine.phase {
        case .settling, .scrollFling: return true
        case .resting, .pressed, .dragging: return machine.stack.isSliding
        }
    }

    public func claims(_ p: Point) -> Bool {
        // The dimming takes every touch while it shows (sheets: modal near the top only).
        cardFrame.contains(p) || dimmingAlpha > 0.001
    }

    // MARK: Machine

    /// What the machine reads now: the rules, the slop and the top page's list.
    private var context: SheetMachine.Context {
        let top = topPage
        return SheetMachine.Context(rules: rules, touchSlop: touchSlop, scrollOffset: top.scrollOffset,
                                    maxScrollOffset: top.content?.maxScrollOffset(viewportHeight: rules.contentViewportHeight) ?? 0)
    }

    /// All changes of the sheet's state go through here: the machine takes `input`, the
    /// sheet does what it says.
    func transition(_ input: Input, at time: Instant) {
        let effects = machine.handle(input, at: time, in: context)
        for effect in effects {
            switch effect {
            case .emit(let event):
                events.emit(event, at: time)
            case .scroll(let id, let offset):
                page(id).scrollOffset = offset
            case .tapContent(let id, let local):
                if let content = page(id).content { emitAction((content, local), at: time) }
            }
        }
    }

    /// GestureComponent's step, for the shell's own `transition` (`phase = next(phase,
    /// input)`): the machine, which is in `phase`, takes `input`; the new phase comes back.
    func next(_ phase: Phase, _ input: Input, at time: Instant) -> Phase {
        transition(input, at: time)
        return machine.phase
    }

    /// The machine's phase. GestureComponent may assign it only what `next` returned, which
    /// the machine already holds, so the setter has nothing to do.
    var phase: Phase {
        get { machine.phase }
        set {}
    }

    // MARK: Touch

    public func handle(_ t: TouchEvent) { handleTouch(t) }

    /// A press on the page's content (not the header, the close button or the dimming).
    var holdsContentPress: Bool {
        switch machine.phase {
        case .pressed(_, let target): target == .content
        case .resting, .dragging, .settling, .scrollFling: false
        }
    }

    /// The top page's content under `p` (screen points) and `p` in its coordinates; none
    /// while a page slides (content is not interactive then).
    func contentHit(at p: Point) -> ContentHit? {
        guard !machine.stack.isSliding, let content = topPage.content else { return nil }
        return (content, machine.contentPoint(p, context))
    }

    /// After a reload: the same anchor (the nearest there is), the same pages on the stack
    /// (those the new file still has, the root first) with their scroll offsets, no motion.
    public func carryState(from previous: Component) {
        guard let old = previous as? Sheet else { return }
        var pages = [rootPage]
        for p in old.stack.pages.dropFirst() {
            if let page = catalogue[p.id], !pages.contains(where: { $0 === page }) { pages.append(page) }
        }
        for page in pages {
            if let before = old.catalogue[page.id] { page.scrollOffset = before.scrollOffset }
            _ = page.content?.layout(width: rules.contentWidth, env: rules.env)
            clampScroll(page)
        }
        transition(.restAt(old.anchorIndex, pages: pages.map(\.id)), at: now)
    }

    /// Every page keeps its place in its own content, covered or not.
    public func contentChanged(at time: Instant) {
        for page in catalogue.values {
            guard let content = page.content else { continue }
            let before = page.scrollOffset
            page.scrollOffset = content.anchoredScrollOffset(before, viewportHeight: rules.contentViewportHeight)
            if page.scrollOffset != before {
                transition(.contentMoved(page: page.id, by: page.scrollOffset - before,
                                         maxOffset: content.maxScrollOffset(viewportHeight: rules.contentViewportHeight)), at: time)
            }
        }
    }

    /// `set_anchors` (sheets' `setAnchors(_:animated:snapTo:)`): the new anchors replace the
    /// old, the card's height and every page's viewport follow, and the card goes to anchor
    /// `snapTo` of the new list, or, when nil, to the new anchor nearest to where it rests
    /// or is heading (docs/components.md, Sheet S28). `anchors` must not be empty and
    /// `snapTo` must be one of its indices (`Sheet+Actions` checks both).
    func replaceAnchors(_ anchors: [SheetAnchor], snapTo: Int?, animated: Bool, at time: Instant) {
        let previous = rules
        config.anchors = anchors
        rules = SheetRules(config: config, env: rules.env)
        for page in catalogue.values { clampScroll(page) }
        transition(.anchorsReplaced(previous: previous, snapTo: snapTo, animated: animated), at: time)
    }

    private func clampScroll(_ page: SheetPage) {
        page.scrollOffset = page.content?.clampedScrollOffset(page.scrollOffset, viewportHeight: rules.contentViewportHeight) ?? 0
    }

    // MARK: Component

    public func advance(to time: Instant) {
        now = max(now, time)
        shell.advance(to: time)
        transition(.tick, at: time)
    }
}
