import PanelRenderer

extension Sheet {
    public var dimming: Color? {
        let dim = dimmingAlpha
        return dim > 0 ? config.dimmingColor.withOpacity(dim) : nil
    }

    public func draw(_ canvas: Canvas, _ env: Environment) {
        let theme = env.theme, pal = theme.palette
        let card = cardFrame
        let r = max(0, rules.cornerRadius(origin: origin)), b = max(0, rules.bottomCornerRadius(origin: origin))
        let radii = CornerRadii(topLeft: r, topRight: r, bottomRight: b, bottomLeft: b)
        let shadowAlpha = config.shadowOpacity * theme.shadowStrength
        if shadowAlpha > 0 {
            canvas.drawShadow(roundedRect: card, radii: radii,
                              shadow: Shadow(color: pal.shadow.withOpacity(shadowAlpha),
                                             blur: config.shadowRadius * 2, offset: config.shadowOffset))
        }
        canvas.fillRoundedRect(card, radii: radii, .solid(pal.card))

        canvas.save()
        canvas.clip(to: card)
        if b > 0 { canvas.clip(toRoundedRect: card, radii: radii) }   // a floating card's rounded bottom
        let visible = stack.visible
        for (i, item) in visible.enumerated() {
            // A sliding page covers the one beneath it, so it paints its own background.
            drawPage(item.page, offset: item.offset, covering: i > 0, in: card, canvas, env)
        }
        canvas.restore()

        if config.hasChevron {
            // 30 × 4, radius 2, 5 pt from the top, label colour at 20 % (sheets `setChevronEnabled`).
            canvas.fillRoundedRect(Rect(card.midX - 15, card.y + 5, 30, 4), radii: CornerRadii(all: 2),
                                   .solid(pal.text.withOpacity(0.2)))
        }
    }

    /// The card below its rounded top corners (at their largest radius, so the block does
    /// not depend on how far the corners are rounded now) and above a floating card's rounded
    /// bottom ones, while the card colour is opaque: the card is filled there edge to edge
    /// before the pages are drawn over it.
    public var opaqueBlock: Rect? {
        guard rules.env.theme.palette.card.a == 255 else { return nil }
        let card = cardFrame
        let top = card.y + max(0, config.cornerRadius)
        let bottom = card.maxY - (rules.bottomCornerRadius(origin: origin) > 0 ? max(0, config.cornerRadius) : 0)
        guard bottom > top, card.width > 0 else { return nil }
        return Rect(card.x, top, card.width, bottom - top)
    }

    private func drawPage(_ page: SheetPage, offset: Double, covering: Bool, in card: Rect,
                          _ canvas: Canvas, _ env: Environment) {
        let theme = env.theme, pal = theme.palette
        let top = card.y + rules.chromeTop + offset
        guard top < env.size.height else { return }
        if covering {
            // A soft shadow on the sliding page's top edge tells it apart from the page beneath.
            let page = Rect(card.x, top, card.width, card.maxY - top)
            if theme.shadowStrength > 0 {
                canvas.drawShadow(roundedRect: page, radii: CornerRadii(all: 0),
                                  shadow: Shadow(color: pal.shadow.withOpacity(0.12 * theme.shadowStrength),
                                                 blur: 12, offset: Point(0, -2)))
            }
            canvas.fillRect(page, .solid(pal.card))
            canvas.fillRect(Rect(card.x, top, card.width, 1), .solid(pal.separator))
        }
        let isPushed = page.id != machine.stack.bottom
        let header = config.headerHeight
        if let title = page.title {
            let pad = theme.spacing
            let reserve = isPushed ? 40.0 : 0
            // Aligned with the content, which a floating card centres when it is wider.
            let x = rules.contentX(origin: origin) + pad + (env.isRTL ? reserve : 0)
            titleText?.draw(title, in: canvas, at: Point(x, top + header / 2 + theme.titleSize * 0.35),
                                          sizePt: theme.titleSize, bold: true, color: pal.text,
                                          maxWidth: rules.contentWidth - 2 * pad - reserve, rtl: env.isRTL)
        }
        canvas.fillRect(Rect(card.x, top + header - 1, card.width, 1), .solid(pal.separator))
        if isPushed { drawCloseButton(top: top - rules.chromeTop, canvas, env) }
        guard let content = page.content else { return }
        canvas.save()
        let viewport = Rect(rules.contentX(origin: origin), top + header, rules.contentWidth, rules.contentViewportHeight)
        canvas.clip(to: viewport)
        canvas.translate(viewport.x, viewport.y)
        content.draw(canvas, size: Size(viewport.width, viewport.height), scrollOffset: page.scrollOffset, env: env)
        canvas.restore()
    }

    /// xmark.circle.fill look: a systemGray3 disc with the cross cut out in the card colour;
    /// or `closeImage` (sheets' `closeButtonImage`), fitted into the 30 × 30 pt button with
    /// its aspect kept, centred. A UIButton shows its image at the image's own point size; a
    /// PNG file has pixels, not points, so fitting it makes any file look right at any scale.
    private func drawCloseButton(top: Double, _ canvas: Canvas, _ env: Environment) {
        let pal = env.theme.palette
        let b = rules.closeButtonFrame(cardOrigin: top)
        if let image = closeImage, image.width > 0, image.height > 0 {
            let scale = min(b.width / Double(image.width), b.height / Double(image.height))
            let w = Double(image.width) * scale, h = Double(image.height) * scale
            canvas.drawImage(image, in: Rect(b.midX - w / 2, b.midY - h / 2, w, h))
            return
        }
        canvas.fill(.ellipse(in: b), .solid(pal.grabber))
        let c = Point(b.midX, b.midY), h = 5.0
        let style = StrokeStyle(width: 2.2, cap: .round)
        canvas.strokeLine(from: Point(c.x - h, c.y - h), to: Point(c.x + h, c.y + h), style, .solid(pal.card))
        canvas.strokeLine(from: Point(c.x - h, c.y + h), to: Point(c.x + h, c.y - h), style, .solid(pal.card))
    }
}
