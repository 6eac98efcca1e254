extension TextLayout {
    /// Draws every line with solid `color`, SrcOver, the box's top-left at `origin` (device
    /// px). Baselines are rounded to whole pixels; glyph x positions to quarter pixels when
    /// `style.subpixelPositioning`, else to whole pixels (floor(x + 0.5)). Overlapping glyph
    /// coverage is summed before blending, as in `drawText`.
    /// Allocates only when a glyph/sub-pixel position is rasterized for the first time.
    public func draw(into view: PixmapView, origin: Point, color: Color, clip: IntRect? = nil) {
        var clipRect = view.bounds
        if let clip { clipRect = clipRect.intersection(clip) }
        guard !clipRect.isEmpty, color.a > 0, let size64 = TextRounding.size64(style.sizePx) else { return }
        let face = style.face
        let paint = face.paintTable.paint(color)
        for (i, line) in lines.enumerated() {
            let baselineY = origin.y + baseline(ofLine: i)
            // Skip lines entirely outside the clip (checked against every face in the line,
            // since a fallback face may ink taller than the primary).
            if line.glyphs.allSatisfy({ $0.face === face })
                ? face.inkMisses(rows: clipRect.y, clipRect.maxY, baseline: baselineY, sizePx: style.sizePx)
                : Self.lineMisses(line, clipRect, baselineY, style.sizePx) { continue }
            let lineLeft = origin.x + lineX(i)
            var run = GlyphRunCompositor(view: view, paint: paint, clip: clipRect, scratch: face.scratch)
            for g in line.glyphs {
                let (ix, sub) = glyphColumn(lineLeft + g.x)
                let iy = TextRounding.pixel(baselineY + g.y)
                let image = g.face.glyphImage(g.glyph, size64: size64, subpixel: sub, hinting: style.hinting)
                if let mask = image.mask { run.add(mask, x: ix + image.left, y: iy - image.top) }
            }
            run.flush()
        }
    }

    /// The pixel rectangle the line boxes cover at `origin`, with one pixel of slack for
    /// anti-aliasing and rounding; for damage tracking. Glyphs that reach past the font's
    /// ascent/descent or their advance (stacked accents, italic overhang) can ink outside
    /// it: pad by a few px when drawing such text.
    public func bounds(at origin: Point) -> IntRect {
        Rect(origin.x - 1, origin.y - 1, max(boxWidth, width) + 2, height + 2).integralOutset
    }

    /// The whole-pixel column and quarter-pixel step (0 without sub-pixel positioning) a
    /// glyph origin at `x` px is drawn at.
    @inline(__always)
    func glyphColumn(_ x: Double) -> (column: Int, subpixel: Int) {
        guard style.subpixelPositioning else { return (TextRounding.pixel(x), 0) }
        let steps = GlyphCache.subpixelSteps
        let q = TextRounding.pixel(x * Double(steps))
        let col = q >= 0 ? q / steps : -((-q + steps - 1) / steps)  // floor division
        return (col, q - col * steps)
    }

    private static func lineMisses(_ line: ShapedLine, _ clip: IntRect, _ baseline: Double, _ sizePx: Double) -> Bool {
        line.glyphs.allSatisfy { $0.face.inkMisses(rows: clip.y, clip.maxY, baseline: baseline + $0.y, sizePx: sizePx) }
    }
}
