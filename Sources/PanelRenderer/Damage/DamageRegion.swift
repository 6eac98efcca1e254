/// What changed in a frame: a short list of pixel rectangles. When more than `capacity`
/// rectangles accumulate, the two whose union wastes the least area are merged, so the
/// list stays short (repainting a little extra beats walking many tiny rectangles).
public struct DamageRegion: Equatable, Sendable {
    public private(set) var rects: [IntRect] = []
    public let capacity: Int

    public init(capacity: Int = 8) { self.capacity = max(1, capacity) }
    public init(_ rect: IntRect, capacity: Int = 8) {
        self.init(capacity: capacity); add(rect)
    }

    public var isEmpty: Bool { rects.isEmpty }
    /// The bounding box of all rectangles.
    public var bounds: IntRect { rects.reduce(IntRect.zero) { $0.union($1) } }
    /// Total pixels covered by the list (overlaps counted twice; an upper bound).
    public var area: Int { rects.reduce(0) { $0 + $1.area } }

    /// Removes all rectangles, keeping the storage (no allocation next frame).
    public mutating func removeAll() { rects.removeAll(keepingCapacity: true) }

    public mutating func add(_ r: IntRect) {
        guard !r.isEmpty else { return }
        for e in rects where e.intersection(r) == r { return }   // already covered
        rects.removeAll { r.intersection($0) == $0 }              // swallowed by r
        rects.append(r)
        while rects.count > capacity { mergeCheapestPair() }
    }

    public mutating func add(_ other: DamageRegion) { for r in other.rects { add(r) } }

    /// Restricts every rectangle to `clip` (e.g. the frame).
    public mutating func clip(to clip: IntRect) {
        var kept: [IntRect] = []
        kept.reserveCapacity(rects.count)
        for r in rects { let c = r.intersection(clip); if !c.isEmpty { kept.append(c) } }
        rects = kept
    }

    private mutating func mergeCheapestPair() {
        var best = (i: 0, j: 1, waste: Int.max)
        for i in 0..<rects.count {
            for j in (i + 1)..<rects.count {
                let u = rects[i].union(rects[j])
                let waste = u.area - rects[i].area - rects[j].area
                if waste < best.waste { best = (i, j, waste) }
            }
        }
        let u = rects[best.i].union(rects[best.j])
        rects.remove(at: best.j)
        rects[best.i] = u
    }
}

/// Damage of recent frames for buffer-age repaint with 2-3 scanout buffers: a buffer shown
/// `age` frames ago must repaint this frame's damage plus that of the `age - 1` frames in
/// between (EGL_EXT_buffer_age semantics). Age 0 means unknown contents: repaint all.
package struct DamageHistory: Sendable {
    /// Most recent first.
    private var frames: [DamageRegion] = []
    package let depth: Int

    package init(buffers: Int = 3) { depth = max(1, min(buffers, 8)) }

    /// Records the damage of the frame just rendered.
    package mutating func push(_ damage: DamageRegion) {
        frames.insert(damage, at: 0)
        if frames.count > depth { frames.removeLast() }
    }

    /// The region to repaint into a buffer of `bufferAge` for a frame whose own damage is
    /// `current`; nil means the whole frame (unknown or too old a buffer).
    package func repaintRegion(current: DamageRegion, bufferAge: Int) -> DamageRegion? {
        guard bufferAge >= 1, bufferAge - 1 <= frames.count else { return nil }
        var r = current
        for f in frames.prefix(bufferAge - 1) { r.add(f) }
        return r
    }

    /// Forget everything (e.g. after a mode set): the next repaints are full.
    package mutating func reset() { frames.removeAll(keepingCapacity: true) }
}
