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
    let h = Double.pi / 2
    c.moveTo(Point(r.minX + rr.topLeft, r.minY))
    c.lineTo(Point(r.maxX - rr.topRight, r.minY))
    emitArc(into: &c, center: Point(r.maxX - rr.topRight, r.minY + rr.topRight),
            radius: rr.topRight, start: -h, sweep: h)
    c.lineTo(Point(r.maxX, r.maxY - rr.bottomRight))
    emitArc(into: &c, center: Point(r.maxX - rr.bottomRight, r.maxY - rr.bottomRight),
            radius: rr.bottomRight, start: 0, sweep: h)
    c.lineTo(Point(r.minX + rr.bottomLeft, r.maxY))
    emitArc(into: &c, center: Point(r.minX + rr.bottomLeft, r.maxY - rr.bottomLeft),
            radius: rr.bottomLeft, start: h, sweep: h)
    c.lineTo(Point(r.minX, r.minY + rr.topLeft))
    emitArc(into: &c, center: Point(r.minX + rr.topLeft, r.minY + rr.topLeft),
            radius: rr.topLeft, start: 2 * h, sweep: h)
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
