#if canImport(Glibc)
import Glibc
#endif

/// An instant on CLOCK_MONOTONIC, the clock of page-flip and libinput timestamps. The service
/// logic (idle blanking, watchdog) takes it as a parameter and never reads a clock itself, so
/// tests drive it with a fake clock.
struct MonotonicTime: Comparable, Hashable, Sendable, CustomStringConvertible {
    var nanoseconds: Int64

    init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// A libinput event time (`libinput_event_touch_get_time_usec`, CLOCK_MONOTONIC).
    init(microseconds: UInt64) { nanoseconds = Int64(clamping: microseconds) &* 1000 }

    /// A DRM page-flip event time (`tv_sec`, `tv_usec` of the flip handler, CLOCK_MONOTONIC).
    init(seconds: UInt32, microseconds: UInt32) {
        nanoseconds = Int64(seconds) * 1_000_000_000 + Int64(microseconds) * 1000
    }

    /// Test and config helper: an instant `s` seconds after the clock's origin.
    static func seconds(_ s: Double) -> MonotonicTime { MonotonicTime(nanoseconds: Int64((s * 1e9).rounded())) }

    /// Reads CLOCK_MONOTONIC (clock_gettime). Only the event loop calls this.
    static func now() -> MonotonicTime {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return MonotonicTime(nanoseconds: Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec))
    }

    static func < (a: MonotonicTime, b: MonotonicTime) -> Bool { a.nanoseconds < b.nanoseconds }

    static func + (t: MonotonicTime, d: Duration) -> MonotonicTime {
        MonotonicTime(nanoseconds: t.nanoseconds + d.nanosecondsClamped)
    }

    static func - (a: MonotonicTime, b: MonotonicTime) -> Duration {
        .nanoseconds(a.nanoseconds - b.nanoseconds)
    }

    var description: String { "\(Double(nanoseconds) / 1e9)s" }
}

extension Duration {
    /// The duration in whole nanoseconds, clamped to Int64.
    var nanosecondsClamped: Int64 {
        let (s, atto) = components
        let (ns, overflow) = s.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return s < 0 ? .min : .max }
        let (sum, o2) = ns.addingReportingOverflow(atto / 1_000_000_000)
        return o2 ? (s < 0 ? .min : .max) : sum
    }

    /// The duration in seconds as a Double.
    var secondsDouble: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) / 1e18
    }

    static func seconds(double s: Double) -> Duration { .nanoseconds(Int64((s * 1e9).rounded())) }
}
