import ArgumentParser
import DrawerRuntime
import PanelRenderer

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The kiosk: DRM/KMS output, libinput touch, one event loop.",
        discussion: """
            Frames are drawn right after a page flip completes and timed by the kernel's vblank
            timestamps; when nothing moves, nothing is drawn and the process sleeps. SIGTERM and
            SIGINT restore the display and exit cleanly.
            """)

    @Option(help: "The app file (TOML).") var config: String
    @Option(help: "The board file (default: auto-detect the display, scale 1).") var board: String?
    @Option(help: "Render continuously, one frame per vblank, and exit after N page flips.") var frames: Int?
    @Option(help: "Write run statistics (JSON) here at exit.") var stats: String?
    @Option(help: "Write the event log (JSON lines) here.") var events: String?
    @Option(help: "Write the components' state (JSON, as render --state) here at exit.") var state: String?
    @Option(help: ArgumentHelp(
        "At exit (after the last of --frames N, or at SIGTERM) write what the CRTC scans out as PNG.",
        discussion: "Read back from the displayed framebuffer (needs root) and turned back to the UI's orientation, so it compares with `render`'s final.png."))
    var captureScanout: String?
    @Option(help: ArgumentHelp(
        "At exit write what the CRTC composes, recorded by a writeback connector, as PNG.",
        discussion: "Unlike --capture-scanout this shows the plane's rotation (vkms with enable_writeback=1; needs root), turned back to the UI's orientation."))
    var captureWriteback: String?

    func validate() throws {
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
    }

    func run() throws {
        let startNS = monotonicNanoseconds()
        var boardConfig = BoardConfig()
        if let board {
            do { boardConfig = try BoardConfig.load(path: board) } catch { throw Failure(error.description) }
        }
        let app = try loadApp(config)
        // A measurement (--frames) must not sit waiting for a display that is not there.
        guard let output = try DisplayWait.open(try KioskLoop.outputConfiguration(for: boardConfig),
                                                wait: frames == nil && boardConfig.waitForDisplay) else {
            printError("panel-kiosk: stopped while waiting for a display")
            return
        }
        let kiosk = try KioskLoop(app: app, board: boardConfig, output: output, startNS: startNS,
                                  frameLimit: frames, eventsPath: events)
        kiosk.captureScanoutPath = captureScanout
        kiosk.captureWritebackPath = captureWriteback
        let result = kiosk.run()
        if let stats { try writeTextFile(stats, kiosk.statistics().encoded + "\n") }
        if let state { try writeTextFile(state, kiosk.screen.state(timeMS: kiosk.screen.now.milliseconds).encoded + "\n") }
        if let failure = result { throw Failure(failure) }
    }
}
