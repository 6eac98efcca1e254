/// Images and A8 masks (glyphs) on the canvas.
extension Canvas {
    /// Draws `image` scaled into `rect` (current transform), with global opacity.
    public func drawImage(_ image: Pixmap, in rect: Rect, sampling: Sampling = .bilinear) {
        guard !rect.isEmpty, let inv = state.transform.inverted, inv.isReasonable else { return }
        // Unscaled at a whole-pixel device position: rows blend (or copy) straight across.
        let t = state.transform
        if t.isTranslationOnly && rect.width == Double(image.width) && rect.height == Double(image.height)
            && state.clipMask == nil {
            let o = t.apply(rect.origin)
            if isIntegral(o.x) && isIntegral(o.y) && abs(o.x) < maxDeviceCoordinate && abs(o.y) < maxDeviceCoordinate {
                let x = Int(o.x.rounded()), y = Int(o.y.rounded())
                let r = IntRect(x: x, y: y, width: image.width, height: image.height)
                    .intersection(state.clip).intersection(target.bounds)
                let alpha = opacity255
                guard !r.isEmpty, alpha > 0 else { return }
                for row in r.y..<r.maxY {
                    let s = image.pixels + (row - y) * image.stride + (r.x - x)
                    RowOps.shadedSpan(target.row(row) + r.x, s, r.width, alpha, .srcOver)
                }
                return
            }
        }
        let toImage = inv.concatenating(.translation(-rect.x, -rect.y))
            .concatenating(.scale(Double(image.width) / rect.width, Double(image.height) / rect.height))
        guard toImage.isReasonable else { return }
        rasterizer.begin()
        var f = Flattener(sink: rasterizer.store, transform: state.transform)
        emitRect(into: &f, rect); f.finish()
        var b = PaintBlitter(dst: target, blend: .srcOver, scratch: scratch)
        b.kind = .image; b.image = image; b.inverse = toImage; b.sampling = sampling
        b.opacity = opacity255
        if b.opacity == 0 { return }
        b.clip = state.clipMask
        rasterizer.rasterize(clip: state.clip.intersection(target.bounds), rule: .nonZero, blitter: &b)
    }

    /// Composites `color` through `mask` with its top-left at (x, y) plus the transform's
    /// translation rounded to whole pixels; honours clip and opacity (glyphs use this).
    public func drawMask(_ mask: Mask, x: Int, y: Int, color: Color) {
        let t = state.transform
        guard t.tx.isFinite, t.ty.isFinite, abs(t.tx) < maxDeviceCoordinate, abs(t.ty) < maxDeviceCoordinate
        else { return }
        let ox = x + Int(t.tx.rounded()), oy = y + Int(t.ty.rounded())
        let c = state.opacity >= 1 ? color : color.withOpacity(state.opacity)
        let clip = state.clip.intersection(target.bounds)
        guard let cm = state.clipMask else {
            blendMaskFast(mask, x: ox, y: oy, color: c, clip: clip)
            return
        }
        let r = IntRect(x: ox, y: oy, width: mask.width, height: mask.height).intersection(clip)
        guard !r.isEmpty else { return }
        let s = c.premultiplied
        for py in r.y..<r.maxY {
            for px in r.x..<r.maxX {
                let mx = px - cm.origin.x, my = py - cm.origin.y
                let cc: UInt32 = mx >= 0 && my >= 0 && mx < cm.mask.width && my < cm.mask.height
                    ? UInt32(cm.mask[mx, my]) : 0
                let cov = mulDiv255(UInt32(mask[px - ox, py - oy]), cc)
                if cov > 0 { target[px, py] = srcOver(mulPixel(s, cov), target[px, py]) }
            }
        }
    }

    /// Same result as `PixmapView.blendMask`, with an opaque-run fast path.
    func blendMaskFast(_ mask: Mask, x: Int, y: Int, color: Color, clip: IntRect) {
        let r = IntRect(x: x, y: y, width: mask.width, height: mask.height).intersection(clip)
        guard !r.isEmpty, color.a > 0 else { return }
        let s = color.premultiplied
        let opaque = color.a == 255
        for py in r.y..<r.maxY {
            let d = target.row(py)
            let m = mask.bytes + (py - y) * mask.stride - x
            for px in r.x..<r.maxX {
                let cov = UInt32(m[px])
                if cov == 0 { continue }
                if cov == 255 && opaque { d[px] = s; continue }
                d[px] = srcOver(mulPixel(s, cov), d[px])
            }
        }
    }
}

extension Transform {
    /// Finite and small enough that mapping device pixels stays finite and within Int.
    var isReasonable: Bool {
        let lim = 1e12
        return abs(a) < lim && abs(b) < lim && abs(c) < lim && abs(d) < lim && abs(tx) < lim && abs(ty) < lim
    }
}

extension Canvas {
    /// Lays `picture`'s pixels 1:1 on the target's (device pixels, whatever the transform),
    /// inside the clip: where a shaped clip (a rounded card) covers a pixel partly, the two
    /// are mixed by its coverage. `picture` has the target's size. For a frosted card over a
    /// blurred picture of what lies beneath it (`PixmapBlur`): rows are copied straight
    /// across where the clip is a rectangle.
    public func drawPixels(_ picture: PixmapView) {
        guard picture.width == target.width, picture.height == target.height else { return }
        let clip = state.clip.intersection(target.bounds)
        guard !clip.isEmpty else { return }
        let alpha = opacity255
        guard let cm = state.clipMask else {
            for y in clip.y..<clip.maxY {
                if alpha >= 255 {
                    (target.row(y) + clip.x).update(from: picture.row(y) + clip.x, count: clip.width)
                } else {
                    let d = target.row(y), s = picture.row(y)
                    for x in clip.x..<clip.maxX { d[x] = lerpPixel(s[x], d[x], alpha) }
                }
            }
            return
        }
        for y in clip.y..<clip.maxY {
            let d = target.row(y), s = picture.row(y)
            let my = y - cm.origin.y
            guard my >= 0, my < cm.mask.height else { continue }
            for x in clip.x..<clip.maxX {
                let mx = x - cm.origin.x
                guard mx >= 0, mx < cm.mask.width else { continue }
                let c = mulDiv255(UInt32(cm.mask[mx, my]), alpha)
                if c >= 255 { d[x] = s[x] } else if c > 0 { d[x] = lerpPixel(s[x], d[x], c) }
            }
        }
    }
}
