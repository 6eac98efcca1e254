import PanelRenderer

/// A press held in place for `minimumDuration`. Recognition needs time to pass without any
/// touch event, so the recognizer exposes `deadline` (the frame loop sleeps until then at
/// most) and `tick(at:)` (call it with the frame time; it fires once the deadline has passed).
/// Touch events past the deadline also fire it first, so a late tick never loses the press.
public struct LongPressRecognizer: Sendable {
    public struct Configuration: Equatable, Sendable {
        public var minimumDuration: TimeSpan
        /// Points the finger may wander before recognition (after it, moves are reported).
        public var allowableMovement: Double
        public init(minimumDuration: TimeSpan = .milliseconds(500), allowableMovement: Double = TouchSlop.standard.points) {
            self.minimumDuration = minimumDuration; self.allowableMovement = allowableMovement
        }
    }

    public enum Event: Equatable, Sendable {
        case began(location: Point, time: Instant)
        case changed(location: Point, time: Instant)
        case ended(location: Point, time: Instant)
        case cancelled(time: Instant)
        case failed
    }

    private enum State: Equatable, Sendable { case idle, waiting, active, failed }

    public var configuration: Configuration
    public private(set) var owner: Int?
    private var state = State.idle
    private var start = Point.zero
    private var last = Point.zero
    private var downTime = Instant.zero

    public init(configuration: Configuration = Configuration()) { self.configuration = configuration }

    public var isActive: Bool { state == .active }

    /// When the press will be recognized if nothing else happens; nil when not waiting.
    public var deadline: Instant? { state == .waiting ? downTime + configuration.minimumDuration : nil }

    public mutating func reset() { state = .idle; owner = nil }

    /// Call every frame (or at `deadline`); returns `.began` once when the hold completes.
    public mutating func tick(at time: Instant) -> Event? {
        guard state == .waiting, let d = deadline, time >= d else { return nil }
        state = .active
        return .began(location: last, time: d)
    }

    /// Events in order; at most two (a deadline that passed before this event, then the event).
    public mutating func handle(_ e: TouchEvent) -> [Event] {
        guard let ownerID = owner else {
            if e.phase == .down {
                owner = e.id; state = .waiting; start = e.location; last = e.location; downTime = e.time
            }
            return []
        }
        guard e.id == ownerID else { return [] }
        var out: [Event] = []
        if let fired = tick(at: e.time) { out.append(fired) }
        switch (state, e.phase) {
        case (_, .down):
            state = .waiting; start = e.location; last = e.location; downTime = e.time
        case (.waiting, .move):
            last = e.location
            if (e.location - start).length > configuration.allowableMovement { state = .failed; out.append(.failed) }
        case (.active, .move):
            last = e.location
            out.append(.changed(location: e.location, time: e.time))
        case (.active, .up):
            out.append(.ended(location: last, time: e.time)); reset()
        case (.active, .cancel):
            out.append(.cancelled(time: e.time)); reset()
        case (.waiting, .up), (.waiting, .cancel):
            out.append(.failed); reset()
        case (.failed, .up), (.failed, .cancel), (.idle, .up), (.idle, .cancel):
            reset()
        case (.failed, .move), (.idle, .move):
            break
        }
        return out
    }
}
