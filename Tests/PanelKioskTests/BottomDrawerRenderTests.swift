import Foundation
import PanelRenderer
import XCTest

/// The bottom drawer through the binary: content replacement, distance events, dark theme.
final class BottomDrawerRenderTests: XCTestCase {
    let app = """
        appearance = "APPEARANCE"
        [background]
        color = "#336699"
        [[component]]
        id = "drawer"
        kind = "bottom_drawer"
        initial = "partiallyRevealed"
        report_distance = REPORT
        [component.content]
        kind = "list"
        rows = [{ title = "First page row" }]
        [[component.pages]]
        id = "nearby"
        [component.pages.content]
        kind = "list"
        rows = [{ title = "Nearby" }, { title = "More" }]
        """

    func write(appearance: String = "light", report: Bool = false) throws -> String {
        let dir = CLI.tempDir()
        try app.replacingOccurrences(of: "APPEARANCE", with: appearance)
            .replacingOccurrences(of: "REPORT", with: report ? "true" : "false")
            .write(toFile: dir + "/app.toml", atomically: true, encoding: .utf8)
        return dir
    }

    func testReplaceContentCrossFadesAndMovesToTheNewPosition() throws {
        let dir = try write()
        try "100 do drawer replace_content nearby open\n".write(toFile: dir + "/s.touch", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "--config", dir + "/app.toml", "--script", dir + "/s.touch", "--out", dir,
                             "--state", dir + "/state.json", "--events", dir + "/e.jsonl", "--at", "250"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let state = try String(contentsOfFile: dir + "/state.json", encoding: .utf8)
        XCTAssertTrue(state.contains(#""position": "open""#) && state.contains(#""page": "nearby""#), state)
        let events = try String(contentsOfFile: dir + "/e.jsonl", encoding: .utf8)
        XCTAssertTrue(events.contains(#""event": "position_did_change", "position": "open""#), events)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/frame-000250.png"))
    }

    func testUnknownPageNamesThePages() throws {
        let dir = try write()
        try "0 do drawer replace_content far\n".write(toFile: dir + "/s.touch", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "--config", dir + "/app.toml", "--script", dir + "/s.touch", "--out", dir])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("s.touch:1: drawer 'drawer' has no page 'far' (pages: nearby)"), r.stderr)
    }

    func testDistanceEventsFollowTheDrawerWhenAskedFor() throws {
        let dir = try write(report: true)
        try "0 do drawer set_position open\n".write(toFile: dir + "/s.touch", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "--config", dir + "/app.toml", "--script", dir + "/s.touch", "--out", dir,
                             "--events", dir + "/e.jsonl"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = try String(contentsOfFile: dir + "/e.jsonl", encoding: .utf8).split(separator: "\n")
        let distances = lines.filter { $0.contains("distance_changed") }
        XCTAssertGreaterThan(distances.count, 5, "one per moving frame")
        XCTAssertTrue(distances.last?.contains(#""distance_pt": 460"#) ?? false, "\(distances.last ?? "")")
    }

    func testDarkAppearanceDrawsTheDarkCard() throws {
        let dir = try write(appearance: "dark")
        let r = try CLI.run(["render", "--config", dir + "/app.toml", "--out", dir])
        XCTAssertEqual(r.status, 0, r.stderr)
        let png = try PNGCodec.decode(path: dir + "/final.png")
        XCTAssertEqual(png.color(x: 400, y: 400), Color(rgb: 0x1C1C1E), "dark card")
        XCTAssertEqual(png.color(x: 400, y: 224), Color(rgb: 0x5A5A5F), "dark grabber")
        XCTAssertEqual(png.color(x: 400, y: 100), Color(rgb: 0x336699), "background")
    }
}
