import ArgumentParser
import FoundationEssentials
import DrawerRuntime
import PanelRenderer

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the showcase: on the real display if there is one, else as offscreen PNGs.",
        discussion: "Offscreen, a scripted tour of examples/showcase.toml is rendered into ./demo-out/ (PNGs, events, state).")

    @Option(help: "Folder for the offscreen tour.") var out: String = "demo-out"
    @Flag(help: "Render the offscreen tour even when a display is available.") var offscreen = false

    @Option(help: "Board file for the real display (default: auto-detect).") var board: String?

    func run() throws {
        // A board named but unreadable is an error whether or not a display is there to use it.
        let boardConfig = try board.map(loadBoard) ?? BoardConfig()
        let examples = try Demo.examplesDirectory()
        let showcase = examples + "/showcase.toml"
        if !offscreen {
            // The device's display, else a desktop window, else the offscreen tour below. A
            // sink that cannot be opened falls through to the next; one that ran and failed
            // is an error (rendering the tour then would hide it).
            let signals = [SIGTERM, SIGINT, SIGHUP]
            SignalDescriptor.holdBack(signals)
            let opened: (kiosk: KioskLoop, said: String)?
            do {
                opened = try Self.openSink(showcase: showcase, board: board, boardConfig: boardConfig)
            } catch let f as Failure {
                print("demo: \(f.description); rendering the tour offscreen instead.")
                opened = nil
            }
            if let (kiosk, said) = opened {
                print(said)
                if let failure = kiosk.run() { throw Failure(failure) }
                return
            }
            SignalDescriptor.letThrough(signals)                  // Ctrl-C stops the tour
        }
        try renderTour(config: showcase)
    }

    /// The kiosk on the display or in a window, and what to say about it; nil (said why) when
    /// there is neither here.
    private static func openSink(showcase: String, board: String?, boardConfig: BoardConfig) throws -> (KioskLoop, String)? {
        let start = KioskLoop.Options(startNS: monotonicNanoseconds())
        guard let reason = Demo.displayUnavailableReason() else {
            do {
                guard let kiosk = try KioskLoop.onDisplay(app: try loadApp(showcase), board: boardConfig, wait: false, start) else {
                    return nil
                }
                return (kiosk, "demo: showing \(showcase) on \(kiosk.sink.description); Ctrl-C to stop.")
            } catch let f as Failure { throw Failure("cannot use the display (\(f.description))") }
        }
        guard WindowSink.desktopMissing(environment: ProcessInfo.processInfo.environment) == nil else {
            print("demo: no usable display (\(reason)); rendering the tour offscreen instead.")
            return nil
        }
        do {
            let kiosk = try KioskLoop.inWindow(app: try loadApp(showcase),
                                               geometry: try FrameGeometry.resolve(board: board, size: nil, scale: nil), zoom: 1, start)
            return (kiosk, "demo: showing \(showcase) in a window (no display to drive here: \(reason)); close it or Ctrl-C to stop.")
        } catch let f as Failure { throw Failure("cannot open a window (\(f.description))") }
    }

    private func renderTour(config: String) throws {
        let app = try loadApp(config)
        let geometry = try FrameGeometry.resolve(board: nil, size: "800x480", scale: 1)
        let script: TouchScript
        do { script = try TouchScript.parse(DemoTour.script(for: app), name: "demo-tour") } catch {
            throw Failure("built-in tour: \(error.description)")
        }
        var run = OffscreenRun()
        run.captureTimesMS = DemoTour.captureTimes(for: script)
        run.eventsPath = out + "/events.jsonl"
        let outcome = try run.run(app: app, geometry: geometry, script: script, into: out)
        let result = outcome.result, written = outcome.written
        try writeTextFile(out + "/state.json", outcome.runtime.state(timeMS: result.finalTimeMS).encoded + "\n")
        print("demo: rendered the tour of \(config) offscreen (\(result.frames) frames, \(Int(result.finalTimeMS)) ms simulated).")
        let names = written.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        let range = names.count > 2 ? "\(names[0]) ... \(names[names.count - 2]), " : ""
        print("demo: \(written.count) PNGs (\(range)final.png), events.jsonl and state.json are in \(absolutePath(out))/")
    }

    /// Where the shipped examples are: ./examples, next to the build tree, or installed.
    static func examplesDirectory() throws -> String {
        var candidates = ["examples"]
        if let exe = executablePath() {
            let dir = directory(of: exe)
            candidates += [dir + "/../../examples", dir + "/../../../examples", dir + "/../share/panel-kiosk/examples"]
        }
        candidates.append("/usr/local/share/panel-kiosk/examples")
        for c in candidates where access(c + "/showcase.toml", R_OK) == 0 { return c }
        throw Failure("cannot find examples/showcase.toml (looked in \(candidates.joined(separator: ", ")))")
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
