/// What the frame loop should do next, gathered from everything that moves or waits.
/// Animations ask for frames only while they move; recognizers waiting for a deadline (long
/// press) ask to be woken then; when everything rests the answer is `.idle` and the loop sleeps
/// until input arrives.
public enum FrameDemand: Equatable, Sendable {
    case idle
    /// Wake at this instant (no frame needed before).
    case wake(at: Instant)
    /// Render the next frame (an animation is running).
    case nextFrame

    /// Combines two demands: a running animation wins, else the earlier wake-up.
    public func merged(with other: FrameDemand) -> FrameDemand {
        switch (self, other) {
        case (.nextFrame, _), (_, .nextFrame): return .nextFrame
        case (.idle, let x), (let x, .idle): return x
        case (.wake(let a), .wake(let b)): return .wake(at: min(a, b))
        }
    }

    /// `.nextFrame` if `animating`, else `.idle`.
    public static func animating(_ animating: Bool) -> FrameDemand { animating ? .nextFrame : .idle }

    /// A deadline (e.g. `LongPressRecognizer.deadline`) as a demand.
    public static func deadline(_ instant: Instant?) -> FrameDemand { instant.map { .wake(at: $0) } ?? .idle }

    public static func combine(_ demands: [FrameDemand]) -> FrameDemand {
        demands.reduce(.idle) { $0.merged(with: $1) }
    }
}
