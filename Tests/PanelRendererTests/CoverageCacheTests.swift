import XCTest
@testable import PanelRenderer

/// The coverage cache of small rounded rects (`CoverageCache`): the same pixels as scan
/// converting each shape, and a bounded number of masks, converted once each.
final class CoverageCacheTests: XCTestCase {
    /// Draws `scene` with the cache and without, over a pixel pattern, and returns how many
    /// pixels differ and the largest channel difference.
    private func compare(width: Int = 97, height: Int = 61, _ scene: (Canvas) -> Void)
        -> (differing: Int, worst: Int, cached: Canvas) {
        let a = Pixmap(width: width, height: height)!, b = Pixmap(width: width, height: height)!
        for y in 0..<height {
            for x in 0..<width {
                let v = FastPathBackground.pattern(x, y)
                a[x, y] = v; b[x, y] = v
            }
        }
        let ca = Canvas(a.view), cb = Canvas(b.view)
        cb.cachesCoverage = false
        scene(ca); scene(cb)
        var differing = 0, worst = 0
        for y in 0..<height {
            for x in 0..<width where a[x, y] != b[x, y] {
                differing += 1
                for shift in stride(from: 0, through: 24, by: 8) {
                    let p = Int((a[x, y] >> UInt32(shift)) & 0xFF), q = Int((b[x, y] >> UInt32(shift)) & 0xFF)
                    worst = max(worst, abs(p - q))
                }
            }
        }
        return (differing, worst, ca)
    }

    func testCachedRoundedRectsGiveTheScanConvertedPixels() {
        var rng = BenchLCG()
        var converted = 0
        for round in 0..<120 {
            let x = rng.u() * 120 - 20, y = rng.u() * 80 - 15
            let w = rng.u() * 60 + 0.3, h = rng.u() * 58 + 0.3
            func q(_ v: Double) -> Double {
                switch round % 4 {
                case 0: return v.rounded()
                case 1: return (v * 2).rounded() / 2
                case 2: return BenchLCG.q4(v)
                default: return v
                }
            }
            let r = Rect(q(x), q(y), q(w), q(h))
            let radii = CornerRadii(topLeft: rng.u() * 30, topRight: rng.u() * 12,
                                    bottomRight: round % 3 == 0 ? 0 : rng.u() * 12, bottomLeft: rng.u() * 12)
            let colour = Color(r: UInt8(round * 37 % 256), g: 90, b: 200, a: round % 2 == 0 ? 255 : 120)
            let scale = round % 5 == 4 ? 0.5 : 1.0
            let result = compare { c in
                if round % 7 == 3 { c.clip(to: Rect(10, 7, 50, 31)) }
                if round % 6 == 5 { c.opacity = 0.6 }
                c.concatenate(Transform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0))
                c.fillRoundedRect(r, radii: radii, .solid(colour))
                c.fillRoundedRect(r, radii: radii, .solid(colour))   // the second from the cache
            }
            converted += result.cached.coverageCache.missCount
            XCTAssertEqual(result.differing, 0, "round \(round) \(r) \(radii): worst channel off by \(result.worst)")
            XCTAssertLessThanOrEqual(result.cached.coverageCache.missCount, 1, "round \(round): drawn twice, converted once")
        }
        // The test means something only if most shapes took the cache.
        XCTAssertGreaterThan(converted, 80)
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
        pins(0)
        let afterFirst = cache.missCount
        XCTAssertLessThanOrEqual(afterFirst, 16, "four phases across, four down at most")
        for frameIndex in 1...5 { pins(Double(frameIndex)) }   // whole-pixel moves: same phases
        XCTAssertEqual(cache.missCount, afterFirst, "a drag by whole pixels converts no mask again")
        // More distinct shapes than it holds: the least recently used go, the count stays.
        for k in 0..<200 { c.fillRoundedRect(Rect(5, 5, 10 + Double(k) * 0.2, 12), radii: CornerRadii(all: 4), .solid(.white)) }
        XCTAssertEqual(cache.count, cache.capacity)
        // Too big to cache: scan-converted directly.
        let before = cache.missCount
        c.fillRoundedRect(Rect(0, 0, 200, 100), radii: CornerRadii(all: 12), .solid(.white))
        XCTAssertEqual(cache.missCount, before)
    }
}
