import Foundation
import PanelRenderer
import XCTest

/// examples/menu.toml through `panel-kiosk render`: touch scripts in, state, events and
/// pixels out (800×480 at scale 1, so pixels are points).
final class SideDrawerRenderTests: XCTestCase {
    let menu = CLI.root + "/examples/menu.toml"

    /// Drag from x 30 to 163.5 (pane at 133.5 = half of 267), hold, release past half.
    let dragScript = """
        100 down 1 30 240
        116 move 1 60 240
        133 move 1 100 240
        150 move 1 140 240
        166 move 1 163.5 240
        250 move 1 163.5 240
        300 move 1 193.5 240
        400 move 1 193.5 240
        500 up 1
        """


    func assertNear(_ c: Color, _ r: Int, _ g: Int, _ b: Int, _ msg: String, tol: Int = 3, line: UInt = #line) {
        XCTAssertEqual(Int(c.r), r, accuracy: tol, msg, line: line)
        XCTAssertEqual(Int(c.g), g, accuracy: tol, msg, line: line)
        XCTAssertEqual(Int(c.b), b, accuracy: tol, msg, line: line)
    }

    func testHalfwayDragShowsParallaxAndFadeThenSettlesExactlyOpen() throws {
        let out = try render(menu, dragScript, at: "250,550")
        // t = 250: pane at 133.5, f = 0.5: the drawer (#E9EEF5) at alpha 0.5 over #1B1F27.
        let mid = try PNGCodec.decode(path: out.dir + "/frame-000250.png")
        assertNear(mid.color(x: 60, y: 460), (0xE9 + 0x1B) / 2, (0xEE + 0x1F) / 2, (0xF5 + 0x27) / 2, "faded drawer")
        XCTAssertEqual(mid.color(x: 134, y: 460), Color(rgb: 0xFFFFFF), "pane starts at 133.5")
        XCTAssertNotEqual(mid.color(x: 132, y: 460), Color(rgb: 0xFFFFFF))
        // Parallax −46.7: the menu title "Menu" (at x 20 unstyled) starts left of the screen.
        var darkInTitle = 0
        for y in 15..<35 { for x in 0..<10 where mid.color(x: x, y: y).r < 0x70 { darkInTitle += 1 } }
        XCTAssertGreaterThan(darkInTitle, 0, "the title is shifted left, cut at the screen edge")
        // Mid-flight after release (t = 550): between closed and open.
        let flight = try PNGCodec.decode(path: out.dir + "/frame-000550.png")
        XCTAssertNotEqual(flight.color(x: 164, y: 460), Color(rgb: 0xFFFFFF), "gravity has moved the pane on past 163.5")
        XCTAssertEqual(flight.color(x: 790, y: 460), Color(rgb: 0xFFFFFF))
        // At rest: exactly 267, opaque drawer, events in order.
        XCTAssertTrue(out.state.contains(#""pane_state": "open", "direction": "left", "pane_offset_pt": 267, "closed_fraction": 0"#), out.state)
        XCTAssertTrue(out.state.contains(#""animating": false"#))
        let final = try PNGCodec.decode(path: out.dir + "/final.png")
        XCTAssertEqual(final.color(x: 100, y: 460), Color(rgb: 0xE9EEF5))
        XCTAssertEqual(final.color(x: 266, y: 460), Color(rgb: 0xE9EEF5))
        XCTAssertEqual(final.color(x: 267, y: 460), Color(rgb: 0xFFFFFF))
        XCTAssertEqual(out.events.count, 2)
        XCTAssertTrue(out.events[0].contains(#""t_ms": 500, "target": "menu", "event": "pane_state_will_change", "state": "open", "direction": "left""#), out.events[0])
        XCTAssertTrue(out.events[1].contains(#""event": "pane_state_did_change", "state": "open", "direction": "left""#))
    }

    func testDarkAppearanceUsesTheDarkPalette() throws {
        let dir = CLI.tempDir()
        let dark = try String(contentsOfFile: menu, encoding: .utf8)
            .replacingOccurrences(of: #"appearance = "light""#, with: #"appearance = "dark""#)
        try dark.write(toFile: dir + "/menu-dark.toml", atomically: true, encoding: .utf8)
        let out = try render(dir + "/menu-dark.toml", dragScript, at: "250")
        let final = try PNGCodec.decode(path: out.dir + "/final.png")
        XCTAssertEqual(final.color(x: 100, y: 460), Color(rgb: 0x101418), "dark drawer")
        XCTAssertEqual(final.color(x: 600, y: 460), Color(rgb: 0x1C1C1E), "dark pane")
        var light = 0
        for y in 15..<35 { for x in 16..<80 where final.color(x: x, y: y).r > 0xC0 { light += 1 } }
        XCTAssertGreaterThan(light, 20, "light menu title text on the dark drawer")
    }

    func testReplacePaneAndBounceThroughTheScript() throws {
        let out = try render(menu, "100 do menu replace_pane settings\n3000 do menu bounce right\n", at: "400")
        XCTAssertTrue(out.state.contains(#""pane_state": "closed", "direction": "none", "pane_offset_pt": 0"#), out.state)
        XCTAssertTrue(out.state.contains(#""page": "settings""#))
        let names = out.events.map { $0.contains("will") ? "will" : "did" }
        XCTAssertEqual(names, ["will", "did", "will", "did"], out.events.joined(separator: "\n"))
        XCTAssertTrue(out.events[1].contains(#""state": "openWide""#))
        // t = 400: the pane is on its way off to the right (90 pt after 0.3 s at 2000 pt/s²).
        let frame = try PNGCodec.decode(path: out.dir + "/frame-000400.png")
        XCTAssertNotEqual(frame.color(x: 50, y: 460), Color(rgb: 0xFFFFFF))
    }
}
