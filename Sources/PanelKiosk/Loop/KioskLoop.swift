import DrawerRuntime
import PanelInput
import PanelRenderer
#if canImport(Glibc)
import Glibc
#endif

/// The real-time loop of `run` (the device) and `run --headless`: one thread, one reactor
/// (epoll on a device), the frame driver and the services around it.
///
/// The frame driver (`FrameDriver`) has the three seams: touch sources in (libinput's
/// touchscreens, a mouse, Escape/Back; `--play`'s script; the preview's window), frames out
/// through the `FrameSink`, both on the `FrameClock`. This class is the services host around
/// it: it waits for everything that can wake the loop (the sink's and the sources'
/// descriptors, signals, file changes, the control socket and MQTT, `Kiosk.Remote`), runs
/// what is ready, and after each wake-up lets the driver draw; it holds systemd readiness and
/// the watchdog, the virtual terminal, the backlight and the control socket (`KioskServices`).
/// The clock and the reactor are handed in, so a test runs this very loop on a
/// `SimulatedClock` with no sleeps (`LoopScheduleTests`).
///
/// `render` drives the same `KioskRuntime` from a touch script on a simulated clock.
package final class KioskLoop: FrameSinkOwner, FrameDriverHost {
    package let driver: FrameDriver
    let services: KioskServices
    let reactor: LoopReactor
    let clock: FrameClock
    private let signals: SignalDescriptor
    private var watcher: ConfigWatcher?
    private var dataWatcher: ConfigWatcher?
    /// Touch input, opened once the first frame is on its way (see `run`), and the source made of it.
    private var pendingTouch: TouchSetup?
    private(set) var input: LibinputSource?
    let startNS: UInt64
    /// What ended the run, if anything but a signal, a stop or the frame limit.
    private var failure: KioskLoopError?
    /// Commands and the stop from other threads (`Kiosk.Remote`).
    package let inbox: RemoteInbox
    /// `run --headless --play`: the script, its source once playing, and when its run ends.
    private var playScript: TouchScript?
    private var played: ScriptTouchSource?
    private var playEndNS: UInt64?

    package var runtime: KioskRuntime { driver.runtime }
    package var sink: FrameSink { driver.sink }
    /// When frames are drawn (`run --schedule`, `[display] frame_deadline_ms`).
    package var scheduler: FrameScheduler { driver.scheduler }
    /// Touch-to-glass latency over the run (`--stats`; the control socket's status).
    package var touchLatency: TouchLatency { driver.touchLatency }
    var frameLimit: Int? { driver.frameLimit }
    var lastVblankNS: UInt64? { driver.lastVblankNS }

    /// - Parameters:
    ///   - clock: the time everything here is decided on (CLOCK_MONOTONIC on a device).
    ///   - reactor: what the loop waits on; nil: epoll (`EpollReactor`).
    init(runtime: KioskRuntime, sink: FrameSink, services: KioskServices, touch: TouchSetup?,
         startNS: UInt64, frameLimit: Int?, schedule: FrameScheduler.Mode = .late, frameDeadlineMS: Double? = nil,
         clock: FrameClock = MonotonicClock(), reactor: LoopReactor? = nil) throws(KioskLoopError) {
        driver = FrameDriver(runtime: runtime, sink: sink, clock: clock, frameLimit: frameLimit,
                             schedule: schedule, frameDeadlineMS: frameDeadlineMS)
        self.services = services
        self.startNS = startNS
        self.clock = clock
        services.clock = clock
        do {
            self.reactor = try reactor ?? EpollReactor()
            signals = try SignalDescriptor([SIGTERM, SIGINT, SIGHUP])
            inbox = try RemoteInbox()
        } catch { throw .system("\(error)") }
        driver.host = self
        runtime.onEventLine = { [services] line in services.broadcast(eventLine: line) }
        services.mqtt?.components = componentInfos
        watcher = try? ConfigWatcher(files: [runtime.appPath].filter { !$0.isEmpty } + runtime.themePaths)
        if let path = runtime.dataPath {
            do { dataWatcher = try ConfigWatcher(files: [path], removals: true) } catch {
                // The screens work without it; what feeds them must be told why nothing arrives.
                KioskLog.warning("[data] file \(path) cannot be watched (\(error)); its changes will not be shown until a reload")
            }
        }
        pendingTouch = touch
        do {
            if let watcher { try self.reactor.watch(watcher.fd) { [unowned self] in if self.watcher?.changed() == true { self.reload(reason: "file changed") } } }
            if let dataWatcher {
                try self.reactor.watch(dataWatcher.fd) { [unowned self] in
                    if self.dataWatcher?.changed() == true { self.runtime.applyDataFile(at: self.clock.now) }
                }
            }
            try self.reactor.watch(signals.fd) { [unowned self] in self.signalsReady() }
            try self.reactor.watch(inbox.fd) { [unowned self] in self.remoteReady() }
        } catch { throw .system("\(error)") }
        do { try sink.attach(to: self.reactor, owner: self) } catch { throw .sink("\(error)") }
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
            driver.add(source)
            if let fd = source.readableDescriptor { try reactor.watch(fd) { [unowned self] in self.driver.takeInput(from: source) } }
        } catch {
            // No input stack (or no device yet): draw anyway; the seat backend picks devices up later.
            KioskLog.warning("touch input unavailable (\(error)); running without touch")
        }
        // The devices present at start were set up (calibrated) when the source was made;
        // say so now rather than at their first touch.
        if let input { driver.takeInput(from: input) }
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
    package func play(_ script: TouchScript) throws(KioskLoopError) {
        // Refused now rather than mid-run (timed at `run`).
        do { _ = try ScriptTouchSource(script, start: .zero) } catch { throw .script(error.description) }
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
    /// A played script's first line is this long after the first frame (the screen is up).
    static let playLeadNS: UInt64 = 500_000_000

    /// How often a played run past its end checks whether it may stop.
    static let playedEndCheckNS: UInt64 = 10_000_000
    /// A played script's run ends a second after its last touch once every touch is on the
    /// glass and the components are at rest, so a slow machine (loaded, emulated) still
    /// measures every touch and the settled state; 30 s after that second at the latest.
    private func playedRunIsOver(now: UInt64, end: UInt64) -> Bool {
        guard now >= end else { return false }
        if now >= end &+ 30_000_000_000 { return true }
        return played?.finished != false && touchLatency.allShown && !runtime.screen.needsFrames
    }

    private func startScript() throws(KioskLoopError) {
        guard let script = playScript else { return }
        let start = driver.nowNS + Self.playLeadNS
        let source: ScriptTouchSource
        do { source = try ScriptTouchSource(script, start: .nanoseconds(Int64(start))) } catch { throw .script(error.description) }
        driver.add(source)
        played = source
        playEndNS = UInt64(max(0, source.lastDue.nanoseconds)) + 1_000_000_000
        printError("panel-kiosk: playing \(script.name) (\(Int(script.durationMS)) ms)")
    }

    /// When the loop must wake next (besides a descriptor): the services (watchdog, MQTT,
    /// commands waiting), the blanker, the sink, the end of a played run. Nil: sleep until a
    /// descriptor is ready.
    var wakeDeadline: UInt64? {
        let now = driver.nowNS
        let deadlines = [services.nextDeadline, runtime.blanker.nextDeadline].compactMap { $0 }
            .map { UInt64(max(0, $0.nanoseconds)) } + [sink.nextDeadline].compactMap { $0 }
        return (deadlines + [playEndNS.map { max($0, now + Self.playedEndCheckNS) }].compactMap { $0 }).min()
    }

    /// Runs until a signal, a stop, a failure or the frame limit; returns what ended it
    /// otherwise (nil: a clean exit).
    package func run() -> KioskLoopError? {
        driver.drawFirstFrame()
        startTouch()
        do { try startScript() } catch { failure = error }
        while !reactor.stopped && failure == nil {
            do {
                try services.syncWatches(reactor) { [unowned self] fd, r, w in self.controlReady(fd, r, w) }
            } catch { failure = .services("\(error)"); break }
            do { try reactor.wait(deadline: wakeDeadline, exactWake: driver.exactWake) } catch { failure = .system("\(error)"); break }
            if let end = playEndNS, playedRunIsOver(now: driver.nowNS, end: end) { reactor.stop(); break }
            sink.poll(now: driver.nowNS)
            // Sources that are due at times or polled (a played script, the preview's window);
            // libinput's events were taken when its descriptor was ready.
            driver.takeInput(polledOnly: true)
            let after = clock.now
            carryOut(services.tick(at: after, on: runtime, operations: self))
            carryOut(runtime.tick(at: after))
            if failure == nil && !reactor.stopped { driver.frameIfWanted() }
            // A screenshot or a reload costs a frame's time or more: one per wake-up, after
            // the frame, so the next frame is never kept behind it.
            if failure == nil && !reactor.stopped { carryOut(services.runExpensiveCommand(on: runtime, operations: self, at: clock.now)) }
        }
        if failure == nil { driver.drawPlannedFrameNow() }
        if failure == nil, let e = sink.finish() { failure = .output(e) }
        inbox.close(because: failure.map { "the kiosk stopped: \($0)" } ?? "the kiosk stopped")
        services.close()
        do { try sink.close() } catch { failure = failure ?? .sink("\(error)") }
        // A log that could not be written (a full disk) did not stop the kiosk, but the run
        // did not do what it was asked: non-zero, as `render` (it exited 0).
        do { try runtime.recorder.close() } catch { failure = failure ?? .output("\(error)") }
        do { try runtime.trace?.close() } catch { failure = failure ?? .output("\(error)") }
        do { try runtime.touchRecording?.file.close() } catch { failure = failure ?? .output("\(error)") }
        return failure
    }

    private func fail(_ error: KioskLoopError) {
        failure = failure ?? error
        reactor.stop()
    }

    // MARK: sources

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
        let start = driver.nowNS
        while let item = inbox.next() {
            switch item {
            case .stop:
                reactor.stop()     // what was sent after it is refused when the run closes the inbox
                return
            case .command(let command, let reply):
                let (result, actions) = services.answer(command, on: runtime, operations: self, at: clock.now)
                carryOut(actions)
                reply(result.mapError { KioskError($0.message) })
            }
            // As MQTT's: a frame's worth of commands at most per wake-up, the rest after the
            // frame (a full queue of row inserts held the loop for 1.4 s, no frame, no touch).
            if driver.nowNS &- start >= KioskServices.commandBudgetNS {
                inbox.wakeAgain()
                break
            }
        }
    }

    private func signalsReady() {
        for s in signals.read() {
            if s == SIGHUP { reload(reason: "SIGHUP") } else if s == SIGTERM || s == SIGINT { reactor.stop() }
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
    func carryOut(_ actions: [IdleBlanker.Action]) {
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
        if driver.framesShown(vblanksNS: vblanksNS) { reactor.stop() }
    }
    package func deliver(_ event: InputEvent) { driver.deliver(event) }
    package func stopRequested() { reactor.stop() }
    package func needsFullRepaint() { runtime.needsDraw = true; runtime.fullRepaint = true }
    package func sinkReady() { runtime.needsDraw = true }
    package func sinkFailed(_ message: String) { fail(.sink(message)) }
    package func sinkStatus(_ text: String, displayStopped: Bool) {
        services.heartbeat.status(text)
        if displayStopped { services.heartbeat.displayStopped() }
    }

    // MARK: FrameDriverHost

    func frameHandedOver(at time: Instant) { services.heartbeat.flipSubmitted(at: time) }
    func frameShown(at time: Instant) { services.heartbeat.flipCompleted(at: time) }
    func driverFailed(_ error: KioskLoopError) { fail(error) }

    // MARK: statistics

    /// `run --stats` (docs/formats.md, Run statistics).
    package func statistics() -> JSONValue {
        .object(sink.statistics + driver.statistics(startNS: startNS) + [
            ("wakeups", .number(Double(reactor.wakeups))), ("idle_wakeups", .number(Double(reactor.idleWakeups))),
        ] + driver.scheduleStatistics + touchLatency.statistics + memoryStatistics)
    }

    /// `rss_kib` (now, at exit: the kiosk at rest) and `peak_rss_kib`, from the kernel.
    private var memoryStatistics: [(String, JSONValue)] {
        guard let m = ProcessMemory.current() else { return [] }
        return [("rss_kib", .number(Double(m.residentKiB))), ("peak_rss_kib", .number(Double(m.peakResidentKiB)))]
    }
}

/// What ended a real-time run other than a signal, a stop or the frame limit. Its description
/// is the message `run` prints.
package enum KioskLoopError: Error, Equatable, CustomStringConvertible {
    /// The loop's own descriptors (epoll, signalfd, timerfd, eventfd) could not be made or armed.
    case system(String)
    /// The frame sink failed: a flip refused, the display gone for good, a flip that never came.
    case sink(String)
    /// The control socket's or MQTT's descriptors could not be watched.
    case services(String)
    /// `--play`'s script was refused.
    case script(String)
    /// What the run writes at its end (the event log, trace, recording, a capture) failed.
    case output(String)

    package var description: String {
        switch self {
        case .system(let m), .sink(let m), .services(let m), .script(let m), .output(let m): m
        }
    }
}
