/// A solid colour prepared for blending through glyph coverage: `scaled[c]` is the
/// premultiplied colour times coverage c/255 (rounded as pixman's IN does), so a pixel
/// costs one table load plus one SrcOver. The table lives in a `GlyphPaintTable` that is
/// rebuilt only when the colour changes.
struct GlyphPaint {
    let src: UInt32      // premultiplied ARGB
    let opaque: Bool
    let scaled: UnsafePointer<UInt32>
    /// Keeps the table `scaled` points into alive for as long as the paint is used.
    let owner: GlyphPaintTable
}

/// 256 coverage-scaled copies of the last colour drawn (1 KiB), owned by a `FontFace`.
final class GlyphPaintTable {
    private let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
    private var src: UInt32 = 0
    private var valid = false
    deinit { table.deallocate() }

    func paint(_ color: Color) -> GlyphPaint {
        let s = color.premultiplied
        if !valid || s != src {
            let srb = s & 0x00FF_00FF, sag = (s >> 8) & 0x00FF_00FF
            for c in UInt32(0)..<256 {
                var rb = srb &* c &+ 0x0080_0080
                rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
                var ag = sag &* c &+ 0x0080_0080
                ag = ((ag &+ ((ag >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
                table[Int(c)] = rb | (ag << 8)
            }
            src = s; valid = true
        }
        return GlyphPaint(src: s, opaque: color.a == 255, scaled: table, owner: self)
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
        let src = paint.src, scaled = paint.scaled, opaque = paint.opaque
        var d = base + y0 * stride
        var m = cov + (y0 - y) * covStride - x
        for _ in y0..<y1 {
            // Glyph rows are mostly empty or solid at their ends and stems: test four
            // coverage bytes at once so runs of 0 (skip) and 255 (store) cost one compare.
            var px = x0
            // Wrapping index arithmetic: px stays inside the clipped row.
            while px &+ 4 <= x1 {
                let quad = UnsafeRawPointer(m + px).loadUnaligned(as: UInt32.self)
                if quad == 0 { px &+= 4; continue }
                if quad == .max && opaque {
                    d[px] = src; d[px &+ 1] = src; d[px &+ 2] = src; d[px &+ 3] = src
                    px &+= 4; continue
                }
                // Mixed coverage: four SrcOvers at once, branch-free (coverage 0 gives
                // s = 0 and leaves d exact; an opaque s gives ia = 0 and stores s).
                let s = SIMD4<UInt32>(scaled[Int(truncatingIfNeeded: quad & 0xFF)],
                                      scaled[Int(truncatingIfNeeded: (quad &>> 8) & 0xFF)],
                                      scaled[Int(truncatingIfNeeded: (quad &>> 16) & 0xFF)],
                                      scaled[Int(truncatingIfNeeded: quad &>> 24)])
                let dp = UnsafeMutableRawPointer(d + px)
                let dv = dp.loadUnaligned(as: SIMD4<UInt32>.self)
                let ia = SIMD4<UInt32>(repeating: 255) &- (s &>> 24)
                let lo = SIMD4<UInt32>(repeating: 0x00FF_00FF), half = SIMD4<UInt32>(repeating: 0x0080_0080)
                var rb = (dv & lo) &* ia &+ half
                rb = ((rb &+ ((rb &>> 8) & lo)) &>> 8) & lo
                var ag = ((dv &>> 8) & lo) &* ia &+ half
                ag = ((ag &+ ((ag &>> 8) & lo)) &>> 8) & lo
                dp.storeBytes(of: s &+ (rb | (ag &<< 8)), as: SIMD4<UInt32>.self)
                px &+= 4
            }
            while px < x1 {
                let c = Int(m[px])
                if c != 0 { d[px] = c == 255 && opaque ? src : srcOver(scaled[c], d[px]) }
                px &+= 1
            }
            d += stride
            m += covStride
        }
    }
}
