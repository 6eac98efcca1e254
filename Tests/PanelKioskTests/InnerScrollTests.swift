import DrawerRuntime
import PanelRenderer
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import PanelKiosk
@testable import panel_kiosk

/// A scroll view inside a drawer's page is dragged and flung by the finger like a nested
/// UIScrollView; the drawer does not move and no row under the finger acts.
final class InnerScrollTests: XCTestCase {
    let geometry = FrameGeometry(widthPx: 400, heightPx: 240, scale: 0.5, board: .offscreenDefault)
    let app = """
        name = "inner scroll"
        [[component]]
        id = "drawer"
        kind = "bottom_drawer"
        initial = "open"
        [component.content]
        kind = "stack"
        items = [
          { kind = "label", text = "Timetable" },
          { kind = "scroll", height = 150, content = { kind = "list", rows = [
            { title = "Row 1", action = "r1" }, { title = "Row 2", action = "r2" }, { title = "Row 3", action = "r3" },
            { title = "Row 4", action = "r4" }, { title = "Row 5", action = "r5" }, { title = "Row 6", action = "r6" },
            { title = "Row 7", action = "r7" }, { title = "Row 8", action = "r8" }, { title = "Row 9", action = "r9" },
            { title = "Row 10", action = "r10" }, { title = "Row 11", action = "r11" }, { title = "Row 12", action = "r12" } ] } },
        ]
        """

    private func build() throws -> (Screen, SceneContent) {
        let dir = CLI.tempDir()
        try app.write(toFile: dir + "/app.toml", atomically: true, encoding: .utf8)
        let screen = try SceneBuilder.build(app: try AppConfig.load(path: dir + "/app.toml"), geometry: geometry).screen
        let drawer = try XCTUnwrap(screen.component("drawer") as? BottomDrawer)
        return (screen, try XCTUnwrap(drawer.content as? SceneContent))
    }

    private func innerOffset(_ c: SceneContent) -> Double { c.scrollOffsets.values.first ?? 0 }

    /// One slop per component: the drawer's `touchSlop` also decides when a scroll view inside
    /// its page starts scrolling (the view had its own 8 pt before).
    func testTheDrawersTouchSlopDecidesWhenTheInnerViewStartsScrolling() throws {
        for (slop, scrolledAt20, scrolledAt40) in [(8.0, 20.0, 40.0), (30.0, 0.0, 40.0)] {
            let (screen, content) = try build()
            let drawer = try XCTUnwrap(screen.component("drawer") as? BottomDrawer)
            drawer.touchSlop = slop
            let openHeight = drawer.height
            screen.handle(TouchEvent(id: 1, phase: .down, location: Point(400, 200), time: .milliseconds(0)))
            screen.handle(TouchEvent(id: 1, phase: .move, location: Point(400, 180), time: .milliseconds(16)))
            XCTAssertEqual(innerOffset(content), scrolledAt20, "slop \(slop): 20 pt up")
            screen.handle(TouchEvent(id: 1, phase: .move, location: Point(400, 160), time: .milliseconds(32)))
            XCTAssertEqual(innerOffset(content), scrolledAt40, "slop \(slop): 40 pt up")
            XCTAssertEqual(drawer.position, .open)
            XCTAssertEqual(drawer.height, openHeight, "the drawer did not move")
        }
    }

    func testDragScrollsTheInnerViewAndFlingGlidesOn() throws {
        let (screen, content) = try build()
        var actions = 0
        screen.events.addListener { e in if e.json.encoded.contains(#""event": "action""#) { actions += 1 } }
        let before = screen.state(timeMS: 0).encoded
        var t = 0, y = 200.0
        screen.handle(TouchEvent(id: 1, phase: .down, location: Point(400, y), time: .milliseconds(t)))
        for _ in 0..<6 {
            t += 16; y -= 12
            screen.handle(TouchEvent(id: 1, phase: .move, location: Point(400, y), time: .milliseconds(t)))
        }
        XCTAssertEqual(innerOffset(content), 72, accuracy: 0.001, "the list follows the finger point for point")
        // The motion trace's phase: the content follows the finger, not the drawer.
        XCTAssertEqual(screen.component("drawer")?.motionPhase, .scrolling)
        screen.handle(TouchEvent(id: 1, phase: .up, location: Point(400, y), time: .milliseconds(t)))
        XCTAssertTrue(screen.needsFrames, "a flick glides on")
        XCTAssertEqual(screen.component("drawer")?.motionPhase, .gliding)
        let atLift = innerOffset(content)
        for _ in 0..<120 { t += 16; screen.advance(to: .milliseconds(t)) }
        XCTAssertGreaterThan(innerOffset(content), atLift, "and keeps scrolling after the lift")
        XCTAssertFalse(screen.needsFrames, "until it rests")
        XCTAssertEqual(actions, 0, "no row under the finger acted")
        let drawerBefore = before.range(of: #""position": "open""#) != nil
        XCTAssertTrue(drawerBefore && screen.state(timeMS: 0).encoded.contains(#""position": "open""#),
                      "the drawer itself did not move")
    }

    func testScrollingRepaintsExactlyWhatAFullRedrawShows() throws {
        let (screen, _) = try build()
        let incremental = FrameRenderer(widthPx: 400, heightPx: 240)!, full = FrameRenderer(widthPx: 400, heightPx: 240)!
        var tracker = DamageTracker()
        _ = tracker.damage(of: screen, everything: true)
        incremental.draw(screen)
        var t = 0, y = 200.0
        func frame() {
            screen.advance(to: .milliseconds(t))
            incremental.draw(screen, damage: tracker.damage(of: screen, everything: false))
            full.draw(screen)
            XCTAssertEqual(memcmp(incremental.pixmap.pixels, full.pixmap.pixels, 400 * 240 * 4), 0, "frame at \(t) ms")
        }
        screen.handle(TouchEvent(id: 1, phase: .down, location: Point(400, y), time: .milliseconds(t))); frame()
        for _ in 0..<5 { t += 16; y -= 15; screen.handle(TouchEvent(id: 1, phase: .move, location: Point(400, y), time: .milliseconds(t))); frame() }
        screen.handle(TouchEvent(id: 1, phase: .up, location: Point(400, y), time: .milliseconds(t)))
        for _ in 0..<30 { t += 16; frame() }
    }

    func testScrollStopsAtItsEndsAndATapStillActs() throws {
        let (screen, content) = try build()
        var actions: [String] = []
        screen.events.addListener { e in if e.json.encoded.contains(#""event": "action""#) { actions.append(e.json.encoded) } }
        // Pull down at the top: nothing to reveal, the offset stays 0 (no rubber band here).
        screen.handle(TouchEvent(id: 1, phase: .down, location: Point(400, 150), time: .milliseconds(0)))
        screen.handle(TouchEvent(id: 1, phase: .move, location: Point(400, 230), time: .milliseconds(100)))
        XCTAssertEqual(innerOffset(content), 0)
        screen.handle(TouchEvent(id: 1, phase: .up, location: Point(400, 230), time: .milliseconds(400)))
        // A long slow push up stops at the list's end.
        screen.handle(TouchEvent(id: 1, phase: .down, location: Point(400, 230), time: .milliseconds(1000)))
        for i in 1...20 { screen.handle(TouchEvent(id: 1, phase: .move, location: Point(400, 230 - Double(i) * 40), time: .milliseconds(1000 + i * 100))) }
        let end = innerOffset(content)
        XCTAssertEqual(end, 12 * 44 - 150, accuracy: 0.001, "twelve 44 pt rows in a 150 pt view")
        screen.handle(TouchEvent(id: 1, phase: .move, location: Point(400, -600), time: .milliseconds(3200)))
        XCTAssertEqual(innerOffset(content), end, "clamped at the end")
        screen.handle(TouchEvent(id: 1, phase: .up, location: Point(400, -600), time: .milliseconds(3800)))
        // A tap inside the scroll view still reaches the row under it.
        screen.handle(TouchEvent(id: 2, phase: .down, location: Point(400, 150), time: .milliseconds(5000)))
        screen.handle(TouchEvent(id: 2, phase: .up, location: Point(400, 150), time: .milliseconds(5080)))
        XCTAssertEqual(actions.count, 1, "\(actions)")
    }
}
