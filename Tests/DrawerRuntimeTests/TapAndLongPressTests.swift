import DrawerRuntime
import PanelRenderer
import XCTest

final class TapAndLongPressTests: XCTestCase {
    func testTapRecognizedAtDownLocation() {
        var tap = TapRecognizer()
        XCTAssertNil(tap.handle(touch(.down, 1, 50, 60, ms: 0)))
        XCTAssertEqual(tap.deadline, .milliseconds(500))
        XCTAssertNil(tap.handle(touch(.move, 1, 53, 62, ms: 30)))
        XCTAssertEqual(tap.handle(touch(.up, 1, 53, 62, ms: 90)), .recognized(location: Point(50, 60), time: .milliseconds(90)))
        XCTAssertNil(tap.deadline)
    }

    func testTapFailsOnMovementOrDuration() {
        var tap = TapRecognizer()
        _ = tap.handle(touch(.down, 1, 50, 60, ms: 0))
        XCTAssertEqual(tap.handle(touch(.move, 1, 50, 80, ms: 30)), .failed)
        XCTAssertNil(tap.handle(touch(.up, 1, 50, 60, ms: 60)))
        _ = tap.handle(touch(.down, 1, 50, 60, ms: 100))
        XCTAssertEqual(tap.handle(touch(.up, 1, 50, 60, ms: 700)), .failed)
    }

    func testTapIgnoresSecondFinger() {
        var tap = TapRecognizer()
        _ = tap.handle(touch(.down, 1, 50, 60, ms: 0))
        XCTAssertNil(tap.handle(touch(.down, 2, 300, 60, ms: 10)))
        XCTAssertNil(tap.handle(touch(.up, 2, 300, 60, ms: 20)))
        XCTAssertEqual(tap.handle(touch(.up, 1, 50, 60, ms: 40)), .recognized(location: Point(50, 60), time: .milliseconds(40)))
    }

    func testLongPressFiresOnTickAtDeadline() {
        var lp = LongPressRecognizer()
        XCTAssertEqual(lp.handle(touch(.down, 1, 10, 10, ms: 100)), [])
        XCTAssertEqual(lp.deadline, .milliseconds(600))
        XCTAssertNil(lp.tick(at: .milliseconds(599)))
        XCTAssertEqual(lp.tick(at: .milliseconds(616)), .began(location: Point(10, 10), time: .milliseconds(600)))
        XCTAssertNil(lp.deadline, "nothing more to wake for")
        XCTAssertEqual(lp.handle(touch(.move, 1, 30, 10, ms: 700)), [.changed(location: Point(30, 10), time: .milliseconds(700))])
        XCTAssertEqual(lp.handle(touch(.up, 1, 30, 10, ms: 800)), [.ended(location: Point(30, 10), time: .milliseconds(800))])
    }

    func testLongPressLateEventFiresFirst() {
        var lp = LongPressRecognizer()
        _ = lp.handle(touch(.down, 1, 10, 10, ms: 0))
        XCTAssertEqual(lp.handle(touch(.up, 1, 10, 10, ms: 900)),
                       [.began(location: Point(10, 10), time: .milliseconds(500)),
                        .ended(location: Point(10, 10), time: .milliseconds(900))])
    }

    func testLongPressFailsWhenMovedOrLiftedEarly() {
        var lp = LongPressRecognizer()
        _ = lp.handle(touch(.down, 1, 10, 10, ms: 0))
        XCTAssertEqual(lp.handle(touch(.move, 1, 40, 10, ms: 100)), [.failed])
        XCTAssertNil(lp.tick(at: .seconds(1)))
        _ = lp.handle(touch(.up, 1, 40, 10, ms: 200))
        _ = lp.handle(touch(.down, 1, 10, 10, ms: 1000))
        XCTAssertEqual(lp.handle(touch(.up, 1, 10, 10, ms: 1200)), [.failed])
    }

    func testEdgePanZoneAndInwardOnly() {
        let units = PhysicalUnits(physicalMillimetres: Size(154, 86), pixels: Size(800, 480), scale: 1)
        let bounds = Rect(0, 0, 800, 480)
        var edge = EdgePanRecognizer(edge: .left, zoneMillimetres: 6, units: units, bounds: bounds)
        XCTAssertEqual(edge.zoneWidth, 6 * 800 / 154, accuracy: 1e-9)
        // Outside the zone: fails at once.
        XCTAssertEqual(edge.handle(touch(.down, 1, 200, 100, ms: 0)), .failed)
        XCTAssertNil(edge.handle(touch(.move, 1, 260, 100, ms: 16)))
        _ = edge.handle(touch(.up, 1, 260, 100, ms: 20))
        // Inside, moving inward: a pan.
        XCTAssertNil(edge.handle(touch(.down, 1, 5, 100, ms: 100)))
        guard case .began? = edge.handle(touch(.move, 1, 25, 102, ms: 116)) else { return XCTFail() }
        guard case .changed(let c)? = edge.handle(touch(.move, 1, 65, 110, ms: 132)) else { return XCTFail() }
        XCTAssertEqual(c.translation, Point(40, 0))
        _ = edge.handle(touch(.up, 1, 65, 110, ms: 140))
        // Inside but moving outward (against the bezel): fails.
        var right = EdgePanRecognizer(edge: .right, zoneWidth: 30, bounds: bounds)
        _ = right.handle(touch(.down, 1, 790, 100, ms: 0))
        XCTAssertEqual(right.handle(touch(.move, 1, 799.9, 100, ms: 10)), nil, "within slop")
        XCTAssertNil(right.handle(touch(.up, 1, 799.9, 100, ms: 20)))
        _ = right.handle(touch(.down, 1, 780, 100, ms: 100))
        XCTAssertEqual(right.handle(touch(.move, 1, 795, 100, ms: 116)), .failed)
    }
}
