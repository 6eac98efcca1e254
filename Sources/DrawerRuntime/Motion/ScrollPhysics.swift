/// A scroll view's motion along one axis, as a pure value: content offset (points, 0 = top),
/// dragging with a rubber band past the ends, UIScrollView-style deceleration after release,
/// and a spring bounce back at the ends. Interruptible at any moment: `beginDrag` catches the
/// content where it is.
///
/// The bounce starts at the fixed simulation step where the decelerating content crosses an
/// end, so the trajectory does not depend on frame timing.
public struct ScrollPhysics: Sendable {
    public struct Configuration: Equatable, Sendable {
        public var deceleration: Deceleration
        public var bounces: Bool
        /// Return to an end after overscroll; critically damped so it never wobbles.
        public var bounceSpring: Spring
        /// Hyperbolic rubber-band coefficient (UIScrollView-like 0.55; dimension = viewport).
        public var rubberBandCoefficient: Double
        /// Below this speed (pt/s) a fling stops.
        public var restSpeed: Double
        public init(deceleration: Deceleration = .normal, bounces: Bool = true,
                    bounceSpring: Spring = Spring(dampingRatio: 1, response: 0.4),
                    rubberBandCoefficient: Double = 0.55, restSpeed: Double = 5) {
            self.deceleration = deceleration; self.bounces = bounces; self.bounceSpring = bounceSpring
            self.rubberBandCoefficient = rubberBandCoefficient; self.restSpeed = restSpeed
        }
    }

    private enum Phase: Sendable {
        case idle
        /// `raw` is the finger-driven offset before the rubber band.
        case dragging(raw: Double)
        case decelerating(Simulation<DecayFunction>)
        case bouncing(SpringMotion)
    }

    public var configuration: Configuration
    public private(set) var contentLength: Double
    public private(set) var viewportLength: Double
    public private(set) var offset: Double = 0
    /// Content velocity in pt/s (offset per second; opposite sign to the finger).
    public private(set) var velocity: Double = 0
    private var phase: Phase = .idle

    public init(contentLength: Double, viewportLength: Double, offset: Double = 0,
                configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.contentLength = contentLength
        self.viewportLength = viewportLength
        self.offset = 0
        self.offset = clamp(offset)
    }

    public var maxOffset: Double { max(0, contentLength - viewportLength) }
    public var range: ClosedRange<Double> { 0...maxOffset }
    public var isAtTop: Bool { offset <= 0 }
    public var isAtBottom: Bool { offset >= maxOffset }
    public var isDragging: Bool { if case .dragging = phase { return true }; return false }
    /// Resting (not dragged, not moving): the frame loop may go idle for this scroller.
    public var isAtRest: Bool { if case .idle = phase { return true }; return false }
    /// True while an animation (fling or bounce) runs.
    public var needsFrames: Bool {
        switch phase {
        case .decelerating, .bouncing: return true
        case .idle, .dragging: return false
        }
    }

    private func clamp(_ o: Double) -> Double { min(max(o, 0), maxOffset) }

    private func rubberBanded(_ raw: Double) -> Double {
        guard configuration.bounces else { return clamp(raw) }
        let c = configuration.rubberBandCoefficient, d = viewportLength
        return RubberBand.clamp(raw, lower: 0, upper: maxOffset) { RubberBand.hyperbolic($0, dimension: d, coefficient: c) }
    }

    private func unRubberBanded(_ shown: Double) -> Double {
        let c = configuration.rubberBandCoefficient, d = viewportLength
        if shown < 0 { return RubberBand.inverseHyperbolic(shown, dimension: d, coefficient: c) }
        if shown > maxOffset { return maxOffset + RubberBand.inverseHyperbolic(shown - maxOffset, dimension: d, coefficient: c) }
        return shown
    }

    /// New content or viewport size; the offset is clamped (no animation) unless dragging.
    public mutating func setSizes(contentLength: Double, viewportLength: Double) {
        self.contentLength = contentLength
        self.viewportLength = viewportLength
        if case .idle = phase { offset = clamp(offset) }
    }

    /// Jumps to `offset` (clamped) and stops any motion.
    public mutating func setOffset(_ offset: Double) {
        phase = .idle
        self.offset = clamp(offset)
        velocity = 0
    }

    /// A finger takes the content: any fling or bounce stops where it is, at `time`.
    public mutating func beginDrag(at time: Instant) {
        advance(to: time)
        phase = .dragging(raw: unRubberBanded(offset))
        velocity = 0
    }

    /// The finger moved by `fingerDelta` points (positive = down): content follows it.
    public mutating func drag(by fingerDelta: Double) {
        guard case .dragging(let raw) = phase else { return }
        let next = raw - fingerDelta
        phase = .dragging(raw: next)
        offset = rubberBanded(next)
    }

    /// The finger lifted with `fingerVelocity` pt/s (positive = down).
    public mutating func endDrag(fingerVelocity: Double, at time: Instant) {
        guard case .dragging = phase else { return }
        start(velocity: -fingerVelocity, at: time)
    }

    /// Starts a fling or bounce from the current offset with a content velocity (pt/s).
    public mutating func fling(velocity contentVelocity: Double, at time: Instant) {
        advance(to: time)
        start(velocity: contentVelocity, at: time)
    }

    private mutating func start(velocity v: Double, at time: Instant) {
        if offset < 0 || offset > maxOffset {
            startBounce(from: MotionState(value: offset, velocity: v), at: time)
        } else if abs(v) >= configuration.restSpeed {
            let f = DecayFunction(deceleration: configuration.deceleration, restSpeed: configuration.restSpeed)
            phase = .decelerating(Simulation(function: f, state: MotionState(value: offset, velocity: v), at: time))
            velocity = v
        } else {
            phase = .idle
            velocity = 0
        }
    }

    private mutating func startBounce(from s: MotionState, at time: Instant) {
        guard configuration.bounces else {
            phase = .idle; offset = clamp(s.value); velocity = 0; return
        }
        let end = s.value < 0 ? 0 : maxOffset
        let spring = SpringMotion(from: s.value, to: end, velocity: s.velocity, spring: configuration.bounceSpring, at: time)
        phase = .bouncing(spring)
        offset = spring.value
        velocity = spring.velocity
        if spring.isAtRest { phase = .idle; velocity = 0 }
    }

    /// Animates to `target` (clamped) with a spring, from the current offset and velocity.
    public mutating func scroll(to target: Double, spring: Spring = .standard, at time: Instant) {
        advance(to: time)
        let m = SpringMotion(from: offset, to: clamp(target), velocity: velocity, spring: spring, at: time)
        phase = m.isAtRest ? .idle : .bouncing(m)
    }

    public mutating func advance(to time: Instant) {
        switch phase {
        case .idle, .dragging:
            return
        case .bouncing(var m):
            m.advance(to: time)
            offset = m.value
            velocity = m.velocity
            phase = m.isAtRest ? .idle : .bouncing(m)
        case .decelerating(var sim):
            // Whole steps one at a time so the crossing of an end is found on the fixed grid.
            while !sim.isAtRest {
                let next = sim.committedTime + sim.step
                if next > time { break }
                sim.advance(to: next)
                let s = sim.committed
                if s.value < 0 || s.value > maxOffset {
                    offset = s.value; velocity = s.velocity
                    startBounce(from: s, at: sim.committedTime)
                    advance(to: time)
                    return
                }
            }
            sim.advance(to: time)
            offset = sim.isAtRest ? clamp(sim.value) : sim.value
            velocity = sim.velocity
            phase = sim.isAtRest ? .idle : .decelerating(sim)
        }
    }
}
