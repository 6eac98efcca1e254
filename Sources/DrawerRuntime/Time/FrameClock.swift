/// The time a loop runs on: one of the three seams of the loop (with the touch source and the
/// frame sink; docs/architecture.md, One runtime, three seams).
///
/// Everything the real-time loop decides (when to draw, how long to sleep, how long commands
/// may run in one wake-up, when the watchdog is owed a ping) it decides from `now`, read from
/// here and nowhere else, so a test hands it a `SimulatedClock` and moves time by hand: no
/// sleeps, and every deadline exact. On a device this is `MonotonicClock` (CLOCK_MONOTONIC,
/// the time base of libinput's timestamps and of the vblank timestamps the display reports,
/// so touches and frames share one axis); when frames are shown comes from the frame sink
/// (the display's vblanks, or a timer at the refresh rate headless). Offscreen (`render`)
/// the clock is simulated and frames fall on its grid of 1000/fps ms (`OffscreenDriver`).
public protocol FrameClock: AnyObject {
    /// Now, in nanoseconds on this clock's axis.
    var now: Instant { get }
}

extension MonotonicClock: FrameClock {}

/// A clock that moves only when told (tests of the real-time loop's scheduling): starts
/// where it is made and goes forward by `advance`, never back.
public final class SimulatedClock: FrameClock {
    public private(set) var now: Instant

    public init(now: Instant = .zero) { self.now = now }

    /// Moves the clock to `time`; a time before now leaves it where it is (a clock never goes back).
    public func advance(to time: Instant) { now = max(now, time) }

    /// Moves the clock on by `span` (a negative span does nothing).
    public func advance(by span: TimeSpan) { advance(to: now + span) }
}
