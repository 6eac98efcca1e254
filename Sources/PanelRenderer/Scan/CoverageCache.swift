/// Coverage masks of small rounded rectangles, cached by everything that changes their
/// pixels: device size, corner radii and sub-pixel phase (the fractional part of the
/// device position). Pins, badges, pills, toggle knobs and artwork placeholders are drawn
/// again in every frame of a drag at the same phase; scan-converting one costs about ten
/// times blending its cached mask (edge setup, arc flattening and the cell walk of every
/// corner row dominate a shape of a few hundred pixels).
///
/// The mask is scan-converted by the same rasterizer from the same corner geometry, only
/// moved by a whole number of pixels, and blended with the arithmetic of the direct fill,
/// so a cached fill gives the pixels of an uncached one (CoverageCacheTests draws 120
/// shapes both ways and finds no pixel different). Only for shapes whose mask is below
/// `maxSide` pixels on each side: above that the fully covered rows of a direct fill are
/// plain fills, which a mask blend is not.

struct CoverageKey: Equatable {
    var width: Double, height: Double
    var phaseX: Double, phaseY: Double
    var radii: CornerRadii
}

final class CoverageMask {
    let key: CoverageKey
    let mask: Mask
    var lastUse = 0
    init(key: CoverageKey, mask: Mask) { self.key = key; self.mask = mask }
}

final class CoverageCache {
    /// Largest mask side (device pixels) a shape may need to be cached.
    static let maxSide = 64
    /// Entries kept; the least recently used goes first. At most 64 x 64 bytes each, so the
    /// cache never holds more than 256 KiB.
    let capacity = 64
    private var entries: [CoverageMask] = []
    private var clock = 0
    /// Masks scan-converted so far (tests check that steady state converts none).
    private(set) var missCount = 0
    /// Masks held now (never more than `capacity`).
    var count: Int { entries.count }

    init() { entries.reserveCapacity(capacity) }

    /// The coverage of the rounded rect `key` placed at its phase inside a mask whose
    /// top-left pixel is the shape's whole-pixel origin. Scan-converts on a miss only; nil
    /// when the mask would exceed `maxSide` or cannot be allocated.
    func mask(for key: CoverageKey, rasterizer: Rasterizer) -> Mask? {
        clock &+= 1
        for e in entries where e.key == key { e.lastUse = clock; return e.mask }
        let mw = Int((key.phaseX + key.width).rounded(.up))
        let mh = Int((key.phaseY + key.height).rounded(.up))
        guard mw <= Self.maxSide, mh <= Self.maxSide, let m = Mask(width: mw, height: mh) else { return nil }
        rasterizer.begin()
        var f = Flattener(sink: rasterizer.store, transform: .identity)
        emitRoundedRect(into: &f, Rect(key.phaseX, key.phaseY, key.width, key.height), radii: key.radii)
        f.finish()
        var mb = MaskBlitter(mask: m, origin: (0, 0))
        rasterizer.rasterize(clip: IntRect(x: 0, y: 0, width: mw, height: mh), rule: .nonZero, blitter: &mb)
        missCount += 1
        let e = CoverageMask(key: key, mask: m)
        e.lastUse = clock
        if entries.count >= capacity {
            var oldest = 0
            for i in entries.indices where entries[i].lastUse < entries[oldest].lastUse { oldest = i }
            entries[oldest] = e
        } else {
            entries.append(e)
        }
        return m
    }
}
