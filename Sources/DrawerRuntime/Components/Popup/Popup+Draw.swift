import PanelRenderer

extension Popup {
    public func draw(_ canvas: Canvas, _ env: Environment) {
        if popupState == .hidden, case .idle = phase { return }
        if percent > 0 { drawPage(canvas, env) }
        // The bar fades out as the popup opens and is gone when open (docs/components.md,
        // Popup bar PB9).
        let alpha = 1 - percent
        guard alpha > 0.001 else { return }
        canvas.save()
        canvas.opacity = alpha
        drawBar(canvas, env)
        canvas.restore()
    }

    // MARK: Bar

    private func drawBar(_ canvas: Canvas, _ env: Environment) {
        let pal = env.theme.palette
        let look = config.appearance
        let bar = barFrame
        let card = cardFrame
        let radius = cardCornerRadius
        // The appearance's fill, or the theme's; a frosted bar shows what lies beneath,
        // blurred, through its fill (PB30).
        var fill = look.backgroundColor ?? pal.barBackground
        let frosted = look.frosted == true
        if frosted { fill = fill.withOpacity(PopupBarAppearance.frostedOpacity) }
        if config.barStyle.isFloating || minimizeFraction > 0 {
            let shadow = look.shadow ?? PopupBarShadow(color: pal.shadow.withOpacity(config.floatingShadowOpacity),
                                                       blur: config.floatingShadowBlur, offset: config.floatingShadowOffset)
            let color = shadow.color.withOpacity(env.theme.shadowStrength)
            if color.a > 0, config.barStyle.isFloating || look.shadow != nil {
                canvas.drawShadow(roundedRect: card, radii: CornerRadii(all: radius),
                                  shadow: Shadow(color: color, blur: shadow.blur, offset: shadow.offset))
            }
            if frosted, let picture = blurredBackdrop {
                canvas.save()
                canvas.clip(toRoundedRect: card, radii: CornerRadii(all: radius))
                canvas.drawPixels(picture.view)
                canvas.restore()
            }
            canvas.fillRoundedRect(card, radii: CornerRadii(all: radius), .solid(fill))
        } else {
            let area = Rect(bar.x, bar.y, bar.width, bar.height + env.safeArea.bottom)
            if frosted, let picture = blurredBackdrop {
                canvas.save()
                canvas.clip(to: area)
                canvas.drawPixels(picture.view)
                canvas.restore()
            }
            canvas.fillRect(area, .solid(fill))
            canvas.fillRect(Rect(bar.x, bar.y, bar.width, 1), .solid(pal.separator))
        }
        let l = barLayout(card: card)
        // Press feedback (LNPopupController's bar highlight; kiosks have no haptics:
        // docs/components.md, Popup bar PB10): the whole bar, or the pressed button's circle.
        // Dark: white 10 %; light: grey 20 %.
        let highlight = env.theme.name == "dark" ? Color.white.withOpacity(0.10) : Color(rgb: 0xAEAEB2).withOpacity(0.20)
        switch phase {
        case .pressedBar:
            canvas.fillRoundedRect(card, radii: CornerRadii(all: radius), .solid(highlight))
        case .pressedButton(let i, _):
            let b = l.buttons[i]
            let d = min(b.width, b.height) - 4
            canvas.fill(Path.ellipse(in: Rect(b.midX - d / 2, b.midY - d / 2, d, d)), .solid(highlight))
        case .idle, .sliding, .transitioning, .presentingOpen, .pressedCloseButton, .waitingToOpen, .draggingOpen, .pressedContent,
             .scrolling, .draggingClosed, .snapClosing, .paging, .pageSettling, .ignoring:
            break                                          // no part of the bar is held
        }
        drawArtwork(canvas, l.image, radius: min(6, l.image.height / 2), pal)
        drawTitles(canvas, env, l.titles)
        // The buttons (and the progress line) fade away as the bar shrinks to its pill.
        let full = 1 - minimizeFraction
        if full > 0.001 {
            canvas.save()
            canvas.opacity *= full
            let tint = look.titleColor ?? pal.text
            for (i, b) in buttons.enumerated() {
                let r = l.buttons[i]
                PopupGlyphs.draw(shownButton(b), in: canvas, center: Point(r.midX, r.midY), size: 18, color: tint)
            }
            canvas.restore()
        }
        if minimizeFraction == 0, let track = rules.progressFrame(in: card) {
            canvas.fillRect(track, .solid(pal.progressTrack))
            let w = track.width * progress
            let fill = env.isRTL ? Rect(track.maxX - w, track.y, w, track.height) : Rect(track.x, track.y, w, track.height)
            canvas.fillRect(fill, .solid(pal.accent))
        }
    }

    private func drawArtwork(_ canvas: Canvas, _ r: Rect, radius: Double, _ pal: Theme.Palette) {
        if let artwork {
            canvas.save()
            canvas.clip(toRoundedRect: r, radii: CornerRadii(all: radius))
            canvas.drawImage(artwork, in: r)
            canvas.restore()
        } else {
            canvas.fillRoundedRect(r, radii: CornerRadii(all: radius), .solid(pal.imagePlaceholder))
            // A note glyph so the placeholder reads as "music".
            let c = Point(r.midX, r.midY)
            let s = r.height / 40
            canvas.fill(Path.ellipse(in: Rect(c.x - 8 * s, c.y + 3 * s, 9 * s, 7 * s)), .solid(pal.card))
            canvas.fillRect(Rect(c.x - 0.5 * s, c.y - 10 * s, 2.2 * s, 17 * s), .solid(pal.card))
            canvas.fillRect(Rect(c.x - 0.5 * s, c.y - 10 * s, 8 * s, 3 * s), .solid(pal.card))
        }
    }

    /// The titles, clipped to their rect; while paging, shifted with the finger and the
    /// neighbouring item alongside (docs/components.md, Popup bar PB21).
    private func drawTitles(_ canvas: Canvas, _ env: Environment, _ r: Rect) {
        canvas.save()
        canvas.clip(to: r)
        let sign = env.isRTL ? -1.0 : 1.0
        canvas.translate(sign * pageOffset, 0)
        drawTitleLines(canvas, env, r, title: title, subtitle: subtitle, marqueeOn: config.marquee && pageOffset == 0)
        if pageOffset != 0 {
            let step = pageOffset < 0 ? 1 : -1
            if config.items.indices.contains(itemIndex + step) {
                let item = config.items[itemIndex + step]
                canvas.translate(sign * Double(step) * (r.width + config.pageSpacing), 0)
                drawTitleLines(canvas, env, r, title: item.title, subtitle: item.subtitle, marqueeOn: false)
            }
        }
        canvas.restore()
    }

    /// Title over subtitle; with the marquee on and a text too wide, it scrolls (two copies
    /// 50 pt apart) inside a clip with 10 pt fades; otherwise it ends in an ellipsis.
    private func drawTitleLines(_ canvas: Canvas, _ env: Environment, _ r: Rect,
                                title: String, subtitle: String, marqueeOn: Bool) {
        guard let text, r.width > 0 else { return }
        let pal = env.theme.palette
        let tf = config.titleFont, sf = config.subtitleFont
        // The minimized pill shows the title only (PB31).
        let subtitle = minimizeFraction > 0.5 ? "" : subtitle
        let hasSub = !subtitle.isEmpty
        let titleBase = hasSub ? r.midY - 1 : r.midY + tf.size * 0.35
        let subBase = r.midY + sf.size + 1
        let offsets = marqueeOn ? marqueeOffsets() : [0, 0]
        let widths = marqueeOn ? titleWidths : [0, 0]
        let gap = max(config.marqueeGap, config.marqueeFade)
        let lines: [(String, Double, (size: Double, bold: Bool), Color)] = [
            (title, titleBase, tf, config.appearance.titleColor ?? pal.text),
            (subtitle, subBase, sf, config.appearance.subtitleColor ?? pal.secondaryText),
        ]
        for (i, line) in lines.enumerated() where !line.0.isEmpty {
            if marqueeOn, widths[i] > r.width {
                canvas.save()
                canvas.clip(to: Rect(r.x, r.y, r.width, r.height))
                let o = offsets[i]
                for copy in 0..<2 {
                    let shift = Double(copy) * (widths[i] + gap) - o
                    let x = env.isRTL ? r.maxX - widths[i] - shift : r.x + shift
                    text.draw(line.0, in: canvas, at: Point(x, line.1), sizePt: line.2.size, bold: line.2.bold, color: line.3)
                }
                canvas.restore()
            } else {
                text.draw(line.0, in: canvas, at: Point(r.x, line.1), sizePt: line.2.size, bold: line.2.bold,
                          color: line.3, maxWidth: r.width, rtl: env.isRTL)
            }
        }
        guard marqueeOn else { return }
        // Edge fades per scrolling line (MarqueeLabel fades each label): the trailing edge
        // always, the leading edge only while that line is away from home.
        let f = config.marqueeFade
        let bg = config.appearance.backgroundColor ?? env.theme.palette.barBackground
        let clear = bg.withOpacity(0)
        for (i, line) in lines.enumerated() where widths[i] > r.width && !line.0.isEmpty {
            let band = Rect(r.x, line.1 - line.2.size, r.width, line.2.size * 1.35)
            let leading = offsets[i] > 0
            let edges: [(x: Double, fadesIn: Bool, on: Bool)] = [
                (band.x, false, env.isRTL ? true : leading), (band.maxX - f, true, env.isRTL ? leading : true),
            ]
            for e in edges where e.on {
                let stops = e.fadesIn ? [GradientStop(offset: 0, color: clear), GradientStop(offset: 1, color: bg)]
                                      : [GradientStop(offset: 0, color: bg), GradientStop(offset: 1, color: clear)]
                canvas.fillRect(Rect(e.x, band.y, f, band.height),
                                .linearGradient(start: Point(e.x, 0), end: Point(e.x + f, 0), stops: stops))
            }
        }
    }

    // MARK: Open page

    private func drawPage(_ canvas: Canvas, _ env: Environment) {
        let pal = env.theme.palette
        let top = pageTop
        let w = env.size.width
        let page = Rect(0, top, w, env.size.height - top)
        canvas.save()
        canvas.clip(to: env.bounds)
        // Rounded top corners while it moves, square when fully open.
        let r = percent < 1 ? 10.0 : 0
        canvas.fillRoundedRect(Rect(0, top, w, max(env.size.height - top, 0) + r),
                               radii: CornerRadii(topLeft: r, topRight: r, bottomRight: 0, bottomLeft: 0), .solid(pal.card))
        drawCloseButton(canvas, pal)
        // Header: artwork, title, subtitle, progress, transport controls.
        let art = mirrored(Rect(24, top + headerTop, 120, 120), in: env.bounds)
        drawArtwork(canvas, art, radius: 12, pal)
        let textX = 168.0, textW = w - textX - 24
        let textRect = mirrored(Rect(textX, top, textW, 10), in: env.bounds)
        text?.draw(title, in: canvas, at: Point(textRect.x, top + headerTop + 30), sizePt: 22, bold: true,
                   color: pal.text, maxWidth: textW, rtl: env.isRTL)
        text?.draw(subtitle, in: canvas, at: Point(textRect.x, top + headerTop + 56), sizePt: 17,
                   color: pal.secondaryText, maxWidth: textW, rtl: env.isRTL)
        let track = Rect(textRect.x, top + headerTop + 72, textW, 4)
        canvas.fillRoundedRect(track, radii: CornerRadii(all: 2), .solid(pal.progressTrack))
        let fw = textW * progress
        let fill = env.isRTL ? Rect(track.maxX - fw, track.y, fw, 4) : Rect(track.x, track.y, fw, 4)
        canvas.fillRoundedRect(fill, radii: CornerRadii(all: 2), .solid(pal.accent))
        // Transport controls are media controls: never mirrored (docs/components.md, Popup bar
        // PB22).
        let glyphs: [PopupBarButton] = [.previous, playing ? .pause : .play, .next]
        let group = mirrored(Rect(textX, top + headerTop + 84, 180, 36), in: env.bounds)
        for (i, g) in glyphs.enumerated() {
            PopupGlyphs.draw(g, in: canvas, center: Point(group.x + 30 + Double(i) * 60, group.midY), size: 24, color: pal.text)
        }
        canvas.fillRect(Rect(0, top + contentTop - 1, w, 1), .solid(pal.separator))
        if let content {
            let viewport = Rect(0, top + contentTop, w, contentViewportHeight)
            canvas.clip(to: viewport.intersection(page))
            canvas.translate(0, viewport.y)
            content.draw(canvas, size: viewport.size, scrollOffset: scrollOffset, env: env)
        }
        canvas.restore()
    }

    /// Chevron (flattens while the popup is dragged), grabber, round or none
    /// (docs/components.md, Popup bar PB19).
    private func drawCloseButton(_ canvas: Canvas, _ pal: Theme.Palette) {
        let f = closeButtonFrame
        let c = Point(f.midX, f.midY)
        switch config.closeButtonStyle {
        case .chevron:
            let bend = isDragging ? 0.0 : 5.0
            var p = Path()
            p.moveTo(Point(c.x - 16, c.y - bend / 2))
            p.lineTo(Point(c.x, c.y + bend / 2))
            p.lineTo(Point(c.x + 16, c.y - bend / 2))
            canvas.stroke(p, StrokeStyle(width: 5, cap: .round, join: .round), .solid(pal.grabber))
        case .grabber:
            canvas.fillRoundedRect(Rect(c.x - 18, c.y - 2.5, 36, 5), radii: CornerRadii(all: 2.5), .solid(pal.grabber))
        case .round:
            canvas.drawShadow(roundedRect: f, radii: CornerRadii(all: 12),
                              shadow: Shadow(color: pal.shadow.withOpacity(0.15), blur: 4, offset: .zero))
            canvas.fill(Path.ellipse(in: f), .solid(pal.separator))
            PopupGlyphs.draw(.close, in: canvas, center: c, size: 10, color: pal.secondaryText)
        case .none:
            break
        }
    }
}
