import Foundation
import PanelRenderer
import XCTest

/// examples/player.toml through `panel-kiosk render` (800×480 at scale 1: pixels are points).
/// The floating bar: frame 416...480, card inset 4 and 30 → x 30...770, y 420...476.
final class PopupRenderTests: XCTestCase {
    let player = CLI.root + "/examples/player.toml"


    func darkCopy() throws -> String {
        let dir = CLI.tempDir()
        let text = try String(contentsOfFile: player, encoding: .utf8)
            .replacingOccurrences(of: #"appearance = "light""#, with: #"appearance = "dark""#)
        try text.write(toFile: dir + "/player-dark.toml", atomically: true, encoding: .utf8)
        return dir + "/player-dark.toml"
    }

    /// A swipe up on the bar: snap style opens 0.15 s after the pan begins.
    let swipeUp = "100 down 1 400 440\n116 move 1 400 430\n133 move 1 400 400\n150 move 1 400 380\n200 up 1\n"

    func testRestingBarIsAFloatingCardWithProgressAndButtons() throws {
        for (config, card, fill, track) in [(player, 0xF9F9FB, 0x007AFF, 0xD1D1D6), (try darkCopy(), 0x2C2C2E, 0x0A84FF, 0x3A3A3C)] {
            let out = try render(config, "", at: "0")
            XCTAssertTrue(out.state.contains(#""state": "barPresented", "bar_style": "floating", "open_fraction": 0"#), out.state)
            let png = try PNGCodec.decode(path: out.dir + "/final.png")
            XCTAssertEqual(png.color(x: 400, y: 430), Color(rgb: UInt32(card)), "card fill")
            XCTAssertNotEqual(png.color(x: 20, y: 430), Color(rgb: UInt32(card)), "30 pt inset")
            XCTAssertNotEqual(png.color(x: 31, y: 421), Color(rgb: UInt32(card)), "corner radius 14")
            // Progress 0.37 along the bottom, inset 18 from the card edges: 48 ... 752.
            XCTAssertEqual(png.color(x: 100, y: 475), Color(rgb: UInt32(fill)))
            XCTAssertEqual(png.color(x: 600, y: 475), Color(rgb: UInt32(track)))
            // The play glyph (text colour) in the first of the two trailing buttons.
            var glyph = 0
            for y in 440..<456 { for x in 690..<715 where png.color(x: x, y: y) != Color(rgb: UInt32(card)) { glyph += 1 } }
            XCTAssertGreaterThan(glyph, 60, "play button drawn")
        }
    }

    func testSwipeUpOpensWithTheContentGluedBelowTheBar() throws {
        let out = try render(player, swipeUp, at: "400")
        XCTAssertTrue(out.state.contains(#""state": "open", "bar_style": "floating", "open_fraction": 1"#), out.state)
        XCTAssertEqual(out.events.count, 2)
        XCTAssertTrue(out.events[0].contains(#""event": "popup_will_open""#))
        XCTAssertTrue(out.events[1].contains(#""event": "popup_did_open""#))
        // Mid-transition: the page's top edge (white card) sits right below the fading bar.
        let mid = try PNGCodec.decode(path: out.dir + "/frame-000400.png")
        var edge = -1
        for y in 0..<480 where mid.color(x: 400, y: y) == Color(rgb: 0xFFFFFF) { edge = y; break }
        XCTAssertGreaterThan(edge, 20); XCTAssertLessThan(edge, 400, "page partly up")
        XCTAssertNotEqual(mid.color(x: 400, y: edge - 8), Color(rgb: 0xFFFFFF), "the bar above it, not the page")
        let final = try PNGCodec.decode(path: out.dir + "/final.png")
        XCTAssertEqual(final.color(x: 790, y: 5), Color(rgb: 0xFFFFFF), "open page fills the screen")
        // LNPopupController's default close button since iOS 17: the grabber, a 36 x 5 pt pill
        // centred 12 pt below the top (y 22 ... 27), not the chevron.
        for x in [384, 400, 416] { XCTAssertEqual(final.color(x: x, y: 23), Color(rgb: 0xC7C7CC), "grabber at x \(x)") }
        XCTAssertEqual(final.color(x: 400, y: 28), Color(rgb: 0xFFFFFF), "straight: no chevron vertex below it (y 25 ... 29)")
    }

    func testDragDownClosesAndTheQueueCoalesces() throws {
        // Automatic: drag to close. Then programmatic calls that coalesce: the close drops the open.
        let script = """
            0 do player open
            1500 down 1 400 250
            1516 move 1 400 270
            1533 move 1 400 300
            1550 move 1 400 340
            1566 up 1
            3000 do player dismiss_bar
            3001 do player present_bar
            3002 do player open
            3003 do player close
            """
        let out = try render(player, script, at: "1550")
        let names = out.events.map { line -> String in
            let r = line.range(of: #""event": ""#)!
            return String(line[r.upperBound...].prefix { $0 != "\"" })
        }
        XCTAssertEqual(names, ["popup_will_open", "popup_did_open", "popup_will_close", "popup_did_close",
                               "bar_dismissed", "bar_presented"], out.events.joined(separator: "\n"))
        XCTAssertTrue(out.state.contains(#""state": "barPresented""#), out.state)
        // t = 1550: dragged 90 pt down; the chevron is flat while dragging.
        let drag = try PNGCodec.decode(path: out.dir + "/frame-001550.png")
        XCTAssertEqual(drag.color(x: 400, y: 90 + 12 + 12), Color(rgb: 0xC7C7CC), "flat chevron on its centre line")
    }

    func testDragStyleReleaseDecisionsFromTouchScripts() throws {
        let dir = CLI.tempDir()
        let drag = try String(contentsOfFile: player, encoding: .utf8)
            .replacingOccurrences(of: #"bar_style = "floating""#, with: "bar_style = \"floating\"\ninteraction_style = \"drag\"")
        try drag.write(toFile: dir + "/player-drag.toml", atomically: true, encoding: .utf8)
        // dockY = 480 pt: 20 % of the travel is 96 pt.
        let cases: [(String, String, String)] = [
            ("60 pt up, paused (12.5 %): back to the bar",
             "0 down 1 400 440\n20 move 1 400 420\n40 move 1 400 380\n300 up 1\n", "barPresented"),
            ("120 pt up, paused (25 %): opens",
             "0 down 1 400 440\n20 move 1 400 400\n40 move 1 400 320\n300 up 1\n", "open"),
            ("40 pt flick up: the velocity opens it",
             "0 down 1 400 440\n16 move 1 400 427\n33 move 1 400 413\n50 move 1 400 400\n50 up 1\n", "open"),
            ("from open, 60 pt down and back up 10: the final upward velocity keeps it open",
             "0 do player open\n2000 down 1 400 200\n2016 move 1 400 230\n2033 move 1 400 260\n2050 move 1 400 250\n2050 up 1\n", "open"),
            ("from open, 200 pt down, paused (58 % open < 80 %): closes",
             "0 do player open\n2000 down 1 400 100\n2020 move 1 400 200\n2040 move 1 400 300\n2300 up 1\n", "barPresented"),
        ]
        for (name, script, expected) in cases {
            let out = try render(dir + "/player-drag.toml", script, at: "0")
            XCTAssertTrue(out.state.contains(#""state": "\#(expected)""#), "\(name): \(out.state)")
            XCTAssertTrue(out.state.contains(#""animating": false"#), name)
        }
    }
}
