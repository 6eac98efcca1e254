/// Blurred rounded-rect masks, cached by everything that changes their pixels (reduced
/// size, sub-pixel phase, radii, box width). A long shape is blurred at a reduced length:
/// far from its corners every column (row) of the blurred mask is the same, so the
/// compositor repeats one middle column (row) `stretchX` (`stretchY`) extra times. The
/// result equals blurring the full-size mask (placed at the 1/4 px-snapped position the
/// canvas asks for), at a cost independent of its length.

struct ShadowKey: Equatable {
    var width: Double, height: Double
    var phaseX: Double, phaseY: Double
    var radii: CornerRadii
    var boxWidth: Int
}

final class ShadowMask {
    let key: ShadowKey
    let mask: Mask
    /// Padding (px) around the shape inside the mask: 3 box radii.
    let pad: Int
    /// Mask column/row repeated by the compositor to restore the full length.
    let middleX: Int, middleY: Int
    var lastUse = 0
    init(key: ShadowKey, mask: Mask, pad: Int, middleX: Int, middleY: Int) {
        self.key = key; self.mask = mask; self.pad = pad; self.middleX = middleX; self.middleY = middleY
    }
}

final class ShadowCache {
    private var entries: [ShadowMask] = []
    private var clock = 0
    let capacity = 32
    /// Number of masks blurred so far (tests check that steady state does not re-blur).
    private(set) var blurCount = 0

    /// The blurred mask for a rounded rect of (reduced) `key` size. Allocates and blurs on a
    /// miss only.
    func mask(for key: ShadowKey, rasterizer: Rasterizer) -> ShadowMask? {
        clock += 1
        for e in entries where e.key == key { e.lastUse = clock; return e }
        let pad = 3 * (key.boxWidth / 2)
        let mw = Int((key.phaseX + key.width).rounded(.up)) + 2 * pad
        let mh = Int((key.phaseY + key.height).rounded(.up)) + 2 * pad
        guard let m = Mask(width: mw, height: mh) else { return nil }
        let shape = Rect(Double(pad) + key.phaseX, Double(pad) + key.phaseY, key.width, key.height)
        rasterizer.begin()
        var f = Flattener(sink: rasterizer.store, transform: .identity)
        emitRoundedRect(into: &f, shape, radii: key.radii); f.finish()
        var mb = MaskBlitter(mask: m, origin: (0, 0))
        rasterizer.rasterize(clip: IntRect(x: 0, y: 0, width: mw, height: mh), rule: .nonZero, blitter: &mb)
        BoxBlur.blur(m, boxWidth: key.boxWidth)
        blurCount += 1
        let rr = key.radii.fitted(to: Size(key.width, key.height))
        let midX = Int(key.phaseX + max(rr.topLeft, rr.bottomLeft)) + 2 * pad + 2
        let midY = Int(key.phaseY + max(rr.topLeft, rr.topRight)) + 2 * pad + 2
        let e = ShadowMask(key: key, mask: m, pad: pad, middleX: min(midX, mw - 1), middleY: min(midY, mh - 1))
        e.lastUse = clock
        if entries.count >= capacity {
            var oldest = 0
            for i in entries.indices where entries[i].lastUse < entries[oldest].lastUse { oldest = i }
            entries[oldest] = e
        } else {
            entries.append(e)
        }
        return e
    }
}
