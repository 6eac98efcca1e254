import PanelRenderer

extension BottomDrawer {
    /// Under the whole screen: the card is drawn over it, so only its rounded top corners
    /// need the dimming kept out, which drawing order already gives.
    public var dimming: Color? {
        if position == .closed, !needsFrames, height <= 0 { return nil }
        let dim = dimmingAlpha
        return dim > 0 ? config.dimmingColor.withOpacity(dim) : nil
    }

    public func draw(_ canvas: Canvas, _ env: Environment) {
        if position == .closed, !needsFrames, height <= 0 { return }
        let theme = env.theme
        let mode = displayMode
        let card = drawnCardFrame
        let r = config.cornerRadius
        let radii = mode == .drawer
            ? CornerRadii(topLeft: r, topRight: r, bottomRight: 0, bottomLeft: 0)
            : CornerRadii(all: r)
        let shadowAlpha = config.shadowOpacity * theme.shadowStrength
        if shadowAlpha > 0 {
            canvas.drawShadow(roundedRect: card, radii: radii,
                              shadow: Shadow(color: theme.palette.shadow.withOpacity(shadowAlpha),
                                             blur: config.shadowRadius * 2, offset: config.shadowOffset))
        }
        canvas.fillRoundedRect(card, radii: radii, .solid(theme.palette.card))
        if config.showsGrabber {
            let pill = Rect(card.midX - 18, card.y + 6, 36, 5)
            canvas.fillRoundedRect(pill, radii: CornerRadii(all: 2.5), .solid(theme.palette.grabber))
        }
        guard let content else { return }
        canvas.save()
        let viewport = Rect(card.x, card.y + contentTopInset, card.width, max(0, card.maxY - card.y - contentTopInset))
        canvas.clip(to: viewport)
        canvas.translate(viewport.x, viewport.y)
        let size = Size(viewport.width, contentViewportHeight)
        if let fade = crossFade {
            let base = canvas.opacity
            canvas.opacity = base * (1 - fade.progress)
            fade.old.draw(canvas, size: size, scrollOffset: 0, env: env)
            canvas.opacity = base * fade.progress
        }
        content.draw(canvas, size: size, scrollOffset: scrollOffset, env: env)
        canvas.restore()
    }

    /// The card as drawn: its top on a whole pixel, its bottom where it is. A moving drawer
    /// then only ever moves by whole pixels, so its drawn body can be moved instead of
    /// repainted (`movingLayer`), and its edge never shimmers between two pixels.
    var drawnCardFrame: Rect {
        let card = cardFrame
        let scale = env.scale > 0 ? env.scale : 1
        let top = (card.y * scale).rounded() / scale
        return Rect(card.x, top, card.width, card.maxY - top)
    }

    /// The card's body below its rounded top corners, in the full-width drawer mode, while
    /// nothing but its position changes its pixels: no cross-fade, an opaque card (the
    /// dimming lies under it).
    public var movingLayer: MovingLayer? {
        guard let body = opaqueBlock else { return nil }
        let identity = content.map { ObjectIdentifier($0).hashValue } ?? 0
        return MovingLayer(opaque: body,
                           appearance: [drawRevision, Int(truncatingIfNeeded: scrollOffset.bitPattern), identity])
    }

    /// The card's body below its rounded top corners, on whole pixels: the moving layer's
    /// block, and what hides the layers under the drawer (asked for every layer of every
    /// repaint, so it builds no `MovingLayer` and allocates nothing).
    public var opaqueBlock: Rect? {
        guard displayMode == .drawer, crossFade == nil, height > 0,
              env.theme.palette.card.a == 255 else { return nil }
        let card = drawnCardFrame
        let scale = env.scale > 0 ? env.scale : 1
        // The first whole pixel row below the corners (and the grabber, which sits above them).
        let bodyTop = ((card.y + config.cornerRadius) * scale).rounded(.up) / scale
        guard card.maxY > bodyTop else { return nil }
        return Rect(card.x, bodyTop, card.width, card.maxY - bodyTop)
    }
}
