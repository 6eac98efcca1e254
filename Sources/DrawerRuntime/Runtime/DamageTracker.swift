import PanelRenderer

/// Which part of the screen changed since the last frame, from what each component paints
/// and whether its state moved. A drag of the drawer repaints the card's old and new band,
/// not the map under the whole screen.
public struct DamageTracker {
    private var last: [String: (state: JSONValue, revision: Int, bounds: Rect?)] = [:]
    private var size: Size?
    private var backgroundRevision: Int?

    public init() {}

    /// The region to repaint, in pixels: nil means everything; an empty rect means nothing.
    /// Call once per frame after advancing the screen; `everything` forces a full repaint
    /// (background content changed, reload, first frame); `extra` (points) is repainted too
    /// (content that changed without its component moving).
    public mutating func damage(of screen: Screen, everything: Bool, extra: Rect = .zero) -> IntRect? {
        // The background lies under everything: when it changes, everything is repainted.
        var full = everything || size != screen.env.size || backgroundRevision != screen.backgroundRevision
        size = screen.env.size
        backgroundRevision = screen.backgroundRevision
        var region = extra.isEmpty ? Rect.zero : extra
        var seen = Set<String>()
        for c in screen.components {
            seen.insert(c.id)
            let state = c.state(), revision = c.drawRevision, bounds = c.paintBounds
            if let previous = last[c.id] {
                if previous.state != state || previous.revision != revision || c.needsFrames {
                    guard let old = previous.bounds, let new = bounds else { full = true; last[c.id] = (state, revision, bounds); continue }
                    region = region.union(old).union(new)
                }
            } else { full = true }
            last[c.id] = (state, revision, bounds)
        }
        if last.count != seen.count { full = true; last = last.filter { seen.contains($0.key) } }
        if full { return nil }
        if region.isEmpty { return .zero }
        let screenPx = IntRect(x: 0, y: 0, width: Int((screen.env.size.width * screen.env.scale).rounded()),
                               height: Int((screen.env.size.height * screen.env.scale).rounded()))
        return region.scaled(by: screen.env.scale).integralOutset.intersection(screenPx)
    }
}
