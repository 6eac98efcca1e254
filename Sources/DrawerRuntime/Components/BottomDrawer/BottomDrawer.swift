import PanelRenderer

/// Pulley's bottom drawer: collapsed / partially revealed / open stops (closed only from
/// code), snapping on release by projected position, dimming above partial, panel and
/// compact modes, attention bounce. Beyond Pulley: the release velocity feeds the spring,
/// a moving drawer can be caught mid-flight, and a list inside hands the drag over to its
/// scrolling and back within one gesture.
public final class BottomDrawer: Component, MachineComponent {
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

    /// The drawer's logical state (phase, position, height, list offset, the will/did
    /// pairing): changed only by `transition`, which applies the effects it returns.
    var machine: BottomDrawerMachine
    /// The logical position: where it rests, or where it is heading.
    public var position: DrawerPosition { machine.position }
    /// Visible height in points (docs/formats.md, State file: `visible_height_pt`).
    public var height: Double { machine.height }
    /// How far the inner content is scrolled, points.
    public var scrollOffset: Double { machine.scrollOffset }
    private var rules: BottomDrawerRules
    /// Points a finger may travel and still tap: the drawer's one slop, also for the scroll
    /// views inside its content (docs/components.md, M4).
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
        let rules = BottomDrawerRules(config: config, env: env)
        self.rules = rules
        machine = BottomDrawerMachine(position: config.initial, rules: rules)
        layout(in: env)
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
        transition(.relayout, at: .zero)
        _ = content?.layout(width: rules.cardFrame(height: height).width, env: env)
        clampScroll()
    }

    public var motionPhase: MotionPhase {
        switch machine.phase {
        case .resting: shell.restingPhase
        case .pressed: .pressed
        case .dragging(_, _, .container): .dragging
        case .dragging(_, _, .content): .scrolling
        case .settling, .bouncing: .settling
        }
    }

    public var needsFrames: Bool {
        if crossFade != nil || shell.isFlinging { return true }
        switch machine.phase {
        case .settling, .bouncing: return true
        case .resting, .pressed, .dragging: return false
        }
    }

    public func claims(_ p: Point) -> Bool {
        if position == .closed, case .resting = machine.phase { return false }
        // Above partial the dimming takes every touch (Pulley); below it the map stays live.
        if dimmingAlpha > 0 { return true }
        return cardFrame.contains(p)
    }

    // MARK: Touch

    public func handle(_ t: TouchEvent) { handleTouch(t) }

    var holdsContentPress: Bool {
        switch machine.phase {
        case .pressed: true
        case .resting, .dragging, .settling, .bouncing: false
        }
    }

    var contentViewportHeight: Double { max(0, rules.stopHeight(of: .open) - contentTopInset) }
    var contentTopInset: Double { config.showsGrabber ? 24 : 8 }

    public func contentChanged(at time: Instant) {
        guard let content else { return }
        transition(.scroll(to: content.anchoredScrollOffset(scrollOffset, viewportHeight: contentViewportHeight)), at: time)
    }

    private func clampScroll() {
        let clamped = content?.clampedScrollOffset(scrollOffset, viewportHeight: contentViewportHeight) ?? 0
        transition(.scroll(to: clamped), at: .zero)
    }

    /// The content under `p` (screen points) and `p` in its coordinates.
    func contentHit(at p: Point) -> ContentHit? {
        let card = cardFrame
        guard card.contains(p), let content else { return nil }
        return (content, Point(p.x - card.x, p.y - card.y - contentTopInset + scrollOffset))
    }

    /// What the machine reads for `input`: the rules, the slop, the list's scroll range and,
    /// for a release, the action under the finger (the card as it is before the input).
    func context(for input: BottomDrawerMachine.Input) -> BottomDrawerMachine.Context {
        var action: String?
        if case .touch(.release(let p, _, _)) = input, let hit = contentHit(at: p) { action = hit.content.action(at: hit.local) }
        return BottomDrawerMachine.Context(
            id: id, rules: rules, slop: slop,
            contentScrolls: (content?.maxScrollOffset(viewportHeight: height) ?? 0) > 0,
            maxScrollOffset: content?.maxScrollOffset(viewportHeight: contentViewportHeight) ?? 0,
            actionUnderTouch: action)
    }

    func apply(_ effect: BottomDrawerMachine.Effect, at time: Instant) {
        switch effect {
        case .emit(let event): events.emit(event, at: time)
        }
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
        transition(.scroll(to: 0), at: time)
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
        transition(.scroll(to: old.scrollOffset), at: .zero)
        clampScroll()
    }

    public func reset(at time: Instant) {
        shell.reset()
        transition(.setPosition(config.initial, animated: true), at: time)
        transition(.scroll(to: 0), at: time)
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
