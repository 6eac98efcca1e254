/// A point in time on the runtime's frame clock: 64-bit nanoseconds since an arbitrary origin
/// (the offscreen renderer's t = 0, or CLOCK_MONOTONIC's boot origin on a device).
///
/// An instant is not an interval: subtracting two instants gives a `TimeSpan`, and an instant
/// plus a span gives an instant. Never construct one from wall-clock time.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The clock's origin (t = 0 of an offscreen render).
    public static let zero = Instant(nanoseconds: 0)

    public static func nanoseconds(_ ns: Int64) -> Instant { Instant(nanoseconds: ns) }
    /// `ms` milliseconds after the origin (script times are integer milliseconds).
    public static func milliseconds(_ ms: Int) -> Instant { Instant(nanoseconds: Int64(ms) * 1_000_000) }
    public static func milliseconds(_ ms: Int64) -> Instant { Instant(nanoseconds: ms * 1_000_000) }
    /// `ms` milliseconds after the origin, rounded to the nearest nanosecond.
    public static func milliseconds(_ ms: Double) -> Instant {
        Instant(nanoseconds: saturatingNanoseconds(ms * 1e6))
    }
    /// `s` seconds after the origin, rounded to the nearest nanosecond (saturating, as spans).
    public static func seconds(_ s: Double) -> Instant { Instant(nanoseconds: saturatingNanoseconds(s * 1e9)) }

    /// Seconds since the origin.
    public var seconds: Double { Double(nanoseconds) / 1e9 }
    /// Milliseconds since the origin.
    public var milliseconds: Double { Double(nanoseconds) / 1e6 }

    public static func < (a: Instant, b: Instant) -> Bool { a.nanoseconds < b.nanoseconds }
    public static func + (a: Instant, b: TimeSpan) -> Instant { Instant(nanoseconds: a.nanoseconds + b.nanoseconds) }
    public static func - (a: Instant, b: TimeSpan) -> Instant { Instant(nanoseconds: a.nanoseconds - b.nanoseconds) }
    public static func - (a: Instant, b: Instant) -> TimeSpan { TimeSpan(nanoseconds: a.nanoseconds - b.nanoseconds) }
    public static func += (a: inout Instant, b: TimeSpan) { a = a + b }

    public var description: String { "\(milliseconds) ms" }
}
