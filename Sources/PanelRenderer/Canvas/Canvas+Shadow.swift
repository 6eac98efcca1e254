/// Drop shadows of rounded rectangles from the cached blurred masks of `ShadowCache`.
extension Canvas {
    /// Draws the CSS box shadow of `roundedRect` (current transform, which should be
    /// axis-aligned; otherwise its bounding box is used). The blurred mask is cached; a
    /// cache miss allocates and blurs once.
    public func drawShadow(roundedRect: Rect, radii: CornerRadii, shadow: Shadow) {
        let t = state.transform
        let r0 = roundedRect.offsetBy(dx: shadow.offset.x, dy: shadow.offset.y)
        guard !r0.isEmpty, r0.x.isFinite, r0.y.isFinite, r0.width.isFinite, r0.height.isFinite,
              shadow.blur.isFinite, shadow.color.a > 0 else { return }
        let p0 = t.apply(r0.origin), p1 = t.apply(Point(r0.maxX, r0.maxY))
        let p2 = t.apply(Point(r0.maxX, r0.minY)), p3 = t.apply(Point(r0.minX, r0.maxY))
        let x0 = min(min(p0.x, p1.x), min(p2.x, p3.x)), x1 = max(max(p0.x, p1.x), max(p2.x, p3.x))
        let y0 = min(min(p0.y, p1.y), min(p2.y, p3.y)), y1 = max(max(p0.y, p1.y), max(p2.y, p3.y))
        guard abs(x0) < maxDeviceCoordinate, abs(x1) < maxDeviceCoordinate,
              abs(y0) < maxDeviceCoordinate, abs(y1) < maxDeviceCoordinate else { return }
        let scale = abs(t.a * t.d - t.b * t.c).squareRoot()
        let dev = Rect(x0, y0, x1 - x0, y1 - y0)
        let rr = CornerRadii(topLeft: radii.topLeft * scale, topRight: radii.topRight * scale,
                             bottomRight: radii.bottomRight * scale, bottomLeft: radii.bottomLeft * scale)
            .fitted(to: dev.size)
        let color = shadow.color.withOpacity(state.opacity)
        let d = BoxBlur.boxWidth(sigma: max(shadow.blur, 0) * scale / 2)
        if d <= 1 {
            save(); state.transform = .identity
            fillRoundedRect(dev, radii: rr, .solid(color))
            restore()
            return
        }
        let pad = 3 * (d / 2)
        // Reduce the blurred length to what corners plus blur support need.
        func reduce(_ len: Double, _ ra: Double, _ rb: Double) -> Int {
            let minLen = (ra + rb).rounded(.up) + Double(4 * pad + 6)
            return len > minLen + 1 ? Int((len - minLen).rounded(.down)) : 0
        }
        let kx = reduce(dev.width, max(rr.topLeft, rr.bottomLeft), max(rr.topRight, rr.bottomRight))
        let ky = reduce(dev.height, max(rr.topLeft, rr.topRight), max(rr.bottomLeft, rr.bottomRight))
        // Sub-pixel phase and the reduced length's fraction snap to 1/4 px (an error of at
        // most 1/8 px under a blur of several px) so an animated shadow reuses a handful of
        // cached masks instead of blurring a new one every frame.
        func quarter(_ v: Double) -> Double { (v * 4).rounded() / 4 }
        var fx0 = dev.x.rounded(.down), fy0 = dev.y.rounded(.down)
        var phaseX = quarter(dev.x - fx0), phaseY = quarter(dev.y - fy0)
        if phaseX >= 1 { fx0 += 1; phaseX = 0 }
        if phaseY >= 1 { fy0 += 1; phaseY = 0 }
        let key = ShadowKey(width: quarter(dev.width - Double(kx)), height: quarter(dev.height - Double(ky)),
                            phaseX: phaseX, phaseY: phaseY, radii: rr, boxWidth: d)
        guard let sm = shadowCache.mask(for: key, rasterizer: rasterizer) else { return }
        compositeShadow(sm, originX: Int(fx0) - sm.pad, originY: Int(fy0) - sm.pad,
                        stretchX: kx, stretchY: ky, color: color)
    }

    /// Blends `color` through the stretched mask. Rows/columns past the middle one are
    /// shifted by the stretch; the repeated middle column is one constant-coverage span.
    private func compositeShadow(_ sm: ShadowMask, originX: Int, originY: Int,
                                 stretchX: Int, stretchY: Int, color: Color) {
        let m = sm.mask
        let full = IntRect(x: originX, y: originY, width: m.width + stretchX, height: m.height + stretchY)
        let r = full.intersection(state.clip).intersection(target.bounds)
        guard !r.isEmpty else { return }
        let s = color.premultiplied
        let midX = sm.middleX, midY = sm.middleY
        let cm = state.clipMask
        for y in r.y..<r.maxY {
            let ly = y - originY
            let sy = ly <= midY ? ly : (ly <= midY + stretchY ? midY : ly - stretchY)
            let src = m.bytes + sy * m.stride
            let d = target.row(y)
            if let cm {
                for x in r.x..<r.maxX {
                    let lx = x - originX
                    let sx = lx <= midX ? lx : (lx <= midX + stretchX ? midX : lx - stretchX)
                    let mx = x - cm.origin.x, my = y - cm.origin.y
                    let c: UInt32 = mx >= 0 && my >= 0 && mx < cm.mask.width && my < cm.mask.height
                        ? UInt32(cm.mask[mx, my]) : 0
                    let cov = mulDiv255(UInt32(src[sx]), c)
                    if cov > 0 { d[x] = srcOver(mulPixel(s, cov), d[x]) }
                }
                continue
            }
            // Segment 1: columns up to the middle, straight from the mask.
            let l0 = r.x - originX, l1 = r.maxX - originX   // local, half-open
            let aEnd = min(l1, midX + 1)
            if l0 < aEnd { blendCoverageRow(d + originX, src, from: l0, to: aEnd, shift: 0, s) }
            // Segment 2: the repeated middle column.
            let bStart = max(l0, midX + 1), bEnd = min(l1, midX + 1 + stretchX)
            if bStart < bEnd {
                RowOps.solidSpan(d + originX + bStart, bEnd - bStart, s, UInt32(src[midX]), .srcOver)
            }
            // Segment 3: the rest, shifted back by the stretch.
            let cStart = max(l0, midX + 1 + stretchX)
            if cStart < l1 { blendCoverageRow(d + originX, src, from: cStart, to: l1, shift: stretchX, s) }
        }
    }

    @inline(__always)
    private func blendCoverageRow(_ d: UnsafeMutablePointer<UInt32>, _ src: UnsafeMutablePointer<UInt8>,
                                  from: Int, to: Int, shift: Int, _ s: UInt32) {
        RowOps.solidMasked(d + from, src + (from - shift), to - from, s, .srcOver)
    }
}
