import ArgumentParser
import DrawerRuntime
import PanelInput
import PanelRenderer
#if canImport(Glibc)
import Glibc
import PanelKiosk
#endif

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "The kiosk: DRM/KMS output, libinput touch, one event loop.",
        discussion: """
            Frames are timed by the kernel's vblank timestamps and drawn just before the last \
            moment that still makes the next vblank (--schedule late), so they show the latest \
            touches; when nothing moves, nothing is drawn and the process sleeps. SIGTERM and \
            SIGINT restore the display and exit cleanly.
            """)

    @Option(help: "The app file (TOML).") var config: String
    @Option(help: "The board file (default: auto-detect the display, scale 1).") var board: String?
    @Option(parsing: .unconditional, help: "Render continuously, one frame per vblank, and exit after N page flips.") var frames: Int?
    @Option(help: "Write run statistics (JSON) here at exit.") var stats: String?
    @Option(help: "Write the event log (JSON lines) here.") var events: String?
    @Option(help: "Record the touches as a touch script here (replay it with `render --script`).") var record: String?
    @Option(help: "Write a motion trace here: a JSON line per frame of each component's position, velocity and phase, and the fingers (see `plot`).") var trace: String?
    @Option(help: "Write the components' state (JSON, as render --state) here at exit.") var state: String?
    @Option(help: ArgumentHelp(
        "At exit (after the last of --frames N, or at SIGTERM) write what the CRTC scans out as PNG.",
        discussion: "Read back from the displayed framebuffer (needs root) and turned back to the UI's orientation, so it compares with `render`'s final.png."))
    var captureScanout: String?
    @Option(help: ArgumentHelp(
        "At exit write what the CRTC composes, recorded by a writeback connector, as PNG.",
        discussion: "Unlike --capture-scanout this shows the plane's rotation (vkms with enable_writeback=1; needs root), turned back to the UI's orientation."))
    var captureWriteback: String?
    @Flag(help: ArgumentHelp(
        "Run the real loop without a display: frames drawn into memory at the board's refresh rate.",
        discussion: "Touch from libinput when a device exists, the control socket, blanking and reload all live; --capture-scanout writes the last frame shown. For developing and testing the device's program on a machine with no display."))
    var headless = false
    @Option(help: ArgumentHelp(
        "When a frame is drawn: late (just before the last moment that makes the next vblank) or immediate (when the flip before it completes).",
        discussion: "immediate is the schedule before late latching, kept for comparison (touch_latency_frames in --stats)."))
    var schedule = Run.defaultSchedule
    /// `--schedule` when not given (also for `quickParse`).
    static let defaultSchedule = FrameScheduler.Mode.late.rawValue
    @Option(help: ArgumentHelp(
        "With --headless: play this touch script's finger lines on the real clock (from 0.5 s after the first frame), then exit 1 s after its last line.",
        discussion: "Each event carries its script time as its timestamp, as a touchscreen's would: a latency benchmark without a touch device."))
    var play: String?
    @Option(help: "With --headless and no board: the frame size in pixels, WxH (default 800x480).") var size: String?
    @Option(parsing: .unconditional, help: "With --headless and --size: pixels per point.") var scale: Double?

    func validate() throws {
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
        if !headless && (size != nil || scale != nil) { throw ValidationError("--size and --scale go with --headless; on a display the mode gives the size") }
        if board != nil && size != nil { throw ValidationError("give --board or --size, not both") }
        if FrameScheduler.Mode(rawValue: schedule) == nil { throw ValidationError("--schedule must be 'late' or 'immediate', found '\(schedule)'") }
        if play != nil && !headless { throw ValidationError("--play goes with --headless; on a device touches come from the touchscreen") }
        if headless && captureWriteback != nil { throw ValidationError("--capture-writeback needs a display; use --capture-scanout with --headless") }
        if let scale, !(scale >= 0.25 && scale <= 8) { throw ValidationError("--scale must be between 0.25 and 8") }
        try OutputFiles.requireDistinct([("--stats", stats), ("--events", events), ("--record", record), ("--trace", trace),
                                         ("--state", state), ("--capture-scanout", captureScanout),
                                         ("--capture-writeback", captureWriteback)],
                                        inputs: [("--config's file", config), ("--board's file", board), ("--play's file", play)])
        try OutputFiles.requireFolders([("--stats", stats), ("--events", events), ("--record", record), ("--trace", trace),
                                        ("--state", state), ("--capture-scanout", captureScanout),
                                        ("--capture-writeback", captureWriteback)])
    }

    func run() throws {
        SignalDescriptor.holdBack([SIGTERM, SIGINT, SIGHUP])
        let startNS = PanelKiosk.startNS
        let app = try loadApp(config)
        try OutputFiles.requireDistinct([("--stats", stats), ("--events", events), ("--record", record), ("--trace", trace),
                                         ("--state", state), ("--capture-scanout", captureScanout),
                                         ("--capture-writeback", captureWriteback)], fromFilesOf: app)
        var options = KioskLoop.Options(startNS: startNS, frameLimit: frames, eventsPath: events)
        options.tracePath = trace
        options.recordPath = record
        options.captureScanoutPath = captureScanout
        options.captureWritebackPath = captureWriteback
        options.schedule = FrameScheduler.Mode(rawValue: schedule) ?? .late
        let script = try play.map { path in
            do { return try TouchScript.parse(try readTextFile(path), name: path) } catch { throw Failure("\(error)") }
        }
        if let script {     // refused before the display is taken
            do { _ = try ScriptTouchSource(script, start: .zero) } catch { throw Failure(error.description) }
        }
        let kiosk = headless
            ? try KioskLoop.headless(app: app, geometry: try FrameGeometry.resolve(board: board, size: size, scale: scale), options)
            : try KioskLoop.onDisplay(app: app, board: try board.map(loadBoard) ?? BoardConfig(),
                                      wait: frames == nil, options)
        guard let kiosk else {
            KioskLog.notice("stopped while waiting for a display")
            return
        }
        if let script {
            do { try kiosk.play(script) } catch { throw Failure(error.description) }
        }
        let result = kiosk.run()
        if let stats { try writeTextFile(stats, statistics(of: kiosk).encoded + "\n") }
        if let state {
            try writeTextFile(state, kiosk.runtime.state(timeMS: kiosk.runtime.screen.now.milliseconds).encoded + "\n")
        }
        if let failure = result { throw Failure(failure.description) }
    }

    /// The loop's statistics, with this process's time before `main` after `first_flip_ms`
    /// (docs/formats.md, Run statistics).
    private func statistics(of kiosk: KioskLoop) -> JSONValue {
        let loop = kiosk.statistics()
        guard case .object(var fields) = loop, let ms = PanelKiosk.beforeMainMS else { return loop }
        let at = (fields.firstIndex { $0.0 == "first_flip_ms" }).map { $0 + 1 } ?? fields.count
        fields.insert(("before_main_ms", .number(ms)), at: at)
        return .object(fields)
    }
}
