import DrawerRuntime
import PanelRenderer
#if canImport(Glibc)
import Glibc
#endif

/// The device path: one thread, one epoll loop. A flip completing is the frame clock: the
/// next frame is advanced to the time it will be shown (vblank + one interval), drawn in
/// normal memory and presented. Input is handled as it arrives with its kernel timestamp.
final class KioskLoop {
    let output: DRMOutput
    private(set) var screen: Screen
    let appPath: String
    let geometry: FrameGeometry
    private var watcher: ConfigWatcher?
    let frame: FrameRenderer
    let loop: EventLoop
    let signals: SignalDescriptor
    var input: LibinputSource?
    /// Kernel uevents, to notice the display device going away while nothing is drawn.
    var uevents: UeventMonitor?
    var displayDevice: DeviceNumber?
    /// A flip that never completes (a wedged driver, a device gone mid-frame) ends the loop
    /// after this long instead of hanging it. Generous: a loaded board still flips within it.
    let flipTimeoutNS: UInt64 = 2_000_000_000
    let services: KioskServices
    let recorder: EventRecorder
    let frameLimit: Int?
    let startNS: UInt64

    var needsDraw = true
    /// Set when something outside the components changed (background content, reload,
    /// blanking fade): the next frame repaints everything.
    var fullRepaint = true
    private var damage = DamageTracker()
    private var frameNumber = 0
    private var lastFlipNS: UInt64?
    private var flipIntervalsMS: [Double] = []
    private var renderMS: [Double] = []
    private var firstFlipNS: UInt64?
    var failure: String?
    /// What the idle blanker wants the CRTC to be; `syncCRTC` makes it so once no flip is pending.
    var wantCRTCActive = true
    /// False while our connector reports no display (cable out, monitor off): the CRTC is
    /// turned off and nothing is drawn, but the screens, their state and the input live on.
    var displayConnected = true
    /// Set when the display came back or its link went Bad: the mode is set again (which
    /// retrains the link) at the next moment no flip is pending.
    var modeStale = false
    /// A CRTC that refused to turn off stays lit rather than being retried on every wake-up.
    var crtcOffRefused = false
    /// `run --capture-scanout`: where to write what the CRTC scans out, before the output closes.
    var captureScanoutPath: String?
    /// `run --capture-writeback`: where to write what the CRTC composes (writeback connector).
    var captureWritebackPath: String?

    /// The output configuration a board file asks for.
    static func outputConfiguration(for board: BoardConfig) throws -> DRMOutputConfiguration {
        let parsed = DRMOutputConfiguration.parse(
            device: try KioskLoop.devicePath(for: board), connector: board.connector,
            mode: board.mode.map { m in "\(m.width)x\(m.height)" + (m.refreshHz.map { "@\($0)" } ?? "") } ?? "auto",
            rotation: board.rotation.rawValue, format: board.pixelFormat == "rgb565" ? .rgb565 : .xrgb8888,
            bufferCount: board.buffers)
        switch parsed {
        case .success(var c): c.rotateIn = RotationPlace(rawValue: board.rotateIn) ?? .auto; return c
        case .failure(let e): throw Failure("board \(board.name): \(e)")
        }
    }

    /// `output`: one already open (after `DisplayWait`); nil opens the board's display now.
    init(app: AppConfig, board: BoardConfig, output opened: DRMOutput? = nil, startNS: UInt64,
         frameLimit: Int?, eventsPath: String?) throws {
        self.startNS = startNS
        self.frameLimit = frameLimit
        if let opened { output = opened } else {
            let drmConfig = try KioskLoop.outputConfiguration(for: board)
            do { output = try DRMOutput(drmConfig) } catch { throw Failure("\(error)") }
        }
        let geometry = FrameGeometry(widthPx: output.frameWidth, heightPx: output.frameHeight,
                                     scale: board.scale, board: board)
        self.geometry = geometry
        appPath = app.path
        let built = try SceneBuilder.build(app: app, geometry: geometry)
        screen = built.screen
        guard let f = FrameRenderer(widthPx: output.frameWidth, heightPx: output.frameHeight) else {
            throw Failure("cannot allocate a \(output.frameWidth)x\(output.frameHeight) frame")
        }
        frame = f
        recorder = EventRecorder(path: eventsPath)
        do {
            loop = try EventLoop()
            signals = try SignalDescriptor([SIGTERM, SIGINT, SIGHUP])
        } catch { throw Failure("\(error)") }
        services = try KioskServices(app: app, board: board,
                                     readyStatus: "showing \(app.name) on \(output.connectorName) \(output.mode)")
        attachEvents(to: screen)
        watcher = try? ConfigWatcher(files: [app.path] + (app.themePath.map { [$0] } ?? []))
        displayDevice = output.deviceNumber.map(DeviceNumber.init)
        do { uevents = try UeventMonitor() } catch {
            // Then a vanished display shows up only as a failing or never-completing flip.
            printError("panel-kiosk: kernel uevents unavailable (\(error)); display removal is noticed at the next frame")
        }

        let transform = TouchTransform(rotation: (board.touchRotation ?? board.rotation).rawValue,
                                       uiWidth: Double(output.frameWidth), uiHeight: Double(output.frameHeight))
        let backend: LibinputSource.Backend = board.touchDevice == "auto" ? .seat("seat0") : .paths([board.touchDevice])
        do {
            input = try LibinputSource(backend: backend, transform: transform, calibration: board.calibration)
        } catch {
            // No input stack (or no device yet): draw anyway; the seat backend picks devices up later.
            printError("panel-kiosk: touch input unavailable (\(error)); running without touch")
        }
        try watchDescriptors()
    }

    /// The board's `device`, or with `device = "auto"` and a `driver`, the first primary node
    /// whose kernel driver has that name (boards with several DRM devices, e.g. a Pi 5's
    /// RP1 DSI next to the HDMI controller).
    static func devicePath(for board: BoardConfig) throws -> String {
        guard board.device == "auto", let want = board.driver else { return board.device }
        var seen: [String] = []
        for path in (try? drmPrimaryNodes()) ?? [] {
            guard let dev = try? DRMDevice(path: path, master: false) else { continue }
            defer { dev.close() }
            let name = (try? dev.driverName()) ?? "?"
            if name == want { return path }
            seen.append("\(path) (\(name))")
        }
        throw Failure("board \(board.name): no DRM device with driver '\(want)'; found: \(seen.isEmpty ? "none" : seen.joined(separator: ", "))")
    }

    private func attachEvents(to screen: Screen) {
        screen.events.addListener { [recorder, services] e in
            let line = e.json.encoded
            recorder.write(line)
            services.control?.broadcast(eventLine: line)
        }
    }

    /// SIGHUP or a changed file: a valid new app replaces the screen, keeping the state of
    /// components whose id and kind match; an invalid one is reported and changes nothing.
    private func reload(reason: String) {
        do {
            let built = try ScreenReload.reload(path: appPath, old: screen, geometry: geometry)
            built.screen.ignoreExtraFingers = screen.ignoreExtraFingers
            screen = built.screen
            attachEvents(to: screen)
            needsDraw = true
            fullRepaint = true
            services.heartbeat.status("reloaded \(appPath) (\(reason))")
            printError("panel-kiosk: reloaded \(appPath) (\(reason))")
            if !output.isFlipPending { drawAndPresent(at: monotonicNanoseconds()) }
        } catch {
            printError("panel-kiosk: \(reason): keeping the running screens; the new file has problems:\n\(error)")
        }
    }

    private func watchDescriptors() throws {
        do {
            if let watcher { try loop.watch(watcher.fd) { [unowned self] in if self.watcher?.changed() == true { self.reload(reason: "file changed") } } }
            guard let drmFD = output.fileDescriptor else { throw Failure("\(output.devicePath): device closed") }
            try loop.watch(drmFD) { [unowned self] in self.flipsReady() }
            try loop.watch(signals.fd) { [unowned self] in self.signalsReady() }
            if let input, input.fd >= 0 { try loop.watch(input.fd) { [unowned self] in self.inputReady() } }
            if let uevents { try loop.watch(uevents.fd) { [unowned self] in self.ueventsReady() } }
        } catch let e as SystemError { throw Failure("\(e)") }
    }

    /// Runs until a signal or the frame limit; returns an error message or nil.
    func run() -> String? {
        drawAndPresent(at: monotonicNanoseconds())
        while !loop.stopped && failure == nil {
            do {
                try services.syncWatches(loop) { [unowned self] fd, r, w in self.controlReady(fd, r, w) }
            } catch { failure = "\(error)"; break }
            let serviceDeadline = services.nextDeadline.map { UInt64(max(0, $0.nanoseconds)) }
            let flipDeadline = output.pendingFlipRequestedAt.map { $0 + flipTimeoutNS }
            loop.deadline = [serviceDeadline, flipDeadline].compactMap { $0 }.min()
            loop.runOnce()
            checkFlipTimeout()
            let now = Instant.now()
            services.heartbeat.tick(at: now)
            apply(services.blanker.tick(at: now))
        }
        if let captureScanoutPath, failure == nil {
            capture(to: captureScanoutPath, what: "scanout", rotation: output.bufferRotation) { () throws(DRMError) in try self.output.captureScanout() }
        }
        if let captureWritebackPath, failure == nil {
            capture(to: captureWritebackPath, what: "writeback", rotation: output.configuration.rotation) { () throws(DRMError) in try self.output.captureWriteback() }
        }
        services.close()
        do { try output.close() } catch { failure = failure ?? "\(error)" }
        try? recorder.close()
        return failure
    }

    private var frameIntervalNS: UInt64 { output.mode.frameIntervalNanoseconds }

    private func flipsReady() {
        let flips: [FlipEvent]
        do { flips = try output.handleEvents() } catch { failure = "\(error)"; loop.stop(); return }
        for flip in flips {
            services.heartbeat.flipCompleted(at: Instant(nanoseconds: Int64(flip.timestamp)))
            if firstFlipNS == nil { firstFlipNS = monotonicNanoseconds() }
            if let last = lastFlipNS { flipIntervalsMS.append(Double(flip.timestamp &- last) / 1e6) }
            lastFlipNS = flip.timestamp
        }
        if let limit = frameLimit, output.flipCount >= limit { loop.stop(); return }
        syncCRTC()
        guard let vblank = flips.last?.timestamp else { return }
        if frameLimit != nil || needsDraw || screen.needsFrames {
            drawAndPresent(at: vblank + frameIntervalNS)
        }
    }

    private func inputReady() {
        guard let input else { return }
        for e in input.dispatch() {
            switch e {
            case .touch(let finger, let phase, let x, let y, let us):
                let kind: IdleBlanker.TouchKind = switch phase {
                case .down: .down
                case .move: .motion
                case .up: .up
                case .cancel: .cancel
                }
                let verdict = services.blanker.touch(kind, at: Instant(microseconds: us))
                apply(verdict.actions)
                // The touch that wakes a blank screen only wakes it.
                guard verdict.deliver else { continue }
                let s = screen.env.scale
                screen.handle(TouchEvent(id: finger, phase: phase, location: Point(x / s, y / s),
                                         time: .nanoseconds(Int64(us) * 1000)))
                needsDraw = true
            case .back(let us):
                if screen.back(at: Instant(microseconds: us)) != nil { needsDraw = true }
            case .deviceAdded(let name, let touch):
                printError("panel-kiosk: input device added: \(name)\(touch ? " (touchscreen)" : "")")
            case .deviceRemoved(let name):
                printError("panel-kiosk: input device removed: \(name)")
                needsDraw = true
            }
        }
        if needsDraw && !output.isFlipPending { drawAndPresent(at: monotonicNanoseconds()) }
    }

    private func controlReady(_ fd: Int32, _ readable: Bool, _ writable: Bool) {
        guard let control = services.control else { return }
        if readable { control.handleReadable(fd: fd) }
        if writable { control.handleWritable(fd: fd) }
        apply(services.runCommands(on: screen, at: Instant.now()))
        needsDraw = true
        if !output.isFlipPending { drawAndPresent(at: monotonicNanoseconds()) }
    }

    /// What the idle blanker asks for. `.crtcActive(false)` turns the CRTC off once no flip
    /// is pending (`syncCRTC`; while off nothing is presented), `.crtcActive(true)` turns it
    /// on at once (the frame it showed comes back), then the wake-up frame is drawn.
    private func apply(_ actions: [IdleBlanker.Action]) {
        for a in actions {
            if var bl = services.backlight {
                do { if try bl.apply(a) { services.backlight = bl; continue } } catch {
                    services.logger.warning("backlight: \(error)")
                }
                services.backlight = bl
            }
            switch a {
            case .fade, .redraw: needsDraw = true
            case .crtcActive(let on):
                wantCRTCActive = on
                if on { crtcOffRefused = false }   // the next blanking tries again
                needsDraw = true
            case .resetToHome: screen.resetAll(at: Instant.now()); needsDraw = true
            case .backlight: break
            }
        }
        syncCRTC()
        if needsDraw && !output.isFlipPending { drawAndPresent(at: monotonicNanoseconds()) }
    }

    private func signalsReady() {
        for s in signals.read() {
            if s == SIGHUP { reload(reason: "SIGHUP") } else if s == SIGTERM || s == SIGINT { loop.stop() }
        }
    }

    /// Advances the screen to the time the frame will be seen, draws it and queues the flip.
    func drawAndPresent(at showNS: UInt64) {
        guard output.canPresent else { needsDraw = true; return }
        let t0 = monotonicNanoseconds()
        let moving = screen.needsFrames
        screen.advance(to: .nanoseconds(Int64(showNS)))
        // Nothing moved and no input since the last frame: show the same pixels again (a
        // flip with no damage) instead of redrawing them.
        let redraw = needsDraw || moving || frameNumber == 0 || services.blanker.isAnimating
        let everything = fullRepaint || frameNumber == 0 || services.blanker.isAnimating
        let region = redraw ? damage.damage(of: screen, everything: everything) : .zero
        fullRepaint = false
        if redraw {
            frame.draw(screen, damage: region)
            let level = services.blanker.fadeLevel(at: Instant(nanoseconds: Int64(showNS)))
            if level < 1 { frame.canvas.fillRect(Rect(0, 0, Double(frame.pixmap.width), Double(frame.pixmap.height)), .solid(Color.black.withOpacity(1 - level))) }
        }
        renderMS.append(Double(monotonicNanoseconds() - t0) / 1e6)
        do {
            let changed: [IntRect] = !redraw ? [] : region.map { $0.isEmpty ? [] : [$0] } ?? [frame.pixmap.bounds]
            _ = try output.present(frame: frame.pixmap.view, damage: changed)
            services.heartbeat.flipSubmitted(at: Instant.now())
            frameNumber += 1
            needsDraw = false
        } catch {
            failure = "\(error)"
            loop.stop()
        }
    }

    /// Contract §6.
    func statistics() -> JSONValue {
        func pct(_ xs: [Double], _ p: Double) -> Double {
            guard !xs.isEmpty else { return 0 }
            let s = xs.sorted()
            return s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
        }
        let mean = flipIntervalsMS.isEmpty ? 0 : flipIntervalsMS.reduce(0, +) / Double(flipIntervalsMS.count)
        return .object([
            ("device", .string(output.devicePath)), ("driver", .string(output.driver)),
            ("connector", .string(output.connectorName)), ("mode", .string(output.mode.description)),
            ("rotation", .number(Double(output.configuration.rotation.rawValue))),
            ("rotate_in", .string(output.rotatesInPlane ? "plane" : "copy")),
            ("frames", .number(Double(frameNumber))), ("flips", .number(Double(output.flipCount))),
            ("missed_vblanks", .number(Double(output.missedVblankCount))),
            ("flip_interval_ms", .object([("mean", .number(mean)), ("p50", .number(pct(flipIntervalsMS, 0.5))),
                                          ("p99", .number(pct(flipIntervalsMS, 0.99))),
                                          ("max", .number(flipIntervalsMS.max() ?? 0))])),
            ("render_ms", .object([("p50", .number(pct(renderMS, 0.5))), ("p99", .number(pct(renderMS, 0.99)))])),
            ("first_flip_ms", .number(firstFlipNS.map { Double($0 - startNS) / 1e6 } ?? 0)),
            ("wakeups", .number(Double(loop.wakeups))), ("idle_wakeups", .number(Double(loop.idleWakeups))),
        ])
    }
}
