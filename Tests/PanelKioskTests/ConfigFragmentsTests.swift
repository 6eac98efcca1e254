import XCTest
@testable import PanelKiosk

/// `[fragments.NAME]` with `$parameters`, used as `{ use = "NAME", ... }` wherever content
/// goes: the copies are content like any other, and every problem names the definition and
/// the use.
final class ConfigFragmentsTests: XCTestCase {
    private var dir = ""
    override func setUp() { dir = CLI.tempDir() }
    private func app(_ text: String) throws(DiagnosticList) -> AppConfig {
        try! text.write(toFile: dir + "/app.toml", atomically: true, encoding: .utf8)
        return try AppConfig.load(path: dir + "/app.toml")
    }

    private let tile = """
        [fragments.room]
        kind = "stack"
        axis = "horizontal"
        items = [
          { kind = "label", id = "$id-name", text = "$name", bold = true },
          { kind = "label", id = "$id-state", text = "{$state}", align = "end" },
        ]

        """

    func testEachUseIsACopyWithItsParameters() throws {
        let a = try app(tile + """
            [values]
            aurora = "Free"
            borealis = "Busy"

            [background.content]
            kind = "stack"
            items = [
              { use = "room", id = "a", name = "Aurora", state = "aurora" },
              { use = "room", id = "b", name = "Borealis $name", state = "borealis" },
            ]
            """)
        let items = a.backgroundContent?.children ?? []
        XCTAssertEqual(items.count, 2)
        let texts = items.flatMap { item in
            item.children.compactMap { if case .label(let t, _, _, _, _, _, _) = $0.kind { t } else { nil } }
        }
        XCTAssertEqual(texts, ["Aurora", "{aurora}", "Borealis $name", "{borealis}"])
        XCTAssertEqual(items.flatMap { $0.children.compactMap(\.id) }, ["a-name", "a-state", "b-name", "b-state"])
    }

    func testAMissingOrUnknownParameterIsNamedAtTheUse() {
        XCTAssertThrowsError(try app(tile + """
            [background.content]
            kind = "stack"
            items = [ { use = "room", id = "a", nme = "Aurora", state = "x" } ]
            """)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("app.toml:10:"), text)
            XCTAssertTrue(text.contains("fragment 'room' (defined at \(dir)/app.toml:1:1) has no parameter 'nme' (did you mean 'name'?)"), text)
            XCTAssertTrue(text.contains("fragment 'room' (defined at \(dir)/app.toml:1:1) needs 'name' = ..., which this use does not give"), text)
        }
        XCTAssertThrowsError(try app(tile + "[background.content]\nuse = \"rom\"\n")) { error in
            XCTAssertTrue("\(error)".contains("no fragment 'rom' (did you mean 'room'?)"), "\(error)")
        }
    }

    func testAProblemInsideACopyNamesTheDefinitionAndTheUse() {
        XCTAssertThrowsError(try app("""
            [fragments.bad]
            kind = "label"
            text = "$t"
            sise = 20

            [background.content]
            kind = "stack"
            items = [ { use = "bad", t = "x" } ]
            """)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("app.toml:4:1: unknown key 'sise'"), text)
            XCTAssertTrue(text.contains("(in fragment 'bad' used at \(dir)/app.toml:8:"), text)
        }
    }

    func testAFragmentThatUsesItselfIsRefused() {
        XCTAssertThrowsError(try app("""
            [fragments.loop]
            kind = "stack"
            items = [ { use = "loop" } ]

            [background.content]
            use = "loop"
            """)) { error in
            XCTAssertTrue("\(error)".contains("fragments use fragments more than 8 deep here (does 'loop' use itself?"), "\(error)")
        }
    }

    /// `$$` in a fragment is a dollar sign; a parameter's value is put in as it is (a `$` in
    /// it is not read again).
    func testDollars() throws {
        let a = try app("""
            [fragments.price]
            kind = "label"
            text = "$$$amount per $unit"

            [background.content]
            use = "price"
            amount = "5"
            unit = "$hour"
            """)
        guard case .label(let text, _, _, _, _, _, _)? = a.backgroundContent?.kind else { return XCTFail() }
        XCTAssertEqual(text, "$5 per $hour")
    }
}
