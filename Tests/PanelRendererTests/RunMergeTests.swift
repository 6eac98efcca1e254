import XCTest
@testable import PanelRenderer

/// A convex outline traced without rotation (a rounded rect, an ellipse) arrives as one run
/// of edges going down and one coming back up, and `EdgeStore.sortByTop` merges the two
/// instead of quicksorting them. The merge may order edges with the same top differently
/// from the quicksort; these draw the same shapes both ways and require identical pixels:
/// the bench's pins at quarter-pixel positions, every radius up to a circle (where the two
/// sides meet in one cell), unequal corners, transforms, clips, both fill rules, and paths
/// that are not two runs (which must take the quicksort).
final class RunMergeTests: XCTestCase {
    /// Draws `scene` the merge on and off, over a pattern, and compares every pixel.
    private func assertSameBothWays(_ name: String, width: Int = 97, height: Int = 61,
                                    _ scene: (Canvas) -> Void, file: StaticString = #filePath, line: UInt = #line) {
        assertFastPathChangesNoPixel(name, width: width, height: height, background: FastPathBackground.pattern,
                                     turnOff: { $0.store.mergesRuns = false }, scene, file: file, line: line)
    }

    func testPinsAtQuarterPixels() {
        assertSameBothWays("pins", width: 200, height: 120) { c in
            var rng = BenchLCG()
            for k in 0..<60 {
                let x = BenchLCG.q4(rng.u() * 190 - 5), y = BenchLCG.q4(rng.u() * 110 - 5)
                let colour = Color(r: 200, g: UInt8(k * 37 % 256), b: 30, a: k % 3 == 0 ? 150 : 255)
                c.fillRoundedRect(Rect(x, y, 18, 18), radii: CornerRadii(all: 5), .solid(colour))
            }
        }
    }

    func testEveryRadiusUpToACircle() {
        var rng = BenchLCG()
        for round in 0..<80 {
            let w = 1 + rng.u() * 60, h = 1 + rng.u() * 50
            let radius = round % 4 == 0 ? min(w, h) / 2 : rng.u() * min(w, h) / 2
            let origin = round % 2 == 0 ? Point(BenchLCG.q4(rng.u() * 40 - 5), BenchLCG.q4(rng.u() * 20 - 5))
                                        : Point(rng.u() * 40 - 5, rng.u() * 20 - 5)
            let rect = Rect(origin.x, origin.y, w, h)
            assertSameBothWays("rounded rect \(round) \(rect) radius \(radius)") { c in
                c.fillRoundedRect(rect, radii: CornerRadii(all: radius), .solid(Color(r: 20, g: 90, b: 200, a: 230)))
            }
        }
        assertSameBothWays("circles") { c in
            c.fillRoundedRect(Rect(3.25, 2.5, 40, 40), radii: CornerRadii(all: 20), .solid(.black))
            c.fillRoundedRect(Rect(50.75, 10, 3, 3), radii: CornerRadii(all: 1.5), .solid(.white))
            c.fill(.ellipse(in: Rect(48.5, 20.25, 45, 37.5)), .solid(Color(r: 0, g: 0, b: 0, a: 128)))
            c.fill(.ellipse(in: Rect(10.1, 45.3, 30.7, 12.9)), .solid(.white), rule: .evenOdd)
        }
    }

    func testUnequalCornersTransformsAndClips() {
        let radii = CornerRadii(topLeft: 2, topRight: 12.5, bottomRight: 0, bottomLeft: 7.25)
        assertSameBothWays("unequal corners") { c in
            c.fillRoundedRect(Rect(4.5, 3.75, 60, 40), radii: radii, .solid(.black))
        }
        let transforms: [Transform] = [
            .scale(1.5, 1.5), .scale(-1, 1), .scale(1, -1), .rotation(radians: Double.pi / 2),
            .rotation(radians: Double.pi), .rotation(radians: 0.3), .scale(0.37, 2.1),
        ]
        for (k, t) in transforms.enumerated() {
            assertSameBothWays("transform \(k)") { c in
                c.translate(48, 30)
                c.concatenate(t)
                c.fillRoundedRect(Rect(-20.25, -14.5, 40, 29), radii: radii, .solid(Color(rgb: 0x1E88E5)))
                c.fillRoundedRect(Rect(-8, -8, 18, 18), radii: CornerRadii(all: 5), .solid(.white))
            }
        }
        assertSameBothWays("band clips and a rounded clip") { c in
            c.clip(toRoundedRect: Rect(10.5, 4.25, 60, 45), radii: CornerRadii(all: 11))
            c.clip(to: Rect(0, 17, 97, 9))
            c.fillRoundedRect(Rect(2.25, 1.75, 80, 55), radii: CornerRadii(all: 16), .solid(.black))
        }
    }

    func testSortByTopSortsAnyOrder() {
        var rng = BenchLCG()
        let store = EdgeStore(capacity: 4)
        for round in 0..<40 {
            store.reset()
            let n = 1 + round * 3
            for k in 0..<n {
                // Two runs for even rounds (sorted tops, then falling ones), any order otherwise.
                let top: Double
                switch round % 2 {
                case 0: top = k < n / 2 ? Double(k) : Double(n - k) + 0.5
                default: top = (rng.u() * 20).rounded()
                }
                store.addLine(Point(rng.u() * 50, top), Point(rng.u() * 50, top + 1 + rng.u() * 5))
            }
            var before = (0..<store.count).map { store.edges[$0].y0 }
            store.sortByTop()
            let after = (0..<store.count).map { store.edges[$0].y0 }
            before.sort()
            XCTAssertEqual(after, before, "round \(round)")
        }
    }
}
