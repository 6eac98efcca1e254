/// Classic fourth-order Runge-Kutta on a `SimulationFunction`. Kept apart from the model and
/// from the stepping policy (`Simulation`), so every force model uses the same numerics.
public enum Integrator {
    /// One RK4 step of `dt` seconds.
    @inlinable
    public static func rk4<F: SimulationFunction>(_ f: F, _ s: MotionState, dt: Double) -> MotionState {
        let a1 = f.acceleration(value: s.value, velocity: s.velocity)
        let x2 = s.value + 0.5 * dt * s.velocity, v2 = s.velocity + 0.5 * dt * a1
        let a2 = f.acceleration(value: x2, velocity: v2)
        let x3 = s.value + 0.5 * dt * v2, v3 = s.velocity + 0.5 * dt * a2
        let a3 = f.acceleration(value: x3, velocity: v3)
        let x4 = s.value + dt * v3, v4 = s.velocity + dt * a3
        let a4 = f.acceleration(value: x4, velocity: v4)
        return MotionState(
            value: s.value + dt / 6 * (s.velocity + 2 * v2 + 2 * v3 + v4),
            velocity: s.velocity + dt / 6 * (a1 + 2 * a2 + 2 * a3 + a4))
    }
}
