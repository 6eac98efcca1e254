/// A solid colour prepared once per text run for blending through glyph coverage, so the
/// per-glyph loop does no colour conversion.
struct GlyphPaint {
    let src: UInt32      // premultiplied ARGB
    let srb: UInt32      // src & 0x00FF00FF
    let sag: UInt32      // (src >> 8) & 0x00FF00FF
    let opaque: Bool

    init(_ color: Color) {
        src = color.premultiplied
        srb = src & 0x00FF_00FF
        sag = (src >> 8) & 0x00FF_00FF
        opaque = color.a == 255
    }
}

extension PixmapView {
    /// SrcOver of `paint` through the A8 coverage `cov` (w x h, `covStride` bytes per row)
    /// placed with its top-left at (x, y), limited to `r0` (already intersected with the
    /// view by the caller). Same result as `blendMask` without per-call colour setup: the
    /// hot path of text drawing. Does not allocate.
    @inline(__always)
    func blendCoverage(_ cov: UnsafePointer<UInt8>, covStride: Int, width w: Int, height h: Int,
                       x: Int, y: Int, paint: GlyphPaint, clip r0: IntRect) {
        let x0 = max(x, r0.x), y0 = max(y, r0.y)
        let x1 = min(x + w, r0.x + r0.width), y1 = min(y + h, r0.y + r0.height)
        guard x1 > x0, y1 > y0 else { return }
        let src = paint.src, srb = paint.srb, sag = paint.sag, opaque = paint.opaque
        var d = base + y0 * stride
        var m = cov + (y0 - y) * covStride - x
        for _ in y0..<y1 {
            for px in x0..<x1 {
                let c = UInt32(m[px])
                if c == 0 { continue }
                if c == 255 && opaque { d[px] = src; continue }
                var rb = srb &* c &+ 0x0080_0080
                rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
                var ag = sag &* c &+ 0x0080_0080
                ag = ((ag &+ ((ag >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
                d[px] = srcOver(rb | (ag << 8), d[px])
            }
            d += stride
            m += covStride
        }
    }
}
