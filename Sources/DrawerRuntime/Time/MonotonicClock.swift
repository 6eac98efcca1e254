import PanelRenderer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Device path only: reads CLOCK_MONOTONIC (`clock_gettime`), the same time base as libinput
/// event timestamps and DRM page-flip timestamps, so touches and frames share one axis.
/// The real-time loop's `FrameClock`: logic never reads it itself; the loop reads it through
/// that seam and passes the `Instant` down, and tests hand the loop a `SimulatedClock`.
public final class MonotonicClock: Sendable {
    public init() {}

    public var now: Instant { Instant(nanoseconds: Int64(monotonicNanoseconds())) }
}
