import DrawerRuntime
import PanelRenderer

/// What the frame driver asks of the loop around it (`KioskLoop`, the services host).
protocol FrameDriverHost: AnyObject {
    /// A frame was handed to the sink at `time` (the watchdog's notion of frames owed).
    func frameHandedOver(at time: Instant)
    /// A frame reached the glass at the vblank `time`.
    func frameShown(at time: Instant)
    /// What the idle blanker asks of the display and backlight (the runtime did the rest).
    func carryOut(_ actions: [IdleBlanker.Action])
    /// The sink refused a frame: the loop ends with this.
    func driverFailed(_ error: KioskLoopError)
}

/// The real-time loop's frame driver: touch sources in, frames out, on one clock.
///
/// It takes every `TouchSource`'s events to the shared `KioskRuntime` (keeping each touch's
/// timestamp for its touch-to-glass latency), decides with `FrameScheduler` when the next
/// frame is drawn (late: just before the last moment that still makes its vblank; or at
/// once), advances the runtime to the time the frame will be seen, draws it through the
/// damage path and hands it to the `FrameSink`, and hears from the sink at which vblank it
/// reached the glass. Every time it reads comes from its `FrameClock`, so its scheduling is
/// tested on a `SimulatedClock` (`LoopScheduleTests`) with no sleeps.
///
/// It neither waits nor serves anything: the loop around it (`KioskLoop`) waits for the
/// descriptors and the times it names (`exactWake`), and calls `frameIfWanted` after each
/// wake-up.
package final class FrameDriver {
    package let runtime: KioskRuntime
    package let sink: FrameSink
    let clock: FrameClock
    /// `--frames N`: a frame every vblank until the sink has shown N.
    let frameLimit: Int?
    weak var host: FrameDriverHost?
    /// When frames are drawn (`run --schedule`, `[display] frame_deadline_ms`).
    package private(set) var scheduler: FrameScheduler
    /// Touch-to-glass latency over the run (`--stats`; the control socket's status).
    package private(set) var touchLatency = TouchLatency()
    /// Where input comes from (libinput, a played script, the preview's window).
    private var sources: [TouchSource] = []

    /// Set by a vblank report: the next frame is for the vblank after it.
    private var shownVblankNS: UInt64?
    private(set) var lastVblankNS: UInt64?
    /// The vblank at which the first frame reached the glass.
    private(set) var firstVblankNS: UInt64?
    private(set) var flipIntervalsMS = SampleWindow()
    /// The frame planned after the last flip (late schedule), waiting for its start time.
    private(set) var plannedFrame: FrameScheduler.Plan?
    /// The vblank the frame handed over was drawn for.
    private var inFlightShowNS: UInt64?
    /// Whether that frame started at its planned start (the loop woke for it).
    private var inFlightOnTime = false
    /// Where a frame's time goes (`frame_timing_ms` in `--stats`).
    private(set) var timing = FrameTiming()
    /// The oldest touch in the frame handed over (kernel timestamp, ns), for
    /// `touch_missed_vblanks`: vblanks that showed no new frame although a touch had been
    /// waiting for a whole refresh before them.
    private var inFlightOldestTouchNS: UInt64?
    private(set) var touchMissedVblanks = 0

    init(runtime: KioskRuntime, sink: FrameSink, clock: FrameClock, frameLimit: Int?,
         schedule: FrameScheduler.Mode, frameDeadlineMS: Double?) {
        self.runtime = runtime
        self.sink = sink
        self.clock = clock
        self.frameLimit = frameLimit
        scheduler = FrameScheduler(mode: schedule, frameIntervalNS: sink.frameIntervalNS, pinnedMarginMS: frameDeadlineMS)
    }

    /// The clock's now as the loop's nanoseconds (CLOCK_MONOTONIC on a device).
    var nowNS: UInt64 { UInt64(max(0, clock.now.nanoseconds)) }

    // MARK: input

    /// Takes input from `source` from now on.
    package func add(_ source: TouchSource) { sources.append(source) }

    /// When a source's next event is due, or a planned frame starts: the loop wakes then to
    /// the nanosecond.
    var exactWake: UInt64? {
        let due = sources.compactMap { $0.nextDue.map { UInt64(max(0, $0.nanoseconds)) } }
        return (due + [plannedFrame?.startNS].compactMap { $0 }).min()
    }

    /// Every source's events up to now, to the screen; `polledOnly`: only those of the
    /// sources with no descriptor (a played script, the preview's window), whose events are
    /// taken at every wake-up, where libinput's are taken when its descriptor is readable
    /// and just before a planned frame is drawn.
    func takeInput(polledOnly: Bool = false) {
        let now = clock.now
        for source in sources where !polledOnly || source.readableDescriptor == nil {
            for e in source.events(at: now) { deliver(e) }
        }
    }

    /// `source`'s events up to now (its descriptor is readable), to the screen.
    func takeInput(from source: TouchSource) {
        for e in source.events(at: clock.now) { deliver(e) }
    }

    /// An input event to the screen; a touch's timestamp is kept for its latency.
    func deliver(_ e: InputEvent) {
        if case .touch(_, _, _, _, let us) = e { touchLatency.touched(atNS: us &* 1000) }
        host?.carryOut(runtime.deliver(e))
    }

    // MARK: frames

    /// The first frame, drawn at once (everything, for the first vblank there is).
    func drawFirstFrame() { drawAndPresent(showingAt: nowNS, forVblank: nil) }

    /// After each wake-up: after a flip, or when something changed with no frame on its way,
    /// the next frame is planned (late schedule: drawn at its start time, after reading all
    /// pending input) or drawn at once (immediate, or too late to wait).
    func frameIfWanted() {
        let wantsFrame = frameLimit != nil || runtime.needsDraw || runtime.isMoving
        if let vblank = shownVblankNS {
            shownVblankNS = nil
            plannedFrame = nil
            guard wantsFrame else { return }
            startOrDraw(scheduler.plan(afterVblank: vblank, now: nowNS))
        } else if let plan = plannedFrame {
            let woke = nowNS
            guard woke >= plan.startNS else { return }
            plannedFrame = nil
            timing.woke(lateNS: woke - plan.startNS, budgetNS: plan.showNS &- plan.startNS)
            takeInput()        // the touches that came since the wake-up are in this frame too
            timing.inputRead(ns: nowNS - woke)
            if wantsFrame || runtime.needsDraw { drawAndPresent(showingAt: plan.showNS, forVblank: plan.showNS, plannedStartNS: plan.startNS) }
        } else if runtime.needsDraw && sink.canPresent {
            let now = nowNS
            if let plan = scheduler.planWithoutFlip(lastVblankNS: lastVblankNS, now: now) { startOrDraw(plan) } else {
                drawAndPresent(showingAt: now, forVblank: nil)
            }
        }
    }

    /// At a clean exit, a frame planned but not drawn yet (the late schedule waits for its
    /// start) is drawn now, so the last frame handed over (and --capture-scanout) has every
    /// change made before the exit, as the immediate schedule's would.
    func drawPlannedFrameNow() {
        guard let plan = plannedFrame else { return }
        plannedFrame = nil
        drawAndPresent(showingAt: plan.showNS, forVblank: nil)
    }

    /// Waits for `plan`'s start (the loop wakes at `exactWake`), or draws now when it has come.
    private func startOrDraw(_ plan: FrameScheduler.Plan) {
        if plan.startNS > nowNS { plannedFrame = plan } else { drawAndPresent(showingAt: plan.showNS, forVblank: plan.showNS) }
    }

    /// Advances the screen to the time the frame will be seen, draws it and hands it over.
    /// `vblank`: the vblank it is drawn for (it is late if shown after it); nil for a frame
    /// drawn at once with no grid to aim at (the first frame, the immediate schedule's frame
    /// for a touch on a still screen): then the first vblank after it is handed over.
    /// `plannedStartNS`: when a planned frame was to start; its work is counted from then, so
    /// the wake-up's latency (large on a loaded or emulated CPU) is predicted too.
    private func drawAndPresent(showingAt showNS: UInt64, forVblank vblank: UInt64?, plannedStartNS: UInt64? = nil) {
        guard sink.canPresent else { return }   // `needsDraw` stays set for when it can
        let t0 = nowNS
        let changed = runtime.drawFrame(showingAt: .nanoseconds(Int64(showNS)), monotonicNS: { [clock] in UInt64(max(0, clock.now.nanoseconds)) })
        do {
            let drawn = nowNS
            try sink.present(runtime.frame.pixmap.view, damage: changed)
            let t1 = nowNS
            // Not the first frame: drawing everything at start-up says nothing about a
            // frame's work later, and would keep the late schedule at once for 20 frames.
            if lastVblankNS != nil { scheduler.frameWorked(ns: t1 - min(t0, plannedStartNS ?? t0)) }
            timing.worked(ns: t1 - min(t0, plannedStartNS ?? t0), presentNS: t1 - drawn,
                          slackNS: vblank.map { Int64(bitPattern: $0 &- t1) })
            inFlightOldestTouchNS = touchLatency.oldestWaitingNS
            touchLatency.framePresented()
            inFlightOnTime = plannedStartNS != nil
            inFlightShowNS = vblank ?? lastVblankNS.map { last in
                t1 <= last ? last : last + ((t1 - last) / sink.frameIntervalNS + 1) * sink.frameIntervalNS
            }
            host?.frameHandedOver(at: Instant(nanoseconds: Int64(t1)))
        } catch {
            host?.driverFailed(.sink("\(error)"))
        }
    }

    /// Frames reached the glass at these vblanks (ns), oldest first. Returns true when that
    /// made the frame limit (`--frames`): the run is over.
    func framesShown(vblanksNS: [UInt64]) -> Bool {
        // One frame is handed over at a time: the first vblank reported is the one it made.
        if let shown = vblanksNS.first {
            if let oldest = inFlightOldestTouchNS, let last = lastVblankNS, shown > last {
                touchMissedVblanks += Self.missedVblanks(previous: last, shown: shown, oldestTouchNS: oldest,
                                                         frameIntervalNS: sink.frameIntervalNS)
            }
            inFlightOldestTouchNS = nil
            touchLatency.frameShown(vblankNS: shown, frameIntervalNS: sink.frameIntervalNS)
            if let planned = inFlightShowNS { scheduler.frameShown(planned: planned, shown: shown, startedOnTime: inFlightOnTime) }
            inFlightShowNS = nil
        }
        for t in vblanksNS {
            host?.frameShown(at: Instant(nanoseconds: Int64(t)))
            if firstVblankNS == nil { firstVblankNS = t }
            if let last = lastVblankNS { flipIntervalsMS.add(Double(t &- last) / 1e6) }
            lastVblankNS = t
        }
        if let limit = frameLimit, sink.flipCount >= limit { return true }
        shownVblankNS = vblanksNS.last
        return false
    }

    /// The vblanks strictly between the flips at `previous` and `shown` that showed no new
    /// frame although the oldest touch of the frame shown at `shown` had been waiting a whole
    /// refresh before them: frames a drag lost, whatever the schedule (an idle moment before
    /// a touch is not one; a touch that came just after a frame started is not either).
    static func missedVblanks(previous: UInt64, shown: UInt64, oldestTouchNS: UInt64, frameIntervalNS: UInt64) -> Int {
        let t = max(1, frameIntervalNS)
        let gap = Int((Double(shown - previous) / Double(t)).rounded())
        // The first vblank k refreshes after `previous` that is at least a refresh after the touch.
        let due = oldestTouchNS &+ t
        let first = due <= previous ? 1 : max(1, Int((due - previous + t - 1) / t))
        return max(0, gap - first)
    }

    // MARK: statistics

    /// The driver's part of `run --stats` (docs/formats.md, Run statistics), `startNS` being
    /// when the process started.
    func statistics(startNS: UInt64) -> [(String, JSONValue)] {
        let render = runtime.renderMS
        return [
            ("frames", .number(Double(runtime.framesDrawn))), ("flips", .number(Double(sink.flipCount))),
            ("missed_vblanks", .number(Double(sink.missedVblankCount))),
            ("touch_missed_vblanks", .number(Double(touchMissedVblanks))),
            ("flip_interval_ms", .object([("mean", .number(flipIntervalsMS.mean)), ("p50", .number(flipIntervalsMS.percentile(0.5))),
                                          ("p99", .number(flipIntervalsMS.percentile(0.99))),
                                          ("max", .number(flipIntervalsMS.max))])),
            ("render_ms", .object([("p50", .number(render.percentile(0.5))), ("p99", .number(render.percentile(0.99)))])),
            ("first_flip_ms", .number(firstVblankNS.map { Double(Int64(bitPattern: $0 &- startNS)) / 1e6 } ?? 0)),
        ]
    }

    /// `schedule`, `late_frames` (shown after the vblank they were drawn for), the late
    /// schedule's margin at exit and where a frame's time goes.
    var scheduleStatistics: [(String, JSONValue)] {
        [("schedule", .string(scheduler.mode.rawValue)), ("late_frames", .number(Double(scheduler.lateFrames))),
         ("frame_margin_ms", .number(Double(scheduler.marginNS) / 1e6)), ("frame_timing_ms", timing.statistics)]
    }
}
