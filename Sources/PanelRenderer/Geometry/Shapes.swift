/// Shape outlines written once, generically, so `Path` and the rasterizer's edge builder
/// share them (the canvas fills rounded rects without building a `Path`, i.e. without
/// allocating).

/// Largest angle one cubic may approximate for a given radius so the radial error stays
/// well under 0.1 px (a 90-degree cubic errs by 2.7e-4 * r).
@inline(__always)
func maxArcPiece(radius: Double) -> Double {
    radius <= 100 ? Double.pi / 2 : (radius <= 3000 ? Double.pi / 4 : Double.pi / 16)
}

/// Appends cubics for an arc whose start point is already the current point.
func emitArc<C: PathConsumer>(into c: inout C, center: Point, radius: Double, start: Double, sweep: Double) {
    guard sweep != 0, radius > 0 else { return }
    let piece = maxArcPiece(radius: radius)
    let n = max(1, Int((abs(sweep) / piece - 1e-9).rounded(.up)))
    let step = sweep / Double(n)
    let k = 4.0 / 3.0 * _tan(step / 4)
    var a0 = start
    var cs0 = _cos(a0), sn0 = _sin(a0)
    for i in 1...n {
        let a1 = i == n ? start + sweep : a0 + step
        let cs1 = _cos(a1), sn1 = _sin(a1)
        let c1 = Point(center.x + radius * (cs0 - k * sn0), center.y + radius * (sn0 + k * cs0))
        let c2 = Point(center.x + radius * (cs1 + k * sn1), center.y + radius * (sn1 - k * cs1))
        c.cubicTo(c1, c2, Point(center.x + radius * cs1, center.y + radius * sn1))
        a0 = a1; cs0 = cs1; sn0 = sn1
    }
}

/// 4/3 tan(pi/8): control-point distance of a quarter circle's cubic, per unit radius.
let quarterArcK = 0.552_284_749_830_793_4

/// The largest radius (in the units the shape is built in) whose quarter circle is one cubic.
let quarterCubicMaxRadius = 100.0

/// A quarter circle from angle `q * 90` degrees to `(q + 1) * 90` (clockwise on screen),
/// as one cubic without trigonometry; larger radii go through `emitArc`'s finer pieces.
@inline(__always)
func emitQuarter<C: PathConsumer>(into c: inout C, center: Point, radius r: Double, quadrant q: Int) {
    if r > quarterCubicMaxRadius {
        emitArc(into: &c, center: center, radius: r, start: Double(q) * Double.pi / 2, sweep: Double.pi / 2)
        return
    }
    // Unit vectors at the start and end angle (y down, clockwise).
    @inline(__always) func unit(_ i: Int) -> (Double, Double) {
        switch i & 3 { case 0: return (1, 0); case 1: return (0, 1); case 2: return (-1, 0); default: return (0, -1) }
    }
    let (sx, sy) = unit(q), (ex, ey) = unit(q + 1)
    let k = quarterArcK * r
    c.cubicTo(Point(center.x + sx * r + ex * k, center.y + sy * r + ey * k),
              Point(center.x + ex * r + sx * k, center.y + ey * r + sy * k),
              Point(center.x + ex * r, center.y + ey * r))
}

/// Clockwise on screen (y down), starting at the top-left corner.
func emitRect<C: PathConsumer>(into c: inout C, _ r: Rect) {
    c.moveTo(Point(r.minX, r.minY))
    c.lineTo(Point(r.maxX, r.minY))
    c.lineTo(Point(r.maxX, r.maxY))
    c.lineTo(Point(r.minX, r.maxY))
    c.close()
}

/// Clockwise on screen; radii are fitted to the rectangle first (CSS rule).
func emitRoundedRect<C: PathConsumer>(into c: inout C, _ r: Rect, radii: CornerRadii) {
    let rr = radii.fitted(to: r.size)
    if rr.isZero { emitRect(into: &c, r); return }
    c.moveTo(Point(r.minX + rr.topLeft, r.minY))
    c.lineTo(Point(r.maxX - rr.topRight, r.minY))
    if rr.topRight > 0 {
        emitQuarter(into: &c, center: Point(r.maxX - rr.topRight, r.minY + rr.topRight),
                    radius: rr.topRight, quadrant: 3)
    }
    c.lineTo(Point(r.maxX, r.maxY - rr.bottomRight))
    if rr.bottomRight > 0 {
        emitQuarter(into: &c, center: Point(r.maxX - rr.bottomRight, r.maxY - rr.bottomRight),
                    radius: rr.bottomRight, quadrant: 0)
    }
    c.lineTo(Point(r.minX + rr.bottomLeft, r.maxY))
    if rr.bottomLeft > 0 {
        emitQuarter(into: &c, center: Point(r.minX + rr.bottomLeft, r.maxY - rr.bottomLeft),
                    radius: rr.bottomLeft, quadrant: 1)
    }
    c.lineTo(Point(r.minX, r.minY + rr.topLeft))
    if rr.topLeft > 0 {
        emitQuarter(into: &c, center: Point(r.minX + rr.topLeft, r.minY + rr.topLeft),
                    radius: rr.topLeft, quadrant: 2)
    }
    c.close()
}

/// An ellipse as four (or more) cubics, clockwise on screen. Non-circular ellipses use the
/// circle construction scaled per axis, exact up to the same cubic error.
func emitEllipse<C: PathConsumer>(into c: inout C, _ r: Rect) {
    let rx = r.width / 2, ry = r.height / 2
    let cx = r.midX, cy = r.midY
    let radius = max(rx, ry)
    let piece = maxArcPiece(radius: radius)
    let n = max(4, Int((2 * Double.pi / piece).rounded(.up)))
    let step = 2 * Double.pi / Double(n)
    let k = 4.0 / 3.0 * _tan(step / 4)
    c.moveTo(Point(cx + rx, cy))
    var a0 = 0.0
    for i in 1...n {
        let a1 = i == n ? 2 * Double.pi : a0 + step
        let cs0 = _cos(a0), sn0 = _sin(a0), cs1 = _cos(a1), sn1 = _sin(a1)
        c.cubicTo(Point(cx + rx * (cs0 - k * sn0), cy + ry * (sn0 + k * cs0)),
                  Point(cx + rx * (cs1 + k * sn1), cy + ry * (sn1 - k * cs1)),
                  Point(cx + rx * cs1, cy + ry * sn1))
        a0 = a1
    }
    c.close()
}
