import ArgumentParser
import DrawerRuntime
import PanelRenderer
import PanelKiosk

struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw a motion trace (render/run --trace) as position and velocity against time (PNG).",
        discussion: """
            The top chart shows the component's positions in points with the finger over them, \
            the bottom one their velocities in pt/s; touch-down, lift and phase changes are \
            marked. Without --component the first component (by id) that moves is drawn.
            """)

    @Argument(help: "The trace (JSON lines, as --trace writes).") var trace: String
    @Option(help: "The PNG to write.") var out: String
    @Option(help: "The component to draw (its id).") var component: String?
    @Option(help: "Image size in pixels, WxH.") var size: String = "1200x800"

    /// The image size from `--size`, or why it cannot be.
    private var pixels: (width: Int, height: Int) {
        get throws {
            // The same WxH reading as board modes and --size elsewhere.
            guard let m = BoardConfig.parseMode(size), m.refreshHz == nil, (200...8000).contains(m.width), (200...8000).contains(m.height) else {
                throw ValidationError("--size is WxH in pixels, each 200 to 8000, like 1200x800")
            }
            // Within the pixel budget every frame buffer keeps (8000x8000 took 647 MB).
            if let why = PixelBudget.refusal(width: m.width, height: m.height) { throw ValidationError("--size \(size): \(why)") }
            return (m.width, m.height)
        }
    }

    // Checked here, not in run(): ArgumentParser shows this command's usage with the message.
    func validate() throws {
        _ = try pixels
        try OutputFiles.requireDistinct([("--out", out)], inputs: [("the trace's file", trace)])
    }

    func run() throws {
        let parts = try pixels
        let plot = try MotionPlot(tracePath: trace, component: component)
        let fonts: FontLibrary, face: FontFace
        do {
            fonts = try FontLibrary()
            face = try fonts.face(path: Theme.dejaVuSans)
        } catch { throw Failure("plot: \(error)") }
        let pixmap = try withExtendedLifetime(fonts) { try plot.draw(width: parts.width, height: parts.height, face: face) }
        do { try PNGCodec.encode(pixmap.view, to: out) } catch { throw Failure("\(error)") }
        print("plotted \(plot.component) (\(plot.frames.count) frames) to \(out)")
    }
}
