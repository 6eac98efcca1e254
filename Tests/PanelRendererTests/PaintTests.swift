import XCTest
@testable import PanelRenderer

/// Gradients, images, opacity and blend modes, checked analytically.
final class PaintTests: XCTestCase {
    func canvas(_ w: Int, _ h: Int) -> (Pixmap, Canvas) {
        let p = Pixmap(width: w, height: h)!
        return (p, Canvas(p.view))
    }

    func testVerticalGradientIsOneColourPerRow() {
        let (p, c) = canvas(16, 100)
        let a = Color(rgb: 0xA8D5BA), b = Color(rgb: 0xF1E9D2)
        c.fillRect(Rect(0, 0, 16, 100), .linearGradient(start: .zero, end: Point(0, 100), stops: [
            GradientStop(offset: 0, color: a), GradientStop(offset: 1, color: b)]))
        for y in [0, 37, 99] {
            let want = Color.mix(a, b, (Double(y) + 0.5) / 100)
            for x in 0..<16 { XCTAssertEqual(p.color(x: x, y: y), want, "row \(y)") }
        }
    }

    func testHorizontalGradientEndpointsAndMidpoint() {
        let (p, c) = canvas(256, 4)
        c.fillRect(Rect(0, 0, 256, 4), .linearGradient(start: .zero, end: Point(256, 0), stops: [
            GradientStop(offset: 0, color: .black), GradientStop(offset: 1, color: .white)]))
        XCTAssertLessThanOrEqual(Int(p.color(x: 0, y: 1).r), 1)
        XCTAssertGreaterThanOrEqual(Int(p.color(x: 255, y: 1).r), 254)
        XCTAssertEqual(Int(p.color(x: 128, y: 1).r), 128, accuracy: 2)
        // Monotonic.
        for x in 1..<256 { XCTAssertGreaterThanOrEqual(p.color(x: x, y: 0).r, p.color(x: x - 1, y: 0).r) }
    }

    func testRadialGradient() {
        let (p, c) = canvas(101, 101)
        c.fillRect(Rect(0, 0, 101, 101), .radialGradient(center: Point(50.5, 50.5), radius: 50, stops: [
            GradientStop(offset: 0, color: .white), GradientStop(offset: 1, color: .black)]))
        XCTAssertGreaterThanOrEqual(Int(p.color(x: 50, y: 50).r), 254)
        XCTAssertEqual(Int(p.color(x: 75, y: 50).r), 127, accuracy: 3, "half radius")
        XCTAssertEqual(p.color(x: 0, y: 0).r, 0, "padded beyond the radius")
    }

    func testOpacityAndBlendModes() {
        let (p, c) = canvas(8, 8)
        c.fillRect(Rect(0, 0, 8, 8), .solid(.white))
        c.opacity = 0.5
        c.fillRect(Rect(0, 0, 4, 8), .solid(.black))
        XCTAssertEqual(Int(p.color(x: 1, y: 1).r), 127, accuracy: 1)
        c.opacity = 1
        c.fillRect(Rect(4, 0, 4, 4), .solid(Color(r: 255, g: 0, b: 0, a: 128)), blend: .src)
        XCTAssertEqual(p[5, 1] >> 24, 128, "Src replaces, alpha included")
        c.fillRect(Rect(4, 4, 4, 4), .solid(.black), blend: .clear)
        XCTAssertEqual(p[5, 5], 0)
        // Half-covered Clear leaves half.
        c.fill(Path.rect(Rect(0, 0, 0.5, 8)), .solid(.black), blend: .clear)
        XCTAssertEqual(Int(p[0, 0] >> 24), 128, accuracy: 1)
    }

    func testImageNearestAndBilinear() {
        let img = Pixmap(width: 2, height: 2)!
        img[0, 0] = Color.black.premultiplied; img[1, 0] = Color.white.premultiplied
        img[0, 1] = Color.white.premultiplied; img[1, 1] = Color.black.premultiplied
        let (p, c) = canvas(8, 8)
        c.drawImage(img, in: Rect(0, 0, 8, 8), sampling: .nearest)
        XCTAssertEqual(p.color(x: 1, y: 1), .black)
        XCTAssertEqual(p.color(x: 6, y: 1), .white)
        XCTAssertEqual(p.color(x: 6, y: 6), .black)
        c.drawImage(img, in: Rect(0, 0, 8, 8), sampling: .bilinear)
        // The centre mixes all four equally.
        XCTAssertEqual(Int(p.color(x: 4, y: 4).r), 128, accuracy: 20)
        XCTAssertEqual(p.color(x: 0, y: 0), .black, "clamped corner")
        // Under a rotation by 180 degrees about the centre the image flips.
        let (q, d) = canvas(8, 8)
        d.translate(8, 8); d.concatenate(.rotation(radians: Double.pi))
        d.drawImage(img, in: Rect(0, 0, 8, 8), sampling: .nearest)
        XCTAssertEqual(q.color(x: 6, y: 6), .black)
        XCTAssertEqual(q.color(x: 1, y: 6), .white)
        // Opacity applies to images.
        let (r, e) = canvas(8, 8)
        e.opacity = 0.5
        e.drawImage(img, in: Rect(0, 0, 8, 8), sampling: .nearest)
        XCTAssertEqual(Int(r[6, 1] >> 24), 128, accuracy: 1)
    }

    func testDrawMaskHonoursTranslationClipAndOpacity() {
        let m = Mask(width: 4, height: 4)!
        for y in 0..<4 { for x in 0..<4 { m[x, y] = 255 } }
        let (p, c) = canvas(16, 16)
        c.translate(3, 2)
        c.clip(to: Rect(0, 0, 2, 10))   // device x 3..<5
        c.opacity = 0.5
        c.drawMask(m, x: 1, y: 1, color: .black)
        XCTAssertEqual(p[3, 3], 0, "left of the mask")
        XCTAssertEqual(Int(p[4, 3] >> 24), 128, accuracy: 1)
        XCTAssertEqual(p[5, 3], 0, "clipped")
    }
}

extension PaintTests {
    func testUnscaledImageFastPathEqualsSampledPath() {
        let img = Pixmap(width: 7, height: 5)!
        for y in 0..<5 { for x in 0..<7 {
            img[x, y] = Color(r: UInt8(x * 30), g: UInt8(y * 50), b: 90, a: UInt8(100 + x * 20)).premultiplied
        } }
        let (a, ca) = canvas(20, 20)
        let (b, cb) = canvas(20, 20)
        ca.clear(Color(rgb: 0x808080)); cb.clear(Color(rgb: 0x808080))
        ca.drawImage(img, in: Rect(3, 4, 7, 5), sampling: .nearest)          // fast path
        cb.drawImage(img, in: Rect(3, 4, 7, 5.000001), sampling: .nearest)   // general path
        for y in 0..<20 { for x in 0..<20 { XCTAssertEqual(a[x, y], b[x, y], "\(x),\(y)") } }
    }
}

extension PaintTests {
    func testDegenerateImagesAndGradientsDoNotCrash() {
        let img = Pixmap(width: 3, height: 3)!
        img.view.fill(with: 0xFFFF_0000)
        let (p, c) = canvas(16, 16)
        c.drawImage(img, in: Rect(0, 0, 1e-300, 1e-300))
        c.drawImage(img, in: Rect(0, 0, .nan, 4))
        c.drawImage(img, in: Rect(1e300, 0, 1e300, 4), sampling: .nearest)
        c.fillRect(Rect(0, 0, 16, 16), .radialGradient(center: Point(.nan, 0), radius: 5, stops: [
            GradientStop(offset: 0, color: .black)]))
        c.fillRect(Rect(0, 0, 16, 16), .linearGradient(start: .zero, end: Point(1e-170, 1e-170), stops: [
            GradientStop(offset: 0, color: .black), GradientStop(offset: 1, color: .white)]))
        c.fillRect(Rect(0, 0, 16, 16), .linearGradient(start: .zero, end: Point(4, 4), stops: []))
        XCTAssertNotEqual(p[8, 8] >> 24, 0, "the degenerate gradients still paint a stop colour")
    }
}
