import DrawerRuntime
import PanelInput
import PanelRenderer
#if canImport(Glibc)
import Glibc
#endif

/// The real-time loop of `run` (the device) and `run --headless`: one thread, one epoll loop,
/// three seams.
///
/// - The touch source: libinput (touchscreens, a mouse as one finger, Escape/Back), whose
///   events go to the shared `KioskRuntime` as they arrive, with their kernel timestamps.
/// - The frame clock and sink: a `FrameSink` reports each vblank at which a frame reached the
///   glass; the next frame is advanced to the time it will be seen (that vblank plus one
///   interval), drawn in normal memory and presented. `FrameScheduler` says when: late (just
///   before the last moment that still makes that vblank, so it includes the latest touches)
///   or immediately. When nothing moves nothing is drawn and the process sleeps.
/// - The services: systemd readiness and watchdog, the virtual terminal, the backlight and
///   the control socket (`KioskServices`), plus SIGHUP and file changes for reload.
///
/// `render` drives the same `KioskRuntime` from a touch script on a simulated clock.
package final class KioskLoop: FrameSinkOwner {
    package let runtime: KioskRuntime
    package let sink: FrameSink
    let services: KioskServices
    let loop: EventLoop
    private let signals: SignalDescriptor
    private var watcher: ConfigWatcher?
    private var dataWatcher: ConfigWatcher?
    private(set) var input: LibinputSource?
    let frameLimit: Int?
    let startNS: UInt64

    private var failure: String?
    /// Set by a vblank report: the next frame is for the vblank after it.
    private var shownVblankNS: UInt64?
    private(set) var lastVblankNS: UInt64?
    /// The vblank at which the first frame reached the glass (CLOCK_MONOTONIC).
    private var firstVblankNS: UInt64?
    /// Touch input, opened once the first frame is on its way (see `run`).
    private var pendingTouch: TouchSetup?
    private var flipIntervalsMS = SampleWindow()
    /// When frames are drawn (`run --schedule`, `[display] frame_deadline_ms`).
    package private(set) var scheduler: FrameScheduler
    /// Touch-to-glass latency over the run (`--stats`; the control socket's status).
    package private(set) var touchLatency = TouchLatency()
    /// The frame planned after the last flip (late schedule), waiting for its start time.
    private var plannedFrame: FrameScheduler.Plan?
    /// The vblank the frame handed over was drawn for.
    private var inFlightShowNS: UInt64?
    /// Whether that frame started at its planned start (the frame timer woke the loop for it).
    private var inFlightOnTime = false
    /// Wakes the loop at a planned frame's start time.
    private let frameTimer: FrameTimer
    /// Where a frame's time goes (`frame_timing_ms` in `--stats`).
    private var timing = FrameTiming()
    /// The oldest touch in the frame handed over (kernel timestamp, ns), for
    /// `touch_missed_vblanks`: vblanks that showed no new frame although a touch had been
    /// waiting for a whole refresh before them.
    private var inFlightOldestTouchNS: UInt64?
    private(set) var touchMissedVblanks = 0
    /// Commands and the stop from other threads (`Kiosk.Remote`).
    package let inbox: RemoteInbox
    /// `run --headless --play`: a touch script on the real clock, and its timer.
    private var scripted: ScriptedTouches?
    private var scriptTimer: FrameTimer?

    init(runtime: KioskRuntime, sink: FrameSink, services: KioskServices, touch: TouchSetup?,
         startNS: UInt64, frameLimit: Int?, schedule: FrameScheduler.Mode = .late, frameDeadlineMS: Double? = nil) throws {
        self.runtime = runtime
        self.sink = sink
        self.services = services
        self.startNS = startNS
        self.frameLimit = frameLimit
        scheduler = FrameScheduler(mode: schedule, frameIntervalNS: sink.frameIntervalNS, pinnedMarginMS: frameDeadlineMS)
        do {
            loop = try EventLoop()
            signals = try SignalDescriptor([SIGTERM, SIGINT, SIGHUP])
            frameTimer = try FrameTimer()
            inbox = try RemoteInbox()
        } catch { throw Failure("\(error)") }
        runtime.onEventLine = { [services] line in services.broadcast(eventLine: line) }
        services.operations = self
        watcher = try? ConfigWatcher(files: [runtime.appPath].filter { !$0.isEmpty } + runtime.themePaths)
        if let path = runtime.dataPath {
            do { dataWatcher = try ConfigWatcher(files: [path], removals: true) } catch {
                // The screens work without it; what feeds them must be told why nothing arrives.
                KioskLog.warning("[data] file \(path) cannot be watched (\(error)); its changes will not be shown until a reload")
            }
        }
        pendingTouch = touch
        do {
            if let watcher { try loop.watch(watcher.fd) { [unowned self] in if self.watcher?.changed() == true { self.reload(reason: "file changed") } } }
            if let dataWatcher {
                try loop.watch(dataWatcher.fd) { [unowned self] in
                    if self.dataWatcher?.changed() == true { self.runtime.applyDataFile(at: Instant.now()) }
                }
            }
            try loop.watch(signals.fd) { [unowned self] in self.signalsReady() }
            try loop.watch(frameTimer.fd) { [unowned self] in self.frameTimer.acknowledge() }
            try loop.watch(inbox.fd) { [unowned self] in self.remoteReady() }
        } catch { throw Failure("\(error)") }
        try sink.attach(to: loop, owner: self)
    }

    /// Opens libinput (udev enumeration, device quirks, every touchscreen's setup: the slowest
    /// part of start-up on a small board) once the first frame has been handed to the display,
    /// so the screen shows the UI instead of the console meanwhile.
    private func startTouch() {
        guard let touch = pendingTouch else { return }
        pendingTouch = nil
        do {
            let source = try LibinputSource(backend: touch.backend, transform: touch.transform, calibration: touch.calibration)
            input = source
            if source.fd >= 0 { try loop.watch(source.fd) { [unowned self] in self.inputReady() } }
        } catch {
            // No input stack (or no device yet): draw anyway; the seat backend picks devices up later.
            KioskLog.warning("touch input unavailable (\(error)); running without touch")
        }
        // The devices present at start were set up (calibrated) when the source was made;
        // say so now rather than at their first touch.
        if input != nil { inputReady() }
    }

    /// Where touch comes from on the device: libinput's seat or the board's device paths.
    package struct TouchSetup {
        var backend: LibinputSource.Backend
        var transform: TouchTransform
        var calibration: [Double]

        init(board: BoardConfig, uiWidthPx: Int, uiHeightPx: Int) {
            transform = TouchTransform(rotation: (board.touchRotation ?? board.rotation).rawValue,
                                       uiWidth: Double(uiWidthPx), uiHeight: Double(uiHeightPx))
            backend = board.touchDevice == "auto" ? .seat("seat0") : .paths([board.touchDevice])
            calibration = board.calibration
        }
    }

    /// `run --headless --play`: plays `script`'s finger lines on the real clock from half a
    /// second after the first frame, and ends the run once it is over (`playedRunIsOver`).
    package func play(_ script: TouchScript) throws {
        _ = try ScriptedTouches(script, startNS: 0)     // refused now rather than mid-run (timed at `run`)
        let timer = try FrameTimer()
        do { try loop.watch(timer.fd) { [unowned self] in self.scriptDue() } } catch { throw Failure("\(error)") }
        scriptTimer = timer
        playScript = script
        // The frame limit ends the run at its last flip, whatever the script still has to
        // play (it stopped before the first touch, silently).
        if let frameLimit {
            let runMS = Double(frameLimit) * Double(sink.frameIntervalNS) / 1e6
            let lastMS = Double(Self.playLeadNS) / 1e6 + script.durationMS
            if runMS < lastMS {
                KioskLog.warning("--frames \(frameLimit) ends the run about \(Int(runMS)) ms after the first frame, before --play's last line (\(Int(lastMS)) ms after it: the script starts 0.5 s in); the rest of the script is not played")
            }
        }
    }
    private var playScript: TouchScript?
    /// A played script's first line is this long after the first frame (the screen is up).
    static let playLeadNS: UInt64 = 500_000_000
    /// When a played script's run ends.
    private var playEndNS: UInt64?

    /// How often a played run past its end checks whether it may stop.
    static let playedEndCheckNS: UInt64 = 10_000_000
    /// A played script's run ends a second after its last touch once every touch is on the
    /// glass and the components are at rest, so a slow machine (loaded, emulated) still
    /// measures every touch and the settled state; 30 s after that second at the latest.
    private func playedRunIsOver(now: UInt64, end: UInt64) -> Bool {
        guard now >= end else { return false }
        if now >= end &+ 30_000_000_000 { return true }
        return scripted?.nextDueNS == nil && touchLatency.allShown && !runtime.screen.needsFrames
    }

    private func startScript() throws {
        guard let script = playScript else { return }
        let start = monotonicNanoseconds() + Self.playLeadNS
        let touches = try ScriptedTouches(script, startNS: start)
        scripted = touches
        playEndNS = (touches.lastDueNS ?? start) + 1_000_000_000
        printError("panel-kiosk: playing \(script.name) (\(Int(script.durationMS)) ms)")
    }

    private func scriptDue() {
        scriptTimer?.acknowledge()
        let now = monotonicNanoseconds()
        guard var s = scripted else { return }
        let events = s.due(at: now)
        scripted = s
        for e in events { deliverTouch(e) }
    }

    /// Runs until a signal, a failure or the frame limit; returns an error message or nil.
    package func run() -> String? {
        drawAndPresent(showingAt: monotonicNanoseconds(), forVblank: nil)
        startTouch()
        do { try startScript() } catch { failure = "\(error)" }
        while !loop.stopped && failure == nil {
            do {
                try services.syncWatches(loop) { [unowned self] fd, r, w in self.controlReady(fd, r, w) }
            } catch { failure = "\(error)"; break }
            let deadlines = [services.nextDeadline, runtime.blanker.nextDeadline].compactMap { $0 }
                .map { UInt64(max(0, $0.nanoseconds)) } + [sink.nextDeadline].compactMap { $0 }
            loop.deadline = (deadlines + [playEndNS.map { max($0, monotonicNanoseconds() + Self.playedEndCheckNS) }].compactMap { $0 }).min()
            do {
                try frameTimer.arm(at: plannedFrame?.startNS)
                if let scriptTimer, let s = scripted { try scriptTimer.arm(at: s.nextDueNS) }
            } catch { failure = "\(error)"; break }
            loop.runOnce()
            if let end = playEndNS, playedRunIsOver(now: monotonicNanoseconds(), end: end) { loop.stop(); break }
            sink.poll(now: monotonicNanoseconds())
            let after = Instant.now()
            apply(services.tick(at: after, on: runtime))
            apply(runtime.tick(at: after))
            if failure == nil && !loop.stopped { drawIfWanted() }
            // A screenshot or a reload costs a frame's time or more: one per wake-up, after
            // the frame, so the next frame is never kept behind it.
            if failure == nil && !loop.stopped { apply(services.runExpensiveCommand(on: runtime, at: Instant.now())) }
        }
        // A clean exit with a frame planned but not drawn yet (the late schedule waits for its
        // start): draw it now, so the last frame handed over (and --capture-scanout) has every
        // change made before the exit, as the immediate schedule's would.
        if failure == nil, let plan = plannedFrame {
            plannedFrame = nil
            drawAndPresent(showingAt: plan.showNS, forVblank: nil)
        }
        if failure == nil, let e = sink.finish() { failure = e }
        inbox.close(because: failure.map { "the kiosk stopped: \($0)" } ?? "the kiosk stopped")
        services.close()
        do { try sink.close() } catch { failure = failure ?? "\(error)" }
        // A log that could not be written (a full disk) did not stop the kiosk, but the run
        // did not do what it was asked: non-zero, as `render` (it exited 0).
        do { try runtime.recorder.close() } catch { failure = failure ?? "\(error)" }
        do { try runtime.trace?.close() } catch { failure = failure ?? "\(error)" }
        do { try runtime.touchRecording?.file.close() } catch { failure = failure ?? "\(error)" }
        return failure
    }

    /// After each wake-up: after a flip, or when something changed with no frame on its way,
    /// the next frame is planned (late schedule: drawn at its start time, after reading all
    /// pending input) or drawn at once (immediate, or too late to wait).
    private func drawIfWanted() {
        let wantsFrame = frameLimit != nil || runtime.needsDraw || runtime.isMoving
        if let vblank = shownVblankNS {
            shownVblankNS = nil
            plannedFrame = nil
            guard wantsFrame else { return }
            startOrDraw(scheduler.plan(afterVblank: vblank, now: monotonicNanoseconds()))
        } else if let plan = plannedFrame {
            let woke = monotonicNanoseconds()
            guard woke >= plan.startNS else { return }
            plannedFrame = nil
            timing.woke(lateNS: woke - plan.startNS, budgetNS: plan.showNS &- plan.startNS)
            inputReady()        // the touches that came since the wake-up are in this frame too
            timing.inputRead(ns: monotonicNanoseconds() - woke)
            if wantsFrame || runtime.needsDraw { drawAndPresent(showingAt: plan.showNS, forVblank: plan.showNS, plannedStartNS: plan.startNS) }
        } else if runtime.needsDraw && sink.canPresent {
            let now = monotonicNanoseconds()
            if let plan = scheduler.planWithoutFlip(lastVblankNS: lastVblankNS, now: now) { startOrDraw(plan) } else {
                drawAndPresent(showingAt: now, forVblank: nil)
            }
        }
    }

    /// Waits for `plan`'s start (the frame timer wakes the loop), or draws now when it has come.
    private func startOrDraw(_ plan: FrameScheduler.Plan) {
        if plan.startNS > monotonicNanoseconds() { plannedFrame = plan } else { drawAndPresent(showingAt: plan.showNS, forVblank: plan.showNS) }
    }

    /// Advances the screen to the time the frame will be seen, draws it and hands it over.
    /// `vblank`: the vblank it is drawn for (it is late if shown after it); nil for a frame
    /// drawn at once with no grid to aim at (the first frame, the immediate schedule's frame
    /// for a touch on a still screen): then the first vblank after it is handed over.
    /// `plannedStartNS`: when a planned frame was to start; its work is counted from then, so
    /// the frame timer's wake-up latency (large on a loaded or emulated CPU) is predicted too.
    private func drawAndPresent(showingAt showNS: UInt64, forVblank vblank: UInt64?, plannedStartNS: UInt64? = nil) {
        guard sink.canPresent else { return }   // `needsDraw` stays set for when it can
        let t0 = monotonicNanoseconds()
        let changed = runtime.drawFrame(showingAt: .nanoseconds(Int64(showNS)))
        do {
            let drawn = monotonicNanoseconds()
            try sink.present(runtime.frame.pixmap.view, damage: changed)
            let t1 = monotonicNanoseconds()
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
            services.heartbeat.flipSubmitted(at: Instant(nanoseconds: Int64(t1)))
        } catch {
            fail("\(error)")
        }
    }

    private func fail(_ message: String) {
        failure = failure ?? message
        loop.stop()
    }

    // MARK: sources

    private func inputReady() {
        guard let input else { return }
        for e in input.dispatch() { deliverTouch(e) }
    }

    /// An input event to the screen; a touch's timestamp is kept for its latency.
    private func deliverTouch(_ e: InputEvent) {
        if case .touch(_, _, _, _, let us) = e { touchLatency.touched(atNS: us &* 1000) }
        apply(runtime.deliver(e))
    }

    /// Reads and writes only: the commands read run once per wake-up, after every ready
    /// descriptor was served (`services.tick`), so the wake-up's one time budget holds however
    /// many clients were ready (run here, each ready client got a budget and a screenshot).
    private func controlReady(_ fd: Int32, _ readable: Bool, _ writable: Bool) {
        services.handleReady(fd: fd, readable: readable, writable: writable)
    }

    /// Commands from other threads (`Kiosk.Remote`), in the order sent, answered on this
    /// thread as the socket's are, for at most 2 ms per wake-up (the rest wait for the next
    /// turn, after the frame); a stop ends the loop after the commands before it, and those
    /// after it are refused.
    private func remoteReady() {
        inbox.acknowledge()
        let start = monotonicNanoseconds()
        while let item = inbox.next() {
            switch item {
            case .stop:
                loop.stop()     // what was sent after it is refused when the run closes the inbox
                return
            case .command(let command, let reply):
                let (result, actions) = services.answer(command, on: runtime, at: Instant.now())
                apply(actions)
                reply(result.mapError { KioskError($0.message) })
            }
            // As MQTT's: a frame's worth of commands at most per wake-up, the rest after the
            // frame (a full queue of row inserts held the loop for 1.4 s, no frame, no touch).
            if monotonicNanoseconds() &- start >= KioskServices.commandBudgetNS {
                inbox.wakeAgain()
                break
            }
        }
    }

    private func signalsReady() {
        for s in signals.read() {
            if s == SIGHUP { reload(reason: "SIGHUP") } else if s == SIGTERM || s == SIGINT { loop.stop() }
        }
    }

    /// SIGHUP, a changed file or the reload command: see `KioskRuntime.reload`. False when
    /// the files were refused and the running screens kept.
    @discardableResult
    func reload(reason: String) -> Bool {
        guard runtime.reload(reason: reason) else { return false }
        services.heartbeat.status("reloaded \(runtime.appPath) (\(reason))")
        services.mqtt?.components = componentInfos   // Home Assistant sees added and removed components
        return true
    }

    /// What the idle blanker asks of the display and backlight (the runtime did the rest).
    /// `.crtcActive(false)` turns the screen off once no frame is pending, `.crtcActive(true)`
    /// turns it on at once (the frame it showed comes back), then the wake-up frame is drawn.
    private func apply(_ actions: [IdleBlanker.Action]) {
        for a in actions {
            if var bl = services.backlight {
                do { if try bl.apply(a) { services.backlight = bl; continue } } catch {
                    services.logger.warning("backlight: \(error)")
                }
                services.backlight = bl
            }
            switch a {
            case .crtcActive(let on):
                sink.setScreenActive(on)
                if !on { services.heartbeat.displayStopped() }
            case .fade, .redraw, .resetToHome, .backlight: break
            }
        }
    }

    // MARK: FrameSinkOwner

    package func framesShown(vblanksNS: [UInt64]) {
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
            services.heartbeat.flipCompleted(at: Instant(nanoseconds: Int64(t)))
            if firstVblankNS == nil { firstVblankNS = t }
            if let last = lastVblankNS { flipIntervalsMS.add(Double(t &- last) / 1e6) }
            lastVblankNS = t
        }
        if let limit = frameLimit, sink.flipCount >= limit { loop.stop(); return }
        shownVblankNS = vblanksNS.last
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

    package func deliver(_ event: InputEvent) { deliverTouch(event) }
    package func stopRequested() { loop.stop() }
    package func needsFullRepaint() { runtime.needsDraw = true; runtime.fullRepaint = true }
    package func sinkReady() { runtime.needsDraw = true }
    package func sinkFailed(_ message: String) { fail(message) }
    package func sinkStatus(_ text: String, displayStopped: Bool) {
        services.heartbeat.status(text)
        if displayStopped { services.heartbeat.displayStopped() }
    }

    // MARK: statistics

    /// `run --stats` (docs/formats.md, Run statistics).
    package func statistics() -> JSONValue {
        let render = runtime.renderMS
        return .object(sink.statistics + [
            ("frames", .number(Double(runtime.framesDrawn))), ("flips", .number(Double(sink.flipCount))),
            ("missed_vblanks", .number(Double(sink.missedVblankCount))),
            ("touch_missed_vblanks", .number(Double(touchMissedVblanks))),
            ("flip_interval_ms", .object([("mean", .number(flipIntervalsMS.mean)), ("p50", .number(flipIntervalsMS.percentile(0.5))),
                                          ("p99", .number(flipIntervalsMS.percentile(0.99))),
                                          ("max", .number(flipIntervalsMS.max))])),
            ("render_ms", .object([("p50", .number(render.percentile(0.5))), ("p99", .number(render.percentile(0.99)))])),
            ("first_flip_ms", .number(firstVblankNS.map { Double(Int64(bitPattern: $0 &- startNS)) / 1e6 } ?? 0)),
            ("wakeups", .number(Double(loop.wakeups))), ("idle_wakeups", .number(Double(loop.idleWakeups))),
        ] + scheduleStatistics + touchLatency.statistics + memoryStatistics)
    }

    /// `schedule`, `late_frames` (shown after the vblank they were drawn for) and the late
    /// schedule's margin at exit.
    private var scheduleStatistics: [(String, JSONValue)] {
        [("schedule", .string(scheduler.mode.rawValue)), ("late_frames", .number(Double(scheduler.lateFrames))),
         ("frame_margin_ms", .number(Double(scheduler.marginNS) / 1e6)), ("frame_timing_ms", timing.statistics)]
    }

    /// `rss_kib` (now, at exit: the kiosk at rest) and `peak_rss_kib`, from the kernel.
    private var memoryStatistics: [(String, JSONValue)] {
        guard let m = ProcessMemory.current() else { return [] }
        return [("rss_kib", .number(Double(m.residentKiB))), ("peak_rss_kib", .number(Double(m.peakResidentKiB)))]
    }
}
