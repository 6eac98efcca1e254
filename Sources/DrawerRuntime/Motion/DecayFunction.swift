/// Free deceleration (a fling after release) as a force model: a = −λ·v, converging in place
/// when slower than `restSpeed` pt/s.
public struct DecayFunction: SimulationFunction, Equatable {
    public var deceleration: Deceleration
    public var restSpeed: Double

    public init(deceleration: Deceleration = .normal, restSpeed: Double = 5) {
        self.deceleration = deceleration; self.restSpeed = restSpeed
    }

    public func acceleration(value: Double, velocity: Double) -> Double {
        -deceleration.decayPerSecond * velocity
    }

    public func convergence(value: Double, velocity: Double) -> Convergence {
        abs(velocity) < restSpeed ? .converge(atValue: value) : .keepRunning
    }
}
