/// An interval of time in 64-bit nanoseconds (may be negative). Distinct from `Instant`,
/// which is a point on the clock: a span says "how long", never "when".
public struct TimeSpan: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = TimeSpan(nanoseconds: 0)

    public static func nanoseconds(_ ns: Int64) -> TimeSpan { TimeSpan(nanoseconds: ns) }
    public static func milliseconds(_ ms: Int) -> TimeSpan { TimeSpan(nanoseconds: Int64(ms) * 1_000_000) }
    public static func milliseconds(_ ms: Int64) -> TimeSpan { TimeSpan(nanoseconds: ms * 1_000_000) }
    /// Rounded to the nearest nanosecond; saturating (`saturatingNanoseconds`).
    public static func milliseconds(_ ms: Double) -> TimeSpan {
        TimeSpan(nanoseconds: saturatingNanoseconds(ms * 1e6))
    }
    /// Rounded to the nearest nanosecond; saturating (`saturatingNanoseconds`).
    public static func seconds(_ s: Double) -> TimeSpan { TimeSpan(nanoseconds: saturatingNanoseconds(s * 1e9)) }
    /// One frame at `hz` frames per second, rounded to the nearest nanosecond (60 Hz → 16 666 667 ns).
    public static func frame(hz: Double) -> TimeSpan { seconds(1 / hz) }

    public var seconds: Double { Double(nanoseconds) / 1e9 }
    public var milliseconds: Double { Double(nanoseconds) / 1e6 }

    public static func < (a: TimeSpan, b: TimeSpan) -> Bool { a.nanoseconds < b.nanoseconds }
    public static func + (a: TimeSpan, b: TimeSpan) -> TimeSpan { TimeSpan(nanoseconds: a.nanoseconds + b.nanoseconds) }
    public static func - (a: TimeSpan, b: TimeSpan) -> TimeSpan { TimeSpan(nanoseconds: a.nanoseconds - b.nanoseconds) }
    public static func * (a: TimeSpan, n: Int) -> TimeSpan { TimeSpan(nanoseconds: a.nanoseconds * Int64(n)) }
    public static prefix func - (a: TimeSpan) -> TimeSpan { TimeSpan(nanoseconds: -a.nanoseconds) }

    public var description: String { "\(milliseconds) ms" }
}

/// `ns` rounded to whole nanoseconds, held within ±2^61 (some 73 years, with room for sums
/// of a few such spans), NaN as 0. A time from a number nobody checked (an infinite delay
/// set in code, a NaN from a division) trapped in `Int64(_:)` deep inside a frame.
@inlinable
package func saturatingNanoseconds(_ ns: Double) -> Int64 {
    let limit = Double(Int64(1) << 61)
    guard !ns.isNaN else { return 0 }
    return Int64(min(limit, max(-limit, ns.rounded())))
}
