/// Steps a `SimulationFunction` on a fixed time base, whatever the frame timing.
///
/// Outside time is accumulated in integer nanoseconds; whole steps of `step` (default 4 ms,
/// 250 Hz) are integrated with RK4 and committed; the remainder is integrated as one partial
/// step that is *reported* but never committed. So the same start state and the same total
/// time give bit-identical committed states whether frames come at 30, 60 or 144 Hz, and the
/// reported value never lags the clock. A call that spans more than `maxCatchUp` (default
/// 1 s = 250 steps, a long stall) drops the excess instead of running unbounded steps: the
/// motion resumes where it was rather than jumping. Frame loops never come near it.
///
/// On convergence the value snaps to the function's exact rest value and velocity becomes 0.
public struct Simulation<Function: SimulationFunction>: Sendable {
    public var function: Function
    public let step: TimeSpan
    public var maxCatchUp: TimeSpan

    /// The committed state at `committedTime`.
    public private(set) var committed: MotionState
    public private(set) var committedTime: Instant
    /// Where the reported state is, at the time of the last `advance`.
    public private(set) var time: Instant
    public private(set) var current: MotionState
    public private(set) var isAtRest: Bool

    public init(function: Function, state: MotionState, at time: Instant,
                step: TimeSpan = .milliseconds(4), maxCatchUp: TimeSpan = .seconds(1)) {
        precondition(step > .zero)
        self.function = function
        self.step = step
        self.maxCatchUp = maxCatchUp
        self.committed = state
        self.committedTime = time
        self.time = time
        self.current = state
        self.isAtRest = false
        settleIfConverged()
    }

    public var value: Double { current.value }
    public var velocity: Double { current.velocity }

    /// Runs the simulation up to `target` (earlier instants are ignored).
    public mutating func advance(to target: Instant) {
        guard target > time else { return }
        time = target
        guard !isAtRest else { return }
        var pending = target - committedTime
        if pending > maxCatchUp {
            // Drop the excess: pretend the clock only moved maxCatchUp since the commit.
            committedTime = target - maxCatchUp
            pending = maxCatchUp
        }
        let dt = step.seconds
        while pending >= step {
            committed = Integrator.rk4(function, committed, dt: dt)
            committedTime = committedTime + step
            pending = pending - step
            if case .converge(let rest) = function.convergence(value: committed.value, velocity: committed.velocity) {
                committed = MotionState(value: rest, velocity: 0)
                current = committed
                isAtRest = true
                return
            }
        }
        current = pending > .zero ? Integrator.rk4(function, committed, dt: pending.seconds) : committed
    }

    public mutating func advance(by span: TimeSpan) { advance(to: time + span) }

    /// Restarts from `state` at `time` (e.g. after a retarget or a collision).
    public mutating func reset(to state: MotionState, at time: Instant) {
        committed = state
        committedTime = time
        current = state
        self.time = time
        isAtRest = false
        settleIfConverged()
    }

    /// Ends the motion at `time` with this exact value and no velocity (a fitted spring's
    /// deadline); later advances only move the clock.
    public mutating func stop(at value: Double, time: Instant) {
        committed = MotionState(value: value, velocity: 0)
        committedTime = time
        current = committed
        self.time = max(self.time, time)
        isAtRest = true
    }

    private mutating func settleIfConverged() {
        // A non-finite state can never converge; stop it rather than animate NaN forever.
        if !committed.value.isFinite || !committed.velocity.isFinite {
            committed = MotionState(value: committed.value.isFinite ? committed.value : 0, velocity: 0)
            current = committed
            isAtRest = true
            return
        }
        if case .converge(let rest) = function.convergence(value: committed.value, velocity: committed.velocity) {
            committed = MotionState(value: rest, velocity: 0)
            current = committed
            isAtRest = true
        }
    }
}
