import DrawerRuntime
import XCTest

final class AnimatedValueTests: XCTestCase {
    func testFingerCatchesMovingSheetWithoutJump() {
        // A sheet animating from 600 to 67 is caught at 140 ms: the drag starts where it is.
        var origin = AnimatedValue(600)
        origin.animate(to: 67, spring: Spring(duration: 0.5, dampingRatio: 0.85), velocity: 0, at: .zero)
        origin.advance(to: .milliseconds(133))
        var probe = origin
        probe.advance(to: .milliseconds(140))
        let grab = origin.beginDrag(at: .milliseconds(140))
        XCTAssertEqual(grab, probe.value)
        XCTAssertNotEqual(grab, 67, "not the animation's end value (sheets quirk 31b)")
        XCTAssertFalse(origin.needsFrames)
        origin.drag(to: grab + 12, velocity: 300)
        XCTAssertEqual(origin.value, grab + 12)
        // Release with the finger's velocity in pt/s: the spring starts moving that way.
        origin.animate(to: 600, spring: Spring(duration: 0.5, dampingRatio: 0.85), velocity: -2000, at: .milliseconds(200))
        origin.advance(to: .milliseconds(208))
        XCTAssertLessThan(origin.value, grab + 12)
        var t = Instant.milliseconds(208)
        while origin.needsFrames { t = t + .frame(hz: 60); origin.advance(to: t) }
        XCTAssertEqual(origin.value, 600)
        XCTAssertTrue(origin.isAtRest)
    }

    func testRetargetMidFlightKeepsVelocity() {
        var v = AnimatedValue(0)
        v.animate(to: 300, spring: .standard, at: .zero)
        v.advance(to: .milliseconds(100))
        let before = (v.value, v.velocity)
        v.animate(to: -50, spring: .standard, at: .milliseconds(100))
        XCTAssertEqual(v.value, before.0)
        XCTAssertEqual(v.velocity, before.1)
    }

    func testFrameDemand() {
        XCTAssertEqual(FrameDemand.combine([]), .idle)
        XCTAssertEqual(FrameDemand.combine([.idle, .wake(at: .milliseconds(500)), .wake(at: .milliseconds(300))]),
                       .wake(at: .milliseconds(300)))
        XCTAssertEqual(FrameDemand.combine([.wake(at: .milliseconds(300)), .animating(true)]), .nextFrame)
        var lp = LongPressRecognizer()
        _ = lp.handle(touch(.down, 1, 0, 0, ms: 0))
        XCTAssertEqual(FrameDemand.deadline(lp.deadline), .wake(at: .milliseconds(500)))
        var s = SpringMotion(from: 0, to: 10, at: .zero)
        XCTAssertEqual(FrameDemand.animating(s.needsFrames), .nextFrame)
        s.advance(to: .seconds(3))
        XCTAssertEqual(FrameDemand.animating(s.needsFrames), .idle, "at rest: the loop may sleep")
    }
}
