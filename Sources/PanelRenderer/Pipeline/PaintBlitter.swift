import CHotPath

/// The blitter behind every fill: shades a span (solid, gradient or image) and blends it
/// through its coverage and the optional clip mask into the target. One `switch` per row;
/// the per-pixel work happens in `RowOps` loops.

/// Number of entries of a gradient lookup table (per fill, in renderer-owned scratch).
let gradientLUTSize = 1024

enum ShaderKind { case solid, rowGradient, linear, radial, image }

/// An A8 clip coverage mask positioned in device pixels.
struct ClipMask {
    let mask: Mask
    let origin: (x: Int, y: Int)
}

struct PaintBlitter: SpanBlitter {
    let dst: PixmapView
    let blend: BlendMode
    var kind: ShaderKind = .solid
    var solid: UInt32 = 0
    /// 0...255 global alpha, folded into the LUT for gradients and into coverage for images.
    var opacity: UInt32 = 255
    // Linear gradient: t = tA * x + tB * y + tC at pixel centres (device pixels).
    var tA = 0.0, tB = 0.0, tC = 0.0
    var stops: [GradientStop] = []
    var lut: UnsafeMutablePointer<UInt32>
    // Radial gradient / image: device -> user (or image pixel) mapping.
    var inverse = Transform.identity
    var center = Point.zero
    var radius = 1.0
    var image: Pixmap?
    var sampling: Sampling = .bilinear
    var clip: ClipMask?
    let rowScratch: UnsafeMutablePointer<UInt32>
    let covScratch: UnsafeMutablePointer<UInt8>

    init(dst: PixmapView, blend: BlendMode, scratch: RenderScratch) {
        self.dst = dst; self.blend = blend
        lut = scratch.lut; rowScratch = scratch.row; covScratch = scratch.cov
    }

    @inline(__always)
    func prefetch(y: Int, x: Int) { panel_prefetch_write(dst.row(y) + x) }

    mutating func blitRow(y: Int, spans: UnsafeMutablePointer<Span>, count: Int,
                          coverage: UnsafeMutablePointer<UInt8>) {
        let row = dst.row(y)
        var color = solid
        if kind == .rowGradient {
            let t = tB * (Double(y) + 0.5) + tC
            color = premultiplied(gradientColor(stops, at: t), opacity: opacity)
        }
        for k in 0..<count {
            let sp = spans[k]
            let x = Int(sp.x), n = Int(sp.len)
            var cov = sp.cov
            let perPixel = cov == Span.perPixel
            let imageAlpha = kind == .image && opacity < 255
            if imageAlpha && !perPixel { cov = mulDiv255(cov, opacity) }
            let d = row + x
            if perPixel && clip == nil && !imageAlpha {
                if kind == .solid || kind == .rowGradient {
                    RowOps.solidMasked(d, coverage + x, n, color, blend)
                } else {
                    shade(x: x, y: y, n: n)
                    RowOps.shadedMasked(d, rowScratch, coverage + x, n, blend)
                }
                continue
            }
            if perPixel || clip != nil {
                // Per-pixel coverage = span coverage x clip mask (zero outside the mask).
                for i in 0..<n {
                    var c = perPixel ? UInt32(coverage[x + i]) : cov
                    if perPixel && imageAlpha { c = mulDiv255(c, opacity) }
                    if let clip {
                        let m = clip.mask
                        let mx = x + i - clip.origin.x, my = y - clip.origin.y
                        let inside = my >= 0 && my < m.height && mx >= 0 && mx < m.width
                        c = inside ? mulDiv255(UInt32(m[mx, my]), c) : 0
                    }
                    covScratch[i] = UInt8(c)
                }
                if kind == .solid || kind == .rowGradient {
                    RowOps.solidMasked(d, covScratch, n, color, blend)
                } else {
                    shade(x: x, y: y, n: n)
                    RowOps.shadedMasked(d, rowScratch, covScratch, n, blend)
                }
                continue
            }
            if kind == .solid || kind == .rowGradient || blend == .clear {
                RowOps.solidSpan(d, n, color, cov, blend)
            } else {
                shade(x: x, y: y, n: n)
                RowOps.shadedSpan(d, rowScratch, n, cov, blend)
            }
        }
    }

    /// Writes `n` premultiplied source pixels for device pixels (x..., y) into rowScratch.
    private func shade(x: Int, y: Int, n: Int) {
        let out = rowScratch
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        switch kind {
        case .solid, .rowGradient:
            out.update(repeating: solid, count: n)
        case .linear:
            var t = tA * px + tB * py + tC
            let scale = Double(gradientLUTSize - 1)
            let dt = tA * scale
            t *= scale
            for i in 0..<n {
                let ti = !(t >= 0) ? 0 : (t > scale ? scale : t)   // NaN -> 0
                out[i] = lut[Int(ti + 0.5)]
                t += dt
            }
        case .radial:
            let scale = Double(gradientLUTSize - 1)
            var u = inverse.a * px + inverse.c * py + inverse.tx - center.x
            var v = inverse.b * px + inverse.d * py + inverse.ty - center.y
            let invR = radius > 0 ? scale / radius : 0
            for i in 0..<n {
                var t = (u * u + v * v).squareRoot() * invR
                t = !(t <= scale) ? scale : t   // NaN -> end
                out[i] = lut[Int(t + 0.5)]
                u += inverse.a; v += inverse.b
            }
        case .image:
            guard let img = image else { out.update(repeating: 0, count: n); return }
            var u = inverse.a * px + inverse.c * py + inverse.tx
            var v = inverse.b * px + inverse.d * py + inverse.ty
            let w = img.width, h = img.height, src = img.pixels, st = img.stride
            if sampling == .nearest {
                for i in 0..<n {
                    let ix = clampIndex(u, w), iy = clampIndex(v, h)
                    out[i] = src[iy * st + ix]
                    u += inverse.a; v += inverse.b
                }
            } else {
                for i in 0..<n {
                    out[i] = bilinear(src, st, w, h, u - 0.5, v - 0.5)
                    u += inverse.a; v += inverse.b
                }
            }
        }
    }
}

/// floor(v) clamped to 0..<n; NaN and infinities clamp too.
@inline(__always)
func clampIndex(_ v: Double, _ n: Int) -> Int {
    let f = v.rounded(.down)
    return !(f >= 0) ? 0 : (f >= Double(n - 1) ? n - 1 : Int(f))
}

/// Bilinear sample with edge clamping; weights quantised to 1/256.
@inline(__always)
func bilinear(_ src: UnsafeMutablePointer<UInt32>, _ st: Int, _ w: Int, _ h: Int,
              _ u: Double, _ v: Double) -> UInt32 {
    let fu = u.rounded(.down), fv = v.rounded(.down)
    let ru = u - fu, rv = v - fv
    // Fractions in 0..<1; anything else (NaN, infinities) samples the pixel itself.
    let wx: UInt32 = ru >= 0 && ru < 1 ? UInt32((ru * 256).rounded()) : 0
    let wy: UInt32 = rv >= 0 && rv < 1 ? UInt32((rv * 256).rounded()) : 0
    let x0 = clampIndex(u, w), y0 = clampIndex(v, h)
    let x1 = clampIndex(u + 1, w), y1 = clampIndex(v + 1, h)
    let p00 = src[y0 * st + x0], p10 = src[y0 * st + x1]
    let p01 = src[y1 * st + x0], p11 = src[y1 * st + x1]
    @inline(__always) func lerp256(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        // Two channels at a time, 8.8 fixed point.
        let it = 256 &- t
        let rb = (((a & 0x00FF_00FF) &* it &+ (b & 0x00FF_00FF) &* t) >> 8) & 0x00FF_00FF
        let ag = ((((a >> 8) & 0x00FF_00FF) &* it &+ ((b >> 8) & 0x00FF_00FF) &* t)) & 0xFF00_FF00
        return rb | ag
    }
    return lerp256(lerp256(p00, p10, wx), lerp256(p01, p11, wx), wy)
}

/// Renderer-owned scratch rows, sized to the target width once.
final class RenderScratch {
    let lut: UnsafeMutablePointer<UInt32>
    let row: UnsafeMutablePointer<UInt32>
    let cov: UnsafeMutablePointer<UInt8>
    let width: Int
    init(width: Int) {
        self.width = max(width, 1)
        lut = .allocate(capacity: gradientLUTSize)
        lut.initialize(repeating: 0, count: gradientLUTSize)
        row = .allocate(capacity: self.width + 1)
        row.initialize(repeating: 0, count: self.width + 1)
        cov = .allocate(capacity: self.width + 1)
        cov.initialize(repeating: 0, count: self.width + 1)
    }
    deinit { lut.deallocate(); row.deallocate(); cov.deallocate() }

    /// Fills the LUT for `stops`, premultiplied, with global alpha folded in.
    func buildLUT(_ stops: [GradientStop], opacity: UInt32) {
        let scale = 1.0 / Double(gradientLUTSize - 1)
        for i in 0..<gradientLUTSize {
            lut[i] = premultiplied(gradientColor(stops, at: Double(i) * scale), opacity: opacity)
        }
    }
}

/// `PaintBlitter` for a solid colour without a clip mask, with only the span loop left: the
/// blitter of most fills. Same row operations as `PaintBlitter`'s solid case.
struct SolidBlitter: SpanBlitter {
    let dst: PixmapView
    let blend: BlendMode
    let color: UInt32

    @inline(__always)
    func prefetch(y: Int, x: Int) { panel_prefetch_write(dst.row(y) + x) }

    /// A band of whole rows in one solid colour (a drawer's or sheet's body, a full-width
    /// bar, a dimming) is one run of memory when the view's rows follow each other: one
    /// fill or blend of the run instead of one per row.
    mutating func blitBand(top: Int, bottom: Int, spans: UnsafeMutablePointer<Span>, count: Int,
                           coverage: UnsafeMutablePointer<UInt8>) {
        let sp = spans[0]
        if count == 1, sp.cov != Span.perPixel, sp.x == 0, Int(sp.len) == dst.width, dst.stride == dst.width {
            RowOps.solidSpan(dst.row(top), dst.width * (bottom - top), color, sp.cov, blend)
            return
        }
        for y in top..<bottom { blitRow(y: y, spans: spans, count: count, coverage: coverage) }
    }

    @inline(__always)
    mutating func blitRow(y: Int, spans: UnsafeMutablePointer<Span>, count: Int,
                          coverage: UnsafeMutablePointer<UInt8>) {
        let row = dst.row(y)
        var k = 0
        while k < count {
            let sp = spans[k]
            let x = Int(sp.x), n = Int(sp.len)
            if sp.cov == Span.perPixel {
                RowOps.solidMasked(row + x, coverage + x, n, color, blend)
            } else {
                RowOps.solidSpan(row + x, n, color, sp.cov, blend)
            }
            k &+= 1
        }
    }
}

/// Writes coverage into an A8 mask (shadow masks, clip masks): max-combines with what is
/// there so several shapes can share one mask.
struct MaskBlitter: SpanBlitter {
    let mask: Mask
    let origin: (x: Int, y: Int)
    mutating func blitRow(y: Int, spans: UnsafeMutablePointer<Span>, count: Int,
                          coverage: UnsafeMutablePointer<UInt8>) {
        let row = mask.bytes + (y - origin.y) * mask.stride - origin.x
        for k in 0..<count {
            let s = spans[k]
            if s.cov == Span.perPixel {
                for x in Int(s.x)..<Int(s.x + s.len) { row[x] = max(row[x], coverage[x]) }
            } else {
                let c = UInt8(s.cov)
                for x in Int(s.x)..<Int(s.x + s.len) { row[x] = max(row[x], c) }
            }
        }
    }
}
