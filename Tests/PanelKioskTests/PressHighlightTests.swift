import DrawerRuntime
import PanelRenderer
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// A row held by a finger shows pressed until the finger lifts or drags, and damage
/// tracking repaints it (the drawer example: rows with actions under the partial drawer).
final class PressHighlightTests: XCTestCase {
    let geometry = FrameGeometry(widthPx: 400, heightPx: 240, scale: 0.5, board: .offscreenDefault)

    private func screen() throws -> Screen {
        let app = try AppConfig.load(path: CLI.root + "/examples/drawer.toml")
        return try SceneBuilder.build(app: app, geometry: geometry).screen
    }

    /// The pixel at `p` (points), 0xAARRGGBB.
    private func pixel(_ r: FrameRenderer, _ p: Point) -> UInt32 {
        r.pixmap.view.row(Int(p.y * 0.5))[Int(p.x * 0.5)]
    }

    func testHeldRowShowsPressedAndTheTapStillActs() throws {
        let screen = try screen()
        var actions: [String] = []
        screen.events.addListener { e in if e.json.encoded.contains(#""event": "action""#) { actions.append(e.json.encoded) } }
        let frame = FrameRenderer(widthPx: 400, heightPx: 240)!, full = FrameRenderer(widthPx: 400, heightPx: 240)!
        var tracker = DamageTracker()
        func draw(_ t: Int) {
            screen.advance(to: .milliseconds(t))
            frame.draw(screen, damage: tracker.damage(of: screen, everything: false))
            full.draw(screen)
            XCTAssertEqual(memcmp(frame.pixmap.pixels, full.pixmap.pixels, 400 * 240 * 4), 0, "frame at \(t) ms")
        }
        _ = tracker.damage(of: screen, everything: true)
        frame.draw(screen)
        // The first row's empty trailing side: card colour, no text.
        let spot = Point(700, 262)
        let card = pixel(frame, spot)
        screen.handle(TouchEvent(id: 1, phase: .down, location: spot, time: .milliseconds(16)))
        draw(16)
        let held = pixel(frame, spot)
        XCTAssertNotEqual(held, card, "a held row is drawn pressed")
        XCTAssertLessThan(held & 0xFF, card & 0xFF, "darker: the text colour's veil over a light card")
        screen.handle(TouchEvent(id: 1, phase: .up, location: spot, time: .milliseconds(96)))
        draw(96)
        XCTAssertEqual(pixel(frame, spot), card, "lifted: back to normal")
        XCTAssertEqual(actions.count, 1, "and the tap acts once")
        XCTAssertTrue(actions.first?.contains(#""id": "place-1""#) ?? false, "\(actions)")
    }

    func testDraggingDropsThePressAndActsNot() throws {
        let screen = try screen()
        var actions = 0
        screen.events.addListener { e in if e.json.encoded.contains(#""event": "action""#) { actions += 1 } }
        let drawer = try XCTUnwrap(screen.component("drawer"))
        let start = drawer.drawRevision
        screen.handle(TouchEvent(id: 1, phase: .down, location: Point(700, 262), time: .milliseconds(0)))
        XCTAssertNotEqual(drawer.drawRevision, start, "pressed")
        let pressed = drawer.drawRevision
        screen.handle(TouchEvent(id: 1, phase: .move, location: Point(700, 259), time: .milliseconds(16)))
        XCTAssertEqual(drawer.drawRevision, pressed, "within the slop it stays pressed")
        screen.handle(TouchEvent(id: 1, phase: .move, location: Point(700, 220), time: .milliseconds(32)))
        XCTAssertNotEqual(drawer.drawRevision, pressed, "a drag drops the press at once")
        let dropped = drawer.drawRevision
        screen.handle(TouchEvent(id: 1, phase: .up, location: Point(700, 200), time: .milliseconds(48)))
        XCTAssertEqual(drawer.drawRevision, dropped)
        XCTAssertEqual(actions, 0, "a drag is not a tap")
    }

    func testBackgroundButtonShowsPressedAndRepaints() throws {
        let app = try AppConfig.load(path: CLI.root + "/examples/lobby.toml")
        let screen = try SceneBuilder.build(app: app, geometry: geometry).screen
        let frame = FrameRenderer(widthPx: 400, heightPx: 240)!
        var tracker = DamageTracker()
        _ = tracker.damage(of: screen, everything: true)
        frame.draw(screen)
        let button = Point(217, 150), before = pixel(frame, button)
        XCTAssertEqual(tracker.damage(of: screen, everything: false), .zero)
        screen.handle(TouchEvent(id: 1, phase: .down, location: button, time: .milliseconds(0)))
        XCTAssertNil(tracker.damage(of: screen, everything: false), "the background changed: repaint it all")
        frame.draw(screen)
        XCTAssertLessThan(pixel(frame, button) & 0xFF00, before & 0xFF00, "the held button's pill darkens")
        screen.handle(TouchEvent(id: 1, phase: .up, location: button, time: .milliseconds(80)))
        XCTAssertNil(tracker.damage(of: screen, everything: false))
        frame.draw(screen)
        XCTAssertEqual(pixel(frame, button), before)
    }

    func testPressOnRowWithoutActionShowsNothing() throws {
        let content = ListContent(rows: [.init(title: "Plain"), .init(title: "Go", action: "go")],
                                  text: try TextRenderer(theme: .light))
        var h = PressHighlight()
        _ = content.layout(width: 300, env: Environment(size: Size(300, 400)))
        h.press((content, Point(10, 10)))
        XCTAssertFalse(h.isActive, "row 0 has no action")
        h.press((content, Point(10, 70)))
        XCTAssertTrue(h.isActive)
        h.clear(); h.clear()
        XCTAssertEqual(h.revision, 2, "one change to pressed, one back; clearing twice is one change")
    }
}
