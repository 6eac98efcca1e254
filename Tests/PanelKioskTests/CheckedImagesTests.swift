import Foundation
@testable import PanelKiosk
import PanelRenderer
import XCTest

/// A picture an app file's check decoded is the one its scene draws, decoded once; a file
/// replaced in between is decoded again, and what waits is bounded.
final class CheckedImagesTests: XCTestCase {
    private func png(_ path: String, color: UInt32, side: Int = 8) throws {
        let p = Pixmap(width: side, height: side)!
        for y in 0..<side { for x in 0..<side { p[x, y] = color } }
        try PNGCodec.encode(p.view, to: path)
    }

    func testTheCheckedPixelsAreHandedOverOnceAndOnlyWhileTheFileIsTheSame() throws {
        let dir = CLI.tempDir()
        let path = dir + "/bg.png"
        try png(path, color: 0xFF11_2233)
        let checked = try CheckedImages.decode(path)
        XCTAssertTrue(CheckedImages.take(path) === checked, "handed over, not decoded again")
        XCTAssertNil(CheckedImages.take(path), "taken once")

        _ = try CheckedImages.decode(path)
        try png(path, color: 0xFF44_5566)            // replaced between the check and the scene
        XCTAssertNil(CheckedImages.take(path), "a file replaced since its check is decoded again")

        // An app file's check and the scene built from it: one decode, the right pixels.
        try "name = \"x\"\n[background]\nimage = \"bg.png\"\n".write(toFile: dir + "/app.toml", atomically: true, encoding: .utf8)
        let app = try AppConfig.load(path: dir + "/app.toml")
        XCTAssertGreaterThan(CheckedImages.waitingBytes, 0)
        let kiosk = try Kiosk(app: app, widthPx: 64, heightPx: 64)
        XCTAssertEqual(CheckedImages.waitingBytes, 0, "the scene took what the check decoded")
        try kiosk.render(into: dir + "/out")
        XCTAssertEqual(kiosk.frame[32, 32], 0xFF44_5566)
    }

    func testWhatWaitsIsBounded() throws {
        let dir = CLI.tempDir()
        // 5 x 16 MiB pictures against a 64 MiB budget, never taken: at most the budget waits.
        for i in 0..<5 {
            try png(dir + "/\(i).png", color: 0xFF00_0000 | UInt32(i), side: 2048)
            _ = try CheckedImages.decode(dir + "/\(i).png")
        }
        XCTAssertLessThanOrEqual(CheckedImages.waitingBytes, CheckedImages.budgetBytes)
        for i in 0..<5 { _ = CheckedImages.take(dir + "/\(i).png") }
        XCTAssertEqual(CheckedImages.waitingBytes, 0)
    }
}
