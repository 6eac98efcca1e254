/// The side drawer's physics (docs/components.md, Side drawer D2, D3, D12 and M12): a 1-D body
/// along the drawer axis under constant gravity, between two collision walls, with elasticity,
/// and instantaneous pushes. The configuration MSDynamicsDrawer installs per transition maps
/// to: gravity toward the target (2000 pt/s²), `boundary` = target edge ... opposite extreme,
/// elasticity 0 (0.5 for the attention bounce), a push on release or bounce.
///
/// Integration is exact (ballistic arcs between walls, impact times solved in closed form), on
/// a fixed 4 ms commit grid with the remainder reported but not committed (as `Simulation`).
/// Rest: when the body hits the wall gravity pushes it into and its rebound would rise less
/// than `restHop` points, it stops *exactly* on that wall with zero velocity and stays there.
/// MSDynamics users saw 0.5–2 px offsets after settling (issues #34, #63, #128...) from its
/// padded boundary and the engine's resting contact; here there is neither.
public struct PaneDynamics: Sendable {
    public struct Configuration: Equatable, Sendable {
        /// Signed pt/s² along the axis (positive toward larger positions).
        public var gravity: Double
        /// The walls (points). The body never leaves this range.
        public var boundary: ClosedRange<Double>
        /// Rebound speed / impact speed at a wall (0 = dead stop, 1 = perfect bounce).
        public var elasticity: Double
        /// Points: a rebound lower than this ends the motion on the wall.
        public var restHop: Double
        /// Without gravity, the speed (pt/s) under which the body stops.
        public var restSpeed: Double

        public init(gravity: Double, boundary: ClosedRange<Double>, elasticity: Double = 0,
                    restHop: Double = 0.25, restSpeed: Double = 1) {
            self.gravity = gravity; self.boundary = boundary
            self.elasticity = min(max(elasticity, 0), 1)
            self.restHop = restHop; self.restSpeed = restSpeed
        }

        /// The wall the body comes to rest on: the one gravity pulls toward.
        public var target: Double { gravity >= 0 ? boundary.upperBound : boundary.lowerBound }
    }

    public var configuration: Configuration
    public let step: TimeSpan
    public private(set) var committed: MotionState
    public private(set) var committedTime: Instant
    public private(set) var time: Instant
    public private(set) var current: MotionState
    public private(set) var isAtRest = false
    /// Wall impacts so far: for tests, and for a sound at the limit should one be added (kiosks
    /// have no haptics: docs/components.md, M15).
    public private(set) var impacts = 0

    public init(position: Double, velocity ptPerSecond: Double = 0, configuration: Configuration,
                at time: Instant, step: TimeSpan = .milliseconds(4)) {
        self.configuration = configuration
        self.step = step
        let p = position.isFinite ? position : configuration.target
        let x = min(max(p, configuration.boundary.lowerBound), configuration.boundary.upperBound)
        committed = MotionState(value: x, velocity: ptPerSecond.isFinite ? ptPerSecond : 0)
        committedTime = time
        self.time = time
        current = committed
        // Already resting on the target wall?
        let (s, rested, _) = Self.integrate(committed, dt: 0, configuration)
        if rested { committed = s; current = s; isAtRest = true }
    }

    public var position: Double { current.value }
    public var velocity: Double { current.velocity }
    public var needsFrames: Bool { !isAtRest }

    public mutating func advance(to target: Instant) {
        guard target > time else { return }
        time = target
        guard !isAtRest else { return }
        var pending = target - committedTime
        // Capped catch-up after a stall, as in `Simulation`.
        if pending > .seconds(1) { committedTime = target - .seconds(1); pending = .seconds(1) }
        while pending >= step {
            let (s, rested, hits) = Self.integrate(committed, dt: step.seconds, configuration)
            committed = s
            impacts += hits
            committedTime = committedTime + step
            pending = pending - step
            if rested { current = s; isAtRest = true; return }
        }
        current = pending > .zero ? Self.integrate(committed, dt: pending.seconds, configuration).0 : committed
    }

    public mutating func advance(by span: TimeSpan) { advance(to: time + span) }

    /// An instantaneous push at `time`: adds `velocityChange` pt/s (see `DynamicsUnits`).
    public mutating func push(velocityChange: Double, at time: Instant) {
        advance(to: time)
        guard velocityChange.isFinite else { return }
        committed = MotionState(value: current.value, velocity: current.velocity + velocityChange)
        committedTime = max(time, self.time)
        current = committed
        isAtRest = false
    }

    /// Exact motion for `dt` seconds: parabolic arcs, reflections at the walls.
    /// Returns the new state, whether it came to rest, and the number of wall impacts.
    static func integrate(_ s: MotionState, dt: Double, _ c: Configuration) -> (MotionState, Bool, Int) {
        let lo = c.boundary.lowerBound, hi = c.boundary.upperBound, g = c.gravity
        var x = min(max(s.value, lo), hi), v = s.velocity
        var remaining = dt
        var hits = 0
        for _ in 0..<64 {
            // Pressed against a wall right now (at it and moving or pulled into it)?
            let intoLo = x <= lo && (v < 0 || (v == 0 && g < 0))
            let intoHi = x >= hi && (v > 0 || (v == 0 && g > 0))
            var tHit: Double? = (intoLo || intoHi) ? 0 : nil
            var wall = intoLo ? lo : hi
            if tHit == nil {
                if let t = firstHit(x: x, v: v, g: g, wall: lo), t <= remaining { tHit = t; wall = lo }
                if let t = firstHit(x: x, v: v, g: g, wall: hi), t <= remaining, t < (tHit ?? .infinity) {
                    tHit = t; wall = hi
                }
            }
            guard let t = tHit else {
                x += v * remaining + 0.5 * g * remaining * remaining
                v += g * remaining
                x = min(max(x, lo), hi)
                if g == 0 && abs(v) < c.restSpeed { return (MotionState(value: x, velocity: 0), true, hits) }
                return (MotionState(value: x, velocity: v), false, hits)
            }
            v += g * t
            x = wall
            remaining -= t
            if t > 0 || v != 0 { hits += 1 }
            let rebound = -c.elasticity * v
            let pulledIn = (wall == lo && g < 0) || (wall == hi && g > 0)
            if pulledIn && rebound * rebound <= 2 * abs(g) * c.restHop {
                return (MotionState(value: wall, velocity: 0), true, hits)
            }
            v = rebound
            if !pulledIn && v == 0 && g == 0 { return (MotionState(value: x, velocity: 0), true, hits) }
        }
        return (MotionState(value: x, velocity: v), false, hits)
    }

    /// Smallest t > 0 at which x + v t + g t²/2 reaches `wall`, if the body is heading for it.
    private static func firstHit(x: Double, v: Double, g: Double, wall: Double) -> Double? {
        let d = wall - x
        if d == 0 {
            // Leaving this wall: gravity may bring the body back to it after 2v/|g|.
            guard g != 0 else { return nil }
            let t = -2 * v / g
            return t > 1e-12 ? t : nil
        }
        if g == 0 {
            guard v != 0 else { return nil }
            let t = d / v
            return t > 0 ? t : nil
        }
        // g/2 t² + v t − d = 0
        let disc = v * v + 2 * g * d
        guard disc >= 0 else { return nil }
        let r = disc.squareRoot()
        let t1 = (-v - r) / g, t2 = (-v + r) / g
        let a = t1 > 1e-12 ? t1 : .infinity, b = t2 > 1e-12 ? t2 : .infinity
        let t = min(a, b)
        return t.isFinite ? t : nil
    }
}
