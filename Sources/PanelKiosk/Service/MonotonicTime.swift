import DrawerRuntime
#if canImport(Glibc)
import Glibc
#endif

/// The service logic (idle blanking, watchdog) uses the runtime's `Instant` on
/// CLOCK_MONOTONIC, the clock of page-flip and libinput timestamps, and never reads a clock
/// itself, so tests drive it with fake instants.
extension Instant {
    /// A libinput event time (`libinput_event_touch_get_time_usec`, CLOCK_MONOTONIC).
    init(microseconds: UInt64) { self.init(nanoseconds: Int64(clamping: microseconds) &* 1000) }

    /// Reads CLOCK_MONOTONIC (clock_gettime). Only the event loop calls this.
    static func now() -> Instant { MonotonicClock().now }
}

extension TimeSpan {
    static func / (a: TimeSpan, n: Int) -> TimeSpan { TimeSpan(nanoseconds: a.nanoseconds / Int64(n)) }
}
