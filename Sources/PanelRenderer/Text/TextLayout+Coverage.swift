extension TextLayout {
    /// Adds the layout's glyph coverage (saturating) into `mask` with the box's top-left at
    /// `origin` (mask px), placed exactly as `draw` places glyphs. For text shadows (blur the
    /// mask, then blend it) or for paints other than a solid colour. Does not allocate once
    /// the glyphs are cached.
    public func addCoverage(into mask: Mask, origin: Point) {
        guard let size64 = TextRounding.size64(style.sizePx) else { return }
        for (i, line) in lines.enumerated() {
            let baselineY = origin.y + baseline(ofLine: i)
            let lineLeft = origin.x + lineX(i)
            for g in line.glyphs {
                let (ix, sub) = glyphColumn(lineLeft + g.x)
                let image = g.face.glyphImage(g.glyph, size64: size64, subpixel: sub, hinting: style.hinting)
                guard let m = image.mask else { continue }
                Self.add(m, into: mask, x: ix + image.left, y: TextRounding.pixel(baselineY + g.y) - image.top)
            }
        }
    }

    private static func add(_ src: Mask, into dst: Mask, x: Int, y: Int) {
        let x0 = max(x, 0), y0 = max(y, 0)
        let x1 = min(x + src.width, dst.width), y1 = min(y + src.height, dst.height)
        guard x1 > x0, y1 > y0 else { return }
        for py in y0..<y1 {
            let s = src.bytes + (py - y) * src.stride - x, d = dst.bytes + py * dst.stride
            for px in x0..<x1 {
                d[px] = UInt8(min(255, UInt16(d[px]) + UInt16(s[px])))
            }
        }
    }
}
