/// A sequence of timed segments played back to back (e.g. Pulley's attention bounce: three
/// decaying humps, §1.6 rule 21).
public struct Keyframes: Equatable, Sendable {
    public struct Segment: Equatable, Sendable {
        public var to: Double
        public var duration: TimeSpan
        public var curve: TimingCurve
        public init(to: Double, duration: TimeSpan, curve: TimingCurve = .easeInOut) {
            self.to = to; self.duration = duration; self.curve = curve
        }
    }

    public var from: Double
    public var segments: [Segment]
    public var start: Instant

    public init(from: Double, segments: [Segment], start: Instant) {
        self.from = from; self.segments = segments; self.start = start
    }

    public var end: Instant { segments.reduce(start) { $0 + $1.duration } }
    public var finalValue: Double { segments.last?.to ?? from }

    public func value(at time: Instant) -> Double {
        var t0 = start, v0 = from
        for s in segments {
            let a = TimedAnimation(from: v0, to: s.to, duration: s.duration, curve: s.curve, start: t0)
            if time < a.end { return a.value(at: time) }
            t0 = a.end; v0 = s.to
        }
        return v0
    }

    public func isFinished(at time: Instant) -> Bool { time >= end }
}
