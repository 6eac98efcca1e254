import PanelRenderer

extension BottomDrawer {
    public func draw(_ canvas: Canvas, _ env: Environment) {
        if position == .closed, !needsFrames, height <= 0 { return }
        let theme = env.theme
        let mode = displayMode
        let card = cardFrame
        let r = config.cornerRadius
        // Dimming masked around the card: the card is drawn over it, so only its rounded
        // top corners need the dimming kept out, which drawing order already gives.
        let dim = dimmingAlpha
        if dim > 0 {
            canvas.fillRect(env.bounds, .solid(config.dimmingColor.withOpacity(dim)))
        }
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
        content.draw(canvas, size: Size(viewport.width, contentViewportHeight), scrollOffset: scrollOffset, env: env)
        canvas.restore()
    }
}
