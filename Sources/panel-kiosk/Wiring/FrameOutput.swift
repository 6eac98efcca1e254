import DrawerRuntime
import PanelRenderer

/// The offscreen frame buffer of `render` and `demo`, written as PNG.
final class OffscreenFrame {
    let renderer: FrameRenderer

    init(geometry: FrameGeometry) throws {
        guard let r = FrameRenderer(widthPx: geometry.widthPx, heightPx: geometry.heightPx) else {
            throw Failure("cannot allocate a \(geometry.widthPx)x\(geometry.heightPx) frame")
        }
        renderer = r
    }

    func draw(_ screen: Screen) { renderer.draw(screen) }

    func writePNG(to path: String) throws {
        do { try PNGCodec.encode(renderer.pixmap.view, to: path) } catch { throw Failure("\(error)") }
    }
}
