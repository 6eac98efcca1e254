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

    /// The card's phases; `transition` is the only place that assigns `phase` (it sets it to
    /// what `next` returns).
    enum Phase {
        case resting
        /// Finger down, not yet past the slop: could still become a tap on `target`.
        case pressed(start: Point, target: PressTarget)
        /// `inContent`: the drag began on the page's content, so it hands off to scrolling.
        /// `follower`: who took the finger's latest step, the card (`.container`) or the page's
        /// list (`.content`), as the nested-scroll coordinator shared it.
        case dragging(lastY: Double, inContent: Bool, follower: NestedScrollParticipant)
        case settling(SpringMotion)
        /// The card rests at the top anchor while the page's list glides on.
        case scrollFling(ContentFling, page: SheetPage)
    }
    enum PressTarget: Equatable { case dimming, closeButton, header, content }

    enum Input: TouchInput {
        /// A step of the gesture (velocities pt/s, positive downward).
        case touch(TouchTracker.Step)
        case snap(Int, animated: Bool)
        /// The screen changed size: the anchors moved, the logical anchor stays.
        case relayout
        /// The page's content changed and its scroll offset moved by `by` points with it.
        case contentMoved(SheetPage, by: Double)
        /// After a reload: rest at this anchor at once, without events.
        case restAt(Int)
        /// `set_anchors`: the anchors (in `rules`) changed; the card goes to anchor `to` of
        /// the new list, animated or at once.
        case anchorsChanged(to: Int, animated: Bool)
        case tick
    }

    /// Assigned only by `transition`.
    var phase = Phase.resting
    /// The logical anchor: where the card rests, or where it is heading.
    public private(set) var anchorIndex: Int
    /// y of the card's top edge, points (docs/formats.md, State file: `origin_pt`).
    public private(set) var origin: Double
    /// During a drag: start origin + the card's share of the finger's travel, undamped.
    private var rawOrigin = 0.0
    private(set) var rules: SheetRules
    var stack: SheetPageStack
    /// Every page the app defined, by id (the ones `push` and `set_pages` may name).
    let catalogue: [String: SheetPage]
    let rootPage: SheetPage
    private var pendingDid = false
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
        stack = SheetPageStack(root: rootPage, spring: Spring(duration: config.transitionDuration, dampingRatio: 1),
                               travel: rules.cardHeight - rules.chromeTop)
        anchorIndex = rules.clampIndex(config.initialAnchor ?? rules.lastIndex)
        origin = rules.origins[anchorIndex]
        layout(in: env)
    }

    public var dimmingAlpha: Double { rules.dimmingAlpha(origin: origin) }
    public var cardFrame: Rect { rules.cardFrame(origin: origin) }
    public var topPage: SheetPage { stack.top }
    public var depth: Int { stack.depth }

    public func layout(in env: Environment) {
        rules = SheetRules(config: config, env: env)
        transition(.relayout, at: now)
        stack.travel = rules.cardHeight - rules.chromeTop
        for page in catalogue.values {
            _ = page.content?.layout(width: rules.contentWidth, env: env)
            clampScroll(page)
        }
    }

    public var motionPhase: MotionPhase {
        switch phase {
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
        switch phase {
        case .settling, .scrollFling: return true
        case .resting, .pressed, .dragging: return stack.isSliding
        }
    }

    public func claims(_ p: Point) -> Bool {
        // The dimming takes every touch while it shows (sheets: modal near the top only).
        cardFrame.contains(p) || dimmingAlpha > 0.001
    }

    // MARK: Touch

    public func handle(_ t: TouchEvent) { handleTouch(t) }

    /// A press on the page's content (not the header, the close button or the dimming).
    var holdsContentPress: Bool {
        switch phase {
        case .pressed(_, let target): target == .content
        case .resting, .dragging, .settling, .scrollFling: false
        }
    }

    /// The phase after `input` in `phase`, with its effects (origin, anchor, events).
    func next(_ phase: Phase, _ input: Input, at time: Instant) -> Phase {
        switch (phase, input) {
        case (.settling(var motion), .relayout):
            // Re-aim at the anchor's new place from where the card is, keeping its speed.
            anchorIndex = rules.clampIndex(anchorIndex)
            motion.retarget(to: rules.origins[anchorIndex], at: time)
            return .settling(motion)
        case (.pressed, .relayout), (.dragging, .relayout):
            anchorIndex = rules.clampIndex(anchorIndex)   // the finger keeps the card; release snaps it
            return phase
        case (.resting, .relayout), (.scrollFling, .relayout):
            anchorIndex = rules.clampIndex(anchorIndex)
            origin = rules.origins[anchorIndex]
            return phase
        case (.settling(var motion), .touch(.press)):
            // Catch it where it really is (sheets reads the animation's end value:
            // docs/components.md, Sheet S21).
            motion.advance(to: time)
            origin = rules.settleOrigin(motion.value)
            return next(.resting, input, at: time)
        case (.scrollFling, .touch(.press)):
            // A finger on a gliding list stops it where it is.
            return next(.resting, input, at: time)
        case (.resting, .touch(.press(let p))), (.pressed, .touch(.press(let p))), (.dragging, .touch(.press(let p))):
            return .pressed(start: p, target: pressTarget(at: p))
        case (.pressed(let start, let target), .touch(.move(let p))):
            guard target != .dimming, startsVerticalDrag(from: start, to: p) else { return phase }
            rawOrigin = rules.rawOrigin(displayed: origin)
            // Content is not interactive while a page slides (sheets `cycle`): drag the card only.
            // The card until its first step says otherwise (a step that moves nothing keeps it).
            return next(.dragging(lastY: start.y, inContent: target == .content && !stack.isSliding, follower: .container),
                        input, at: time)
        case (.dragging(let lastY, let inContent, let follower), .touch(.move(let p))):
            let moved = applyDrag(p.y - lastY, inContent: inContent)
            return .dragging(lastY: p.y, inContent: inContent, follower: moved ?? follower)
        case (.resting, .touch(.move)), (.settling, .touch(.move)), (.scrollFling, .touch(.move)):
            return phase
        case (.pressed(let start, let target), .touch(.release(let p, _, let cancelled))):
            if isTap(from: start, to: p, cancelled: cancelled), let motion = tap(target, at: p, time: time) { return motion }
            return settle(to: anchorIndex, velocity: 0, at: time)
        case (.dragging(_, let inContent, _), .touch(.release(_, let velocity, let cancelled))):
            let v = velocity.y
            guard inContent, abs(origin - rules.topOrigin) < 0.5 else {
                // A cancelled touch has no trustworthy velocity: nearest anchor.
                return settle(to: rules.snapIndex(origin: origin, velocity: cancelled ? 0 : v),
                              velocity: cancelled ? 0 : v, at: time)
            }
            // The list was scrolling with the card at the top anchor: the card stays and the
            // list keeps its momentum.
            let settled = settle(to: 0, velocity: 0, at: time)
            let page = stack.top
            let maxScroll = page.content?.maxScrollOffset(viewportHeight: rules.contentViewportHeight) ?? 0
            if !cancelled, case .resting = settled,
               let fling = ContentFling(offset: page.scrollOffset, fingerVelocity: v, maxOffset: maxScroll, at: time) {
                return .scrollFling(fling, page: page)
            }
            return settled
        case (.resting, .touch(.release)), (.settling, .touch(.release)), (.scrollFling, .touch(.release)):
            return settle(to: anchorIndex, velocity: 0, at: time)
        case (_, .snap(let index, let animated)):
            let target = rules.clampIndex(index)
            if animated { return settle(to: target, velocity: 0, at: time) }
            let from = anchorIndex
            anchorIndex = target
            origin = rules.origins[target]
            if from != target {
                emitWill(from: from, to: target, at: time)
                emitDid(at: time)
            }
            return .resting
        case (.settling(var motion), .anchorsChanged(let index, true)):
            // Re-aimed from where it is, keeping its speed (as a relayout does).
            if index != anchorIndex { emitWill(from: anchorIndex, to: index, at: time) }
            anchorIndex = index
            motion.retarget(to: rules.origins[index], at: time)
            return .settling(motion)
        case (.resting, .anchorsChanged(let index, true)), (.scrollFling, .anchorsChanged(let index, true)):
            return settle(to: index, velocity: 0, at: time)
        case (.pressed, .anchorsChanged(let index, _)), (.dragging, .anchorsChanged(let index, _)):
            // The finger keeps the card; its release snaps among the new anchors.
            anchorIndex = index
            return phase
        case (.resting, .anchorsChanged(let index, false)), (.settling, .anchorsChanged(let index, false)),
             (.scrollFling, .anchorsChanged(let index, false)):
            let from = anchorIndex
            anchorIndex = index
            origin = rules.origins[index]
            if from != index { emitWill(from: from, to: index, at: time) }
            emitDid(at: time)                             // also ends a settle that was under way
            return .resting
        case (_, .restAt(let index)):
            anchorIndex = rules.clampIndex(index)
            origin = rules.origins[anchorIndex]
            rawOrigin = origin
            return .resting
        case (.settling(var motion), .tick):
            motion.advance(to: time)
            origin = rules.settleOrigin(motion.value)
            guard motion.isAtRest else { return .settling(motion) }
            origin = rules.origins[anchorIndex]
            emitDid(at: time)
            return .resting
        case (.scrollFling(var fling, let page), .tick):
            let (offset, finished) = fling.advance(to: time)
            page.scrollOffset = offset
            return finished ? .resting : .scrollFling(fling, page: page)
        case (.resting, .tick), (.pressed, .tick), (.dragging, .tick):
            return phase
        case (.scrollFling(var fling, let flung), .contentMoved(let page, let delta)):
            guard flung === page else { return phase }
            fling.contentMoved(by: delta, maxOffset: page.content?.maxScrollOffset(viewportHeight: rules.contentViewportHeight) ?? 0)
            return .scrollFling(fling, page: page)
        case (.resting, .contentMoved), (.pressed, .contentMoved), (.dragging, .contentMoved), (.settling, .contentMoved):
            return phase                                  // the offset itself is already moved
        }
    }

    /// What a touch at `p` would be a tap on.
    private func pressTarget(at p: Point) -> PressTarget {
        let card = cardFrame
        guard card.contains(p) else { return .dimming }
        if stack.depth > 1, rules.closeButtonFrame(cardOrigin: origin).insetBy(dx: -7, dy: -7).contains(p) {
            return .closeButton     // 44 pt touch target around the 30 pt button
        }
        return rules.headerBand.contains(p.y - card.y) ? .header : .content
    }

    /// The card's motion a tap started, nil when it started none.
    private func tap(_ target: PressTarget, at p: Point, time: Instant) -> Phase? {
        switch target {
        case .dimming:
            guard config.collapsesOnDimmingTap else { return nil }
            return settle(to: rules.lastIndex, velocity: 0, at: time)
        case .closeButton:
            pop(to: stack.depth - 1, at: time)
            return nil
        case .header:
            guard config.expandsOnHeaderTap, anchorIndex != 0 else { return nil }
            return settle(to: 0, velocity: 0, at: time)
        case .content:
            emitAction(contentHit(at: p), at: time)
            return nil
        }
    }

    /// The top page's content under `p` (screen points) and `p` in its coordinates; none
    /// while a page slides (content is not interactive then).
    func contentHit(at p: Point) -> ContentHit? {
        guard !stack.isSliding, let content = stack.top.content else { return nil }
        let card = cardFrame
        return (content, Point(p.x - rules.contentX(origin: origin), p.y - card.y - rules.contentTop + stack.top.scrollOffset))
    }

    /// Splits one finger step (pt, positive downward) between the card and the page's list
    /// through the runtime's one nested-scroll protocol, as sheets' Scrollable delegate does
    /// (docs/components.md, Sheet S5), in one gesture both ways: finger up moves the card to the
    /// top anchor first, then scrolls the list; finger down scrolls the list back to its top
    /// first, then moves the card down. Past the top anchor the card rubber-bands (its raw
    /// origin keeps the overflow) unless a scrollable list absorbed the push; the list itself
    /// never bounces. Returns who followed the finger in this step (nil: nothing moved).
    private func applyDrag(_ step: Double, inContent: Bool) -> NestedScrollParticipant? {
        let page = stack.top
        let offset = page.scrollOffset
        let maxScroll = inContent ? page.content?.maxScrollOffset(viewportHeight: rules.contentViewportHeight) ?? 0 : 0
        // Made afresh at every step: the raw origin (overflow included) and the page's offset
        // are its whole state, so a relayout or a page pushed mid-drag cannot leave it stale.
        // Below the top anchor the card moves freely (the bottom's rubber band is in
        // `displayedOrigin`); a drag on the header leaves the list where it is.
        var nested = NestedScrollCoordinator(policy: .resizeFirst, containerPosition: rawOrigin,
                                             containerRange: rules.topOrigin ... .infinity,
                                             contentOffset: offset, contentRange: inContent ? 0...max(maxScroll, offset) : offset...offset,
                                             showsOverflow: [.container])
        _ = nested.drag(by: step)
        rawOrigin = nested.containerPosition + (nested.overflowOwner == .container ? nested.overflow : 0)
        if inContent { page.scrollOffset = nested.contentOffset }
        origin = rules.displayedOrigin(raw: rawOrigin)
        return nested.follower
    }

    /// After a reload: the same anchor (the nearest there is), the same pages on the stack
    /// (those the new file still has, the root first) with their scroll offsets, no motion.
    public func carryState(from previous: Component) {
        guard let old = previous as? Sheet else { return }
        transition(.restAt(old.anchorIndex), at: now)
        var pages = [rootPage]
        for p in old.stack.pages.dropFirst() {
            if let page = catalogue[p.id], !pages.contains(where: { $0 === page }) { pages.append(page) }
        }
        for page in pages {
            if let before = old.catalogue[page.id] { page.scrollOffset = before.scrollOffset }
            _ = page.content?.layout(width: rules.contentWidth, env: rules.env)
            clampScroll(page)
        }
        stack.carry(pages)
    }

    /// Every page keeps its place in its own content, covered or not.
    public func contentChanged(at time: Instant) {
        for page in catalogue.values {
            guard let content = page.content else { continue }
            let before = page.scrollOffset
            page.scrollOffset = content.anchoredScrollOffset(before, viewportHeight: rules.contentViewportHeight)
            if page.scrollOffset != before { transition(.contentMoved(page, by: page.scrollOffset - before), at: time) }
        }
    }

    /// `set_anchors` (sheets' `setAnchors(_:animated:snapTo:)`): the new anchors replace the
    /// old, the card's height and every page's viewport follow, and the card goes to anchor
    /// `snapTo` of the new list, or, when nil, to the new anchor nearest to where it rests
    /// or is heading (docs/components.md, Sheet S28). `anchors` must not be empty and
    /// `snapTo` must be one of its indices (`Sheet+Actions` checks both).
    func replaceAnchors(_ anchors: [SheetAnchor], snapTo: Int?, animated: Bool, at time: Instant) {
        let reference: Double
        switch phase {
        case .settling: reference = rules.origins[anchorIndex]   // where it was heading
        case .resting, .pressed, .dragging, .scrollFling: reference = origin
        }
        config.anchors = anchors
        rules = SheetRules(config: config, env: rules.env)
        stack.travel = rules.cardHeight - rules.chromeTop
        for page in catalogue.values { clampScroll(page) }
        let target = snapTo.map(rules.clampIndex) ?? rules.nearestIndex(to: reference)
        transition(.anchorsChanged(to: target, animated: animated), at: time)
    }

    private func clampScroll(_ page: SheetPage) {
        page.scrollOffset = page.content?.clampedScrollOffset(page.scrollOffset, viewportHeight: rules.contentViewportHeight) ?? 0
    }

    /// Springs the card to anchor `index` with the release velocity in pt/s (the same unit
    /// as the motion: no normalisation, no pt/ms); at rest when it is already there.
    private func settle(to index: Int, velocity v: Double, at time: Instant) -> Phase {
        let from = anchorIndex
        anchorIndex = index
        if from != index { emitWill(from: from, to: index, at: time) }
        let target = rules.origins[index]
        if abs(origin - target) < 0.001 && v == 0 {
            origin = target
            emitDid(at: time)
            return .resting
        }
        return .settling(SpringMotion(points: origin, to: target, velocity: v, spring: config.spring, at: time))
    }

    private func emitWill(from: Int, to: Int, at time: Instant) {
        pendingDid = true
        events.emit(.anchorWillChange(sheet: id, from: from, to: to), at: time)
    }
    private func emitDid(at time: Instant) {
        guard pendingDid else { return }
        pendingDid = false
        events.emit(.anchorDidChange(sheet: id, index: anchorIndex), at: time)
    }

    // MARK: Component

    public func advance(to time: Instant) {
        now = max(now, time)
        shell.advance(to: time)
        transition(.tick, at: time)
        stack.transition(.tick, at: time)
    }
}
