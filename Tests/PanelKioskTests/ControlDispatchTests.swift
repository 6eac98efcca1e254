import DrawerRuntime
import XCTest
@testable import panel_kiosk

/// A control-socket command does what the same `do` line of a touch script does.
final class ControlDispatchTests: XCTestCase {
    func screen() throws -> Screen {
        let app = try AppConfig.load(path: CLI.root + "/examples/showcase.toml")
        return try SceneBuilder.build(app: app, geometry: FrameGeometry(widthPx: 800, heightPx: 480, scale: 1,
                                                                          board: .offscreenDefault)).screen
    }

    func testCommandsDriveComponents() throws {
        let s = try screen()
        try ControlDispatch.perform(.setDrawerPosition(target: "drawer", position: .open, animated: false), on: s, at: .zero)
        try ControlDispatch.perform(.open(target: "menu", side: .left, animated: false), on: s, at: .zero)
        try ControlDispatch.perform(.setPopupItem(target: "player", title: "Tidal Clock", subtitle: nil, progress: 0.5),
                                    on: s, at: .zero)
        s.advance(to: .seconds(3))
        let state = s.state(timeMS: 3000)
        XCTAssertEqual(state["components"]?["drawer"]?["position"], "open")
        XCTAssertEqual(state["components"]?["menu"]?["pane_state"], "open")
        XCTAssertEqual(state["components"]?["player"]?["title"], "Tidal Clock")
        XCTAssertEqual(state["components"]?["player"]?["progress"], 0.5)
    }

    func testUnknownTargetAndBadArgumentsAreErrorsNotCrashes() throws {
        let s = try screen()
        XCTAssertThrowsError(try ControlDispatch.perform(.pop(target: "nope", animated: true), on: s, at: .zero)) {
            XCTAssertTrue(($0 as? ActionError)?.message.hasPrefix("no component 'nope'") ?? false, "\($0)")
        }
        XCTAssertThrowsError(try ControlDispatch.perform(.snapSheet(target: "sheet", anchor: 9, animated: true), on: s, at: .zero))
        XCTAssertThrowsError(try ControlDispatch.perform(.push(target: "drawer", page: "x", animated: true), on: s, at: .zero))
    }
}
