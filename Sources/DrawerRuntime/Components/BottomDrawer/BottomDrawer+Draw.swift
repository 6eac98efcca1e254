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
        if config.blur, let picture = blurredBackdrop {
            // Frosted (Pulley's material background): what lies beneath, blurred, with the
            // dimming over it as over everything beneath, then the card colour as a tint.
            canvas.save()
            canvas.clip(toRoundedRect: card, radii: radii)
            canvas.drawPixels(picture.view)
            if let dim = dimming { canvas.fillRect(card, .solid(dim)) }
            canvas.restore()
            canvas.fillRoundedRect(card, radii: radii, .solid(theme.palette.card.withOpacity(config.blurTint)))
        } else {
            canvas.fillRoundedRect(card, radii: radii, .solid(theme.palette.card))
        }
        if config.showsGrabber {
            let pill = Rect(card.midX - 18, card.y + 6, 36, 5)
            canvas.fillRoundedRect(pill, radii: CornerRadii(all: 2.5), .solid(theme.palette.grabber))
        }
        guard let content else { return }
        canvas.save()
        let viewport = Rect(card.x, card.y + contentTopInset, card.width, max(0, card.maxY - card.y - contentTopInset))
        // The content is cut to the card's rounded corners (Pulley masks its content with the
        // card's path), so a row's separator never runs past a corner. The shaped clip costs
        // a coverage mask: only where the viewport reaches into a corner.
        let reachesTop = viewport.y < card.y + radii.topLeft || viewport.y < card.y + radii.topRight
        let reachesBottom = radii.bottomLeft > 0 || radii.bottomRight > 0
        if reachesTop || reachesBottom { canvas.clip(toRoundedRect: card, radii: radii) }
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
        // A frosted card's pixels are the still picture beneath it: they do not move with it.
        guard !config.blur, let body = opaqueBlock else { return nil }
        return MovingLayer(opaque: body, appearance: .init(drawRevision: drawRevision, scrollOffset: scrollOffset,
                                                           content: content.map(ObjectIdentifier.init)))
    }

    /// The card's body below its rounded top corners, on whole pixels: the moving layer's
    /// block, and what hides the layers under the drawer (asked for every layer of every
    /// repaint, so it builds no `MovingLayer` and allocates nothing).
    public var opaqueBlock: Rect? {
        // A frosted card is opaque where its blurred picture is: over an opaque background.
        let opaque = config.blur ? env.theme.palette.background.a == 255 && blurredBackdrop != nil
            : env.theme.palette.card.a == 255
        guard displayMode == .drawer, crossFade == nil, height > 0, opaque else { return nil }
        let card = drawnCardFrame
        let scale = env.scale > 0 ? env.scale : 1
        // The first whole pixel row below the corners (and the grabber, which sits above them).
        let bodyTop = ((card.y + config.cornerRadius) * scale).rounded(.up) / scale
        guard card.maxY > bodyTop else { return nil }
        return Rect(card.x, bodyTop, card.width, card.maxY - bodyTop)
    }
}
