import PanelRenderer

/// Which part of the screen changed since the last frame, from what each component paints
/// and whether its state moved. A drag of the drawer repaints the card's old and new band,
/// not the map under the whole screen; and of that band, the card body's rows that only
/// moved are moved (`move`), not repainted.
public struct DamageTracker {
    /// What each component was in the last frame, in the screen's order.
    private var last: [Drawn] = []
    /// The frame being worked out (its storage kept from frame to frame: no allocation).
    private var current: [Drawn] = []
    private struct Drawn {
        var id: String
        /// The component's `stateRevision`; for one without (nil), its `state()` entry,
        /// else `.null`: the entries are not built every frame.
        var stateRevision: Int?, state: JSONValue
        var revision: Int, bounds: Rect?, layer: MovingLayer?
    }
    private var size: Size?
    private var backgroundRevision: Int?
    /// The area the background content was laid out in: a component that keeps the bottom of
    /// the screen covered (a sliding popup bar) changes it, and the content moves with it.
    private var backgroundContentSize: Size?
    /// Set by `damage(of:everything:extra:)`: rows of the last frame that can be moved
    /// instead of repainted (a component's `MovingLayer` that only moved, with nothing above
    /// it there); nil when none.
    public private(set) var move: RowMove?
    /// Set by `damage(of:everything:extra:)`: how many layers at the bottom (the background,
    /// then the components in z-order) are the same as in the last frame, also when a
    /// component above them makes the whole frame repaint (a sheet's dimming); 0 when
    /// `everything` is asked for, the size or the background changed, a component went
    /// away or content changed (`extra`, which may lie in any layer); all of them when
    /// nothing changed. What they draw can be copied from a kept picture (`FrameRenderer`).
    public private(set) var unchangedLayers = 0

    public init() {}

    /// The region to repaint, in pixels: nil means everything; an empty rect means nothing.
    /// Call once per frame after advancing the screen; `everything` forces a full repaint
    /// (background content changed, reload, first frame); `extra` (points) is repainted too
    /// (content that changed without its component moving). Also sets `move`: the part of the
    /// region whose pixels can be moved from the last frame (the rest is repainted), also when
    /// the region is everything because the moving component's dimming may paint anywhere.
    public mutating func damage(of screen: Screen, everything: Bool, extra: Rect = .zero) -> IntRect? {
        move = nil
        unchangedLayers = 0
        // The background lies under everything: when it changes, everything is repainted.
        let contentSize = screen.backgroundContentSize
        let everythingChanged = everything || size != screen.env.size || backgroundRevision != screen.backgroundRevision
            || backgroundContentSize != contentSize
        var full = everythingChanged
        size = screen.env.size
        backgroundRevision = screen.backgroundRevision
        backgroundContentSize = contentSize
        var region = extra.isEmpty ? Rect.zero : extra
        current.removeAll(keepingCapacity: true)
        // Found by position while the components are those of the last frame in the same
        // order (every frame but the one after a reload): no hashing per frame.
        var sameOrder = last.count == screen.components.count
        // The one component whose opaque layer only moved, and what lies above it (points).
        var mover: (index: Int, old: MovingLayer, new: MovingLayer)?
        var movers = 0
        var lowestChanged: Int?
        var above = Rect.zero, aboveUnknown = false, unbounded = false
        for (i, c) in screen.components.enumerated() {
            let stateRevision = c.stateRevision, state = stateRevision == nil ? c.state() : .null
            let revision = c.drawRevision, bounds = c.paintBounds, layer = c.movingLayer
            if sameOrder && last[i].id != c.id { sameOrder = false }
            if let previous = sameOrder ? last[i] : last.first(where: { $0.id == c.id }) {
                if mover != nil {
                    // Drawn over the mover, now or in the last frame: its moved rows would carry it.
                    if let b = bounds, let p = previous.bounds { above = above.union(b).union(p) } else { aboveUnknown = true }
                }
                if previous.stateRevision != stateRevision || previous.state != state || previous.revision != revision
                    || c.needsFrames {
                    if lowestChanged == nil { lowestChanged = i }
                    if let o = previous.layer, let n = layer, o.appearance == n.appearance, o.opaque != n.opaque {
                        movers += 1
                        mover = (i, o, n)
                    }
                    if let old = previous.bounds, let new = bounds {
                        region = region.union(old).union(new)
                    } else if mover?.index == i {
                        // It may paint anywhere (a drawer's dimming): everything is repainted
                        // but its moved body.
                        unbounded = true
                    } else {
                        full = true
                    }
                }
            } else {
                full = true
                if lowestChanged == nil { lowestChanged = i }
            }
            current.append(Drawn(id: c.id, stateRevision: stateRevision, state: state, revision: revision,
                                 bounds: bounds, layer: layer))
        }
        // A component of the last frame that is not in this one went away (ids are unique).
        let removed = !sameOrder && last.contains { old in !current.contains { $0.id == old.id } }
        if removed { full = true }
        swap(&last, &current)
        // Content that changed (`extra`) may lie in any layer.
        if !everythingChanged, !removed, extra.isEmpty { unchangedLayers = (lowestChanged ?? screen.components.count) + 1 }
        if full { return nil }
        if region.isEmpty && !unbounded { return .zero }
        let scale = screen.env.scale
        let screenPx = IntRect(x: 0, y: 0, width: Int((screen.env.size.width * scale).rounded()),
                               height: Int((screen.env.size.height * scale).rounded()))
        let damaged = unbounded ? screenPx : region.scaled(by: scale).integralOutset.intersection(screenPx)
        if movers == 1, let m = mover, extra.isEmpty, !aboveUnknown {
            move = Self.rowMove(old: m.old.opaque, new: m.new.opaque, scale: scale, within: damaged, avoiding: above)
        }
        return unbounded ? nil : damaged
    }

    /// The rows of `old` (points) that move to `new` by a whole number of pixels, within the
    /// damaged region and clear of `avoiding` (points); nil when the layer changed size, moved
    /// sideways or by a fraction of a pixel, or nothing of it would move.
    static func rowMove(old: Rect, new: Rect, scale: Double, within damaged: IntRect, avoiding: Rect) -> RowMove? {
        let o = old.scaled(by: scale), n = new.scaled(by: scale)
        guard o.x == n.x, o.width == n.width, let oy = Self.whole(o.y), let ny = Self.whole(n.y), oy != ny,
              let x = Self.whole(o.x), let w = Self.whole(o.width) else { return nil }
        let dy = ny - oy
        // Where the rows were and where they go, both inside the damaged region (the frame).
        let from = IntRect(x: x, y: oy, width: w, height: Int(o.height.rounded(.down))).intersection(damaged)
        let to = IntRect(x: from.x, y: from.y + dy, width: from.width, height: from.height).intersection(damaged)
        guard !to.isEmpty else { return nil }
        let source = IntRect(x: to.x, y: to.y - dy, width: to.width, height: to.height)
        if !avoiding.isEmpty, !avoiding.scaled(by: scale).integralOutset.intersection(source.union(to)).isEmpty { return nil }
        return RowMove(source: source, dy: dy)
    }

    /// `v` when it is a whole number (within rounding error), else nil.
    private static func whole(_ v: Double) -> Int? {
        let r = v.rounded()
        return abs(v - r) < 1e-6 ? Int(r) : nil
    }
}
