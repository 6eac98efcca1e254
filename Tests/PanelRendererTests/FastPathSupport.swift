import XCTest
@testable import PanelRenderer

/// For tests of a rasterizer fast path: draws `scene` on two canvases of the same
/// `background`, the second with the path turned off by `turnOff`, and requires every pixel
/// equal (the fast paths promise the very same pixels, not close ones).
func assertFastPathChangesNoPixel(_ name: String, width: Int = 97, height: Int = 61,
                                  background: (_ x: Int, _ y: Int) -> UInt32,
                                  turnOff: (Rasterizer) -> Void, _ scene: (Canvas) -> Void,
                                  file: StaticString = #filePath, line: UInt = #line) {
    let a = Pixmap(width: width, height: height)!, b = Pixmap(width: width, height: height)!
    for y in 0..<height {
        for x in 0..<width {
            let v = background(x, y)
            a[x, y] = v; b[x, y] = v
        }
    }
    let ca = Canvas(a.view), cb = Canvas(b.view)
    // Both ways scan-convert every shape: small rounded rects would otherwise come from the
    // coverage cache (compared with scan conversion in CoverageCacheTests).
    ca.cachesCoverage = false; cb.cachesCoverage = false
    turnOff(cb.rasterizer)
    scene(ca); scene(cb)
    var differing = 0, first: (Int, Int)?
    for y in 0..<height {
        for x in 0..<width where a[x, y] != b[x, y] {
            differing += 1
            if first == nil { first = (x, y) }
        }
    }
    XCTAssertEqual(differing, 0, "\(name): \(differing) pixels differ, first at \(String(describing: first))",
                   file: file, line: line)
}

/// A coordinate on whole, half and quarter pixels or free, by `round % 4`, so random shapes
/// cover the positions the fast paths treat differently.
func snappedForRound(_ v: Double, _ round: Int) -> Double {
    switch round % 4 {
    case 0: return v.rounded()
    case 1: return (v * 2).rounded() / 2
    case 2: return BenchLCG.q4(v)
    default: return v
    }
}

enum FastPathBackground {
    /// A pixel pattern, so a blend that reads the wrong pixel shows.
    static func pattern(_ x: Int, _ y: Int) -> UInt32 {
        0xFF00_0000 | UInt32(truncatingIfNeeded: (x &* 2_654_435_761) ^ (y &* 40_503)) & 0x00FF_FFFF
    }
}

/// Two pixmaps holding the same pixel pattern (`FastPathBackground.pattern`), to draw one
/// scene on both ways.
func patternedPair(width: Int, height: Int) -> (Pixmap, Pixmap) {
    let a = Pixmap(width: width, height: height)!, b = Pixmap(width: width, height: height)!
    for y in 0..<height {
        for x in 0..<width {
            let v = FastPathBackground.pattern(x, y)
            a[x, y] = v; b[x, y] = v
        }
    }
    return (a, b)
}

/// How many pixels of `a` and `b` (the same size) differ, and the largest channel
/// difference among them.
func pixelDifference(_ a: Pixmap, _ b: Pixmap) -> (differing: Int, worst: Int) {
    var differing = 0, worst = 0
    for y in 0..<a.height {
        for x in 0..<a.width where a[x, y] != b[x, y] {
            differing += 1
            for shift in stride(from: 0, through: 24, by: 8) {
                let p = Int((a[x, y] >> UInt32(shift)) & 0xFF), q = Int((b[x, y] >> UInt32(shift)) & 0xFF)
                worst = max(worst, abs(p - q))
            }
        }
    }
    return (differing, worst)
}
