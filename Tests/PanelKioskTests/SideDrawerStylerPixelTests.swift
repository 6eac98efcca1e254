import DrawerRuntime
import Foundation
import PanelKiosk   // the public API: what an app built on panel-kiosk sees
import PanelRenderer
import XCTest

/// The stylers on rendered pixels at closed fraction 0.5 (docs/components.md, Side drawer
/// D15): reveal 267, the pane held at 133.5 by a finger → parallax −46.725 pt, alpha 0.5,
/// scale 0.95 about the screen's centre. The drawer (its fill #E9EEF5, red 233) shows a blue
/// block (x 60…207, y 68…200 unstyled: the drawer's 8 pt top margin, a 60 pt padding, a
/// 100 pt spacer in 16 pt of the block's own padding) over a black background, so where its
/// edges land (the red channel: 0 on the block, 233 on the fill) measures each styler.
/// 800×480 at scale 1: pixels are points.
final class SideDrawerStylerPixelTests: XCTestCase {
    static func app(_ left: String = "") -> String {
        """
        name = "Stylers"
        [background]
        color = "#000000"
        [[component]]
        id = "menu"
        kind = "side_drawer"
        [component.left]
        \(left)
        [component.left.content]
        kind = "stack"
        padding = 60
        [[component.left.content.items]]
        kind = "stack"
        background = "#0000FF"
        [[component.left.content.items.items]]
        kind = "spacer"
        height = 100
        [[component.pages]]
        id = "home"
        title = "Home"
        [[component.pages]]
        id = "other"
        title = "Other"
        """
    }

    /// The finger holds the pane at 133.5 (half of 267).
    static let hold = "100 down 1 30 240\n116 move 1 60 240\n133 move 1 100 240\n150 move 1 140 240\n166 move 1 163.5 240\n250 move 1 163.5 240\n"

    func tempDir() throws -> String {
        let dir = NSTemporaryDirectory() + "styler-px-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    /// The frame with the pane held at 133.5, after `prelude` lines (at t 0) and `setup`.
    func held(_ left: String = "", prelude: String = "", setup: (Kiosk) throws -> Void = { _ in }) throws -> Pixmap {
        let dir = try tempDir()
        let kiosk = try Kiosk(app: try AppConfig.parse(toml: Self.app(left), path: dir + "/app.toml"),
                              widthPx: 800, heightPx: 480, scale: 1)
        try setup(kiosk)
        try kiosk.render(script: try TouchScript.parse(prelude + Self.hold, name: "hold"), into: dir)
        return kiosk.frame
    }

    func isBlue(_ c: Color) -> Bool { c.b > 200 && c.r < 40 && c.g < 40 }

    /// The first column (from the left, on row `y`, left of the pane) and first row (on
    /// column `x`) that are fully blue.
    func firstBlueColumn(_ p: Pixmap, y: Int) -> Int? { (0..<133).first { isBlue(p.color(x: $0, y: y)) } }
    func firstBlueRow(_ p: Pixmap, x: Int) -> Int? { (0..<480).first { isBlue(p.color(x: x, y: $0)) } }
    func lastBlueRow(_ p: Pixmap, x: Int) -> Int? { (0..<480).last { isBlue(p.color(x: x, y: $0)) } }

    func testWithoutStylersTheBlockSitsWhereItIsLaidOut() throws {
        let p = try held()
        XCTAssertEqual(firstBlueColumn(p, y: 120), 60)
        XCTAssertEqual(firstBlueRow(p, x: 100), 68)
        XCTAssertEqual(lastBlueRow(p, x: 100), 199)
        XCTAssertEqual(p.color(x: 134, y: 120), Color(rgb: 0xFFFFFF), "the pane starts at 133.5")
        XCTAssertEqual(p.color(x: 132, y: 120), Color(rgb: 0x0000FF), "the drawer shows left of it")
    }

    /// Parallax: 60 − 267 × 0.5 × 0.35 = 13.275, so column 13 is 72.5 % blue and 14 is the first
    /// full one; rows unchanged.
    func testParallaxMovesTheDrawer46Point7() throws {
        let p = try held(#"stylers = ["parallax"]"#)
        XCTAssertEqual(firstBlueColumn(p, y: 120), 14)
        XCTAssertEqual(Double(p.color(x: 13, y: 120).r), 0.275 * 233, accuracy: 4, "the edge at 13.275")
        XCTAssertEqual(p.color(x: 12, y: 120).r, 233)
        XCTAssertEqual(firstBlueRow(p, x: 100), 68)
        // parallax_offset_fraction = 0.5 → 60 − 66.75: the block's left edge is off screen and
        // its right edge (207) at 140.25, under the pane; column 0 is blue.
        let half = try held("stylers = [\"parallax\"]\nparallax_offset_fraction = 0.5")
        XCTAssertTrue(isBlue(half.color(x: 0, y: 120)))
    }

    /// Fade: alpha 0.5 on everything the drawer draws (docs/components.md, Side drawer D31):
    /// its fill over black → half of #E9EEF5; the block at 0.5 over that → blue 127.5 + 61.25.
    func testFadeHalvesTheDrawer() throws {
        let p = try held(#"stylers = ["fade"]"#)
        let fill = p.color(x: 20, y: 300)
        XCTAssertEqual(Int(fill.r), 117, accuracy: 1)
        XCTAssertEqual(Int(fill.g), 119, accuracy: 1)
        XCTAssertEqual(Int(fill.b), 123, accuracy: 1)
        XCTAssertEqual(Int(p.color(x: 100, y: 120).b), 189, accuracy: 1)
        XCTAssertEqual(Int(p.color(x: 100, y: 120).r), 58, accuracy: 1)
        // closed_alpha = 0.2 floors it: 0.2 + 0.8 × 0.5 = 0.6 (the reference scaled the open
        // alpha instead: 0.8 × 0.5 = 0.4; docs/components.md, Side drawer D22).
        let floored = try held("stylers = [\"fade\"]\nclosed_alpha = 0.2")
        XCTAssertEqual(Int(floored.color(x: 20, y: 300).r), Int((0.6 * 233).rounded()), accuracy: 1)
    }

    /// Scale 0.95 about (400, 240): x 60 → 77, y 68 → 76.6, y 200 → 202.
    func testScaleShrinksTheDrawerAboutTheCentre() throws {
        let p = try held(#"stylers = ["scale"]"#)
        XCTAssertEqual(firstBlueColumn(p, y: 120), 77)
        XCTAssertEqual(p.color(x: 76, y: 120).r, 233)
        XCTAssertEqual(firstBlueRow(p, x: 100), 77, "row 76 is 40 % covered")
        XCTAssertEqual(Double(p.color(x: 100, y: 76).r), 0.6 * 233, accuracy: 4)
        XCTAssertEqual(lastBlueRow(p, x: 100), 201)
        XCTAssertEqual(p.color(x: 100, y: 202).r, 233)
        // closed_scale = 0.2 → 0.9: x 60 → 94.
        XCTAssertEqual(firstBlueColumn(try held("stylers = [\"scale\"]\nclosed_scale = 0.2"), y: 120), 94)
    }

    /// The worked example, all three at once: scaled, then moved: x 60 → 77 − 46.725 = 30.275,
    /// at alpha 0.5 (the fill's red 116.5, halved again where the block covers it).
    func testParallaxFadeAndScaleTogether() throws {
        let p = try held(#"stylers = ["parallax", "fade", "scale"]"#)
        XCTAssertEqual(Int(p.color(x: 40, y: 120).b), 189, accuracy: 1)
        XCTAssertEqual(Int(p.color(x: 31, y: 120).r), 58, accuracy: 1, "31 is the first full column")
        XCTAssertEqual(Double(p.color(x: 30, y: 120).r), 116.5 * (1 - 0.725 * 0.5), accuracy: 3, "the edge at 30.275")
        XCTAssertEqual(Int(p.color(x: 29, y: 120).r), 117, accuracy: 1, "29 is left of the block")
    }

    /// Shadow: on the pane's edge, in the colour asked for (black by default).
    func testShadowColourRadiusAndOpacity() throws {
        let plain = try held()
        let black = try held(#"stylers = ["shadow"]"#)
        let red = try held("stylers = [\"shadow\"]\nshadow_color = \"#FF0000\"")
        let edge = (x: 131, y: 120)
        XCTAssertEqual(plain.color(x: edge.x, y: edge.y), Color(rgb: 0x0000FF))
        XCTAssertLessThan(black.color(x: edge.x, y: edge.y).b, 200, "darkened by the black shadow")
        XCTAssertEqual(black.color(x: edge.x, y: edge.y).r, 0)
        XCTAssertGreaterThan(red.color(x: edge.x, y: edge.y).r, 60, "the red shadow")
        XCTAssertEqual(black.color(x: 60, y: 120), Color(rgb: 0x0000FF), "70 pt away: beyond a radius of 10")
        let none = try held("stylers = [\"shadow\"]\nshadow_opacity = 0")
        XCTAssertEqual(none.color(x: edge.x, y: edge.y), Color(rgb: 0x0000FF), "opacity 0: no shadow")
        // shadow_offset_x = -30 moves it onto the drawer: 30 pt further left of the pane.
        let moved = try held("stylers = [\"shadow\"]\nshadow_offset_x = -30")
        XCTAssertLessThan(moved.color(x: 100, y: 120).b, 200, "33 pt away, reached with the offset")
        let wide = try held("stylers = [\"shadow\"]\nshadow_radius = 60")
        XCTAssertLessThan(wide.color(x: 100, y: 120).b, 250, "radius 60 reaches 33 pt away")
        XCTAssertEqual(black.color(x: 100, y: 120), Color(rgb: 0x0000FF), "radius 10 does not")
    }

    /// Resize: the drawer is as wide as the gap (133.5), so its content lays out narrower and
    /// the block (padding 60 each side) ends at 73.5 instead of 207.
    func testResizeFitsTheDrawerToTheGap() throws {
        let plain = try held()
        XCTAssertTrue(isBlue(plain.color(x: 100, y: 120)))
        // At 133.5 < the reveal width (the default minimum) the drawer keeps its 267.
        XCTAssertTrue(isBlue(try held(#"stylers = ["resize"]"#).color(x: 100, y: 120)))
        // With minimum_resize_reveal_width = 0 it is always the gap: the block is 60...73.5.
        let fitted = try held("stylers = [\"resize\"]\nminimum_resize_reveal_width = 0")
        XCTAssertTrue(isBlue(fitted.color(x: 70, y: 120)))
        XCTAssertEqual(fitted.color(x: 100, y: 120).r, 233, "beyond the resized block")
    }

    /// The same styles set at run time: a touch script's `do` line, a `send` line (the
    /// control socket's command) and the Swift API give the pixels of the app file's keys.
    func testRunTimeStylesDrawAsTheAppFilesKeys() throws {
        let file = try held("stylers = [\"parallax\", \"scale\"]\nclosed_scale = 0.2")
        let script = try held(prelude: "0 do menu set_stylers left parallax scale closed_scale=0.2\n")
        let socket = try held(prelude: #"0 send {"cmd":"set_stylers","target":"menu","side":"left","stylers":["scale","parallax"],"closed_scale":0.2}"# + "\n")
        let api = try held { kiosk in
            try kiosk.setStyle("menu", side: .left, SideDrawerSideConfig.Style(stylers: [.parallax, .scale], closedScale: 0.2))
        }
        func pixels(_ p: Pixmap) -> [UInt32] { (0..<p.height).flatMap { y in (0..<p.width).map { p[$0, y] } } }
        XCTAssertNotEqual(pixels(file), pixels(try held()), "the styles show")
        XCTAssertEqual(pixels(script), pixels(file))
        XCTAssertEqual(pixels(socket), pixels(file))
        XCTAssertEqual(pixels(api), pixels(file))
        // A run-time colour too.
        let red = try held(#"stylers = ["shadow"]"#, prelude: ##"0 send {"cmd":"set_stylers","target":"menu","side":"left","stylers":["shadow"],"shadow_color":"#FF0000"}"## + "\n")
        XCTAssertGreaterThan(red.color(x: 131, y: 120).r, 60)
    }
}
