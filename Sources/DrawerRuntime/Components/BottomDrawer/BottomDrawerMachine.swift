import PanelRenderer

/// The bottom drawer's logical state as one value, and its rules as one transition function
/// (`handle`) that returns the events to emit. `BottomDrawer` holds one, feeds it touches,
/// actions and frame ticks, and emits what it returns; everything the machine reads but does
/// not own (the rules from config and screen, the content's scroll range, the action under
/// the finger) comes in as a `Context`, so tests drive it without a screen.
struct BottomDrawerMachine: ComponentMachine, Sendable {
    enum Phase: Sendable {
        case resting
        /// Finger down, not yet past the slop: could still become a tap.
        case pressed(start: Point, startHeight: Double, startScroll: Double)
        /// `follower`: who took the finger's latest step, the drawer (`.container`) or its
        /// list (`.content`), as the nested-scroll coordinator shared it.
        case dragging(lastY: Double, startHeight: Double, follower: NestedScrollParticipant)
        case settling(SpringMotion)
        case bouncing(start: Instant)
    }

    enum Input: Sendable {
        /// A step of the gesture; a press lands on the card or on the dimming (a tap there
        /// moves the drawer: Pulley's tap target). Velocities pt/s, y down.
        case touch(TouchTracker.Step)
        case setPosition(DrawerPosition, animated: Bool)
        /// After a reload: rest at this position at once, without events.
        case restAt(DrawerPosition)
        case bounce
        case tick
        /// The rules changed (a new screen size, supported positions): a position no longer
        /// supported falls back to the lowest one, silently; a resting drawer sits on its stop.
        case relayout
        /// The list's offset set from outside a drag (points): content anchoring, a new page.
        case scroll(to: Double)
    }

    /// What the machine reads but does not own, as things stand when an input arrives.
    struct Context: Sendable {
        /// The drawer's id, for the events it names.
        var id: String
        var rules: BottomDrawerRules
        /// Points a finger may travel and still tap (the component's one slop).
        var slop: TouchSlop
        /// The list can scroll in the drawer's visible height now (so a drawer the user may
        /// not move still takes a vertical drag for its list).
        var contentScrolls: Bool
        /// How far the list can scroll in the open drawer's viewport (points).
        var maxScrollOffset: Double
        /// The action of the content under a release's point (a tap on it acts), if any.
        var actionUnderTouch: String?
    }

    enum Effect: Equatable, Sendable {
        case emit(KioskEvent)
    }

    static func touch(_ step: TouchTracker.Step) -> Input { .touch(step) }

    private(set) var phase = Phase.resting
    /// Visible height in points (docs/formats.md, State file: `visible_height_pt`).
    private(set) var height: Double
    /// How far the inner content is scrolled, points.
    private(set) var scrollOffset = 0.0
    /// The position the current drag started from (Pulley's "current" in the snap rule).
    private(set) var dragOrigin = DrawerPosition.collapsed
    /// The press landed on the dimming, outside the card: its lift there is a tap on it.
    private(set) var pressedOnDimming = false
    /// `position_will_change` / `position_did_change`, paired.
    private(set) var pairing: WillDidPairing<DrawerPosition>

    /// The logical position: where it rests, or where it is heading.
    var position: DrawerPosition { pairing.destination }

    init(position: DrawerPosition, rules: BottomDrawerRules) {
        pairing = WillDidPairing(committed: position)
        height = rules.stopHeight(of: position)
    }

    mutating func handle(_ input: Input, at time: Instant, in c: Context) -> [Effect] {
        switch (phase, input) {
        case (.settling(var motion), .touch(.press)):
            // A finger landing on a moving drawer stops it where it is and takes over.
            motion.advance(to: time)
            return stop(at: c.rules.settleHeight(motion.value), then: input, at: time, in: c)
        case (.bouncing, .touch(.press)):
            return stop(at: c.rules.stopHeight(of: position), then: input, at: time, in: c)
        case (.resting, .touch(.press(let p))), (.pressed, .touch(.press(let p))), (.dragging, .touch(.press(let p))):
            press(at: p, in: c)
        case (.pressed(let start, let startHeight, _), .touch(.move(let p))):
            guard c.rules.config.allowsUserPositionChange || c.contentScrolls,
                  c.slop.startsVerticalDrag(from: start, to: p) else { return [] }
            dragOrigin = position
            // The drawer until its first step says otherwise (a step that moves nothing keeps it).
            phase = .dragging(lastY: start.y, startHeight: startHeight, follower: .container)
            return handle(input, at: time, in: c)
        case (.dragging(let lastY, let startHeight, let follower), .touch(.move(let p))):
            let moved = drag(by: (lastY - p.y) * Self.growthSign(c.rules), in: c)   // + = taller
            phase = .dragging(lastY: p.y, startHeight: startHeight, follower: moved ?? follower)
        case (.resting, .touch(.move)), (.settling, .touch(.move)), (.bouncing, .touch(.move)):
            return []
        case (.pressed(let start, _, _), .touch(.release(let p, _, let cancelled))):
            let tap = c.slop.isTap(from: start, to: p, cancelled: cancelled) ? c.actionUnderTouch : nil
            let action = tap.map { [Effect.emit(.action(target: c.id, id: $0))] } ?? []
            phase = .resting
            return action + settleIfNeeded(at: time, in: c)
        case (.dragging, .touch(.release(_, let v, let cancelled))):
            return release(velocity: v, cancelled: cancelled, at: time, in: c)
        case (.resting, .touch(.release(let p, _, let cancelled))), (.settling, .touch(.release(let p, _, let cancelled))),
             (.bouncing, .touch(.release(let p, _, let cancelled))):
            let onDimming = pressedOnDimming && !cancelled && !c.rules.cardFrame(height: height).contains(p)
            pressedOnDimming = false
            if onDimming { return settle(to: c.rules.config.positionWhenDimmingTapped, velocity: 0, at: time, in: c) }
            return settleIfNeeded(at: time, in: c)
        case (_, .setPosition(let target, let animated)):
            guard target == .closed || c.rules.supported.contains(target) else { return [] }
            if animated { return settle(to: target, velocity: 0, at: time, in: c) }
            return jump(to: target, in: c)
        case (_, .restAt(let target)):
            pairing.rest(at: target)
            height = c.rules.stopHeight(of: target)
            phase = .resting
        case (.resting, .bounce):
            guard c.rules.displayMode == .drawer, position == .collapsed || position == .partiallyRevealed else { return [] }
            phase = .bouncing(start: time)
        case (.pressed, .bounce), (.dragging, .bounce), (.settling, .bounce), (.bouncing, .bounce):
            return []
        case (.settling(var motion), .tick):
            return step(&motion, at: time, in: c)
        case (.bouncing(let start), .tick):
            let extra = c.rules.bounceOffset(elapsed: (time - start).seconds)
            height = c.rules.stopHeight(of: position) + (extra ?? 0)
            if extra == nil { phase = .resting }
        case (.resting, .tick), (.pressed, .tick), (.dragging, .tick):
            return []
        case (_, .relayout):
            relayout(in: c)
        case (_, .scroll(let offset)):
            scrollOffset = offset
        }
        return []
    }

    // MARK: The work of the transitions

    /// A moving drawer stops at `stoppedHeight`, and `input` (a press) lands on it at rest.
    private mutating func stop(at stoppedHeight: Double, then input: Input, at time: Instant, in c: Context) -> [Effect] {
        height = stoppedHeight
        phase = .resting
        return handle(input, at: time, in: c)
    }

    /// A press on the card may become a tap or a drag; one on the dimming only a tap on it.
    private mutating func press(at p: Point, in c: Context) {
        pressedOnDimming = !c.rules.cardFrame(height: height).contains(p)
        phase = pressedOnDimming ? .resting : .pressed(start: p, startHeight: height, startScroll: scrollOffset)
    }

    /// The end of a drag: the snap rule picks the stop from where the drag started, the
    /// height and the release velocity (pt/s, y down; the drawer grows upward).
    private mutating func release(velocity v: Point, cancelled: Bool, at time: Instant, in c: Context) -> [Effect] {
        let up = -v.y * Self.growthSign(c.rules)
        // A cancelled touch (its device unplugged, a palm) decided nothing: the drawer goes
        // back to where the drag found it instead of committing the part-drag.
        let target = position == .closed || cancelled ? position
            : c.rules.snapTarget(from: dragOrigin, height: height, upwardVelocity: up)
        return settle(to: target, velocity: c.rules.config.useReleaseVelocity && !cancelled ? up : 0, at: time, in: c)
    }

    /// One finger delta (positive = toward a taller drawer), split between drawer and list
    /// through the runtime's one nested-scroll protocol: resize-first grows the drawer to open
    /// before the list scrolls, and shrinks it only once the list is back at its top, in one
    /// gesture. The coordinator is made afresh from the drawer's height and the list's offset
    /// at every step (they are its whole state: Pulley shows no overflow), so a relayout or new
    /// content mid-drag is taken into account at once. Returns who followed the finger in this
    /// step (nil: nothing moved).
    private mutating func drag(by delta: Double, in c: Context) -> NestedScrollParticipant? {
        let canResize = c.rules.config.allowsUserPositionChange && c.rules.supported.count > 1
        let range = canResize ? c.rules.dragRange : height...height
        // The coordinator's container moves with the finger (y down): position = -height.
        // Pulley clamps at the ends (no rubber band): travel past them is dropped, so a finger
        // that turns back moves the drawer or the list at once.
        var nested = NestedScrollCoordinator(policy: c.rules.config.scrollPolicy, containerPosition: -height,
                                             containerRange: -range.upperBound ... -range.lowerBound,
                                             contentOffset: scrollOffset,
                                             contentRange: 0...max(c.maxScrollOffset, scrollOffset), showsOverflow: [])
        _ = nested.drag(by: -delta)
        height = -nested.containerPosition
        scrollOffset = nested.contentOffset
        return nested.follower
    }

    /// Settles back to the resting position when the drawer is off it; stays as it is otherwise.
    private mutating func settleIfNeeded(at time: Instant, in c: Context) -> [Effect] {
        guard abs(height - c.rules.stopHeight(of: position)) > 0.001 else { return [] }
        return settle(to: position, velocity: 0, at: time, in: c)
    }

    /// Springs toward `target` from where the drawer is, with `velocity` (pt/s, upward),
    /// announcing a new destination.
    private mutating func settle(to target: DrawerPosition, velocity: Double, at time: Instant, in c: Context) -> [Effect] {
        let will = pairing.will(toward: target)
        let spring = Spring(duration: c.rules.config.animationDuration, dampingRatio: c.rules.config.animationDamping)
        phase = .settling(SpringMotion(points: height, to: c.rules.stopHeight(of: target), velocity: velocity,
                                       spring: spring, at: time))
        return will.map { [.emit(.positionWillChange(drawer: c.id, from: $0.from, to: $0.to))] } ?? []
    }

    /// An unanimated move: on the stop at once, will and did together when it changed.
    private mutating func jump(to target: DrawerPosition, in c: Context) -> [Effect] {
        let will = pairing.will(toward: target)
        height = c.rules.stopHeight(of: target)
        phase = .resting
        guard let will else { return [] }
        let did = pairing.did(at: target)
        return [.emit(.positionWillChange(drawer: c.id, from: will.from, to: will.to))]
            + (did.map { [.emit(.positionDidChange(drawer: c.id, position: $0))] } ?? [])
    }

    /// A frame of the settle spring; at rest the drawer sits on its stop and says so.
    private mutating func step(_ motion: inout SpringMotion, at time: Instant, in c: Context) -> [Effect] {
        motion.advance(to: time)
        height = c.rules.settleHeight(motion.value)
        guard motion.isAtRest else {
            phase = .settling(motion)
            return []
        }
        height = c.rules.stopHeight(of: position)
        phase = .resting
        return pairing.did(at: position).map { [.emit(.positionDidChange(drawer: c.id, position: $0))] } ?? []
    }

    /// New rules: an unsupported position (closed aside) falls back to the lowest supported
    /// one without events. A *did* still owed for a motion under way stays owed, now for the
    /// fallback (so the pairing is retargeted, not reset, while a *will* is waiting).
    private mutating func relayout(in c: Context) {
        if !c.rules.supported.contains(position) && position != .closed {
            let fallback = c.rules.lowestPosition
            if pairing.announced == nil { pairing.rest(at: fallback) } else { _ = pairing.will(toward: fallback) }
        }
        if case .resting = phase { height = c.rules.stopHeight(of: position) }
    }

    /// +1 when the card grows upward (drawer mode, bottom panel corners), -1 when it hangs
    /// from the top (panel or compact mode with a top corner) and grows downward.
    static func growthSign(_ rules: BottomDrawerRules) -> Double {
        let mode = rules.displayMode
        guard mode == .panel || mode == .compact else { return 1 }
        let corner = mode == .panel ? rules.config.panelCorner : rules.config.compactCorner
        return corner == .topLeft || corner == .topRight ? -1 : 1
    }
}
