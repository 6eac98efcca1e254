import PanelRenderer

/// The bookkeeping every draggable component needs before its own rules: the first finger
/// owns the gesture (later fingers are ignored), and a velocity tracker fed with the
/// events' own timestamps. A cancelled touch releases with zero velocity, so nothing flings
/// on a palm or an unplugged screen.
public struct TouchTracker: Sendable {
    public enum Step: Equatable, Sendable {
        case press(Point)
        case move(Point)
        /// Velocity in points per second.
        case release(Point, velocity: Point, cancelled: Bool)
    }

    public private(set) var owner: Int?
    private var velocity = VelocityTracker()

    public init() {}

    /// What `t` means for the owning gesture, or nil when it belongs to another finger.
    public mutating func track(_ t: TouchEvent) -> Step? {
        if let owner, owner != t.id { return nil }
        switch t.phase {
        case .down:
            owner = t.id
            velocity.reset()
            velocity.add(t.location, at: t.time)
            return .press(t.location)
        case .move:
            guard owner != nil else { return nil }
            velocity.add(t.location, at: t.time)
            return .move(t.location)
        case .up, .cancel:
            guard owner != nil else { return nil }
            owner = nil
            let cancelled = t.phase == .cancel
            return .release(t.location, velocity: cancelled ? .zero : velocity.velocity(at: t.time), cancelled: cancelled)
        }
    }

    /// Forgets the gesture (idle reset, reload).
    public mutating func reset() { owner = nil; velocity.reset() }
}
