/// Vector geometry with no knowledge of pixels: the renderer flattens it in device space.

/// Which points a path's interior contains: non-zero winding or even-odd crossing count.
public enum FillRule: Sendable { case nonZero, evenOdd }

/// Per-corner circular radii of a rounded rectangle, in the rectangle's units.
public struct CornerRadii: Equatable, Hashable, Sendable {
    public var topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double
    public init(all r: Double) { self.init(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r) }
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft; self.topRight = topRight
        self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }
    public static let zero = CornerRadii(all: 0)

    public var isZero: Bool { topLeft <= 0 && topRight <= 0 && bottomRight <= 0 && bottomLeft <= 0 }

    /// Radii clamped to be non-negative and scaled down uniformly (as CSS does) so that
    /// adjacent corners never overlap within `size`.
    public func fitted(to size: Size) -> CornerRadii {
        func c(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }
        var r = CornerRadii(topLeft: c(topLeft), topRight: c(topRight),
                            bottomRight: c(bottomRight), bottomLeft: c(bottomLeft))
        var f = 1.0
        func limit(_ sum: Double, _ side: Double) {
            if sum > side, sum > 0 { f = min(f, max(side, 0) / sum) }
        }
        limit(r.topLeft + r.topRight, size.width)
        limit(r.bottomLeft + r.bottomRight, size.width)
        limit(r.topLeft + r.bottomLeft, size.height)
        limit(r.topRight + r.bottomRight, size.height)
        if f < 1 {
            r.topLeft *= f; r.topRight *= f; r.bottomRight *= f; r.bottomLeft *= f
        }
        return r
    }
}

/// A sequence of subpaths made of lines, quadratic and cubic Béziers. Arcs are stored as
/// cubics (<= 90 degrees each, error < 0.03 px for radii up to 100 px; larger radii use
/// 45-degree pieces), so `transformed(by:)` is exact. A value type; building allocates.
public struct Path: Sendable {
    enum Verb: UInt8, Sendable { case move, line, quad, cubic, close }
    var verbs: [Verb] = []
    var points: [Point] = []

    public init() {}

    public var isEmpty: Bool { verbs.isEmpty }
    var currentPoint: Point? { points.last }
    private var needsMove: Bool { verbs.isEmpty || verbs.last == .close }

    public mutating func moveTo(_ p: Point) {
        if verbs.last == .move { points[points.count - 1] = p; return }
        verbs.append(.move); points.append(p)
    }
    public mutating func lineTo(_ p: Point) {
        if needsMove { moveTo(lastMoveTarget ?? p) }
        verbs.append(.line); points.append(p)
    }
    public mutating func quadTo(_ c: Point, _ p: Point) {
        if needsMove { moveTo(lastMoveTarget ?? c) }
        verbs.append(.quad); points.append(c); points.append(p)
    }
    public mutating func cubicTo(_ c1: Point, _ c2: Point, _ p: Point) {
        if needsMove { moveTo(lastMoveTarget ?? c1) }
        verbs.append(.cubic); points.append(c1); points.append(c2); points.append(p)
    }
    public mutating func close() {
        guard !verbs.isEmpty, verbs.last != .close else { return }
        verbs.append(.close)
    }

    /// After `close`, drawing continues from the closed subpath's start (as in SVG/cairo).
    private var lastMoveTarget: Point? {
        guard verbs.last == .close else { return nil }
        var pi = points.count
        for v in verbs.reversed() {
            switch v {
            case .move: return points[pi - 1]
            case .line: pi -= 1
            case .quad: pi -= 2
            case .cubic: pi -= 3
            case .close: break
            }
        }
        return nil
    }

    /// Appends a circular arc; angles in radians, y down (so increasing angles run
    /// clockwise on screen when `clockwise` is true). Connects with a line from the current
    /// point, or starts a subpath there.
    public mutating func arc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                             clockwise: Bool) {
        guard radius.isFinite, radius >= 0, startAngle.isFinite, endAngle.isFinite,
              center.x.isFinite, center.y.isFinite else { return }
        var sweep = endAngle - startAngle
        let twoPi = 2 * Double.pi
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi) + twoPi }
            if sweep > twoPi { sweep = twoPi }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi) - twoPi }
            if sweep < -twoPi { sweep = -twoPi }
        }
        let start = Point(center.x + radius * _cos(startAngle), center.y + radius * _sin(startAngle))
        if needsMove { moveTo(start) } else { lineTo(start) }
        emitArc(into: &self, center: center, radius: radius, start: startAngle, sweep: sweep)
    }

    public static func rect(_ r: Rect) -> Path {
        var p = Path()
        guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite else { return p }
        emitRect(into: &p, r)
        return p
    }
    public static func roundedRect(_ r: Rect, radii: CornerRadii) -> Path {
        var p = Path()
        guard !r.isEmpty, r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite else { return p }
        emitRoundedRect(into: &p, r, radii: radii)
        return p
    }
    public static func ellipse(in r: Rect) -> Path {
        var p = Path()
        guard !r.isEmpty, r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite else { return p }
        emitEllipse(into: &p, r)
        return p
    }

    public func transformed(by t: Transform) -> Path {
        var p = self
        for i in p.points.indices { p.points[i] = t.apply(p.points[i]) }
        return p
    }

    /// Bounds of all points including control points (a superset of the exact bounds).
    public var bounds: Rect {
        guard let f = points.first else { return .zero }
        var x0 = f.x, y0 = f.y, x1 = f.x, y1 = f.y
        for p in points {
            x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
        }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// Replays the path into a consumer (used by the rasterizer and stroker).
    func replay<C: PathConsumer>(into c: inout C) {
        var pi = 0
        for v in verbs {
            switch v {
            case .move: c.moveTo(points[pi]); pi += 1
            case .line: c.lineTo(points[pi]); pi += 1
            case .quad: c.quadTo(points[pi], points[pi + 1]); pi += 2
            case .cubic: c.cubicTo(points[pi], points[pi + 1], points[pi + 2]); pi += 3
            case .close: c.close()
            }
        }
    }
}

/// Anything that accepts path commands: `Path` itself, the edge builder, the stroker.
/// Generic (not existential) use keeps the rasterizer's hot path free of dynamic dispatch.
protocol PathConsumer {
    mutating func moveTo(_ p: Point)
    mutating func lineTo(_ p: Point)
    mutating func quadTo(_ c: Point, _ p: Point)
    mutating func cubicTo(_ c1: Point, _ c2: Point, _ p: Point)
    mutating func close()
}

extension Path: PathConsumer {}
