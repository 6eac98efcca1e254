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

    /// Draws the screen, everything or only inside `damage` (pixels): every layer is drawn
    /// through the clip, so what lies under a moved card is painted again correctly.
    public func draw(_ screen: Screen, damage: IntRect? = nil) {
        canvas.save()
        if let damage {
            guard !damage.isEmpty else { canvas.restore(); return }
            canvas.clip(to: damage.rect)
        }
        canvas.clear(screen.env.theme.palette.background)
        screen.draw(canvas)
        canvas.restore()
    }
}
