import PanelRenderer

extension SideDrawer {
    public func draw(_ canvas: Canvas, _ env: Environment) {
        let d = drawingDirection
        if d != .none, distance > 0 { drawDrawer(canvas, env, d) }
        drawPane(canvas, env, d)
    }

    /// The drawer under the pane, with its direction's stylers applied.
    private func drawDrawer(_ canvas: Canvas, _ env: Environment, _ d: SideDrawerDirection) {
        guard let side = config.sides[d] else { return }
        let pal = env.theme.palette
        let f = closedFraction
        let extent = side.stylers.contains(.resize) ? rules.resizedExtent(distance: distance, d) : rules.reveal(d)
        let region = rules.drawerRegion(d, extent: extent)
        canvas.save()
        // Only the uncovered strip can show; clipping keeps the pane's area untouched.
        canvas.clip(to: env.bounds)
        if side.stylers.contains(.fade) { canvas.opacity = rules.fadeAlpha(closedFraction: f, d) }
        if side.stylers.contains(.parallax) {
            let o = rules.parallaxOffset(closedFraction: f, d)
            if d.isHorizontal { canvas.translate(o, 0) } else { canvas.translate(0, o) }
        }
        if side.stylers.contains(.scale) {
            // About the drawer view's centre (the whole container, as the reference's view).
            let s = rules.scale(closedFraction: f, d)
            let c = Point(env.size.width / 2, env.size.height / 2)
            canvas.concatenate(Transform.translation(-c.x, -c.y)
                .concatenating(.scale(s, s)).concatenating(.translation(c.x, c.y)))
        }
        // The drawer view covers the container like the reference's; its content sits in the region.
        canvas.fillRect(env.bounds.union(region), .solid(pal.drawer))
        let top = drawerContentTop(d)
        if let title = side.title, let text {
            text.draw(title, in: canvas, at: Point(region.x + 20, region.y + top / 2 + 7), sizePt: env.theme.titleSize + 3,
                      bold: true, color: pal.text, maxWidth: region.width - 40, rtl: env.isRTL)
        }
        if let content = drawerContent[d] {
            canvas.clip(to: Rect(region.x, region.y + top, region.width, max(0, region.height - top)))
            canvas.translate(region.x, region.y + top)
            content.draw(canvas, size: Size(region.width, region.height - top), scrollOffset: 0, env: env)
        }
        canvas.restore()
    }

    private func drawPane(_ canvas: Canvas, _ env: Environment, _ d: SideDrawerDirection) {
        let pal = env.theme.palette
        let frame = paneFrame
        if let side = config.sides[d], side.stylers.contains(.shadow), distance > 0 {
            let alpha = side.shadowOpacity * env.theme.shadowStrength
            if alpha > 0 {
                canvas.drawShadow(roundedRect: frame, radii: .zero,
                                  shadow: Shadow(color: (side.shadowColor ?? pal.shadow).withOpacity(alpha), blur: side.shadowRadius * 2,
                                                 offset: Point(side.shadowOffsetX, side.shadowOffsetY)))
            }
        }
        canvas.fillRect(frame, .solid(pal.pane))
        // Header: a menu glyph on the leading side and the page title.
        let h = config.paneHeaderHeight
        canvas.fillRect(Rect(frame.x, frame.y + h - 1, frame.width, 1), .solid(pal.separator))
        let glyphX = env.isRTL ? frame.maxX - 20 - 22 : frame.x + 20
        for i in 0..<3 {
            canvas.fillRoundedRect(Rect(glyphX, frame.y + h / 2 - 8 + Double(i) * 7, 22, 2.5),
                                   radii: CornerRadii(all: 1.25), .solid(pal.accent))
        }
        if let page = currentPage, let text {
            text.draw(page.title, in: canvas, at: Point(frame.x + 60, frame.y + h / 2 + 6), sizePt: env.theme.titleSize,
                      bold: true, color: pal.text, maxWidth: frame.width - 120, align: .center, rtl: env.isRTL)
        }
        guard let content = currentPage?.content else { return }
        canvas.save()
        let viewport = Rect(frame.x, frame.y + h, frame.width, frame.height - h)
        canvas.clip(to: viewport)
        canvas.translate(viewport.x, viewport.y)
        content.draw(canvas, size: viewport.size, scrollOffset: paneScroll, env: env)
        canvas.restore()
    }
}
