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

    /// Mid-gesture: a finger holds the drawer 100 pt above partial. The card's top is at
    /// 480 - 264 - 100 = 116 and the dimming is 0.5 x 100 / 196 over the background.
    func testMidDragFrameLightAndDark() throws {
        for (appearance, card) in [("light", Color(rgb: 0xFFFFFF)), ("dark", Color(rgb: 0x1C1C1E))] {
            let dir = try write(appearance: appearance)
            try "0 down 1 400 300\n16 move 1 400 260\n33 move 1 400 230\n50 move 1 400 200\n2000 up 1\n"
                .write(toFile: dir + "/s.touch", atomically: true, encoding: .utf8)
            let r = try CLI.run(["render", "--config", dir + "/app.toml", "--script", dir + "/s.touch", "--out", dir, "--at", "100"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let frame = try PNGCodec.decode(path: dir + "/frame-000100.png")
            XCTAssertEqual(frame.color(x: 400, y: 160), card, "\(appearance): card below its top edge")
            let bg = frame.color(x: 400, y: 60), alpha = 0.5 * 100 / 196
            XCTAssertEqual(Double(bg.b), Double(0x99) * (1 - alpha), accuracy: 2, "\(appearance): dimmed background")
            XCTAssertNotEqual(frame.color(x: 400, y: 110), card, "\(appearance): above the card's top edge")
        }
    }

    /// A touch cancelled mid-drag (its touchscreen unplugged, a palm) decided nothing: past
    /// Pulley's 20 pt threshold a release would open the drawer, a cancel puts it back.
    func testACancelledDragPutsTheDrawerBack() throws {
        var script = "0 down 1 400 400\n"
        for i in 1...9 { script += "\(i * 16) move 1 400 \(400 - Double(i) * 3.75)\n" }
        let (_, cancelled, cancelEvents) = try render(CLI.root + "/examples/drawer.toml", script + "170 cancel 1\n", at: "0")
        XCTAssertTrue(cancelled.contains("\"position\": \"partiallyRevealed\""), cancelled)
        XCTAssertEqual(cancelEvents, [])
        let (_, released, _) = try render(CLI.root + "/examples/drawer.toml", script + "170 up 1\n", at: "0")
        XCTAssertTrue(released.contains("\"position\": \"open\""), "the same drag released opens: \(released)")
    }
}
