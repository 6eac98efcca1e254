/// One animatable coordinate of a component (a sheet's origin, a drawer's offset) with the
/// small state machine Advance's `Animator` has: at rest, following a finger, or moving under
/// a spring or a fling. Every transition keeps value and velocity continuous, so a finger can
/// catch a moving sheet exactly where it is (sheets §2.9 quirk 31b jumps to the end value
/// instead).
public struct AnimatedValue: Sendable {
    public enum Phase: Sendable {
        case resting
        /// `grabValue` is the value when the finger took it; the finger moves it by translation.
        case dragging(grabValue: Double)
        case springing(SpringMotion)
        case decaying(Simulation<DecayFunction>)
    }

    public private(set) var phase: Phase = .resting
    /// Points.
    public private(set) var value: Double
    /// Points per second (while dragging: as last reported by `drag`).
    public private(set) var velocity: Double = 0

    public init(_ value: Double) { self.value = value }

    public var isDragging: Bool { if case .dragging = phase { return true }; return false }
    public var isAtRest: Bool { if case .resting = phase { return true }; return false }
    /// Only a spring or a fling needs frames; a drag is driven by touch events.
    public var needsFrames: Bool {
        switch phase {
        case .springing, .decaying: return true
        case .resting, .dragging: return false
        }
    }
    /// The spring's target while springing.
    public var target: Double? { if case .springing(let m) = phase { return m.target }; return nil }

    public mutating func advance(to time: Instant) {
        switch phase {
        case .resting, .dragging:
            return
        case .springing(var m):
            m.advance(to: time)
            value = m.value; velocity = m.velocity
            phase = m.isAtRest ? .resting : .springing(m)
        case .decaying(var s):
            s.advance(to: time)
            value = s.value; velocity = s.velocity
            phase = s.isAtRest ? .resting : .decaying(s)
        }
    }

    /// A finger takes hold at `time`: whatever was moving stops where it is *at that time*.
    /// Returns the grab value (the drag's origin).
    @discardableResult
    public mutating func beginDrag(at time: Instant) -> Double {
        advance(to: time)
        phase = .dragging(grabValue: value)
        velocity = 0
        return value
    }

    /// Sets the dragged value directly (the component applies its rubber band first).
    public mutating func drag(to newValue: Double, velocity ptPerSecond: Double = 0) {
        value = newValue
        velocity = ptPerSecond
        if case .dragging = phase {} else { phase = .dragging(grabValue: newValue) }
    }

    /// The value at which the current drag started.
    public var grabValue: Double? { if case .dragging(let g) = phase { return g }; return nil }

    /// Springs to `target` starting with `velocity` pt/s (the finger's release velocity, or the
    /// current velocity when retargeting mid-flight if nil).
    public mutating func animate(to target: Double, spring: Spring, velocity ptPerSecond: Double? = nil, at time: Instant) {
        advance(to: time)
        let m = SpringMotion(from: value, to: target, velocity: ptPerSecond ?? velocity, spring: spring, at: time)
        velocity = m.velocity
        phase = m.isAtRest ? .resting : .springing(m)
        if m.isAtRest { value = target; velocity = 0 }
    }

    /// Coasts with UIScrollView deceleration from the current value.
    public mutating func fling(velocity ptPerSecond: Double, deceleration: Deceleration = .normal, at time: Instant) {
        advance(to: time)
        let s = Simulation(function: DecayFunction(deceleration: deceleration),
                           state: MotionState(value: value, velocity: ptPerSecond), at: time)
        velocity = s.velocity
        phase = s.isAtRest ? .resting : .decaying(s)
    }

    /// Jumps without animation and stops.
    public mutating func set(_ newValue: Double) {
        value = newValue; velocity = 0; phase = .resting
    }
}
