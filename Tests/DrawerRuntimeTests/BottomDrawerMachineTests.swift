import XCTest
@testable import DrawerRuntime
import PanelRenderer

/// The bottom drawer's state machine alone, as a pure value: inputs on a fake clock, the new
/// state and the effects it returns checked, no screen and no class around it.
/// 800 x 480 pt, drawer mode: stops collapsed 68, partiallyRevealed 264, open 460.
final class BottomDrawerMachineTests: XCTestCase {
    let env = Environment(size: Size(800, 480), theme: .light)

    func context(_ config: BottomDrawerConfig = BottomDrawerConfig(), slop: Double = 8, action: String? = nil,
                 maxScroll: Double = 0) -> BottomDrawerMachine.Context {
        BottomDrawerMachine.Context(id: "d", rules: BottomDrawerRules(config: config, env: env), slop: TouchSlop(points: slop),
                                    contentScrolls: maxScroll > 0, maxScrollOffset: maxScroll, actionUnderTouch: action)
    }

    func machine(at position: DrawerPosition = .collapsed, _ config: BottomDrawerConfig = BottomDrawerConfig()) -> BottomDrawerMachine {
        BottomDrawerMachine(position: position, rules: BottomDrawerRules(config: config, env: env))
    }

    func ms(_ t: Double) -> Instant { .milliseconds(t) }

    /// Ticks every 1/60 s from `from` to `to` ms, collecting the effects.
    func frames(_ m: inout BottomDrawerMachine, from: Double, to: Double, _ c: BottomDrawerMachine.Context) -> [BottomDrawerMachine.Effect] {
        var effects: [BottomDrawerMachine.Effect] = []
        var t = from
        while t < to { t = min(to, t + 1000.0 / 60); effects += m.handle(.tick, at: ms(t), in: c) }
        return effects
    }

    func will(_ from: DrawerPosition, _ to: DrawerPosition) -> BottomDrawerMachine.Effect {
        .emit(.positionWillChange(drawer: "d", from: from, to: to))
    }
    func did(_ p: DrawerPosition) -> BottomDrawerMachine.Effect { .emit(.positionDidChange(drawer: "d", position: p)) }

    func isSettling(_ m: BottomDrawerMachine) -> Bool { if case .settling = m.phase { true } else { false } }
    func isResting(_ m: BottomDrawerMachine) -> Bool { if case .resting = m.phase { true } else { false } }

    func testAPressDragAndFlingSnapsOpenWithOneWillAndOneDidAtRest() {
        var m = machine()
        let c = context()
        XCTAssertEqual(m.handle(.touch(.press(Point(400, 440))), at: ms(0), in: c), [])
        guard case .pressed(let start, let startHeight, _) = m.phase else { return XCTFail("pressed: \(m.phase)") }
        XCTAssertEqual(start, Point(400, 440))
        XCTAssertEqual(startHeight, 68)
        // Within the slop (8 pt): still a press, nothing moves.
        XCTAssertEqual(m.handle(.touch(.move(Point(400, 433))), at: ms(10), in: c), [])
        XCTAssertEqual(m.height, 68)
        // Past it: the drawer follows the finger from where it went down (no jump of the slop).
        XCTAssertEqual(m.handle(.touch(.move(Point(400, 400))), at: ms(20), in: c), [])
        XCTAssertEqual(m.height, 108)
        guard case .dragging(_, _, .container) = m.phase else { return XCTFail("dragging: \(m.phase)") }
        _ = m.handle(.touch(.move(Point(400, 300))), at: ms(40), in: c)
        XCTAssertEqual(m.height, 208)
        // An upward fling (y down: negative) projects past partial: open, with its will at the lift.
        let lift = m.handle(.touch(.release(Point(400, 300), velocity: Point(0, -2000), cancelled: false)), at: ms(50), in: c)
        XCTAssertEqual(lift, [will(.collapsed, .open)])
        XCTAssertEqual(m.position, .open)
        XCTAssertTrue(isSettling(m))
        // The did comes once, when the spring rests on the stop (the animation's 0.3 s).
        let settle = frames(&m, from: 50, to: 400, c)
        XCTAssertEqual(settle, [did(.open)])
        XCTAssertEqual(m.height, 460)
        XCTAssertTrue(isResting(m))
    }

    func testATapOnContentReportsItsActionAndADragOrCancelDoesNot() {
        var m = machine(at: .partiallyRevealed)
        let c = context(action: "row-3")
        _ = m.handle(.touch(.press(Point(100, 300))), at: ms(0), in: c)
        XCTAssertEqual(m.handle(.touch(.release(Point(104, 303), velocity: .zero, cancelled: false)), at: ms(90), in: c),
                       [.emit(.action(target: "d", id: "row-3"))], "5 pt off: still a tap")
        XCTAssertTrue(isResting(m))
        // A cancelled touch is no tap.
        _ = m.handle(.touch(.press(Point(100, 300))), at: ms(200), in: c)
        XCTAssertEqual(m.handle(.touch(.release(Point(100, 300), velocity: .zero, cancelled: true)), at: ms(250), in: c), [])
        // A horizontal slide past the slop stays a press but is no tap either.
        _ = m.handle(.touch(.press(Point(100, 300))), at: ms(300), in: c)
        XCTAssertEqual(m.handle(.touch(.move(Point(130, 300))), at: ms(310), in: c), [])
        guard case .pressed = m.phase else { return XCTFail("a horizontal move keeps the press: \(m.phase)") }
        XCTAssertEqual(m.handle(.touch(.release(Point(130, 300), velocity: .zero, cancelled: false)), at: ms(320), in: c), [])
        XCTAssertEqual(m.height, 264)
    }

    func testTheSlopComesFromTheContext() {
        var m = machine()
        let wide = context(slop: 20)
        _ = m.handle(.touch(.press(Point(400, 440))), at: ms(0), in: wide)
        _ = m.handle(.touch(.move(Point(400, 425))), at: ms(10), in: wide)
        guard case .pressed = m.phase else { return XCTFail("15 pt is within a 20 pt slop: \(m.phase)") }
        _ = m.handle(.touch(.move(Point(400, 419))), at: ms(20), in: wide)
        guard case .dragging = m.phase else { return XCTFail("21 pt is past it: \(m.phase)") }
        XCTAssertEqual(m.height, 89)
    }

    func testAPressOnTheDimmingAndItsLiftThereMovesTheDrawer() {
        var m = machine(at: .open)
        let c = context()               // open: the card's top at 20 pt, the dimming above it
        XCTAssertEqual(m.handle(.touch(.press(Point(400, 10))), at: ms(0), in: c), [])
        XCTAssertTrue(m.pressedOnDimming)
        XCTAssertTrue(isResting(m), "no press of the card")
        let lift = m.handle(.touch(.release(Point(402, 12), velocity: .zero, cancelled: false)), at: ms(80), in: c)
        XCTAssertEqual(lift, [will(.open, .collapsed)], "Pulley's tap target: position_when_dimming_tapped")
        XCTAssertFalse(m.pressedOnDimming)
        XCTAssertEqual(frames(&m, from: 80, to: 500, c), [did(.collapsed)])
        XCTAssertEqual(m.height, 68)
        // A press on the dimming that lifts on the card is no tap on the dimming.
        var n = machine(at: .open)
        _ = n.handle(.touch(.press(Point(400, 10))), at: ms(0), in: c)
        XCTAssertEqual(n.handle(.touch(.release(Point(400, 200), velocity: .zero, cancelled: false)), at: ms(80), in: c), [])
        XCTAssertEqual(n.position, .open)
    }

    func testAFingerCatchesASettlingDrawerWhereItIs() {
        var m = machine()
        let c = context()
        XCTAssertEqual(m.handle(.setPosition(.open, animated: true), at: ms(0), in: c), [will(.collapsed, .open)])
        _ = frames(&m, from: 0, to: 100, c)
        let midway = m.height
        XCTAssertGreaterThan(midway, 68)
        XCTAssertLessThan(midway, 460)
        // The press comes 10 ms after the last frame: the spring is read at the touch's time.
        var reference = m
        _ = reference.handle(.tick, at: ms(110), in: c)
        XCTAssertEqual(m.handle(.touch(.press(Point(400, 470))), at: ms(110), in: c), [])
        XCTAssertEqual(m.height, reference.height, "caught where the spring is at the touch")
        guard case .pressed(_, let startHeight, _) = m.phase else { return XCTFail("pressed: \(m.phase)") }
        XCTAssertEqual(startHeight, m.height)
        // Frames no longer move it.
        XCTAssertEqual(frames(&m, from: 110, to: 300, c), [])
        XCTAssertEqual(m.height, reference.height)
        // Let go without moving: it settles on where it was heading; the did that was owed comes.
        XCTAssertEqual(m.handle(.touch(.release(Point(400, 470), velocity: .zero, cancelled: false)), at: ms(300), in: c), [])
        XCTAssertEqual(frames(&m, from: 300, to: 700, c), [did(.open)])
    }

    func testThrownUpCaughtAndPushedDownIsTwoWillsAndOneDid() {
        var m = machine()
        let c = context()
        _ = m.handle(.touch(.press(Point(400, 440))), at: ms(0), in: c)
        _ = m.handle(.touch(.move(Point(400, 300))), at: ms(30), in: c)
        XCTAssertEqual(m.handle(.touch(.release(Point(400, 300), velocity: Point(0, -3000), cancelled: false)), at: ms(40), in: c),
                       [will(.collapsed, .open)])
        XCTAssertEqual(frames(&m, from: 40, to: 100, c), [])
        // Caught mid-flight and pushed down hard: the new destination is announced from the
        // one said (open), and only one did follows.
        _ = m.handle(.touch(.press(Point(400, 480 - m.height + 30))), at: ms(100), in: c)
        let y = 480 - m.height + 30
        _ = m.handle(.touch(.move(Point(400, y + 40))), at: ms(120), in: c)
        XCTAssertEqual(m.handle(.touch(.release(Point(400, y + 40), velocity: Point(0, 3000), cancelled: false)), at: ms(130), in: c),
                       [will(.open, .collapsed)])
        XCTAssertEqual(frames(&m, from: 130, to: 600, c), [did(.collapsed)])
        XCTAssertEqual(m.pairing.committed, .collapsed)
        XCTAssertNil(m.pairing.announced)
    }

    func testACancelledDragGoesBackToWhereItStartedWithoutEvents() {
        var m = machine(at: .partiallyRevealed)
        let c = context()
        _ = m.handle(.touch(.press(Point(400, 250))), at: ms(0), in: c)
        _ = m.handle(.touch(.move(Point(400, 100))), at: ms(30), in: c)
        XCTAssertEqual(m.height, 414)
        XCTAssertEqual(m.handle(.touch(.release(Point(400, 100), velocity: .zero, cancelled: true)), at: ms(40), in: c), [])
        guard case .settling(let motion) = m.phase else { return XCTFail("settling back: \(m.phase)") }
        XCTAssertEqual(motion.target, 264)
        XCTAssertEqual(motion.velocity, 0, "a cancelled touch carries no velocity into the spring")
        XCTAssertEqual(frames(&m, from: 40, to: 500, c), [], "back where it was: nothing to announce")
        XCTAssertEqual(m.height, 264)
    }

    func testAnUnanimatedMoveSaysWillAndDidTogetherAndOnlyWhenItMoves() {
        var m = machine()
        let c = context()
        XCTAssertEqual(m.handle(.setPosition(.open, animated: false), at: ms(5), in: c), [will(.collapsed, .open), did(.open)])
        XCTAssertEqual(m.height, 460)
        XCTAssertEqual(m.handle(.setPosition(.open, animated: false), at: ms(6), in: c), [])
        XCTAssertEqual(m.handle(.setPosition(.open, animated: true), at: ms(7), in: c), [], "already there")
        // Closed is always allowed from code; an unsupported position is refused.
        var only = BottomDrawerConfig()
        only.positions = [.collapsed, .open]
        XCTAssertEqual(m.handle(.setPosition(.partiallyRevealed, animated: true), at: ms(8), in: context(only)), [])
        XCTAssertEqual(m.position, .open)
        // After a reload: rest at once, silently; the next move is announced from there.
        XCTAssertEqual(m.handle(.restAt(.collapsed), at: ms(9), in: c), [])
        XCTAssertEqual(m.handle(.setPosition(.partiallyRevealed, animated: false), at: ms(10), in: c),
                       [will(.collapsed, .partiallyRevealed), did(.partiallyRevealed)])
    }

    func testTheBounceRunsFromCollapsedOnlyAndEndsOnTheStop() {
        var m = machine(at: .open)
        let c = context()
        XCTAssertEqual(m.handle(.bounce, at: ms(0), in: c), [])
        XCTAssertTrue(isResting(m), "no bounce when open")
        _ = m.handle(.restAt(.collapsed), at: ms(0), in: c)
        _ = m.handle(.bounce, at: ms(0), in: c)
        guard case .bouncing = m.phase else { return XCTFail("bouncing: \(m.phase)") }
        var peak = 0.0
        var t = 0.0
        while case .bouncing = m.phase, t < 5000 {
            t += 1000.0 / 60
            XCTAssertEqual(m.handle(.tick, at: ms(t), in: c), [], "a bounce says nothing")
            peak = max(peak, m.height)
        }
        XCTAssertGreaterThan(peak, 68)
        XCTAssertEqual(m.height, 68)
        XCTAssertTrue(isResting(m))
    }

    func testANewRuleSetMovesAnUnsupportedPositionSilentlyAndKeepsAnOwedDid() {
        var m = machine(at: .partiallyRevealed)
        var only = BottomDrawerConfig()
        only.positions = [.collapsed, .open]
        XCTAssertEqual(m.handle(.relayout, at: ms(0), in: context(only)), [])
        XCTAssertEqual(m.position, .collapsed)
        XCTAssertEqual(m.height, 68)
        XCTAssertNil(m.pairing.announced)
        // Mid-motion toward partial: the motion's did is still owed, now for the fallback.
        var n = machine()
        XCTAssertEqual(n.handle(.setPosition(.partiallyRevealed, animated: true), at: ms(0), in: context()),
                       [will(.collapsed, .partiallyRevealed)])
        _ = n.handle(.relayout, at: ms(10), in: context(only))
        XCTAssertEqual(n.position, .collapsed)
        XCTAssertEqual(frames(&n, from: 10, to: 600, context(only)), [did(.collapsed)])
    }

    func testAListInsideTakesTheDragOnceTheDrawerIsOpen() {
        var m = machine(at: .open)
        let c = context(maxScroll: 300)
        _ = m.handle(.touch(.press(Point(400, 300))), at: ms(0), in: c)
        _ = m.handle(.touch(.move(Point(400, 250))), at: ms(20), in: c)
        guard case .dragging(_, _, .content) = m.phase else { return XCTFail("the list follows: \(m.phase)") }
        XCTAssertEqual(m.height, 460)
        XCTAssertEqual(m.scrollOffset, 50)
        // Back down: the list returns to its top first, then the drawer shrinks (resize-first).
        _ = m.handle(.touch(.move(Point(400, 330))), at: ms(40), in: c)
        XCTAssertEqual(m.scrollOffset, 0)
        XCTAssertEqual(m.height, 430)
        guard case .dragging(_, _, .container) = m.phase else { return XCTFail("the drawer follows: \(m.phase)") }
        XCTAssertEqual(m.handle(.scroll(to: 12), at: ms(50), in: c), [])
        XCTAssertEqual(m.scrollOffset, 12)
    }
}
