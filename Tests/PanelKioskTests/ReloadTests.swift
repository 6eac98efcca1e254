import DrawerRuntime
import Foundation
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

final class ReloadTests: XCTestCase {
    let geometry = FrameGeometry(widthPx: 800, heightPx: 480, scale: 1, board: .offscreenDefault)

    func app(partial: Int, extra: String = "") -> String {
        """
        [[component]]
        id = "drawer"
        kind = "bottom_drawer"
        partial_height = \(partial)
        initial = "partiallyRevealed"
        \(extra)
        [component.content]
        kind = "list"
        rows = [{ title = "a" }]
        """
    }

    func testValidReloadKeepsTheDrawerPositionAndTakesTheNewOptions() throws {
        let dir = CLI.tempDir(), path = dir + "/app.toml"
        try app(partial: 264).write(toFile: path, atomically: true, encoding: .utf8)
        let first = try SceneBuilder.build(app: try AppConfig.load(path: path), geometry: geometry)
        try first.screen.perform(target: "drawer", action: "set_position", arguments: ["open", "instant"], at: .zero)

        try app(partial: 300).write(toFile: path, atomically: true, encoding: .utf8)
        let second = try ScreenReload.rebuild(app: try loadApp(path), old: first.screen, geometry: geometry, values: [:])
        let state = second.screen.state(timeMS: 0).encoded
        XCTAssertTrue(state.contains(#""position": "open""#), state)
        try second.screen.perform(target: "drawer", action: "set_position", arguments: ["partiallyRevealed", "instant"], at: .zero)
        XCTAssertTrue(second.screen.state(timeMS: 0).encoded.contains(#""visible_height_pt": 300"#), "new option applies")
    }

    /// Every component keeps its logical state over a reload of the same file: what a device
    /// program or a finger did stays on screen while someone edits the app in the preview.
    func testEveryComponentCarriesItsStateOverAReload() throws {
        let cases: [(example: String, id: String, actions: [[String]], shows: [String])] = [
            ("sheet.toml", "sheet", [["snap", "0", "instant"], ["push", "details"]], [#""anchor_index": 0"#, #""stack_depth": 2"#, #""page": "details""#]),
            ("dismiss.toml", "modal", [["dismiss"]], [#""presented": false"#]),
            ("menu.toml", "menu", [["replace_pane", "settings"], ["open", "left", "instant"]], [#""pane_state": "open""#, #""direction": "left""#, #""page": "settings""#]),
            ("player.toml", "player", [["open"], ["set_title", "Night Ferry"], ["set_progress", "0.8"]], [#""state": "open""#, #""title": "Night Ferry""#, #""progress": 0.8"#]),
        ]
        for c in cases {
            let dir = CLI.tempDir(), path = dir + "/app.toml"
            let text = try String(contentsOfFile: CLI.root + "/examples/" + c.example, encoding: .utf8)
                .replacingOccurrences(of: "\"assets/", with: "\"" + CLI.root + "/examples/assets/")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let first = try SceneBuilder.build(app: try AppConfig.load(path: path), geometry: geometry)
            var t = 0.0
            for a in c.actions {
                try first.screen.perform(target: c.id, action: a[0], arguments: Array(a.dropFirst()), at: .milliseconds(t))
                for _ in 0..<120 { t += 16; first.screen.advance(to: .milliseconds(t)) }    // as frames would
            }
            let before = first.screen.state(timeMS: 0).encoded
            for s in c.shows { XCTAssertTrue(before.contains(s), "\(c.example) before: \(s) in \(before)") }
            let second = try ScreenReload.rebuild(app: try loadApp(path), old: first.screen, geometry: geometry, values: [:])
            XCTAssertEqual(second.screen.state(timeMS: 0).encoded, before, "\(c.example): the same state after the reload")
        }
    }

    /// The bottom drawer keeps the page `replace_content` showed, with its position.
    func testTheDrawerKeepsItsPageOverAReload() throws {
        let dir = CLI.tempDir(), path = dir + "/app.toml"
        let text = app(partial: 264) + """

            [[component.pages]]
            id = "directions"
            [component.pages.content]
            kind = "list"
            rows = [{ title = "Turn left" }, { title = "Walk 200 m" }]
            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let first = try SceneBuilder.build(app: try AppConfig.load(path: path), geometry: geometry)
        try first.screen.perform(target: "drawer", action: "replace_content", arguments: ["directions", "open"], at: .zero)
        for ms in stride(from: 16.0, through: 2000, by: 16) { first.screen.advance(to: .milliseconds(ms)) }
        let before = first.screen.state(timeMS: 0).encoded
        XCTAssertTrue(before.contains(#""page": "directions""#) && before.contains(#""position": "open""#), before)
        let second = try ScreenReload.rebuild(app: try loadApp(path), old: first.screen, geometry: geometry, values: [:])
        XCTAssertEqual(second.screen.state(timeMS: 0).encoded, before)
    }

    /// `"animated": false` (a script's `instant`) on the sheet's push and pop: the page is
    /// there at once, nothing slides.
    func testSheetPushAndPopWithoutAnimation() throws {
        let dir = CLI.tempDir(), path = dir + "/app.toml"
        try String(contentsOfFile: CLI.root + "/examples/sheet.toml", encoding: .utf8).write(toFile: path, atomically: true, encoding: .utf8)
        let built = try SceneBuilder.build(app: try AppConfig.load(path: path), geometry: geometry)
        try built.screen.perform(target: "sheet", action: "push", arguments: ["details", "instant"], at: .zero)
        XCTAssertFalse(built.screen.needsFrames, "no slide")
        XCTAssertTrue(built.screen.state(timeMS: 0).encoded.contains(#""page": "details""#))
        try built.screen.perform(target: "sheet", action: "pop", arguments: ["instant"], at: .zero)
        XCTAssertFalse(built.screen.needsFrames)
        try built.screen.perform(target: "sheet", action: "push", arguments: ["details"], at: .zero)
        XCTAssertTrue(built.screen.needsFrames, "animated by default")
    }

    func testInvalidReloadReportsAndChangesNothing() throws {
        let dir = CLI.tempDir(), path = dir + "/app.toml"
        try app(partial: 264).write(toFile: path, atomically: true, encoding: .utf8)
        let first = try SceneBuilder.build(app: try AppConfig.load(path: path), geometry: geometry)
        try app(partial: 264, extra: "partial_heigth = 3").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ScreenReload.rebuild(app: try loadApp(path), old: first.screen, geometry: geometry, values: [:])) { error in
            XCTAssertTrue("\(error)".contains("app.toml:6:1: unknown key 'partial_heigth' in component 'drawer' (did you mean 'partial_height'?)"), "\(error)")
        }
        XCTAssertTrue(first.screen.state(timeMS: 0).encoded.contains(#""position": "partiallyRevealed""#))
    }

    /// The finding: saving a half-typed header made toml++ abort the running kiosk.
    func testReloadOfAHalfTypedHeaderReportsItAndKeepsTheScreen() throws {
        let dir = CLI.tempDir(), path = dir + "/app.toml"
        try app(partial: 264).write(toFile: path, atomically: true, encoding: .utf8)
        let first = try SceneBuilder.build(app: try AppConfig.load(path: path), geometry: geometry)
        try (app(partial: 264) + "\n[").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ScreenReload.rebuild(app: try loadApp(path), old: first.screen, geometry: geometry, values: [:])) { error in
            XCTAssertTrue("\(error)".hasSuffix("app.toml:10:2: TOML syntax: expected a key after '[', found end of file"), "\(error)")
        }
        XCTAssertTrue(first.screen.state(timeMS: 0).encoded.contains(#""position": "partiallyRevealed""#))
    }

    func testWatcherSeesAFileReplacedByRename() throws {
        let dir = CLI.tempDir(), path = dir + "/app.toml"
        try "a".write(toFile: path, atomically: false, encoding: .utf8)
        let watcher = try ConfigWatcher(files: [path])
        XCTAssertFalse(watcher.changed())
        try "other".write(toFile: dir + "/unrelated.toml", atomically: false, encoding: .utf8)
        XCTAssertFalse(watcher.changed(), "other files in the folder do not count")
        try "b".write(toFile: path, atomically: true, encoding: .utf8)   // temp file + rename
        XCTAssertTrue(watcher.changed())
    }

    /// A feeder that writes in place: the file's creation (still empty) is not a change, its
    /// write is (read at the creation, it was reported as bad JSON at every start). A
    /// removal counts only for a watcher that asks for removals (the data file's).
    func testAnEmptyNewFileWaitsForItsWriteAndRemovalsCountWhenAsked() throws {
        let dir = CLI.tempDir(), path = dir + "/feed.json"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let data = try ConfigWatcher(files: [path], removals: true)
        let app = try ConfigWatcher(files: [path])
        let fd = open(path, O_CREAT | O_WRONLY, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertFalse(data.changed(), "created, nothing written yet")
        XCTAssertFalse(app.changed())
        _ = "{}".withCString { write(fd, $0, 2) }
        close(fd)
        XCTAssertTrue(data.changed(), "written and closed")
        XCTAssertTrue(app.changed())
        unlink(path)
        XCTAssertTrue(data.changed(), "the data file's removal is said")
        XCTAssertFalse(app.changed(), "an app file's editor removes and writes: only the write counts")
        symlink(dir + "/elsewhere.json", path)
        XCTAssertTrue(data.changed(), "a link is made whole: read at once")
    }

    /// The file's folder removed and made again (a feeder's RuntimeDirectory= on each of its
    /// restarts), or moved away and made again: the watch comes back with the folder, and
    /// writes in the new folder count. The old watcher lost the folder for good.
    func testTheFolderMadeAgainIsWatchedAgain() throws {
        let root = CLI.tempDir()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
        let path = root + "/data/now.json"
        try "{}".write(toFile: path, atomically: true, encoding: .utf8)
        let watcher = try ConfigWatcher(files: [path])
        XCTAssertFalse(watcher.changed())
        try fm.removeItem(atPath: root + "/data")
        try fm.createDirectory(atPath: root + "/data", withIntermediateDirectories: false)
        XCTAssertTrue(watcher.changed(), "the folder is back: its file may be new")
        try "{\"a\": \"1\"}".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertTrue(watcher.changed(), "a write in the new folder")
        try fm.moveItem(atPath: root + "/data", toPath: root + "/data.old")
        XCTAssertFalse(watcher.changed(), "moved away: nothing to read yet")
        try "{}".write(toFile: root + "/data.old/now.json", atomically: true, encoding: .utf8)
        XCTAssertFalse(watcher.changed(), "the moved folder is no longer the file's")
        try fm.createDirectory(atPath: root + "/data", withIntermediateDirectories: false)
        XCTAssertTrue(watcher.changed())
        try "{}".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertTrue(watcher.changed())
        XCTAssertEqual(ConfigWatcher.parent(of: "/a/b/").map { "\($0.0) \($0.1)" }, "/a b")
        XCTAssertEqual(ConfigWatcher.parent(of: "b").map { "\($0.0) \($0.1)" }, ". b")
        XCTAssertEqual(ConfigWatcher.parent(of: "/b").map { "\($0.0) \($0.1)" }, "/ b")
        XCTAssertNil(ConfigWatcher.parent(of: "/"))
        XCTAssertNil(ConfigWatcher.parent(of: "."))
    }
}
