/// The one source of "now" for the runtime. Logic never reads system time: the frame loop
/// asks its clock once per frame and passes that `Instant` down as a parameter.
///
/// Implementations: `TestClock` (advanced by tests and by the offscreen renderer),
/// `MonotonicClock` (device path), and the vblank-following clock of the DRM loop.
public protocol FrameClock {
    var now: Instant { get }
}

/// A clock that moves only when told to; starts at `Instant.zero` unless given a start.
/// Like NIO's embedded event loop: deterministic, instant, never sleeps.
public final class TestClock: FrameClock {
    public private(set) var now: Instant

    public init(start: Instant = .zero) { self.now = start }

    /// Moves forward by `span` (a negative span is a programming error).
    public func advance(by span: TimeSpan) {
        precondition(span >= .zero, "TestClock cannot go backwards")
        now = now + span
    }

    /// Moves to `instant`; must not be earlier than `now`.
    public func advance(to instant: Instant) {
        precondition(instant >= now, "TestClock cannot go backwards")
        now = instant
    }
}
