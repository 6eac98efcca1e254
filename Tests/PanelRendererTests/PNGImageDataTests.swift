import CZlib
import XCTest
@testable import PanelRenderer

/// A PNG's compressed data may not inflate past what its header's pixels need.
final class PNGImageDataTests: XCTestCase {
    /// A PNG of one IHDR, one IDAT holding `inflated` compressed with zlib, and IEND.
    private func png(width: Int, height: Int, depth: UInt8 = 8, colorType: UInt8 = 6, interlaced: Bool = false,
                     inflated: [UInt8]) -> [UInt8] {
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return be(body.count) + typed + be(Int(crc32(0, typed, UInt32(typed.count))))
        }
        var size = compressBound(UInt(inflated.count))
        var packed = [UInt8](repeating: 0, count: Int(size))
        XCTAssertEqual(compress2(&packed, &size, inflated, UInt(inflated.count), 9), Z_OK)
        let ihdr = be(width) + be(height) + [depth, colorType, 0, 0, interlaced ? 1 : 0]
        return [137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", ihdr) + chunk("IDAT", Array(packed[..<Int(size)]))
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
    }

    func testDataOfExactlyThePixelsOrALittleMoreDecodes() throws {
        let exact = try PNGCodec.decode(data: png(width: 8, height: 8, inflated: rows(width: 8, height: 8)), name: "exact")
        XCTAssertEqual(exact[3, 3], 0xFF80_8080)
        // A careless encoder's few extra bytes are within the slack; libpng ignores them.
        let extra = rows(width: 8, height: 8) + [UInt8](repeating: 0, count: 1000)
        XCTAssertEqual(try PNGCodec.decode(data: png(width: 8, height: 8, inflated: extra), name: "extra").width, 8)
    }

    func testTheCountStopsJustPastTheLimit() throws {
        let data = png(width: 8, height: 8, inflated: [UInt8](repeating: 0, count: 4 << 20))
        let counted = data.withUnsafeBytes { PNGImageData.inflatedSize($0, limit: 1000) }
        XCTAssertGreaterThan(counted, 1000)
        XCTAssertLessThan(counted, 1 << 20)  // one scratch buffer past, not the 4 MiB
        XCTAssertEqual(data.withUnsafeBytes { PNGImageData.inflatedSize($0, limit: 8 << 20) }, 4 << 20)
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
