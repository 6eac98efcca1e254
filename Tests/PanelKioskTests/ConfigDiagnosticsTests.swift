import XCTest
import DrawerRuntime
@testable import PanelKiosk
@testable import panel_kiosk

/// `check`'s messages, exactly: file, line, column and words.
final class ConfigDiagnosticsTests: XCTestCase {
    func diagnostics(_ text: String, file: String = "app.toml") -> [String] {
        let path = NSTemporaryDirectory() + "/pk-\(UUID().uuidString)-" + file
        try! text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return Check.validate(path).map { $0.description.replacingOccurrences(of: path, with: file) }
    }

    func testValidAppHasNoDiagnostics() {
        XCTAssertEqual(diagnostics("""
            name = "x"
            [[component]]
            id = "drawer"
            kind = "bottom_drawer"
            [component.content]
            kind = "list"
            rows = [{ title = "a", action = "a" }]
            """), [])
    }

    func testUnknownKeyWithDidYouMean() {
        XCTAssertEqual(diagnostics("""
            [[component]]
            id = "drawer"
            kind = "bottom_drawer"
            colapsed_height = 80
            """), ["app.toml:4:1: unknown key 'colapsed_height' in component 'drawer' (did you mean 'collapsed_height'?)"])
    }

    func testWrongTypesAndRangesNameTheValue() {
        XCTAssertEqual(diagnostics("""
            [[component]]
            id = "drawer"
            kind = "bottom_drawer"
            partial_height = "tall"
            dimming_opacity = 3
            initial = "opne"
            """), [
                "app.toml:4:1: 'partial_height' must be a number, found a string",
                "app.toml:5:1: 'dimming_opacity' = 3 is out of range 0...1",
                "app.toml:6:1: 'initial' = 'opne' is not one of 'collapsed', 'partiallyRevealed', 'open', 'closed' (did you mean 'open'?)",
            ])
    }

    /// The sheet's and the card's new keys (docs/components.md, Sheet S27, Swipe to dismiss
    /// W17) with their positions.
    func testSheetStyleAndGestureKeys() {
        XCTAssertEqual(diagnostics("""
            [[component]]
            id = "s"
            kind = "sheet"
            style = "floatin"
            floating_inset = 200
            [[component.pages]]
            id = "root"
            [[component]]
            id = "m"
            kind = "swipe_dismiss"
            gesture = "off"
            """), [
                "app.toml:4:1: 'style' = 'floatin' is not one of 'standard', 'floating' (did you mean 'floating'?)",
                "app.toml:5:1: 'floating_inset' = 200 is out of range 0...100",
                "app.toml:11:1: 'gesture' must be true or false, found a string",
            ])
        XCTAssertEqual(diagnostics("""
            [[component]]
            id = "s"
            kind = "sheet"
            style = "floating"
            floating_inset = 10
            [[component.pages]]
            id = "root"
            [[component]]
            id = "m"
            kind = "swipe_dismiss"
            gesture = false
            """), [])
    }

    func testSyntaxErrorsComeWithTheirPosition() {
        XCTAssertEqual(diagnostics("name = \"x\"\n[[component]\n"),
                       ["app.toml:2:12: TOML syntax: expected ']]' to close [[component]], found a single ']'"])
        XCTAssertEqual(diagnostics("name = \"x\"\nname = \"y\"\n"),
                       ["app.toml:2:1: TOML syntax: duplicate key 'name' (first defined at line 1)"])
    }

    func testComponentProblems() {
        XCTAssertEqual(diagnostics("""
            [[component]]
            id = "a"
            kind = "drawer"

            [[component]]
            kind = "bottom_drawer"
            """), [
                "app.toml:3:1: 'kind' = 'drawer' is not one of 'bottom_drawer', 'sheet', 'side_drawer', 'swipe_dismiss', 'popup'",
                "app.toml:5:1: component[1] needs an 'id'",
            ])
    }

    /// A message about a key points at the key's line, not its table's header (as type and
    /// range errors always did), and a refused value is not also reported as missing.
    func testMessagesPointAtTheKeysOwnLine() {
        XCTAssertEqual(diagnostics("""
            name = "W"
            [control]
            socket = "/run/x.sock"
            mode = "rw-rw----"

            [[component]]
            id = "drawer"
            kind = "bottom_drawer"
            initial = "partiallyRevealed"
            positions = ["collapsed", "partialyRevealed", "open"]

            [[component]]
            id = "player"
            kind = "popup"
            title = "Song"
            buttons = ["play", "bogus"]

            [background.content]
            kind = "stack"
            [[background.content.items]]
            kind = "label"
            size = 20
            text = "{nosuch}"
            [[background.content.items]]
            kind = "button"
            action = "go"
            title = 5
            """), [
                "app.toml:4:1: 'mode' must be an octal permission string like \"0660\"",
                "app.toml:9:1: 'initial' = 'partiallyRevealed' is not in 'positions'",
                "app.toml:10:1: 'positions' has 'partialyRevealed'; use collapsed, partiallyRevealed, open, closed",
                "app.toml:16:1: 'buttons' has 'bogus'; use play, pause, next, previous, close",
                "app.toml:23:1: 'text' shows '{nosuch}', which has no value: add it to [values]",
                "app.toml:27:1: 'title' must be a string, found an integer",
            ])
    }

    /// A control socket path bind() cannot take is found by check, not at start.
    func testSocketPathOverSunPathIsReportedAtItsKey() {
        let long = "/run/" + String(repeating: "s", count: 120) + ".sock"
        XCTAssertEqual(diagnostics("name = \"x\"\n[control]\nsocket = \"\(long)\"\n"),
                       ["app.toml:3:1: 'socket' = '\(long.clippedForMessage())': 130 bytes; a socket path has at most 107 and no NUL (the size of sun_path)"])
        XCTAssertEqual(diagnostics("name = \"x\"\n[control]\nsocket = \"/run/" + String(repeating: "s", count: 97) + ".sock\"\n"), [])
    }

    func testMissingImageIsReportedAtItsKey() {
        let d = diagnostics("""
            [background]
            image = "nope/missing.png"
            """)
        XCTAssertEqual(d.count, 1)
        XCTAssertTrue(d[0].hasPrefix("app.toml:2:1: 'image' = '") && d[0].hasSuffix("/nope/missing.png': No such file or directory"), d[0])
    }

    func testMissingThemeIsReportedAtTheAppsThemeKey() {
        let d = diagnostics("""
            name = "x"
            theme = "themes/missing.toml"
            """)
        XCTAssertEqual(d.count, 1, "\(d)")
        XCTAssertTrue(d[0].hasPrefix("app.toml:2:1: 'theme' = '") && d[0].hasSuffix("/themes/missing.toml': No such file or directory"), d[0])
    }

    /// What `run` would fail on later is found by `check`, at the key that names it (the
    /// bad-input findings W5-W9, W11, W12): fonts that are not fonts, fallbacks, images that
    /// are folders or not PNGs, missing icons, an empty theme, an empty id.
    func testReferencedFilesAreCheckedAtTheirKeys() throws {
        let dir = TempDir()
        defer { dir.remove() }
        dir.write("notfont.ttf", "hello")
        dir.write("notpng.png", "hello")
        dir.write("theme.toml", "name = \"t\"\n[fonts]\nregular = \"notfont.ttf\"\nfallbacks = [\"/nonexistent.ttf\", \"/tmp\"]\n")
        let theme = Check.validate(dir.file("theme.toml")).map(\.description)
        XCTAssertEqual(theme.map { String($0.split(separator: ":", maxSplits: 3)[1...2].joined(separator: ":")) }, ["3:1", "4:1", "4:1"], "\(theme)")
        XCTAssertTrue(theme[0].hasSuffix("'regular' = '\(dir.path)/notfont.ttf': not a font file FreeType knows (unknown file format, error 0x02)"), theme[0])
        XCTAssertTrue(theme[1].hasSuffix("'fallbacks' = '/nonexistent.ttf': No such file or directory"), theme[1])
        XCTAssertTrue(theme[2].hasSuffix("'fallbacks' = '/tmp': is a folder, not a file"), theme[2])
        // A font whose tail is zeros (a copy cut short and padded): "FreeType error 0x8" said nothing.
        let font = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        try (font.prefix(font.count / 3) + Data(count: font.count - font.count / 3)).write(to: URL(fileURLWithPath: dir.file("zero-tail.ttf")))
        dir.write("theme2.toml", "name = \"t\"\n[fonts]\nregular = \"zero-tail.ttf\"\n")
        let zeroTail = Check.validate(dir.file("theme2.toml")).map(\.description)
        XCTAssertTrue(zeroTail.first?.contains("'regular' = '\(dir.path)/zero-tail.ttf': broken font file: a table in it is invalid") ?? false, "\(zeroTail)")

        dir.write("app.toml", """
            name = "x"
            theme = ""
            [background]
            image = "/tmp"
            [[component]]
            id = ""
            kind = "popup"
            image = "notpng.png"
            [component.content]
            kind = "list"
            rows = [{ title = "a", icon = "missing.png" }]
            """)
        let app = Check.validate(dir.file("app.toml")).map(\.description)
        XCTAssertEqual(app.count, 5, "\(app)")
        XCTAssertTrue(app.contains { $0.contains(":2:1: 'theme' is empty") }, "\(app)")
        XCTAssertTrue(app.contains { $0.contains(":4:1: 'image' = '/tmp': is a folder, not a file") }, "\(app)")
        XCTAssertTrue(app.contains { $0.contains(":6:1: a component's 'id' must not be empty") }, "\(app)")
        XCTAssertTrue(app.contains { $0.contains(":8:1: 'image' = '\(dir.path)/notpng.png': not a PNG file (bad signature)") }, "\(app)")
        XCTAssertTrue(app.contains { $0.contains(":11:") && $0.contains("'icon' = '\(dir.path)/missing.png': No such file or directory") }, "\(app)")
    }

    func testBoardFileProblems() {
        XCTAssertEqual(diagnostics("""
            name = "b"
            [display]
            rotation = 45
            mode = "big"
            scael = 2
            """, file: "board.toml"), [
                "board.toml:3:1: 'rotation' must be 0, 90, 180 or 270",
                "board.toml:4:1: 'mode' = 'big' must be 'auto' or WIDTHxHEIGHT[@HZ], e.g. '1024x768@60'",
                "board.toml:5:1: unknown key 'scael' in [display] (did you mean 'scale'?)",
            ])
    }

    func testThemeFileProblems() {
        XCTAssertEqual(diagnostics("""
            [light]
            accent = "blue"
            card = "#FFFFFF"
            txet = "#000000"
            """, file: "theme.toml"), [
                "theme.toml:2:1: 'accent' must be a colour like \"#RRGGBB\" or \"#RRGGBBAA\"",
                "theme.toml:4:1: unknown key 'txet' in [light] (did you mean 'text'?)",
            ])
    }
}
