import DrawerRuntime
import Foundation
import PanelRenderer
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// The side drawer's newer calls from every surface: the control socket's lines (parsed and
/// dispatched), touch scripts through `panel-kiosk render`, the Swift API, and the app
/// file's `shadow_color` (docs/components.md, Side drawer D13, D12, D29, D15).
final class SideDrawerSurfacesTests: XCTestCase {
    private func parse(_ s: String) -> Result<ControlCommand, ControlCommand.ControlError> {
        ControlCommand.parse(line: Array(s.utf8)).result
    }
    private func error(_ s: String) -> String {
        if case .failure(let e) = parse(s) { return e.message }
        return "(parsed)"
    }

    func testSocketLinesParse() {
        XCTAssertEqual(try parse(#"{"cmd":"replace_content","target":"menu","page":"p","animated":false}"#).get(),
                       .replaceContent(target: "menu", page: "p", animated: false))
        XCTAssertEqual(try parse(#"{"cmd":"bounce","target":"menu"}"#).get(), .bounce(target: "menu", side: nil))
        XCTAssertEqual(try parse(#"{"cmd":"bounce","target":"menu","side":"right"}"#).get(), .bounce(target: "menu", side: .right))
        XCTAssertEqual(try parse(#"{"cmd":"set_drawer","target":"menu","side":"right","page":"p"}"#).get(),
                       .setDrawer(target: "menu", side: .right, page: "p"))
        XCTAssertEqual(try parse(#"{"cmd":"remove_drawer","target":"menu","side":"left","animated":false}"#).get(),
                       .removeDrawer(target: "menu", side: .left, animated: false))
        XCTAssertEqual(try parse(##"{"cmd":"set_stylers","target":"menu","side":"left","stylers":["fade"],"closed_alpha":0.2,"shadow_color":"#FF000080"}"##).get(),
                       .setStylers(target: "menu", side: .left, stylers: [.fade], parameters: ["closed_alpha": 0.2],
                                   shadowColor: Color(r: 255, g: 0, b: 0, a: 128)))
        XCTAssertEqual(error(#"{"cmd":"set_drawer","target":"menu","page":"p"}"#),
                       #""set_drawer" needs "side" (one of "left", "right", "top", "bottom")"#)
        XCTAssertEqual(error(#"{"cmd":"remove_drawer","target":"menu","side":"lfet"}"#),
                       #""side" must be one of "left", "right", "top", "bottom" (did you mean "left"?)"#)
        XCTAssertEqual(error(#"{"cmd":"set_stylers","target":"menu","side":"left"}"#),
                       #""set_stylers" needs "stylers" (an array of "parallax", "fade", "scale", "resize", "shadow"; [] for none)"#)
        XCTAssertEqual(error(#"{"cmd":"set_stylers","target":"menu","side":"left","stylers":["blur"]}"#),
                       #""stylers" takes "parallax", "fade", "scale", "resize", "shadow""#)
        XCTAssertEqual(error(#"{"cmd":"set_stylers","target":"menu","side":"left","stylers":[],"closed_scale":2}"#),
                       #""closed_scale" must be a number from 0.0 to 1.0"#)
        XCTAssertEqual(error(#"{"cmd":"set_stylers","target":"menu","side":"left","stylers":[],"shadow_color":"red"}"#),
                       ##""shadow_color" must be "#rrggbb" or "#rrggbbaa""##)
        XCTAssertEqual(error(#"{"cmd":"set_stylers","target":"menu","side":"left","stylers":[],"closed_alpa":1}"#),
                       #"unknown field "closed_alpa" in "set_stylers" (did you mean "closed_alpha"?)"#)
        XCTAssertEqual(error(#"{"cmd":"bounce","target":"menu","animated":false}"#), #"unknown field "animated" in "bounce""#)
    }

    /// tour-settings.toml: one drawer (left, 280 pt) and pages.
    func built() throws -> SceneBuilder.Built { try ControlDispatchTests.built(path: "examples/tour-settings.toml") }

    func menu(_ b: SceneBuilder.Built, _ t: Double) -> JSONValue? { b.screen.state(timeMS: t)["components"]?["menu"] }

    func testSocketCommandsDriveTheSideDrawer() throws {
        let b = try built(), s = b.screen
        func perform(_ c: ControlCommand, at ms: Double) throws { try ControlDispatch.perform(c, on: s, live: b.live, at: .milliseconds(ms)) }
        // bounce with no side: the only drawer.
        try perform(.bounce(target: "menu", side: nil), at: 0)
        s.advance(to: .milliseconds(100))
        guard case .number(let offset)? = menu(b, 100)?["pane_offset_pt"] else { return XCTFail("no offset") }
        XCTAssertGreaterThan(offset, 5, "bouncing toward the left drawer")
        s.advance(to: .seconds(3))
        // An unanimated replace of the open pane: it stays open.
        try perform(.open(target: "menu", side: nil, animated: false), at: 3000)
        try perform(.replaceContent(target: "menu", page: "sound", animated: false), at: 3000)
        XCTAssertEqual(menu(b, 3000)?["page"], "sound")
        XCTAssertEqual(menu(b, 3000)?["pane_state"], "open")
        XCTAssertEqual(menu(b, 3000)?["animating"], .bool(false))
        // A second drawer, then the first removed while open: the pane closes, then it goes.
        try perform(.setDrawer(target: "menu", side: .right, page: "about"), at: 3000)
        XCTAssertEqual(menu(b, 3000)?["drawers"], .array(["left", "right"]))
        try perform(.removeDrawer(target: "menu", side: .left, animated: true), at: 3000)
        XCTAssertEqual(menu(b, 3000)?["drawers"], .array(["left", "right"]))
        s.advance(to: .seconds(6))
        XCTAssertEqual(menu(b, 6000)?["pane_state"], "closed")
        XCTAssertEqual(menu(b, 6000)?["drawers"], .array(["right"]))
        // set_stylers reaches the drawer's options.
        try perform(.setStylers(target: "menu", side: .right, stylers: [.scale], parameters: ["closed_scale": 0.3], shadowColor: nil), at: 6000)
        let drawer = try s.component("menu", as: SideDrawer.self, at: .seconds(6))
        XCTAssertEqual(drawer.config.sides[.right]?.stylers, [.scale])
        XCTAssertEqual(drawer.config.sides[.right]?.closedScale, 0.3)
        // Refusals name what is wrong.
        XCTAssertThrowsError(try perform(.setStylers(target: "menu", side: .left, stylers: [], parameters: [:], shadowColor: nil), at: 6000)) {
            XCTAssertTrue("\($0)".contains("takes a side with a drawer: right"), "\($0)")
        }
        XCTAssertThrowsError(try perform(.removeDrawer(target: "menu", side: .top, animated: true), at: 6000))
        XCTAssertThrowsError(try perform(.setDrawer(target: "menu", side: .top, page: "network"), at: 6000)) {
            XCTAssertTrue("\($0)".contains("cannot join"), "\($0)")
        }
    }

    func testBottomDrawerRefusesASideDrawersFields() throws {
        let b = try ControlDispatchTests.built()
        XCTAssertThrowsError(try ControlDispatch.perform(.bounce(target: "drawer", side: .left), on: b.screen, live: b.live, at: .zero)) {
            XCTAssertTrue("\($0)".contains("\"side\" is for a side drawer"), "\($0)")
        }
        XCTAssertNoThrow(try ControlDispatch.perform(.bounce(target: "drawer", side: nil), on: b.screen, live: b.live, at: .zero))
    }

    /// Touch scripts through the binary: `do` lines for each new action, and the events.
    func testTouchScriptsThroughRender() throws {
        let dir = CLI.tempDir()
        let script = """
            0 do menu bounce
            2000 do menu open instant
            2100 do menu replace_pane sound instant
            2200 do menu set_drawer right about
            2300 do menu remove_drawer left instant
            2400 do menu set_stylers right parallax fade closed_alpha=0.3
            """
        try script.write(toFile: dir + "/s.touch", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "--config", CLI.root + "/examples/tour-settings.toml", "--script", dir + "/s.touch",
                             "--out", dir, "--state", dir + "/state.json", "--events", dir + "/events.jsonl", "--every-frame"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let state = try String(contentsOfFile: dir + "/state.json", encoding: .utf8)
        XCTAssertTrue(state.contains(#""pane_state": "closed", "direction": "none", "pane_offset_pt": 0"#), state)
        XCTAssertTrue(state.contains(#""page": "sound", "drawers": ["right"]"#), state)
        let events = try String(contentsOfFile: dir + "/events.jsonl", encoding: .utf8).split(separator: "\n").map(String.init)
        // The bounce announces nothing (it leaves and returns to closed); open instant and the
        // instant removal each send their pair at once; the unanimated replace sends none.
        let pairs = events.filter { $0.contains("pane_state") }.map { line -> String in
            let t = line.split(separator: ",")[0].replacingOccurrences(of: "{\"t_ms\": ", with: "")
            return t + (line.contains("will") ? " will " : " did ") + (line.contains("\"open\"") ? "open" : "closed")
        }
        XCTAssertEqual(pairs, ["2000 will open", "2000 did open", "2300 will closed", "2300 did closed"], events.joined(separator: "\n"))
        // A bad word names the line.
        try "0 do menu set_drawer top about\n".write(toFile: dir + "/bad.touch", atomically: true, encoding: .utf8)
        let bad = try CLI.run(["render", "--config", CLI.root + "/examples/tour-settings.toml", "--script", dir + "/bad.touch", "--out", dir])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("top drawer cannot join"), bad.stderr)
    }

    /// The Swift API's calls, as a package using panel-kiosk makes them.
    func testSwiftAPICalls() throws {
        let kiosk = try Kiosk(app: try AppConfig.load(path: CLI.root + "/examples/menu.toml"), widthPx: 800, heightPx: 480, scale: 1)
        var seen: [KioskEvent] = []
        kiosk.onEvent { seen.append($0) }
        XCTAssertThrowsError(try kiosk.bounce("menu")) { XCTAssertTrue("\($0)".contains("left and right"), "\($0)") }
        try kiosk.bounce("menu", side: .right)
        try kiosk.open("menu", side: .left, animated: false)
        try kiosk.replaceContent("menu", page: "settings", animated: false)
        try kiosk.removeDrawer("menu", side: .right)
        try kiosk.setDrawer("menu", side: .right, page: "home")
        try kiosk.setStyle("menu", side: .right, SideDrawerSideConfig.Style(stylers: [.shadow], shadowRadius: 20))
        try kiosk.removeDrawer("menu", side: .left, animated: false)
        XCTAssertEqual(seen, [.paneStateWillChange(sideDrawer: "menu", state: .open, direction: .left),
                              .paneStateDidChange(sideDrawer: "menu", state: .open, direction: .left),
                              .paneStateWillChange(sideDrawer: "menu", state: .closed, direction: .left),
                              .paneStateDidChange(sideDrawer: "menu", state: .closed, direction: .left)])
        XCTAssertThrowsError(try kiosk.setDrawer("menu", side: .left, page: "settings")) {
            XCTAssertTrue("\($0)".contains("shown in the pane"), "\($0)")
        }
        XCTAssertThrowsError(try kiosk.setStyle("menu", side: .right, SideDrawerSideConfig.Style(closedAlpha: 1.5))) {
            XCTAssertTrue("\($0)".contains("closed_alpha is 1.5; it takes 0...1"), "\($0)")
        }
        try kiosk.perform("menu", "set_stylers", ["right", "fade"])
    }

    func testShadowColourInTheAppFile() throws {
        let dir = CLI.tempDir()
        func check(_ value: String) throws -> CLI.Result {
            let toml = """
                [[component]]
                id = "menu"
                kind = "side_drawer"
                [component.left]
                stylers = ["shadow"]
                shadow_color = \(value)
                """
            try toml.write(toFile: dir + "/app.toml", atomically: true, encoding: .utf8)
            return try CLI.run(["check", dir + "/app.toml"])
        }
        XCTAssertEqual(try check(##""#336699""##).status, 0)
        let bad = try check(#""blue""#)
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue((bad.stdout + bad.stderr).contains(##"app.toml:6:1: 'shadow_color' must be a colour like "#RRGGBB" or "#RRGGBBAA""##),
                      bad.stdout + bad.stderr)
        let far = try check("\"#336699\"\nshadow_offset_x = 500\nminimum_resize_reveal_width = -1")
        let said = far.stdout + far.stderr
        XCTAssertTrue(said.contains("app.toml:7:1: 'shadow_offset_x' = 500 is out of range -100...100"), said)
        XCTAssertTrue(said.contains("app.toml:8:1: 'minimum_resize_reveal_width' = -1 is out of range 0...10000"), said)
        // Parsed into the drawer's options.
        let app = try AppConfig.parse(toml: """
            [[component]]
            id = "menu"
            kind = "side_drawer"
            [component.right]
            shadow_color = "#336699"
            """, path: dir + "/b.toml")
        let kiosk = try Kiosk(app: app)
        let drawer = try kiosk.runtime.screen.component("menu", as: SideDrawer.self, at: .zero)
        XCTAssertEqual(drawer.config.sides[.right]?.shadowColor, Color(rgb: 0x336699))
        try kiosk.perform("menu", "bounce", [])
        XCTAssertTrue(drawer.needsFrames, "bounce with no side: the only drawer")
    }
}
