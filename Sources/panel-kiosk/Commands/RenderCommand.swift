import ArgumentParser
import DrawerRuntime
import PanelRenderer
import PanelKiosk

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render an app offscreen on a deterministic clock (PNG frames, state, events).",
        discussion: """
            The clock starts at 0 ms and produces a frame every 1000/fps ms. Script events are \
            handled before the first frame at or after their time; after the last one the clock \
            runs on until nothing moves (at most 10 s), then DIR/final.png and --state are written.
            """)

    @Option(help: "The app file (TOML).") var config: String
    @Option(help: "A board file: size from its mode, scale and rotation.") var board: String?
    @Option(help: "Frame size in pixels, WxH (default 800x480).") var size: String?
    @Option(parsing: .unconditional, help: "Pixels per point (with --size).") var scale: Double?
    @Option(help: "A touch script (docs/formats.md, Touch script).") var script: String?
    @Option(help: "Output folder for PNGs.") var out: String = "render-out"
    @Option(help: "Also write the frames at these times (ms), comma-separated.") var at: String?
    @Flag(help: "Write every frame as frame-NNNNNN.png.") var everyFrame = false
    @Option(help: "Write the event log here (JSON lines).") var events: String?
    @Option(help: "Write a motion trace here: a JSON line per frame of each component's position, velocity and phase, and the fingers (see `plot`).") var trace: String?
    @Option(help: "Write the final state here (JSON).") var state: String?
    @Option(parsing: .unconditional, help: "Frames per second of the simulated clock.") var fps: Double = 60

    func validate() throws {
        if board != nil && size != nil { throw ValidationError("give --board or --size, not both") }
        if scale != nil && board != nil { throw ValidationError("--scale goes with --size; a board file has its own scale") }
        // At least 1: simulated time is stepped frame by frame, and 1e-300 fps overflows it.
        if !(fps >= 1 && fps <= 1000) { throw ValidationError("--fps must be between 1 and 1000") }
        if out.isEmpty { throw ValidationError("--out must name a folder") }
        if let scale, !(scale >= 0.25 && scale <= 8) { throw ValidationError("--scale must be between 0.25 and 8") }
        try OutputFiles.requireDistinct([("--out's final.png", out + "/final.png"), ("--events", events),
                                         ("--trace", trace), ("--state", state)],
                                        inputs: [("--config's file", config), ("--board's file", board), ("--script's file", script)])
        try OutputFiles.requireFolders([("--events", events), ("--trace", trace), ("--state", state)], madeFolder: out)
        _ = try parseTimes(at)   // here, so the message comes with render's usage, not the top level's
    }

    func run() throws {
        let geometry = try FrameGeometry.resolve(board: board, size: size, scale: scale)
        let captureTimes = try parseTimes(at)
        let touch: TouchScript
        if let script {
            let text: String
            do { text = try readTextFile(script) } catch { throw Failure("\(error)") }
            do { touch = try TouchScript.parse(text, name: script) } catch { throw Failure(error.description) }
        } else { touch = TouchScript(lines: []) }

        let app = try loadApp(config)
        try OutputFiles.requireDistinct([("--out's final.png", out + "/final.png"), ("--events", events),
                                         ("--trace", trace), ("--state", state)], fromFilesOf: app)
        var run = OffscreenRun()
        run.fps = fps
        run.captureTimesMS = captureTimes
        run.captureEveryFrame = everyFrame
        run.eventsPath = events
        run.tracePath = trace
        let outcome = try run.run(app: app, geometry: geometry, script: touch, into: out)
        if let state {
            try writeTextFile(state, outcome.runtime.state(timeMS: outcome.result.finalTimeMS).encoded + "\n")
        }
        let endMS = (outcome.result.finalTimeMS * 10).rounded() / 10     // 1083.3, not 1083.3333333333335
        print("rendered \(outcome.result.frames) frames to \(endMS) ms; wrote \(out)/final.png")
        if outcome.removedStale > 0 {
            print("removed \(outcome.removedStale) frame-*.png of an earlier render from \(out) (not this render's frames)")
        }
    }

    private func parseTimes(_ s: String?) throws -> [Double] {
        guard let s, !s.isEmpty else { return [] }
        // Every piece is a time: `--at ,` or `--at 100,,250` is a mistake, not "no times".
        return try s.split(separator: ",", omittingEmptySubsequences: false).map {
            guard let v = Double($0.filter { $0 != " " }), v >= 0, v.isFinite else {
                throw ValidationError("--at takes times in ms like 100,250; '\($0)' is not one")
            }
            guard v <= TouchScript.maxTimeMS else {
                throw ValidationError("--at \($0): at most \(Int(TouchScript.maxTimeMS)) ms (24 hours) of simulated time")
            }
            return v
        }
    }
}
