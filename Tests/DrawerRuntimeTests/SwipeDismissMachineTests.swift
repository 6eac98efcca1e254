import XCTest
@testable import DrawerRuntime
import PanelRenderer

/// The swipe-to-dismiss card's state machine alone, as a pure value: inputs on a fake clock,
/// the new state and the effects it returns checked, no screen and no class around it.
/// H = 844 pt: the distance threshold is 0.3 H = 253.2 pt, the speed one 1300 pt/s, the
/// slide and the return 0.2 s.
final class SwipeDismissMachineTests: XCTestCase {
    typealias Machine = SwipeDismissMachine

    func rules(_ config: SwipeDismissConfig = SwipeDismissConfig()) -> SwipeDismissRules {
        SwipeDismissRules(config: config, height: 844)
    }
    func context(_ config: SwipeDismissConfig = SwipeDismissConfig(), slop: Double = 8, maxScroll: Double = 0,
                 closeButton: Bool = false, action: String? = nil) -> Machine.Context {
        Machine.Context(id: "m", rules: rules(config), slop: TouchSlop(points: slop), maxScrollOffset: maxScroll,
                        closeButtonUnderTouch: closeButton, actionUnderTouch: action)
    }
    func machine(presented: Bool = true, gesture: Bool = true) -> Machine {
        Machine(presented: presented, gestureEnabled: gesture, rules: rules())
    }
    func ms(_ t: Double) -> Instant { .milliseconds(t) }
    func status(_ s: SwipeDismissStatus) -> Machine.Effect { .emit(.dismissStatus(component: "m", status: s)) }

    /// Ticks every 1/60 s from `from` to `to` ms, collecting the effects.
    func frames(_ m: inout Machine, from: Double, to: Double, _ c: Machine.Context) -> [Machine.Effect] {
        var effects: [Machine.Effect] = []
        var t = from
        while t < to { t = min(to, t + 1000.0 / 60); effects += m.handle(.tick, at: ms(t), in: c) }
        return effects
    }
    func phaseName(_ m: Machine) -> String { "\(m.phase)".prefix { $0 != "(" }.description }

    func testADragPastTheThresholdDismissesAndCompletesWhenTheSlideEnds() {
        var m = machine()
        let c = context()
        XCTAssertEqual(m.handle(.touch(.press(Point(200, 100))), at: ms(0), in: c), [])
        XCTAssertEqual(phaseName(m), "pressed")
        _ = m.handle(.touch(.move(Point(200, 105))), at: ms(10), in: c)
        XCTAssertEqual(m.offset, 0, "within the slop")
        _ = m.handle(.touch(.move(Point(200, 200))), at: ms(40), in: c)
        XCTAssertEqual(m.offset, 100, "the card follows the finger from where it went down")
        XCTAssertEqual(phaseName(m), "dragging")
        _ = m.handle(.touch(.move(Point(200, 360))), at: ms(200), in: c)
        // 260 > 253.2 at a slow lift: far enough.
        XCTAssertEqual(m.handle(.touch(.release(Point(200, 360), velocity: Point(0, 100), cancelled: false)), at: ms(300), in: c),
                       [status(.initiated)])
        XCTAssertEqual(m.lastStatus, .initiated)
        XCTAssertEqual(frames(&m, from: 300, to: 483, c), [], "the slide takes 0.2 s")
        XCTAssertEqual(frames(&m, from: 483, to: 520, c), [status(.completed)])
        XCTAssertEqual(m.offset, 844)
        XCTAssertFalse(m.isPresented)
    }

    func testAShortSlowDragIsCancelledAtTheLiftAndReturns() {
        var m = machine()
        let c = context()
        _ = m.handle(.touch(.press(Point(200, 100))), at: ms(0), in: c)
        _ = m.handle(.touch(.move(Point(200, 300))), at: ms(100), in: c)
        XCTAssertEqual(m.handle(.touch(.release(Point(200, 300), velocity: Point(0, 50), cancelled: false)), at: ms(400), in: c),
                       [status(.cancelled)], "200 < 253.2 and slow: cancelled at the lift, before the return")
        XCTAssertEqual(phaseName(m), "returning")
        _ = frames(&m, from: 400, to: 500, c)
        XCTAssertEqual(m.offset, 100, accuracy: 0.5, "half way back at half the time (ease-in-out is symmetric)")
        // A finger catches it there; the drag goes on from the caught offset.
        _ = m.handle(.touch(.press(Point(200, 500))), at: ms(500), in: c)
        XCTAssertEqual(m.offset, 100, accuracy: 0.5)
        guard case .pressed(_, let t0) = m.phase else { return XCTFail("pressed: \(m.phase)") }
        XCTAssertEqual(t0, m.offset)
        XCTAssertEqual(frames(&m, from: 500, to: 800, c), [], "held: it no longer moves")
        XCTAssertEqual(m.offset, 100, accuracy: 0.5)
    }

    func testAFastFlickDismissesWhateverTheDistance() {
        var m = machine()
        let c = context()
        _ = m.handle(.touch(.press(Point(200, 100))), at: ms(0), in: c)
        _ = m.handle(.touch(.move(Point(200, 140))), at: ms(20), in: c)
        XCTAssertEqual(m.handle(.touch(.release(Point(200, 140), velocity: Point(0, 1500), cancelled: false)), at: ms(30), in: c),
                       [status(.initiated)])
        guard case .dismissing(let from, _, let velocity) = m.phase else { return XCTFail("dismissing: \(m.phase)") }
        XCTAssertEqual(from, 40)
        XCTAssertNil(velocity, "the article's slide drops the finger's speed")
    }

    func testACancelledTouchNeverDismisses() {
        var m = machine()
        let c = context()
        _ = m.handle(.touch(.press(Point(200, 100))), at: ms(0), in: c)
        _ = m.handle(.touch(.move(Point(200, 500))), at: ms(100), in: c)
        XCTAssertEqual(m.handle(.touch(.release(Point(200, 500), velocity: .zero, cancelled: true)), at: ms(110), in: c),
                       [status(.cancelled)])
        XCTAssertEqual(phaseName(m), "returning")
    }

    func testATapActsOnContentOrTheCloseButton() {
        var m = machine()
        _ = m.handle(.touch(.press(Point(100, 300))), at: ms(0), in: context())
        XCTAssertEqual(m.handle(.touch(.release(Point(103, 304), velocity: .zero, cancelled: false)), at: ms(60),
                                in: context(action: "buy")), [.emit(.action(target: "m", id: "buy"))])
        _ = m.handle(.touch(.press(Point(370, 20))), at: ms(100), in: context())
        XCTAssertEqual(m.handle(.touch(.release(Point(370, 20), velocity: .zero, cancelled: false)), at: ms(160),
                                in: context(closeButton: true)), [status(.initiated)])
        XCTAssertEqual(phaseName(m), "dismissing")
        // A tap that moved past the slop (sideways) is no tap.
        var n = machine()
        _ = n.handle(.touch(.press(Point(100, 300))), at: ms(0), in: context())
        _ = n.handle(.touch(.move(Point(130, 300))), at: ms(10), in: context())
        XCTAssertEqual(n.handle(.touch(.release(Point(130, 300), velocity: .zero, cancelled: false)), at: ms(60),
                                in: context(action: "buy")), [])
    }

    func testTheSlopComesFromTheContext() {
        var m = machine()
        let wide = context(slop: 30)
        _ = m.handle(.touch(.press(Point(200, 100))), at: ms(0), in: wide)
        _ = m.handle(.touch(.move(Point(200, 125))), at: ms(10), in: wide)
        XCTAssertEqual(phaseName(m), "pressed", "25 pt is within a 30 pt slop")
        _ = m.handle(.touch(.move(Point(200, 131))), at: ms(20), in: wide)
        XCTAssertEqual(m.offset, 31)
    }

    func testAListScrollsFirstAndHandsTheDragToTheCardAtItsTop() {
        var m = machine()
        let c = context(maxScroll: 500)
        _ = m.handle(.touch(.press(Point(200, 400))), at: ms(0), in: c)
        _ = m.handle(.touch(.move(Point(200, 300))), at: ms(20), in: c)     // finger up: the list scrolls
        XCTAssertEqual(m.scrollOffset, 100)
        XCTAssertEqual(m.offset, 0)
        XCTAssertEqual(phaseName(m), "scrolling")
        _ = m.handle(.touch(.move(Point(200, 450))), at: ms(40), in: c)     // down 150: the list to its top, then the card 50
        XCTAssertEqual(m.scrollOffset, 0)
        XCTAssertEqual(m.offset, 50)
        XCTAssertEqual(phaseName(m), "dragging")
        // Scroll and lift fast upward: the list glides (the card went back first).
        var n = machine()
        _ = n.handle(.touch(.press(Point(200, 400))), at: ms(0), in: c)
        _ = n.handle(.touch(.move(Point(200, 300))), at: ms(20), in: c)
        XCTAssertEqual(n.handle(.touch(.release(Point(200, 300), velocity: Point(0, -1500), cancelled: false)), at: ms(30), in: c), [])
        XCTAssertEqual(phaseName(n), "scrollFling")
        _ = frames(&n, from: 30, to: 200, c)
        XCTAssertGreaterThan(n.scrollOffset, 100)
        // New content anchors the list 40 pt further: the glide goes on from there.
        let before = n.scrollOffset
        _ = n.handle(.contentAnchored(to: before + 40), at: ms(200), in: c)
        XCTAssertEqual(n.scrollOffset, before + 40)
        XCTAssertEqual(phaseName(n), "scrollFling")
    }

    func testPresentJumpAndHomeFromCode() {
        var m = machine(presented: false)
        let c = context()
        XCTAssertEqual(m.handle(.dismiss, at: ms(0), in: c), [], "hidden: nothing to dismiss")
        XCTAssertEqual(m.handle(.present, at: ms(0), in: c), [])
        XCTAssertEqual(phaseName(m), "presenting")
        XCTAssertEqual(frames(&m, from: 0, to: 1000, c), [])
        XCTAssertEqual(m.offset, 0)
        XCTAssertEqual(phaseName(m), "resting")
        // Hidden at once: initiated and completed together.
        XCTAssertEqual(m.handle(.jump(presented: false), at: ms(1100), in: c), [status(.initiated), status(.completed)])
        XCTAssertEqual(m.offset, 844)
        XCTAssertEqual(m.handle(.jump(presented: true), at: ms(1200), in: c), [])
        XCTAssertEqual(m.offset, 0)
        // A leaving card hidden at once: only completed.
        _ = m.handle(.dismiss, at: ms(1300), in: c)
        XCTAssertEqual(m.handle(.jump(presented: false), at: ms(1350), in: c), [status(.completed)])
        // Home for a card that starts presented: back on screen.
        XCTAssertEqual(m.handle(.home, at: ms(1400), in: c), [])
        XCTAssertEqual(phaseName(m), "presenting")
    }

    func testRemovingTheGestureMidDragCancelsIt() {
        var m = machine()
        let c = context()
        _ = m.handle(.touch(.press(Point(200, 100))), at: ms(0), in: c)
        _ = m.handle(.touch(.move(Point(200, 200))), at: ms(20), in: c)
        XCTAssertEqual(m.handle(.setGesture(false), at: ms(30), in: c), [status(.cancelled)])
        XCTAssertFalse(m.gestureEnabled)
        XCTAssertEqual(phaseName(m), "returning")
        // Off: a drag scrolls nothing and moves no card.
        _ = frames(&m, from: 30, to: 300, c)
        _ = m.handle(.touch(.press(Point(200, 100))), at: ms(300), in: c)
        _ = m.handle(.touch(.move(Point(200, 200))), at: ms(320), in: c)
        XCTAssertEqual(m.offset, 0)
        XCTAssertEqual(phaseName(m), "scrolling")
    }

    func testARestoredCardKeepsItsStatusGestureAndListWithinRange() {
        var m = machine(presented: false)
        XCTAssertEqual(m.handle(.restore(presented: true, lastStatus: .cancelled, gestureEnabled: false, scrollOffset: 900),
                                at: .zero, in: context(maxScroll: 300)), [])
        XCTAssertTrue(m.isPresented)
        XCTAssertEqual(m.lastStatus, .cancelled)
        XCTAssertFalse(m.gestureEnabled)
        XCTAssertEqual(m.scrollOffset, 300)
        XCTAssertEqual(m.offset, 0)
    }
}
