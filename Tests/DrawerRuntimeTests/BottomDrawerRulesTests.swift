import XCTest
@testable import DrawerRuntime
import PanelRenderer

/// The snap rule with the worked numbers of docs/components.md, Bottom drawer B8: heights
/// 68 / 264 / 777 (an 844 pt screen with a 47 pt top safe area and the 20 pt top inset).
final class BottomDrawerRulesTests: XCTestCase {
    let rules = BottomDrawerRules(config: BottomDrawerConfig(),
                                  env: Environment(size: Size(390, 844), safeArea: EdgeInsets(top: 47)))

    func testStopsUsePulleyDefaults() {
        XCTAssertEqual(rules.stopHeight(of: .collapsed), 68)
        XCTAssertEqual(rules.stopHeight(of: .partiallyRevealed), 264)
        XCTAssertEqual(rules.stopHeight(of: .open), 777)
        XCTAssertEqual(rules.stopHeight(of: .closed), 0)
        XCTAssertEqual(rules.stops.map(\.0), [.open, .partiallyRevealed, .collapsed], "closed is never a user stop")
    }

    func testSnapRuleWorkedExamples() {
        let cases: [(from: DrawerPosition, height: Double, v: Double, expected: DrawerPosition, why: String)] = [
            (.partiallyRevealed, 300, 0, .open, "36 pt drag at rest exceeds the 20 pt threshold: one step up"),
            (.partiallyRevealed, 280, 0, .partiallyRevealed, "16 pt drag springs back"),
            (.partiallyRevealed, 300, 2000, .open, "projects to ~498, nearest is partial, exceeds: open"),
            (.collapsed, 100, 5050, .open, "projects to 600: nearest is open, skips partial"),
            (.partiallyRevealed, 240, 0, .collapsed, "24 pt down: one step down"),
            (.open, 700, -3000, .partiallyRevealed, "a flick down from open projects to ~403: partial"),
            (.open, 700, -6000, .collapsed, "a hard flick projects to ~106: collapsed, skipping partial"),
        ]
        for c in cases {
            XCTAssertEqual(rules.snapTarget(from: c.from, height: c.height, upwardVelocity: c.v), c.expected, c.why)
        }
    }

    func testNearestPositionModeSkipsTheThreshold() {
        var config = BottomDrawerConfig()
        config.snapMode = .nearestPosition
        let r = BottomDrawerRules(config: config, env: rules.env)
        XCTAssertEqual(r.snapTarget(from: .partiallyRevealed, height: 300, upwardVelocity: 0), .partiallyRevealed)
    }

    func testDimmingIsZeroUpToPartialThenReachesHalfAtOpen() {
        XCTAssertEqual(rules.dimmingAlpha(height: 264), 0)
        XCTAssertEqual(rules.dimmingAlpha(height: 100), 0)
        XCTAssertEqual(rules.dimmingAlpha(height: 777), 0.5, accuracy: 1e-9)
        XCTAssertEqual(rules.dimmingAlpha(height: (264 + 777) / 2), 0.25, accuracy: 1e-9)
    }

    func testCompactModeDropsPartialAndAutomaticPicksPanelOnWideScreens() {
        var config = BottomDrawerConfig()
        config.displayMode = .compact
        XCTAssertFalse(BottomDrawerRules(config: config, env: rules.env).supported.contains(.partiallyRevealed))
        config.displayMode = .automatic
        XCTAssertEqual(BottomDrawerRules(config: config, env: Environment(size: Size(599, 400))).displayMode, .drawer)
        XCTAssertEqual(BottomDrawerRules(config: config, env: Environment(size: Size(800, 480))).displayMode, .panel)
    }

    func testPanelGrowsDownFromTheTopLeftCorner() {
        var config = BottomDrawerConfig()
        config.displayMode = .panel
        let r = BottomDrawerRules(config: config, env: Environment(size: Size(1024, 768)))
        // Pulley's 20 pt bounce margin lies on the anchored (top) edge: 10 + 20 below the top.
        XCTAssertEqual(r.cardFrame(height: 264), Rect(10, 30, 325, 264))
    }

    /// Issue 39's figures on an 800 x 480 pt screen: open = 480 - 10 - 20 - 10 = 440; a
    /// top-corner panel spans y 30...470, a bottom-corner one 10...450 (the margin on the
    /// anchored edge, as Pulley lays them out).
    func testPanelReservesTheBounceMarginOnItsAnchoredEdge() {
        var config = BottomDrawerConfig()
        config.displayMode = .panel
        for (corner, top, bottom) in [(PanelCorner.topLeft, 30.0, 470.0), (.topRight, 30, 470),
                                      (.bottomLeft, 10, 450), (.bottomRight, 10, 450)] {
            config.panelCorner = corner
            let r = BottomDrawerRules(config: config, env: Environment(size: Size(800, 480)))
            XCTAssertEqual(r.stopHeight(of: .open), 440, "\(corner)")
            let open = r.cardFrame(height: r.stopHeight(of: .open))
            XCTAssertEqual(open.y, top, "\(corner)")
            XCTAssertEqual(open.maxY, bottom, "\(corner)")
            // The anchored edge stays put at every height.
            let collapsed = r.cardFrame(height: 68)
            if corner == .topLeft || corner == .topRight { XCTAssertEqual(collapsed.y, 30) } else { XCTAssertEqual(collapsed.maxY, 450) }
            XCTAssertEqual(open.x, corner == .topLeft || corner == .bottomLeft ? 10 : 800 - 10 - 325, "\(corner)")
        }
        // Compact mode keeps its own insets (8 / 10) and no margin: bottom-left, 480 - 10.
        config.displayMode = .compact
        config.compactCorner = .bottomLeft
        let c = BottomDrawerRules(config: config, env: Environment(size: Size(800, 480)))
        XCTAssertEqual(c.stopHeight(of: .open), 480 - 8 - 10)
        XCTAssertEqual(c.cardFrame(height: 100), Rect(8, 480 - 10 - 100, 292, 100))
    }

    /// Pulley dims only above the partial height (264) even when partiallyRevealed is not a
    /// position: a collapsed/open drawer stays clear from 68 up to 264 pt.
    func testDimmingStartsAtThePartialHeightWithoutPartialPosition() {
        var config = BottomDrawerConfig()
        config.positions = [.collapsed, .open]
        let r = BottomDrawerRules(config: config, env: rules.env)
        XCTAssertEqual(r.dimmingAlpha(height: 68), 0)
        XCTAssertEqual(r.dimmingAlpha(height: 200), 0, "between collapsed and partial: no dimming")
        XCTAssertEqual(r.dimmingAlpha(height: 264), 0)
        XCTAssertEqual(r.dimmingAlpha(height: (264 + 777) / 2), 0.25, accuracy: 1e-9)
        XCTAssertEqual(r.dimmingAlpha(height: 777), 0.5, accuracy: 1e-9)
    }

    func testBounceHasThreeDecayingHumps() {
        let total = 32.0 / 30.0 * 0.75
        let peaks = (0..<3).map { rules.bounceOffset(elapsed: total * (Double($0) + 0.5) / 3)! }
        XCTAssertEqual(peaks[0], 50, accuracy: 1e-6)
        XCTAssertEqual(peaks[1], 25, accuracy: 1e-6)
        XCTAssertEqual(peaks[2], 12.5, accuracy: 1e-6)
        XCTAssertNil(rules.bounceOffset(elapsed: total + 0.001))
    }
}

/// The component through touches: a panel hanging from a top corner grows as the finger
/// moves down.
final class BottomDrawerPanelTests: XCTestCase {
    func testTopCornerPanelOpensOnADownwardDrag() {
        var config = BottomDrawerConfig()
        config.displayMode = .panel
        config.panelCorner = .topRight
        let sink = EventSink()
        let drawer = BottomDrawer(id: "d", config: config, content: nil, env: Environment(size: Size(800, 480)), events: sink)
        XCTAssertEqual(drawer.position, .collapsed)
        let x = 600.0
        var t = 0
        func touch(_ phase: TouchEvent.Phase, _ y: Double) {
            drawer.handle(TouchEvent(id: 1, phase: phase, location: Point(x, y), time: .milliseconds(t)))
            t += 16
        }
        touch(.down, 40)
        for y in stride(from: 60.0, through: 300, by: 30) { touch(.move, y) }
        touch(.up, 300)
        XCTAssertEqual(drawer.position, .open)
        XCTAssertEqual(sink.events.first?.field("to"), .string("open"))
    }
}

final class BottomDrawerContentTests: XCTestCase {
    final class Blank: ContentView {
        func layout(width: Double, env: Environment) -> Double { 100 }
        func maxScrollOffset(viewportHeight: Double) -> Double { 0 }
        func draw(_ canvas: Canvas, size: Size, scrollOffset: Double, env: Environment) {}
        func action(at p: Point) -> String? { nil }
    }

    func testReplaceContentCrossFadesOverTheAnimationDuration() throws {
        let drawer = BottomDrawer(id: "d", config: BottomDrawerConfig(), content: Blank(),
                                  env: Environment(size: Size(800, 480)), events: EventSink())
        drawer.pages["next"] = Blank()
        try drawer.perform("replace_content", ["next"], at: .milliseconds(100))
        drawer.advance(to: .milliseconds(250))
        XCTAssertEqual(drawer.crossFade?.progress ?? -1, 0.5, accuracy: 1e-9)
        XCTAssertTrue(drawer.needsFrames)
        drawer.advance(to: .milliseconds(400))
        XCTAssertNil(drawer.crossFade)
        XCTAssertFalse(drawer.needsFrames)
        XCTAssertEqual(drawer.page, "next")
    }
}

final class BottomDrawerHandOffTests: XCTestCase {
    final class TallList: ContentView {
        func layout(width: Double, env: Environment) -> Double { 2000 }
        func maxScrollOffset(viewportHeight: Double) -> Double { max(0, 2000 - viewportHeight) }
        func draw(_ canvas: Canvas, size: Size, scrollOffset: Double, env: Environment) {}
        func action(at p: Point) -> String? { nil }
    }

    /// One finger on an 800x480 drawer over a 2000 pt list, a touch step every 16 ms.
    final class Finger {
        let drawer = BottomDrawer(id: "d", config: BottomDrawerConfig(), content: TallList(),
                                  env: Environment(size: Size(800, 480)), events: EventSink())
        var t = 0, y: Double
        init(position: String, y: Double) {
            self.y = y
            try? drawer.perform("set_position", [position, "instant"], at: .zero)
        }
        func touch(_ phase: TouchEvent.Phase) {
            drawer.handle(TouchEvent(id: 1, phase: phase, location: Point(400, y), time: .milliseconds(t)))
            t += 16
        }
        func move(by dy: Double, times: Int = 1) { for _ in 0..<times { y += dy; touch(.move) } }
    }

    /// From partial, one finger goes up 400 pt then down 500 pt without lifting: the drawer
    /// opens first, then the list scrolls; coming back the list returns to its top first,
    /// then the drawer shrinks (docs/components.md, Bottom drawer B7 and M9: resize-first).
    func testOneGestureHandsOverBothWays() {
        let f = Finger(position: "partiallyRevealed", y: 400), drawer = f.drawer
        f.touch(.down)
        f.move(by: -10, times: 40)                          // 400 pt up
        XCTAssertEqual(drawer.height, 460, "open (480 - 20) before the list moves")
        XCTAssertEqual(drawer.scrollOffset, 400 - (460 - 264), accuracy: 1e-9, "the rest scrolled the list (the drag counts from touch-down)")
        let scrolled = drawer.scrollOffset
        f.move(by: 10, times: 50)                           // 500 pt down
        XCTAssertEqual(drawer.scrollOffset, 0, "the list is back at its top")
        XCTAssertEqual(drawer.height, 460 - (500 - scrolled), accuracy: 1e-9, "then the drawer shrank")
        f.touch(.up)
    }

    /// Pushed past both ends (open, list at its end), the finger's extra travel shows nowhere
    /// (Pulley clamps), so it must not be owed either: turning back moves the list at once.
    func testNoDeadZoneWhenTheFingerTurnsBackPastTheEnds() {
        let f = Finger(position: "collapsed", y: 450), drawer = f.drawer
        f.touch(.down)
        f.move(by: -100, times: 30)                         // 3000 pt up: open, list at its end, 700+ past
        let end = drawer.scrollOffset
        XCTAssertEqual(drawer.height, 460)
        XCTAssertEqual(end, 2000 - (460 - 24), accuracy: 1e-9, "the list is at its end")
        f.move(by: 30)
        XCTAssertEqual(drawer.scrollOffset, end - 30, accuracy: 1e-9, "30 pt back is 30 pt of list, at once")
        f.touch(.up)
        // And at the other end: collapsed, pulled further down, then up again.
        try? drawer.perform("set_position", ["collapsed", "instant"], at: .milliseconds(f.t))
        let collapsed = drawer.height
        f.y = 440; f.touch(.down)
        f.move(by: 20, times: 5)
        XCTAssertEqual(drawer.height, collapsed, "nothing below collapsed")
        f.move(by: -25)
        XCTAssertEqual(drawer.height, collapsed + 25, accuracy: 1e-9, "up again grows it at once")
        f.touch(.up)
    }

    /// The motion trace's phase says who follows the finger (docs/formats.md, Motion trace):
    /// `dragging` while the drawer does, `scrolling` while its list does, switching as the one
    /// gesture hands over, and a finger that holds still keeps the phase it had.
    func testTheTracePhaseSaysWhetherTheDrawerOrItsListFollowsTheFinger() {
        let f = Finger(position: "partiallyRevealed", y: 400), drawer = f.drawer
        f.touch(.down)
        XCTAssertEqual(drawer.motionPhase, .pressed)
        f.move(by: -10, times: 10)                          // 100 pt up: the drawer grows
        XCTAssertEqual(drawer.motionPhase, .dragging)
        f.move(by: -10, times: 30)                          // open at 196 pt, then the list
        XCTAssertEqual(drawer.height, 460)
        XCTAssertEqual(drawer.motionPhase, .scrolling)
        f.move(by: 0)                                       // held still
        XCTAssertEqual(drawer.motionPhase, .scrolling)
        f.move(by: 10, times: 10)                           // 100 pt down: the list scrolls back
        XCTAssertGreaterThan(drawer.scrollOffset, 0)
        XCTAssertEqual(drawer.motionPhase, .scrolling)
        f.move(by: 10, times: 20)                           // the list at its top, then the drawer
        XCTAssertLessThan(drawer.height, 460)
        XCTAssertEqual(drawer.motionPhase, .dragging)
        f.touch(.up)
        XCTAssertEqual(drawer.motionPhase, .settling)

        // Open, an upward drag can only move the list: scrolling from its first step.
        let open = Finger(position: "open", y: 300)
        open.touch(.down)
        open.move(by: -20, times: 3)
        XCTAssertEqual(open.drawer.height, 460)
        XCTAssertEqual(open.drawer.scrollOffset, 60, accuracy: 1e-9)
        XCTAssertEqual(open.drawer.motionPhase, .scrolling)
        open.touch(.up)
    }
}
