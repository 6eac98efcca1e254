import ArgumentParser
import DrawerRuntime
import FoundationEssentials
import PanelInput
import PanelRenderer
#if canImport(Glibc)
import Glibc
import PanelKiosk
#endif

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show an app in a desktop window, as the device would, reloading it as you edit.",
        discussion: """
            The same loop as `run`, with a window as its display: the board's pixel size (or \
            --size), mouse as one finger, touchscreen fingers as fingers, Escape as Back. Saving \
            the app file, its theme or the data file shows the change at once, keeping each \
            component's state; a file with problems keeps the last good screen and shows the \
            problems over it (and on stderr) until it is fixed. The control socket works as on \
            the device. Keys: S writes preview-N.png, D tints the areas each frame repaints, \
            Z cycles the zoom (100 %, 200 %, 50 %).
            """)

    @Option(help: "The app file (TOML).") var config: String
    @Option(help: "A board file: size from its mode, scale and rotation.") var board: String?
    @Option(help: "Frame size in pixels, WxH (default 800x480).") var size: String?
    @Option(parsing: .unconditional, help: "Pixels per point (with --size).") var scale: Double?
    @Option(help: "A data file of named values to show (instead of the app file's [data] file).") var data: String?
    @Option(parsing: .unconditional, help: "Window pixels per frame pixel: 0.5, 1 or 2 (Z cycles them).") var zoom: Double = 1
    @Option(help: "Write the event log (JSON lines) here.") var events: String?
    @Option(help: "Record the touches as a touch script here (replay it with `render --script`).") var record: String?
    @Option(help: "Write a motion trace here (see `plot`).") var trace: String?
    @Option(parsing: .unconditional, help: "Stop after N frames (for scripted checks).") var frames: Int?

    func validate() throws {
        if board != nil && size != nil { throw ValidationError("give --board or --size, not both") }
        if scale != nil && board != nil { throw ValidationError("--scale goes with --size; a board file has its own scale") }
        if ![0.5, 1, 2].contains(zoom) { throw ValidationError("--zoom is 0.5, 1 or 2") }
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
        if let scale, !(scale >= 0.25 && scale <= 8) { throw ValidationError("--scale must be between 0.25 and 8") }
    }

    func run() throws {
        SignalDescriptor.holdBack([SIGTERM, SIGINT, SIGHUP])
        if let why = WindowSink.desktopMissing(environment: ProcessInfo.processInfo.environment) {
            throw Failure("panel-kiosk preview: \(why)")
        }
        let startNS = PanelKiosk.startNS
        var app = try loadApp(config)
        if let data { app.dataFile = data.hasPrefix("/") ? data : FileManager.default.currentDirectoryPath + "/" + data }
        var options = KioskLoop.Options(startNS: startNS, frameLimit: frames, eventsPath: events)
        options.tracePath = trace
        options.recordPath = record
        let kiosk = try KioskLoop.inWindow(app: app, geometry: try FrameGeometry.resolve(board: board, size: size, scale: scale),
                                           zoom: zoom, options)
        if let failure = kiosk.run() { throw Failure(failure.description) }
    }
}
