/// Strokes as a union of simple polygons: one quad per flattened segment, a wedge per join,
/// a cap polygon per open end. Every polygon is emitted with the same orientation, so the
/// non-zero rule fills their union. Works in device space on the flattened path; the width
/// is scaled by the transform's mean scale (exact for similarity transforms).

/// Collects flattened device-space polylines (renderer-owned, reused between draws).
final class PolylineStore: LineSink {
    var points: UnsafeMutablePointer<Point>
    var count = 0
    private var capacity = 64
    /// (first point index, point count, closed) per subpath.
    var subpaths: [(start: Int, count: Int, closed: Bool)] = []
    private var subStart = 0

    init() { points = .allocate(capacity: capacity) }
    deinit { points.deallocate() }

    func reset() { count = 0; subpaths.removeAll(keepingCapacity: true); subStart = 0 }

    private func append(_ p: Point) {
        if count == capacity {
            let n = capacity * 2
            let q = UnsafeMutablePointer<Point>.allocate(capacity: n)
            q.moveInitialize(from: points, count: count)
            points.deallocate(); points = q; capacity = n
        }
        points[count] = p; count += 1
    }

    func addLine(_ a: Point, _ b: Point) {
        if count == subStart { append(a) }
        if points[count - 1] != b { append(b) }
    }
    func endSubpath(closed: Bool) {
        var n = count - subStart
        // A closed polyline repeats its start at the end: drop the duplicate.
        if closed && n > 1 && points[count - 1] == points[subStart] { count -= 1; n -= 1 }
        if n >= 2 { subpaths.append((subStart, n, closed)) }
        else { count = subStart }
        subStart = count
    }
}

/// Owned by the canvas and reused, so its polygon scratch is allocated once.
struct Stroker {
    let out: EdgeStore
    var halfWidth = 0.5
    var style = StrokeStyle(width: 1)
    /// Scratch for one polygon.
    private var poly: [Point] = []

    init(out: EdgeStore) {
        self.out = out
        poly.reserveCapacity(64)
    }

    /// Emits the polygon in `poly` with positive orientation.
    private mutating func emitPoly() {
        let n = poly.count
        guard n >= 3 else { poly.removeAll(keepingCapacity: true); return }
        var a2 = 0.0
        for i in 0..<n {
            let p = poly[i], q = poly[(i + 1) % n]
            a2 += p.x * q.y - q.x * p.y
        }
        if a2 >= 0 {
            for i in 0..<n { out.addLine(poly[i], poly[(i + 1) % n]) }
        } else {
            for i in 0..<n { out.addLine(poly[(i + 1) % n], poly[i]) }
        }
        poly.removeAll(keepingCapacity: true)
    }

    private var arcStep: Double {
        // Chord error hw * (1 - cos(step/2)) <= tolerance; caps and joins are few, so a
        // quarter of the fill tolerance keeps small round ends round.
        let tol = flatteningTolerance / 4
        let c = 1 - tol / max(halfWidth, tol)
        let step = 2 * _acos(max(min(c, 1), -1))
        return max(step, 0.01)
    }

    mutating func stroke(_ lines: PolylineStore) {
        for sp in lines.subpaths {
            strokeSubpath(lines.points + sp.start, sp.count, closed: sp.closed)
        }
    }

    private mutating func strokeSubpath(_ p: UnsafeMutablePointer<Point>, _ n: Int, closed: Bool) {
        let hw = halfWidth
        let segs = closed ? n : n - 1
        for i in 0..<segs {
            var a = p[i], b = p[(i + 1) % n]
            let d = b - a, len = d.length
            guard len > 0 else { continue }
            let u = Point(d.x / len, d.y / len)
            if !closed && style.cap == .square {
                if i == 0 { a = a - u * hw }
                if i == segs - 1 { b = b + u * hw }
            }
            let nrm = Point(-u.y * hw, u.x * hw)
            poly.append(a + nrm); poly.append(b + nrm); poly.append(b - nrm); poly.append(a - nrm)
            emitPoly()
        }
        // Joins at interior vertices (and all vertices of a closed polyline).
        let first = closed ? 0 : 1, last = closed ? n - 1 : n - 2
        if last >= first {
            for i in first...last {
                join(prev: p[(i + n - 1) % n], at: p[i], next: p[(i + 1) % n])
            }
        }
        if !closed && style.cap == .round {
            circle(p[0]); circle(p[n - 1])
        }
    }

    private mutating func join(prev: Point, at v: Point, next: Point) {
        let d0 = v - prev, d1 = next - v
        let l0 = d0.length, l1 = d1.length
        guard l0 > 0, l1 > 0 else { return }
        let u0 = Point(d0.x / l0, d0.y / l0), u1 = Point(d1.x / l1, d1.y / l1)
        let cross = u0.x * u1.y - u0.y * u1.x
        let dot = u0.x * u1.x + u0.y * u1.y
        if abs(cross) < 1e-12 && dot > 0 { return }
        let hw = halfWidth
        // Outer side: opposite to the turn.
        let s = cross > 0 ? -1.0 : 1.0
        let n0 = Point(-u0.y * hw * s, u0.x * hw * s), n1 = Point(-u1.y * hw * s, u1.x * hw * s)
        switch style.join {
        case .bevel:
            poly.append(v); poly.append(v + n0); poly.append(v + n1); emitPoly()
        case .miter:
            // Miter length / width = 1 / sin(theta / 2) where theta is the inner angle.
            let cosTheta = -dot
            let sinHalf = ((1 - cosTheta) / 2).squareRoot()
            if sinHalf > 1e-9 && 1 / sinHalf <= style.miterLimit {
                let bis = Point(n0.x + n1.x, n0.y + n1.y)
                let bl = bis.length
                if bl > 1e-12 {
                    let m = hw / sinHalf
                    let tip = v + Point(bis.x / bl * m, bis.y / bl * m)
                    poly.append(v); poly.append(v + n0); poly.append(tip); poly.append(v + n1)
                    emitPoly()
                    return
                }
            }
            poly.append(v); poly.append(v + n0); poly.append(v + n1); emitPoly()
        case .round:
            let a0 = _atan2(n0.y, n0.x)
            var a1 = _atan2(n1.y, n1.x)
            // Go the short way round from n0 to n1.
            var sweep = a1 - a0
            if sweep > Double.pi { sweep -= 2 * Double.pi }
            if sweep < -Double.pi { sweep += 2 * Double.pi }
            a1 = a0 + sweep
            let steps = max(1, Int((abs(sweep) / arcStep).rounded(.up)))
            poly.append(v)
            for k in 0...steps {
                let a = a0 + sweep * Double(k) / Double(steps)
                poly.append(Point(v.x + hw * _cos(a), v.y + hw * _sin(a)))
            }
            emitPoly()
        }
    }

    private mutating func circle(_ c: Point) {
        let steps = max(8, Int((2 * Double.pi / arcStep).rounded(.up)))
        for k in 0..<steps {
            let a = 2 * Double.pi * Double(k) / Double(steps)
            poly.append(Point(c.x + halfWidth * _cos(a), c.y + halfWidth * _sin(a)))
        }
        emitPoly()
    }
}

#if canImport(Glibc)
import Glibc
@inline(__always) func _acos(_ x: Double) -> Double { Glibc.acos(x) }
@inline(__always) func _atan2(_ y: Double, _ x: Double) -> Double { Glibc.atan2(y, x) }
#else
import Foundation
@inline(__always) func _acos(_ x: Double) -> Double { Foundation.acos(x) }
@inline(__always) func _atan2(_ y: Double, _ x: Double) -> Double { Foundation.atan2(y, x) }
#endif
