import XCTest
@testable import PanelRenderer

final class ClipShadowTests: XCTestCase {
    func canvas(_ w: Int, _ h: Int) -> (Pixmap, Canvas) {
        let p = Pixmap(width: w, height: h)!
        return (p, Canvas(p.view))
    }
    func alphaSum(_ p: Pixmap) -> Double {
        var s = 0.0
        for y in 0..<p.height { for x in 0..<p.width { s += Double(p[x, y] >> 24) } }
        return s / 255
    }

    func testRectClipSaveRestore() {
        let (p, c) = canvas(20, 20)
        c.save()
        c.clip(to: Rect(5, 5, 10, 10))
        XCTAssertEqual(c.deviceClip, IntRect(x: 5, y: 5, width: 10, height: 10))
        c.clear(.black)
        c.restore()
        XCTAssertEqual(c.deviceClip, IntRect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertEqual(alphaSum(p), 100, accuracy: 0.01)
    }

    func testFractionalRectClipIsAntialiased() {
        let (p, c) = canvas(10, 4)
        c.clip(to: Rect(2.5, 0, 5, 4))
        c.fillRect(Rect(0, 0, 10, 4), .solid(.black))
        XCTAssertEqual(Int(p[2, 1] >> 24), 128, accuracy: 1)
        XCTAssertEqual(p[3, 1] >> 24, 255)
        XCTAssertEqual(alphaSum(p), 20, accuracy: 0.05)
    }

    func testRoundedClipArea() {
        let (p, c) = canvas(60, 60)
        c.clip(toRoundedRect: Rect(5, 5, 50, 50), radii: CornerRadii(all: 25))   // a circle
        c.fillRect(Rect(0, 0, 60, 60), .solid(.black))
        XCTAssertEqual(alphaSum(p), Double.pi * 625, accuracy: Double.pi * 625 * 0.005)
        XCTAssertEqual(p[6, 6], 0, "corner outside the circle")
    }

    func testShadowMatchesCSSBlurAndIsCached() {
        // A 100x60 rect shadow: far inside it equals the colour; its edge is about half;
        // total "mass" equals the rect's area times alpha (blur preserves mass).
        let (p, c) = canvas(200, 160)
        let shadow = Shadow(color: .black, blur: 12, offset: Point(3, 4))
        c.drawShadow(roundedRect: Rect(50, 50, 100, 60), radii: CornerRadii(all: 10), shadow: shadow)
        XCTAssertEqual(p[103, 84] >> 24, 255, "deep inside")
        XCTAssertEqual(Int(p[53, 84] >> 24), 128, accuracy: 12, "on the offset edge")
        XCTAssertEqual(p[10, 10], 0, "beyond 3 sigma")
        let area = 100.0 * 60 - (4 - Double.pi) * 100   // rounded-rect area
        XCTAssertEqual(alphaSum(p), area, accuracy: area * 0.02)
        let blurs = c.shadowCache.blurCount
        for _ in 0..<5 {
            c.drawShadow(roundedRect: Rect(50, 50, 100, 60), radii: CornerRadii(all: 10), shadow: shadow)
        }
        XCTAssertEqual(c.shadowCache.blurCount, blurs, "steady state never re-blurs")
    }

    func testStretchedShadowEqualsFullBlur() {
        // A long shape uses a reduced mask with a repeated middle: compare with a directly
        // blurred full-size mask.
        let w = 400, h = 90
        let (p, c) = canvas(w, h)
        let rect = Rect(20.25, 20.5, 360, 50)
        let radii = CornerRadii(topLeft: 12, topRight: 6, bottomRight: 0, bottomLeft: 3)
        c.drawShadow(roundedRect: rect, radii: radii, shadow: Shadow(color: .black, blur: 12, offset: .zero))
        let m = Mask(width: w, height: h)!
        let r = Rasterizer()
        r.begin()
        var f = Flattener(sink: r.store, transform: .identity)
        emitRoundedRect(into: &f, rect, radii: radii); f.finish()
        var mb = MaskBlitter(mask: m, origin: (0, 0))
        r.rasterize(clip: IntRect(x: 0, y: 0, width: w, height: h), rule: .nonZero, blitter: &mb)
        BoxBlur.blur(m, boxWidth: 11)
        var maxDiff = 0
        for y in 0..<h { for x in 0..<w { maxDiff = max(maxDiff, abs(Int(p[x, y] >> 24) - Int(m[x, y]))) } }
        XCTAssertEqual(maxDiff, 0, "stretched nine-patch shadow differs by up to \(maxDiff)")
    }

    func testBoxWidthFollowsSVG() {
        XCTAssertEqual(BoxBlur.boxWidth(sigma: 6), 11)
        XCTAssertEqual(BoxBlur.boxWidth(sigma: 0), 1)
        XCTAssertEqual(BoxBlur.boxWidth(sigma: .nan), 1)
    }
}

extension ClipShadowTests {
    func testRoundedClipMaskIsReusedFrameToFrame() {
        let (p, c) = canvas(50, 50)
        var first: Mask?
        for _ in 0..<5 {
            c.save()
            c.clip(toRoundedRect: Rect(5, 5, 30, 30), radii: CornerRadii(all: 8))
            if first == nil { first = c.state.clipMask?.mask }
            XCTAssertTrue(c.state.clipMask?.mask === first, "same mask every frame")
            // A nested clip inside needs a second mask, not the one in use.
            c.save()
            c.clip(toRoundedRect: Rect(10, 10, 20, 20), radii: CornerRadii(all: 4))
            XCTAssertFalse(c.state.clipMask?.mask === first)
            c.fillRect(Rect(0, 0, 50, 50), .solid(.black))
            c.restore()
            c.restore()
        }
        XCTAssertEqual(c.clipMaskPool.count, 2)
        XCTAssertEqual(p[6, 6], 0)
        XCTAssertEqual(p[20, 20] >> 24, 255)
        XCTAssertEqual(p[10, 10], 0, "outside the inner rounded corner")
    }
}

extension ClipShadowTests {
    func testAnimatedShadowReusesAFewMasks() {
        let (p, c) = canvas(300, 400)   // keep `p`: the canvas only borrows its pixels
        let shadow = Shadow(color: Color(r: 0, g: 0, b: 0, a: 60), blur: 12, offset: Point(0, 4))
        for step in 0..<40 {
            // A card sliding up by 0.37 px per frame: four sub-pixel phases.
            c.drawShadow(roundedRect: Rect(10, 120 - 0.37 * Double(step), 280, 60), radii: CornerRadii(all: 12),
                         shadow: shadow)
        }
        XCTAssertLessThanOrEqual(c.shadowCache.blurCount, 4, "phases snap to 1/4 px")
        let before = c.shadowCache.blurCount
        for step in 0..<40 {
            // A tall sheet sliding and growing: its length beyond the corners is stretched,
            // so only phase and the length's fraction matter.
            c.drawShadow(roundedRect: Rect(10, 200 - 0.37 * Double(step), 280, 150 + 0.37 * Double(step)),
                         radii: CornerRadii(all: 12), shadow: shadow)
        }
        XCTAssertLessThanOrEqual(c.shadowCache.blurCount - before, 16)
        XCTAssertNotEqual(p[150, 360], 0, "shadow below the sheet")
    }
}
