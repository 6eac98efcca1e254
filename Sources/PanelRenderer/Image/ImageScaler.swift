/// Resampling of premultiplied images (filtering premultiplied values keeps transparent
/// pixels' colour from bleeding into edges).
///
/// Per axis: shrinking uses a box (area-average) filter, so every source pixel contributes
/// exactly its covered area; enlarging uses bilinear interpolation between pixel centres,
/// clamped at the edges. Separable, two passes through a float buffer; allocates the
/// result and one intermediate buffer (meant for decode-time scaling, not per frame).
public enum ImageScaler {
    /// Contributions of source pixels to one output pixel along an axis.
    struct Taps { var start: Int; var weights: [Float] }

    static func taps(source n: Int, target m: Int) -> [Taps] {
        let scale = Double(n) / Double(m)
        var out: [Taps] = []
        out.reserveCapacity(m)
        for i in 0..<m {
            if scale >= 1 {
                // Box: output pixel i covers source interval [i*scale, (i+1)*scale).
                let a = Double(i) * scale, b = a + scale
                let s = Int(a.rounded(.down)), e = min(n, Int(b.rounded(.up)))
                var w: [Float] = []
                for k in s..<e { w.append(Float((min(b, Double(k + 1)) - max(a, Double(k))) / scale)) }
                out.append(Taps(start: s, weights: w))
            } else {
                // Bilinear between the two nearest source centres.
                let c = (Double(i) + 0.5) * scale - 0.5
                let k = Int(c.rounded(.down)), f = Float(c - Double(k))
                let k0 = min(max(k, 0), n - 1), k1 = min(max(k + 1, 0), n - 1)
                if k0 == k1 { out.append(Taps(start: k0, weights: [1])) }
                else { out.append(Taps(start: k0, weights: [1 - f, f])) }
            }
        }
        return out
    }

    /// `source` resampled to `width` x `height` px; nil for an empty source or target, or
    /// when the result or the intermediate buffer would exceed `PNGCodec.maxPixels`.
    public static func scaled(_ source: PixmapView, width: Int, height: Int) -> Pixmap? {
        guard source.width > 0, source.height > 0, width > 0, height > 0,
              width <= PNGCodec.maxPixels / height, width <= PNGCodec.maxPixels / source.height,
              let dst = Pixmap(width: width, height: height) else { return nil }
        if width == source.width && height == source.height {
            dst.view.copy(from: source)
            return dst
        }
        let tx = taps(source: source.width, target: width)
        let ty = taps(source: source.height, target: height)
        // Horizontal pass: source rows -> width x source.height, 4 float channels.
        var mid = [Float](repeating: 0, count: width * source.height * 4)
        mid.withUnsafeMutableBufferPointer { m in
            for y in 0..<source.height {
                let row = source.row(y)
                for x in 0..<width {
                    let t = tx[x]
                    var a: Float = 0, r: Float = 0, g: Float = 0, b: Float = 0
                    for (j, w) in t.weights.enumerated() {
                        let p = row[t.start + j]
                        a += w * Float(p >> 24); r += w * Float((p >> 16) & 0xFF)
                        g += w * Float((p >> 8) & 0xFF); b += w * Float(p & 0xFF)
                    }
                    let o = (y * width + x) * 4
                    m[o] = a; m[o + 1] = r; m[o + 2] = g; m[o + 3] = b
                }
            }
        }
        // Vertical pass into the result, rounding and keeping colour <= alpha.
        mid.withUnsafeBufferPointer { m in
            for y in 0..<height {
                let t = ty[y]
                let out = dst.view.row(y)
                for x in 0..<width {
                    var a: Float = 0, r: Float = 0, g: Float = 0, b: Float = 0
                    for (j, w) in t.weights.enumerated() {
                        let o = ((t.start + j) * width + x) * 4
                        a += w * m[o]; r += w * m[o + 1]; g += w * m[o + 2]; b += w * m[o + 3]
                    }
                    let A = UInt32(min(255, max(0, a + 0.5)))
                    func ch(_ v: Float) -> UInt32 { min(A, UInt32(min(255, max(0, v + 0.5)))) }
                    out[x] = (A << 24) | (ch(r) << 16) | (ch(g) << 8) | ch(b)
                }
            }
        }
        return dst
    }

    /// The largest size with `source`'s aspect ratio that fits in `width` x `height`
    /// (at least 1 x 1 px), for "aspect fit" image views.
    public static func aspectFit(sourceWidth sw: Int, sourceHeight sh: Int, width: Int, height: Int) -> (width: Int, height: Int) {
        guard sw > 0, sh > 0, width > 0, height > 0 else { return (max(1, width), max(1, height)) }
        let s = min(Double(width) / Double(sw), Double(height) / Double(sh))
        return (max(1, Int((Double(sw) * s).rounded())), max(1, Int((Double(sh) * s).rounded())))
    }
}
