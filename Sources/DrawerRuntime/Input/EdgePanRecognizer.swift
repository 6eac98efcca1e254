import PanelRenderer

/// A pan that must start within a zone along one screen edge and move inward (interaction.md
/// §3.5: MSDynamics' 24 pt zone; §9.17: kiosks with thick bezels need a configurable zone,
/// best in millimetres, and inward-only gestures).
public struct EdgePanRecognizer: Sendable {
    public enum Edge: Equatable, Sendable { case left, right, top, bottom }

    public var edge: Edge
    /// Zone width in points from the edge.
    public var zoneWidth: Double
    /// The screen (or container) rectangle whose edge is meant, in points.
    public var bounds: Rect
    private var pan: PanRecognizer
    private var checked = false

    /// `zoneWidth` in points.
    public init(edge: Edge, zoneWidth: Double = 24, bounds: Rect, slop: TouchSlop = .standard,
                extraFingers: ExtraFingerPolicy = .ignore) {
        self.edge = edge
        self.zoneWidth = zoneWidth
        self.bounds = bounds
        let axis: PanRecognizer.Axis = (edge == .left || edge == .right) ? .horizontal : .vertical
        pan = PanRecognizer(configuration: .init(slop: slop, axis: axis, extraFingers: extraFingers))
    }

    /// Zone given in millimetres on the glass.
    public init(edge: Edge, zoneMillimetres: Double, units: PhysicalUnits, bounds: Rect,
                slop: TouchSlop = .standard, extraFingers: ExtraFingerPolicy = .ignore) {
        self.init(edge: edge, zoneWidth: units.points(millimetres: zoneMillimetres), bounds: bounds,
                  slop: slop, extraFingers: extraFingers)
    }

    public var state: PanRecognizer.State { pan.state }
    public var isActive: Bool { pan.isActive }

    public mutating func reset() { pan.reset(); checked = false }

    /// Whether a touch at `p` may start this gesture.
    public func isInZone(_ p: Point) -> Bool {
        guard bounds.contains(p) else { return false }
        switch edge {
        case .left: return p.x - bounds.minX < zoneWidth
        case .right: return bounds.maxX - p.x <= zoneWidth
        case .top: return p.y - bounds.minY < zoneWidth
        case .bottom: return bounds.maxY - p.y <= zoneWidth
        }
    }

    public mutating func handle(_ e: TouchEvent) -> PanEvent? {
        if e.phase == .down && pan.owner == nil {
            checked = false
            guard isInZone(e.location) else {
                // Still take ownership so this finger cannot start the gesture later, then fail.
                _ = pan.handle(e)
                pan.fail()
                return .failed
            }
        }
        let event = pan.handle(e)
        if case .began(let u)? = event, !checked {
            checked = true
            let d = u.location - u.startLocation
            let inward: Bool
            switch edge {
            case .left: inward = d.x > 0
            case .right: inward = d.x < 0
            case .top: inward = d.y > 0
            case .bottom: inward = d.y < 0
            }
            if !inward { pan.fail(); return .failed }
        }
        return event
    }
}
