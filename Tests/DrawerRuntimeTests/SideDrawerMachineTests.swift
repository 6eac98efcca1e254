import XCTest
@testable import DrawerRuntime
import PanelRenderer

/// The side drawer's machine driven alone: inputs on a fake clock in, new state and effects
/// out, no screen, no component class. Figures are the reference's (docs/components.md,
/// Side drawer): reveal 267 pt, gravity 2000 pt/s², elasticity 0, a 4 ms commit grid.
final class SideDrawerMachineTests: XCTestCase {
    typealias Machine = SideDrawerMachine
    typealias Effect = SideDrawerMachine.Effect

    /// An 800 × 480 screen, drawers left and right, three pages; `actions` answers what
    /// content lies under a point (a place, a rect in that content's coordinates, an id).
    func context(_ configure: (inout SideDrawerConfig) -> Void = { _ in }, maxScroll: Double = 0,
                 drawerPages: [SideDrawerDirection: String] = [:],
                 actions: [(Machine.ContentPlace, Rect, String)] = []) -> Machine.Context {
        var c = SideDrawerConfig()
        c.sides = [.left: SideDrawerSideConfig(), .right: SideDrawerSideConfig()]
        configure(&c)
        return Machine.Context(componentID: "menu", rules: SideDrawerRules(config: c, env: Environment(size: Size(800, 480))),
                               pageIDs: ["home", "settings", "alerts"], drawerPages: drawerPages,
                               maxPaneScroll: { _ in maxScroll },
                               action: { place, p in actions.first { $0.0 == place && $0.1.contains(p) }?.2 })
    }

    /// A machine, its context and a fake clock in milliseconds.
    struct Driver {
        var machine = Machine()
        var context: Machine.Context

        @discardableResult
        mutating func feed(_ input: Machine.Input, at ms: Double) -> [Effect] {
            machine.handle(input, at: .milliseconds(ms), in: context)
        }
        mutating func press(_ x: Double, _ y: Double = 240, at ms: Double) -> [Effect] { feed(.touch(.press(Point(x, y))), at: ms) }
        mutating func move(_ x: Double, _ y: Double = 240, at ms: Double) -> [Effect] { feed(.touch(.move(Point(x, y))), at: ms) }
        mutating func lift(_ x: Double, _ y: Double = 240, velocity: Point = .zero, cancelled: Bool = false, at ms: Double) -> [Effect] {
            feed(.touch(.release(Point(x, y), velocity: velocity, cancelled: cancelled)), at: ms)
        }
        /// Ticks every `frameMS` from `from` to `to` (inclusive) and returns every effect and
        /// the time (ms) of the first tick that left the machine resting, if any.
        @discardableResult
        mutating func ticks(from: Double, to: Double, frameMS: Double = 4) -> (effects: [Effect], restMS: Double?) {
            var out: [Effect] = [], rest: Double?
            var t = from
            while t <= to {
                out += feed(.tick, at: t)
                if rest == nil, !machine.isMoving { rest = t }
                t += frameMS
            }
            return (out, rest)
        }
    }

    func will(_ s: PaneState, _ d: SideDrawerDirection) -> Effect { .emit(.paneStateWillChange(sideDrawer: "menu", state: s, direction: d)) }
    func did(_ s: PaneState, _ d: SideDrawerDirection) -> Effect { .emit(.paneStateDidChange(sideDrawer: "menu", state: s, direction: d)) }

    func driver(_ configure: (inout SideDrawerConfig) -> Void = { _ in }, maxScroll: Double = 0,
                drawerPages: [SideDrawerDirection: String] = [:], actions: [(Machine.ContentPlace, Rect, String)] = []) -> Driver {
        Driver(context: context(configure, maxScroll: maxScroll, drawerPages: drawerPages, actions: actions))
    }

    /// The pane's running motion, if it moves.
    func body(_ m: Machine) -> PaneDynamics? {
        if case .moving(let b, _, _, _) = m.phase { return b }
        return nil
    }

    // MARK: Press, drag, release

    func testDragTracksTheFingerAndALiftPastHalfFallsOpenOnTheGravityClock() {
        var d = driver()
        XCTAssertEqual(d.press(30, at: 0), [])
        XCTAssertEqual(d.move(35, at: 8), [], "within the 8 pt slop: still a press")
        guard case .pressed = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(d.move(193.5, at: 100), [], "a drag says nothing until the lift")
        XCTAssertEqual(d.machine.distance, 163.5, "1:1 from where the finger went down")
        XCTAssertEqual(d.machine.direction, .left, "the first movement's drawer (D5)")
        XCTAssertEqual(d.lift(193.5, at: 400), [will(.open, .left)])
        XCTAssertEqual(d.machine.paneState, .closed, "commits only at rest")
        // From rest at 163.5 under 2000 pt/s² to the wall at 267: √(2 × 103.5 / 2000) =
        // 321.7 ms, committed on the 4 ms grid at 324 ms, exactly on the wall.
        let (effects, rest) = d.ticks(from: 404, to: 1000)
        XCTAssertEqual(rest, 724)
        XCTAssertEqual(effects, [did(.open, .left)])
        XCTAssertEqual(d.machine.distance, 267)
        XCTAssertEqual(d.machine.paneState, .open)
    }

    func testAFlingLeavesAtTheFingersVelocityAndASlowLiftGoesToTheNearerState() {
        var d = driver()
        d.feed(.jump(.open, .left), at: 0)
        _ = d.press(400, at: 100)
        _ = d.move(350, at: 150)
        XCTAssertEqual(d.machine.distance, 217)
        // 1000 pt/s toward closed beats the 300 pt/s fling threshold (D7): closes although
        // 217 pt open, leaving at the finger's own speed (above the reference's ≈ 0.46 × v push).
        XCTAssertEqual(d.lift(350, velocity: Point(-1000, 0), at: 150), [will(.closed, .left)])
        XCTAssertEqual(body(d.machine)?.velocity, -1000)
        guard case .moving(_, .closed, true, .none) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }

        var slow = driver()
        slow.feed(.jump(.open, .left), at: 0)
        _ = slow.press(400, at: 100)
        _ = slow.move(300, at: 150)
        // 100 pt/s: no fling; 167 > 133.5 (half the reveal width): back to open, already announced.
        XCTAssertEqual(slow.lift(300, velocity: Point(-100, 0), at: 150), [])
        guard case .moving(_, .open, _, _) = slow.machine.phase else { return XCTFail("\(slow.machine.phase)") }
        XCTAssertEqual(slow.ticks(from: 154, to: 1000).effects, [], "settles back open silently (D16)")
        XCTAssertEqual(slow.machine.distance, 267)
    }

    func testDraggedShutCommitsClosedMidDragAndKeepsItsDirection() {
        var d = driver()
        d.feed(.jump(.open, .left), at: 0)
        _ = d.press(500, at: 100)
        XCTAssertEqual(d.move(300, at: 150), [])
        XCTAssertEqual(d.move(100, at: 200), [will(.closed, .left), did(.closed, .left)], "D6: at 0 it commits closed")
        XCTAssertEqual(d.machine.direction, .none)
        XCTAssertEqual(d.machine.drawingDirection, .left, "the gesture keeps its drawer")
        XCTAssertEqual(d.move(50, at: 216), [], "clamped at closed, never into the right drawer")
        XCTAssertEqual(d.machine.distance, 0)
        XCTAssertEqual(d.move(253, at: 232), [])
        XCTAssertEqual(d.machine.distance, 20)
        XCTAssertEqual(d.machine.direction, .left)
        XCTAssertEqual(d.lift(253, at: 400), [], "closed was already announced: the settle says nothing")
        XCTAssertEqual(d.ticks(from: 404, to: 1500).effects, [], "and commits nothing new")
        XCTAssertEqual(d.machine.paneState, .closed)
    }

    func testTapsOnThePane() {
        let row = Rect(0, 0, 800, 44)
        var d = driver(actions: [(.page(0), row, "row1")])
        // Closed: the row under the finger reports its action; the header (56 pt) has none.
        _ = d.press(100, 66, at: 0)
        XCTAssertTrue(d.machine.holdsContentPress)
        XCTAssertEqual(d.lift(103, 66, at: 80), [.emit(.action(target: "menu", id: "row1"))])
        _ = d.press(100, 30, at: 200)
        XCTAssertEqual(d.lift(100, 30, at: 260), [], "the header")
        // A cancelled lift is no tap.
        _ = d.press(100, 66, at: 300)
        XCTAssertEqual(d.lift(100, 66, cancelled: true, at: 350), [])
        // Open: a tap on the pane closes it (tap_to_close).
        d.feed(.jump(.open, .left), at: 400)
        _ = d.press(500, at: 500)
        XCTAssertFalse(d.machine.holdsContentPress)
        XCTAssertEqual(d.lift(500, at: 560), [will(.closed, .left)])
        // Not with tap_to_close off.
        var off = driver({ $0.sides[.left]?.tapToClose = false })
        off.feed(.jump(.open, .left), at: 0)
        _ = off.press(500, at: 100)
        XCTAssertEqual(off.lift(500, at: 160), [])
        if case .resting = off.machine.phase {} else { XCTFail("\(off.machine.phase)") }
    }

    /// D34: the header's ☰ (a 60 pt target at its leading end) opens the leading drawer.
    func testTheHeadersMenuGlyphOpensTheLeadingDrawer() {
        var d = driver()
        _ = d.press(30, 28, at: 0)
        XCTAssertEqual(d.lift(31, 28, at: 60), [will(.open, .left)])
        let rest = d.ticks(from: 64, to: 1200)
        XCTAssertEqual(rest.effects, [did(.open, .left)])
        // Right to left: the glyph is at the right end and opens the right drawer.
        var rtl = Driver(context: {
            var c = SideDrawerConfig()
            c.sides = [.left: SideDrawerSideConfig(), .right: SideDrawerSideConfig()]
            return Machine.Context(componentID: "menu",
                                   rules: SideDrawerRules(config: c, env: Environment(size: Size(800, 480), direction: .rightToLeft)),
                                   pageIDs: ["home"], drawerPages: [:], maxPaneScroll: { _ in 0 }, action: { _, _ in nil })
        }())
        _ = rtl.press(770, 28, at: 0)
        XCTAssertEqual(rtl.lift(770, 28, at: 60), [will(.open, .right)])
        // Only a right drawer: the glyph opens it; off the glyph the header does nothing.
        var right = driver({ $0.sides = [.right: SideDrawerSideConfig()] })
        _ = right.press(100, 28, at: 0)
        XCTAssertEqual(right.lift(100, 28, at: 60), [], "beside the glyph")
        _ = right.press(20, 28, at: 100)
        XCTAssertEqual(right.lift(20, 28, at: 160), [will(.open, .right)])
    }

    func testADrawerRowNamingAPageReplacesThePane() {
        let rows: [(Machine.ContentPlace, Rect, String)] = [(.drawer(.left), Rect(0, 0, 267, 44), "settings"),
                                                           (.drawer(.left), Rect(0, 44, 267, 44), "wifi")]
        var d = driver(actions: rows)
        d.feed(.jump(.open, .left), at: 0)
        // The drawer's content starts 8 pt down (no title): y 20 is its first row.
        _ = d.press(100, 20, at: 100)
        guard case .pressedContent(_, onDrawer: true) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(d.lift(100, 20, at: 150), [.emit(.action(target: "menu", id: "settings")), will(.openWide, .left)])
        guard case .moving(_, .openWide, false, .swapPage(1)) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        // A row whose action is no page only reports it.
        var e = driver(actions: rows)
        e.feed(.jump(.open, .left), at: 0)
        _ = e.press(100, 60, at: 100)
        XCTAssertEqual(e.lift(100, 60, at: 150), [.emit(.action(target: "menu", id: "wifi"))])
        // A page a drawer shows stays there.
        var f = driver(drawerPages: [.right: "settings"], actions: rows)
        f.feed(.jump(.open, .left), at: 0)
        _ = f.press(100, 20, at: 100)
        XCTAssertEqual(f.lift(100, 20, at: 150), [.emit(.action(target: "menu", id: "settings"))])
    }

    func testATouchForwardingControlNeverMovesThePane() {
        var d = driver({ $0.touchForwardingActions = ["slider"] }, actions: [(.page(0), Rect(0, 0, 800, 44), "slider")])
        _ = d.press(100, 66, at: 0)
        guard case .pressedContent(_, onDrawer: false) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(d.move(300, 66, at: 50), [])
        guard case .ignoringGesture = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(d.machine.distance, 0)
        XCTAssertEqual(d.lift(300, 66, at: 100), [])
    }

    func testAcrossTheAxisThePanePageScrollsClampedAndThePaneStays() {
        var d = driver(maxScroll: 150)
        _ = d.press(400, 300, at: 0)
        XCTAssertEqual(d.move(402, 200, at: 16), [])
        guard case .scrollingPane = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(d.machine.paneScroll, 100)
        _ = d.move(402, 100, at: 32)
        XCTAssertEqual(d.machine.paneScroll, 150, "clamped at the end: a pane page does not bounce")
        _ = d.move(402, 400, at: 48)
        XCTAssertEqual(d.machine.paneScroll, 0)
        XCTAssertEqual(d.machine.distance, 0)
        XCTAssertEqual(d.lift(402, 400, at: 64), [])
        // A page that fits: the across gesture does nothing.
        var fits = driver()
        _ = fits.press(400, 300, at: 0)
        _ = fits.move(402, 200, at: 16)
        guard case .ignoringGesture = fits.machine.phase else { return XCTFail("\(fits.machine.phase)") }
    }

    func testEdgeZoneRules() {
        // edge_pan_only: a pan of the closed pane must start within 24 pt of a drawer's edge (D8).
        var d = driver({ $0.paneDragRequiresScreenEdgePan = true })
        _ = d.press(400, at: 0)
        _ = d.move(450, at: 16)
        guard case .ignoringGesture = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        _ = d.lift(450, at: 32)
        _ = d.press(10, at: 100)
        _ = d.move(60, at: 116)
        XCTAssertEqual(d.machine.distance, 50)
        // edge_pan_wins: from the edge zone a diagonal down to 2:1 across still pans (D4).
        var wins = driver(maxScroll: 500)
        _ = wins.press(10, 300, at: 0)
        _ = wins.move(22, 280, at: 16)             // 12 along, 20 across
        guard case .dragging = wins.machine.phase else { return XCTFail("\(wins.machine.phase)") }
        var loses = driver({ $0.screenEdgePanCancelsConflictingGestures = false }, maxScroll: 500)
        _ = loses.press(10, 300, at: 0)
        _ = loses.move(22, 280, at: 16)
        guard case .scrollingPane = loses.machine.phase else { return XCTFail("\(loses.machine.phase)") }
        // drag_reveal off for the first movement's drawer: ignored.
        var noReveal = driver({ $0.sides[.left]?.dragRevealEnabled = false })
        _ = noReveal.press(400, at: 0)
        _ = noReveal.move(450, at: 16)
        guard case .ignoringGesture = noReveal.machine.phase else { return XCTFail("\(noReveal.machine.phase)") }
    }

    // MARK: Catching, interruption and the will/did pairing

    func testAFingerCatchesTheMovingPaneWhereItIsAtTheTouchsTime() {
        var d = driver()
        XCTAssertEqual(d.feed(.setState(.open, .left, interruptible: true, then: .none), at: 0), [will(.open, .left)])
        d.ticks(from: 16, to: 96, frameMS: 16)
        // Falling from rest under 2000 pt/s²: ½ g t² = 10 pt at 100 ms (25 whole 4 ms steps),
        // taken at the touch's time, not the last frame's (96 ms: 9.216 pt).
        XCTAssertEqual(d.press(300, at: 100), [])
        XCTAssertEqual(d.machine.distance, 10, accuracy: 1e-9)
        guard case .pressed(_, startDistance: let s0, canPan: true) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(s0, 10, accuracy: 1e-9)
        XCTAssertFalse(d.machine.isMoving)
        // Let go without a drag: it goes on to the nearer state (D11), closed, and says so;
        // at rest nothing changed, so no did-change follows (D16).
        XCTAssertEqual(d.lift(300, at: 150), [will(.closed, .left)])
        let (effects, rest) = d.ticks(from: 154, to: 1000)
        XCTAssertEqual(effects, [])
        XCTAssertNotNil(rest)
        XCTAssertEqual(d.machine.paneState, .closed)
        XCTAssertEqual(d.machine.distance, 0)
        // Where D16 and the shared pairing part: the pairing alone would close this pair with
        // a did-change at closed. The machine keeps the pairing's state and D16's silence.
        var bare = WillDidPairing(committed: PaneState.closed)
        _ = bare.will(toward: .open)
        _ = bare.will(toward: .closed)
        XCTAssertEqual(bare.did(at: .closed), .closed)
        XCTAssertEqual(d.machine.pairing, WillDidPairing(committed: .closed))
    }

    func testAPaneThrownOpenCaughtAndDraggedShutAnnouncesClosedAndCommitsNothing() {
        var d = driver()
        XCTAssertEqual(d.feed(.setState(.open, .left, interruptible: true, then: .none), at: 0), [will(.open, .left)])
        _ = d.press(300, at: 100)                        // caught at 10 pt
        // Dragged back to 0: the open that was announced is taken back (D16); closed is where
        // the pane rests already, so nothing commits.
        XCTAssertEqual(d.move(280, at: 116), [will(.closed, .left)])
        XCTAssertEqual(d.machine.distance, 0)
        XCTAssertEqual(d.move(290, at: 132), [], "said once")
        XCTAssertEqual(d.lift(290, at: 148), [])
        XCTAssertEqual(d.ticks(from: 152, to: 1000).effects, [])
        XCTAssertEqual(d.machine.paneState, .closed)
    }

    func testACancelledLiftIsNoTapButACaughtPaneStillSettles() {
        // An open pane pressed and cancelled (an inner scroll view took the drag): no close.
        var open = driver()
        open.feed(.jump(.open, .left), at: 0)
        _ = open.press(500, at: 100)
        XCTAssertEqual(open.lift(500, cancelled: true, at: 150), [])
        XCTAssertEqual(open.machine.paneState, .open)
        XCTAssertFalse(open.machine.isMoving)
        // A caught pane whose press is cancelled still goes on to the nearer state (D11).
        var caught = driver()
        _ = caught.feed(.setState(.open, .left, interruptible: true, then: .none), at: 0)
        _ = caught.press(300, at: 100)
        XCTAssertEqual(caught.lift(300, cancelled: true, at: 150), [will(.closed, .left)])
        XCTAssertTrue(caught.machine.isMoving)
    }

    func testAnUninterruptibleMotionIgnoresTheWholeGesture() {
        var d = driver()
        _ = d.feed(.setState(.open, .left, interruptible: false, then: .none), at: 0)
        XCTAssertEqual(d.press(300, at: 100), [])
        XCTAssertEqual(d.move(100, at: 120), [])
        XCTAssertEqual(d.lift(100, velocity: Point(-2000, 0), at: 140), [])
        guard case .moving(let b, .open, false, .none) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(b.time, .zero, "the finger did not touch the motion")
        let (effects, _) = d.ticks(from: 144, to: 1000)
        XCTAssertEqual(effects, [did(.open, .left)])
        XCTAssertEqual(d.machine.distance, 267)
    }

    func testAnUnanimatedChangeDuringAMotionAnnouncesAgainThenCommits() {
        var d = driver()
        _ = d.feed(.setState(.open, .left, interruptible: true, then: .none), at: 0)
        XCTAssertEqual(d.machine.pairing.destination, .open)
        // The pairing has heard `open` already; an unanimated change still says will-change
        // whenever the state changes (the component's rule before the pairing, kept).
        XCTAssertEqual(d.feed(.jump(.open, .left), at: 50), [will(.open, .left), did(.open, .left)])
        XCTAssertEqual(d.machine.distance, 267)
        if case .resting = d.machine.phase {} else { XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(d.feed(.jump(.open, .left), at: 60), [], "already there")
    }

    func testSwitchingSidesClosesThenOpensTheOther() {
        var d = driver()
        d.feed(.jump(.open, .left), at: 0)
        XCTAssertEqual(d.feed(.setState(.open, .right, interruptible: true, then: .none), at: 100), [will(.closed, .left)])
        guard case .moving(_, .closed, _, .open(.right)) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        // 267 pt under 2000 pt/s²: √(2 × 267 / 2000) = 516.7 ms → the close commits at 520 ms
        // on the grid, and the opening starts in that same frame.
        var t = 104.0, effects: [Effect] = []
        while effects.isEmpty { effects = d.feed(.tick, at: t); t += 4 }
        XCTAssertEqual(t - 4, 620)
        XCTAssertEqual(effects, [did(.closed, .left), will(.open, .right)])
        XCTAssertEqual(d.ticks(from: t, to: 2000).effects, [did(.open, .right)])
        XCTAssertEqual(d.machine.distance, 267)
        XCTAssertEqual(d.machine.direction, .right)
        XCTAssertEqual(d.feed(.setState(.open, .right, interruptible: true, then: .none), at: 2100), [], "already resting there (D14)")
    }

    // MARK: Bounce, replace, drawers

    func testBounceRisesAbout27PointsAndFallsBackSilently() {
        var d = driver()
        XCTAssertEqual(d.feed(.bounce(.right), at: 0), [])
        var highest = 0.0
        var t = 4.0
        while d.machine.isMoving, t < 3000 { _ = d.feed(.tick, at: t); highest = max(highest, d.machine.distance); t += 4 }
        // v ≈ 330 pt/s up against 2000 pt/s²: v² / 2g ≈ 27 pt (D12).
        XCTAssertEqual(highest, pow(d.context.rules.bounceVelocity, 2) / 4000, accuracy: 0.5)
        XCTAssertEqual(highest, 27, accuracy: 1)
        XCTAssertEqual(d.machine.distance, 0)
        XCTAssertEqual(d.machine.paneState, .closed)
        // Not from an open pane.
        d.feed(.jump(.open, .left), at: 4000)
        XCTAssertEqual(d.feed(.bounce(.right), at: 4100), [])
        XCTAssertFalse(d.machine.isMoving)
    }

    func testReplaceSlidesOffSwapsAtOpenWideAndCloses() {
        var d = driver()
        XCTAssertEqual(d.feed(.replace(1), at: 0), [will(.openWide, .left)])
        guard case .moving(_, .openWide, false, .swapPage(1)) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        // A finger on the slide-off is ignored (D24); an unanimated replace meanwhile retargets the swap.
        XCTAssertEqual(d.press(300, at: 50), [])
        XCTAssertEqual(d.feed(.swapInPlace(2), at: 60), [])
        XCTAssertEqual(d.machine.pageIndex, 2)
        var effects: [Effect] = []
        var t = 64.0
        while effects.isEmpty { effects = d.feed(.tick, at: t); t += 4 }
        XCTAssertEqual(d.machine.distance, 820, "openWide: 800 + 20 pt")
        XCTAssertEqual(effects, [did(.openWide, .left), will(.closed, .left)])
        XCTAssertEqual(d.machine.pageIndex, 2)
        XCTAssertEqual(d.machine.paneScroll, 0)
        guard case .moving(_, .closed, true, .none) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(d.ticks(from: t, to: 3000).effects, [did(.closed, .left)])
        // The page shown just closes (here: nothing to close).
        XCTAssertEqual(d.feed(.replace(2), at: 3100), [])
        // Without the slide-off: swap now, then close.
        var plain = driver({ $0.slideOffOnReplace = false })
        plain.feed(.jump(.open, .left), at: 0)
        XCTAssertEqual(plain.feed(.replace(1), at: 100), [will(.closed, .left)])
        XCTAssertEqual(plain.machine.pageIndex, 1)
    }

    func testRemovingTheDrawerThePaneIsOpenTowardWaitsForTheClose() {
        var d = driver()
        d.feed(.jump(.open, .left), at: 0)
        XCTAssertEqual(d.feed(.removeDrawer(.right, animated: true), at: 50), [.dropDrawer(.right)], "not shown: at once")
        XCTAssertEqual(d.feed(.removeDrawer(.left, animated: true), at: 100), [will(.closed, .left)])
        XCTAssertEqual(d.machine.pendingRemoval, [.left])
        guard case .moving(_, .closed, false, .none) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(d.ticks(from: 104, to: 2000).effects, [.dropDrawer(.left), did(.closed, .left)])
        XCTAssertEqual(d.machine.pendingRemoval, [])
        // Instant: the same events at once.
        var i = driver()
        i.feed(.jump(.open, .left), at: 0)
        XCTAssertEqual(i.feed(.removeDrawer(.left, animated: false), at: 100),
                       [will(.closed, .left), .dropDrawer(.left), did(.closed, .left)])
        // set_drawer on that side before the close: the drawer stays.
        var kept = driver()
        kept.feed(.jump(.open, .left), at: 0)
        _ = kept.feed(.removeDrawer(.left, animated: true), at: 100)
        XCTAssertEqual(kept.feed(.drawerPlaced(.left), at: 200), [])
        XCTAssertEqual(kept.ticks(from: 204, to: 2000).effects, [did(.closed, .left)])
    }

    // MARK: Relayout, reload, content

    func testRelayoutMovesARestingPaneToItsStatesNewPlaceOnly() {
        var d = driver()
        d.feed(.jump(.open, .left), at: 0)
        d.context = context({ $0.sides[.left]?.revealWidth = 300 })
        XCTAssertEqual(d.feed(.relayout, at: 10), [])
        XCTAssertEqual(d.machine.distance, 300)
        _ = d.feed(.setState(.closed, .none, interruptible: true, then: .none), at: 20)
        d.feed(.tick, at: 60)
        let moving = d.machine.distance
        d.context = context()
        d.feed(.relayout, at: 64)
        XCTAssertEqual(d.machine.distance, moving, "a motion goes on where it is")
    }

    func testCarryTakesThePaneAndScrollWithoutEvents() {
        var old = driver(maxScroll: 400)
        old.feed(.jump(.open, .right), at: 0)
        var fresh = driver(maxScroll: 100)
        XCTAssertEqual(fresh.feed(.carry(from: old.machine, page: 2), at: 0), [])
        XCTAssertEqual(fresh.machine.paneState, .open)
        XCTAssertEqual(fresh.machine.direction, .right)
        XCTAssertEqual(fresh.machine.distance, 267)
        XCTAssertEqual(fresh.machine.pageIndex, 2)
        // The new file has no right drawer: the pane comes back closed.
        var noRight = Driver(context: context({ $0.sides = [.left: SideDrawerSideConfig()] }))
        XCTAssertEqual(noRight.feed(.carry(from: old.machine, page: 0), at: 0), [])
        XCTAssertEqual(noRight.machine.paneState, .closed)
        XCTAssertEqual(noRight.machine.distance, 0)
        // The scroll, clamped to the new content.
        var scrolled = driver(maxScroll: 400)
        _ = scrolled.press(400, 400, at: 0)
        _ = scrolled.move(402, 100, at: 16)
        XCTAssertEqual(scrolled.machine.paneScroll, 300)
        var smaller = driver(maxScroll: 120)
        smaller.feed(.carry(from: scrolled.machine, page: 0), at: 0)
        XCTAssertEqual(smaller.machine.paneScroll, 120)
        XCTAssertEqual(smaller.feed(.paneContentChanged(anchoredScroll: 80), at: 10), [])
        XCTAssertEqual(smaller.machine.paneScroll, 80)
    }
}
