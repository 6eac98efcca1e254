import XCTest
@testable import PanelRenderer

/// Rows crossed by exactly two edges whose cells do not share a column (a stroked line's
/// middle rows, thin quads and triangles) are swept as they are walked (`pairRow`) instead
/// of going through the cell accumulators. These draw the same shapes both ways and require
/// identical pixels: lines at every angle and width, both caps, ends in and out of the frame
/// and the clip, both fill rules, translucent, gradient and masked paint, and band clips
/// like the drag frame's.
final class PairRowTests: XCTestCase {
    /// Draws `scene` pair rows on and off, over a pattern, and compares every pixel.
    private func assertSameBothWays(_ name: String, width: Int = 97, height: Int = 61,
                                    _ scene: (Canvas) -> Void, file: StaticString = #filePath, line: UInt = #line) {
        assertFastPathChangesNoPixel(name, width: width, height: height,
                                     background: FastPathBackground.pattern,
                                     turnOff: { $0.pairRows = false }, scene, file: file, line: line)
    }

    func testLinesAtEveryAngleAndWidth() {
        var rng = BenchLCG()
        for round in 0..<60 {
            // Ends inside, near and beyond the frame's sides, on and off the quarter grid.
            let a = Point(rng.u() * 130 - 15, rng.u() * 90 - 15)
            let b = Point(rng.u() * 130 - 15, rng.u() * 90 - 15)
            let (p, q) = round % 2 == 0 ? (Point(BenchLCG.q4(a.x), BenchLCG.q4(a.y)), Point(BenchLCG.q4(b.x), BenchLCG.q4(b.y)))
                                        : (a, b)
            let width = [0.5, 1, 2, 3.5, 9][round % 5]
            let cap: LineCap = round % 3 == 0 ? .square : .butt
            let colour = Color(r: 255, g: UInt8(round * 41 % 256), b: 40, a: round % 4 == 1 ? 140 : 255)
            assertSameBothWays("line \(round) \(p) \(q) width \(width)") { c in
                c.strokeLine(from: p, to: q, StrokeStyle(width: width, cap: cap), .solid(colour))
            }
        }
    }

    func testSteepShallowAndAxisLines() {
        assertSameBothWays("near vertical and near horizontal") { c in
            let road = StrokeStyle(width: 2, cap: .butt)
            c.strokeLine(from: Point(20.25, 2), to: Point(21.5, 58), road, .solid(.white))
            c.strokeLine(from: Point(3, 30.75), to: Point(94, 33.5), road, .solid(.white))
            c.strokeLine(from: Point(50, 1), to: Point(50, 60), road, .solid(.black))
            c.strokeLine(from: Point(60.5, 1.25), to: Point(60.5, 60), StrokeStyle(width: 1), .solid(.black))
            c.strokeLine(from: Point(2, 10), to: Point(95, 10), road, .solid(.black))
        }
        assertSameBothWays("crossing lines") { c in
            let road = StrokeStyle(width: 2, cap: .butt)
            c.strokeLine(from: Point(5, 5), to: Point(90, 55), road, .solid(Color(r: 0, g: 0, b: 0, a: 128)))
            c.strokeLine(from: Point(5, 55), to: Point(90, 5), road, .solid(Color(r: 0, g: 0, b: 0, a: 128)))
        }
    }

    func testPolygonsRulesPaintsAndClips() {
        var thin = Path()
        thin.moveTo(Point(4, 3.3)); thin.lineTo(Point(90.6, 20.1)); thin.lineTo(Point(7.5, 57.9)); thin.close()
        var bow = Path()   // crossing edges: the two share columns where they meet
        bow.moveTo(Point(5, 5)); bow.lineTo(Point(90, 55)); bow.lineTo(Point(90, 5)); bow.lineTo(Point(5, 55)); bow.close()
        for rule in [FillRule.nonZero, .evenOdd] {
            assertSameBothWays("thin triangle \(rule)") { c in c.fill(thin, .solid(.black), rule: rule) }
            assertSameBothWays("bow tie \(rule)") { c in c.fill(bow, .solid(Color(rgb: 0x1E88E5)), rule: rule) }
        }
        assertSameBothWays("src and clear") { c in
            c.fill(thin, .solid(Color(r: 200, g: 10, b: 10, a: 100)), blend: .src)
            c.fill(bow, .solid(.black), blend: .clear)
        }
        assertSameBothWays("gradient stroke") { c in
            c.strokeLine(from: Point(3, 50), to: Point(93, 8.5), StrokeStyle(width: 3), .linearGradient(
                start: Point(0, 0), end: Point(97, 0),
                stops: [GradientStop(offset: 0, color: .white), GradientStop(offset: 1, color: Color(rgb: 0x336699))]))
        }
        assertSameBothWays("rounded clip mask") { c in
            c.clip(toRoundedRect: Rect(10.5, 4.25, 60, 45), radii: CornerRadii(all: 11))
            c.strokeLine(from: Point(0, 60), to: Point(97, 0), StrokeStyle(width: 2), .solid(.black))
        }
        for (top, height) in [(0, 61), (7, 7), (20, 1), (33, 19)] {
            // Horizontal bands, as the drag frame redraws them, and a clip with its own sides.
            assertSameBothWays("band \(top)+\(height)") { c in
                c.clip(to: Rect(0, Double(top), 97, Double(height)))
                c.strokeLine(from: Point(1.25, 60), to: Point(95.5, 0.75), StrokeStyle(width: 2), .solid(.white))
                c.fill(thin, .solid(Color(r: 0, g: 120, b: 0, a: 200)))
            }
            assertSameBothWays("box \(top)+\(height)") { c in
                c.clip(to: Rect(30, Double(top), 40, Double(height)))
                c.strokeLine(from: Point(1.25, 60), to: Point(95.5, 0.75), StrokeStyle(width: 2), .solid(.white))
            }
        }
    }
}
