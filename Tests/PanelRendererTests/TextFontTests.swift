import XCTest
@testable import PanelRenderer

final class TextFontTests: XCTestCase {
    static let dejavu = "/usr/share/fonts/truetype/dejavu/"

    func testOpensDejaVuWithItsMetrics() throws {
        let face = try FontFace(path: Self.dejavu + "DejaVuSans.ttf")
        XCTAssertEqual(face.unitsPerEm, 2048)
        XCTAssertEqual(face.familyName, "DejaVu Sans")
        XCTAssertGreaterThan(face.glyphCount, 1000)
        let m = face.metrics(sizePx: 16)
        XCTAssertEqual(m.ascent, 1901.0 * 16 / 2048, accuracy: 1e-9)
        XCTAssertEqual(m.descent, 483.0 * 16 / 2048, accuracy: 1e-9)
        XCTAssertGreaterThanOrEqual(m.lineHeight, m.ascent + m.descent)
        // hmtx advance of "A" in DejaVu Sans is 1401 units.
        let a = try XCTUnwrap(face.glyphIndex(for: "A"))
        XCTAssertEqual(face.advanceUnits(a), 1401)
        XCTAssertNil(face.glyphIndex(for: "\u{E000}"))  // private use: not in DejaVu
    }

    func testMissingFontNamesTheFile() {
        XCTAssertThrowsError(try FontFace(path: "/nonexistent/fonts/Nope.ttf")) { e in
            XCTAssertEqual("\(e)", "/nonexistent/fonts/Nope.ttf: No such file or directory")
        }
    }

    func testBrokenFontNamesTheFile() throws {
        let path = NSTemporaryDirectory() + "broken-\(ProcessInfo.processInfo.processIdentifier).ttf"
        defer { unlink(path) }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data((0..<300).map { UInt8($0 & 0xFF) })))
        XCTAssertThrowsError(try FontFace(path: path)) { e in
            XCTAssertTrue("\(e)".hasPrefix(path + ": "), "\(e)")
        }
        // A real font cut short.
        let full = try Data(contentsOf: URL(fileURLWithPath: Self.dejavu + "DejaVuSans.ttf"))
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: full.prefix(400)))
        do {
            let face = try FontFace(path: path)
            // If FreeType accepts the header, drawing must still not crash.
            let p = try XCTUnwrap(Pixmap(width: 40, height: 20))
            drawText("Ab", face: face, sizePx: 16, at: Point(1, 15), color: .black, into: p.view)
        } catch {
            XCTAssertTrue("\(error)".hasPrefix(path + ": "), "\(error)")
        }
    }

    func testBadFaceIndexAndDirectory() {
        XCTAssertThrowsError(try FontFace(path: Self.dejavu + "DejaVuSans.ttf", index: 5)) { e in
            XCTAssertTrue("\(e)".hasPrefix(Self.dejavu + "DejaVuSans.ttf: "), "\(e)")
        }
        XCTAssertThrowsError(try FontFace(path: Self.dejavu)) { e in
            XCTAssertEqual("\(e)", Self.dejavu + ": is a folder, not a file")
        }
    }

    func testLibraryCachesFacesAndResolvesFallbacks() throws {
        let lib = try FontLibrary()
        let sans = try lib.face(path: Self.dejavu + "DejaVuSans.ttf")
        XCTAssertTrue(sans === (try lib.face(path: Self.dejavu + "DejaVuSans.ttf")))
        XCTAssertEqual(lib.openFaceCount, 1)
        let mono = try lib.addFallback(path: Self.dejavu + "DejaVuSansMono.ttf")
        // U+2312 ARC (APL range) is in DejaVu Sans Mono but not DejaVu Sans.
        XCTAssertNil(sans.glyphIndex(for: "\u{2312}"))
        let r = try XCTUnwrap(lib.resolve("\u{2312}", primary: sans))
        XCTAssertTrue(r.face === mono)
        XCTAssertTrue(lib.resolve("A", primary: sans)?.face === sans)
        XCTAssertNil(lib.resolve("\u{E000}", primary: sans))
    }

    func testGlyphCacheReturnsTheSameImageAndSubpixelShifts() throws {
        let face = try FontFace(path: Self.dejavu + "DejaVuSans.ttf")
        let g = try XCTUnwrap(face.glyphIndex(for: "l"))
        let a = face.glyphImage(g, size64: 16 * 64)
        XCTAssertTrue(a === face.glyphImage(g, size64: 16 * 64))
        let mask = try XCTUnwrap(a.mask)
        XCTAssertGreaterThan(mask.height, 10)       // "l" is ascender-tall at 16 px
        XCTAssertEqual(a.top, 13)                    // 1556 units * 16/2048 = 12.2 px -> 13 rows above
        let shifted = face.glyphImage(g, size64: 16 * 64, subpixel: 2)
        XCTAssertFalse(a === shifted)
        // Half a pixel right: the stem's coverage moves, so the masks differ.
        let s = try XCTUnwrap(shifted.mask)
        var same = a.left == shifted.left && mask.width == s.width
        if same { for i in 0..<(mask.width * mask.height) where mask.bytes[i] != s.bytes[i] { same = false; break } }
        XCTAssertFalse(same)
        let space = try XCTUnwrap(face.glyphIndex(for: " "))
        XCTAssertNil(face.glyphImage(space, size64: 16 * 64).mask)
        face.purgeGlyphCache()
        XCTAssertFalse(a === face.glyphImage(g, size64: 16 * 64))
    }

    func testHintingIsConfigurableAndCachedSeparately() throws {
        let face = try FontFace(path: Self.dejavu + "DejaVuSans.ttf")
        let g = try XCTUnwrap(face.glyphIndex(for: "o"))
        let none = face.glyphImage(g, size64: 13 * 64 + 20)
        let full = face.glyphImage(g, size64: 13 * 64 + 20, hinting: .full)
        let light = face.glyphImage(g, size64: 13 * 64 + 20, hinting: .light)
        XCTAssertFalse(none === full); XCTAssertFalse(none === light)
        func darkRows(_ i: GlyphImage) throws -> Int {
            let m = try XCTUnwrap(i.mask)
            var rows = 0
            for y in 0..<m.height where (0..<m.width).contains(where: { m[$0, y] == 255 }) { rows += 1 }
            return rows
        }
        // Hinting snaps the bowl's top and bottom to whole pixels: more fully-covered rows.
        XCTAssertGreaterThanOrEqual(try darkRows(full), try darkRows(none))
        XCTAssertTrue(face.glyphImage(g, size64: 13 * 64 + 20, hinting: .full) === full)
    }
}
