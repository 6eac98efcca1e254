/// The spring pulling toward `target`, as a force model for `Simulation`.
/// A free spring converges when within `restDistance` points of the target and slower than
/// `restSpeed` pt/s, and then snaps exactly onto the target. A fitted spring never converges
/// here: it ends at its duration, which `SpringMotion` keeps (UIKit's completion fires at the
/// duration, not when the motion looks still).
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
        guard spring.duration == nil else { return .keepRunning }
        return abs(value - target) < restDistance && abs(velocity) < restSpeed ? .converge(atValue: target) : .keepRunning
    }
}
