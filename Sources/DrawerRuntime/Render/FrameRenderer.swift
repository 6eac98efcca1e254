import PanelRenderer

/// Owns one frame buffer in normal memory and draws a screen into it. Outputs (PNG files,
/// DRM scanout) take the pixels from here.
///
/// Frames of a moving screen (`draw(_:damage:moving:unchangedLayers:)`) also keep a
/// backdrop: the picture of the layers beneath the ones that change (the background and the
/// components under a dragged drawer), drawn once into a buffer of their own. While those
/// layers stay as they are, a frame copies the backdrop's rows in, laying the next layer's
/// dimming over them as it copies, instead of drawing the background, its content and the
/// components under the drawer and then the dimming again. Above partial, where the dimming
/// changes with every step of a drag, that was everything above the card, every frame.
public final class FrameRenderer {
    public let pixmap: Pixmap
    public let canvas: Canvas
    private var backdrop: Backdrop?
    /// Frames drawn over the backdrop since the start (tests, statistics).
    public private(set) var framesOverBackdrop = 0

    public init?(widthPx: Int, heightPx: Int) {
        guard let p = Pixmap(width: widthPx, height: heightPx) else { return nil }
        pixmap = p
        canvas = Canvas(p.view)
    }

    /// Draws the screen, everything or only inside `damage` (pixels): every layer is drawn
    /// through the clip, so what lies under a moved card is painted again correctly.
    public func draw(_ screen: Screen, damage: IntRect? = nil) {
        draw(screen, damage: damage, over: nil)
    }

    /// Draws the screen inside `damage` (pixels), moving `move`'s rows (already drawn in the
    /// last frame, `DamageTracker.move`) instead of repainting them: the bands of `damage`
    /// above and below where they land are repainted. The pixels equal a repaint of all of
    /// `damage`: the moved rows are an opaque layer that only moved by whole pixels.
    public func draw(_ screen: Screen, damage: IntRect, moving move: RowMove) {
        draw(screen, damage: damage, moving: move, over: nil)
    }

    /// A frame of a screen drawn into this buffer frame after frame, as the loop draws it:
    /// `damage` (pixels, nil: everything) repainted, `move`'s rows moved, and the bottom
    /// `unchangedLayers` layers (`DamageTracker.unchangedLayers`: background first, then the
    /// components in z-order, unchanged since the last frame) copied from the backdrop where
    /// they show. Call it for every frame right after `DamageTracker.damage(of:everything:extra:)`
    /// with its results: a change of the screen that reaches no `damage` call (content whose
    /// damage was dropped) would leave the backdrop stale.
    public func draw(_ screen: Screen, damage: IntRect?, moving move: RowMove?, unchangedLayers: Int) {
        let backdrop = updateBackdrop(for: screen, unchangedLayers: unchangedLayers)
        if backdrop != nil, unchangedLayers < screen.layerCount { framesOverBackdrop += 1 }
        if let move { draw(screen, damage: damage ?? pixmap.bounds, moving: move, over: backdrop) } else {
            draw(screen, damage: damage, over: backdrop)
        }
    }

    private func draw(_ screen: Screen, damage: IntRect, moving move: RowMove, over backdrop: Backdrop?) {
        let to = move.destination.intersection(damage)
        // Only whole rows of the damage are moved; anything else is repainted as usual.
        guard to == move.destination, to.x <= damage.x, to.maxX >= damage.maxX else {
            draw(screen, damage: damage, over: backdrop)
            return
        }
        pixmap.view.scroll(move.source, dx: 0, dy: move.dy)
        let above = IntRect(x: damage.x, y: damage.y, width: damage.width, height: to.y - damage.y)
        let below = IntRect(x: damage.x, y: to.maxY, width: damage.width, height: damage.maxY - to.maxY)
        if !above.isEmpty { draw(screen, damage: above, over: backdrop) }
        if !below.isEmpty { draw(screen, damage: below, over: backdrop) }
    }

    private func draw(_ screen: Screen, damage: IntRect?, over backdrop: Backdrop?) {
        canvas.save()
        defer { canvas.restore() }
        if let damage {
            guard !damage.isEmpty else { return }
            canvas.clip(to: damage.rect)
        }
        guard let backdrop else { screen.draw(canvas); return }
        let n = backdrop.layers
        // The backdrop's layers show above the first row a layer above them hides (the rows
        // below lie under an opaque card that paints every pixel of them).
        let clip = canvas.deviceClip.intersection(pixmap.bounds)
        let shown = screen.firstHiddenRow(under: n - 1, in: pixmap.bounds)
        let rows = IntRect(x: clip.x, y: clip.y, width: clip.width, height: max(0, min(clip.maxY, shown) - clip.y))
        var dimmingLaid = false
        if !rows.isEmpty {
            backdrop.ensureRows(rows.y..<rows.maxY, of: screen)
            canvas.save()
            canvas.clip(toDevice: rows)
            let dimming = n < screen.layerCount ? screen.components[n - 1].dimming : nil
            if let dimming {
                canvas.transform = .scale(screen.env.scale, screen.env.scale)
                dimmingLaid = canvas.fillRect(screen.env.bounds, dimming, over: backdrop.pixmap.view)
            }
            if !dimmingLaid {
                pixmap.view.copy(from: backdrop.pixmap.view.subview(rows), to: (rows.x, rows.y))
                dimmingLaid = dimming == nil
            }
            canvas.restore()
        }
        // With no rows to copy, the dimming of the layer above is laid as usual: it is
        // drawn under that layer's card, which covers it.
        screen.draw(canvas, layers: n..<screen.layerCount, hiddenBy: screen.components.count,
                    dimmingLaid: dimmingLaid && !rows.isEmpty)
    }

    /// The backdrop for this frame, or nil: kept while its layers stay unchanged; made anew
    /// (its buffer kept) with as many layers as stayed unchanged when that changes.
    private func updateBackdrop(for screen: Screen, unchangedLayers u: Int) -> Backdrop? {
        let id = ObjectIdentifier(screen)
        // Nothing changed: nothing is drawn, the backdrop stays what it was.
        if u >= screen.layerCount { return backdrop?.screen == id ? backdrop : nil }
        guard u >= 1 else { backdrop?.invalidate(); return nil }
        if let b = backdrop, b.screen == id, b.layers == u { return b }
        if backdrop == nil {
            guard let b = Backdrop(width: pixmap.width, height: pixmap.height) else { return nil }
            backdrop = b
        }
        backdrop?.reset(screen: id, layers: u)
        return backdrop
    }
}

/// The kept picture of a screen's bottom `layers` layers, drawn row band by row band as
/// frames need them. Every row of a band is drawn whole, also where a card above those
/// layers hides it now (the band joins the rows a frame asks for to the ones drawn before,
/// and the card may move off any of them later): only the band's own layers hide rows.
private final class Backdrop {
    let pixmap: Pixmap
    let canvas: Canvas
    private(set) var screen: ObjectIdentifier?
    private(set) var layers = 0
    /// The rows drawn so far (all columns), one band.
    private var drawn = 0..<0

    init?(width: Int, height: Int) {
        guard let p = Pixmap(width: width, height: height) else { return nil }
        pixmap = p
        canvas = Canvas(p.view)
    }

    func reset(screen: ObjectIdentifier, layers: Int) {
        self.screen = screen
        self.layers = layers
        drawn = 0..<0
    }

    func invalidate() { screen = nil; layers = 0; drawn = 0..<0 }

    /// Draws what of `rows` is not drawn yet, keeping the drawn rows one band.
    func ensureRows(_ rows: Range<Int>, of screen: Screen) {
        if drawn.isEmpty {
            draw(rows, of: screen)
            drawn = rows
            return
        }
        if rows.lowerBound < drawn.lowerBound { draw(rows.lowerBound..<drawn.lowerBound, of: screen) }
        if rows.upperBound > drawn.upperBound { draw(drawn.upperBound..<rows.upperBound, of: screen) }
        drawn = min(rows.lowerBound, drawn.lowerBound)..<max(rows.upperBound, drawn.upperBound)
    }

    private func draw(_ rows: Range<Int>, of screen: Screen) {
        guard !rows.isEmpty else { return }
        canvas.save()
        canvas.clip(toDevice: IntRect(x: 0, y: rows.lowerBound, width: pixmap.width, height: rows.count))
        screen.draw(canvas, layers: 0..<layers, hiddenBy: layers - 1)
        canvas.restore()
    }
}
