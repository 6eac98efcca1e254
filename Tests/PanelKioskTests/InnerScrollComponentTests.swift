@testable import DrawerRuntime
import PanelRenderer
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import PanelKiosk
@testable import panel_kiosk

/// The inner scroll-view drag of `InnerScrollTests`, through the four components other than
/// the bottom drawer: each wires `InnerScrollDrag` with its own hit test and press, so each
/// gets the same checks. The component itself must not move, and no row may act.
final class InnerScrollComponentTests: XCTestCase {
    let geometry = FrameGeometry(widthPx: 400, heightPx: 240, scale: 0.5, board: .offscreenDefault)

    /// Twenty 44 pt rows in a 200 pt viewport: 680 pt to scroll.
    static let scroll = """
        { kind = "scroll", height = 200, content = { kind = "list", rows = [\
        \((1...20).map { #"{ title = "Row \#($0)", action = "r\#($0)" }"# }.joined(separator: ", ")) ] } }
        """

    struct Case {
        let name: String
        let app: String
        /// Puts the component where its content shows (nil: it starts there).
        var open: ((Screen) throws -> Void)? = nil
        /// The content that holds the scroll view.
        let content: (any Component) -> ContentView?
        /// A point (screen points) on the scroll view once open.
        let touch: Point
        /// Sets the component's one touch slop (points).
        let setSlop: (any Component, Double) -> Void
    }

    static var cases: [Case] { [
        Case(name: "sheet", app: """
            [[component]]
            id = "c"
            kind = "sheet"
            initial_anchor = 0
            [[component.pages]]
            id = "root"
            title = "Departures"
            content = \(scroll)
            """, content: { ($0 as? Sheet)?.rootPage.content }, touch: Point(400, 200),
             setSlop: { ($0 as? Sheet)?.touchSlop = $1 }),
        Case(name: "side drawer", app: """
            [[component]]
            id = "c"
            kind = "side_drawer"
            [component.left]
            reveal_width = 267
            title = "Menu"
            content = \(scroll)
            """, open: { try $0.component("c")?.perform("open", ["left", "instant"], at: .zero) },
             content: { ($0 as? SideDrawer)?.drawerContent[.left] }, touch: Point(130, 200),
             setSlop: { ($0 as? SideDrawer)?.config.touchSlop = $1 }),
        Case(name: "swipe dismiss", app: """
            [[component]]
            id = "c"
            kind = "swipe_dismiss"
            title = "Your ticket"
            content = \(scroll)
            """, content: { ($0 as? SwipeDismiss)?.content }, touch: Point(400, 220),
             setSlop: { ($0 as? SwipeDismiss)?.touchSlop = $1 }),
        Case(name: "popup", app: """
            [[component]]
            id = "c"
            kind = "popup"
            initial = "open"
            title = "Harbour Lights"
            content = \(scroll)
            """, content: { ($0 as? Popup)?.content }, touch: Point(400, 220),
             setSlop: { ($0 as? Popup)?.config.touchSlop = $1 }),
    ] }

    private func build(_ c: Case) throws -> (Screen, SceneContent) {
        let dir = CLI.tempDir()
        try ("name = \"inner scroll\"\n" + c.app).write(toFile: dir + "/app.toml", atomically: true, encoding: .utf8)
        let screen = try SceneBuilder.build(app: try AppConfig.load(path: dir + "/app.toml"), geometry: geometry).screen
        try c.open?(screen)
        for t in stride(from: 0, through: 3000, by: 16) { screen.advance(to: .milliseconds(t)) }
        let component = try XCTUnwrap(screen.component("c"), c.name)
        let content = try XCTUnwrap(c.content(component) as? SceneContent, "\(c.name): its content")
        return (screen, content)
    }

    private func innerOffset(_ c: SceneContent) -> Double { c.scrollOffsets.values.first ?? 0 }

    /// The component's state with the clock's field removed, to see that it did not move.
    private func componentState(_ screen: Screen) -> String {
        screen.component("c")?.state().encoded ?? ""
    }

    func testDragScrollsTheInnerViewNotTheComponentAndFlingGlidesOn() throws {
        for c in Self.cases {
            let (screen, content) = try build(c)
            var actions = 0
            screen.events.addListener { e in if e.json.encoded.contains(#""event": "action""#) { actions += 1 } }
            let before = componentState(screen)
            var t = 4000, p = c.touch
            screen.handle(TouchEvent(id: 1, phase: .down, location: p, time: .milliseconds(t)))
            for _ in 0..<6 {
                t += 16; p.y -= 12
                screen.handle(TouchEvent(id: 1, phase: .move, location: p, time: .milliseconds(t)))
            }
            XCTAssertEqual(innerOffset(content), 72, accuracy: 0.001, "\(c.name): the list follows the finger")
            // The motion trace's phase: the content follows the finger, not the component.
            XCTAssertEqual(screen.component("c")?.motionPhase, .scrolling, c.name)
            screen.handle(TouchEvent(id: 1, phase: .up, location: p, time: .milliseconds(t)))
            XCTAssertTrue(screen.needsFrames, "\(c.name): a flick glides on")
            XCTAssertEqual(screen.component("c")?.motionPhase, .gliding, c.name)
            let atLift = innerOffset(content)
            for _ in 0..<200 { t += 16; screen.advance(to: .milliseconds(t)) }
            XCTAssertGreaterThan(innerOffset(content), atLift, "\(c.name): it keeps scrolling after the lift")
            XCTAssertLessThanOrEqual(innerOffset(content), 20 * 44 - 200, "\(c.name): never past the end")
            XCTAssertFalse(screen.needsFrames, "\(c.name): until it rests")
            XCTAssertEqual(actions, 0, "\(c.name): no row under the finger acted")
            XCTAssertEqual(componentState(screen), before, "\(c.name): the component itself did not move")
        }
    }

    /// One slop per component: the component's `touchSlop` also decides when a scroll view
    /// inside its content starts scrolling (it had its own 8 pt before). Past the slop the
    /// view takes the finger's whole travel, as it always did.
    func testTheComponentsTouchSlopDecidesWhenAnInnerViewStartsScrolling() throws {
        for c in Self.cases {
            for (slop, scrolledAt20, scrolledAt40) in [(8.0, 20.0, 40.0), (30.0, 0.0, 40.0)] {
                let (screen, content) = try build(c)
                c.setSlop(try XCTUnwrap(screen.component("c")), slop)
                let before = componentState(screen)
                screen.handle(TouchEvent(id: 1, phase: .down, location: c.touch, time: .milliseconds(4000)))
                screen.handle(TouchEvent(id: 1, phase: .move, location: c.touch - Point(0, 20), time: .milliseconds(4016)))
                XCTAssertEqual(innerOffset(content), scrolledAt20, "\(c.name), slop \(slop): 20 pt up")
                screen.handle(TouchEvent(id: 1, phase: .move, location: c.touch - Point(0, 40), time: .milliseconds(4032)))
                XCTAssertEqual(innerOffset(content), scrolledAt40, "\(c.name), slop \(slop): 40 pt up")
                XCTAssertEqual(componentState(screen), before, "\(c.name): the component itself did not move")
            }
        }
    }

    func testATapOnARowInsideStillActs() throws {
        for c in Self.cases {
            let (screen, _) = try build(c)
            var actions: [String] = []
            screen.events.addListener { e in if e.json.encoded.contains(#""event": "action""#) { actions.append(e.json.encoded) } }
            screen.handle(TouchEvent(id: 1, phase: .down, location: c.touch, time: .milliseconds(4000)))
            screen.handle(TouchEvent(id: 1, phase: .up, location: c.touch, time: .milliseconds(4080)))
            XCTAssertEqual(actions.count, 1, "\(c.name): \(actions)")
        }
    }

    func testScrollingRepaintsExactlyWhatAFullRedrawShows() throws {
        for c in Self.cases {
            let (screen, _) = try build(c)
            let incremental = FrameRenderer(widthPx: 400, heightPx: 240)!, full = FrameRenderer(widthPx: 400, heightPx: 240)!
            var tracker = DamageTracker()
            _ = tracker.damage(of: screen, everything: true)
            incremental.draw(screen)
            var t = 4000, p = c.touch
            var differing = 0
            func frame() {
                screen.advance(to: .milliseconds(t))
                incremental.draw(screen, damage: tracker.damage(of: screen, everything: false))
                full.draw(screen)
                if memcmp(incremental.pixmap.pixels, full.pixmap.pixels, 400 * 240 * 4) != 0 { differing += 1 }
            }
            screen.handle(TouchEvent(id: 1, phase: .down, location: p, time: .milliseconds(t))); frame()
            for _ in 0..<5 {
                t += 16; p.y -= 15
                screen.handle(TouchEvent(id: 1, phase: .move, location: p, time: .milliseconds(t))); frame()
            }
            screen.handle(TouchEvent(id: 1, phase: .up, location: p, time: .milliseconds(t)))
            for _ in 0..<30 { t += 16; frame() }
            XCTAssertEqual(differing, 0, "\(c.name): frames where the incremental repaint differs")
        }
    }
}
