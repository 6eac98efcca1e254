/// A 1-D force model: the physics of one moving value, as a pure value (Advance's split of
/// model from integrator). Units: value in points, velocity in pt/s, acceleration in pt/s².
public protocol SimulationFunction: Sendable {
    /// Acceleration in pt/s² for this state.
    func acceleration(value: Double, velocity: Double) -> Double
    /// Whether the motion should stop here, and at which exact value.
    func convergence(value: Double, velocity: Double) -> Convergence
}

public enum Convergence: Equatable, Sendable {
    case keepRunning
    /// Stop with this exact value and zero velocity.
    case converge(atValue: Double)
}

/// Value and velocity of a 1-D body (points, pt/s).
public struct MotionState: Equatable, Hashable, Sendable {
    public var value: Double
    public var velocity: Double
    public init(value: Double, velocity: Double) { self.value = value; self.velocity = velocity }
}
