/// Coverage masks of small rounded rectangles, cached by everything that changes their
/// pixels: device size, corner radii and sub-pixel phase (the fractional part of the
/// device position). Pins, badges, pills, toggle knobs and artwork placeholders are drawn
/// again in every frame of a drag at the same phase; scan-converting one costs about ten
/// times blending its cached mask (edge setup, arc flattening and the cell walk of every
/// corner row dominate a shape of a few hundred pixels).
///
/// The mask is scan-converted by the same rasterizer from the same corner geometry, only
/// moved by a whole number of pixels, and blended with the arithmetic of the direct fill,
/// so a cached fill gives the pixels of an uncached one (CoverageCacheTests draws 160
/// shapes both ways, under translations and scales of 1/3 to 1.5, and finds no pixel
/// different; the outline is rebuilt in device units, so a difference of one level in a
/// rare pixel is not ruled out by construction). Only for shapes whose mask is below
/// `maxSide` pixels on each side: above that the fully covered rows of a direct fill are
/// plain fills, which a mask blend is not.

struct CoverageKey: Equatable {
    var width: Double, height: Double
    var phaseX: Double, phaseY: Double
    var radii: CornerRadii
}

/// One cached shape: its coverage in the top-left pixels of a mask of the cache's largest
/// size (as many as its phase and size need), so an evicted entry's memory takes the next
/// shape.
final class CoverageMask {
    var key: CoverageKey
    let mask: Mask
    var lastUse = 0
    init?(key: CoverageKey) {
        guard let m = Mask(width: CoverageCache.maxSide, height: CoverageCache.maxSide) else { return nil }
        self.key = key; mask = m
    }
}

final class CoverageCache {
    /// Largest mask side (device pixels) a shape may need to be cached.
    static let maxSide = 64
    /// Entries kept; the least recently used goes first. 64 x 64 bytes each, so the cache
    /// never holds more than 256 KiB, allocated as it first fills.
    let capacity = 64
    private var entries: [CoverageMask] = []
    /// Shapes seen once and not cached (a ring of the last `capacity`). A shape is cached the
    /// second time it is drawn: one that moves by a fraction of a pixel every frame (a spring,
    /// a fling) has a new phase each time and would only evict the others, at the price of a
    /// conversion and a blend instead of one scan conversion into the frame.
    private var seen: [CoverageKey] = []
    private var seenNext = 0
    private var clock = 0
    /// Masks scan-converted so far (tests check that steady state converts none).
    private(set) var conversions = 0
    /// Masks held now (never more than `capacity`).
    var count: Int { entries.count }

    init() { entries.reserveCapacity(capacity); seen.reserveCapacity(capacity) }

    /// The cached coverage of the rounded rect `key`, placed at its phase with the shape's
    /// whole-pixel origin at the mask's top-left pixel. Nil, having converted nothing, the
    /// first time a shape is asked for (the caller scan-converts it into the frame), when it
    /// would need a mask above `maxSide` pixels, or when memory for one is lacking.
    func mask(for key: CoverageKey, rasterizer: Rasterizer) -> CoverageMask? {
        clock &+= 1
        for e in entries where e.key == key { e.lastUse = clock; return e }
        let mw = Int((key.phaseX + key.width).rounded(.up))
        let mh = Int((key.phaseY + key.height).rounded(.up))
        guard mw <= Self.maxSide, mh <= Self.maxSide else { return nil }
        guard seen.contains(key) else {
            if seen.count < capacity { seen.append(key) } else { seen[seenNext] = key }
            seenNext = (seenNext + 1) % capacity
            return nil
        }
        let e: CoverageMask
        if entries.count < capacity {
            guard let fresh = CoverageMask(key: key) else { return nil }
            entries.append(fresh)
            e = fresh
        } else {
            var oldest = 0
            for i in entries.indices where entries[i].lastUse < entries[oldest].lastUse { oldest = i }
            e = entries[oldest]
            e.key = key
            e.mask.clear()
        }
        e.lastUse = clock
        rasterizer.begin()
        var f = Flattener(sink: rasterizer.store, transform: .identity)
        emitRoundedRect(into: &f, Rect(key.phaseX, key.phaseY, key.width, key.height), radii: key.radii)
        f.finish()
        var mb = MaskBlitter(mask: e.mask, origin: (0, 0))
        rasterizer.rasterize(clip: IntRect(x: 0, y: 0, width: mw, height: mh), rule: .nonZero, blitter: &mb)
        conversions += 1
        return e
    }
}
