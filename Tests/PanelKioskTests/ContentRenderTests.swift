import Foundation
import PanelRenderer
import XCTest

/// examples/content.toml through the real binary: every content kind drawn, taps reported.
final class ContentRenderTests: XCTestCase {
    let accent = Color(rgb: 0x007AFF)
    let track = Color(rgb: 0xD1D1D6)
    var example: String { CLI.root + "/examples/content.toml" }

    /// Renders the example (800 × 480 px at scale 1) with an optional touch script.
    func render(script: String? = nil) throws -> (frame: Pixmap, events: [[String: Any]]) {
        let dir = CLI.tempDir()
        var args = ["render", "--config", example, "--out", dir, "--events", dir + "/events.jsonl"]
        if let script {
            try script.write(toFile: dir + "/tap.touch", atomically: true, encoding: .utf8)
            args += ["--script", dir + "/tap.touch"]
        }
        let r = try CLI.run(args)
        XCTAssertEqual(r.status, 0, r.stderr)
        let text = (try? String(contentsOfFile: dir + "/events.jsonl", encoding: .utf8)) ?? ""
        let events = text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        return (try PNGCodec.decode(path: dir + "/final.png"), events)
    }

    /// Rows of `x` where the pixel is exactly `color`, as (first, last).
    func run(_ p: Pixmap, x: Int, _ color: Color, from: Int = 0) -> (Int, Int)? {
        let ys = (from..<p.height).filter { p.color(x: x, y: $0) == color }
        guard let a = ys.first else { return nil }
        var b = a
        while b + 1 < p.height && p.color(x: x, y: b + 1) == color { b += 1 }
        return (a, b)
    }

    /// Pixels in `rect` darker than mid grey (text ink on the light page).
    func ink(_ p: Pixmap, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Int {
        var n = 0
        for y in y0..<y1 { for x in x0..<x1 where Int(p.color(x: x, y: y).g) < 128 { n += 1 } }
        return n
    }

    func testExamplePassesCheck() throws {
        let r = try CLI.run(["check", example])
        XCTAssertEqual(r.status, 0, r.stderr + r.stdout)
    }

    func testEveryKindIsDrawnAndButtonTapsReportActions() throws {
        let (frame, idle) = try render()
        XCTAssertTrue(idle.filter { $0["event"] as? String == "action" }.isEmpty)
        // The filled button: a 44 pt accent pill from the page's 24 pt padding (x = 46 is past
        // its rounded end; its white title may cross that column, its top and bottom edges not).
        let top = try XCTUnwrap(run(frame, x: 46, accent), "filled button not found").0
        let bottom = try XCTUnwrap((top..<(top + 60)).last { frame.color(x: 46, y: $0) == accent })
        let pill = (top, bottom)
        XCTAssertEqual(pill.1 - pill.0 + 1, 44, accuracy: 1, "44 pt tall")
        let midY = (pill.0 + pill.1) / 2
        var right = 46
        while right + 1 < frame.width, frame.color(x: right + 1, y: pill.0 + 3) == accent { right += 1 }
        // The row ends in a spacer: the buttons keep their own width and the spacer takes the
        // rest (docs/config.md, Content), so the page shows past the second button.
        XCTAssertGreaterThan(right, 100, "the title fits in its button")
        XCTAssertLessThan(right, 200, "the buttons keep their own width")
        XCTAssertEqual(frame.color(x: 400, y: midY), frame.color(x: 790, y: midY), "the spacer: the page's own colour")
        let midX = (24 + right) / 2
        XCTAssertEqual(frame.color(x: midX, y: pill.0 + 4), accent, "button fill at its centre column")
        XCTAssertEqual(frame.color(x: 34, y: midY), accent)
        var title = 0
        for y in (pill.0 + 8)..<(pill.1 - 8) { for x in 40..<(right - 16) where frame.color(x: x, y: y).r > 200 { title += 1 } }
        XCTAssertGreaterThan(title, 60, "white title inside the filled pill")
        // The tinted button right of it: a pale accent pill with accent ink.
        let tint = frame.color(x: right + 30, y: midY)
        XCTAssertTrue(tint.b > tint.r && tint.r > 180, "tinted fill: \(tint)")
        // The progress bar below: 64 % accent from the left, then the track.
        let bar = try XCTUnwrap(run(frame, x: 100, accent, from: pill.1 + 1), "progress bar not found")
        let barY = (bar.0 + bar.1) / 2
        XCTAssertEqual(frame.color(x: 480, y: barY), accent, "filled part (24 + 0.64 · 752 = 505)")
        XCTAssertEqual(frame.color(x: 530, y: barY), track, "track after it")
        XCTAssertEqual(frame.color(x: 770, y: barY), track)
        // Text: the bold title and the paragraph on the page, the list row in the drawer.
        XCTAssertGreaterThan(ink(frame, 24, 20, 400, 60), 500, "title")
        XCTAssertGreaterThan(ink(frame, 24, 64, 776, 110), 1000, "wrapped paragraph")
        XCTAssertGreaterThan(ink(frame, 16, 440, 300, 480), 200, "list row in the collapsed drawer")
        // The image between paragraph and buttons: the picture's sky, not the page.
        let sky = frame.color(x: 60, y: pill.0 - 12 - 110)
        XCTAssertTrue(sky.b > sky.r, "image drawn: \(sky)")

        // Taps on each button report their actions to the background's event stream.
        let taps = try render(script: """
            0 down 1 \(midX) \(midY)
            60 up 1
            200 down 1 \(right + 60) \(midY)
            260 up 1
            400 down 1 700 \(midY)
            460 up 1
            """ + "\n")
        let actions = taps.events.filter { $0["event"] as? String == "action" }
        XCTAssertEqual(actions.compactMap { $0["id"] as? String }, ["buy", "timetable"], "\(taps.events)")
        XCTAssertEqual(actions.first?["target"] as? String, "background")
    }
}
