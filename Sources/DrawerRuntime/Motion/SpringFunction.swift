/// The spring pulling toward `target`, as a force model for `Simulation`.
/// It converges when within `restDistance` points of the target and slower than
/// `restSpeed` pt/s, and then snaps exactly onto the target.
public struct SpringFunction: SimulationFunction, Equatable {
    public var spring: Spring
    public var target: Double
    public var restDistance: Double
    public var restSpeed: Double

    public init(spring: Spring, target: Double, restDistance: Double = 0.01, restSpeed: Double = 1) {
        self.spring = spring; self.target = target
        self.restDistance = restDistance; self.restSpeed = restSpeed
    }

    public func acceleration(value: Double, velocity: Double) -> Double {
        -spring.stiffness * (value - target) - spring.damping * velocity
    }

    public func convergence(value: Double, velocity: Double) -> Convergence {
        abs(value - target) < restDistance && abs(velocity) < restSpeed ? .converge(atValue: target) : .keepRunning
    }
}
