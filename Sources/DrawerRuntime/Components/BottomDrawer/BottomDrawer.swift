import PanelRenderer

/// Pulley's bottom drawer: collapsed / partially revealed / open stops (closed only from
/// code), snapping on release by projected position, dimming above partial, panel and
/// compact modes, attention bounce. Beyond Pulley: the release velocity feeds the spring,
/// a moving drawer can be caught mid-flight, and a list inside hands the drag over to its
/// scrolling and back within one gesture.
public final class BottomDrawer: Component, GestureComponent {
    public let id: String
    public let kind = ComponentKind.bottomDrawer
    public var config: BottomDrawerConfig
    public var content: ContentView?
    /// Other contents by page id, for `replace_content <page>`.
    public var pages: [String: ContentView] = [:]
    public private(set) var page: String?
    /// Background (Pulley's primary) contents by page id, for `replace_background <page>`.
    public var backgroundPages: [String: ContentView] = [:]
    /// The background page `replace_background` showed last.
    public private(set) var backgroundPage: String?
    /// Where `replace_background` puts its page: the screen the drawer is on.
    public weak var backgroundHost: BackgroundHost?
    /// The blurred picture of what lies beneath the card (`blur`), from the screen.
    var blurredBackdrop: Pixmap?
    /// Replaced content fading out over the new one (Pulley cross-dissolves for the
    /// animation duration).
    private(set) var crossFade: (old: ContentView, start: Instant, progress: Double)?
    private var reportedDistance: Double?
    let events: EventSink

    /// The state machine's phases; `transition` is the only place that assigns `phase` (it
    /// sets it to what `next` returns).
    enum Phase {
        case resting
        /// Finger down, not yet past the slop: could still become a tap.
        case pressed(start: Point, startHeight: Double, startScroll: Double)
        /// `follower`: who took the finger's latest step, the drawer (`.container`) or its
        /// list (`.content`), as the nested-scroll coordinator shared it.
        case dragging(lastY: Double, startHeight: Double, follower: NestedScrollParticipant)
        case settling(SpringMotion)
        case bouncing(start: Instant)
    }

    /// Assigned only by `transition`.
    var phase = Phase.resting
    /// The logical position: where it rests, or where it is heading.
    public private(set) var position: DrawerPosition
    /// Visible height in points (docs/formats.md, State file: `visible_height_pt`).
    public private(set) var height: Double = 0
    /// How far the inner content is scrolled, points.
    public private(set) var scrollOffset: Double = 0
    private var rules: BottomDrawerRules
    /// The position the current drag started from (Pulley's "current" in the snap rule).
    private var dragOrigin: DrawerPosition = .collapsed
    public var touchSlop = 8.0
    /// First finger, pressed rows, scroll views inside the content: what every component
    /// does with a touch.
    var shell = GestureShell()
    public var drawRevision: Int { shell.revision }
    /// Numbers the snapshots of `state()`'s fields (`stateRevision`).
    var stateRevisions = StateRevision<StateSnapshot>()

    public init(id: String, config: BottomDrawerConfig, content: ContentView?, env: Environment, events: EventSink) {
        self.id = id
        self.config = config
        self.content = content
        self.events = events
        self.rules = BottomDrawerRules(config: config, env: env)
        position = config.initial
        layout(in: env)
        height = rules.stopHeight(of: position)
    }

    public var displayMode: DrawerDisplayMode { rules.displayMode }

    /// A frosted card asks the screen for what lies beneath it, blurred by `blur_radius`.
    public var backdropBlur: Double? { config.blur ? config.blurRadius : nil }
    public func useBlurredBackdrop(_ picture: Pixmap?) { blurredBackdrop = picture }

    /// The card and its shadow; the whole screen while dimming shows (or just stopped).
    public var paintBounds: Rect? {
        if dimmingAlpha > 0 { return nil }
        let margin = config.shadowRadius * 3 + max(abs(config.shadowOffset.x), abs(config.shadowOffset.y)) + 2
        return cardFrame.insetBy(dx: -margin, dy: -margin)
    }
    var supportsPartial: Bool { rules.supported.contains(.partiallyRevealed) }
    /// The positions it may be moved to in its display mode (closed besides).
    public var supportedPositions: Set<DrawerPosition> { rules.supported }
    public var dimmingAlpha: Double { rules.dimmingAlpha(height: height) }
    public var cardFrame: Rect { rules.cardFrame(height: height) }
    var env: Environment { rules.env }

    public func layout(in env: Environment) {
        rules = BottomDrawerRules(config: config, env: env)
        if !rules.supported.contains(position) && position != .closed {
            position = rules.lowestPosition
        }
        if case .resting = phase { height = rules.stopHeight(of: position) }
        _ = content?.layout(width: rules.cardFrame(height: height).width, env: env)
        clampScroll()
    }

    public var motionPhase: MotionPhase {
        switch phase {
        case .resting: shell.restingPhase
        case .pressed: .pressed
        case .dragging(_, _, .container): .dragging
        case .dragging(_, _, .content): .scrolling
        case .settling, .bouncing: .settling
        }
    }

    public var needsFrames: Bool {
        if crossFade != nil || shell.isFlinging { return true }
        switch phase {
        case .settling, .bouncing: return true
        case .resting, .pressed, .dragging: return false
        }
    }

    public func claims(_ p: Point) -> Bool {
        if position == .closed, case .resting = phase { return false }
        // Above partial the dimming takes every touch (Pulley); below it the map stays live.
        if dimmingAlpha > 0 { return true }
        return cardFrame.contains(p)
    }

    // MARK: Touch

    public func handle(_ t: TouchEvent) { handleTouch(t) }

    var holdsContentPress: Bool {
        switch phase {
        case .pressed: true
        case .resting, .dragging, .settling, .bouncing: false
        }
    }

    enum Input: TouchInput {
        /// A step of the gesture; a press lands on the card or on the dimming (a tap there
        /// moves the drawer: Pulley's tap target).
        case touch(TouchTracker.Step)
        case setPosition(DrawerPosition, animated: Bool)
        /// After a reload: rest at this position at once, without events.
        case restAt(DrawerPosition)
        case bounce
        case tick
    }

    /// The press landed on the dimming, outside the card: its lift there is a tap on it.
    private var pressedOnDimming = false

    /// The phase after `input` in `phase`, with its effects (height, position, events).
    func next(_ phase: Phase, _ input: Input, at time: Instant) -> Phase {
        switch (phase, input) {
        case (.settling(var motion), .touch(.press)):
            // A finger landing on a moving drawer stops it where it is and takes over.
            motion.advance(to: time)
            height = rules.settleHeight(motion.value)
            return next(.resting, input, at: time)
        case (.bouncing, .touch(.press)):
            height = rules.stopHeight(of: position)
            return next(.resting, input, at: time)
        case (.resting, .touch(.press(let p))), (.pressed, .touch(.press(let p))), (.dragging, .touch(.press(let p))):
            guard cardFrame.contains(p) else {
                pressedOnDimming = true
                return .resting
            }
            pressedOnDimming = false
            return .pressed(start: p, startHeight: height, startScroll: scrollOffset)
        case (.pressed(let start, let startHeight, _), .touch(.move(let p))):
            guard config.allowsUserPositionChange || (content?.maxScrollOffset(viewportHeight: height) ?? 0) > 0,
                  startsVerticalDrag(from: start, to: p) else { return phase }
            dragOrigin = position
            // The drawer until its first step says otherwise (a step that moves nothing keeps it).
            return next(.dragging(lastY: start.y, startHeight: startHeight, follower: .container), input, at: time)
        case (.dragging(let lastY, let startHeight, let follower), .touch(.move(let p))):
            let moved = applyDrag(delta: (lastY - p.y) * growthSign)    // positive = toward a taller drawer
            return .dragging(lastY: p.y, startHeight: startHeight, follower: moved ?? follower)
        case (.resting, .touch(.move)), (.settling, .touch(.move)), (.bouncing, .touch(.move)):
            return phase
        case (.pressed(let start, _, _), .touch(.release(let p, _, let cancelled))):
            if isTap(from: start, to: p, cancelled: cancelled) { emitAction(contentHit(at: p), at: time) }
            return settleIfNeeded(else: .resting, at: time)
        case (.dragging, .touch(.release(_, let v, let cancelled))):
            // Finger velocity is in points per second, y down; the drawer grows upward.
            let up = -v.y * growthSign
            // A cancelled touch (its device unplugged, a palm) decided nothing: the drawer goes
            // back to where the drag found it instead of committing the part-drag.
            let target = position == .closed || cancelled ? position
                : rules.snapTarget(from: dragOrigin, height: height, upwardVelocity: up)
            return settle(to: target, velocity: config.useReleaseVelocity && !cancelled ? up : 0, at: time)
        case (.resting, .touch(.release(let p, _, let cancelled))), (.settling, .touch(.release(let p, _, let cancelled))),
             (.bouncing, .touch(.release(let p, _, let cancelled))):
            defer { pressedOnDimming = false }
            if pressedOnDimming, !cancelled, !cardFrame.contains(p) {
                return settle(to: config.positionWhenDimmingTapped, velocity: 0, at: time)
            }
            return settleIfNeeded(else: phase, at: time)
        case (_, .setPosition(let target, let animated)):
            guard target == .closed || rules.supported.contains(target) else { return phase }
            if animated { return settle(to: target, velocity: 0, at: time) }
            let from = position
            position = target
            height = rules.stopHeight(of: target)
            if from != target {
                emitWill(from: from, to: target, at: time)
                emitDid(at: time)
            }
            return .resting
        case (_, .restAt(let target)):
            position = target
            height = rules.stopHeight(of: target)
            return .resting
        case (.resting, .bounce):
            guard rules.displayMode == .drawer, position == .collapsed || position == .partiallyRevealed else { return phase }
            return .bouncing(start: time)
        case (.pressed, .bounce), (.dragging, .bounce), (.settling, .bounce), (.bouncing, .bounce):
            return phase
        case (.settling(var motion), .tick):
            motion.advance(to: time)
            height = rules.settleHeight(motion.value)
            guard motion.isAtRest else { return .settling(motion) }
            height = rules.stopHeight(of: position)
            emitDid(at: time)
            return .resting
        case (.bouncing(let start), .tick):
            if let extra = rules.bounceOffset(elapsed: (time - start).seconds) {
                height = rules.stopHeight(of: position) + extra
                return phase
            }
            height = rules.stopHeight(of: position)
            return .resting
        case (.resting, .tick), (.pressed, .tick), (.dragging, .tick):
            return phase
        }
    }

    /// One finger delta (positive = toward a taller drawer), split between drawer and list
    /// through the runtime's one nested-scroll protocol: resize-first grows the drawer to open
    /// before the list scrolls, and shrinks it only once the list is back at its top, in one
    /// gesture. The coordinator is made afresh from the drawer's height and the list's offset
    /// at every step (they are its whole state: Pulley shows no overflow), so a relayout or new
    /// content mid-drag is taken into account at once. Returns who followed the finger in this
    /// step (nil: nothing moved).
    private func applyDrag(delta: Double) -> NestedScrollParticipant? {
        let canResize = config.allowsUserPositionChange && rules.supported.count > 1
        let range = canResize ? rules.dragRange : height...height
        let maxScroll = content?.maxScrollOffset(viewportHeight: contentViewportHeight) ?? 0
        // The coordinator's container moves with the finger (y down): position = -height.
        // Pulley clamps at the ends (no rubber band): travel past them is dropped, so a finger
        // that turns back moves the drawer or the list at once.
        var nested = NestedScrollCoordinator(policy: config.scrollPolicy, containerPosition: -height,
                                             containerRange: -range.upperBound ... -range.lowerBound,
                                             contentOffset: scrollOffset, contentRange: 0...max(maxScroll, scrollOffset),
                                             showsOverflow: [])
        _ = nested.drag(by: -delta)
        height = -nested.containerPosition
        scrollOffset = nested.contentOffset
        return nested.follower
    }

    /// +1 when the card grows upward (drawer mode, bottom panel corners), -1 when it hangs
    /// from the top (panel or compact mode with a top corner) and grows downward.
    var growthSign: Double {
        let mode = rules.displayMode
        guard mode == .panel || mode == .compact else { return 1 }
        let corner = mode == .panel ? config.panelCorner : config.compactCorner
        return corner == .topLeft || corner == .topRight ? -1 : 1
    }

    var contentViewportHeight: Double { max(0, rules.stopHeight(of: .open) - contentTopInset) }
    var contentTopInset: Double { config.showsGrabber ? 24 : 8 }

    public func contentChanged(at time: Instant) {
        guard let content else { return }
        scrollOffset = content.anchoredScrollOffset(scrollOffset, viewportHeight: contentViewportHeight)
    }

    private func clampScroll() {
        scrollOffset = content?.clampedScrollOffset(scrollOffset, viewportHeight: contentViewportHeight) ?? 0
    }

    /// The content under `p` (screen points) and `p` in its coordinates.
    func contentHit(at p: Point) -> ContentHit? {
        let card = cardFrame
        guard card.contains(p), let content else { return nil }
        return (content, Point(p.x - card.x, p.y - card.y - contentTopInset + scrollOffset))
    }

    /// Settles back to the resting position when the drawer is off it; `phase` otherwise.
    private func settleIfNeeded(else phase: Phase, at time: Instant) -> Phase {
        abs(height - rules.stopHeight(of: position)) > 0.001 ? settle(to: position, velocity: 0, at: time) : phase
    }

    private func settle(to target: DrawerPosition, velocity: Double, at time: Instant) -> Phase {
        let from = position
        position = target
        if from != target { emitWill(from: from, to: target, at: time) }
        let spring = Spring(duration: config.animationDuration, dampingRatio: config.animationDamping)
        return .settling(SpringMotion(points: height, to: rules.stopHeight(of: target), velocity: velocity,
                                      spring: spring, at: time))
    }

    private var pendingDid = false
    private func emitWill(from: DrawerPosition, to: DrawerPosition, at time: Instant) {
        pendingDid = true
        events.emit(.positionWillChange(drawer: id, from: from, to: to), at: time)
    }
    private func emitDid(at time: Instant) {
        guard pendingDid else { return }
        pendingDid = false
        events.emit(.positionDidChange(drawer: id, position: position), at: time)
    }

    // MARK: Component

    public func advance(to time: Instant) {
        shell.advance(to: time)
        transition(.tick, at: time)
        if let f = crossFade {
            let p = (time - f.start).seconds / max(config.animationDuration, 0.001)
            crossFade = p >= 1 ? nil : (f.old, f.start, max(0, p))
        }
        reportDistance(at: time)
    }

    /// Pulley's distance-from-bottom callback as an event, when asked for
    /// (`report_distance`): at most one per frame and only when it moved half a point.
    private func reportDistance(at time: Instant) {
        guard config.reportsDistance else { return }
        // Small steps wait for the next half point, except the last one at rest.
        if let last = reportedDistance, abs(last - height) < 0.5, needsFrames || last == height { return }
        reportedDistance = height
        events.emit(.distanceChanged(drawer: id, distancePt: height), at: time)
    }

    /// Swaps the content for page `pageID`, cross-fading, and optionally moves the drawer
    /// there (animated). Throws when the drawer has no such page or does not support the
    /// position.
    public func replaceContent(with pageID: String, position target: DrawerPosition? = nil, animated: Bool = true,
                               at time: Instant) throws(ActionError) {
        guard let next = pages[pageID] else {
            let known = pages.keys.sorted()
            throw ActionError("drawer '\(id)' has no page '\(pageID)'" + (known.isEmpty ? " (it has no pages)" : " (pages: \(known.joined(separator: ", ")))"))
        }
        if let target, !(target == .closed || rules.supported.contains(target)) {
            throw ActionError("position '\(target.rawValue)' is not supported by drawer '\(id)'")
        }
        // Unanimated (Pulley's `animated: false`): the new content shows at once, and a
        // cross-fade still running ends.
        if animated, let old = content, old !== next { crossFade = (old, time, 0) } else if !animated { crossFade = nil }
        content = next
        page = pageID
        scrollOffset = 0
        _ = next.layout(width: cardFrame.width, env: env)
        if let target { transition(.setPosition(target, animated: animated), at: time) }
    }

    /// Shows background page `pageID` under the drawer (Pulley's primary content),
    /// cross-fading for `animation_duration` when `animated`. Throws when the drawer has no
    /// such background page or is on no screen.
    public func replaceBackground(with pageID: String, animated: Bool = true, at time: Instant) throws(ActionError) {
        guard let next = backgroundPages[pageID] else {
            let known = backgroundPages.keys.sorted()
            throw ActionError("drawer '\(id)' has no background page '\(pageID)'"
                + (known.isEmpty ? " (it has no background_pages)" : " (background_pages: \(known.joined(separator: ", ")))"))
        }
        guard let host = backgroundHost else { throw ActionError("drawer '\(id)' is on no screen") }
        host.replaceBackgroundContent(next, fade: animated ? config.animationDuration : 0, at: time)
        backgroundPage = pageID
    }

    /// Changes the supported positions at run time (Pulley's
    /// `setNeedsSupportedDrawerPositionsUpdate`): when the drawer's position is no longer
    /// supported it jumps, unanimated, to the lowest supported position but closed
    /// (docs/components.md, Bottom drawer B2). Throws when `positions` has none of collapsed,
    /// partiallyRevealed, open.
    public func setPositions(_ positions: Set<DrawerPosition>, at time: Instant) throws(ActionError) {
        guard !positions.subtracting([.closed]).isEmpty else {
            throw ActionError("set_positions needs at least one of collapsed, partiallyRevealed, open")
        }
        config.positions = positions
        rules = BottomDrawerRules(config: config, env: env)
        guard position != .closed, !rules.supported.contains(position) else { return }
        transition(.setPosition(rules.lowestPosition, animated: false), at: time)
    }

    public func carryState(from previous: Component) {
        guard let old = previous as? BottomDrawer else { return }
        // The page `replace_content` showed, when the new file still has it.
        if let name = old.page, let shown = pages[name] {
            content = shown
            page = name
            _ = shown.layout(width: cardFrame.width, env: env)
        }
        if let name = old.backgroundPage, backgroundPages[name] != nil {
            try? replaceBackground(with: name, animated: false, at: .zero)
        }
        let target = old.position
        guard target == .closed || rules.supported.contains(target) else { return }
        transition(.restAt(target), at: .zero)
        scrollOffset = old.scrollOffset
        clampScroll()
    }

    public func reset(at time: Instant) {
        shell.reset()
        transition(.setPosition(config.initial, animated: true), at: time)
        scrollOffset = 0
    }

    public func state() -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("kind", .string(kind.rawValue)),
            ("position", .string(position.rawValue)),
            ("visible_height_pt", .number(height)),
            ("dimming_alpha", .number(dimmingAlpha)),
            ("display_mode", .string(rules.displayMode.rawValue)),
            ("scroll_offset_pt", .number(scrollOffset)),
            ("page", page.map { .string($0) } ?? .null),
            ("animating", .bool(needsFrames)),
        ]
        // Only for a drawer with background pages: other apps' state files stay as they were.
        if !backgroundPages.isEmpty { fields.append(("background_page", backgroundPage.map { .string($0) } ?? .null)) }
        return .object(fields)
    }
}

extension BottomDrawer {
    /// The fields of `state()` as values, field for field (keep the two in step): compared
    /// every frame instead of the JSON.
    struct StateSnapshot: Equatable {
        var position: DrawerPosition, height: Double, dimmingAlpha: Double, displayMode: DrawerDisplayMode
        var scrollOffset: Double, page: String?, animating: Bool
        /// Absent (nil) for a drawer without background pages, as in `state()`.
        var backgroundPage: String??
    }

    public var stateRevision: Int? {
        stateRevisions.revision(of: StateSnapshot(
            position: position, height: height, dimmingAlpha: dimmingAlpha, displayMode: rules.displayMode,
            scrollOffset: scrollOffset, page: page, animating: needsFrames,
            backgroundPage: backgroundPages.isEmpty ? nil : .some(backgroundPage)))
    }
}

#if canImport(Glibc)
import Glibc
#endif
