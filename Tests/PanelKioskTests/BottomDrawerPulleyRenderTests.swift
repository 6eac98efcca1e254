import DrawerRuntime
import Foundation
import PanelRenderer
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// Pulley's options the drawer took over from issue 39, from every surface: the app file's
/// keys (and their file:line:col messages), the control socket's commands, touch-script
/// `send` and `do` lines, and the Swift API (docs/components.md, Bottom drawer, "Pulley's
/// options and where they are").
final class BottomDrawerPulleyRenderTests: XCTestCase {
    let app = """
        [background]
        color = "#336699"
        [[component]]
        id = "drawer"
        kind = "bottom_drawer"
        initial = "partiallyRevealed"
        [component.content]
        kind = "list"
        rows = [{ title = "First page row" }]
        [[component.pages]]
        id = "nearby"
        [component.pages.content]
        kind = "list"
        rows = [{ title = "Nearby" }]
        [[component.background_pages]]
        id = "map"
        [component.background_pages.content]
        kind = "stack"
        [[component.background_pages.content.items]]
        kind = "stack"
        background = "#FF0000"
        padding = 60
        """

    func drawer(in runtime: KioskRuntime) throws -> BottomDrawer {
        try XCTUnwrap(runtime.screen.component("drawer") as? BottomDrawer)
    }

    func runtime(_ toml: String) throws -> KioskRuntime {
        let dir = CLI.tempDir()
        try toml.write(toFile: dir + "/app.toml", atomically: true, encoding: .utf8)
        let loaded = try AppConfig.load(path: dir + "/app.toml")
        return try KioskRuntime(app: loaded, geometry: FrameGeometry(widthPx: 800, heightPx: 480, scale: 1, board: .offscreenDefault),
                                eventsPath: nil, now: .zero)
    }

    func diagnostics(_ text: String) -> [String] {
        let path = NSTemporaryDirectory() + "/pk-\(UUID().uuidString)-app.toml"
        try! text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return Check.validate(path).map { $0.description.replacingOccurrences(of: path, with: "app.toml") }
    }

    // MARK: app file

    /// Every key of the table with a value other than Pulley's default reaches the drawer.
    func testEveryPulleyKeyReachesTheDrawer() throws {
        let r = try runtime("""
            [[component]]
            id = "drawer"
            kind = "bottom_drawer"
            positions = ["collapsed", "open"]
            initial = "open"
            collapsed_height = 80
            partial_height = 300
            top_inset = 30
            snap_mode = "nearestPositionUnlessExceeded"
            snap_threshold = 25
            animation_duration = 0.4
            animation_damping = 0.8
            corner_radius = 10
            shadow_opacity = 0.2
            shadow_radius = 4
            shadow_offset = [1, -2]
            dimming_color = "#102030"
            dimming_opacity = 0.4
            dimming_tap_position = "open"
            user_can_move = false
            display_mode = "compact"
            panel_width = 300
            panel_insets = [11, 12, 13, 14]
            panel_corner = "bottomRight"
            compact_width = 280
            compact_insets = [5, 6, 7, 8]
            compact_corner = "bottomRight"
            blur = true
            blur_radius = 12
            blur_tint = 0.3
            [[component.background_pages]]
            id = "map"
            [component.background_pages.content]
            kind = "stack"
            """)
        let d = try drawer(in: r)
        var expected = BottomDrawerConfig()
        expected.positions = [.collapsed, .open]
        expected.initial = .open
        expected.collapsedHeight = 80
        expected.partialHeight = 300
        expected.topInset = 30
        expected.snapMode = .nearestPositionUnlessExceeded(threshold: 25)
        expected.animationDuration = 0.4
        expected.animationDamping = 0.8
        expected.cornerRadius = 10
        expected.shadowOpacity = 0.2
        expected.shadowRadius = 4
        expected.shadowOffset = Point(1, -2)
        expected.dimmingColor = Color(rgb: 0x102030)
        expected.dimmingOpacity = 0.4
        expected.positionWhenDimmingTapped = .open
        expected.allowsUserPositionChange = false
        expected.displayMode = .compact
        expected.panelWidth = 300
        expected.panelInsets = EdgeInsets(top: 11, left: 12, bottom: 13, right: 14)
        expected.panelCorner = .bottomRight
        expected.compactWidth = 280
        expected.compactInsets = EdgeInsets(top: 5, left: 6, bottom: 7, right: 8)
        expected.compactCorner = .bottomRight
        expected.blur = true
        expected.blurRadius = 12
        expected.blurTint = 0.3
        XCTAssertEqual(d.config, expected)
        XCTAssertEqual(Array(d.backgroundPages.keys), ["map"])
        // The compact card in the bottom-right corner with its insets: 480 - 5 - 7 = 468 tall.
        XCTAssertEqual(d.cardFrame, Rect(800 - 8 - 280, 5, 280, 468))
    }

    func testBadValuesAreReportedAtTheirKeys() {
        XCTAssertEqual(diagnostics("""
            [[component]]
            id = "drawer"
            kind = "bottom_drawer"
            panel_insets = [10, 10, 10]
            compact_insets = [8, -1, 10, 8]
            blur = "yes"
            blur_radius = 500
            compact_corner = "topLeft"
            shadow_offset = [0, 999]
            [[component.background_pages]]
            [[component.background_pages]]
            id = "b"
            """), [
                "app.toml:4:1: 'panel_insets' must have 4 numbers, found 3",
                "app.toml:5:1: 'compact_insets' must be 4 numbers from 0 to 1000 (top, left, bottom, right, in points)",
                "app.toml:6:1: 'blur' must be true or false, found a string",
                "app.toml:7:1: 'blur_radius' = 500 is out of range 0...100",
                "app.toml:8:1: 'compact_corner' = 'topLeft' is not one of 'bottomLeft', 'bottomRight'",
                "app.toml:9:1: 'shadow_offset' must be 2 numbers from -200 to 200 (x, y in points)",
                "app.toml:10:1: a drawer background page needs an 'id'",
                "app.toml:11:1: background page 'b' needs a [content] table",
            ])
    }

    /// A reload keeps the background page `replace_background` showed (and the drawer's
    /// page), with the new file's content for it, shown at once.
    func testAReloadKeepsTheBackgroundPage() throws {
        let dir = CLI.tempDir(), path = dir + "/app.toml"
        try app.write(toFile: path, atomically: true, encoding: .utf8)
        let geometry = FrameGeometry(widthPx: 800, heightPx: 480, scale: 1, board: .offscreenDefault)
        let first = try SceneBuilder.build(app: try AppConfig.load(path: path), geometry: geometry)
        try first.screen.perform(target: "drawer", action: "replace_background", arguments: ["map"], at: .zero)
        try first.screen.perform(target: "drawer", action: "replace_content", arguments: ["nearby", "instant"], at: .zero)
        for ms in stride(from: 16.0, through: 1000, by: 16) { first.screen.advance(to: .milliseconds(ms)) }
        let before = first.screen.state(timeMS: 0).encoded
        XCTAssertTrue(before.contains(#""background_page": "map""#), before)
        let second = try ScreenReload.rebuild(app: try AppConfig.load(path: path), old: first.screen, geometry: geometry, values: [:])
        XCTAssertEqual(second.screen.state(timeMS: 0).encoded, before)
        XCTAssertFalse(second.screen.needsFrames, "shown at once, no fade")
        let frame = FrameRenderer(widthPx: 800, heightPx: 480)!
        frame.draw(second.screen)
        XCTAssertEqual(frame.pixmap.color(x: 400, y: 60), Color(rgb: 0xFF0000))
    }

    // MARK: control socket

    func testSocketCommandsParseAndSayWhatIsWrong() {
        func parse(_ s: String) -> Result<ControlCommand, ControlCommand.ControlError> { ControlCommand.parse(line: Array(s.utf8)).result }
        XCTAssertEqual(parse(#"{"cmd":"replace_content","target":"drawer","page":"nearby","animated":false}"#),
                       .success(.replaceContent(target: "drawer", page: "nearby", animated: false)))
        XCTAssertEqual(parse(#"{"cmd":"set_positions","target":"drawer","positions":["open","collapsed"]}"#),
                       .success(.setDrawerPositions(target: "drawer", positions: [.open, .collapsed])))
        XCTAssertEqual(parse(#"{"cmd":"replace_background","target":"drawer","page":"map"}"#),
                       .success(.replaceBackground(target: "drawer", page: "map", animated: true)))
        let all = #""collapsed", "partiallyRevealed", "open", "closed""#
        for (line, message) in [
            (#"{"cmd":"set_positions","target":"drawer"}"#, "\"set_positions\" needs \"positions\" (an array of \(all))"),
            (#"{"cmd":"set_positions","target":"drawer","positions":[]}"#, "\"positions\" must be an array of \(all), 1 to 4 of them"),
            (#"{"cmd":"set_positions","target":"drawer","positions":["opne"]}"#, "\"positions\" must be an array of \(all)"),
            (#"{"cmd":"set_positions","target":"drawer","positions":["open","open"]}"#, "\"positions\" has \"open\" twice"),
            (#"{"cmd":"replace_background","target":"drawer"}"#, "\"replace_background\" needs \"page\" (a string)"),
            (#"{"cmd":"replace_background","target":"drawer","page":"map","animated":"no"}"#, "\"animated\" must be true or false"),
        ] {
            XCTAssertEqual(parse(line), .failure(.init(message)), line)
        }
    }

    /// The socket's commands played as touch-script `send` lines through `render`: the
    /// content swapped at once, the positions changed (partial dropped: the drawer jumps to
    /// collapsed at 10 ms), the background page shown; the frames say so.
    func testSendLinesDriveTheDrawer() throws {
        let dir = CLI.tempDir()
        try app.write(toFile: dir + "/app.toml", atomically: true, encoding: .utf8)
        try """
            0 send {"cmd":"replace_content","target":"drawer","page":"nearby","animated":false}
            10 send {"cmd":"set_positions","target":"drawer","positions":["collapsed","open"]}
            20 send {"cmd":"replace_background","target":"drawer","page":"map","animated":false}

            """.write(toFile: dir + "/s.touch", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "--config", dir + "/app.toml", "--script", dir + "/s.touch", "--out", dir,
                             "--state", dir + "/state.json", "--events", dir + "/e.jsonl"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let state = try String(contentsOfFile: dir + "/state.json", encoding: .utf8)
        for field in [#""position": "collapsed""#, #""page": "nearby""#, #""background_page": "map""#, #""visible_height_pt": 68"#] {
            XCTAssertTrue(state.contains(field), "\(field) in \(state)")
        }
        let events = try String(contentsOfFile: dir + "/e.jsonl", encoding: .utf8)
        XCTAssertTrue(events.contains(#""event": "position_will_change", "from": "partiallyRevealed", "to": "collapsed""#), events)
        // The frame after the last line (33 ms), unanimated: the red background page whole.
        let png = try PNGCodec.decode(path: dir + "/final.png")
        XCTAssertEqual(png.color(x: 400, y: 60), Color(rgb: 0xFF0000))
    }

    // MARK: Swift API

    /// An app built in code with background pages, driven by the typed calls: the same as the
    /// `do` lines and the socket.
    func testSwiftAPISetsPositionsAndSwapsBothContents() throws {
        var app = AppConfig(name: "api")
        var config = BottomDrawerConfig()
        config.initial = .partiallyRevealed
        config.blur = true
        app.components = [.bottomDrawer(id: "drawer", config: config, content: .list([ContentSpec.Row(title: "A")]),
                                        pages: [.init(id: "b", content: .list([ContentSpec.Row(title: "B")]))],
                                        backgroundPages: [.init(id: "map", content: .stack([.stack([], padding: 60, background: Color(rgb: 0xFF0000))]))])]
        let kiosk = try Kiosk(app: app)
        var seen: [KioskEvent] = []
        kiosk.onEvent { seen.append($0) }
        try kiosk.setPositions("drawer", [.open])
        try kiosk.replaceContent("drawer", page: "b", animated: false)
        try kiosk.replaceBackground("drawer", page: "map", animated: false)
        XCTAssertThrowsError(try kiosk.replaceBackground("drawer", page: "sea")) {
            XCTAssertTrue("\($0)".contains("drawer 'drawer' has no background page 'sea' (background_pages: map)"), "\($0)")
        }
        XCTAssertThrowsError(try kiosk.setPositions("drawer", [.closed])) {
            XCTAssertTrue("\($0)".contains("set_positions needs at least one of collapsed, partiallyRevealed, open"), "\($0)")
        }
        let dir = CLI.tempDir()
        try kiosk.render(into: dir)
        XCTAssertEqual(seen, [.positionWillChange(drawer: "drawer", from: .partiallyRevealed, to: .open),
                              .positionDidChange(drawer: "drawer", position: .open)], "\(seen)")
        // Open (top at 20): the frosted card over the red page (y 16...136; 60 pt inside it the
        // σ 20 pt blur keeps it red), under the open drawer's 0.5 dimming, tinted white at 0.6:
        // red 0.4 x 127.5 + 153 = 204, green 153.
        let c = kiosk.frame.color(x: 400, y: 76)
        XCTAssertEqual(Double(c.r), 204, accuracy: 3, "\(c)")
        XCTAssertEqual(Double(c.g), 153, accuracy: 3, "\(c)")
    }
}
