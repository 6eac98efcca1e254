/// A list's own momentum after the finger lifts while it was scrolling: UIScrollView's
/// `.normal` deceleration (0.998 per ms), stopping dead at either end (lists here have no
/// overscroll). Used by the sheet (the card stays at its top anchor and the content keeps its
/// momentum: docs/components.md, Sheet S7), by swipe-to-dismiss's inner list (W9) and by scroll
/// views inside content (M5).
struct ContentFling: Sendable {
    private var simulation: Simulation<DecayFunction>
    private var maxOffset: Double

    /// - Parameters:
    ///   - offset: the scroll offset at release, points.
    ///   - fingerVelocity: pt/s, positive downward (a finger going up scrolls forward).
    /// - Returns: nil when there is nothing to fling (slow release, or no room to scroll).
    init?(offset: Double, fingerVelocity: Double, maxOffset: Double, at time: Instant) {
        let v = -fingerVelocity
        guard abs(v) > 50, maxOffset > 0,
              (v > 0 && offset < maxOffset) || (v < 0 && offset > 0) else { return nil }
        self.maxOffset = maxOffset
        simulation = Simulation(function: DecayFunction(deceleration: .normal, restSpeed: 10),
                                state: MotionState(value: offset, velocity: v), at: time)
    }

    /// The content under the fling changed: its offset moved by `delta` (rows inserted above
    /// what shows) and it may end elsewhere. The glide goes on at the same speed from the
    /// moved offset, so nothing on screen jumps.
    mutating func contentMoved(by delta: Double, maxOffset: Double) {
        self.maxOffset = maxOffset
        simulation.reset(to: MotionState(value: simulation.value + delta, velocity: simulation.velocity),
                         at: simulation.time)
    }

    /// The offset at `time`, and whether the fling is over (at rest or at an end).
    mutating func advance(to time: Instant) -> (offset: Double, finished: Bool) {
        simulation.advance(to: time)
        let raw = simulation.value
        let clamped = min(max(raw, 0), maxOffset)
        return (clamped, simulation.isAtRest || clamped != raw)
    }
}
