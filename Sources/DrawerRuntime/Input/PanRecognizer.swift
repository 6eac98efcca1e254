import PanelRenderer

/// A one-finger drag as a pure state machine: feed it every `TouchEvent`, get back at most one
/// `PanEvent` per touch event. No clock: times come from the events.
///
/// * The drag begins once the owning finger has moved more than the slop from where it went
///   down. Translation is measured from that point, so the dragged thing does not jump by the
///   slop when it starts following.
/// * Direction lock: `.vertical` / `.horizontal` fail when the first movement past the slop is
///   dominant along the other axis (so an inner horizontal scroller can take it); the locked-out
///   axis of translation and velocity is zero. `.free` follows both axes, or only the dominant
///   one if `locksToDominantAxis`.
/// * The first finger owns the gesture; other fingers are handled per `ExtraFingerPolicy`.
/// * A cancel of the owner ends an active drag with `.cancelled` (velocity zero).
/// * Optional hold-to-drag (accidental-dismiss protection, interaction.md §9.8): the finger
///   must rest within the slop for `holdToDrag` before moving, else the touch fails.
public struct PanRecognizer: Sendable {
    public enum Axis: Equatable, Sendable { case free, horizontal, vertical }

    public struct Configuration: Equatable, Sendable {
        public var slop: TouchSlop
        public var axis: Axis
        public var locksToDominantAxis: Bool
        public var extraFingers: ExtraFingerPolicy
        /// nil: drag at once. Otherwise the finger must hold still this long first.
        public var holdToDrag: TimeSpan?
        public init(slop: TouchSlop = .standard, axis: Axis = .free, locksToDominantAxis: Bool = false,
                    extraFingers: ExtraFingerPolicy = .ignore, holdToDrag: TimeSpan? = nil) {
            self.slop = slop; self.axis = axis
            self.locksToDominantAxis = locksToDominantAxis; self.extraFingers = extraFingers
            self.holdToDrag = holdToDrag
        }
    }

    public enum State: Equatable, Sendable {
        case idle
        /// The owner is down but has not passed the slop.
        case possible
        case active
        /// Decided not to be a pan; waits for the owner to lift.
        case failed
    }

    public var configuration: Configuration
    public private(set) var state: State = .idle
    /// The finger that owns the gesture, if any.
    public private(set) var owner: Int?
    /// The axis the drag follows once active (`.free` when unlocked).
    public private(set) var lockedAxis: Axis = .free

    private var startLocation = Point.zero
    private var downTime = Instant.zero
    private var lastLocation = Point.zero
    /// Finger location at which translation is zero (shifted on hand-off to keep continuity).
    private var anchor = Point.zero
    private var tracker = VelocityTracker()
    /// Other fingers currently down, oldest first (for hand-off).
    private var others: [(id: Int, location: Point)] = []

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    public var isActive: Bool { state == .active }

    /// With hold-to-drag: when the held finger becomes draggable (for feedback such as a
    /// highlight; the frame loop can wake then). Nil otherwise.
    public var holdDeadline: Instant? {
        guard state == .possible, let hold = configuration.holdToDrag else { return nil }
        return downTime + hold
    }

    /// Forgets everything (e.g. the component was reset programmatically). No event is emitted:
    /// prefer feeding a cancel if something was active.
    public mutating func reset() {
        state = .idle; owner = nil; others.removeAll(); tracker.reset(); lockedAxis = .free
    }

    /// Marks a possible or active gesture as failed (a wrapper rejected it, e.g. an edge pan
    /// moving outward). The owner's remaining events are ignored.
    public mutating func fail() {
        if owner != nil { state = .failed }
    }

    public mutating func handle(_ e: TouchEvent) -> PanEvent? {
        guard let ownerID = owner else {
            if e.phase == .down { begin(e) } else { trackOther(e) }
            return nil
        }
        guard e.id == ownerID else {
            trackOther(e)
            return nil
        }
        switch e.phase {
        case .down:
            // A repeated down for the owner (lost up): start over.
            reset(); begin(e); return nil
        case .move:
            return move(e)
        case .up:
            return lift(e)
        case .cancel:
            let wasActive = state == .active
            let u = update(e.location, e.time, velocity: .zero)
            reset()
            return wasActive ? .cancelled(u) : nil
        }
    }

    private mutating func begin(_ e: TouchEvent) {
        owner = e.id
        state = .possible
        startLocation = e.location
        downTime = e.time
        lastLocation = e.location
        anchor = e.location
        tracker.reset()
        tracker.add(e.location, at: e.time)
    }

    private mutating func trackOther(_ e: TouchEvent) {
        switch e.phase {
        case .down: others.append((e.id, e.location))
        case .move: if let i = others.firstIndex(where: { $0.id == e.id }) { others[i].location = e.location }
        case .up, .cancel: others.removeAll { $0.id == e.id }
        }
    }

    private mutating func move(_ e: TouchEvent) -> PanEvent? {
        lastLocation = e.location
        tracker.add(e.location, at: e.time)
        switch state {
        case .idle, .failed:
            return nil
        case .possible:
            let d = e.location - startLocation
            guard d.length > configuration.slop.points else { return nil }
            if let hold = configuration.holdToDrag, e.time - downTime < hold {
                state = .failed
                return .failed
            }
            let verticalDominant = abs(d.y) >= abs(d.x)
            switch configuration.axis {
            case .vertical where !verticalDominant, .horizontal where verticalDominant:
                state = .failed
                return .failed
            case .vertical, .horizontal:
                lockedAxis = configuration.axis
            case .free:
                lockedAxis = configuration.locksToDominantAxis ? (verticalDominant ? .vertical : .horizontal) : .free
            }
            state = .active
            anchor = e.location
            return .began(update(e.location, e.time, velocity: tracker.velocity(at: e.time)))
        case .active:
            return .changed(update(e.location, e.time, velocity: tracker.velocity(at: e.time)))
        }
    }

    private mutating func lift(_ e: TouchEvent) -> PanEvent? {
        let wasActive = state == .active
        // The lift repeats the last location later in time: not added to the tracker.
        let u = update(lastLocation, e.time, velocity: tracker.velocity(at: e.time))
        if wasActive, configuration.extraFingers == .handOff, let next = others.first {
            // The next finger continues the same drag: translation keeps its current value.
            others.removeFirst()
            owner = next.id
            anchor = next.location - (lastLocation - anchor)
            lastLocation = next.location
            tracker.reset()
            tracker.add(next.location, at: e.time)
            return nil
        }
        let remaining = others
        reset()
        others = remaining
        return wasActive ? .ended(u) : nil
    }

    private func update(_ location: Point, _ time: Instant, velocity: Point) -> GestureUpdate {
        var t = location - anchor
        var v = velocity
        switch lockedAxis {
        case .vertical: t.x = 0; v.x = 0
        case .horizontal: t.y = 0; v.y = 0
        case .free: break
        }
        if state != .active { t = .zero }
        return GestureUpdate(startLocation: startLocation, location: location, translation: t,
                             velocity: v, time: time, touchID: owner ?? -1)
    }
}
