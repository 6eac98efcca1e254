import PanelRenderer

/// What a drag-type recognizer reports on every step. Points and points per second.
public struct GestureUpdate: Equatable, Sendable {
    /// Where the touch went down.
    public var startLocation: Point
    /// Current finger location.
    public var location: Point
    /// Movement since the drag began (the slop is not included, so nothing jumps when the drag
    /// starts); the locked-out axis is zero for direction-locked pans.
    public var translation: Point
    /// pt/s from the least-squares tracker (zero on the locked-out axis, zero on cancel).
    public var velocity: Point
    public var time: Instant
    /// The finger that owns the gesture.
    public var touchID: Int

    public init(startLocation: Point, location: Point, translation: Point, velocity: Point, time: Instant, touchID: Int) {
        self.startLocation = startLocation; self.location = location; self.translation = translation
        self.velocity = velocity; self.time = time; self.touchID = touchID
    }
}

/// Events of the continuous recognizers (pan, edge pan). A cancel ends the gesture cleanly:
/// the owner returns its component to a legal resting state.
public enum PanEvent: Equatable, Sendable {
    case began(GestureUpdate)
    case changed(GestureUpdate)
    case ended(GestureUpdate)
    case cancelled(GestureUpdate)
    /// The touch will not become this gesture (moved the wrong way, started outside the zone);
    /// another recognizer may have it.
    case failed

    public var update: GestureUpdate? {
        switch self {
        case .began(let u), .changed(let u), .ended(let u), .cancelled(let u): return u
        case .failed: return nil
        }
    }
}

/// What to do with fingers beyond the first (interaction.md §9.4: shared public screens).
public enum ExtraFingerPolicy: Equatable, Sendable {
    /// The first finger owns the gesture; others neither move nor cancel it.
    case ignore
    /// As `.ignore`, but when the owner lifts while another finger is still down, that finger
    /// continues the same gesture from where it is (no jump, no end).
    case handOff
}
