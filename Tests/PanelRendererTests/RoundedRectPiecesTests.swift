import XCTest
@testable import PanelRenderer

/// Large solid rounded rects on whole pixels, filled in pieces (`fillRoundedRectInPieces`):
/// the same pixels as scan converting the whole shape.
final class RoundedRectPiecesTests: XCTestCase {
    func testPiecesGiveTheScanConvertedPixels() {
        var rng = BenchLCG()
        let W = 331, H = 203
        var worstSeen = 0, differingShapes = 0
        for round in 0..<400 {
            let scale = [1.0, 2.0, 0.5, 1.0][round % 4]
            // Whole device pixels after the scale.
            func grid(_ v: Double) -> Double { (v * scale).rounded() / scale }
            let x = grid(rng.u() * 360 - 30), y = grid(rng.u() * 220 - 20)
            let w = grid(rng.u() * 300 + 1), h = grid(rng.u() * 200 + 1)
            func radius() -> Double {
                switch Int(rng.u() * 5) {
                case 0: return 0
                case 1: return (rng.u() * 24).rounded()
                case 2: return (rng.u() * 24 * 2).rounded() / 2
                default: return rng.u() * 40
                }
            }
            let radii = CornerRadii(topLeft: radius(), topRight: radius(), bottomRight: radius(), bottomLeft: radius())
            let colour = Color(r: UInt8(round * 37 % 256), g: 90, b: 200, a: round % 3 == 0 ? 130 : 255)
            let clip = Rect((rng.u() * W.d).rounded(), (rng.u() * H.d).rounded(), rng.u() * 200 + 1, rng.u() * 150 + 1)
            let shift = ((rng.u() * 20).rounded() - 10, (rng.u() * 20).rounded() - 10)
            let (a, b) = patternedPair(width: W, height: H)
            let ca = Canvas(a.view), cb = Canvas(b.view)
            // The corners of `ca` from the coverage cache from the third draw on.
            ca.cachesCoverage = round % 2 == 0; cb.cachesCoverage = false
            cb.fillsRoundedRectsInPieces = false
            for c in [ca, cb] {
                if round % 5 == 4 { c.clip(to: clip) }
                if round % 6 == 5 { c.opacity = 0.6 }
                if round % 3 == 1 { c.translate(shift.0, shift.1) }
                c.concatenate(Transform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0))
                for _ in 0..<(round % 2 == 0 ? 3 : 1) {
                    c.fillRoundedRect(Rect(x, y, w, h), radii: radii, .solid(colour))
                }
            }
            let (differing, worst) = pixelDifference(a, b)
            if differing > 0 { differingShapes += 1; worstSeen = max(worstSeen, worst)
                print("round \(round): \(Rect(x, y, w, h)) \(radii) x\(scale): \(differing) pixels differ, worst \(worst)") }
        }
        XCTAssertEqual(differingShapes, 0, "worst channel off by \(worstSeen)")
    }
}

private extension Int { var d: Double { Double(self) } }
