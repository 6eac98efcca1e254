import DrawerRuntime
import PanelRenderer
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk
#if canImport(Glibc)
import Glibc
#endif

/// An icon is decoded whole on the loop thread, so what one list's icons may cost is held
/// from their headers: a file is at most 1024 px a side, and the distinct files of one list
/// 16 megapixels together (`IconBudget`), in `check`, per command and per list built.
final class IconBudgetTests: XCTestCase {
    private var dir = TempDir()

    override func tearDown() { dir.remove() }

    /// `count` names for one `width` x `height` PNG (hard links: distinct paths, one file).
    private func icons(_ prefix: String, _ count: Int, width: Int, height: Int) throws -> [String] {
        let p = try XCTUnwrap(Pixmap(width: width, height: height))
        p.view.fill(with: 0xFF33_6699)
        try PNGCodec.encode(p.view, to: dir.file("\(prefix)0.png"))
        for i in 1..<max(1, count) { XCTAssertEqual(link(dir.file("\(prefix)0.png"), dir.file("\(prefix)\(i).png")), 0) }
        return (0..<count).map { "\(prefix)\($0).png" }
    }

    private func listApp(_ icons: [String]) -> String {
        let rows = icons.enumerated().map { "{ title = \"r\($0.offset)\", icon = \"\($0.element)\" }" }.joined(separator: ",\n")
        return "name = \"icons\"\n[background.content]\nid = \"l\"\nkind = \"list\"\nrows = [\n\(rows)]\n"
    }

    func testCheckRefusesAnIconOverTheSideLimitFromItsHeader() throws {
        _ = try icons("i", 1, width: 1025, height: 4)
        dir.write("app.toml", listApp(["i0.png"]))
        let found = Check.validate(dir.file("app.toml")).map(\.description)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found[0].contains("app.toml:6:") && found[0].hasSuffix("'icon' = '\(dir.path)/i0.png': a PNG of 1025x4 px is over the "
            + "1024x1024 px an icon may be (it is drawn at most 256 px); scale it down"), "\(found)")
    }

    func testCheckHoldsTheDistinctIconFilesOfOneListTo16Megapixels() throws {
        let names = try icons("i", 17, width: 1024, height: 1024)
        defer { for n in names { _ = CheckedImages.take(dir.file(n)) } }
        // The same file on every row is decoded once: 17 rows of it are fine.
        dir.write("same.toml", listApp(Array(repeating: "i0.png", count: 17)))
        XCTAssertEqual(Check.validate(dir.file("same.toml")).map(\.description), [])
        dir.write("app.toml", listApp(names))
        let found = Check.validate(dir.file("app.toml")).map(\.description)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found[0].contains("app.toml:22:") && found[0].contains("'icon' = '\(dir.path)/i16.png': with this icon "
            + "the 17 icon files of one list are over 16 megapixels together"), "\(found)")
    }

    /// A runtime showing list `l`, and a function that runs one socket line on it.
    private func runtime() throws -> (String) -> String {
        dir.write("app.toml", "name = \"icons\"\n[background.content]\nid = \"l\"\nkind = \"list\"\nrows = [{ title = \"a\" }]\n")
        let runtime = try KioskRuntime(app: try AppConfig.load(path: dir.file("app.toml")),
                                       geometry: FrameGeometry(widthPx: 320, heightPx: 480, scale: 1, board: .offscreenDefault),
                                       eventsPath: nil, now: .zero)
        return { json in
            switch ControlCommand.parse(line: Array(json.utf8)).result {
            case .failure(let e): return e.message
            case .success(let command):
                do { _ = try runtime.execute(command, at: .milliseconds(10)); return "ok" } catch { return "\(error)" }
            }
        }
    }

    private func rows(_ names: ArraySlice<String>) -> String {
        "[" + names.map { #"{"title": "r", "icon": "\#(dir.file($0))"}"# }.joined(separator: ",") + "]"
    }

    func testACommandIsRefusedFromTheHeadersAtTheIconOverTheBudget() throws {
        let run = try runtime()
        let names = try icons("b", 17, width: 1024, height: 1024)
        XCTAssertEqual(run(#"{"cmd": "set", "id": "l", "rows": \#(rows(names[0..<16] + names[0..<16]))}"#), "ok")
        let message = run(#"{"cmd": "set", "id": "l", "rows": \#(rows(names[0...]))}"#)
        XCTAssertTrue(message.hasPrefix("'l': \"rows[16].icon\" = '\(dir.file("b16.png"))': with this icon the 17 icon files "
            + "of one list are over 16 megapixels together"), message)
        let wide = try icons("w", 1, width: 2048, height: 8)
        let update = run(#"{"cmd": "update_row", "id": "l", "at": 0, "icon": "\#(dir.file(wide[0]))"}"#)
        XCTAssertTrue(update.hasPrefix("'l': \"icon\" = '\(dir.file("w0.png"))': a PNG of 2048x8 px is over the 1024x1024 px"), update)
    }

    func testRowsAddedAFewAtATimeAreHeldToTheListsBudget() throws {
        let run = try runtime()
        let names = try icons("b", 17, width: 1024, height: 1024)
        XCTAssertEqual(run(#"{"cmd": "set", "id": "l", "rows": \#(rows(names[0..<10]))}"#), "ok")
        // Seven more distinct files are within one command's budget but not the list's.
        let message = run(#"{"cmd": "insert_rows", "id": "l", "at": 10, "rows": \#(rows(names[10...]))}"#)
        XCTAssertTrue(message.contains("\(dir.file("b16.png")): with this icon the 17 icon files of one list are over 16 megapixels"), message)
        XCTAssertEqual(run(#"{"cmd": "insert_rows", "id": "l", "at": 10, "rows": \#(rows(names[10..<16]))}"#), "ok")
    }

    func testTheIconCacheDropsTheLeastRecentlyUsedNotEverything() throws {
        let names = try icons("t", ImageLoader.maxEntries + 1, width: 1, height: 1).map { dir.file($0) }
        let loader = ImageLoader()
        var budget = IconBudget()
        let first = try loader.loadIcon(names[0], budget: &budget)
        for n in names[1..<ImageLoader.maxEntries] { _ = try loader.loadIcon(n, budget: &budget) }
        XCTAssertTrue(try loader.loadIcon(names[0], budget: &budget) === first, "kept, and now the most recently used")
        _ = try loader.loadIcon(names[ImageLoader.maxEntries], budget: &budget)  // the cache is full: one goes
        XCTAssertTrue(try loader.loadIcon(names[0], budget: &budget) === first, "a recently used icon stays decoded")
    }
}
