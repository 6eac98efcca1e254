import PanelRenderer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Device path only: reads CLOCK_MONOTONIC (`clock_gettime`), the same time base as libinput
/// event timestamps and DRM page-flip timestamps, so touches and frames share one axis.
/// Never used by tests or by the offscreen renderer.
public final class MonotonicClock: FrameClock, Sendable {
    public init() {}

    public var now: Instant { Instant(nanoseconds: Int64(monotonicNanoseconds())) }
}
