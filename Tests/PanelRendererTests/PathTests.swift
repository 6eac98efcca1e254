import XCTest
@testable import PanelRenderer

final class PathTests: XCTestCase {
    func area(_ path: Path, _ w: Int = 120, _ h: Int = 120, rule: FillRule = .nonZero) -> Double {
        let p = Pixmap(width: w, height: h)!
        Canvas(p.view).fill(path, .solid(.black), rule: rule)
        var s = 0.0
        for y in 0..<h { for x in 0..<w { s += Double(p[x, y] >> 24) } }
        return s / 255
    }

    func testArcFullCircleArea() {
        var p = Path()
        p.arc(center: Point(60, 60), radius: 40, startAngle: 0, endAngle: 2 * Double.pi, clockwise: true)
        p.close()
        XCTAssertEqual(area(p), Double.pi * 1600, accuracy: Double.pi * 1600 * 0.005)
    }

    func testHalfDiscFromArc() {
        var p = Path()
        p.moveTo(Point(60, 60))
        p.arc(center: Point(60, 60), radius: 40, startAngle: 0, endAngle: Double.pi, clockwise: true)
        p.close()
        XCTAssertEqual(area(p), Double.pi * 800, accuracy: Double.pi * 800 * 0.005)
        // Counter-clockwise from 0 to pi goes through the top half instead: same area.
        var q = Path()
        q.moveTo(Point(60, 60))
        q.arc(center: Point(60, 60), radius: 40, startAngle: 0, endAngle: Double.pi, clockwise: false)
        q.close()
        XCTAssertEqual(area(q), Double.pi * 800, accuracy: Double.pi * 800 * 0.005)
    }

    func testQuadraticParabolaArea() {
        // Region under a parabola y = 100 - x^2/..: area of a parabolic segment = 2/3 * base * height.
        var p = Path()
        p.moveTo(Point(10, 100)); p.quadTo(Point(60, 0), Point(110, 100)); p.close()
        // Control at height 100 above the base gives a segment of height 50.
        // Chords lose at most (curve length ~224 px) x (sagitta <= tolerance) of area.
        XCTAssertEqual(area(p), 2.0 / 3.0 * 100 * 50, accuracy: 224 * flatteningTolerance)
    }

    func testCubicMatchesQuadraticEquivalent() {
        var q = Path()
        q.moveTo(Point(10, 100)); q.quadTo(Point(60, 0), Point(110, 100)); q.close()
        var c = Path()
        c.moveTo(Point(10, 100))
        c.cubicTo(Point(10 + 2.0 / 3 * 50, 100 - 2.0 / 3 * 100), Point(110 - 2.0 / 3 * 50, 100 - 2.0 / 3 * 100), Point(110, 100))
        c.close()
        XCTAssertEqual(area(c), area(q), accuracy: 0.5)
    }

    func testTransformedAndBounds() {
        let r = Path.rect(Rect(0, 0, 10, 5)).transformed(by: Transform.scale(2, 3).concatenating(.translation(4, 6)))
        XCTAssertEqual(r.bounds, Rect(4, 6, 20, 15))
        XCTAssertEqual(area(r), 300, accuracy: 0.01)
        XCTAssertEqual(Path().bounds, .zero)
        let rr = Path.roundedRect(Rect(10, 10, 60, 40), radii: CornerRadii(topLeft: 20, topRight: 0, bottomRight: 5, bottomLeft: 0))
        let want = 60.0 * 40 - (1 - Double.pi / 4) * (400 + 25)
        XCTAssertEqual(area(rr), want, accuracy: 40 * flatteningTolerance, "arc length x tolerance")
    }

    func testOversizedRadiiAreFittedLikeCSS() {
        let f = CornerRadii(all: 50).fitted(to: Size(40, 20))
        XCTAssertEqual(f.topLeft, 10, accuracy: 1e-9)
        let e = Path.ellipse(in: Rect(10, 20, 100, 60))
        XCTAssertEqual(area(e), Double.pi * 50 * 30, accuracy: Double.pi * 1500 * 0.005)
    }
}
