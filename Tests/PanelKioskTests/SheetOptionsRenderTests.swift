import Foundation
import PanelRenderer
import XCTest

/// The sheet's options from the app file, the control socket's lines and `do` lines, through
/// the real binary (docs/components.md, Sheet S15, S27, S28): pixels, state and events.
final class SheetOptionsRenderTests: XCTestCase {
    /// examples/sheet.toml on 800 x 480: anchors 20, 240 and 436.
    func example(adding keys: String) throws -> String {
        let text = try String(contentsOfFile: CLI.root + "/examples/sheet.toml", encoding: .utf8)
        let app = text.replacingOccurrences(of: "kind = \"sheet\"\n", with: "kind = \"sheet\"\n" + keys + "\n")
        XCTAssertNotEqual(app, text)
        return app
    }

    let white = Color(rgb: 0xFFFFFF)

    /// At the middle anchor (240) a floating card is inset 8 pt from the sides and the bottom
    /// with rounded bottom corners; at the top anchor it is edge to edge with square bottom
    /// corners; half way (130) the gap is 4 pt.
    func testAFloatingSheetIsInsetBelowTheTopAndFullWidthAtIt() throws {
        let app = try example(adding: "style = \"floating\"")
        let run = try RenderRun.run(app: app, script: "0 do sheet snap 1 instant\n100 down 1 400 260\n150 move 1 400 200\n"
                                    + "200 move 1 400 150\n300 up 1\n1500 do sheet snap 0 instant\n", at: [0, 250])
        let middle = try run.frame("frame-000000.png")
        XCTAssertNotEqual(middle.color(x: 4, y: 300), white, "the background shows in the side gap")
        XCTAssertEqual(middle.color(x: 12, y: 300), white, "card")
        XCTAssertNotEqual(middle.color(x: 795, y: 300), white, "right gap")
        XCTAssertEqual(middle.color(x: 787, y: 300), white)
        XCTAssertEqual(middle.color(x: 400, y: 468), white, "card above its bottom inset")
        XCTAssertNotEqual(middle.color(x: 400, y: 476), white, "the gap below the card")
        XCTAssertNotEqual(middle.color(x: 9, y: 471), white, "the bottom-left corner is rounded (radius 10)")
        XCTAssertEqual(middle.color(x: 18, y: 470), white)
        let half = try run.frame("frame-000250.png")      // the finger holds the card at 130
        XCTAssertEqual(run.number("sheet", "origin_pt"), 20, "snapped to the top at the end")
        XCTAssertNotEqual(half.color(x: 2, y: 300), white, "a 4 pt gap half way to the top")
        XCTAssertEqual(half.color(x: 6, y: 300), white)
        let top = try run.frame("final.png")
        XCTAssertEqual(top.color(x: 1, y: 300), white, "edge to edge at the top anchor")
        XCTAssertEqual(top.color(x: 798, y: 300), white)
        XCTAssertEqual(top.color(x: 0, y: 479), white, "square bottom corners")
        XCTAssertEqual(top.color(x: 799, y: 479), white)
    }

    /// `close_image`: the pushed page's close button shows the PNG fitted into its 30 × 30 pt
    /// (a 60 x 40 px picture: 30 x 20 pt, centred at (775, 45)), not the drawn disc.
    func testACustomCloseImageReplacesTheDisc() throws {
        let dir = CLI.tempDir()
        let p = try XCTUnwrap(Pixmap(width: 60, height: 40))
        for y in 0..<40 { for x in 0..<60 { p[x, y] = 0xFFCC_3300 } }
        try PNGCodec.encode(p.view, to: dir + "/x.png")
        let app = try example(adding: "close_image = \"\(dir)/x.png\"")
        let run = try RenderRun.run(app: app, script: "0 do sheet snap 0 instant\n0 do sheet push details instant\n")
        let page = try run.frame("final.png")
        XCTAssertEqual(page.color(x: 775, y: 45), Color(rgb: 0xCC3300), "the picture where the cross was")
        XCTAssertEqual(page.color(x: 762, y: 37), Color(rgb: 0xCC3300), "its top-left, at (760, 35)")
        XCTAssertEqual(page.color(x: 775, y: 32), white, "above the 20 pt tall picture: the disc is gone")
        let tapped = try RenderRun.run(app: app, script: "0 do sheet snap 0 instant\n0 do sheet push details instant\n"
                                       + "100 down 1 775 45\n140 up 1\n")
        XCTAssertEqual(tapped.number("sheet", "stack_depth"), 1, "still the close button")
    }

    /// A missing or oversized close image is found by `check`, at its key.
    func testCheckNamesABadCloseImage() throws {
        let dir = CLI.tempDir()
        let big = CLI.root + "/Tests/BadInput/i2-icon-2048x8.png"
        for (value, expected) in [("\(dir)/none.png", "'close_image' = '\(dir)/none.png'"),
                                  (big, "over the 1024x1024 px an icon may be"),
                                  ("\(dir)", "'close_image'")] {
            try (try example(adding: "close_image = \"\(value)\"")).write(toFile: dir + "/bad.toml", atomically: true, encoding: .utf8)
            let r = try CLI.run(["check", dir + "/bad.toml"])
            XCTAssertEqual(r.status, 1)
            XCTAssertTrue(r.stdout.contains(expected) || r.stderr.contains(expected), r.stdout + r.stderr)
            XCTAssertTrue((r.stdout + r.stderr).contains("bad.toml:12:"), "the key's line: " + r.stdout + r.stderr)
        }
    }

    /// `set_anchors` and `pop_to` from a `send` line (the control socket's JSON) and a `do` line.
    func testSetAnchorsAndPopToFromTheSocketAndDoLines() throws {
        let app = try example(adding: "")
        let script = """
            0 send {"cmd":"set_anchors","target":"sheet","anchors":["from_top 100","default_collapsed"],"snap_to":0,"animated":false}
            100 do sheet push details instant
            200 send {"cmd":"pop_to","target":"sheet","page":"root","animated":false}
            300 do sheet set_anchors default_expanded ratio 0.25 default_collapsed

            """
        let run = try RenderRun.run(app: app, script: script)
        XCTAssertEqual(run.number("sheet", "origin_pt"), 120, "nearest of 20 / 120 / 436 to 100")
        XCTAssertEqual(run.number("sheet", "anchor_index"), 1)
        XCTAssertEqual(run.number("sheet", "stack_depth"), 1)
        XCTAssertEqual(run.names("sheet"), ["anchor_will_change from=2 to=0", "anchor_did_change index=0", "push depth=2",
                                            "pop depth=1", "anchor_will_change from=0 to=1", "anchor_did_change index=1"])
    }
}
