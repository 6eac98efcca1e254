import CZlib
import XCTest
@testable import PanelRenderer

/// A PNG's compressed data may not inflate past what its header's pixels need.
final class PNGImageDataTests: XCTestCase {
    /// A PNG of IHDR, the `before` chunks, one IDAT holding `inflated` compressed with zlib,
    /// and IEND.
    private func png(width: Int, height: Int, depth: UInt8 = 8, colorType: UInt8 = 6, interlaced: Bool = false,
                     before: [(String, [UInt8])] = [], inflated: [UInt8]) -> [UInt8] {
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return be(body.count) + typed + be(Int(crc32(0, typed, UInt32(typed.count))))
        }
        var size = compressBound(UInt(inflated.count))
        var packed = [UInt8](repeating: 0, count: Int(size))
        XCTAssertEqual(compress2(&packed, &size, inflated, UInt(inflated.count), 9), Z_OK)
        let ihdr = be(width) + be(height) + [depth, colorType, 0, 0, interlaced ? 1 : 0]
        return [137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", ihdr) + before.flatMap { chunk($0.0, $0.1) }
            + chunk("IDAT", Array(packed[..<Int(size)]))
            + chunk("IEND", [])
    }

    /// Rows of an RGBA image: a filter byte (none) and grey opaque pixels.
    private func rows(width: Int, height: Int) -> [UInt8] {
        (0..<height).flatMap { _ in [0] + (0..<width).flatMap { _ in [0x80, 0x80, 0x80, 0xFF] } }
    }

    func testDataThatInflatesPastThePixelsIsRefusedNamingTheFile() throws {
        // 8x8 px need 264 bytes; 4 MiB of zeros after them compress to 4 KiB.
        let bomb = png(width: 8, height: 8, inflated: rows(width: 8, height: 8) + [UInt8](repeating: 0, count: 4 << 20))
        XCTAssertLessThan(bomb.count, 8 << 10)
        XCTAssertThrowsError(try PNGCodec.decode(data: bomb, name: "icons/bomb.png")) { error in
            XCTAssertEqual("\(error)", "icons/bomb.png: a PNG whose compressed data is longer than its 8x8 px need (a decompression bomb?)")
        }
        // Rows that compress well are counted, not copied: refused the same way.
        let flat = png(width: 256, height: 256, inflated: rows(width: 256, height: 256) + [UInt8](repeating: 0, count: 4 << 20))
        XCTAssertThrowsError(try PNGCodec.decode(data: flat, name: "flat.png")) { error in
            XCTAssertTrue("\(error)".hasSuffix("longer than its 256x256 px need (a decompression bomb?)"), "\(error)")
        }
    }

    func testDataOfExactlyThePixelsOrALittleMoreDecodes() throws {
        let exact = try PNGCodec.decode(data: png(width: 8, height: 8, inflated: rows(width: 8, height: 8)), name: "exact")
        XCTAssertEqual(exact[3, 3], 0xFF80_8080)
        // A careless encoder's few extra bytes are within the slack; libpng ignores them.
        let extra = rows(width: 8, height: 8) + [UInt8](repeating: 0, count: 1000)
        XCTAssertEqual(try PNGCodec.decode(data: png(width: 8, height: 8, inflated: extra), name: "extra").width, 8)
        let flat = png(width: 256, height: 256, inflated: rows(width: 256, height: 256))
        guard case .asIs = flat.withUnsafeBytes({ PNGImageData.checked($0) }) else { return XCTFail("counted, not copied") }
        XCTAssertEqual(try PNGCodec.decode(data: flat, name: "flat")[255, 255], 0xFF80_8080)
    }

    func testTheRowsAreHandedToLibpngInflatedOnceAndDecodeTheSame() throws {
        // 300x200 opaque noise: libpng writes several IDAT chunks; the rows fill 3 stored blocks.
        let p = try XCTUnwrap(Pixmap(width: 300, height: 200))
        var seed: UInt32 = 7
        for y in 0..<200 { for x in 0..<300 { seed = seed &* 1_664_525 &+ 1_013_904_223; p[x, y] = 0xFF00_0000 | seed >> 8 } }
        let data = try PNGCodec.encodeData(p.view)
        guard case .stored(let copy) = data.withUnsafeBytes({ PNGImageData.checked($0) }) else { return XCTFail("not stored") }
        XCTAssertEqual(copy.count, 8 + 25 + 13 + 8 + 2 + 3 * 5 + 200 * 901 + 4 + 4 + 12, "signature, IHDR, sRGB, one IDAT, IEND")
        let q = try PNGCodec.decode(data: data, name: "noise")
        var differing = 0
        for y in 0..<200 { for x in 0..<300 where q[x, y] != p[x, y] { differing += 1 } }
        XCTAssertEqual(differing, 0)
    }

    func testPaletteAndInterlacedImagesDecodeThroughTheStoredCopy() throws {
        // A palette (kept from before the IDAT) and 1-byte indices: a checkerboard of its two colours.
        let paletted = png(width: 4, height: 2, colorType: 3, before: [("PLTE", [255, 0, 0, 0, 0, 255])],
                           inflated: [0, 0, 1, 0, 1, 0, 1, 0, 1, 0])
        let pal = try PNGCodec.decode(data: paletted, name: "palette")
        XCTAssertEqual([pal[0, 0], pal[1, 0], pal[0, 1], pal[1, 1]], [0xFFFF_0000, 0xFF00_00FF, 0xFF00_00FF, 0xFFFF_0000])
        // Adam7, 8x8 grey at 0x40: 79 bytes of passes, every pixel the same.
        let passes = [1, 1, 2, 2, 2, 4, 4, 4, 4, 4, 4, 8, 8, 8, 8].flatMap { [0] + [UInt8](repeating: 0x40, count: $0) }
        XCTAssertEqual(passes.count, 79)
        let gray = try PNGCodec.decode(data: png(width: 8, height: 8, colorType: 0, interlaced: true, inflated: passes), name: "adam7")
        XCTAssertEqual(gray[7, 7], 0xFF40_4040)
        XCTAssertEqual(gray[3, 4], 0xFF40_4040)
    }

    func testRawSizeCountsFilterBytesPackedPixelsAndAdam7Passes() {
        XCTAssertEqual(PNGImageData.rawSize(width: 8, height: 8, bitDepth: 8, colorType: 6, interlaced: false), 8 * 33)
        XCTAssertEqual(PNGImageData.rawSize(width: 9, height: 2, bitDepth: 1, colorType: 0, interlaced: false), 2 * 3)
        XCTAssertEqual(PNGImageData.rawSize(width: 3, height: 1, bitDepth: 16, colorType: 2, interlaced: false), 1 + 18)
        // 8x8 grey: passes of 1x1, 1x1, 2x1, 2x2, 4x2, 4x4 and 8x4 px, each row with its filter byte.
        XCTAssertEqual(PNGImageData.rawSize(width: 8, height: 8, bitDepth: 8, colorType: 0, interlaced: true), 79)
        // 1x1: only the first pass has pixels.
        XCTAssertEqual(PNGImageData.rawSize(width: 1, height: 1, bitDepth: 8, colorType: 6, interlaced: true), 5)
        XCTAssertNil(PNGImageData.rawSize(width: 8, height: 8, bitDepth: 8, colorType: 5, interlaced: false))
    }

    func testAnInterlacedImageWithItsOwnDataDecodes() throws {
        let gray = png(width: 8, height: 8, colorType: 0, interlaced: true, inflated: [UInt8](repeating: 0, count: 79))
        XCTAssertEqual(try PNGCodec.decode(data: gray, name: "adam7").height, 8)
    }
}
