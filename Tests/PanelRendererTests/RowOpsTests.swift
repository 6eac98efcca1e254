import XCTest
@testable import PanelRenderer

/// The SIMD row loops against the one-pixel arithmetic they stand in for. `maskedOver` ends
/// a run with a group of four that overlaps the group before it, so every run length from 0
/// to a few groups is tried, with coverage 0 and 255 among the random ones, and the pixels
/// on either side of the run must stay as they were.
final class RowOpsTests: XCTestCase {
    private func premultipliedPixel(_ rng: inout BenchLCG) -> UInt32 {
        let a = UInt32(rng.u() * 256) & 255
        func channel() -> UInt32 { a == 0 ? 0 : UInt32(rng.u() * Double(a + 1)) & 255 }
        return a << 24 | channel() << 16 | channel() << 8 | channel()
    }

    func testMaskedOverEqualsOnePixelSrcOverForEveryRunLength() {
        var rng = BenchLCG()
        let sources: [UInt32] = [0xFFFF_FFFF, 0xFF1E_88E5, 0x8040_2010, 0x5900_0000, 0x0101_0101]
        let guardPixels = 5, sentinel: UInt32 = 0xDEAD_BEEF
        for s in sources {
            for n in 0...21 {
                for _ in 0..<6 {
                    let m = (0..<max(n, 1)).map { _ -> UInt8 in
                        switch UInt32(rng.u() * 4) {
                        case 0: return 0
                        case 1: return 255
                        default: return UInt8(UInt32(rng.u() * 256) & 255)
                        }
                    }
                    let d = (0..<n).map { _ in premultipliedPixel(&rng) }
                    var row = [UInt32](repeating: sentinel, count: n + 2 * guardPixels)
                    for i in 0..<n { row[guardPixels + i] = d[i] }
                    row.withUnsafeMutableBufferPointer { b in
                        m.withUnsafeBufferPointer { mb in
                            RowOps.maskedOver(b.baseAddress! + guardPixels, mb.baseAddress!, n, s)
                        }
                    }
                    for i in 0..<guardPixels {
                        XCTAssertEqual(row[i], sentinel, "pixel before the run changed, n \(n)")
                        XCTAssertEqual(row[guardPixels + n + i], sentinel, "pixel after the run changed, n \(n)")
                    }
                    for i in 0..<n {
                        let c = UInt32(m[i])
                        let want = c == 0 ? d[i] : srcOver(mulPixel(s, c), d[i])
                        XCTAssertEqual(row[guardPixels + i], want,
                                       "source \(String(s, radix: 16)), n \(n), pixel \(i), coverage \(c)")
                    }
                }
            }
        }
    }

    /// The translucent fill laid over a kept picture while copying it (`blendSolid(_:over:)`)
    /// gives the pixels the fill gives in place, for every run length, and writes nothing
    /// outside the run.
    func testBlendSolidOverAnotherRowEqualsBlendingInPlace() {
        var rng = BenchLCG()
        let sources: [UInt32] = [0x5900_0000, 0x8040_2010, 0x0101_0101, 0xFE7F_0000]
        let guardPixels = 5, sentinel: UInt32 = 0xDEAD_BEEF
        for s in sources {
            for n in 0...37 {
                let b = (0..<max(n, 1)).map { _ in premultipliedPixel(&rng) }
                var inPlace = Array(b[0..<n])
                if n > 0 { inPlace.withUnsafeMutableBufferPointer { RowOps.blendSolid($0.baseAddress!, n, s) } }
                var row = [UInt32](repeating: sentinel, count: n + 2 * guardPixels)
                row.withUnsafeMutableBufferPointer { d in
                    b.withUnsafeBufferPointer { RowOps.blendSolid(d.baseAddress! + guardPixels, over: $0.baseAddress!, n, s) }
                }
                for i in 0..<guardPixels {
                    XCTAssertEqual(row[i], sentinel, "pixel before the run changed, n \(n)")
                    XCTAssertEqual(row[guardPixels + n + i], sentinel, "pixel after the run changed, n \(n)")
                }
                for i in 0..<n {
                    XCTAssertEqual(row[guardPixels + i], inPlace[i], "source \(String(s, radix: 16)), n \(n), pixel \(i)")
                    XCTAssertEqual(inPlace[i], srcOver(s, b[i]), "in place against one pixel's SrcOver, n \(n), pixel \(i)")
                }
            }
        }
    }

    /// The fill's vector form adds the colour before dividing by 255 rather than after: for
    /// every source alpha, with channels at 0, half and all of it, over destination pixels
    /// holding every byte value in every channel, each pixel equals one pixel's SrcOver.
    func testBlendSolidEqualsOnePixelSrcOverForEveryAlphaAndByte() {
        let destination: [UInt32] = (0..<256).map { (v: UInt32) -> UInt32 in
            let red: UInt32 = 255 - v, green: UInt32 = v ^ 0x5A
            return v << 24 | red << 16 | green << 8 | v
        }
        for a in UInt32(0)...255 {
            for c in Set([0, a / 2, a]) {
                let s = a << 24 | c << 16 | (a / 2) << 8 | c
                var row = destination
                row.withUnsafeMutableBufferPointer { RowOps.blendSolid($0.baseAddress!, $0.count, s) }
                for i in 0..<row.count where row[i] != srcOver(s, destination[i]) {
                    XCTFail("source \(String(s, radix: 16)) over \(String(destination[i], radix: 16)): \(String(row[i], radix: 16)), not \(String(srcOver(s, destination[i]), radix: 16))")
                    return
                }
            }
        }
    }

    /// The opaque fill writes exactly its run, on both sides of the length where x86-64
    /// switches to the string store, with the run starting off a cache line too.
    func testFillPixelsWritesExactlyTheRun() {
        let guardPixels = 17, sentinel: UInt32 = 0xDEAD_BEEF, v: UInt32 = 0xFF12_3456
        let long = RowOps.longRunPixels
        for n in [0, 1, 3, 4, 17, long - 1, long, long + 1, long + 15, 648 * 1920] {
            for offset in [0, 1, 3] {
                var row = [UInt32](repeating: sentinel, count: n + 2 * guardPixels)
                row.withUnsafeMutableBufferPointer { RowOps.fillPixels($0.baseAddress! + guardPixels + offset, n, v) }
                let start = guardPixels + offset
                XCTAssertTrue(row[..<start].allSatisfy { $0 == sentinel }, "before the run, n \(n)")
                XCTAssertTrue(row[start..<(start + n)].allSatisfy { $0 == v }, "inside the run, n \(n)")
                XCTAssertTrue(row[(start + n)...].allSatisfy { $0 == sentinel }, "after the run, n \(n)")
            }
        }
    }
}
