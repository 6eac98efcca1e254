/// The drawing API: a transform/clip/opacity state stack over a borrowed pixel view, and
/// fills, strokes, images, masks and shadows. A class because it owns scratch memory (edge
/// buffers, span rows, gradient tables, the shadow cache) that is reused by every call, so
/// steady-state frames do not allocate. Not thread-safe; use one canvas per thread.
///
/// What allocates: scratch growth the first time a bigger shape or row is seen; a shadow
/// cache miss (new size/radii/blur/sub-pixel phase); the coverage cache's first 64 masks
/// (small solid rounded rects drawn twice, 4 KiB each, reused after); a rounded or
/// fractional clip of a size not seen before (clip masks are pooled by size);
/// `fill`/`stroke` of an unsorted gradient stop list (sorted copy). Building a `Path`
/// allocates in the caller; the rounded-rect, rect and line calls need no `Path`.
/// Fast paths: pixel-aligned solid rects are box fills; fully covered spans are fills
/// (opaque) or one-colour blends; a vertical linear gradient is one colour per row;
/// unscaled images at whole-pixel positions blend rows directly; small solid rounded rects
/// blend a cached coverage mask (`CoverageCache`); large ones on whole pixels are box fills
/// with only their corners masked (`fillRoundedRectInPieces`).
public final class Canvas {
    struct State {
        var transform = Transform.identity
        var opacity = 1.0
        var clip: IntRect
        var clipMask: ClipMask?
    }

    public let target: PixmapView
    var state: State
    private var stack: [State] = []
    let rasterizer = Rasterizer()
    let scratch: RenderScratch
    let polylines = PolylineStore()
    var stroker: Stroker
    let shadowCache = ShadowCache()
    let coverageCache = CoverageCache()
    /// Whether small solid rounded rects are blended through `coverageCache` (off only in
    /// tests that compare the two ways).
    var cachesCoverage = true
    /// Whether large solid rounded rects on whole pixels are filled in pieces
    /// (`fillRoundedRectInPieces`; off only in tests that compare the two ways).
    var fillsRoundedRectsInPieces = true
    /// Clip masks kept for reuse: a component that clips to the same rounded rect every
    /// frame gets the same mask back instead of a new allocation.
    private(set) var clipMaskPool: [Mask] = []

    public init(_ target: PixmapView) {
        self.target = target
        state = State(clip: target.bounds)
        scratch = RenderScratch(width: target.width)
        stroker = Stroker(out: rasterizer.store)
        stack.reserveCapacity(16)
    }

    // MARK: State

    public func save() { stack.append(state) }
    public func restore() { if let s = stack.popLast() { state = s } }

    public var transform: Transform {
        get { state.transform }
        set { state.transform = newValue }
    }
    public func translate(_ dx: Double, _ dy: Double) {
        state.transform = Transform.translation(dx, dy).concatenating(state.transform)
    }
    /// Applies `t` in the current user space (before the existing transform).
    public func concatenate(_ t: Transform) {
        state.transform = t.concatenating(state.transform)
    }

    /// Global alpha 0...1 applied to everything drawn; saved and restored with the state.
    public var opacity: Double {
        get { state.opacity }
        set { state.opacity = newValue.isFinite ? min(max(newValue, 0), 1) : 1 }
    }
    var opacity255: UInt32 { UInt32((state.opacity * 255).rounded()) }

    /// The current clip's bounds in device pixels.
    public var deviceClip: IntRect { state.clip }

    /// Intersects the clip with `rect` (current transform). Pixel-aligned rectangles under an
    /// axis-aligned transform stay a plain rectangle; anything else allocates a coverage
    /// mask of the clip bounds.
    public func clip(to rect: Rect) {
        let t = state.transform
        if t.b == 0 && t.c == 0, rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite {
            let p0 = t.apply(rect.origin), p1 = t.apply(Point(rect.maxX, rect.maxY))
            let x0 = min(p0.x, p1.x), x1 = max(p0.x, p1.x), y0 = min(p0.y, p1.y), y1 = max(p0.y, p1.y)
            if isIntegral(x0) && isIntegral(x1) && isIntegral(y0) && isIntegral(y1) {
                let r = IntRect(x: Int(max(x0, -1e9)), y: Int(max(y0, -1e9)),
                                width: Int(min(x1, 1e9) - max(x0, -1e9)),
                                height: Int(min(y1, 1e9) - max(y0, -1e9)))
                state.clip = state.clip.intersection(r)
                return
            }
        }
        clipToShape { emitRect(into: &$0, rect) }
    }

    /// Intersects the clip with `rect` in device pixels, whatever the transform: for clips
    /// worked out in pixels, such as the rows an opaque layer above leaves visible.
    public func clip(toDevice rect: IntRect) {
        state.clip = state.clip.intersection(rect)
    }

    public func clip(toRoundedRect rect: Rect, radii: CornerRadii) {
        if radii.fitted(to: rect.size).isZero { clip(to: rect); return }
        clipToShape { emitRoundedRect(into: &$0, rect, radii: radii) }
    }

    func isIntegral(_ v: Double) -> Bool { v.isFinite && abs(v - v.rounded()) < 1e-7 }

    private func clipToShape(_ build: (inout Flattener<EdgeStore>) -> Void) {
        rasterizer.begin()
        var f = Flattener(sink: rasterizer.store, transform: state.transform)
        build(&f); f.finish()
        let st = rasterizer.store
        guard !st.invalid, st.count > 0 else { state.clip = .zero; state.clipMask = nil; return }
        let bounds = Rect(st.minX, st.minY, st.maxX - st.minX, st.maxY - st.minY).integralOutset
        let r = state.clip.intersection(bounds)
        guard !r.isEmpty, let mask = reusableMask(width: r.width, height: r.height) else {
            state.clip = .zero; state.clipMask = nil; return
        }
        var mb = MaskBlitter(mask: mask, origin: (r.x, r.y))
        rasterizer.rasterize(clip: r, rule: .nonZero, blitter: &mb)
        if let old = state.clipMask {
            for y in r.y..<r.maxY {
                for x in r.x..<r.maxX {
                    let ox = x - old.origin.x, oy = y - old.origin.y
                    let o: UInt32 = ox >= 0 && oy >= 0 && ox < old.mask.width && oy < old.mask.height
                        ? UInt32(old.mask[ox, oy]) : 0
                    mask[x - r.x, y - r.y] = UInt8(mulDiv255(UInt32(mask[x - r.x, y - r.y]), o))
                }
            }
        }
        state.clip = r
        state.clipMask = ClipMask(mask: mask, origin: (r.x, r.y))
    }

    /// A zeroed mask at least this size that no saved or current state uses (the smallest
    /// such in the pool); allocates only when the pool has none (the pool keeps at most 8,
    /// dropping unused ones). A larger mask serves as well: only its top-left `width` x
    /// `height` is written, the rest stays zero, and every read lies inside the clip. So a
    /// card whose rounded clip changes size with every step of a drag reuses one mask
    /// instead of allocating one per frame; new ones are rounded up to 64 px for the same
    /// reason.
    private func reusableMask(width: Int, height: Int) -> Mask? {
        func inUse(_ m: Mask) -> Bool {
            if state.clipMask?.mask === m { return true }
            return stack.contains { $0.clipMask?.mask === m }
        }
        var best: Mask?
        for m in clipMaskPool where m.width >= width && m.height >= height && !inUse(m) {
            if best.map({ m.width * m.height < $0.width * $0.height }) ?? true { best = m }
        }
        if let best {
            best.clear()
            return best
        }
        func roundedUp(_ v: Int) -> Int { (v + 63) / 64 * 64 }
        guard let m = Mask(width: roundedUp(width), height: roundedUp(height)) ?? Mask(width: width, height: height)
        else { return nil }
        if clipMaskPool.count >= 8, let i = clipMaskPool.firstIndex(where: { !inUse($0) }) {
            clipMaskPool.remove(at: i)
        }
        clipMaskPool.append(m)
        return m
    }

    // MARK: Fills

    /// Src fill of the whole clip region (through a rounded clip's coverage, if any).
    public func clear(_ color: Color) {
        let px = color.premultiplied
        guard let cm = state.clipMask else { target.fill(state.clip, with: px); return }
        let r = state.clip.intersection(target.bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            let m = cm.mask.bytes + (y - cm.origin.y) * cm.mask.stride + (r.x - cm.origin.x)
            RowOps.solidMasked(target.row(y) + r.x, m, r.width, px, .src)
        }
    }

    public func fill(_ path: Path, _ paint: Paint, rule: FillRule = .nonZero, blend: BlendMode = .srcOver) {
        guard !path.isEmpty else { return }
        rasterizer.begin()
        var f = Flattener(sink: rasterizer.store, transform: state.transform)
        path.replay(into: &f); f.finish()
        paintEdges(paint, rule: rule, blend: blend)
    }

    /// Pixel-aligned rectangles under an axis-aligned transform with a solid paint and no
    /// mask clip become box fills; everything else goes through the rasterizer.
    public func fillRect(_ rect: Rect, _ paint: Paint, blend: BlendMode = .srcOver) {
        guard !rect.isEmpty, rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite
        else { return }
        if case .solid(let c) = paint, let box = pixelBox(rect) {
            fillBox(box, premultiplied(c, opacity: opacity255), blend: blend)
            return
        }
        rasterizer.begin()
        var f = Flattener(sink: rasterizer.store, transform: state.transform)
        emitRect(into: &f, rect); f.finish()
        paintEdges(paint, rule: .nonZero, blend: blend)
    }

    /// Fills the device pixels of `box` inside the clip with the premultiplied `s`.
    private func fillBox(_ box: IntRect, _ s: UInt32, blend: BlendMode) {
        let r = box.intersection(state.clip).intersection(target.bounds)
        guard !r.isEmpty else { return }
        if r.x == 0, r.width == target.width, target.stride == target.width {
            // Whole rows that follow each other: one run (see `SolidBlitter.blitBand`).
            RowOps.solidSpan(target.row(r.y), r.width * r.height, s, 255, blend)
            return
        }
        for y in r.y..<r.maxY { RowOps.solidSpan(target.row(y) + r.x, r.width, s, 255, blend) }
    }

    /// What `fillRect(rect, .solid(color))` gives over `backdrop`'s pixels instead of the
    /// target's own, written into the target inside the clip in one pass: a kept picture of
    /// what lies beneath copied in with a translucent colour (a dimming) laid over it. The
    /// same arithmetic as the fill, so the same pixels as copying `backdrop` in and filling.
    /// `backdrop` has the target's size. Returns false, having written nothing, unless the
    /// fill is a box fill (edges on whole pixels, no rotation, no rounded clip) covering
    /// the whole clip; then copy and fill separately.
    public func fillRect(_ rect: Rect, _ color: Color, over backdrop: PixmapView) -> Bool {
        guard backdrop.width == target.width, backdrop.height == target.height,
              !rect.isEmpty, let box = pixelBox(rect) else { return false }
        let clip = state.clip.intersection(target.bounds)
        guard !clip.isEmpty else { return true }
        guard box.intersection(clip) == clip else { return false }
        let s = premultiplied(color, opacity: opacity255)
        for y in clip.y..<clip.maxY {
            let d = target.row(y) + clip.x, b = backdrop.row(y) + clip.x
            if s >> 24 == 255 { d.update(repeating: s, count: clip.width) }
            else if s == 0 { d.update(from: b, count: clip.width) }
            else { RowOps.blendSolid(d, over: b, clip.width, s) }
        }
        return true
    }

    /// `rect` in device pixels when a solid fill of it is a box fill: the transform does not
    /// rotate, no rounded clip, every edge on a whole pixel (within range). Not clipped.
    private func pixelBox(_ rect: Rect) -> IntRect? {
        let t = state.transform
        guard state.clipMask == nil, t.b == 0, t.c == 0 else { return nil }
        let p0 = t.apply(rect.origin), p1 = t.apply(Point(rect.maxX, rect.maxY))
        let x0 = min(p0.x, p1.x), x1 = max(p0.x, p1.x), y0 = min(p0.y, p1.y), y1 = max(p0.y, p1.y)
        guard isIntegral(x0), isIntegral(x1), isIntegral(y0), isIntegral(y1),
              abs(x0) < maxDeviceCoordinate, abs(x1) < maxDeviceCoordinate,
              abs(y0) < maxDeviceCoordinate, abs(y1) < maxDeviceCoordinate else { return nil }
        return IntRect(x: Int(x0.rounded()), y: Int(y0.rounded()),
                       width: Int((x1 - x0).rounded()), height: Int((y1 - y0).rounded()))
    }

    public func fillRoundedRect(_ rect: Rect, radii: CornerRadii, _ paint: Paint) {
        guard !rect.isEmpty, rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite
        else { return }
        if quickReject(rect, outset: 0) { return }
        let fitted = radii.fitted(to: rect.size)
        if fitted.isZero { fillRect(rect, paint); return }
        if case .solid(let c) = paint {
            if fillCachedRoundedRect(rect, fitted: fitted, color: c) { return }
            if fillRoundedRectInPieces(rect, fitted: fitted, color: c) { return }
        }
        rasterizer.begin()
        var f = Flattener(sink: rasterizer.store, transform: state.transform)
        emitRoundedRect(into: &f, rect, radii: radii); f.finish()
        paintEdges(paint, rule: .nonZero, blend: .srcOver)
    }

    /// A small solid rounded rect under a translation or uniform scale, blended through its
    /// cached coverage (`CoverageCache`). False, having drawn nothing, when the shape does
    /// not qualify; the caller then scan-converts it.
    private func fillCachedRoundedRect(_ rect: Rect, fitted radii: CornerRadii, color: Color) -> Bool {
        let t = state.transform
        guard cachesCoverage, state.clipMask == nil, t.b == 0, t.c == 0, t.a > 0, t.a == t.d else { return false }
        // The direct path builds corners of a radius above this (in user units) from finer
        // pieces; the mask is built in device units, so such shapes would differ.
        guard max(radii.topLeft, radii.topRight, radii.bottomRight, radii.bottomLeft) <= quarterCubicMaxRadius
        else { return false }
        let x = t.a * rect.x + t.tx, y = t.d * rect.y + t.ty
        let w = t.a * rect.width, h = t.d * rect.height
        let side = Double(CoverageCache.maxSide)
        guard w < side, h < side, abs(x) < maxDeviceCoordinate, abs(y) < maxDeviceCoordinate else { return false }
        let s = premultiplied(color, opacity: opacity255)
        if s == 0 { return true }
        let ix = x.rounded(.down), iy = y.rounded(.down)
        let ox = Int(ix), oy = Int(iy)
        let visible = IntRect(x: ox, y: oy, width: Int((x - ix + w).rounded(.up)), height: Int((y - iy + h).rounded(.up)))
            .intersection(state.clip).intersection(target.bounds)
        if visible.isEmpty { return true }
        let key = CoverageKey(width: w, height: h, phaseX: x - ix, phaseY: y - iy,
                              radii: CornerRadii(topLeft: radii.topLeft * t.a, topRight: radii.topRight * t.a,
                                                 bottomRight: radii.bottomRight * t.a,
                                                 bottomLeft: radii.bottomLeft * t.a))
        guard let e = coverageCache.mask(for: key, rasterizer: rasterizer) else { return false }
        let m = e.mask
        for py in visible.y..<visible.maxY {
            RowOps.solidMasked(target.row(py) + visible.x, m.bytes + (py - oy) * m.stride + (visible.x - ox),
                               visible.width, s, .srcOver)
        }
        return true
    }

    /// A solid rounded rect too big for the coverage cache with its edges on whole device
    /// pixels (a drawer's, sheet's or card's body) in pieces: the rows between the top and
    /// bottom corners, and the columns between the corners in the corners' rows, are box
    /// fills (a full-width body's rows are one run); only the corner regions are masked.
    /// The corners' arcs stay inside their corner boxes (a quarter's control points do),
    /// so every pixel of the boxes is wholly inside the shape: coverage 255, as the scan
    /// converter gives it. Scan converting it all swept and filled each corner row in full
    /// and walked the outline every frame; in pieces, the bench's 1920x1080 drawer layer
    /// is 2-4 % faster, 3-7 µs above a plain box of its size (RoundedRectPiecesTests
    /// compares 400 shapes with the scan-converted pixels). False, having drawn nothing,
    /// when the shape does not qualify (rotation, a clip mask, an edge off the pixel grid,
    /// corners that overlap once rounded up to whole pixels).
    private func fillRoundedRectInPieces(_ rect: Rect, fitted radii: CornerRadii, color: Color) -> Bool {
        let t = state.transform
        // Shapes the coverage cache can hold whole are left to it.
        guard fillsRoundedRectsInPieces, t.a > 0, t.d > 0, let box = pixelBox(rect),
              box.width > CoverageCache.maxSide || box.height > CoverageCache.maxSide else { return false }
        @inline(__always) func whole(_ v: Double) -> Int? {
            let u = v.rounded(.up)
            return u.isFinite && u >= 0 && u < maxDeviceCoordinate ? Int(u) : nil
        }
        guard let tlW = whole(radii.topLeft * t.a), let tlH = whole(radii.topLeft * t.d),
              let trW = whole(radii.topRight * t.a), let trH = whole(radii.topRight * t.d),
              let brW = whole(radii.bottomRight * t.a), let brH = whole(radii.bottomRight * t.d),
              let blW = whole(radii.bottomLeft * t.a), let blH = whole(radii.bottomLeft * t.d) else { return false }
        let top = max(tlH, trH), bottom = max(blH, brH)
        guard top + bottom <= box.height, tlW + trW <= box.width, blW + brW <= box.width else { return false }
        let s = premultiplied(color, opacity: opacity255)
        if s == 0 { return true }
        let x = box.x, y = box.y, maxX = box.maxX, maxY = box.maxY
        let clip = state.clip.intersection(target.bounds)
        // The corners together are a small rounded rect of whole pixels (each corner region
        // of it at the same place against its arc, and the same cells left of it in its
        // rows): from the coverage cache when it has it, as `fillCachedRoundedRect` does.
        let cornersWidth = max(tlW + trW, blW + brW), cornersHeight = top + bottom
        var cached: Mask?
        if cachesCoverage, t.a == t.d {
            let key = CoverageKey(width: Double(cornersWidth), height: Double(cornersHeight), phaseX: 0, phaseY: 0,
                                  radii: CornerRadii(topLeft: radii.topLeft * t.a, topRight: radii.topRight * t.a,
                                                     bottomRight: radii.bottomRight * t.a,
                                                     bottomLeft: radii.bottomLeft * t.a))
            cached = coverageCache.mask(for: key, rasterizer: rasterizer)?.mask
        }
        var outlined = false
        func corner(_ region: IntRect, maskX: Int, maskY: Int) {
            let c = region.intersection(clip)
            if c.isEmpty { return }
            if let m = cached {
                for py in c.y..<c.maxY {
                    RowOps.solidMasked(target.row(py) + c.x, m.bytes + (py - maskY) * m.stride + (c.x - maskX),
                                       c.width, s, .srcOver)
                }
                return
            }
            if !outlined {
                rasterizer.begin()
                var f = Flattener(sink: rasterizer.store, transform: t)
                emitRoundedRect(into: &f, rect, radii: radii); f.finish()
                outlined = true
            }
            var solid = SolidBlitter(dst: target, blend: .srcOver, color: s)
            rasterizer.rasterize(clip: c, rule: .nonZero, blitter: &solid)
        }
        // Boxes first, then corners: no order of the pieces measured faster than another.
        fillBox(IntRect(x: x + tlW, y: y, width: box.width - tlW - trW, height: top), s, blend: .srcOver)
        fillBox(IntRect(x: x, y: y + top, width: box.width, height: box.height - top - bottom), s, blend: .srcOver)
        fillBox(IntRect(x: x + blW, y: maxY - bottom, width: box.width - blW - brW, height: bottom), s, blend: .srcOver)
        let rightMaskX = maxX - cornersWidth, bottomMaskY = maxY - cornersHeight
        corner(IntRect(x: x, y: y, width: tlW, height: top), maskX: x, maskY: y)
        corner(IntRect(x: maxX - trW, y: y, width: trW, height: top), maskX: rightMaskX, maskY: y)
        corner(IntRect(x: x, y: maxY - bottom, width: blW, height: bottom), maskX: x, maskY: bottomMaskY)
        corner(IntRect(x: maxX - brW, y: maxY - bottom, width: brW, height: bottom), maskX: rightMaskX, maskY: bottomMaskY)
        return true
    }

    /// Strokes `path`. Allocates only while the renderer's polyline scratch grows.
    public func stroke(_ path: Path, _ style: StrokeStyle, _ paint: Paint) {
        guard !path.isEmpty, style.width.isFinite, style.width > 0 else { return }
        let t = state.transform
        let scale = abs(t.a * t.d - t.b * t.c).squareRoot()
        guard scale.isFinite, scale > 0 else { return }
        polylines.reset()
        var f = Flattener(sink: polylines, transform: t, fillMode: false)
        path.replay(into: &f); f.finish()
        rasterizer.begin()
        stroker.halfWidth = style.width * scale / 2
        stroker.style = style
        stroker.stroke(polylines)
        paintEdges(paint, rule: .nonZero, blend: .srcOver)
    }

    /// Strokes one line segment without building a `Path` (roads, separators, hairlines).
    public func strokeLine(from a: Point, to b: Point, _ style: StrokeStyle, _ paint: Paint) {
        guard style.width.isFinite, style.width > 0 else { return }
        let box = Rect(min(a.x, b.x), min(a.y, b.y), abs(a.x - b.x), abs(a.y - b.y))
        if quickReject(box, outset: style.width) { return }
        let t = state.transform
        let scale = abs(t.a * t.d - t.b * t.c).squareRoot()
        guard scale.isFinite, scale > 0 else { return }
        polylines.reset()
        var f = Flattener(sink: polylines, transform: t, fillMode: false)
        f.moveTo(a); f.lineTo(b); f.finish()
        rasterizer.begin()
        stroker.halfWidth = style.width * scale / 2
        stroker.style = style
        stroker.stroke(polylines)
        paintEdges(paint, rule: .nonZero, blend: .srcOver)
    }

    /// True when `rect` grown by `outset` (user units) certainly misses the clip: damaged
    /// band repaints then skip flattening shapes outside the band.
    func quickReject(_ rect: Rect, outset: Double) -> Bool {
        let t = state.transform
        let r = rect.insetBy(dx: -outset, dy: -outset)
        let p0 = t.apply(r.origin), p1 = t.apply(Point(r.maxX, r.maxY))
        let p2 = t.apply(Point(r.maxX, r.minY)), p3 = t.apply(Point(r.minX, r.maxY))
        let x0 = min(min(p0.x, p1.x), min(p2.x, p3.x)), x1 = max(max(p0.x, p1.x), max(p2.x, p3.x))
        let y0 = min(min(p0.y, p1.y), min(p2.y, p3.y)), y1 = max(max(p0.y, p1.y), max(p2.y, p3.y))
        let c = state.clip
        // NaN compares false everywhere, so it is never rejected here (the edge builder drops it).
        return x1 <= Double(c.x) || x0 >= Double(c.maxX) || y1 <= Double(c.y) || y0 >= Double(c.maxY)
    }

    // MARK: Paint setup

    /// Rasterizes the collected edges with `paint`.
    func paintEdges(_ paint: Paint, rule: FillRule, blend: BlendMode) {
        let clip = state.clip.intersection(target.bounds)
        guard !clip.isEmpty else { return }
        var b = PaintBlitter(dst: target, blend: blend, scratch: scratch)
        b.clip = state.clipMask
        let op = opacity255
        b.opacity = op
        switch paint {
        case .solid(let c):
            b.solid = premultiplied(c, opacity: op)
            if blend == .srcOver && b.solid == 0 { return }
        case .linearGradient(let start, let end, let stops):
            guard !stops.isEmpty else { return }
            let stops = sortedStops(stops)
            let vx = end.x - start.x, vy = end.y - start.y
            let l2 = vx * vx + vy * vy
            guard let inv = state.transform.inverted, l2 > 0, l2.isFinite else {
                b.solid = premultiplied(stops[stops.count - 1].color, opacity: op); break
            }
            b.tA = (inv.a * vx + inv.b * vy) / l2
            b.tB = (inv.c * vx + inv.d * vy) / l2
            b.tC = ((inv.tx - start.x) * vx + (inv.ty - start.y) * vy) / l2
            guard abs(b.tA) < 1e12, abs(b.tB) < 1e12, abs(b.tC) < 1e12 else {   // also NaN
                b.kind = .solid; b.solid = premultiplied(stops[stops.count - 1].color, opacity: op); break
            }
            if abs(b.tA) < 1e-12 {
                b.kind = .rowGradient; b.stops = stops
            } else {
                b.kind = .linear
                scratch.buildLUT(stops, opacity: op)
            }
        case .radialGradient(let center, let radius, let stops):
            guard !stops.isEmpty else { return }
            let stops = sortedStops(stops)
            guard let inv = state.transform.inverted, inv.isReasonable, radius > 0, radius.isFinite,
                  abs(center.x) < 1e12, abs(center.y) < 1e12 else {
                b.solid = premultiplied(stops[stops.count - 1].color, opacity: op); break
            }
            b.kind = .radial; b.inverse = inv; b.center = center; b.radius = radius
            scratch.buildLUT(stops, opacity: op)
        }
        if b.kind == .solid && b.clip == nil {
            // The commonest fill (pins, roads, panels) through a blitter with nothing else
            // to decide per row; the same row operations, so the same pixels.
            var solid = SolidBlitter(dst: target, blend: blend, color: b.solid)
            rasterizer.rasterize(clip: clip, rule: rule, blitter: &solid)
            return
        }
        rasterizer.rasterize(clip: clip, rule: rule, blitter: &b)
    }

    private func sortedStops(_ s: [GradientStop]) -> [GradientStop] {
        for i in s.indices.dropFirst() where s[i].offset < s[i - 1].offset {
            return s.sorted { $0.offset < $1.offset }
        }
        return s
    }
}
