import XCTest
@testable import PanelRenderer

/// Bad numbers from callers (NaN, infinities, absurd sizes) draw nothing instead of trapping.
final class TextRobustnessTests: XCTestCase {
    let face = try! FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")

    func testNonFiniteInputsDrawNothing() throws {
        let p = try XCTUnwrap(Pixmap(width: 50, height: 20))
        p.view.fill(with: Color.white.premultiplied)
        for size in [Double.nan, .infinity, -5, 0, 1e12] {
            drawText("Hi", face: face, sizePx: size, at: Point(2, 15), color: .black, into: p.view)
        }
        for origin in [Point(.nan, 10), Point(10, .infinity), Point(-1e300, 1e300)] {
            drawText("Hi", face: face, sizePx: 16, at: origin, color: .black, into: p.view)
        }
        for y in 0..<20 { for x in 0..<50 { XCTAssertEqual(p[x, y], Color.white.premultiplied) } }

        let shaper = TextShaper()
        for size in [Double.nan, .infinity, -1, 1e300] {
            let l = shaper.layout("Hello world", style: TextStyle(face: face, sizePx: size), maxWidth: 50, maxLines: 2)
            l.draw(into: p.view, origin: Point(0, 0), color: .black)
        }
        let ok = shaper.layout("Hello world", style: TextStyle(face: face, sizePx: 12), maxWidth: .nan)
        ok.draw(into: p.view, origin: Point(.nan, .nan), color: .black)
        ok.draw(into: p.view, origin: Point(1e300, -1e300), color: .black)
        for y in 0..<20 { for x in 0..<50 { XCTAssertEqual(p[x, y], Color.white.premultiplied) } }
    }

    func testEmptyAndControlText() throws {
        let p = try XCTUnwrap(Pixmap(width: 50, height: 20))
        let shaper = TextShaper()
        for text in ["", "\n", "\r\n\r\n", "\u{0}\u{7}", "\u{300}", " \t ", "a\u{2028}b"] {
            let l = shaper.layout(text, style: TextStyle(face: face, sizePx: 14), maxWidth: 30, maxLines: 3)
            XCTAssertGreaterThanOrEqual(l.lines.count, 1)
            l.draw(into: p.view, origin: .zero, color: .black)
            drawText(text, face: face, sizePx: 14, at: Point(0, 14), color: .black, into: p.view)
        }
    }
}
