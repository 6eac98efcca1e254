import PanelRenderer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Device path only: reads CLOCK_MONOTONIC (`clock_gettime`), the same time base as libinput
/// event timestamps and DRM page-flip timestamps, so touches and frames share one axis.
/// Logic never reads it: the loop asks once per frame and passes the `Instant` down, and
/// the offscreen driver passes simulated instants instead.
public final class MonotonicClock: Sendable {
    public init() {}

    public var now: Instant { Instant(nanoseconds: Int64(monotonicNanoseconds())) }
}
