import DrawerRuntime
import PanelRenderer
import XCTest

func touch(_ phase: TouchEvent.Phase, _ id: Int, _ x: Double, _ y: Double, ms: Int) -> TouchEvent {
    TouchEvent(id: id, phase: phase, location: Point(x, y), time: .milliseconds(ms))
}

final class PanRecognizerTests: XCTestCase {
    func testSlopThenTranslationWithoutJump() {
        var pan = PanRecognizer(configuration: .init(axis: .vertical))
        XCTAssertNil(pan.handle(touch(.down, 1, 100, 300, ms: 0)))
        XCTAssertNil(pan.handle(touch(.move, 1, 101, 295, ms: 16)), "inside 10 pt slop")
        guard case .began(let b)? = pan.handle(touch(.move, 1, 101, 288, ms: 32)) else { return XCTFail() }
        XCTAssertEqual(b.translation, .zero)
        XCTAssertEqual(b.startLocation, Point(100, 300))
        guard case .changed(let c)? = pan.handle(touch(.move, 1, 140, 250, ms: 48)) else { return XCTFail() }
        XCTAssertEqual(c.translation, Point(0, -38), "x locked out, measured from where the drag began")
        XCTAssertEqual(c.velocity.x, 0)
        XCTAssertLessThan(c.velocity.y, 0)
        guard case .ended(let e)? = pan.handle(touch(.up, 1, 140, 250, ms: 56)) else { return XCTFail() }
        XCTAssertEqual(e.translation, Point(0, -38))
        XCTAssertEqual(pan.state, .idle)
    }

    func testDirectionLockFailsOnWrongAxis() {
        var pan = PanRecognizer(configuration: .init(axis: .vertical))
        _ = pan.handle(touch(.down, 1, 100, 300, ms: 0))
        XCTAssertEqual(pan.handle(touch(.move, 1, 120, 305, ms: 16)), .failed)
        XCTAssertNil(pan.handle(touch(.move, 1, 120, 200, ms: 32)), "stays failed for this touch")
        XCTAssertNil(pan.handle(touch(.up, 1, 120, 200, ms: 40)))
        XCTAssertEqual(pan.state, .idle)
    }

    func testFreeLocksToDominantAxisWhenAsked() {
        var pan = PanRecognizer(configuration: .init(axis: .free, locksToDominantAxis: true))
        _ = pan.handle(touch(.down, 1, 0, 0, ms: 0))
        _ = pan.handle(touch(.move, 1, 12, 3, ms: 16))
        XCTAssertEqual(pan.lockedAxis, .horizontal)
        guard case .changed(let c)? = pan.handle(touch(.move, 1, 30, 20, ms: 32)) else { return XCTFail() }
        XCTAssertEqual(c.translation, Point(18, 0))
    }

    func testTapDoesNotPan() {
        var pan = PanRecognizer()
        _ = pan.handle(touch(.down, 1, 0, 0, ms: 0))
        XCTAssertNil(pan.handle(touch(.move, 1, 3, 3, ms: 16)))
        XCTAssertNil(pan.handle(touch(.up, 1, 3, 3, ms: 40)))
    }

    func testSecondFingerIgnoredNeitherJumpNorCancel() {
        var pan = PanRecognizer(configuration: .init(axis: .vertical))
        _ = pan.handle(touch(.down, 1, 100, 300, ms: 0))
        _ = pan.handle(touch(.move, 1, 100, 280, ms: 16))
        XCTAssertNil(pan.handle(touch(.down, 2, 400, 100, ms: 20)))
        XCTAssertNil(pan.handle(touch(.move, 2, 400, 50, ms: 24)))
        XCTAssertNil(pan.handle(touch(.cancel, 2, 400, 50, ms: 26)), "another finger's cancel does not end it")
        guard case .changed(let c)? = pan.handle(touch(.move, 1, 100, 270, ms: 32)) else { return XCTFail() }
        XCTAssertEqual(c.translation.y, -10)
        XCTAssertTrue(pan.isActive)
    }

    func testHandOffContinuesWithoutJump() {
        var pan = PanRecognizer(configuration: .init(axis: .vertical, extraFingers: .handOff))
        _ = pan.handle(touch(.down, 1, 100, 300, ms: 0))
        _ = pan.handle(touch(.move, 1, 100, 280, ms: 16))   // began at 280
        _ = pan.handle(touch(.move, 1, 100, 260, ms: 32))   // translation -20
        _ = pan.handle(touch(.down, 2, 300, 100, ms: 40))
        XCTAssertNil(pan.handle(touch(.up, 1, 100, 260, ms: 48)), "owner lifts, finger 2 takes over")
        XCTAssertEqual(pan.owner, 2)
        guard case .changed(let c)? = pan.handle(touch(.move, 2, 300, 90, ms: 64)) else { return XCTFail() }
        XCTAssertEqual(c.translation.y, -30, "continues from -20 by finger 2's own -10")
        guard case .ended? = pan.handle(touch(.up, 2, 300, 90, ms: 70)) else { return XCTFail() }
    }

    func testOwnerCancelEndsCleanly() {
        var pan = PanRecognizer()
        _ = pan.handle(touch(.down, 1, 0, 0, ms: 0))
        _ = pan.handle(touch(.move, 1, 0, 30, ms: 16))
        guard case .cancelled(let u)? = pan.handle(touch(.cancel, 1, 0, 30, ms: 20)) else { return XCTFail() }
        XCTAssertEqual(u.velocity, .zero)
        XCTAssertEqual(pan.state, .idle)
        // A new touch starts a new gesture.
        _ = pan.handle(touch(.down, 3, 0, 0, ms: 100))
        XCTAssertEqual(pan.owner, 3)
    }

    func testReleaseVelocityFromEventTimes() {
        var pan = PanRecognizer(configuration: .init(axis: .vertical))
        _ = pan.handle(touch(.down, 1, 0, 500, ms: 0))
        var last: PanEvent?
        for k in 1...10 { last = pan.handle(touch(.move, 1, 0, 500 - Double(k) * 16, ms: k * 16)) }
        XCTAssertNotNil(last)
        guard case .ended(let u)? = pan.handle(touch(.up, 1, 0, 340, ms: 164)) else { return XCTFail() }
        XCTAssertEqual(u.velocity.y, -1000, accuracy: 10)
        // Paused 100 ms before lifting: no fling.
        _ = pan.handle(touch(.down, 1, 0, 500, ms: 1000))
        for k in 1...10 { _ = pan.handle(touch(.move, 1, 0, 500 - Double(k) * 16, ms: 1000 + k * 16)) }
        guard case .ended(let p)? = pan.handle(touch(.up, 1, 0, 340, ms: 1260)) else { return XCTFail() }
        XCTAssertEqual(p.velocity, .zero)
    }

    func testMillimetreSlop() {
        let units = PhysicalUnits(physicalMillimetres: Size(154, 86), pixels: Size(800, 480), scale: 1)
        let slop = TouchSlop(millimetres: 2, units: units)
        XCTAssertEqual(slop.points, 2 * 800 / 154, accuracy: 1e-9)
        var pan = PanRecognizer(configuration: .init(slop: slop))
        _ = pan.handle(touch(.down, 1, 0, 0, ms: 0))
        XCTAssertNil(pan.handle(touch(.move, 1, 0, 10, ms: 16)))
        XCTAssertNotNil(pan.handle(touch(.move, 1, 0, 11, ms: 32)))
    }
}

final class PanHoldToDragTests: XCTestCase {
    func testHoldToDragRejectsQuickSwipesAndAcceptsHeldDrags() {
        var pan = PanRecognizer(configuration: .init(axis: .vertical, holdToDrag: .milliseconds(300)))
        _ = pan.handle(touch(.down, 1, 100, 100, ms: 0))
        XCTAssertEqual(pan.holdDeadline, .milliseconds(300))
        XCTAssertEqual(pan.handle(touch(.move, 1, 100, 140, ms: 50)), .failed, "a quick swipe does not drag")
        _ = pan.handle(touch(.up, 1, 100, 140, ms: 60))
        _ = pan.handle(touch(.down, 1, 100, 100, ms: 1000))
        XCTAssertNil(pan.handle(touch(.move, 1, 101, 102, ms: 1200)), "small tremor within the slop is fine")
        guard case .began? = pan.handle(touch(.move, 1, 101, 130, ms: 1350)) else { return XCTFail() }
        XCTAssertNil(pan.holdDeadline)
    }

    func testReducedMotionSpringHasNoOvershoot() {
        let s = Spring(duration: 0.5, dampingRatio: 0.6).withoutOvershoot
        XCTAssertEqual(s.dampingRatio, 1)
        XCTAssertEqual(s.response, 0.5)
    }

    func testUnknownPanelSizeUsesNominalDensity() {
        let u = PhysicalUnits(physicalMillimetres: .zero, pixels: Size(800, 480), scale: 2)
        XCTAssertEqual(u, .nominal(scale: 2))
    }
}
