import DrawerRuntime
import Foundation
import PanelRenderer
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// Each of the five components as it looks: at rest in each of its stops, mid-drag, with
/// dimming, in the dark appearance and right to left, compared with reference images
/// (Goldens/components/*.png, `Golden`). The examples are drawn at half size (400x240 pixels
/// for 800x480 points): the layout is the device's, the references stay small.
final class ComponentGoldenTests: XCTestCase {
    /// `example` with `changes` to its text, after `script` (frame pixels: half the points).
    func check(_ name: String, _ example: String, _ changes: [(String, String)] = [], _ script: String = "",
               file: StaticString = #filePath, line: UInt = #line) throws {
        var app = try String(contentsOfFile: CLI.root + "/examples/" + example, encoding: .utf8)
            .replacingOccurrences(of: "\"assets/", with: "\"" + CLI.root + "/examples/assets/")
        for (a, b) in changes {
            XCTAssertTrue(app.contains(a), "\(example) has no '\(a)' to change", file: file, line: line)
            app = app.replacingOccurrences(of: a, with: b)
        }
        let dir = CLI.tempDir()
        try app.write(toFile: dir + "/app.toml", atomically: true, encoding: .utf8)
        let outcome = try OffscreenRun().run(app: try AppConfig.load(path: dir + "/app.toml"),
                                             geometry: FrameGeometry(widthPx: 400, heightPx: 240, scale: 0.5, board: .offscreenDefault),
                                             script: try TouchScript.parse(script, name: name), into: dir + "/out")
        try Golden.assertMatches(outcome.runtime.frame.pixmap, "components/" + name, file: file, line: line)
    }

    static let dark = [("appearance = \"light\"", "appearance = \"dark\"")]
    static let rtl = [("appearance = \"light\"", "appearance = \"light\"\nlayout_direction = \"rtl\"")]
    /// A finger down at (x, y) pixels that moves by (dx, dy) in 6 steps and stays down.
    static func held(_ x: Int, _ y: Int, by dx: Int, _ dy: Int) -> String {
        (["0 down 1 \(x) \(y)"] + (1...6).map { "\($0 * 16) move 1 \(x + dx * $0 / 6) \(y + dy * $0 / 6)" }).joined(separator: "\n")
    }

    func testBottomDrawer() throws {
        try check("drawer-partial", "drawer.toml")
        try check("drawer-collapsed", "drawer.toml", [], "0 do drawer set_position collapsed instant")
        try check("drawer-open-dimmed", "drawer.toml", [], "0 do drawer set_position open instant")
        try check("drawer-mid-drag", "drawer.toml", [], Self.held(200, 220, by: 0, -60))
        try check("drawer-dark", "drawer.toml", Self.dark)
        try check("drawer-rtl", "drawer.toml", Self.rtl)
    }

    func testSheet() throws {
        for i in 0..<3 { try check("sheet-anchor-\(i)", "sheet.toml", [], "0 do sheet snap \(i) instant") }
        try check("sheet-mid-drag", "sheet.toml", [], "0 do sheet snap 1 instant\n" + Self.held(200, 130, by: 0, -40))
        try check("sheet-dark", "sheet.toml", Self.dark, "0 do sheet snap 1 instant")
        try check("sheet-rtl", "sheet.toml", Self.rtl, "0 do sheet snap 1 instant")
    }

    func testSwipeDismiss() throws {
        try check("dismiss-presented", "dismiss.toml")
        try check("dismiss-mid-drag", "dismiss.toml", [], Self.held(200, 100, by: 0, 60))
        try check("dismiss-dark", "dismiss.toml", Self.dark)
        try check("dismiss-rtl", "dismiss.toml", Self.rtl)
    }

    func testSideDrawer() throws {
        try check("side-closed", "menu.toml")
        try check("side-open-left", "menu.toml", [], "0 do menu open left instant")
        try check("side-open-right", "menu.toml", [], "0 do menu open right instant")
        try check("side-mid-drag", "menu.toml", [], Self.held(100, 120, by: 60, 0))
        try check("side-dark", "menu.toml", Self.dark, "0 do menu open left instant")
        try check("side-rtl", "menu.toml", Self.rtl)
    }

    func testPopup() throws {
        try check("popup-bar", "player.toml")
        try check("popup-open", "player.toml", [], "0 do player open")
        try check("popup-mid-drag", "player.toml", [("initial = \"barPresented\"", "initial = \"barPresented\"\ninteraction_style = \"drag\"")],
                  Self.held(200, 225, by: 0, -60))
        try check("popup-dark", "player.toml", Self.dark)
        try check("popup-rtl", "player.toml", Self.rtl)
    }
}
