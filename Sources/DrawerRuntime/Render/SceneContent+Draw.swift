import PanelRenderer

/// How each laid-out item of a `SceneContent` is painted with the theme.
extension SceneContent {
    /// Horizontal room a button keeps between its pill's edges and its title (points).
    static let buttonTitleInset = 16.0

    /// An item shown pressed while a finger holds it, as UIKit highlights: a button's pill
    /// darkens (black 18 % over it, clear on any accent and theme); a row gets the text
    /// colour at 12 % under its text (grey on light themes, lighter grey on dark).
    func draw(_ item: LayoutItem, pressed: Bool, _ canvas: Canvas, _ env: Environment) {
        guard pressed else { draw(item, canvas, env); return }
        if case .node(.button) = item.content {
            draw(item, canvas, env)
            let pill = item.frame.inset(by: item.style.padding)
            canvas.fillRoundedRect(pill, radii: CornerRadii(all: min(pill.height, pill.width) / 2),
                                   .solid(Color.black.withOpacity(0.18)))
        } else {
            canvas.fillRoundedRect(item.frame, radii: CornerRadii(all: item.style.cornerRadius),
                                   .solid(env.theme.palette.text.withOpacity(0.12)))
            draw(item, canvas, env)
        }
    }

    func draw(_ item: LayoutItem, _ canvas: Canvas, _ env: Environment) {
        let pal = env.theme.palette
        if let bg = item.style.background {
            canvas.fillRoundedRect(item.frame, radii: CornerRadii(all: item.style.cornerRadius), .solid(bg))
        }
        let inner = item.frame.inset(by: item.style.padding)
        switch item.content {
        case .node(.label(let spec)):
            drawLabel(spec, item, inner, canvas, pal)
        case .node(.button(let spec)):
            drawButton(spec, style: appearance.buttonStyle(item.path), inner, canvas, pal)
        case .node(.progressBar(let value)):
            let r = CornerRadii(all: inner.height / 2)
            canvas.fillRoundedRect(inner, radii: r, .solid(pal.progressTrack))
            let fill = ProgressGeometry.fillRect(inner, value: value, direction: sceneLayout.direction)
            if fill.width > 0 { canvas.fillRoundedRect(fill, radii: r, .solid(pal.accent)) }
        case .node(.image(let spec)):
            drawImage(path: spec.path, mode: spec.contentMode, natural: naturalPixelSize(spec), in: inner,
                      cornerRadius: item.style.cornerRadius, canvas, pal)
        case .listRow(let row, _):
            drawRow(row, item.frame, canvas, env)
        case .node(.stack), .node(.list), .node(.scrollView), .node(.spacer):
            break  // containers and space: only their background
        }
    }

    // MARK: Text

    /// Draws `layout` (px) with its box's top-left at `topLeft` (points, canvas space).
    func draw(_ layout: TextLayout, at topLeft: Point, color: Color, _ canvas: Canvas) {
        guard canvas.opacity > 0 else { return }
        let device = canvas.transform.apply(topLeft)
        layout.draw(into: canvas.target, origin: device, color: color.withOpacity(canvas.opacity),
                    clip: canvas.deviceClip)
    }

    func drawLabel(_ spec: LabelSpec, _ item: LayoutItem, _ inner: Rect, _ canvas: Canvas, _ pal: Theme.Palette) {
        guard !spec.text.isEmpty else { return }
        let align: TextAlignment
        switch item.textAlignment ?? .left {
        case .center: align = .center
        case .right: align = .right
        default: align = .left
        }
        let layout = measurer.layout(spec.text, sizePt: spec.fontSize, bold: spec.bold, maxWidth: inner.width,
                                     maxLines: spec.maxLines, alignment: align)
        let height = layout.height / measurer.scale
        // Centred when the frame is taller than the text (a label stretched across a row).
        let y = inner.minY + max(0, (inner.height - height) / 2)
        draw(layout, at: Point(inner.minX, y), color: appearance.labelColor(item.path, spec: spec.color, palette: pal), canvas)
    }

    // MARK: Controls

    func drawButton(_ spec: ButtonSpec, style: SceneAppearance.ButtonStyle, _ pill: Rect, _ canvas: Canvas,
                    _ pal: Theme.Palette) {
        let radii = CornerRadii(all: min(pill.height, pill.width) / 2)
        let fill: Color, titleColor: Color
        switch style {
        case .filled: fill = pal.accent; titleColor = .white
        case .tinted: fill = pal.accent.withOpacity(0.15); titleColor = pal.accent
        }
        canvas.fillRoundedRect(pill, radii: radii, .solid(fill))
        let inset = min(Self.buttonTitleInset, pill.width / 4)
        let room = Rect(pill.minX + inset, pill.minY, max(0, pill.width - 2 * inset), pill.height)
        let layout = measurer.layout(spec.title, sizePt: spec.fontSize, bold: false, maxWidth: room.width,
                                     maxLines: 1, alignment: .center)
        let m = layout.metrics, s = measurer.scale
        draw(layout, at: Point(room.minX, room.midY - (m.ascent + m.descent) / s / 2), color: titleColor, canvas)
    }

    // MARK: Images

    /// Draws the PNG at `path` into `frame` by `mode`, resampled once to its device-pixel size
    /// (cached); a placeholder when it cannot be read.
    func drawImage(path: String, mode: ContentMode, natural: Size?, in frame: Rect, cornerRadius: Double,
                   _ canvas: Canvas, _ pal: Theme.Palette) {
        guard !frame.isEmpty else { return }
        let radii = CornerRadii(all: cornerRadius)
        guard let natural else {
            canvas.fillRoundedRect(frame, radii: radii, .solid(pal.imagePlaceholder))
            return
        }
        let rect = snapped(mode.drawRect(natural: natural, in: frame), canvas)
        let s = measurer.scale
        let w = max(1, Int((rect.width * s).rounded())), h = max(1, Int((rect.height * s).rounded()))
        guard let pixmap = try? images.image(path: path, width: w, height: h) else {
            canvas.fillRoundedRect(frame, radii: radii, .solid(pal.imagePlaceholder))
            return
        }
        canvas.save()
        if cornerRadius > 0 { canvas.clip(toRoundedRect: frame, radii: radii) } else { canvas.clip(to: snapped(frame, canvas)) }
        canvas.drawImage(pixmap, in: rect)
        canvas.restore()
    }

    // MARK: List rows

    /// One list row, drawn as `ListContent` draws its rows: icon, title, optional subtitle,
    /// separator, mirrored in right-to-left layouts.
    func drawRow(_ row: ListRow, _ frame: Rect, _ canvas: Canvas, _ env: Environment) {
        let theme = env.theme, pal = theme.palette
        let rtl = sceneLayout.direction == .rightToLeft
        let pad = theme.spacing, h = frame.height
        var lead = pad
        if let icon = row.icon {
            let side = max(0, h - 16)
            let r = rtl ? Rect(frame.maxX - pad - side, frame.minY + 8, side, side) : Rect(frame.minX + pad, frame.minY + 8, side, side)
            drawImage(path: icon, mode: .fit, natural: naturalPixelSize(ImageSpec(path: icon)), in: r,
                      cornerRadius: 0, canvas, pal)
            lead += side + 12
        }
        let textWidth = max(0, frame.width - lead - pad)
        let x = rtl ? frame.minX + pad : frame.minX + lead
        let align: TextAlignment = rtl ? .right : .left
        let title = measurer.layout(row.title, sizePt: theme.bodySize, bold: false, maxWidth: textWidth, maxLines: 1,
                                    alignment: align)
        let s = measurer.scale
        if let sub = row.subtitle {
            let baseline = frame.minY + h * 0.45
            draw(title, at: Point(x, baseline - title.firstBaseline / s), color: pal.text, canvas)
            let subtitle = measurer.layout(sub, sizePt: theme.captionSize, bold: false, maxWidth: textWidth,
                                           maxLines: 1, alignment: align)
            let subBaseline = baseline + theme.captionSize + 4
            draw(subtitle, at: Point(x, subBaseline - subtitle.firstBaseline / s), color: pal.secondaryText, canvas)
        } else {
            let baseline = frame.minY + h / 2 + theme.bodySize * 0.35
            draw(title, at: Point(x, baseline - title.firstBaseline / s), color: pal.text, canvas)
        }
        let sepX = rtl ? frame.minX : frame.minX + lead
        canvas.fillRect(Rect(sepX, frame.maxY - 1, frame.width - lead, 1), .solid(pal.separator))
    }

    // MARK: Scroll indicators

    /// A thin thumb along each scroll view whose content overflows, over its content.
    func drawScrollIndicators(_ canvas: Canvas, _ env: Environment) {
        let color = env.theme.palette.text.withOpacity(0.35)
        let thickness = 3.0, inset = 3.0
        let rtl = sceneLayout.direction == .rightToLeft
        for item in sceneLayout.items {
            guard case .node(.scrollView(let axis)) = item.content, let content = item.contentSize,
                  let maxOffset = item.maxScrollOffset, maxOffset > 0 else { continue }
            let viewport = item.frame.inset(by: item.style.padding)
            let offset = min(max(item.id.flatMap { scrollOffsets[$0] } ?? 0, 0), maxOffset)
            let bar: Rect
            if axis == .vertical {
                guard let t = ScrollIndicatorGeometry.thumb(viewport: viewport.height, content: content.height,
                                                            offset: offset, inset: inset) else { continue }
                let x = rtl ? viewport.minX + inset : viewport.maxX - inset - thickness
                bar = Rect(x, viewport.minY + t.start, thickness, t.length)
            } else {
                // In right-to-left layouts the offset grows leftward from the right edge.
                guard let t = ScrollIndicatorGeometry.thumb(viewport: viewport.width, content: content.width,
                                                            offset: offset, inset: inset) else { continue }
                let x = rtl ? viewport.maxX - t.start - t.length : viewport.minX + t.start
                bar = Rect(x, viewport.maxY - inset - thickness, t.length, thickness)
            }
            canvas.save()
            if let clip = item.clip { canvas.clip(to: snapped(clip, canvas)) }
            canvas.fillRoundedRect(bar, radii: CornerRadii(all: thickness / 2), .solid(color))
            canvas.restore()
        }
    }
}
