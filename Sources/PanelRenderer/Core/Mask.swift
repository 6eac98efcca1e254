/// An 8-bit coverage buffer (A8): glyphs, shadow masks, clip masks.
public final class Mask: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let stride: Int
    public let bytes: UnsafeMutablePointer<UInt8>

    /// A zeroed mask; nil for an empty or oversized size.
    public init?(width: Int, height: Int) {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else { return nil }
        self.width = width; self.height = height; self.stride = width
        bytes = .allocate(capacity: width * height)
        bytes.initialize(repeating: 0, count: width * height)
    }
    deinit { bytes.deallocate() }

    @inline(__always) public subscript(x: Int, y: Int) -> UInt8 {
        get { bytes[y * stride + x] }
        set { bytes[y * stride + x] = newValue }
    }
    public func clear() { bytes.update(repeating: 0, count: stride * height) }
}

extension PixmapView {
    /// Composites a solid colour through `mask` placed with its top-left at (x, y), SrcOver,
    /// clipped to `clip` (and the view). The reference path for glyphs and cached masks;
    /// the rasterizer may replace the body with faster loops but not the result.
    public func blendMask(_ mask: Mask, x: Int, y: Int, color: Color, clip: IntRect? = nil) {
        var r = IntRect(x: x, y: y, width: mask.width, height: mask.height).intersection(bounds)
        if let clip { r = r.intersection(clip) }
        guard !r.isEmpty, color.a > 0 else { return }
        let src = color.premultiplied
        let sa = src >> 24
        let srb = src & 0x00FF_00FF, sag = (src >> 8) & 0x00FF_00FF
        for py in r.y..<r.maxY {
            let d = row(py)
            let m = mask.bytes + (py - y) * mask.stride - x
            for px in r.x..<r.maxX {
                let cov = UInt32(m[px])
                if cov == 0 { continue }
                if cov == 255 && sa == 255 { d[px] = src; continue }
                // Source scaled by coverage, then SrcOver.
                let rb = ((srb &* cov &+ 0x0080_0080) &+ (((srb &* cov &+ 0x0080_0080) >> 8) & 0x00FF_00FF)) >> 8 & 0x00FF_00FF
                let ag = ((sag &* cov &+ 0x0080_0080) &+ (((sag &* cov &+ 0x0080_0080) >> 8) & 0x00FF_00FF)) >> 8 & 0x00FF_00FF
                let s = rb | (ag << 8)
                d[px] = srcOver(s, d[px])
            }
        }
    }
}

/// Porter-Duff SrcOver of premultiplied ARGB32 words: s + d * (1 - sa).
@inline(__always)
package func srcOver(_ s: UInt32, _ d: UInt32) -> UInt32 {
    let ia = 255 &- (s >> 24)
    if ia == 0 { return s }
    let drb = d & 0x00FF_00FF, dag = (d >> 8) & 0x00FF_00FF
    var rb = drb &* ia &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = dag &* ia &+ 0x0080_0080
    ag = ((ag &+ ((ag >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    return s &+ (rb | (ag << 8))
}
