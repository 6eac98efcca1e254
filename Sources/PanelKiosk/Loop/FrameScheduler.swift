/// When the real-time loop draws the next frame (docs/architecture.md, Frame schedule).
///
/// `immediate`: as soon as the flip before it completes, so the frame waits a whole refresh
/// for its vblank and a touch that comes meanwhile waits for the frame after. `late` (late
/// latching): as late as still makes the vblank. The work of a frame (advance, draw,
/// present) is predicted from the recent frames (a high percentile) plus a safety margin;
/// the loop sleeps until the vblank minus that budget, then reads all pending input,
/// advances the components to the vblank and draws. A frame that misses its vblank is shown
/// one refresh later and raises the margin; frames that make it let the margin shrink
/// slowly. Pure: every time is a parameter (CLOCK_MONOTONIC ns).
package struct FrameScheduler: Sendable {
    package enum Mode: String, Sendable, CaseIterable { case late, immediate }

    /// The frame to draw next: start drawing at `startNS` for the vblank at `showNS`.
    package struct Plan: Equatable, Sendable {
        package var startNS: UInt64
        package var showNS: UInt64
    }

    package let mode: Mode
    let frameIntervalNS: UInt64
    /// `[display] frame_deadline_ms`: a fixed margin instead of the adaptive one.
    let pinnedMarginNS: UInt64?
    /// The adaptive margin's bounds and step: it starts at its floor, grows by `growStepNS`
    /// after a missed vblank, up to half a refresh, and shrinks by 1/`shrinkDivisor` per frame
    /// that made its vblank (halved in about 45 frames). Not higher at start: until
    /// `minimumWorkSamples` frames have been timed there is no prediction to add it to, and
    /// those frames are drawn at once; a margin that started at 3 ms took some 150 frames
    /// (2.5 s of dragging) to come down, up to 2 ms more budget than needed early in every
    /// drag after start-up (a 4 s drag's p50 0.78-0.80 frame under QEMU, now 0.71-0.75).
    /// Additive, not compounding: the predicted work (a high percentile of recent frames)
    /// follows a real change of the work within a few frames; the margin only covers what that
    /// percentile misses, the rare frame preempted for a few ms. Growing by half after each
    /// miss took it to a whole refresh after 5-6 misses spread over a 4 s drag under QEMU on a
    /// loaded host, where it stayed (shrinking by 1/256): the late schedule became the
    /// immediate one (p50 1.34 frames against 0.72 without those misses).
    static let minMarginNS: UInt64 = 1_000_000
    static let growStepNS: UInt64 = 1_000_000
    static let shrinkDivisor: UInt64 = 64
    /// The high percentile of recent work the prediction uses.
    static let workPercentile = 0.95
    /// Frames timed before their work is predicted; until then frames are drawn at once.
    static let minimumWorkSamples = 2

    private(set) var autoMarginNS = FrameScheduler.minMarginNS
    /// Recent frames' work (the planned start, or the start of drawing, to the flip queued;
    /// the timer's wake-up latency is part of it).
    private var recentWork = RecentWork(capacity: 60)
    /// `recentWork`'s percentile once `minimumWorkSamples` frames were timed.
    private var predictedWorkNS: UInt64?
    /// Frames shown after the vblank they were drawn for.
    package private(set) var lateFrames = 0

    init(mode: Mode, frameIntervalNS: UInt64, pinnedMarginMS: Double? = nil) {
        self.mode = mode
        self.frameIntervalNS = max(1, frameIntervalNS)
        pinnedMarginNS = pinnedMarginMS.map { UInt64(max(0, $0) * 1e6) }
    }

    package var marginNS: UInt64 { pinnedMarginNS ?? autoMarginNS }

    /// The predicted work of the next frame plus the margin: how long before its vblank
    /// drawing starts; nil while too few frames have been timed to predict it.
    var budgetNS: UInt64? { predictedWorkNS.map { $0 + marginNS } }

    /// The next frame after the flip shown at `lastVblankNS`, seen at `nowNS`: for the vblank
    /// one refresh later (or the first one still ahead, after a stall), started at once
    /// (`immediate`, no prediction yet, or a budget of a whole refresh or more) or at the
    /// vblank minus the budget.
    func plan(afterVblank lastVblankNS: UInt64, now nowNS: UInt64) -> Plan {
        var show = lastVblankNS &+ frameIntervalNS
        if nowNS >= show {
            show &+= ((nowNS - show) / frameIntervalNS + 1) * frameIntervalNS
        }
        switch mode {
        case .immediate:
            return Plan(startNS: nowNS, showNS: show)
        case .late:
            guard let budget = budgetNS, budget < frameIntervalNS, show > budget else { return Plan(startNS: nowNS, showNS: show) }
            return Plan(startNS: max(nowNS, show - budget), showNS: show)
        }
    }

    /// How long the vblank grid of the last flip is trusted for a frame wanted with no frame on
    /// its way: the refresh period drifts from the mode's nominal one by a few µs per frame.
    static let gridTrustNS: UInt64 = 1_000_000_000

    /// A frame wanted with none on its way (a touch after a moment with nothing to draw, as
    /// between the events of a slow drag): late, for the first vblank ahead on the grid of
    /// the last flip when that is recent. Nil: draw at once for `nowNS` (the immediate
    /// schedule; or no recent flip, so no grid to aim at).
    func planWithoutFlip(lastVblankNS: UInt64?, now nowNS: UInt64) -> Plan? {
        switch mode {
        case .immediate: return nil
        case .late:
            guard let last = lastVblankNS, nowNS >= last, nowNS - last <= Self.gridTrustNS else { return nil }
            return plan(afterVblank: last, now: nowNS)
        }
    }

    /// A frame's work took `ns` (drawing started to the flip queued).
    mutating func frameWorked(ns: UInt64) {
        recentWork.add(ns)
        guard recentWork.count >= Self.minimumWorkSamples else { return }
        predictedWorkNS = recentWork.percentile(Self.workPercentile)
    }

    /// The frame drawn for `plannedNS` reached the glass at the vblank `shownNS`. Returns
    /// whether it missed its vblank (then the margin grows). `startedOnTime`: it started at
    /// its planned start, a budget before the vblank. A frame that could only start later
    /// (a touch with no frame on its way that came after the start for the next vblank, a
    /// budget of a refresh or more) is drawn at once as a chance to still make it, as the
    /// immediate schedule does; missing it says nothing about the budget, so it counts in
    /// `lateFrames` but leaves the margin alone (each such miss on a tap raised it by 1 ms).
    @discardableResult
    mutating func frameShown(planned plannedNS: UInt64, shown shownNS: UInt64, startedOnTime: Bool = true) -> Bool {
        let missed = shownNS > plannedNS &+ frameIntervalNS / 2
        guard startedOnTime else {
            if missed { lateFrames += 1 }
            return missed
        }
        if missed {
            lateFrames += 1
            autoMarginNS = min(frameIntervalNS / 2, autoMarginNS + Self.growStepNS)
        } else {
            autoMarginNS = max(Self.minMarginNS, autoMarginNS - autoMarginNS / Self.shrinkDivisor)
        }
        return missed
    }
}

/// The last `capacity` frames' work, kept sorted as well as in order, so the prediction's
/// percentile is read off rather than sorted for: a frame adds one sample and drops the
/// oldest (two binary searches and a short move, no allocation once full), which under an
/// emulated CPU took a sort of 60 numbers' worth of time off every frame's own work.
struct RecentWork: Sendable {
    let capacity: Int
    private var ring: [UInt64] = []
    private var sorted: [UInt64] = []
    private var next = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        ring.reserveCapacity(self.capacity)
        sorted.reserveCapacity(self.capacity)
    }

    var count: Int { ring.count }

    mutating func add(_ ns: UInt64) {
        if ring.count < capacity {
            ring.append(ns)
        } else {
            sorted.remove(at: Self.firstIndex(notBelow: ring[next], in: sorted))
            ring[next] = ns
        }
        next = (next + 1) % capacity
        sorted.insert(ns, at: Self.firstIndex(notBelow: ns, in: sorted))
    }

    /// The nearest-rank percentile (`p` in 0...1), as `SampleWindow.percentile`; 0 when empty.
    func percentile(_ p: Double) -> UInt64 {
        guard !sorted.isEmpty else { return 0 }
        return sorted[SampleWindow.nearestRank(p, of: sorted.count)]
    }

    /// The first index of `values` (ascending) whose value is `x` or more.
    private static func firstIndex(notBelow x: UInt64, in values: [UInt64]) -> Int {
        var lo = 0, hi = values.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
