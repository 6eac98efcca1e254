import PanelRenderer

/// Owns one frame buffer in normal memory and draws a screen into it. Outputs (PNG files,
/// DRM scanout) take the pixels from here.
public final class FrameRenderer {
    public let pixmap: Pixmap
    public let canvas: Canvas

    public init?(widthPx: Int, heightPx: Int) {
        guard let p = Pixmap(width: widthPx, height: heightPx) else { return nil }
        pixmap = p
        canvas = Canvas(p.view)
    }

    /// A full redraw (damage-limited drawing is the renderer's job once layers land).
    public func draw(_ screen: Screen) {
        canvas.save()
        canvas.clear(screen.env.theme.palette.background)
        screen.draw(canvas)
        canvas.restore()
    }
}
