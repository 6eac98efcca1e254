extension PixmapView {
    /// Composites a premultiplied image SrcOver onto this view with its top-left at (x, y)
    /// (whole px; scale first with `ImageScaler`/`ImageCache`), multiplied by `opacity`
    /// (0...1), clipped to `clip` and the view. Opaque source pixels at full opacity are
    /// copied, transparent ones skipped. Does not allocate.
    public func blendImage(_ image: PixmapView, x: Int, y: Int, opacity: Double = 1, clip: IntRect? = nil) {
        var r = IntRect(x: x, y: y, width: image.width, height: image.height).intersection(bounds)
        if let clip { r = r.intersection(clip) }
        guard !r.isEmpty, opacity > 0 else { return }
        let o = UInt32(min(1, opacity) * 255 + 0.5)
        for py in r.y..<r.maxY {
            let d = row(py)
            let s = image.row(py - y) - x
            if o == 255 {
                for px in r.x..<r.maxX {
                    let v = s[px]
                    let a = v >> 24
                    if a == 255 { d[px] = v } else if a != 0 { d[px] = srcOver(v, d[px]) }
                }
            } else {
                for px in r.x..<r.maxX {
                    let v = s[px]
                    if v >> 24 == 0 { continue }
                    // Scale all four premultiplied channels by the opacity, then SrcOver.
                    var rb = (v & 0x00FF_00FF) &* o &+ 0x0080_0080
                    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
                    var ag = ((v >> 8) & 0x00FF_00FF) &* o &+ 0x0080_0080
                    ag = ((ag &+ ((ag >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
                    d[px] = srcOver(rb | (ag << 8), d[px])
                }
            }
        }
    }
}
