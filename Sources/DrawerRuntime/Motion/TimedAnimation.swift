/// A value moving from `from` to `to` over a fixed duration along a `TimingCurve`: for the
/// references that animate by time rather than physics (swipe-down 0.2 s linear, cross-fades,
/// push/pop slides). Pure: the value is a function of the instant asked about.
public struct TimedAnimation: Equatable, Sendable {
    public var from: Double
    public var to: Double
    public var start: Instant
    public var duration: TimeSpan
    public var curve: TimingCurve

    public init(from: Double, to: Double, duration: TimeSpan, curve: TimingCurve = .easeInOut, start: Instant) {
        self.from = from; self.to = to; self.duration = duration; self.curve = curve; self.start = start
    }

    public var end: Instant { start + duration }

    /// Exactly `from` before the start and exactly `to` from the end on.
    public func value(at time: Instant) -> Double {
        guard duration > .zero, time < end else { return to }
        guard time > start else { return from }
        let p = curve.progress((time - start).seconds / duration.seconds)
        return from + (to - from) * p
    }

    /// Points per second at `time` (numerical, over 1 ms), e.g. to hand over to a spring.
    public func velocity(at time: Instant) -> Double {
        guard duration > .zero, time >= start, time < end else { return 0 }
        let a = value(at: time), b = value(at: time + .milliseconds(1))
        return (b - a) * 1000
    }

    public func isFinished(at time: Instant) -> Bool { time >= end }
}
