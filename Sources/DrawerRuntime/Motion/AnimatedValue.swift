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
        case timed(TimedAnimation)
        case keyframes(Keyframes)
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
        case .springing, .decaying, .timed, .keyframes: return true
        case .resting, .dragging: return false
        }
    }
    /// Where the running animation ends (nil when resting, dragging or coasting).
    public var target: Double? {
        switch phase {
        case .springing(let m): return m.target
        case .timed(let a): return a.to
        case .keyframes(let k): return k.finalValue
        case .resting, .dragging, .decaying: return nil
        }
    }

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
        case .timed(let a):
            value = a.value(at: time); velocity = a.velocity(at: time)
            if a.isFinished(at: time) { phase = .resting; velocity = 0 }
        case .keyframes(let k):
            value = k.value(at: time); velocity = 0
            if k.isFinished(at: time) { phase = .resting }
        }
    }

    /// Animates to `target` over `duration` along `curve` (no physics: the velocity is not
    /// carried in, as in the references that use timed animations).
    public mutating func animate(to target: Double, duration: TimeSpan, curve: TimingCurve, at time: Instant) {
        advance(to: time)
        let a = TimedAnimation(from: value, to: target, duration: duration, curve: curve, start: time)
        phase = duration > .zero ? .timed(a) : .resting
        if duration <= .zero { value = target; velocity = 0 }
    }

    /// Plays keyframe segments starting from the current value.
    public mutating func play(_ segments: [Keyframes.Segment], at time: Instant) {
        advance(to: time)
        let k = Keyframes(from: value, segments: segments, start: time)
        phase = k.isFinished(at: time) ? .resting : .keyframes(k)
        if k.isFinished(at: time) { value = k.finalValue; velocity = 0 }
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
