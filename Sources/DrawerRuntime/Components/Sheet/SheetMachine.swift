import PanelRenderer

/// The sheet's logical state as one value, and its rules as one transition function
/// (docs/architecture.md, "Component machines"): `handle` takes an input, the time and a
/// `Context` (what it reads but does not own: the rules, the slop, the top page's list) and
/// returns the `Effect`s for the `Sheet` around it to apply. It knows pages by id and never
/// reaches into a page, its content or the screen, so tests drive it alone
/// (`SheetMachineTests`). "Origin" is the y of the card's top edge in points; velocities are
/// pt/s, positive downward.
struct SheetMachine: Sendable {
    enum Phase: Sendable {
        case resting
        /// Finger down, not yet past the slop: could still become a tap on `target`.
        case pressed(start: Point, target: PressTarget)
        /// `inContent`: the drag began on the page's content, so it hands off to scrolling.
        /// `follower`: who took the finger's latest step, the card (`.container`) or the page's
        /// list (`.content`), as the nested-scroll coordinator shared it.
        case dragging(lastY: Double, inContent: Bool, follower: NestedScrollParticipant)
        case settling(SpringMotion)
        /// The card rests at the top anchor while the list of page `page` glides on.
        case scrollFling(ContentFling, page: String)
    }
    enum PressTarget: Equatable, Sendable { case dimming, closeButton, header, content }

    enum Input: TouchInput, Sendable {
        /// A step of the gesture (velocities pt/s, positive downward).
        case touch(TouchTracker.Step)
        /// To anchor `index` (clamped to the anchors there are).
        case snap(Int, animated: Bool)
        /// The screen changed size: the anchors moved (in the context's rules), the logical
        /// anchor stays.
        case relayout
        /// `set_anchors`: the context's rules hold the new anchors, `previous` the old ones;
        /// the card goes to anchor `snapTo` of the new list, or, when nil, to the new anchor
        /// nearest to where it rests or is heading (docs/components.md, Sheet S28).
        case anchorsReplaced(previous: SheetRules, snapTo: Int?, animated: Bool)
        /// After a reload: rest at this anchor with these pages at once, without events.
        case restAt(Int, pages: [String])
        /// The content of page `page` changed and its scroll offset moved by `by` points with
        /// it; `maxOffset` is how far it may scroll now.
        case contentMoved(page: String, by: Double, maxOffset: Double)
        /// Page `page` (an id the sheet knows, not on the stack) goes on top.
        case push(page: String, animated: Bool)
        /// Keeps the bottom `depth` pages (the root is never popped).
        case pop(toDepth: Int, animated: Bool)
        /// Replaces the stack (ids the sheet knows, the root first, none twice).
        case setPages([String])
        /// The idle reset: to the root page at its top, animated to the initial anchor.
        case reset
        /// A frame: motions move on to the input's time.
        case tick
    }

    /// What the sheet does with the outside world, in order.
    enum Effect: Equatable, Sendable {
        case emit(KioskEvent)
        /// Page `page`'s list shows `offset` (points from its top).
        case scroll(page: String, to: Double)
        /// A tap landed on page `page`'s content at `point` (the content's coordinates, scroll
        /// included): the item there, if it has an action, reports it (`action` event).
        case tapContent(page: String, at: Point)
    }

    /// What the machine reads but does not own, as it is when the input arrives.
    struct Context: Sendable {
        var rules: SheetRules
        /// Points a finger may travel and still tap (docs/components.md, M4).
        var touchSlop: Double
        /// The top page's list: its scroll offset and the largest it may take, points.
        var scrollOffset: Double
        var maxScrollOffset: Double
    }

    /// The sheet's id, which its events name.
    let id: String
    /// The sheet's root page, which the idle reset scrolls to its top (`set_pages` may have
    /// put another page at the bottom of the stack).
    let root: String
    private(set) var phase = Phase.resting
    /// The logical anchor and its will/did events: `destination` is where the card rests or
    /// is heading.
    private(set) var anchor: WillDidPairing<Int>
    /// y of the card's top edge, points (docs/formats.md, State file: `origin_pt`).
    private(set) var origin: Double
    /// During a drag: start origin + the card's share of the finger's travel, undamped.
    private(set) var rawOrigin = 0.0
    private(set) var stack: SheetPageStack

    /// Resting at anchor `anchorIndex` (clamped) of `rules`, showing the root page.
    init(id: String, root: String, anchorIndex: Int, rules: SheetRules) {
        self.id = id
        self.root = root
        let index = rules.clampIndex(anchorIndex)
        anchor = WillDidPairing(committed: index)
        origin = rules.origins[index]
        stack = SheetPageStack(root: root)
    }

    /// The logical anchor: where the card rests, or where it is heading.
    var anchorIndex: Int { anchor.destination }

    /// Applies `input` at `time` and returns what the sheet must do about it.
    mutating func handle(_ input: Input, at time: Instant, in context: Context) -> [Effect] {
        var effects: [Effect] = []
        phase = next(input, at: time, context, &effects)
        return effects
    }

    /// The transition table: the phase after `input`, the work done by the named steps below.
    /// Every (phase, input) pair is answered here.
    private mutating func next(_ input: Input, at t: Instant, _ c: Context, _ fx: inout [Effect]) -> Phase {
        switch (phase, input) {
        case (.settling(let motion), .touch(.press(let p))):
            catchCard(motion, at: t, c)                   // where it really is (Sheet S9, S21)
            return press(p, c)
        case (.resting, .touch(.press(let p))), (.pressed, .touch(.press(let p))), (.dragging, .touch(.press(let p))),
             (.scrollFling, .touch(.press(let p))):       // a finger on a gliding list stops it
            return press(p, c)
        case (.pressed(let start, let target), .touch(.move(let p))):
            return startDrag(from: start, on: target, to: p, c, &fx) ?? phase
        case (.dragging(let lastY, let inContent, let follower), .touch(.move(let p))):
            let moved = drag(by: p.y - lastY, inContent: inContent, c, &fx)
            return .dragging(lastY: p.y, inContent: inContent, follower: moved ?? follower)
        case (.resting, .touch(.move)), (.settling, .touch(.move)), (.scrollFling, .touch(.move)):
            return phase
        case (.pressed(let start, let target), .touch(.release(let p, _, let cancelled))):
            if isTap(from: start, to: p, cancelled: cancelled, c), let motion = tap(target, at: p, t, c, &fx) { return motion }
            return settle(to: anchorIndex, velocity: 0, at: t, c, &fx)
        case (.dragging(_, let inContent, _), .touch(.release(_, let velocity, let cancelled))):
            return release(inContent: inContent, velocity: velocity.y, cancelled: cancelled, at: t, c, &fx)
        case (.resting, .touch(.release)), (.settling, .touch(.release)), (.scrollFling, .touch(.release)):
            return settle(to: anchorIndex, velocity: 0, at: t, c, &fx)
        case (_, .snap(let index, true)):
            return settle(to: c.rules.clampIndex(index), velocity: 0, at: t, c, &fx)
        case (_, .snap(let index, false)):
            jump(to: c.rules.clampIndex(index), c, &fx)
            return .resting
        case (_, .relayout):
            return relayout(at: t, c)
        case (_, .anchorsReplaced(let previous, let snapTo, let animated)):
            return replaceAnchors(with: newAnchor(snapTo: snapTo, previous: previous, c), animated: animated, at: t, c, &fx)
        case (_, .restAt(let index, let pages)):
            restAt(index, pages: pages, c)
            return .resting
        case (_, .tick):
            defer { stack.advance(to: t) }                // the page slide runs beside the card
            return tick(at: t, c, &fx)
        case (.scrollFling(var fling, let flung), .contentMoved(let page, let delta, let maxOffset)):
            guard flung == page else { return phase }
            fling.contentMoved(by: delta, maxOffset: maxOffset)
            return .scrollFling(fling, page: flung)
        case (.resting, .contentMoved), (.pressed, .contentMoved), (.dragging, .contentMoved), (.settling, .contentMoved):
            return phase                                  // the offset itself is already moved
        case (_, .push(let page, let animated)):
            push(page, animated: animated, at: t, c, &fx)
            return phase
        case (_, .pop(let depth, let animated)):
            pop(to: depth, animated: animated, at: t, c, &fx)
            return phase
        case (_, .setPages(let pages)):
            setPages(pages, at: t, c, &fx)
            return phase
        case (_, .reset):
            pop(to: 1, animated: true, at: t, c, &fx)
            fx.append(.scroll(page: root, to: 0))
            return settle(to: c.rules.clampIndex(c.rules.config.initialAnchor ?? c.rules.lastIndex), velocity: 0, at: t, c, &fx)
        }
    }
}

/// The named steps of the transition table: each changes only the machine's own fields and
/// appends its effects; none reads anything but the machine and the context. (In this file
/// because the state's setters are private to it.)
extension SheetMachine {
    // MARK: Touch

    /// A settling card caught by a finger stops where it really is at the touch's time
    /// (sheets reads the animation's end value: docs/components.md, Sheet S21).
    mutating func catchCard(_ motion: SpringMotion, at time: Instant, _ c: Context) {
        var motion = motion
        motion.advance(to: time)
        origin = c.rules.settleOrigin(motion.value)
    }

    func press(_ p: Point, _ c: Context) -> Phase {
        .pressed(start: p, target: pressTarget(at: p, c))
    }

    /// What a touch at `p` would be a tap on.
    func pressTarget(at p: Point, _ c: Context) -> PressTarget {
        let card = c.rules.cardFrame(origin: origin)
        guard card.contains(p) else { return .dimming }
        if stack.depth > 1, c.rules.closeButtonFrame(cardOrigin: origin).insetBy(dx: -7, dy: -7).contains(p) {
            return .closeButton     // 44 pt touch target around the 30 pt button
        }
        return c.rules.headerBand.contains(p.y - card.y) ? .header : .content
    }

    /// A press that leaves the slop vertically becomes a drag (Sheet S4), and takes this step
    /// already; nil while it stays a press (a press on the dimming never drags).
    mutating func startDrag(from start: Point, on target: PressTarget, to p: Point, _ c: Context,
                            _ fx: inout [Effect]) -> Phase? {
        let dy = p.y - start.y, dx = p.x - start.x
        // The same rule as every component's (GestureComponent.startsVerticalDrag).
        guard target != .dimming, abs(dy) > c.touchSlop, abs(dy) >= abs(dx) else { return nil }
        rawOrigin = c.rules.rawOrigin(displayed: origin)
        // Content is not interactive while a page slides (sheets `cycle`): drag the card only.
        let inContent = target == .content && !stack.isSliding
        // The card until its first step says otherwise (a step that moves nothing keeps it).
        let moved = drag(by: p.y - start.y, inContent: inContent, c, &fx)
        return .dragging(lastY: p.y, inContent: inContent, follower: moved ?? .container)
    }

    /// A lift within the slop of where the finger went down, not cancelled (GestureComponent.isTap).
    func isTap(from start: Point, to p: Point, cancelled: Bool, _ c: Context) -> Bool {
        !cancelled && (p - start).length <= c.touchSlop
    }

    /// Splits one finger step (pt, positive downward) between the card and the top page's
    /// list through the runtime's one nested-scroll protocol, as sheets' Scrollable delegate
    /// does (docs/components.md, Sheet S5), in one gesture both ways: finger up moves the card
    /// to the top anchor first, then scrolls the list; finger down scrolls the list back to
    /// its top first, then moves the card down. Past the top anchor the card rubber-bands
    /// (its raw origin keeps the overflow) unless a scrollable list absorbed the push; the
    /// list itself never bounces. Returns who followed the finger (nil: nothing moved).
    mutating func drag(by step: Double, inContent: Bool, _ c: Context, _ fx: inout [Effect]) -> NestedScrollParticipant? {
        let offset = c.scrollOffset
        let maxScroll = inContent ? c.maxScrollOffset : 0
        // Made afresh at every step: the raw origin (overflow included) and the page's offset
        // are its whole state, so a relayout or a page pushed mid-drag cannot leave it stale.
        // Below the top anchor the card moves freely (the bottom's rubber band is in
        // `displayedOrigin`); a drag on the header leaves the list where it is.
        var nested = NestedScrollCoordinator(policy: .resizeFirst, containerPosition: rawOrigin,
                                             containerRange: c.rules.topOrigin ... .infinity,
                                             contentOffset: offset, contentRange: inContent ? 0...max(maxScroll, offset) : offset...offset,
                                             showsOverflow: [.container])
        _ = nested.drag(by: step)
        rawOrigin = nested.containerPosition + (nested.overflowOwner == .container ? nested.overflow : 0)
        if inContent, nested.contentOffset != offset { fx.append(.scroll(page: stack.top, to: nested.contentOffset)) }
        origin = c.rules.displayedOrigin(raw: rawOrigin)
        return nested.follower
    }

    /// The card's motion a tap started, nil when it started none (Sheet S12).
    mutating func tap(_ target: PressTarget, at p: Point, _ time: Instant, _ c: Context, _ fx: inout [Effect]) -> Phase? {
        switch target {
        case .dimming:
            guard c.rules.config.collapsesOnDimmingTap else { return nil }
            return settle(to: c.rules.lastIndex, velocity: 0, at: time, c, &fx)
        case .closeButton:
            pop(to: stack.depth - 1, animated: true, at: time, c, &fx)
            return nil
        case .header:
            guard c.rules.config.expandsOnHeaderTap, anchorIndex != 0 else { return nil }
            return settle(to: 0, velocity: 0, at: time, c, &fx)
        case .content:
            // Content is not interactive while a page slides.
            if !stack.isSliding { fx.append(.tapContent(page: stack.top, at: contentPoint(p, c))) }
            return nil
        }
    }

    /// `p` (screen points) in the top page's content coordinates, its scroll included.
    func contentPoint(_ p: Point, _ c: Context) -> Point {
        Point(p.x - c.rules.contentX(origin: origin),
              p.y - c.rules.cardFrame(origin: origin).y - c.rules.contentTop + c.scrollOffset)
    }

    /// The lift that ends a drag: the snap rule with the finger's velocity (Sheet S6), or, when
    /// the list was scrolling with the card at its top anchor, the card stays and the list
    /// keeps its momentum (S7).
    mutating func release(inContent: Bool, velocity v: Double, cancelled: Bool, at time: Instant, _ c: Context,
                          _ fx: inout [Effect]) -> Phase {
        guard inContent, abs(origin - c.rules.topOrigin) < 0.5 else {
            // A cancelled touch has no trustworthy velocity: nearest anchor.
            return settle(to: c.rules.snapIndex(origin: origin, velocity: cancelled ? 0 : v),
                          velocity: cancelled ? 0 : v, at: time, c, &fx)
        }
        let settled = settle(to: 0, velocity: 0, at: time, c, &fx)
        if !cancelled, case .resting = settled,
           let fling = ContentFling(offset: c.scrollOffset, fingerVelocity: v, maxOffset: c.maxScrollOffset, at: time) {
            return .scrollFling(fling, page: stack.top)
        }
        return settled
    }

    // MARK: Anchors and their events

    /// Springs the card to anchor `index` with the release velocity in pt/s (the same unit
    /// as the motion: no normalisation, no pt/ms); at rest when it is already there.
    mutating func settle(to index: Int, velocity v: Double, at time: Instant, _ c: Context, _ fx: inout [Effect]) -> Phase {
        announce(index, &fx)
        let target = c.rules.origins[index]
        if abs(origin - target) < 0.001 && v == 0 {
            origin = target
            arrive(&fx)
            return .resting
        }
        return .settling(SpringMotion(points: origin, to: target, velocity: v, spring: c.rules.config.spring, at: time))
    }

    /// An instant snap: at anchor `index` at once, its will and did sent together when the
    /// anchor changes; nothing when it does not (a did still owed waits for a later rest).
    mutating func jump(to index: Int, _ c: Context, _ fx: inout [Effect]) {
        origin = c.rules.origins[index]
        guard announce(index, &fx) else { return }
        arrive(&fx)
    }

    /// Instant new anchors: at anchor `index` at once, ending any settle under way, with its
    /// will when the anchor changes and the did owed by this or an earlier will.
    mutating func land(at index: Int, _ c: Context, _ fx: inout [Effect]) {
        origin = c.rules.origins[index]
        announce(index, &fx)
        arrive(&fx)
    }

    /// The card heads for anchor `index`: `anchor_will_change` when that is news. Returns
    /// whether it was.
    @discardableResult
    mutating func announce(_ index: Int, _ fx: inout [Effect]) -> Bool {
        guard let will = anchor.will(toward: index) else { return false }
        fx.append(.emit(.anchorWillChange(sheet: id, from: will.from, to: will.to)))
        return true
    }

    /// The card came to rest at its anchor: `anchor_did_change` when a will is waiting for it.
    mutating func arrive(_ fx: inout [Effect]) {
        if let index = anchor.did(at: anchorIndex) { fx.append(.emit(.anchorDidChange(sheet: id, index: index))) }
    }

    /// The anchor list changed under the card (new anchors, or fewer of them): its logical
    /// anchor has index `index` now, which no event says (sheets says nothing either). A did
    /// still owed stays owed, so the rest that ends this gesture still sends it.
    /// `WillDidPairing` has no silent re-aim: a will toward the new index, its event dropped,
    /// moves an owed destination; `rest` moves a committed one.
    mutating func renumber(_ index: Int) {
        guard index != anchorIndex else { return }
        if anchor.announced != nil { _ = anchor.will(toward: index) } else { anchor.rest(at: index) }
    }

    /// The anchor of the new list the card goes to: `snapTo`, or the one nearest to where it
    /// rests or, while settling, where it was heading among the `previous` anchors.
    func newAnchor(snapTo: Int?, previous: SheetRules, _ c: Context) -> Int {
        if let snapTo { return c.rules.clampIndex(snapTo) }
        let reference: Double
        switch phase {
        case .settling: reference = previous.origins[previous.clampIndex(anchorIndex)]
        case .resting, .pressed, .dragging, .scrollFling: reference = origin
        }
        return c.rules.nearestIndex(to: reference)
    }

    /// The screen changed size and the anchors with it: the logical anchor stays (Sheet S17).
    mutating func relayout(at time: Instant, _ c: Context) -> Phase {
        renumber(c.rules.clampIndex(anchorIndex))
        switch phase {
        case .settling(var motion):
            // Re-aim at the anchor's new place from where the card is, keeping its speed.
            motion.retarget(to: c.rules.origins[anchorIndex], at: time)
            return .settling(motion)
        case .pressed, .dragging:
            return phase                                  // the finger keeps the card; release snaps it
        case .resting, .scrollFling:
            origin = c.rules.origins[anchorIndex]
            return phase
        }
    }

    /// New anchors (in the context's rules): the card goes to anchor `index` of them (Sheet S28).
    mutating func replaceAnchors(with index: Int, animated: Bool, at time: Instant, _ c: Context,
                                 _ fx: inout [Effect]) -> Phase {
        switch (phase, animated) {
        case (.settling(var motion), true):
            // Re-aimed from where it is, keeping its speed (as a relayout does).
            announce(index, &fx)
            motion.retarget(to: c.rules.origins[index], at: time)
            return .settling(motion)
        case (.resting, true), (.scrollFling, true):
            return settle(to: index, velocity: 0, at: time, c, &fx)
        case (.pressed, _), (.dragging, _):
            renumber(index)                               // the release snaps among the new anchors
            return phase
        case (.resting, false), (.settling, false), (.scrollFling, false):
            land(at: index, c, &fx)
            return .resting
        }
    }

    /// After a reload: the same anchor (the nearest there is) and pages, no motion, no events.
    mutating func restAt(_ index: Int, pages: [String], _ c: Context) {
        anchor.rest(at: c.rules.clampIndex(index))
        origin = c.rules.origins[anchorIndex]
        rawOrigin = origin
        stack.carry(pages)
    }

    /// A frame of the card's own motion: a settle ends exactly on its anchor with its did
    /// (Sheet S8); a list's glide moves its page.
    mutating func tick(at time: Instant, _ c: Context, _ fx: inout [Effect]) -> Phase {
        switch phase {
        case .settling(var motion):
            motion.advance(to: time)
            origin = c.rules.settleOrigin(motion.value)
            guard motion.isAtRest else { return .settling(motion) }
            origin = c.rules.origins[anchorIndex]
            arrive(&fx)
            return .resting
        case .scrollFling(var fling, let page):
            let (offset, finished) = fling.advance(to: time)
            fx.append(.scroll(page: page, to: offset))
            return finished ? .resting : .scrollFling(fling, page: page)
        case .resting, .pressed, .dragging:
            return phase
        }
    }

    // MARK: Page stack (Sheet S14)

    /// How pages slide now: `transition_duration` on a critically damped spring, over the
    /// content's height (which follows the top anchor).
    func slide(_ c: Context) -> SheetPageStack.SlideSpec {
        SheetPageStack.SlideSpec(spring: Spring(duration: c.rules.config.transitionDuration, dampingRatio: 1),
                                 travel: c.rules.cardHeight - c.rules.chromeTop)
    }

    /// A pushed page starts at its own top.
    mutating func push(_ page: String, animated: Bool, at time: Instant, _ c: Context, _ fx: inout [Effect]) {
        stack.push(page, slide: animated ? slide(c) : nil, at: time)
        fx.append(.scroll(page: page, to: 0))
        fx.append(.emit(.pagesChanged(sheet: id, change: .push, depth: stack.depth)))
    }

    mutating func pop(to depth: Int, animated: Bool, at time: Instant, _ c: Context, _ fx: inout [Effect]) {
        guard stack.pop(to: depth, slide: animated ? slide(c) : nil, at: time) else { return }
        fx.append(.emit(.pagesChanged(sheet: id, change: .pop, depth: stack.depth)))
    }

    /// Pages new to the stack start at their top; the ones already on it keep their place.
    mutating func setPages(_ pages: [String], at time: Instant, _ c: Context, _ fx: inout [Effect]) {
        for page in pages where !stack.contains(page) { fx.append(.scroll(page: page, to: 0)) }
        stack.set(pages, slide: slide(c), at: time)
        fx.append(.emit(.pagesChanged(sheet: id, change: .setPages, depth: stack.depth)))
    }
}
