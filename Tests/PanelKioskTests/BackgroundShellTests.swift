import DrawerRuntime
import PanelRenderer
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// The background content's touches go through the same gesture shell as the components':
/// a scroll view inside the background content is dragged and flung like one inside a
/// drawer, within the same 8 pt slop, and a row inside it still taps.
final class BackgroundShellTests: XCTestCase {
    let geometry = FrameGeometry(widthPx: 400, heightPx: 240, scale: 0.5, board: .offscreenDefault)
    let app = """
        name = "background scroll"
        [background.content]
        kind = "stack"
        items = [
          { kind = "label", text = "Timetable" },
          { kind = "scroll", height = 150, content = { kind = "list", rows = [
            \((1...12).map { #"{ title = "Row \#($0)", action = "r\#($0)" }"# }.joined(separator: ", ")) ] } },
        ]
        """
    /// A point on the scroll view (screen points).
    let onList = Point(400, 120)

    private func build() throws -> (Screen, SceneContent) {
        let dir = CLI.tempDir()
        try app.write(toFile: dir + "/app.toml", atomically: true, encoding: .utf8)
        let screen = try SceneBuilder.build(app: try AppConfig.load(path: dir + "/app.toml"), geometry: geometry).screen
        let content = try XCTUnwrap(screen.backgroundContent as? SceneContent)
        XCTAssertNotNil(content.innerScrollView(at: onList), "the test's point lies on the scroll view")
        return (screen, content)
    }

    private func innerOffset(_ c: SceneContent) -> Double { c.scrollOffsets.values.first ?? 0 }

    private func actions(_ screen: Screen) -> [String] {
        screen.events.events.filter { $0.name == "action" }.map { "\($0.target) \($0.field("id")?.encoded ?? "")" }
    }

    func testADragOnAScrollViewInTheBackgroundScrollsItAndAFlickGlidesOn() throws {
        let (screen, content) = try build()
        let revision = screen.backgroundRevision
        var t = 0, p = onList
        screen.handle(TouchEvent(id: 1, phase: .down, location: p, time: .milliseconds(t)))
        p.y -= 6
        screen.handle(TouchEvent(id: 1, phase: .move, location: p, time: .milliseconds(t + 8)))
        XCTAssertEqual(innerOffset(content), 0, "within the 8 pt slop")
        for _ in 0..<6 {
            t += 16; p.y -= 12
            screen.handle(TouchEvent(id: 1, phase: .move, location: p, time: .milliseconds(t)))
        }
        XCTAssertEqual(innerOffset(content), 78, accuracy: 0.001, "past the slop the list follows the finger point for point")
        XCTAssertNotEqual(screen.backgroundRevision, revision, "the background repaints")
        screen.handle(TouchEvent(id: 1, phase: .up, location: p, time: .milliseconds(t)))
        XCTAssertTrue(screen.needsFrames, "a flick glides on")
        let atLift = innerOffset(content)
        for _ in 0..<200 { t += 16; screen.advance(to: .milliseconds(t)) }
        XCTAssertGreaterThan(innerOffset(content), atLift, "and keeps scrolling after the lift")
        XCTAssertFalse(screen.needsFrames, "until it rests")
        XCTAssertEqual(actions(screen), [], "no row under the finger acted")
    }

    func testATapOnARowInsideTheBackgroundsScrollViewActs() throws {
        let (screen, _) = try build()
        screen.handle(TouchEvent(id: 1, phase: .down, location: onList, time: .milliseconds(0)))
        screen.handle(TouchEvent(id: 1, phase: .move, location: onList + Point(3, 4), time: .milliseconds(30)))
        screen.handle(TouchEvent(id: 1, phase: .up, location: onList + Point(3, 4), time: .milliseconds(80)))
        XCTAssertEqual(actions(screen).count, 1, "\(actions(screen))")
        XCTAssertEqual(screen.events.events.last?.target, "background")
    }
}
