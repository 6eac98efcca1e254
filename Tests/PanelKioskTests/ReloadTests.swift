import DrawerRuntime
import Foundation
import XCTest
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
        let second = try ScreenReload.reload(path: path, old: first.screen, geometry: geometry, values: [:])
        let state = second.screen.state(timeMS: 0).encoded
        XCTAssertTrue(state.contains(#""position": "open""#), state)
        try second.screen.perform(target: "drawer", action: "set_position", arguments: ["partiallyRevealed", "instant"], at: .zero)
        XCTAssertTrue(second.screen.state(timeMS: 0).encoded.contains(#""visible_height_pt": 300"#), "new option applies")
    }

    func testInvalidReloadReportsAndChangesNothing() throws {
        let dir = CLI.tempDir(), path = dir + "/app.toml"
        try app(partial: 264).write(toFile: path, atomically: true, encoding: .utf8)
        let first = try SceneBuilder.build(app: try AppConfig.load(path: path), geometry: geometry)
        try app(partial: 264, extra: "partial_heigth = 3").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ScreenReload.reload(path: path, old: first.screen, geometry: geometry, values: [:])) { error in
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
        XCTAssertThrowsError(try ScreenReload.reload(path: path, old: first.screen, geometry: geometry, values: [:])) { error in
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
}
