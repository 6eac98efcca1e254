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
        screen.draw(canvas)
        canvas.restore()
    }

    /// Draws the screen inside `damage` (pixels), moving `move`'s rows (already drawn in the
    /// last frame, `DamageTracker.move`) instead of repainting them: the bands of `damage`
    /// above and below where they land are repainted. The pixels equal a repaint of all of
    /// `damage`: the moved rows are an opaque layer that only moved by whole pixels.
    public func draw(_ screen: Screen, damage: IntRect, moving move: RowMove) {
        let to = move.destination.intersection(damage)
        // Only whole rows of the damage are moved; anything else is repainted as usual.
        guard to == move.destination, to.x <= damage.x, to.maxX >= damage.maxX else {
            draw(screen, damage: damage)
            return
        }
        pixmap.view.scroll(move.source, dx: 0, dy: move.dy)
        let above = IntRect(x: damage.x, y: damage.y, width: damage.width, height: to.y - damage.y)
        let below = IntRect(x: damage.x, y: to.maxY, width: damage.width, height: damage.maxY - to.maxY)
        if !above.isEmpty { draw(screen, damage: above) }
        if !below.isEmpty { draw(screen, damage: below) }
    }
}
