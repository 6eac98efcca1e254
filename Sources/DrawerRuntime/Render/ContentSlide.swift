/// Content whose rows slide into place after the device's program inserted or removed rows
/// (`ListContent`, and `SceneContent` for the lists among its nodes and what follows them):
/// the rows below an insert come down from where they were instead of jumping.
public protocol SlidingContent: ContentView {
    /// Starts the slide of what the last change moved, from where it was drawn to its new
    /// place, over `durationMS` (0: it jumps) from `time`.
    func slideAfterRowChange(durationMS: Double, at time: Instant)
    /// True while something slides (the loop keeps drawing).
    var isSliding: Bool { get }
    /// Moves the slide on to `time`.
    func advance(to time: Instant)
    /// The frame after a change has been made (its host re-anchored what it scrolls): what
    /// the content remembered of itself before the change is dropped, so the next change is
    /// measured from what is shown now.
    func changeShown()
}

/// The timing every content slide shares: `durationMS` from `start`, eased out.
struct ContentSlide: Equatable {
    var start: Instant
    var durationMS: Double

    var end: Instant { start + .milliseconds(durationMS) }

    /// How much of the way is still to go at `time`: 1 at the start, 0 at the end.
    func remaining(at time: Instant) -> Double {
        let f = min(1, max(0, (time - start).milliseconds / durationMS))
        // Ease out (cubic): most of the way at once, settling gently.
        let rest = 1 - f
        return rest * rest * rest
    }
}
