import ArgumentParser
import FoundationEssentials
import DrawerRuntime
import PanelInput
import PanelRenderer

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show the showcase on the real display if there is one, else the five-screen tour in a window on a desktop, else the tour as offscreen PNGs.",
        discussion: """
            The tour is five example apps (examples/tour-*.toml), each one component as a kiosk \
            would use it, with content that changes while shown. On the device's display the \
            showcase (examples/showcase.toml) runs instead. In a window each screen shows for a \
            few seconds, then the next (after the last, the first again); Right, Space or N moves \
            on at once, Left or P goes back; the mouse is the finger; closing the window ends it. \
            Offscreen, each screen's script is rendered into ./demo-out/NN-name/ (a PNG every \
            250 ms, final.png, events.jsonl, state.json) and its picture to ./demo-out/NN-name.png.
            """)

    @Option(help: "Folder for the offscreen tour.") var out: String = "demo-out"
    @Flag(help: "Render the offscreen tour even when a display is available.") var offscreen = false

    @Option(help: "Board file for the real display (default: auto-detect).") var board: String?

    func run() throws {
        // A board named but unreadable is an error whether or not a display is there to use it.
        let boardConfig = try board.map(loadBoard) ?? BoardConfig()
        let examples = try Demo.examplesDirectory()
        if !offscreen {
            // The device's display, else a desktop window, else the offscreen tour below. A
            // sink that cannot be opened falls through to the next; one that ran and failed
            // is an error (rendering the tour then would hide it).
            let signals = [SIGTERM, SIGINT, SIGHUP]
            SignalDescriptor.holdBack(signals)
            do {
                if try Self.showOnDisplay(examples: examples, board: board, boardConfig: boardConfig) { return }
            } catch let ran as RanAndFailed {
                throw ran.failure
            } catch let f as Failure {
                print("demo: \(f.description); rendering the tour offscreen instead.")
            }
            SignalDescriptor.letThrough(signals)                  // Ctrl-C stops the tour
        }
        try renderTour(examples: examples)
    }

    /// Shows the showcase on the display or the tour in a window; false (said why) when there
    /// is neither here.
    private static func showOnDisplay(examples: String, board: String?, boardConfig: BoardConfig) throws -> Bool {
        let start = KioskLoop.Options(startNS: monotonicNanoseconds())
        guard let reason = Demo.displayUnavailableReason() else {
            let showcase = examples + "/showcase.toml"
            let kiosk: KioskLoop
            do {
                guard let k = try KioskLoop.onDisplay(app: try loadApp(showcase), board: boardConfig, wait: false, start) else {
                    return false
                }
                kiosk = k
            } catch let f as Failure { throw Failure("cannot use the display (\(f.description))") }
            print("demo: showing \(showcase) on \(kiosk.sink.description); Ctrl-C to stop.")
            if let failure = kiosk.run() { throw RanAndFailed(failure: Failure(failure.description)) }
            return true
        }
        guard WindowSink.desktopMissing(environment: ProcessInfo.processInfo.environment) == nil else {
            print("demo: no usable display (\(reason)); rendering the tour offscreen instead.")
            return false
        }
        var tour = WindowTour(examples: examples, geometry: try FrameGeometry.resolve(board: board, size: nil, scale: nil))
        tour.announcement = "demo: showing the tour in a window (no display to drive here: \(reason)): each screen for a few seconds; "
            + "Right, Space or N: next, Left or P: back; close the window or Ctrl-C to stop."
        // A window that cannot be opened at all falls through to the offscreen tour; the
        // failure already says what it was.
        do { try tour.run() } catch let f as Failure where tour.shownAny { throw RanAndFailed(failure: f) }
        return true
    }

    private func renderTour(examples: String) throws {
        let geometry = try FrameGeometry.resolve(board: nil, size: "800x480", scale: 1)
        var pictures: [String] = []
        for (i, screen) in DemoTour.screens.enumerated() {
            let app = try loadApp(examples + "/" + screen.file)
            let script: TouchScript
            do { script = try TouchScript.parse(screen.script, name: "demo-tour-\(screen.name)") } catch {
                throw Failure("built-in tour: \(error.description)")
            }
            let folder = out + "/" + Self.folderName(i, screen)
            var run = OffscreenRun()
            let times = stride(from: 0, through: Int(script.durationMS) + 600, by: DemoTour.captureIntervalMS).map(Double.init)
            run.captureTimesMS = times
            run.eventsPath = folder + "/events.jsonl"
            let outcome = try run.run(app: app, geometry: geometry, script: script, into: folder)
            try writeTextFile(folder + "/state.json", outcome.runtime.state(timeMS: outcome.result.finalTimeMS).encoded + "\n")
            // The screen's picture: the capture at its moment (captures are 250 ms apart, one
            // frame each, in order).
            let shot = outcome.written[min(screen.shotMS / DemoTour.captureIntervalMS, outcome.written.count - 1)]
            let picture = out + "/" + Self.folderName(i, screen) + ".png"
            do { try Data(contentsOf: URL(fileURLWithPath: shot)).write(to: URL(fileURLWithPath: picture)) } catch {
                throw Failure("\(picture): cannot write: \(error)")
            }
            pictures.append(picture)
            print("demo: \(i + 1)/\(DemoTour.screens.count) \(screen.title) (\(screen.file)): "
                  + "\(outcome.written.count) PNGs, \(outcome.result.frames) frames, \(Int(outcome.result.finalTimeMS)) ms simulated")
        }
        print("demo: the tour is in \(absolutePath(out))/: one picture per screen (\(pictures.map { $0.split(separator: "/").last.map(String.init) ?? $0 }.joined(separator: ", "))), "
              + "and per screen a folder of frames, final.png, events.jsonl and state.json")
    }

    /// A sink that opened and then failed: an error, not a reason to render the tour instead
    /// (that would hide it).
    private struct RanAndFailed: Error { var failure: Failure }

    /// `01-departures`: the offscreen tour's folder and picture name of screen `i`.
    static func folderName(_ i: Int, _ screen: DemoTour.Screen) -> String {
        (i < 9 ? "0" : "") + "\(i + 1)-\(screen.name)"
    }

    /// Where the shipped examples are: ./examples, next to the build tree, or installed.
    static func examplesDirectory() throws -> String {
        var candidates = ["examples"]
        if let exe = executablePath() {
            let dir = directory(of: exe)
            candidates += [dir + "/../../examples", dir + "/../../../examples", dir + "/../share/panel-kiosk/examples"]
        }
        candidates.append("/usr/local/share/panel-kiosk/examples")
        for c in candidates where access(c + "/showcase.toml", R_OK) == 0 && access(c + "/tour-departures.toml", R_OK) == 0 { return c }
        throw Failure("cannot find examples/showcase.toml and examples/tour-*.toml (looked in \(candidates.joined(separator: ", ")))")
    }

    /// Why there is no display to try, or nil when a DRM card exists (opening it may still
    /// fail: permissions, another master; `run` then says which).
    static func displayUnavailableReason() -> String? {
        guard let dir = opendir("/dev/dri") else { return "no /dev/dri" }
        defer { closedir(dir) }
        while let e = readdir(dir) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("card") { return nil }
        }
        return "no DRM card in /dev/dri"
    }
}

func executablePath() -> String? {
    var buf = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buf, buf.count - 1)
    guard n > 0 else { return nil }
    return String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

func absolutePath(_ p: String) -> String {
    if p.hasPrefix("/") { return p }
    var buf = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buf, buf.count) != nil else { return p }
    let cwd = String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return cwd + "/" + p
}

#if canImport(Glibc)
import Glibc
import PanelKiosk
#endif
