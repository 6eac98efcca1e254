import XCTest
@testable import PanelRenderer

final class PNGCodecTests: XCTestCase {
    private func tempPath(_ name: String) -> String {
        NSTemporaryDirectory() + "pngcodec-\(ProcessInfo.processInfo.processIdentifier)-\(name)"
    }

    func testOpaqueRoundTripIsExact() throws {
        let p = try XCTUnwrap(Pixmap(width: 7, height: 5))
        for y in 0..<5 { for x in 0..<7 {
            p[x, y] = Color(r: UInt8(x * 30), g: UInt8(y * 50), b: UInt8((x * y * 13) & 0xFF)).premultiplied
        } }
        let data = try PNGCodec.encodeData(p.view)
        XCTAssertEqual(Array(data[0..<4]), [137, 80, 78, 71])
        let q = try PNGCodec.decode(data: data, name: "mem")
        XCTAssertEqual(q.width, 7); XCTAssertEqual(q.height, 5)
        for y in 0..<5 { for x in 0..<7 { XCTAssertEqual(q[x, y], p[x, y], "pixel \(x),\(y)") } }
    }

    func testTranslucentRoundTripKeepsPremultipliedPixels() throws {
        let p = try XCTUnwrap(Pixmap(width: 3, height: 1))
        p[0, 0] = 0                                                 // transparent
        p[1, 0] = Color(r: 255, g: 0, b: 0, a: 128).premultiplied   // half red
        p[2, 0] = Color(r: 10, g: 200, b: 90, a: 255).premultiplied
        let q = try PNGCodec.decode(data: PNGCodec.encodeData(p.view), name: "mem")
        XCTAssertEqual(q[0, 0], 0)
        XCTAssertEqual(q[1, 0], p[1, 0])
        XCTAssertEqual(q[2, 0], p[2, 0])
    }

    func testXRGBBuffersEncodeAsOpaqueRGB() throws {
        let p = try XCTUnwrap(Pixmap(width: 2, height: 1))
        p[0, 0] = 0x0012_3456; p[1, 0] = 0x7FAB_CDEF  // X byte is junk
        let q = try PNGCodec.decode(data: PNGCodec.encodeData(p.view, ignoringAlpha: true), name: "x")
        XCTAssertEqual(q[0, 0], 0xFF12_3456)
        XCTAssertEqual(q[1, 0], 0xFFAB_CDEF)
    }

    func testSubviewWithStrideEncodesOnlyItsPixels() throws {
        let p = try XCTUnwrap(Pixmap(width: 10, height: 10))
        p.view.fill(with: Color.white.premultiplied)
        p.view.fill(IntRect(x: 2, y: 3, width: 4, height: 2), with: Color(rgb: 0x123456).premultiplied)
        let path = tempPath("sub.png")
        defer { unlink(path) }
        try PNGCodec.encode(p.view.subview(IntRect(x: 2, y: 3, width: 4, height: 2)), to: path)
        let q = try PNGCodec.decode(path: path)
        XCTAssertEqual(q.width, 4); XCTAssertEqual(q.height, 2)
        XCTAssertEqual(q.color(x: 3, y: 1), Color(rgb: 0x123456))
    }

    func testBadSignatureNamesTheFile() throws {
        let path = tempPath("wifi.png")
        defer { unlink(path) }
        _ = FileManager.default.createFile(atPath: path, contents: Data("GIF89a not a png at all".utf8))
        XCTAssertThrowsError(try PNGCodec.decode(path: path)) { error in
            XCTAssertEqual("\(error)", "\(path): not a PNG file (bad signature)")
        }
    }

    func testTruncatedDataIsAnErrorNotACrash() throws {
        let p = try XCTUnwrap(Pixmap(width: 64, height: 64))
        for y in 0..<64 { for x in 0..<64 { p[x, y] = UInt32(0xFF00_0000) | UInt32(x * 4 << 16 | y * 4 << 8 | (x ^ y)) } }
        let data = try PNGCodec.encodeData(p.view)
        for cut in [12, 33, 40, data.count / 2, data.count - 13] {
            XCTAssertThrowsError(try PNGCodec.decode(data: Array(data[0..<cut]), name: "icons/cut.png")) { error in
                XCTAssertTrue("\(error)".hasPrefix("icons/cut.png: "), "\(error)")
            }
        }
    }

    func testCorruptChunkIsAnError() throws {
        let p = try XCTUnwrap(Pixmap(width: 16, height: 16))
        p.view.fill(with: 0xFF33_6699)
        var data = try PNGCodec.encodeData(p.view)
        for i in 45..<min(data.count - 12, 70) { data[i] ^= 0x5A }  // inside IDAT
        XCTAssertThrowsError(try PNGCodec.decode(data: data, name: "bad.png")) { error in
            XCTAssertTrue("\(error)".hasPrefix("bad.png: "), "\(error)")
        }
    }

    func testMissingFileNamesTheFile() {
        XCTAssertThrowsError(try PNGCodec.decode(path: "/nonexistent/icons/wifi.png")) { error in
            XCTAssertEqual("\(error)", "/nonexistent/icons/wifi.png: No such file or directory")
        }
        XCTAssertThrowsError(try PNGCodec.decode(data: [], name: "empty.png"))
    }

    func testDecodesTheBenchReference() throws {
        let ref = try PNGCodec.decode(path: BenchSceneTests.refDir + "/cairo_full_800x480.png")
        XCTAssertEqual(ref.width, 800); XCTAssertEqual(ref.height, 480)
        XCTAssertEqual(ref[400, 470] >> 24, 255)
        XCTAssertEqual(ref.color(x: 400, y: 470), .white)  // inside the drawer
    }
}

extension PNGCodecTests {
    private static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c >> 1) ^ (0xEDB8_8320 & (0 &- (c & 1))) }
        }
        return ~c
    }

    /// A valid PNG whose header claims 30000 x 30000 px must be refused before allocating.
    func testHugeDimensionsAreRefused() throws {
        let p = try XCTUnwrap(Pixmap(width: 2, height: 2))
        p.view.fill(with: 0xFF11_2233)
        let data = try PNGCodec.encodeData(p.view)
        // IHDR data starts at byte 16: width (4 bytes BE), height (4 bytes BE); CRC at 29.
        func withHeaderSize(_ w: UInt32, _ h: UInt32) -> [UInt8] {
            var d = data
            for (i, v) in [w, h].enumerated() {
                for k in 0..<4 { d[16 + 4 * i + k] = UInt8((v >> (24 - 8 * UInt32(k))) & 0xFF) }
            }
            let crc = Self.crc32(d[12..<29])
            for k in 0..<4 { d[29 + k] = UInt8((crc >> (24 - 8 * UInt32(k))) & 0xFF) }
            return d
        }
        XCTAssertThrowsError(try PNGCodec.decode(data: withHeaderSize(30000, 30000), name: "huge.png")) { e in
            XCTAssertEqual("\(e)", "huge.png: PNG of 30000x30000 px is over 8192 px on a side; scale it down")
        }
        // Within 8192 a side but over the 16-megapixel budget: refused from the header too.
        XCTAssertThrowsError(try PNGCodec.decode(data: withHeaderSize(8192, 8192), name: "bomb.png")) { e in
            XCTAssertEqual("\(e)", "bomb.png: PNG of 8192x8192 px is over the 16-megapixel budget (e.g. 4096x4096); scale it down")
        }
    }
}
