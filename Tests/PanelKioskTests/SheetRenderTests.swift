import DrawerRuntime
import Foundation
import PanelRenderer
import XCTest
@testable import PanelKiosk

/// One `panel-kiosk render` run of an app text and a touch script, decoded.
struct RenderRun {
    var state: [String: Any]
    var events: [[String: Any]]
    var dir: String

    /// Renders `app` (TOML text) with `script`; `--at` frames land in `dir`.
    static func run(app: String, script: String, size: String = "800x480", at: [Int] = [],
                    file: StaticString = #filePath, line: UInt = #line) throws -> RenderRun {
        let dir = CLI.tempDir()
        try app.write(toFile: dir + "/app.toml", atomically: true, encoding: .utf8)
        try script.write(toFile: dir + "/s.touch", atomically: true, encoding: .utf8)
        var args = ["render", "--config", dir + "/app.toml", "--script", dir + "/s.touch", "--size", size,
                    "--out", dir, "--state", dir + "/state.json", "--events", dir + "/events.jsonl"]
        if !at.isEmpty { args += ["--at", at.map(String.init).joined(separator: ",")] }
        let r = try CLI.run(args)
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        let stateData = try Data(contentsOf: URL(fileURLWithPath: dir + "/state.json"))
        let state = try JSONSerialization.jsonObject(with: stateData) as? [String: Any] ?? [:]
        let text = (try? String(contentsOfFile: dir + "/events.jsonl", encoding: .utf8)) ?? ""
        let events = text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        return RenderRun(state: state, events: events, dir: dir)
    }

    func component(_ id: String) -> [String: Any] {
        (state["components"] as? [String: Any])?[id] as? [String: Any] ?? [:]
    }
    func number(_ id: String, _ key: String) -> Double { (component(id)[key] as? NSNumber)?.doubleValue ?? .nan }
    func names(_ id: String) -> [String] {
        events.filter { $0["target"] as? String == id }.map { e in
            let name = e["event"] as? String ?? "?"
            let detail = ["status", "depth", "index", "from", "to"].compactMap { k in e[k].map { "\(k)=\($0)" } }
            return ([name] + detail).joined(separator: " ")
        }
    }
    func frame(_ name: String) throws -> Pixmap { try PNGCodec.decode(path: dir + "/" + name) }
}

/// The sheet through the real binary: touch scripts in, state / events / pixels out.
final class SheetRenderTests: XCTestCase {
    /// Anchors at 67 and 766 on an 844 pt tall view: the worked example of docs/components.md,
    /// Sheet S6.
    let phoneSheet = """
        [[component]]
        id = "sheet"
        kind = "sheet"
        anchors = ["from_bottom 78", "from_top 67"]
        [[component.pages]]
        id = "root"
        title = "Root"
        """

    /// A slow drag from the collapsed card (766) up to origin 600, then a constant-speed
    /// final 100 ms at `speed` pt/s upward (0: the finger rests before lifting).
    func flick(speed: Double) -> String {
        var lines = ["0 down 1 200 800", "50 move 1 200 760", "100 move 1 200 700"]
        if speed == 0 {
            lines += ["150 move 1 200 634", "400 move 1 200 634", "500 up 1"]
        } else {
            // Finger at y = 634 (card at 600) at t = 600, moving up at `speed`.
            for i in 0...5 { let t = 500 + i * 20; lines.append("\(t) move 1 200 \(634 + speed * Double(600 - t) / 1000)") }
            lines.append("600 up 1")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func testFlickUpAtHundredPointsPerSecondExpandsAndZeroVelocityPicksTheNearest() throws {
        let up = try RenderRun.run(app: phoneSheet, script: flick(speed: 100), size: "390x844")
        XCTAssertEqual(up.number("sheet", "anchor_index"), 0, "projection 590.1: nearest 766 lies behind: expands")
        XCTAssertEqual(up.number("sheet", "origin_pt"), 67)
        XCTAssertEqual(up.names("sheet"), ["anchor_will_change from=1 to=0", "anchor_did_change index=0"])
        let still = try RenderRun.run(app: phoneSheet, script: flick(speed: 0), size: "390x844")
        XCTAssertEqual(still.number("sheet", "anchor_index"), 1, "no velocity: the nearest anchor (766)")
        XCTAssertEqual(still.number("sheet", "origin_pt"), 766)
        XCTAssertEqual(still.names("sheet"), [], "back to the same anchor: no anchor events")
    }

    func testRubberBandPastTheTopShowsTheSquareRoot() throws {
        let app = """
            [[component]]
            id = "sheet"
            kind = "sheet"
            anchors = ["from_top 167", "from_top 500"]
            initial_anchor = 0
            [[component.pages]]
            id = "root"
            """
        // Drag the header (167...211) 100 pt up and hold: the card shows 10 pt of overshoot.
        let script = "0 down 1 200 190\n50 move 1 200 150\n100 move 1 200 90\n"
        let held = try RenderRun.run(app: app, script: script, size: "390x844")
        XCTAssertEqual(held.number("sheet", "origin_pt"), 157, accuracy: 1e-9)
        let noBounce = app.replacingOccurrences(of: "initial_anchor = 0", with: "initial_anchor = 0\nbounces = false")
        XCTAssertEqual(try RenderRun.run(app: noBounce, script: script, size: "390x844").number("sheet", "origin_pt"), 167)
        // Released, it springs back to the top anchor.
        let released = try RenderRun.run(app: app, script: script + "200 up 1\n", size: "390x844")
        XCTAssertEqual(released.number("sheet", "origin_pt"), 167)
        XCTAssertEqual(released.component("sheet")["animating"] as? Bool, false)
    }

    func testOneAnchorSheetWorksAndDims() throws {
        let app = """
            [[component]]
            id = "sheet"
            kind = "sheet"
            anchors = ["ratio 0.5"]
            [[component.pages]]
            id = "root"
            """
        let rest = try RenderRun.run(app: app, script: "0 do sheet snap 0\n")
        XCTAssertEqual(rest.number("sheet", "origin_pt"), 240)
        XCTAssertEqual(rest.number("sheet", "dimming_alpha"), 0.3, accuracy: 1e-9, "its only anchor is fully expanded")
        // Dragged 100 pt down: √100 = 10 pt, dimming fades toward the bottom: 0.3 × (1 − 10/240).
        let held = try RenderRun.run(app: app, script: "0 down 1 400 260\n50 move 1 400 310\n100 move 1 400 360\n")
        XCTAssertEqual(held.number("sheet", "origin_pt"), 250, accuracy: 1e-9)
        XCTAssertEqual(held.number("sheet", "dimming_alpha"), 0.3 * (1 - 10.0 / 240), accuracy: 1e-3)
        let flung = try RenderRun.run(app: app, script: "0 down 1 400 260\n20 move 1 400 300\n40 move 1 400 360\n41 up 1\n")
        XCTAssertEqual(flung.number("sheet", "origin_pt"), 240)
        XCTAssertEqual(flung.number("sheet", "anchor_index"), 0)
    }

    /// A pop at the root did nothing and answered ok; a push of a page the sheet does not have
    /// did not say which (issue: hardening, second round).
    func testPopAtTheRootAndAnUnknownPushSayWhatIsWrong() throws {
        let dir = CLI.tempDir(), path = dir + "/app.toml"
        try String(contentsOfFile: CLI.root + "/examples/sheet.toml", encoding: .utf8).write(toFile: path, atomically: true, encoding: .utf8)
        let built = try SceneBuilder.build(app: try AppConfig.load(path: path),
                                           geometry: FrameGeometry(widthPx: 800, heightPx: 480, scale: 1, board: .offscreenDefault))
        XCTAssertThrowsError(try built.screen.perform(target: "sheet", action: "pop", arguments: [], at: .zero)) {
            XCTAssertEqual(($0 as? ActionError)?.message, "pop: sheet 'sheet' shows its root page, which is never popped")
        }
        XCTAssertThrowsError(try built.screen.perform(target: "sheet", action: "push", arguments: ["detials"], at: .zero)) {
            XCTAssertEqual(($0 as? ActionError)?.message, "push: no page 'detials' on sheet 'sheet' (its pages: details, root)")
        }
        XCTAssertNoThrow(try built.screen.perform(target: "sheet", action: "push", arguments: ["details", "instant"], at: .zero))
        XCTAssertNoThrow(try built.screen.perform(target: "sheet", action: "pop", arguments: ["instant"], at: .zero))
    }

    func testPushPopAndCloseButtonReportDepth() throws {
        let app = try String(contentsOfFile: CLI.root + "/examples/sheet.toml", encoding: .utf8)
        let script = """
            0 do sheet snap 0
            20 do sheet push details
            1000 do sheet pop
            1600 do sheet set_pages root details
            2400 down 1 775 55
            2450 up 1
            3200 do sheet push details
            3300 do sheet pop_to_root
            """
        let run = try RenderRun.run(app: app, script: script + "\n")
        XCTAssertEqual(run.names("sheet"), [
            "anchor_will_change from=2 to=0", "push depth=2", "anchor_did_change index=0", "pop depth=1",
            "set_pages depth=2", "pop depth=1", "push depth=2", "pop depth=1",
        ], "root never pops; the close button (30×30, 10 pt from top and right) pops")
        XCTAssertEqual(run.number("sheet", "stack_depth"), 1)
        XCTAssertEqual(run.component("sheet")["page"] as? String, "root")
    }

    func testScrollHandOffBothWaysInOneGesture() throws {
        let app = try String(contentsOfFile: CLI.root + "/examples/sheet.toml", encoding: .utf8)
        // Card at the middle anchor (240). Finger on the list goes up 300 pt: 220 move the card
        // to the top anchor (20), the last 80 scroll the list.
        var up = ["0 do sheet snap 1 instant", "100 down 1 400 400"]
        for i in 1...10 { up.append("\(100 + i * 20) move 1 400 \(400 - i * 30)") }
        let first = try RenderRun.run(app: app, script: up.joined(separator: "\n") + "\n")
        XCTAssertEqual(first.number("sheet", "origin_pt"), 20)
        XCTAssertEqual(first.number("sheet", "scroll_offset_pt"), 80)
        // Same gesture, back down 150 pt: the list scrolls back to its top (80), then the card
        // follows the finger down (70).
        var down = up
        for i in 1...5 { down.append("\(300 + i * 20) move 1 400 \(100 + i * 30)") }
        let second = try RenderRun.run(app: app, script: down.joined(separator: "\n") + "\n")
        XCTAssertEqual(second.number("sheet", "scroll_offset_pt"), 0)
        XCTAssertEqual(second.number("sheet", "origin_pt"), 90)
        // Lifted while the list moves fast at the top anchor: the card stays, the list glides on.
        let lifted = try RenderRun.run(app: app, script: up.joined(separator: "\n") + "\n301 up 1\n")
        XCTAssertEqual(lifted.number("sheet", "origin_pt"), 20)
        XCTAssertEqual(lifted.number("sheet", "anchor_index"), 0)
        XCTAssertGreaterThan(lifted.number("sheet", "scroll_offset_pt"), 80, "momentum (0.998 per ms)")
    }

    func testCatchingAMovingCardTakesOverWhereItIs() throws {
        let app = try String(contentsOfFile: CLI.root + "/examples/sheet.toml", encoding: .utf8)
        // Expanding from 436 to 20; a finger lands at 120 ms and holds.
        let run = try RenderRun.run(app: app, script: "0 do sheet snap 0\n120 down 1 400 470\n")
        let origin = run.number("sheet", "origin_pt")
        XCTAssertGreaterThan(origin, 20, "not jumped to the end value (docs/components.md, Sheet S21)")
        XCTAssertLessThan(origin, 436, "the card had moved")
        XCTAssertEqual(run.component("sheet")["animating"] as? Bool, false, "the finger holds it")
    }

    func testTapOnHeaderExpandsAndTapOnDimmingCollapses() throws {
        let app = try String(contentsOfFile: CLI.root + "/examples/sheet.toml", encoding: .utf8)
        let expand = try RenderRun.run(app: app, script: "0 down 1 400 450\n40 up 1\n")
        XCTAssertEqual(expand.number("sheet", "anchor_index"), 0)
        let collapse = try RenderRun.run(app: app, script: "0 do sheet snap 0 instant\n100 down 1 400 10\n140 up 1\n")
        XCTAssertEqual(collapse.number("sheet", "anchor_index"), 2)
        XCTAssertEqual(collapse.number("sheet", "background_inset_pt"), 44)
    }

    // MARK: Frames (light and dark)

    func testFramesAtRestAndMidGestureInBothThemes() throws {
        let example = try String(contentsOfFile: CLI.root + "/examples/sheet.toml", encoding: .utf8)
        // Middle anchor (240); the finger drags the header up 100 pt to origin 140 and holds.
        let script = "0 do sheet snap 1 instant\n100 down 1 400 260\n150 move 1 400 210\n200 move 1 400 160\n"
        for (appearance, card) in [("light", Color(rgb: 0xFFFFFF)), ("dark", Color(rgb: 0x1C1C1E))] {
            let app = example.replacingOccurrences(of: #"appearance = "light""#, with: #"appearance = "\#(appearance)""#)
            let run = try RenderRun.run(app: app, script: script, at: [0, 200])
            let rest = try run.frame("frame-000000.png")
            XCTAssertEqual(rest.color(x: 700, y: 300), card, "\(appearance): card colour below the middle anchor")
            XCTAssertNotEqual(rest.color(x: 0, y: 241), card, "\(appearance): rounded top-left corner (radius 10)")
            let top = rest.color(x: 400, y: 2)
            XCTAssertEqual(Int(top.g), 0xC3, accuracy: 2, "\(appearance): undimmed at the middle anchor")
            let mid = try run.frame("frame-000200.png")
            XCTAssertEqual(mid.color(x: 700, y: 160), card, "\(appearance): the card followed the finger to 140")
            XCTAssertNotEqual(mid.color(x: 700, y: 130), card)
            // Dimming 0.3 × (1 − (140 − 20) / (240 − 20)) = 0.136 over the top row of the background.
            XCTAssertEqual(Double(mid.color(x: 400, y: 2).g), 0xC3 * (1 - 0.3 * (1 - 120.0 / 220)), accuracy: 3,
                           "\(appearance): dimming follows the card")
        }
        let expanded = try RenderRun.run(app: example, script: "0 do sheet snap 0 instant\n", at: [0])
        let png = try expanded.frame("final.png")
        XCTAssertEqual(Double(png.color(x: 400, y: 2).g), 0xC3 * 0.7, accuracy: 3, "0.3 dimming at the top anchor")
        XCTAssertEqual(png.color(x: 700, y: 300), Color(rgb: 0xFFFFFF))
        // A pushed page at rest: the close button disc (systemGray3-like #C7C7CC) 10 pt from the
        // card's top (20) and right edge: spanning x 760...790, y 30...60, its cross cut out.
        let pushed = try RenderRun.run(app: example, script: "0 do sheet snap 0 instant\n0 do sheet push details\n")
        let page = try pushed.frame("final.png")
        XCTAssertEqual(page.color(x: 764, y: 45), Color(rgb: 0xC7C7CC), "disc, left of the cross")
        XCTAssertEqual(page.color(x: 775, y: 45), Color(rgb: 0xFFFFFF), "the cross's centre in the card colour")
        XCTAssertEqual(page.color(x: 755, y: 45), Color(rgb: 0xFFFFFF), "outside the disc")
    }

    /// With the chevron too, the close button sits 10 pt below the card's top (sheets pins it
    /// to the page's top, not below the chevron's 14 pt): on the card at 20 it spans y 30...60
    /// (it sat at 44...74), x 760...790; a tap at y 33 pops.
    func testTheCloseButtonSitsTenPointsBelowTheCardTopWithTheChevron() throws {
        let example = try String(contentsOfFile: CLI.root + "/examples/sheet.toml", encoding: .utf8)
        let app = example.replacingOccurrences(of: "kind = \"sheet\"\n", with: "kind = \"sheet\"\nchevron = true\n")
        XCTAssertNotEqual(app, example)
        let pushed = try RenderRun.run(app: app, script: "0 do sheet snap 0 instant\n0 do sheet push details instant\n")
        let page = try pushed.frame("final.png")
        XCTAssertEqual(page.color(x: 764, y: 45), Color(rgb: 0xC7C7CC), "disc, left of the cross, centred at y 45")
        XCTAssertEqual(page.color(x: 775, y: 32), Color(rgb: 0xC7C7CC), "the disc's top, 2 pt below y 30")
        XCTAssertEqual(page.color(x: 775, y: 45), Color(rgb: 0xFFFFFF), "the cross's centre in the card colour")
        XCTAssertEqual(page.color(x: 775, y: 66), Color(rgb: 0xFFFFFF), "below the disc (it reached y 74)")
        let tapped = try RenderRun.run(app: app, script: "0 do sheet snap 0 instant\n0 do sheet push details instant\n"
                                       + "100 down 1 775 33\n140 up 1\n")
        XCTAssertEqual(tapped.names("sheet").last, "pop depth=1", "the tap at y 33 hit the button")
    }

    func testCheckNamesBadAnchorsAndMisspelledKeys() throws {
        let dir = CLI.tempDir()
        try """
            [[component]]
            id = "s"
            kind = "sheet"
            anchors = ["ratio 1.5", "default_collapsed"]
            bounce = true
            [[component.pages]]
            id = "root"

            [[component]]
            id = "m"
            kind = "swipe_dismiss"
            offset = 0.95
            """.write(toFile: dir + "/bad.toml", atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", dir + "/bad.toml"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("bad.toml:4:1: 'anchors' has 'ratio 1.5'"), r.stderr)
        XCTAssertTrue(r.stderr.contains("bad.toml:5:1: unknown key 'bounce' in component 's' (did you mean 'bounces'?)"), r.stderr)
        XCTAssertTrue(r.stderr.contains("bad.toml:12:1: 'offset' = 0.95 is out of range 0...0.9"), r.stderr)
        for example in ["sheet", "dismiss"] {
            let ok = try CLI.run(["check", CLI.root + "/examples/\(example).toml"])
            XCTAssertEqual(ok.status, 0, ok.stderr)
        }
    }
}
