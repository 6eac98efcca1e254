import XCTest
@testable import PanelRenderer

/// The coverage cache of small rounded rects (`CoverageCache`): the same pixels as scan
/// converting each shape, and a bounded number of masks, converted once each.
final class CoverageCacheTests: XCTestCase {
    /// Draws `scene` with the cache and without, over a pixel pattern, and returns how many
    /// pixels differ and the largest channel difference.
    private func compare(width: Int = 97, height: Int = 61, _ scene: (Canvas) -> Void)
        -> (differing: Int, worst: Int, cached: Canvas) {
        let (a, b) = patternedPair(width: width, height: height)
        let ca = Canvas(a.view), cb = Canvas(b.view)
        cb.cachesCoverage = false
        scene(ca); scene(cb)
        let d = pixelDifference(a, b)
        return (d.differing, d.worst, ca)
    }

    func testCachedRoundedRectsGiveTheScanConvertedPixels() {
        var rng = BenchLCG()
        var converted = 0
        for round in 0..<160 {
            let x = rng.u() * 120 - 20, y = rng.u() * 80 - 15
            let w = rng.u() * 62 + 0.3, h = rng.u() * 62 + 0.3
            func q(_ v: Double) -> Double { snappedForRound(v, round) }
            let r = Rect(q(x), q(y), q(w), q(h))
            let radii = CornerRadii(topLeft: rng.u() * 30, topRight: rng.u() * 12,
                                    bottomRight: round % 3 == 0 ? 0 : rng.u() * 12, bottomLeft: rng.u() * 12)
            let colour = Color(r: UInt8(round * 37 % 256), g: 90, b: 200, a: round % 2 == 0 ? 255 : 120)
            let scales = [1.0, 0.5, 0.3, 1.5, 1.0 / 3]
            let scale = scales[round % 5]
            let shift = (rng.u() * 10 - 5, rng.u() * 10 - 5)
            let result = compare { c in
                if round % 7 == 3 { c.clip(to: Rect(10, 7, 50, 31)) }
                if round % 6 == 5 { c.opacity = 0.6 }
                if round % 4 == 3 { c.translate(shift.0, shift.1) }
                c.concatenate(Transform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0))
                // Seen, then converted, then from the cache.
                for _ in 0..<3 { c.fillRoundedRect(r, radii: radii, .solid(colour)) }
            }
            converted += result.cached.coverageCache.conversions
            XCTAssertEqual(result.differing, 0, "round \(round) \(r) \(radii) x\(scale): worst channel off by \(result.worst)")
            XCTAssertLessThanOrEqual(result.cached.coverageCache.conversions, 1, "round \(round): drawn three times, converted once")
        }
        // The test means something only if most shapes took the cache.
        XCTAssertGreaterThan(converted, 100)
    }

    /// Radii above one cubic's limit are built from finer pieces in user units; under a
    /// strong scale-down such a shape is small on screen, and must not take the cache.
    func testLargeUserRadiiUnderAScaleDownAreNotCached() {
        let result = compare { c in
            c.concatenate(Transform(a: 0.25, b: 0, c: 0, d: 0.25, tx: 0, ty: 0))
            for _ in 0..<3 {
                c.fillRoundedRect(Rect(0.3, 0.3, 240, 240), radii: CornerRadii(all: 120), .solid(.black))
            }
        }
        XCTAssertEqual(result.differing, 0)
        XCTAssertEqual(result.cached.coverageCache.conversions, 0)
    }

    func testSteadyStateConvertsNothingAndTheCacheStaysBounded() {
        let frame = Pixmap(width: 400, height: 300)!
        let c = Canvas(frame.view)
        let cache = c.coverageCache
        func pins(_ dy: Double) {
            for i in 0..<40 {
                let x = BenchLCG.q4(Double(i * 37 % 380)), y = BenchLCG.q4(Double(i * 53 % 280)) + dy
                c.fillRoundedRect(Rect(x + 0.25 * Double(i % 4), y, 18, 18), radii: CornerRadii(all: 5),
                                  .solid(Color(rgb: 0xE53935)))
            }
        }
        // A pin whose phase was seen before (in this frame or an earlier one) is converted.
        pins(0)
        pins(1)
        let afterSecond = cache.conversions
        XCTAssertGreaterThan(afterSecond, 0)
        XCTAssertLessThanOrEqual(afterSecond, 16, "four phases across, four down at most")
        for frameIndex in 2...6 { pins(Double(frameIndex)) }   // whole-pixel moves: same phases
        XCTAssertEqual(cache.conversions, afterSecond, "a drag by whole pixels converts no mask again")
        // A shape moving by fractions of a pixel has a new phase each frame: never cached.
        let before = cache.conversions
        for k in 0..<200 { c.fillRoundedRect(Rect(5 + Double(k) * 0.013, 5, 20, 12), radii: CornerRadii(all: 4), .solid(.white)) }
        XCTAssertEqual(cache.conversions, before)
        // More distinct shapes drawn again than it holds: the least recently used go.
        for k in 0..<200 {
            for _ in 0..<2 { c.fillRoundedRect(Rect(5, 5, 10 + Double(k) * 0.2, 12), radii: CornerRadii(all: 4), .solid(.white)) }
        }
        XCTAssertEqual(cache.count, cache.capacity)
        XCTAssertEqual(cache.conversions, before + 200)
        // Too big to cache, on whole pixels: filled in pieces, its corners (together a 24x24
        // rounded rect) converted once, on the second draw, and cached from then on.
        let beforeBig = cache.conversions
        for _ in 0..<4 { c.fillRoundedRect(Rect(100, 100, 200, 100), radii: CornerRadii(all: 12), .solid(Color(rgb: 0x123456))) }
        XCTAssertEqual(cache.conversions, beforeBig + 1)
        XCTAssertEqual(frame[200, 150], Color(rgb: 0x123456).premultiplied, "the big shape was drawn")
        // Too big and off the pixel grid: scan-converted directly, every time.
        let beforeOff = cache.conversions
        for _ in 0..<2 { c.fillRoundedRect(Rect(100.5, 100, 200, 100), radii: CornerRadii(all: 12), .solid(Color(rgb: 0x123456))) }
        XCTAssertEqual(cache.conversions, beforeOff)
    }
}
