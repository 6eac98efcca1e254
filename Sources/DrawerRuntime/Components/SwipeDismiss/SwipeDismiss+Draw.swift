import PanelRenderer

extension SwipeDismiss {
    public func draw(_ canvas: Canvas, _ env: Environment) {
        guard isPresented, offset < env.size.height else { return }
        let theme = env.theme, pal = theme.palette
        let card = cardFrame
        canvas.save()
        // The whole view fades by its offset (the article's alpha = (H − y) / H).
        canvas.opacity = alpha
        let r = config.cornerRadius
        if r > 0 {
            canvas.fillRoundedRect(card, radii: CornerRadii(topLeft: r, topRight: r, bottomRight: 0, bottomLeft: 0),
                                   .solid(pal.card))
        } else {
            canvas.fillRect(card, .solid(pal.card))
        }
        canvas.clip(to: card)
        let chrome = config.showsGrabber ? 14.0 : 0
        if config.showsGrabber {
            canvas.fillRoundedRect(Rect(card.midX - 18, card.y + 6, 36, 5), radii: CornerRadii(all: 2.5),
                                   .solid(pal.grabber))
        }
        let headerTop = card.y + chrome
        if let title {
            let pad = theme.spacing
            let reserve = config.showsCloseButton ? 44.0 : 0
            titleText?.draw(title, in: canvas, at: Point(card.x + pad + (env.isRTL ? reserve : 0),
                                                         headerTop + config.headerHeight / 2 + theme.titleSize * 0.35),
                            sizePt: theme.titleSize, bold: true, color: pal.text,
                            maxWidth: card.width - 2 * pad - reserve, rtl: env.isRTL)
        }
        if config.showsCloseButton {
            let b = closeButtonFrame
            canvas.fill(.ellipse(in: b), .solid(pal.grabber))
            let c = Point(b.midX, b.midY), h = 5.0
            let style = StrokeStyle(width: 2.2, cap: .round)
            canvas.strokeLine(from: Point(c.x - h, c.y - h), to: Point(c.x + h, c.y + h), style, .solid(pal.card))
            canvas.strokeLine(from: Point(c.x - h, c.y + h), to: Point(c.x + h, c.y - h), style, .solid(pal.card))
        }
        canvas.fillRect(Rect(card.x, headerTop + config.headerHeight - 1, card.width, 1), .solid(pal.separator))
        if let content {
            let viewport = Rect(card.x, card.y + contentTop, card.width, viewportHeight)
            canvas.clip(to: viewport)
            canvas.translate(viewport.x, viewport.y)
            content.draw(canvas, size: viewport.size, scrollOffset: scrollOffset, env: env)
        }
        canvas.restore()
    }
}
