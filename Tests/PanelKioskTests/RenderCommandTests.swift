import Foundation
import PanelRenderer
import XCTest

/// `panel-kiosk render` through the real binary: files in, PNG/state/events out.
final class RenderCommandTests: XCTestCase {
    let drawer = CLI.root + "/examples/drawer.toml"

    func testRestingDrawerFrameHasGradientCardAndText() throws {
        let out = CLI.tempDir()
        let r = try CLI.run(["render", "--config", drawer, "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        let png = try PNGCodec.decode(path: out + "/final.png")
        XCTAssertEqual(png.width, 800)
        XCTAssertEqual(png.height, 480)
        // Background gradient #A8D5BA -> #F1E9D2: row 0 is near the top colour.
        let top = png.color(x: 400, y: 0)
        XCTAssertEqual(Int(top.r), 0xA8, accuracy: 2); XCTAssertEqual(Int(top.g), 0xD5, accuracy: 2)
        // The drawer (partial, 264 pt) starts at y = 216: white card below, with a rounded corner.
        XCTAssertEqual(png.color(x: 400, y: 300), Color(r: 255, g: 255, b: 255))
        XCTAssertNotEqual(png.color(x: 0, y: 217), Color(r: 255, g: 255, b: 255), "top-left corner is rounded")
        // Grabber pill #C7C7CC centred 6 pt below the top edge.
        XCTAssertEqual(png.color(x: 400, y: 224), Color(rgb: 0xC7C7CC))
        // Text: the first row's title has dark pixels at its baseline band.
        var dark = 0
        for y in 245..<262 { for x in 16..<200 where png.color(x: x, y: y).r < 100 { dark += 1 } }
        XCTAssertGreaterThan(dark, 200, "row title text is drawn")
    }

    func testSwipeUpOpensTheDrawerAndLogsEvents() throws {
        let dir = CLI.tempDir()
        let script = dir + "/swipe.touch"
        try """
            100 down 1 400 300
            116 move 1 400 290
            133 move 1 400 260
            150 move 1 400 220
            166 move 1 400 180
            183 move 1 400 150
            200 up 1
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "--config", drawer, "--script", script, "--out", dir,
                             "--state", dir + "/state.json", "--events", dir + "/events.jsonl", "--at", "200"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let state = try String(contentsOfFile: dir + "/state.json", encoding: .utf8)
        XCTAssertTrue(state.contains(#""position": "open""#), state)
        XCTAssertTrue(state.contains(#""visible_height_pt": 460"#), state)
        XCTAssertTrue(state.contains(#""dimming_alpha": 0.5"#), state)
        let events = try String(contentsOfFile: dir + "/events.jsonl", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(events.first, #"{"t_ms": 200, "target": "drawer", "event": "position_will_change", "from": "partiallyRevealed", "to": "open"}"#)
        XCTAssertTrue(events.last?.contains(#""event": "position_did_change", "position": "open""#) ?? false)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/frame-000200.png"))
        // Dimmed background above the open drawer: half-black over the gradient.
        let png = try PNGCodec.decode(path: dir + "/final.png")
        XCTAssertLessThan(Int(png.color(x: 400, y: 5).g), 0xD5 / 2 + 4)
    }

    func testScriptedDragRendersBitIdenticallyTwice() throws {
        let dir = CLI.tempDir()
        let script = dir + "/drag.touch"
        try "0 down 1 400 300\n50 move 1 400 250\n100 move 1 400 200\n120 up 1\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        var files: [Data] = []
        for run in 0..<2 {
            let out = dir + "/run\(run)"
            let r = try CLI.run(["render", "--config", drawer, "--script", script, "--out", out, "--at", "60,120,200",
                                 "--state", out + "/state.json", "--events", out + "/events.jsonl"])
            XCTAssertEqual(r.status, 0, r.stderr)
            for name in ["frame-000067.png", "frame-000133.png", "frame-000200.png", "final.png", "state.json", "events.jsonl"] {
                files.append(try Data(contentsOf: URL(fileURLWithPath: out + "/" + name)))
            }
        }
        XCTAssertEqual(files[0..<6].map { $0 }, files[6..<12].map { $0 }, "two runs differ")
    }

    func testBadScriptNamesTheLine() throws {
        let dir = CLI.tempDir()
        try "0 down 1 10 10\n12 mvoe 1 20 20\n".write(toFile: dir + "/bad.touch", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "--config", drawer, "--script", dir + "/bad.touch", "--out", dir])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("bad.touch:2: unknown verb 'mvoe' (did you mean 'move'?)"), r.stderr)
    }

    /// Two options naming one file are refused before anything is written: `--state
    /// o/final.png` once left the state where render said it wrote the picture.
    func testOutputsNamingTheSameFileAreRefused() throws {
        let dir = CLI.tempDir()
        let r = try CLI.run(["render", "--config", drawer, "--out", dir + "/o", "--state", dir + "/o/./final.png"])
        XCTAssertEqual(r.status, 64, r.stderr)
        XCTAssertTrue(r.stderr.contains("--out's final.png and --state name the same file, \(dir)/o/./final.png"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/o/final.png"))
        let e = try CLI.run(["run", "--headless", "--config", drawer, "--frames", "1", "--events", "x.jsonl", "--trace", "d/../x.jsonl"], cwd: dir)
        XCTAssertEqual(e.status, 64, e.stderr)
        XCTAssertTrue(e.stderr.contains("--events and --trace name the same file, d/../x.jsonl"), e.stderr)
    }

    func testUnknownTargetInScriptNamesTheLine() throws {
        let dir = CLI.tempDir()
        try "0 do sheet snap 0\n".write(toFile: dir + "/t.touch", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "--config", drawer, "--script", dir + "/t.touch", "--out", dir])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("t.touch:1: no component 'sheet' (this app has: drawer)"), r.stderr)
    }

    func testCheckReportsAndExitsNonZero() throws {
        let dir = CLI.tempDir()
        try "[[component]]\nid = \"d\"\nkind = \"bottom_drawer\"\ncolapsed_height = 1\n"
            .write(toFile: dir + "/bad.toml", atomically: true, encoding: .utf8)
        let bad = try CLI.run(["check", dir + "/bad.toml"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("bad.toml:4:1: unknown key 'colapsed_height' in component 'd' (did you mean 'collapsed_height'?)"), bad.stderr)
        let good = try CLI.run(["check", drawer])
        XCTAssertEqual(good.status, 0, good.stderr)
    }

    func testMissingConfigFileIsAClearError() throws {
        let r = try CLI.run(["render", "--config", "/nonexistent/app.toml", "--out", CLI.tempDir()])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("/nonexistent/app.toml:1:1: cannot read /nonexistent/app.toml: No such file or directory"), r.stderr)
    }
}
