import PanelRenderer

/// Cleans the raw touch stream before recognizers see it, for unattended public screens
/// (interaction.md §9.4, §9.6): every recognizer downstream may then assume a well-formed
/// stream — each finger goes down once, moves, and ends exactly once.
///
/// * Fingers beyond `maximumFingers` are dropped entirely (a palm or a crowd at the kiosk).
/// * Events for fingers that are not down (a move or up after a lost down) are dropped.
/// * A second down for a finger that is already down ends the first contact with a cancel.
/// * Time never runs backwards: an earlier timestamp is raised to the previous one.
/// * `cancelAll(at:)` ends every contact cleanly (screen blanked, display reconfigured, focus
///   lost), and `expire(at:)` cancels contacts silent for longer than `staleAfter` (a lost
///   "up" would otherwise hold a drawer half-open forever).
public struct TouchSanitizer: Sendable {
    public var maximumFingers: Int
    /// nil: never expire (libinput sends nothing for a finger held perfectly still).
    public var staleAfter: TimeSpan?

    /// Down fingers, oldest first, with their last location and report time.
    public private(set) var active: [(id: Int, location: Point, time: Instant)] = []
    private var lastTime: Instant?
    /// Events dropped so far (counted, never silent: style §2 "a full queue is an error we count").
    public private(set) var dropped = 0

    public init(maximumFingers: Int = 2, staleAfter: TimeSpan? = .seconds(30)) {
        self.maximumFingers = max(1, maximumFingers)
        self.staleAfter = staleAfter
    }

    public var activeIDs: [Int] { active.map(\.id) }

    /// The events to deliver for one raw event (zero, one, or a cancel followed by a down).
    public mutating func process(_ raw: TouchEvent) -> [TouchEvent] {
        var e = raw
        if let last = lastTime, e.time < last { e.time = last }
        lastTime = e.time
        let index = active.firstIndex { $0.id == e.id }
        switch e.phase {
        case .down:
            var out: [TouchEvent] = []
            if let i = index {
                out.append(TouchEvent(id: e.id, phase: .cancel, location: active[i].location, time: e.time))
                active.remove(at: i)
            }
            guard active.count < maximumFingers else { dropped += 1; return out }
            active.append((e.id, e.location, e.time))
            out.append(e)
            return out
        case .move:
            guard let i = index else { dropped += 1; return [] }
            active[i].location = e.location
            active[i].time = e.time
            return [e]
        case .up, .cancel:
            guard let i = index else { dropped += 1; return [] }
            active.remove(at: i)
            return [e]
        }
    }

    /// Cancels every finger still down, at `time`.
    public mutating func cancelAll(at time: Instant) -> [TouchEvent] {
        let t = max(time, lastTime ?? time)
        let out = active.map { TouchEvent(id: $0.id, phase: .cancel, location: $0.location, time: t) }
        active.removeAll()
        lastTime = t
        return out
    }

    /// Cancels fingers that have not reported for longer than `staleAfter`.
    public mutating func expire(at time: Instant) -> [TouchEvent] {
        guard let limit = staleAfter else { return [] }
        let t = max(time, lastTime ?? time)
        let stale = active.filter { t - $0.time > limit }
        active.removeAll { t - $0.time > limit }
        if !stale.isEmpty { lastTime = t }
        return stale.map { TouchEvent(id: $0.id, phase: .cancel, location: $0.location, time: t) }
    }

    /// When `expire` next has something to do (for the frame loop's wake-up), if anything.
    public var nextExpiry: Instant? {
        guard let limit = staleAfter, let oldest = active.map(\.time).min() else { return nil }
        return oldest + limit + .nanoseconds(1)
    }
}
