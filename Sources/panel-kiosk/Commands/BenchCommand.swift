import ArgumentParser
import PanelRenderer
#if canImport(Glibc)
import Glibc
import PanelKiosk
#endif

/// `panel-kiosk bench`: renders the bench scene (docs/bench.md) through the production
/// renderer and prints its timings (docs/formats.md, Benchmark output). The scene and timing
/// live in PanelRenderer (`BenchRunner`); this only parses options and prints.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the benchmark scene (full frame, drag frame, memcpy of a frame).")

    @Option(help: "Frame size in pixels, WxH (default 800x480; with --layers, 800x480 and 1920x1080).")
    var size: String?

    @Flag(help: "Time each layer of the scene and print it in ms and as a ratio to a memcpy of one frame.")
    var layers = false

    @Option(help: "Timed frames per case (after 30 warm-up frames).")
    var frames: Int = 300

    @Flag(help: "Print the result as one JSON object (docs/formats.md, Benchmark output).")
    var json = false

    @Option(help: "Write the full frame as a PNG file.")
    var png: String?

    func validate() throws {
        guard let (w, h) = parsedSize else {
            throw ValidationError("--size must be WxH in pixels, e.g. 800x480, got '\(size ?? "")'")
        }
        if let why = PixelBudget.refusal(width: w, height: h) { throw ValidationError("--size \(size ?? ""): \(why)") }
        if layers && png != nil { throw ValidationError("--png draws the full frame; it does not go with --layers") }
        guard frames > 0, frames <= 1_000_000 else {
            throw ValidationError("--frames must be between 1 and 1000000, got \(frames)")
        }
    }

    private var parsedSize: (Int, Int)? {
        let parts = (size ?? "800x480").lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              w > 0, h > 0 else { return nil }
        return (w, h)
    }

    func run() throws {
        let (w, h) = parsedSize!
        var text: BenchTextDrawer?
        do { text = try BenchText() } catch {
            FileHandleStderr.write("panel-kiosk bench: \(error); timing the scene without text\n")
        }
        if layers {
            let sizes = size == nil ? [(800, 480), (1920, 1080)] : [(w, h)]
            for (w, h) in sizes {
                guard let r = BenchRunner.runLayers(width: w, height: h, frames: frames, text: text) else {
                    throw ValidationError("cannot allocate a \(w)x\(h) frame")
                }
                print(json ? r.json : r.summary)
            }
            return
        }
        let out = png != nil ? Pixmap(width: w, height: h) : nil
        guard let result = BenchRunner.run(width: w, height: h, frames: frames, text: text, frameOut: out) else {
            throw ValidationError("cannot allocate a \(w)x\(h) frame")
        }
        if let png, let out {
            try PNGCodec.encode(out.view, to: png)
        }
        print(json ? result.json : result.summary)
    }
}

/// Minimal stderr writer (diagnostics go to stderr: docs/formats.md, Command line).
enum FileHandleStderr {
    static func write(_ s: String) {
        var s = s
        // fd 2 directly: the C `stderr` global is not concurrency-safe in Swift 6.
        s.withUTF8 { buf in _ = Glibc.write(2, buf.baseAddress, buf.count) }
    }
}
