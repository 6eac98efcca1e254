import XCTest
@testable import PanelRenderer

/// The rasterizer fills the rows between the straight sides of rectangles and rounded
/// rectangles from spans made once (`straightBand`) instead of walking their cells. These
/// draw the same shapes both ways and require identical pixels: positions on and off the
/// pixel grid, shapes partly outside the clip and the frame, both fill rules, translucent
/// and opaque paint, blend modes, a rounded clip mask, global opacity and scaled transforms.
final class StraightBandTests: XCTestCase {
    /// Draws `scene` bands on and off and compares every pixel.
    private func assertSameBothWays(_ name: String, width: Int = 97, height: Int = 61,
                                    background: @escaping (Int, Int) -> UInt32 = { _, _ in 0xFF80_6040 },
                                    _ scene: (Canvas) -> Void, file: StaticString = #filePath, line: UInt = #line) {
        assertFastPathChangesNoPixel(name, width: width, height: height, background: background,
                                     turnOff: { $0.straightBands = false }, scene, file: file, line: line)
    }

    func testRoundedRectsOnAndOffTheGrid() {
        var rng = BenchLCG()
        for round in 0..<40 {
            let x = rng.u() * 120 - 20, y = rng.u() * 80 - 15
            let w = rng.u() * 60 + 0.3, h = rng.u() * 50 + 0.3
            func q(_ v: Double) -> Double { snappedForRound(v, round) }
            let r = Rect(q(x), q(y), q(w), q(h))
            let radii = CornerRadii(topLeft: rng.u() * 12, topRight: rng.u() * 12,
                                    bottomRight: round % 3 == 0 ? 0 : rng.u() * 12, bottomLeft: rng.u() * 12)
            let colour = Color(r: UInt8(round * 37 % 256), g: 90, b: 200, a: round % 2 == 0 ? 255 : 120)
            assertSameBothWays("rounded rect \(round) \(r)") { c in
                c.fillRoundedRect(r, radii: radii, .solid(colour))
            }
            assertSameBothWays("rect \(round) \(r)") { c in
                c.fill(Path.rect(r), .solid(colour), rule: round % 2 == 0 ? .nonZero : .evenOdd,
                       blend: round % 5 == 0 ? .src : .srcOver)
            }
        }
    }

    /// Bands as wide as the frame are filled as one run (`SolidBlitter.blitBand`), and
    /// so are whole-row boxes (`Canvas.fillRect`).
    func testWholeRowBandsAreOneRun() {
        assertSameBothWays("drawer body", background: FastPathBackground.pattern) { c in
            c.fillRoundedRect(Rect(0, 20.5, 97, 40.5), radii: CornerRadii(topLeft: 12, topRight: 12, bottomRight: 0, bottomLeft: 0),
                              .solid(.white))
        }
        assertSameBothWays("translucent sheet", background: FastPathBackground.pattern) { c in
            c.fillRoundedRect(Rect(0, 5.25, 97, 70), radii: CornerRadii(all: 10), .solid(Color(r: 0, g: 0, b: 0, a: 89)))
        }
        assertSameBothWays("copy and clear", background: FastPathBackground.pattern) { c in
            c.fill(Path.rect(Rect(0, 3.5, 97, 20)), .solid(Color(r: 30, g: 0, b: 0, a: 140)), blend: .src)
            c.fill(Path.rect(Rect(0, 30.5, 97, 20)), .solid(.white), blend: .clear)
        }
        // The box path has no switch: the same fills into a view whose rows do not follow
        // each other (stride wider than the frame) take the row-by-row way.
        let tight = Pixmap(width: 97, height: 61)!, wide = Pixmap(width: 120, height: 61)!
        let wideView = PixmapView(base: wide.view.base, width: 97, height: 61, stride: 120)
        for y in 0..<61 {
            for x in 0..<97 {
                tight[x, y] = FastPathBackground.pattern(x, y); wideView[x, y] = FastPathBackground.pattern(x, y)
            }
        }
        for view in [tight.view, wideView] {
            let c = Canvas(view)
            c.fillRect(Rect(0, 3, 97, 20), .solid(Color(r: 200, g: 10, b: 60, a: 255)))
            c.fillRect(Rect(0, 10, 97, 45), .solid(Color(r: 0, g: 0, b: 0, a: 89)))
            c.fillRect(Rect(0, 50, 97, 11), .solid(.white), blend: .src)
        }
        var differing = 0
        for y in 0..<61 { for x in 0..<97 where tight[x, y] != wideView[x, y] { differing += 1 } }
        XCTAssertEqual(differing, 0)
        XCTAssertEqual(tight[40, 5], Color(r: 200, g: 10, b: 60, a: 255).premultiplied, "the fill reached the frame")
    }

    func testClipsTransformsOpacityAndGradients() {
        assertSameBothWays("clip rect") { c in
            c.clip(to: Rect(7, 5, 50, 40))
            c.fillRoundedRect(Rect(3.25, 2.5, 70, 50), radii: CornerRadii(all: 9), .solid(.black))
        }
        assertSameBothWays("rounded clip mask") { c in
            c.clip(toRoundedRect: Rect(10.5, 4.25, 60, 45), radii: CornerRadii(all: 11))
            c.fillRoundedRect(Rect(0.75, 8, 90, 30), radii: CornerRadii(all: 4), .solid(Color(r: 10, g: 200, b: 30, a: 180)))
        }
        assertSameBothWays("scaled, translated, faded") { c in
            c.translate(3.3, -2.1)
            c.concatenate(Transform(a: 1.5, b: 0, c: 0, d: 1.25, tx: 0, ty: 0))
            c.opacity = 0.6
            c.fillRoundedRect(Rect(2, 3, 40, 30), radii: CornerRadii(all: 6), .solid(.white))
        }
        assertSameBothWays("mirrored") { c in
            c.concatenate(Transform(a: -1, b: 0, c: 0, d: 1, tx: 90, ty: 0))
            c.fillRoundedRect(Rect(5.5, 6.5, 40, 40), radii: CornerRadii(all: 6), .solid(.black))
        }
        assertSameBothWays("vertical gradient") { c in
            c.fillRoundedRect(Rect(4.5, 1.75, 80, 55), radii: CornerRadii(all: 13), .linearGradient(
                start: Point(0, 0), end: Point(0, 60),
                stops: [GradientStop(offset: 0, color: .white), GradientStop(offset: 1, color: Color(rgb: 0x336699))]))
        }
        assertSameBothWays("sides in one column") { c in
            c.fill(Path.rect(Rect(10.2, 3, 0.5, 40)), .solid(.black))
            c.fill(Path.rect(Rect(-5, 3, 4.5, 40)), .solid(.black))
            c.fill(Path.rect(Rect(95.5, 3, 9, 40)), .solid(.black))
        }
    }
}
