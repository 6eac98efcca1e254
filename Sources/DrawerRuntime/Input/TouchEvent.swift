import PanelRenderer

/// One touch sample as the runtime sees it, whatever produced it (libinput, a touch script).
/// `location` is in points (pt = px / scale), `time` is the event's own timestamp (the kernel's
/// for libinput), never the time it was read: velocity is computed from these.
public struct TouchEvent: Equatable, Hashable, Sendable {
    public enum Phase: String, Equatable, Hashable, Sendable {
        case down, move, up, cancel
    }

    /// The finger's identity for the life of one contact (a libinput slot or a script id).
    public var id: Int
    public var phase: Phase
    /// Points. For `up`/`cancel` this is the last known location of that finger.
    public var location: Point
    public var time: Instant

    public init(id: Int, phase: Phase, location: Point, time: Instant) {
        self.id = id; self.phase = phase; self.location = location; self.time = time
    }
}
