import PanelRenderer

/// Estimates a finger's velocity in points per second from timestamped positions.
///
/// Why not the last two samples: kiosk digitizers report at 25-200 Hz with irregular spacing
/// and positional jitter, so a two-point difference swings wildly (MSDynamicsDrawer's per-event
/// displacement even changes meaning with the report rate). Instead each axis is fitted by least
/// squares over the samples of the last `horizon` (default 100 ms) before the query time:
/// quadratic when there are at least `quadraticMinimumSamples` samples (so an accelerating
/// flick reports its speed at release, not its average), linear otherwise.
/// The derivative is taken at the newest sample. A slow digitizer (25 Hz puts only 2-3 reports
/// in 100 ms) gets its window stretched up to `maximumHorizon` (150 ms) until it holds
/// `quadraticMinimumSamples` samples, so its fit can still follow an accelerating finger.
///
/// A finger that stopped before lifting must not fling. libinput reports nothing for a finger
/// at rest, so the silence since the newest sample is the evidence: up to 1.25 report
/// intervals (a lift may come one report late) the fit stands; from there the velocity decays
/// linearly to zero at `pauseThreshold` (default 60 ms; never less than that grace + 20 ms, so
/// a 25 Hz digitizer's 40 ms gaps are not mistaken for a pause). A finger held still while the
/// digitizer keeps reporting fits to ~0 by itself.
///
/// Usage: `add` the down and every move; at lift ask `velocity(at: up.time)` without adding the
/// lift point (it repeats the last location at a later time and would bias the fit).
public struct VelocityTracker: Equatable, Sendable {
    public struct Sample: Equatable, Sendable {
        public var position: Point
        public var time: Instant
    }

    public var horizon: TimeSpan
    public var maximumHorizon: TimeSpan
    public var pauseThreshold: TimeSpan
    public var quadraticMinimumSamples: Int

    /// Newest last; at most `capacity` kept (200 Hz over 100 ms is 20).
    public private(set) var samples: [Sample] = []
    private static let capacity = 32

    public init(horizon: TimeSpan = .milliseconds(100), maximumHorizon: TimeSpan = .milliseconds(150),
                pauseThreshold: TimeSpan = .milliseconds(60), quadraticMinimumSamples: Int = 4) {
        self.horizon = horizon
        self.maximumHorizon = max(horizon, maximumHorizon)
        self.pauseThreshold = pauseThreshold
        self.quadraticMinimumSamples = max(3, quadraticMinimumSamples)
        samples.reserveCapacity(Self.capacity)
    }

    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    /// Records a position (points) at its event time. A sample older than the newest one is
    /// ignored (time must not run backwards); one at the same time replaces it.
    public mutating func add(_ p: Point, at time: Instant) {
        if let last = samples.last {
            if time < last.time { return }
            if time == last.time { samples[samples.count - 1].position = p; return }
        }
        if samples.count == Self.capacity { samples.removeFirst() }
        samples.append(Sample(position: p, time: time))
    }

    /// Velocity in points per second as of `time` (normally the lift time).
    public func velocity(at time: Instant) -> Point {
        guard let newest = samples.last, time >= newest.time else { return .zero }
        let oldest = time - horizon, stretched = time - maximumHorizon
        var start = samples.count - 1
        while start > 0 && samples[start - 1].time >= oldest { start -= 1 }
        while start > 0 && samples.count - start < quadraticMinimumSamples && samples[start - 1].time >= stretched {
            start -= 1
        }
        let window = samples[start...]
        guard window.count >= 2 else { return .zero }
        let factor = pauseFactor(window, silence: time - newest.time)
        guard factor > 0 else { return .zero }
        let quadratic = window.count >= quadraticMinimumSamples
        return Point(Self.slope(window, newest.time, quadratic) { $0.x } * factor,
                     Self.slope(window, newest.time, quadratic) { $0.y } * factor)
    }

    /// 1 while the silence is within the digitizer's rhythm, falling linearly to 0 at the pause
    /// threshold (see the type's doc).
    private func pauseFactor(_ window: ArraySlice<Sample>, silence: TimeSpan) -> Double {
        let span = (window.last!.time - window.first!.time).seconds
        let interval = span / Double(window.count - 1)
        let grace = 1.25 * interval
        let end = max(pauseThreshold.seconds, grace + 0.020)
        let gap = silence.seconds
        if gap <= grace { return 1 }
        if gap >= end { return 0 }
        return (end - gap) / (end - grace)
    }

    /// d(coordinate)/dt at `origin`, in units per second, from a least-squares polynomial fit
    /// (degree 1 or 2) with time measured in seconds relative to `origin` (t <= 0), which keeps
    /// the normal equations well conditioned.
    private static func slope(_ window: ArraySlice<Sample>, _ origin: Instant, _ quadratic: Bool,
                              _ coordinate: (Point) -> Double) -> Double {
        // Position relative to the newest sample too, for conditioning.
        let x0 = coordinate(window.last!.position)
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var sx = 0.0, stx = 0.0, st2x = 0.0
        for sample in window {
            let t = (sample.time - origin).seconds
            let x = coordinate(sample.position) - x0
            let t2 = t * t
            s0 += 1; s1 += t; s2 += t2; s3 += t2 * t; s4 += t2 * t2
            sx += x; stx += t * x; st2x += t2 * x
        }
        if quadratic {
            // Normal equations for x = a + b t + c t^2; Cramer's rule for b.
            let det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s2 * s3) + s2 * (s1 * s3 - s2 * s2)
            if abs(det) > 1e-18 {
                let detB = s0 * (stx * s4 - s3 * st2x) - sx * (s1 * s4 - s2 * s3) + s2 * (s1 * st2x - stx * s2)
                return detB / det
            }
        }
        let denominator = s0 * s2 - s1 * s1
        guard abs(denominator) > 1e-15 else { return 0 }
        return (s0 * stx - s1 * sx) / denominator
    }
}
