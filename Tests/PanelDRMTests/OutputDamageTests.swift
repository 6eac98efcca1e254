import XCTest
import PanelRenderer
@testable import PanelDRM

final class OutputDamageTests: XCTestCase {
    /// The scanout copy (DRM output): damaged rectangles only, the buffer's own pitch.
    func testScanoutCopyXRGBWithPitchAndDamage() {
        let p = Pixmap(width: 4, height: 3)!
        for y in 0..<3 { for x in 0..<4 { p[x, y] = 0xFF00_0000 | UInt32(y * 16 + x) } }
        let pitch = 24   // 6 pixels
        var dst = [UInt8](repeating: 0xAB, count: pitch * 3)
        dst.withUnsafeMutableBytes { b in
            ScanoutCopy.copy(IntRect(x: 1, y: 1, width: 2, height: 2), of: p.view, rotation: .rotate0,
                             into: b.baseAddress!, pitch: pitch, format: .xrgb8888)
        }
        func word(_ x: Int, _ y: Int) -> UInt32 {
            dst.withUnsafeBytes { $0.load(fromByteOffset: y * pitch + x * 4, as: UInt32.self) }
        }
        XCTAssertEqual(word(1, 1) & 0x00FF_FFFF, 0x11)
        XCTAssertEqual(word(2, 2) & 0x00FF_FFFF, 0x22)
        XCTAssertEqual(word(0, 1), 0xABAB_ABAB, "outside the damage untouched")
        XCTAssertEqual(word(1, 0), 0xABAB_ABAB)
    }

    func testScanoutCopyRGB565() {
        let p = Pixmap(width: 3, height: 1)!
        p[0, 0] = Color(rgb: 0xFF0000).premultiplied
        p[1, 0] = Color(rgb: 0x00FF00).premultiplied
        p[2, 0] = Color(rgb: 0x0000FF).premultiplied
        var dst = [UInt16](repeating: 0, count: 3)
        dst.withUnsafeMutableBytes { b in
            ScanoutCopy.copy(p.bounds, of: p.view, rotation: .rotate0, into: b.baseAddress!, pitch: 6, format: .rgb565)
        }
        XCTAssertEqual(dst, [0xF800, 0x07E0, 0x001F])
    }

    func testScanoutCopyRotations() {
        let p = Pixmap(width: 3, height: 2)!
        for y in 0..<2 { for x in 0..<3 { p[x, y] = UInt32(y * 3 + x) } }
        for rot in [DisplayRotation.rotate90, .rotate180, .rotate270] {
            let o = rot.swapsAxes ? (width: 2, height: 3) : (width: 3, height: 2)
            var dst = [UInt32](repeating: 99, count: o.width * o.height)
            dst.withUnsafeMutableBytes { b in
                ScanoutCopy.copy(p.bounds, of: p.view, rotation: rot, into: b.baseAddress!, pitch: o.width * 4, format: .xrgb8888)
            }
            for sy in 0..<o.height { for sx in 0..<o.width {
                let f = rot.framePoint(scanoutX: sx, y: sy, frameWidth: 3, frameHeight: 2)
                XCTAssertEqual(dst[sy * o.width + sx] & 0xFF, UInt32(f.y * 3 + f.x), "\(rot) \(sx),\(sy)")
            } }
        }
        // 90 degrees clockwise: the frame's top-left pixel shows at the panel's top-right.
        XCTAssertEqual(DisplayRotation.rotate90.scanoutRect(IntRect(x: 0, y: 0, width: 1, height: 1), frameWidth: 3, frameHeight: 2),
                       IntRect(x: 1, y: 0, width: 1, height: 1))
    }

    func testDamageRegionCapAndContainment() {
        var d = DamageRegion(capacity: 3)
        d.add(IntRect(x: 0, y: 0, width: 10, height: 10))
        d.add(IntRect(x: 2, y: 2, width: 3, height: 3))
        XCTAssertEqual(d.rects.count, 1, "contained rect ignored")
        d.add(IntRect(x: 100, y: 0, width: 10, height: 10))
        d.add(IntRect(x: 0, y: 100, width: 10, height: 10))
        d.add(IntRect(x: 12, y: 0, width: 5, height: 10))
        XCTAssertEqual(d.rects.count, 3)
        XCTAssertTrue(d.rects.contains(IntRect(x: 0, y: 0, width: 17, height: 10)), "cheapest merge: \(d.rects)")
        d.add(IntRect(x: -5, y: -5, width: 200, height: 200))
        XCTAssertEqual(d.rects, [IntRect(x: -5, y: -5, width: 200, height: 200)])
        d.clip(to: IntRect(x: 0, y: 0, width: 50, height: 50))
        XCTAssertEqual(d.bounds, IntRect(x: 0, y: 0, width: 50, height: 50))
    }

    func testDamageHistoryBufferAge() {
        var h = DamageHistory(buffers: 3)
        let a = DamageRegion(IntRect(x: 0, y: 0, width: 1, height: 1))
        let b = DamageRegion(IntRect(x: 10, y: 0, width: 1, height: 1))
        let cur = DamageRegion(IntRect(x: 20, y: 0, width: 1, height: 1))
        h.push(a); h.push(b)
        XCTAssertNil(h.repaintRegion(current: cur, bufferAge: 0), "unknown contents: full repaint")
        XCTAssertEqual(h.repaintRegion(current: cur, bufferAge: 1)?.rects, cur.rects)
        XCTAssertEqual(h.repaintRegion(current: cur, bufferAge: 2)?.rects.count, 2)
        XCTAssertEqual(h.repaintRegion(current: cur, bufferAge: 3)?.rects.count, 3)
        XCTAssertNil(h.repaintRegion(current: cur, bufferAge: 5), "older than the history")
    }
}

extension OutputDamageTests {
    func testScrollMovesPixelsBothWays() {
        let p = Pixmap(width: 6, height: 6)!
        for y in 0..<6 { for x in 0..<6 { p[x, y] = UInt32(y * 10 + x) } }
        let moved = p.view.scroll(IntRect(x: 1, y: 2, width: 3, height: 3), dx: 2, dy: -1)
        XCTAssertEqual(moved, IntRect(x: 3, y: 1, width: 3, height: 3))
        XCTAssertEqual(p[3, 1], 21); XCTAssertEqual(p[5, 3], 43)
        XCTAssertEqual(p[0, 0], 0, "outside untouched")
        let q = Pixmap(width: 4, height: 5)!
        for y in 0..<5 { for x in 0..<4 { q[x, y] = UInt32(y * 10 + x) } }
        q.view.scroll(IntRect(x: 0, y: 0, width: 4, height: 4), dx: 0, dy: 1)   // overlapping, downwards
        XCTAssertEqual(q[2, 1], 2); XCTAssertEqual(q[2, 4], 32); XCTAssertEqual(q[2, 0], 2, "source kept")
        XCTAssertEqual(q.view.scroll(IntRect(x: 0, y: 0, width: 4, height: 4), dx: 9, dy: 0), .zero)
    }
}
