import XCTest
@testable import PanelRenderer

final class ImageCacheTests: XCTestCase {
    private var paths: [String] = []
    override func tearDown() { for p in paths { unlink(p) } }

    /// Writes a w x h PNG whose left half is red and right half transparent.
    private func writePNG(_ name: String, w: Int, h: Int) throws -> String {
        let p = try XCTUnwrap(Pixmap(width: w, height: h))
        p.view.fill(IntRect(x: 0, y: 0, width: w / 2, height: h), with: Color(rgb: 0xFF0000).premultiplied)
        let path = NSTemporaryDirectory() + "imgcache-\(ProcessInfo.processInfo.processIdentifier)-\(name)"
        try PNGCodec.encode(p.view, to: path)
        paths.append(path)
        return path
    }

    func testBoxDownscaleAveragesArea() throws {
        let src = try XCTUnwrap(Pixmap(width: 4, height: 2))
        src.view.fill(with: Color.white.premultiplied)
        src.view.fill(IntRect(x: 0, y: 0, width: 1, height: 2), with: Color.black.premultiplied)
        let d = try XCTUnwrap(ImageScaler.scaled(src.view, width: 2, height: 1))
        // Left output pixel averages black and white: 127.5 -> 128; right stays white.
        XCTAssertEqual(d.color(x: 0, y: 0), Color(r: 128, g: 128, b: 128))
        XCTAssertEqual(d.color(x: 1, y: 0), .white)
        // A 3:1 shrink of a 1-px line keeps a third of its weight.
        let line = try XCTUnwrap(Pixmap(width: 3, height: 1))
        line[1, 0] = Color.black.premultiplied
        let one = try XCTUnwrap(ImageScaler.scaled(line.view, width: 1, height: 1))
        XCTAssertEqual(one[0, 0] >> 24, 85)
    }

    func testBilinearUpscaleIsMonotoneAndKeepsPremultiplication() throws {
        let src = try XCTUnwrap(Pixmap(width: 2, height: 1))
        src[0, 0] = 0  // transparent
        src[1, 0] = Color(rgb: 0x00FF00).premultiplied
        let d = try XCTUnwrap(ImageScaler.scaled(src.view, width: 8, height: 3))
        var lastA: UInt32 = 0
        for x in 0..<8 {
            let p = d[x, 1]
            XCTAssertGreaterThanOrEqual(p >> 24, lastA)
            lastA = p >> 24
            XCTAssertLessThanOrEqual((p >> 8) & 0xFF, p >> 24, "colour must not exceed alpha")
            XCTAssertEqual((p >> 16) & 0xFF, 0)  // no red appears from the transparent pixel
        }
        XCTAssertEqual(d[0, 0], 0)
        XCTAssertEqual(d[7, 2], src[1, 0])
    }

    func testCacheDecodesOncePerSizeAndEvictsLeastRecentlyUsed() throws {
        let a = try writePNG("a.png", w: 64, h: 32), b = try writePNG("b.png", w: 40, h: 40)
        let cache = ImageCache(byteBudget: 2 * 32 * 32 * 4)
        let a32 = try cache.image(path: a, width: 32, height: 16)
        XCTAssertTrue(a32 === (try cache.image(path: a, width: 32, height: 16)))
        XCTAssertEqual(a32.color(x: 2, y: 2), Color(rgb: 0xFF0000))
        XCTAssertEqual(a32[30, 8], 0)
        let b32 = try cache.image(path: b, width: 32, height: 32)
        XCTAssertEqual(cache.bytesUsed, (32 * 16 + 32 * 32) * 4)
        _ = try cache.image(path: a, width: 32, height: 16)    // a is now more recent than b
        _ = try cache.image(path: a, width: 40, height: 32)    // over budget: b goes
        XCTAssertEqual(cache.count, 2)
        XCTAssertEqual(cache.bytesUsed, (32 * 16 + 40 * 32) * 4)
        XCTAssertTrue(a32 === (try cache.image(path: a, width: 32, height: 16)))
        XCTAssertFalse(b32 === (try cache.image(path: b, width: 32, height: 32)))  // decoded again
        XCTAssertLessThanOrEqual(cache.bytesUsed, cache.byteBudget)
        let fit = try cache.image(path: a, fittingWidth: 20, height: 20)
        XCTAssertEqual(fit.width, 20); XCTAssertEqual(fit.height, 10)
        cache.remove(path: a)
        XCTAssertTrue(cache.count <= 1)
    }

    func testErrorsNameTheFileAndAreNotCached() throws {
        let cache = ImageCache()
        let path = NSTemporaryDirectory() + "imgcache-\(ProcessInfo.processInfo.processIdentifier)-wifi.png"
        paths.append(path)
        _ = FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3, 4, 5, 6, 7, 8, 9]))
        XCTAssertThrowsError(try cache.image(path: path, width: 10, height: 10)) { e in
            XCTAssertEqual("\(e)", "\(path): not a PNG file (bad signature)")
        }
        XCTAssertEqual(cache.count, 0)
        // Fix the file: the next request loads it.
        let good = try writePNG("good.png", w: 4, h: 4)
        unlink(path)
        XCTAssertEqual(rename(good, path), 0)
        XCTAssertEqual(try cache.image(path: path, width: 2, height: 2).width, 2)
        XCTAssertThrowsError(try cache.image(path: path, width: 3, height: 0))
    }

    func testBlendImageCompositesWithOpacityAndClip() throws {
        let icon = try XCTUnwrap(Pixmap(width: 2, height: 2))
        icon[0, 0] = Color(rgb: 0xFF0000).premultiplied
        icon[1, 0] = Color(r: 0, g: 0, b: 255, a: 128).premultiplied
        // (0,1) and (1,1) stay transparent
        let dst = try XCTUnwrap(Pixmap(width: 4, height: 4))
        dst.view.fill(with: Color.white.premultiplied)
        dst.view.blendImage(icon.view, x: 1, y: 1)
        XCTAssertEqual(dst.color(x: 1, y: 1), Color(rgb: 0xFF0000))
        XCTAssertEqual(dst[2, 1], srcOver(icon[1, 0], Color.white.premultiplied))
        XCTAssertEqual(dst.color(x: 1, y: 2), .white)
        dst.view.fill(with: Color.white.premultiplied)
        dst.view.blendImage(icon.view, x: 1, y: 1, opacity: 0.5, clip: IntRect(x: 0, y: 0, width: 2, height: 4))
        XCTAssertEqual(dst.color(x: 1, y: 1), Color(r: 255, g: 127, b: 127))
        XCTAssertEqual(dst.color(x: 2, y: 1), .white)  // clipped
        dst.view.blendImage(icon.view, x: -5, y: 10)    // outside: nothing, no crash
        dst.view.blendImage(icon.view, x: 0, y: 0, opacity: .nan)
    }
}
