import XCTest
@testable import PanelKiosk

/// `include` splits an app over files: merged as one file would read, with every problem
/// naming the file, line and column where it is (and a key set twice naming both places).
final class ConfigIncludeTests: XCTestCase {
    private var dir = ""
    override func setUp() { dir = CLI.tempDir() }
    private func write(_ name: String, _ text: String) { try! text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
    private func load(_ name: String = "app.toml") throws(DiagnosticList) -> AppConfig { try AppConfig.load(path: dir + "/" + name) }

    func testIncludedTablesAndComponentsJoinTheApp() throws {
        write("values.toml", "[values]\nclock = \"08:00\"\nroom = \"Aurora\"\n")
        write("drawer.toml", "[[component]]\nid = \"today\"\nkind = \"bottom_drawer\"\n")
        write("app.toml", """
            include = ["values.toml", "drawer.toml"]
            name = "Split"

            [values]
            state = "Free"

            [[component]]
            id = "menu"
            kind = "side_drawer"
            [component.left]
            """)
        let app = try load()
        XCTAssertEqual(app.name, "Split")
        XCTAssertEqual(Set(app.values.keys), ["clock", "room", "state"])
        XCTAssertEqual(app.components.map(\.id), ["today", "menu"], "the included file's components first, in include order")
    }

    func testAKeySetTwiceNamesBothPlaces() {
        write("common.toml", "name = \"Common\"\n")
        write("app.toml", "include = \"common.toml\"\nname = \"Mine\"\n[[component]]\nid = \"d\"\nkind = \"bottom_drawer\"\n")
        XCTAssertThrowsError(try load()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("app.toml:2:1: 'name' is set here and at \(dir)/common.toml:1:1"), text)
        }
    }

    func testProblemsInsideAnIncludedFileNameThatFile() {
        write("drawer.toml", "[[component]]\nid = \"today\"\nkind = \"bottom_drawer\"\ncolapsed_height = 72\n")
        write("app.toml", "include = \"drawer.toml\"\n")
        XCTAssertThrowsError(try load()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("\(dir)/drawer.toml:4:1: unknown key 'colapsed_height'"), text)
        }
        write("broken.toml", "[[component]\n")
        write("app.toml", "include = \"broken.toml\"\n")
        XCTAssertThrowsError(try load()) { error in
            XCTAssertTrue("\(error)".contains("\(dir)/broken.toml:1:"), "\(error)")
            XCTAssertTrue("\(error)".contains("TOML syntax"), "\(error)")
        }
    }

    func testAMissingFileIsNamedAtTheInclude() {
        write("app.toml", "name = \"x\"\ninclude = [\"there.toml\", \"gone.toml\"]\n")
        write("there.toml", "[values]\na = \"1\"\n")
        XCTAssertThrowsError(try load()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("app.toml:2:"), text)
            XCTAssertTrue(text.contains("'include' = 'gone.toml': cannot read \(dir)/gone.toml"), text)
        }
    }

    func testCyclesAndDepthAndWrongTypesAreRefused() {
        write("a.toml", "include = \"b.toml\"\n[values]\na = \"1\"\n")
        write("b.toml", "include = \"a.toml\"\n[values]\nb = \"1\"\n")
        XCTAssertThrowsError(try load("a.toml")) { error in
            XCTAssertTrue("\(error)".contains("include cycle: \(dir)/a.toml → \(dir)/b.toml → \(dir)/a.toml"), "\(error)")
        }
        write("self.toml", "include = \"self.toml\"\n")
        XCTAssertThrowsError(try load("self.toml")) { error in XCTAssertTrue("\(error)".contains("include cycle"), "\(error)") }
        for i in 0..<12 { write("n\(i).toml", "include = \"n\(i + 1).toml\"\n[values]\nv\(i) = \"x\"\n") }
        write("n12.toml", "[values]\nlast = \"x\"\n")
        XCTAssertThrowsError(try load("n0.toml")) { error in XCTAssertTrue("\(error)".contains("includes nest more than 8 deep"), "\(error)") }
        write("app.toml", "include = 3\n")
        XCTAssertThrowsError(try load()) { error in
            XCTAssertTrue("\(error)".contains("app.toml:1:1: 'include' is a file name or a list of them, found an integer"), "\(error)")
        }
        write("app.toml", "include = [\"ok.toml\", false]\n")
        XCTAssertThrowsError(try load()) { error in XCTAssertTrue("\(error)".contains("'include' lists file names (strings), found a boolean"), "\(error)") }
    }
}
