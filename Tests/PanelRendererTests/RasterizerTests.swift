import XCTest
@testable import PanelRenderer

/// Analytic checks of scan conversion: coverage of known areas.
final class RasterizerTests: XCTestCase {
    func makeCanvas(_ w: Int, _ h: Int) -> (Pixmap, Canvas) {
        let p = Pixmap(width: w, height: h)!
        return (p, Canvas(p.view))
    }

    /// Sum of alpha over the pixmap, in pixels (255 = one pixel).
    func coveredArea(_ p: Pixmap) -> Double {
        var s = 0.0
        for y in 0..<p.height { for x in 0..<p.width { s += Double(p[x, y] >> 24) } }
        return s / 255
    }

    func testHalfCoveredPixel() {
        let (p, c) = makeCanvas(4, 4)
        c.fill(Path.rect(Rect(1, 1, 1.5, 2)), .solid(.black))
        XCTAssertEqual(p[1, 1] >> 24, 255)
        XCTAssertEqual(Int(p[2, 1] >> 24), 128, accuracy: 1, "half-covered pixel")
        XCTAssertEqual(p[3, 1], 0)
        XCTAssertEqual(p[0, 1], 0)
    }

    func testCircleArea() {
        let (p, c) = makeCanvas(100, 100)
        c.fill(Path.ellipse(in: Rect(10.3, 10.7, 70, 70)), .solid(.black))
        let expected = Double.pi * 35 * 35
        let got = coveredArea(p)
        XCTAssertEqual(got, expected, accuracy: expected * 0.005, "circle area within 0.5%")
    }

    func testTriangleAreaAndEvenOdd() {
        let (p, c) = makeCanvas(64, 64)
        var path = Path()
        path.moveTo(Point(3.2, 5.1)); path.lineTo(Point(60.7, 9.9)); path.lineTo(Point(20.1, 58.3)); path.close()
        c.fill(path, .solid(.black))
        // Shoelace area.
        let ax: Double = 60.7 - 3.2, ay: Double = 9.9 - 5.1, bx: Double = 20.1 - 3.2, by: Double = 58.3 - 5.1
        let area = abs(ax * by - bx * ay) / 2
        XCTAssertEqual(coveredArea(p), area, accuracy: 0.5)

        // Two overlapping squares, same winding: even-odd leaves the overlap empty.
        let (q, d) = makeCanvas(40, 40)
        var two = Path.rect(Rect(0, 0, 20, 20))
        Path.rect(Rect(10, 10, 20, 20)).replay(into: &two)
        d.fill(two, .solid(.black), rule: .evenOdd)
        XCTAssertEqual(q[15, 15], 0)
        XCTAssertEqual(q[5, 5] >> 24, 255)
        XCTAssertEqual(coveredArea(q), 600, accuracy: 0.5)
        q.view.fill(with: 0)
        d.fill(two, .solid(.black), rule: .nonZero)
        XCTAssertEqual(q[15, 15] >> 24, 255)
        XCTAssertEqual(coveredArea(q), 700, accuracy: 0.5)
    }

    func testClipIndependence() {
        // A shape rendered under a clip equals the same pixels of an unclipped render.
        let (a, ca) = makeCanvas(80, 60)
        let (b, cb) = makeCanvas(80, 60)
        var path = Path()
        path.moveTo(Point(-30, 5)); path.lineTo(Point(120, 20)); path.lineTo(Point(40, 70)); path.close()
        ca.fill(path, .solid(Color(rgb: 0x3366CC)))
        cb.clip(to: Rect(17, 9, 30, 20))
        cb.fill(path, .solid(Color(rgb: 0x3366CC)))
        for y in 0..<60 { for x in 0..<80 {
            let inside = x >= 17 && x < 47 && y >= 9 && y < 29
            XCTAssertEqual(b[x, y], inside ? a[x, y] : 0, "pixel \(x),\(y)")
        } }
    }

    func testBadInputDrawsNothing() {
        let (p, c) = makeCanvas(10, 10)
        var path = Path()
        path.moveTo(Point(.nan, 1)); path.lineTo(Point(5, 5)); path.lineTo(Point(1, 8))
        c.fill(path, .solid(.black))
        var huge = Path()
        huge.moveTo(Point(-1e300, 0)); huge.lineTo(Point(1e300, 5)); huge.lineTo(Point(0, 1e300))
        c.fill(huge, .solid(.black))
        c.fill(Path(), .solid(.black))
        c.fillRect(Rect(0, 0, .infinity, 3), .solid(.black))
        c.stroke(huge, StrokeStyle(width: 3), .solid(.black))
        c.fillRoundedRect(Rect(1, 1, -5, 5), radii: CornerRadii(all: 2), .solid(.black))
        c.drawShadow(roundedRect: Rect(0, 0, .nan, 4), radii: .zero,
                     shadow: Shadow(color: .black, blur: 4, offset: .zero))
        XCTAssertEqual(coveredArea(p), 0)
    }

    func testStrokeAreas() {
        let (p, c) = makeCanvas(100, 40)
        var line = Path()
        line.moveTo(Point(10, 20)); line.lineTo(Point(90, 20))
        c.stroke(line, StrokeStyle(width: 2), .solid(.black))
        XCTAssertEqual(coveredArea(p), 160, accuracy: 0.5, "butt caps: 80 x 2")
        p.view.fill(with: 0)
        c.stroke(line, StrokeStyle(width: 2, cap: .square), .solid(.black))
        XCTAssertEqual(coveredArea(p), 164, accuracy: 0.5, "square caps add w/2 per end")
        p.view.fill(with: 0)
        c.stroke(line, StrokeStyle(width: 4, cap: .round), .solid(.black))
        XCTAssertEqual(coveredArea(p), 320 + Double.pi * 4, accuracy: 0.6, "round caps")
        // A right-angle miter join fills the square corner.
        p.view.fill(with: 0)
        var corner = Path()
        corner.moveTo(Point(10, 30)); corner.lineTo(Point(30, 30)); corner.lineTo(Point(30, 10))
        c.stroke(corner, StrokeStyle(width: 2, join: .miter), .solid(.black))
        XCTAssertEqual(coveredArea(p), 80, accuracy: 0.5, "two 20x2 legs overlap by 1, miter adds 1")
        p.view.fill(with: 0)
        c.stroke(corner, StrokeStyle(width: 2, join: .bevel), .solid(.black))
        XCTAssertEqual(coveredArea(p), 79.5, accuracy: 0.5, "bevel adds half")
    }

    func testDiagonalLineCoverageMatchesArea() {
        let (p, c) = makeCanvas(200, 200)
        c.strokeLine(from: Point(10.25, 13.5), to: Point(180.75, 170.25), StrokeStyle(width: 2), .solid(.white))
        let len = Point(170.5, 156.75).length
        XCTAssertEqual(coveredArea(p), 2 * len, accuracy: 1)
    }
}
