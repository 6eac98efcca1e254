/// Two reusable A8 buffers for merging overlapping glyphs; owned by a `FontFace` so text
/// drawing does not allocate once they have grown to the largest merged box seen.
final class GlyphScratch {
    private(set) var a: UnsafeMutablePointer<UInt8>
    private(set) var b: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int

    init() {
        capacity = 4096
        a = .allocate(capacity: capacity); b = .allocate(capacity: capacity)
    }
    deinit { a.deallocate(); b.deallocate() }

    /// Makes both buffers hold at least `bytes`, keeping the contents of `a`.
    func reserve(_ bytes: Int) {
        guard bytes > capacity else { return }
        let n = max(bytes, capacity * 2)
        let na = UnsafeMutablePointer<UInt8>.allocate(capacity: n)
        na.update(from: a, count: capacity)
        a.deallocate(); b.deallocate()
        a = na; b = .allocate(capacity: n); capacity = n
    }
    func swap() { (a, b) = (b, a) }
}

/// Composites the glyphs of one run the way cairo/pixman do (pixman_composite_glyphs):
/// coverage is added (saturating) where glyph boxes overlap, then SrcOver'd once, so the
/// pixel shared by "r" and "p" gets min(1, a + b) instead of two stacked blends.
///
/// Glyphs whose boxes do not touch the pending group are blended straight from the glyph
/// cache (no copy); only overlapping neighbours are merged in `scratch`. Only consecutive
/// glyphs are merged, which covers ordinary LTR and RTL runs and combining marks.
/// A merged group is capped at `maxGroupWidth` px so joined scripts (Arabic), where every
/// glyph touches the next, do not re-copy an ever-growing box; past the cap the group is
/// blended and a new one starts (the shared edge pixel then gets two blends).
struct GlyphRunCompositor {
    static let maxGroupWidth = 128

    let view: PixmapView
    let paint: GlyphPaint
    let clip: IntRect
    let scratch: GlyphScratch

    // The pending group: one cached mask (`single`) or the merged box in `scratch.a`.
    private var single: Mask?
    private var merged = false
    private var gx = 0, gy = 0, gw = 0, gh = 0

    init(view: PixmapView, paint: GlyphPaint, clip: IntRect, scratch: GlyphScratch) {
        self.view = view; self.paint = paint; self.clip = clip; self.scratch = scratch
    }

    @inline(__always)
    mutating func add(_ mask: Mask, x: Int, y: Int) {
        if single == nil && !merged {
            single = mask; gx = x; gy = y; gw = mask.width; gh = mask.height
            return
        }
        if x < gx + gw && x + mask.width > gx && y < gy + gh && y + mask.height > gy
            && max(gx + gw, x + mask.width) - min(gx, x) <= Self.maxGroupWidth {
            merge(mask, x: x, y: y)
        } else {
            flush()
            single = mask; gx = x; gy = y; gw = mask.width; gh = mask.height
        }
    }

    /// Blends the pending group; call once after the last glyph.
    @inline(__always)
    mutating func flush() {
        if let m = single {
            view.blendCoverage(m.bytes, covStride: m.stride, width: m.width, height: m.height,
                               x: gx, y: gy, paint: paint, clip: clip)
        } else if merged {
            view.blendCoverage(scratch.a, covStride: gw, width: gw, height: gh,
                               x: gx, y: gy, paint: paint, clip: clip)
        }
        single = nil; merged = false
    }

    private mutating func merge(_ mask: Mask, x: Int, y: Int) {
        let nx = min(gx, x), ny = min(gy, y)
        let nw = max(gx + gw, x + mask.width) - nx, nh = max(gy + gh, y + mask.height) - ny
        scratch.reserve(nw * nh)
        let dst = scratch.b
        dst.update(repeating: 0, count: nw * nh)
        // Copy the group so far into the new box, then add the new glyph.
        if let m = single {
            Self.add(m.bytes, stride: m.stride, w: m.width, h: m.height, into: dst, stride: nw, at: gx - nx, gy - ny)
        } else {
            Self.add(scratch.a, stride: gw, w: gw, h: gh, into: dst, stride: nw, at: gx - nx, gy - ny)
        }
        Self.add(mask.bytes, stride: mask.stride, w: mask.width, h: mask.height, into: dst, stride: nw, at: x - nx, y - ny)
        scratch.swap()
        single = nil; merged = true
        gx = nx; gy = ny; gw = nw; gh = nh
    }

    @inline(__always)
    private static func add(_ src: UnsafePointer<UInt8>, stride ss: Int, w: Int, h: Int,
                            into dst: UnsafeMutablePointer<UInt8>, stride ds: Int, at ox: Int, _ oy: Int) {
        // Wrapping arithmetic: offsets stay inside the group box, sums below 511.
        for row in 0..<h {
            let s = src + (row &* ss), d = dst + ((oy &+ row) &* ds &+ ox)
            for i in 0..<w {
                let v = UInt16(d[i]) &+ UInt16(s[i])
                d[i] = UInt8(truncatingIfNeeded: min(v, 255))
            }
        }
    }
}
