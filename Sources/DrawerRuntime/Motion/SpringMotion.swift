/// A value animated by a spring toward a target, stepped deterministically (see `Simulation`).
///
/// The initial velocity is in **points per second**, the unit a `VelocityTracker` reports: the
/// references pass UIKit a *normalized* velocity (1 = the whole distance per second) or even
/// pt/ms (sheets); here the release velocity of the finger is the body's velocity, so a flick
/// continues without a kink (docs/components.md, M7 and Sheet S19).
///
/// With a fitted spring (`Spring(duration:dampingRatio:)`, UIKit's) the motion ends exactly
/// `duration` after it starts or is aimed anew with a new spring: at that instant it sits on
/// its target at rest, as a UIKit animation's completion fires at its duration. A free spring
/// rests when it is within its rest thresholds.
///
/// Interruptible: `retarget` keeps the current value and velocity; a finger catching the motion
/// reads `value` at the touch time and starts its drag there (no jump to the old end value).
public struct SpringMotion: Sendable {
    private var simulation: Simulation<SpringFunction>
    /// When a fitted spring's motion ends; nil for a free spring.
    public private(set) var deadline: Instant?

    public init(from value: Double, to target: Double, velocity ptPerSecond: Double = 0,
                spring: Spring = .standard, at time: Instant,
                restDistance: Double = 0.01, restSpeed: Double = 1) {
        // Non-finite input (a bad config or a degenerate layout) would never converge and keep
        // the frame loop awake forever: such a motion starts at rest on its target.
        let target = target.isFinite ? target : 0
        let value = value.isFinite ? value : target
        let velocity = ptPerSecond.isFinite ? ptPerSecond : 0
        let f = SpringFunction(spring: spring, target: target, restDistance: restDistance, restSpeed: restSpeed)
        simulation = Simulation(function: f, state: MotionState(value: value, velocity: velocity), at: time)
        deadline = spring.duration.map { time + .seconds($0) }
        // Nothing to animate: already on the target and still (UIKit would still wait out the
        // duration, but nothing on screen moves, so nothing waits for it here).
        if deadline != nil, value == target, velocity == 0 { simulation.stop(at: target, time: time) }
    }

    /// Points.
    public var value: Double { simulation.value }
    /// Points per second.
    public var velocity: Double { simulation.velocity }
    public var target: Double { simulation.function.target }
    public var spring: Spring { simulation.function.spring }
    /// True once settled: `value == target` exactly and `velocity == 0`.
    public var isAtRest: Bool { simulation.isAtRest }
    /// The frame loop keeps asking for frames only while this is true.
    public var needsFrames: Bool { !simulation.isAtRest }
    /// The instant of the last advance.
    public var time: Instant { simulation.time }

    public mutating func advance(to time: Instant) {
        if let deadline, time >= deadline {
            if !simulation.isAtRest { simulation.stop(at: target, time: deadline) }
            simulation.advance(to: time)
            return
        }
        simulation.advance(to: time)
    }
    public mutating func advance(by span: TimeSpan) { advance(to: time + span) }

    /// Brings the motion up to `time`, then aims at a new target (and optionally a new spring)
    /// from the current value and velocity: continuous in both. A new fitted spring starts a
    /// new duration from `time` (UIKit's begin-from-current-state); re-aiming alone keeps the
    /// end the motion had (a relayout moves the target, not the moment it is reached).
    public mutating func retarget(to target: Double, spring: Spring? = nil, at time: Instant) {
        advance(to: time)
        var f = simulation.function
        f.target = target.isFinite ? target : f.target
        if let spring {
            f.spring = spring
            deadline = spring.duration.map { time + .seconds($0) }
        } else if deadline != nil, simulation.isAtRest {
            // Already ended: the new target is a new animation of the same spring.
            deadline = f.spring.duration.map { time + .seconds($0) }
        }
        let state = MotionState(value: value, velocity: velocity)
        simulation.function = f
        simulation.reset(to: state, at: max(time, simulation.time))
    }

    /// Replaces the velocity (pt/s) at `time`, keeping the value: e.g. an extra push.
    public mutating func setVelocity(_ ptPerSecond: Double, at time: Instant) {
        advance(to: time)
        simulation.reset(to: MotionState(value: value, velocity: ptPerSecond), at: max(time, simulation.time))
    }

    /// Where the motion will come to rest. For a spring, always its target.
    public var restingValue: Double { target }

    /// When the motion will come to rest if left alone, or nil if not within `limit`: a fitted
    /// spring's deadline, or for a free spring the first step of a copy simulated on the same
    /// fixed grid (exact; one RK4 step per 4 ms).
    public func settleTime(limit: TimeSpan = .seconds(10)) -> Instant? {
        if isAtRest { return time }
        if let deadline { return deadline <= time + limit ? deadline : nil }
        var copy = self
        let end = time + limit
        var t = time
        while t < end {
            t = t + .milliseconds(4)
            copy.advance(to: t)
            if copy.isAtRest { return copy.simulation.committedTime }
        }
        return nil
    }
}
