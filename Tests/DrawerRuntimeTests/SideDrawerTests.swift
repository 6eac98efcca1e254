import XCTest
@testable import DrawerRuntime
import PanelRenderer

/// The side drawer component driven by timestamped touches and actions on a simulated clock.
final class SideDrawerTests: XCTestCase {
    var events = EventSink()

    func make(_ configure: (inout SideDrawerConfig) -> Void = { _ in }) -> SideDrawer {
        var c = SideDrawerConfig()
        c.sides = [.left: SideDrawerSideConfig(), .right: SideDrawerSideConfig()]
        configure(&c)
        events = EventSink()
        let pages = [SideDrawer.Page(id: "home", title: "Home", content: nil),
                     SideDrawer.Page(id: "settings", title: "Settings", content: nil)]
        return SideDrawer(id: "menu", config: c, pages: pages, drawers: [:],
                          env: Environment(size: Size(800, 480)), events: events)
    }


    func touch(_ d: SideDrawer, _ phase: TouchEvent.Phase, _ x: Double, _ y: Double = 240, at ms: Int) {
        touch(d, phase, x, y: y, at: ms)
    }

    func touch(_ d: SideDrawer, _ phase: TouchEvent.Phase, _ x: Double, y: Double, at ms: Int) {
        d.advance(to: .milliseconds(ms))
        d.handle(TouchEvent(id: 1, phase: phase, location: Point(x, y), time: .milliseconds(ms)))
    }

    func names() -> [String] {
        events.events.map { e in
            guard case .string(let s)? = e.field("state") else { return e.name }
            return "\(e.name):\(s)"
        }
    }

    func testSlowDragPastHalfSettlesExactlyOpenAndCommits() {
        let d = make()
        touch(d, .down, 30, at: 0)
        for (i, x) in stride(from: 50.0, through: 193.5, by: 20).enumerated() { touch(d, .move, x, at: 16 * (i + 1)) }
        touch(d, .move, 193.5, at: 200)
        touch(d, .move, 193.5, at: 300)               // held still: velocity decays to 0
        XCTAssertEqual(d.paneOffset, 163.5)
        XCTAssertEqual(d.direction, .left, "direction set by the first movement")
        XCTAssertEqual(d.paneState, .closed, "state commits only at rest")
        touch(d, .up, 193.5, at: 400)
        let offsets = stepFrames(d, from: 400, to: 2000)
        XCTAssertEqual(d.paneState, .open)
        XCTAssertEqual(d.paneOffset, 267, "exactly, no residual 0.5-2 pt")
        XCTAssertFalse(d.needsFrames)
        XCTAssertLessThanOrEqual(offsets.max()!, 267, "no overshoot: elasticity 0")
        XCTAssertEqual(offsets.suffix(20), Array(repeating: 267, count: 20), "no creep after rest")
        XCTAssertEqual(events.events.map(\.name), ["pane_state_will_change", "pane_state_did_change"])
        XCTAssertEqual(events.events.last?.field("direction"), .string("left"))
    }

    func testFlingClosesFromNearlyOpenAndSlowReleaseGoesToNearest() {
        let d = make()
        try? d.perform("open", ["left", "instant"], at: .zero)
        XCTAssertEqual(d.paneOffset, 267)
        // A 50 pt flick toward closed in 50 ms (1000 pt/s): closes although still 217 pt open.
        touch(d, .down, 400, at: 100)
        for i in 1...5 { touch(d, .move, 400 - Double(i) * 10, at: 100 + i * 10) }
        touch(d, .up, 350, at: 150)
        stepFrames(d, from: 150, to: 1500)
        XCTAssertEqual(d.paneState, .closed)
        XCTAssertEqual(d.paneOffset, 0)
        XCTAssertEqual(d.direction, .none)
    }

    func testOneGestureNeverSwitchesToTheOppositeDrawer() {
        let d = make()
        touch(d, .down, 400, at: 0)
        touch(d, .move, 450, at: 16)                  // opens the left drawer
        touch(d, .move, 200, at: 32)                  // then far to the left
        XCTAssertEqual(d.paneOffset, 0, "clamped at closed, not -200 into the right drawer")
        XCTAssertEqual(d.direction, .none, "dragged back to closed commits closed mid-gesture")
        touch(d, .move, 420, at: 48)
        XCTAssertEqual(d.paneOffset, 20, "still the left drawer")
    }

    /// Every did-change has its will-change before it, and no will-change is left without
    /// one: a pane dragged shut committed `closed` mid-drag with no will-change, then
    /// announced `closed` again at the lift with nothing after it (a user's review).
    func testEventsPairWhenThePaneIsDraggedShutOrLetGoShort() {
        let d = make()
        try? d.perform("open", ["left", "instant"], at: .zero)
        events.discardHistory()
        touch(d, .down, 500, at: 100)
        for (i, x) in [450.0, 350, 200, 100, 50, 10].enumerated() { touch(d, .move, x, at: 150 + 50 * i) }
        touch(d, .move, 10, at: 600)
        touch(d, .up, 10, at: 650)
        stepFrames(d, from: 650, to: 2000)
        XCTAssertEqual(names(), ["pane_state_will_change:closed", "pane_state_did_change:closed"])
        // A finger down at the first point, moving through the middle ones, up at the last;
        // then frames until it rests.
        func gesture(_ points: [(x: Double, ms: Int)]) {
            events.discardHistory()
            touch(d, .down, points[0].x, at: points[0].ms)
            for p in points.dropFirst().dropLast() { touch(d, .move, p.x, at: p.ms) }
            touch(d, .up, points[points.count - 1].x, at: points[points.count - 1].ms)
            stepFrames(d, from: points[points.count - 1].ms, to: points[points.count - 1].ms + 1500)
        }
        // Opened a little from closed and dragged back shut: nothing changed, nothing said.
        gesture([(100, 3000), (140, 3016), (30, 3100), (30, 3300), (30, 3316)])
        XCTAssertEqual(names(), [])
        // Open, dragged a little toward closed and let go: it settles back open, silently.
        try? d.perform("open", ["left", "instant"], at: .milliseconds(5000))
        gesture([(400, 5100), (380, 5116), (370, 5300), (370, 5500), (370, 5516)])
        XCTAssertEqual(d.paneState, .open)
        XCTAssertEqual(names(), [])
    }

    func testBounceShootsOpenAndReturnsToClosedExactly() throws {
        let d = make()
        try d.perform("bounce", ["right"], at: .zero)
        let offsets = stepFrames(d, from: 0, to: 3000)
        XCTAssertLessThan(offsets.min()!, -20, "visibly opens toward the right drawer")
        XCTAssertEqual(d.paneOffset, 0)
        XCTAssertEqual(d.paneState, .closed)
        XCTAssertEqual(d.direction, .none)
        XCTAssertFalse(d.needsFrames)
    }

    func testReplacePaneSlidesOffToOpenWideThenCloses() throws {
        let d = make()
        try d.perform("replace_pane", ["settings"], at: .zero)
        let offsets = stepFrames(d, from: 0, to: 3000)
        XCTAssertEqual(offsets.max(), 820, "fully off screen plus 20")
        XCTAssertEqual(d.currentPage?.id, "settings")
        XCTAssertEqual(d.paneState, .closed)
        XCTAssertEqual(d.paneOffset, 0)
        XCTAssertEqual(names(), ["pane_state_will_change:openWide", "pane_state_did_change:openWide",
                                 "pane_state_will_change:closed", "pane_state_did_change:closed"])
    }

    func testTouchesDuringTheSlideOffAreIgnoredSoItNeverSticksAtOpenWide() throws {
        let d = make()
        try d.perform("replace_pane", ["settings"], at: .zero)
        touch(d, .down, 500, at: 200)                 // a tap during the slide-off (issues #67, #106)
        touch(d, .up, 500, at: 250)
        stepFrames(d, from: 250, to: 3000)
        XCTAssertEqual(d.paneState, .closed)
        XCTAssertEqual(d.currentPage?.id, "settings")
    }

    func testFingerCatchesAnInterruptibleMotion() throws {
        let d = make()
        try d.perform("open", ["left"], at: .zero)
        stepFrames(d, from: 0, to: 300)
        let caught = d.paneOffset
        XCTAssertGreaterThan(caught, 0); XCTAssertLessThan(caught, 267)
        touch(d, .down, 500, at: 300)
        stepFrames(d, from: 300, to: 600)
        XCTAssertEqual(d.paneOffset, caught, "the finger holds the pane where it was")
        XCTAssertFalse(d.needsFrames)
    }

    func testACaughtPaneThatIsNotDraggedGoesOnToTheNearestState() throws {
        let d = make()
        try d.perform("open", ["left"], at: .zero)
        stepFrames(d, from: 0, to: 450)                      // most of the way: > 133.5
        XCTAssertGreaterThan(d.paneOffset, 133.5)
        touch(d, .down, 700, y: 400, at: 450)
        touch(d, .up, 700, y: 400, at: 460)
        stepFrames(d, from: 460, to: 2000)
        XCTAssertEqual(d.paneState, .open)
        XCTAssertEqual(d.paneOffset, 267)
    }

    func testTapOnOpenPaneCloses() throws {
        let d = make()
        try d.perform("open", ["right", "instant"], at: .zero)
        touch(d, .down, 300, at: 100)
        touch(d, .up, 300, at: 150)
        stepFrames(d, from: 150, to: 1500)
        XCTAssertEqual(d.paneState, .closed)
    }

    /// A pane page whose whole area is one control (a slider) that forwards touches.
    final class SliderPage: ContentView {
        func layout(width: Double, env: Environment) -> Double { 400 }
        func maxScrollOffset(viewportHeight: Double) -> Double { 0 }
        func draw(_ canvas: Canvas, size: Size, scrollOffset: Double, env: Environment) {}
        func action(at p: Point) -> String? { p.y < 100 ? "volume" : "row" }
    }

    func testTouchForwardingControlsNeverStartAPan() {
        var c = SideDrawerConfig()
        c.sides = [.left: SideDrawerSideConfig()]
        c.touchForwardingActions = ["volume"]
        let d = SideDrawer(id: "menu", config: c, pages: [.init(id: "p", title: "P", content: SliderPage())],
                           drawers: [:], env: Environment(size: Size(800, 480)), events: events)
        touch(d, .down, 100, 56 + 50, at: 0)          // on the slider (below the 56 pt header)
        touch(d, .move, 300, 56 + 50, at: 16)
        XCTAssertEqual(d.paneOffset, 0)
        touch(d, .up, 300, 56 + 50, at: 32)
        touch(d, .down, 100, 56 + 150, at: 100)       // on an ordinary row: pans
        touch(d, .move, 300, 56 + 150, at: 116)
        XCTAssertEqual(d.paneOffset, 200)
    }

    func testEdgeOnlyStartZone() {
        let d = make { $0.paneDragRequiresScreenEdgePan = true }
        touch(d, .down, 100, at: 0)
        touch(d, .move, 200, at: 16)
        XCTAssertEqual(d.paneOffset, 0, "not from the middle")
        touch(d, .up, 200, at: 32)
        touch(d, .down, 10, at: 100)
        touch(d, .move, 110, at: 116)
        XCTAssertEqual(d.paneOffset, 100, "from the edge")
    }

    func testSwitchingSidesClosesFirst() throws {
        let d = make()
        try d.perform("open", ["left", "instant"], at: .zero)
        try d.perform("open", ["right"], at: .milliseconds(10))
        stepFrames(d, from: 10, to: 3000)
        XCTAssertEqual(d.paneState, .open)
        XCTAssertEqual(d.direction, .right)
        XCTAssertEqual(d.paneOffset, -267)
    }

    final class TallPage: ContentView {
        func layout(width: Double, env: Environment) -> Double { 1000 }
        func maxScrollOffset(viewportHeight: Double) -> Double { max(0, 1000 - viewportHeight) }
        func draw(_ canvas: Canvas, size: Size, scrollOffset: Double, env: Environment) {}
        func action(at p: Point) -> String? { "row-\(Int(p.y / 52))" }
    }

    func testAVerticalDragScrollsThePageAndNeverMovesThePane() {
        var c = SideDrawerConfig()
        c.sides = [.left: SideDrawerSideConfig()]
        let d = SideDrawer(id: "menu", config: c, pages: [.init(id: "p", title: "P", content: TallPage())],
                           drawers: [:], env: Environment(size: Size(800, 480)), events: events)
        touch(d, .down, 300, y: 400, at: 0)
        touch(d, .move, 310, y: 300, at: 16)
        touch(d, .move, 330, y: 200, at: 32)
        XCTAssertEqual(d.paneScroll, 200)
        XCTAssertEqual(d.paneOffset, 0)
        touch(d, .up, 330, y: 200, at: 48)
        // A tap now reports the row under the finger, scroll included: (100 − 56 + 200) / 52 → row 4.
        touch(d, .down, 300, y: 100, at: 200)
        touch(d, .up, 300, y: 100, at: 220)
        XCTAssertEqual(events.events.last?.field("id"), .string("row-4"))
    }

    func testAnEdgePanBeatsThePageScrolling() {
        var c = SideDrawerConfig()
        c.sides = [.left: SideDrawerSideConfig()]
        let d = SideDrawer(id: "menu", config: c, pages: [.init(id: "p", title: "P", content: TallPage())],
                           drawers: [:], env: Environment(size: Size(800, 480)), events: events)
        touch(d, .down, 10, y: 300, at: 0)
        touch(d, .move, 20, y: 285, at: 16)           // 10 along, 15 across: from the edge, a pan
        XCTAssertEqual(d.paneOffset, 10)
        XCTAssertEqual(d.paneScroll, 0)
        touch(d, .up, 20, y: 285, at: 200)
        stepFrames(d, from: 200, to: 1500)
        touch(d, .down, 300, y: 300, at: 2000)
        touch(d, .move, 310, y: 285, at: 2016)        // the same movement mid-screen scrolls
        XCTAssertEqual(d.paneOffset, 0)
        XCTAssertEqual(d.paneScroll, 15)
    }
}
