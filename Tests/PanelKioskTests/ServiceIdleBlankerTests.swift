import DrawerRuntime
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// The blanking policy on a fake clock: fade, blank, swallowed wake-up touch, idle reset.
final class ServiceIdleBlankerTests: XCTestCase {
    private func t(_ s: Double) -> Instant { .seconds(s) }

    func testFadesThenBlanksAfterTimeout() {
        var b = IdleBlanker(blankAfterS: 60, fadeS: 2, idleResetS: nil, now: t(0))
        XCTAssertEqual(b.nextDeadline, t(60))
        XCTAssertEqual(b.tick(at: t(59.9)), [])
        XCTAssertEqual(b.phase, .awake)
        XCTAssertEqual(b.tick(at: t(60)), [.fade(level: 1)])
        XCTAssertTrue(b.isAnimating)
        XCTAssertEqual(b.tick(at: t(61)), [.fade(level: 0.5)])
        XCTAssertEqual(b.nextDeadline, t(62))
        XCTAssertEqual(b.tick(at: t(62)), [.fade(level: 0), .backlight(on: false), .crtcActive(false)])
        XCTAssertTrue(b.isBlank)
        XCTAssertNil(b.nextDeadline)
        XCTAssertEqual(b.tick(at: t(1000)), [])
    }

    func testALateTickGoesStraightToBlank() {
        var b = IdleBlanker(blankAfterS: 10, fadeS: 1, idleResetS: nil, now: t(0))
        XCTAssertEqual(b.tick(at: t(30)), [.fade(level: 0), .backlight(on: false), .crtcActive(false)])
    }

    func testFirstTouchWakesAndIsSwallowedWithItsWholeSequence() {
        var b = IdleBlanker(blankAfterS: 10, fadeS: 0, idleResetS: nil, now: t(0))
        _ = b.tick(at: t(10))
        XCTAssertTrue(b.isBlank)
        let down = b.touch(.down, at: t(20))
        XCTAssertEqual(down, .init(deliver: false, actions: [.crtcActive(true), .fade(level: 1), .redraw, .backlight(on: true)]))
        XCTAssertEqual(b.phase, .awake)
        // A second finger joining the wake-up gesture is swallowed too.
        XCTAssertEqual(b.touch(.down, at: t(20.05)), .init(deliver: false, actions: []))
        XCTAssertEqual(b.touch(.motion, at: t(20.1)), .init(deliver: false, actions: []))
        XCTAssertEqual(b.touch(.up, at: t(20.2)), .init(deliver: false, actions: []))
        XCTAssertEqual(b.touch(.up, at: t(20.2)), .init(deliver: false, actions: []))
        // The next touch is the user's.
        XCTAssertEqual(b.touch(.down, at: t(21)), .init(deliver: true, actions: []))
        XCTAssertEqual(b.touch(.up, at: t(21.1)), .init(deliver: true, actions: []))
    }

    func testTouchDuringFadeRestoresAndIsSwallowed() {
        var b = IdleBlanker(blankAfterS: 10, fadeS: 4, idleResetS: nil, now: t(0))
        _ = b.tick(at: t(11))
        XCTAssertEqual(b.fadeLevel(at: t(11)), 0.75)
        XCTAssertEqual(b.touch(.down, at: t(11.5)), .init(deliver: false, actions: [.fade(level: 1)]))
        XCTAssertEqual(b.touch(.up, at: t(11.75)), .init(deliver: false, actions: []))
        XCTAssertEqual(b.phase, .awake)
        XCTAssertEqual(b.nextDeadline, t(21.75))
    }

    func testTouchWhileAwakeIsDeliveredAndPostponesBlanking() {
        var b = IdleBlanker(blankAfterS: 10, fadeS: 1, idleResetS: nil, now: t(0))
        XCTAssertEqual(b.touch(.down, at: t(5)), .init(deliver: true, actions: []))
        // A finger resting on the glass never blanks.
        XCTAssertEqual(b.tick(at: t(100)), [])
        XCTAssertEqual(b.touch(.up, at: t(100)), .init(deliver: true, actions: []))
        XCTAssertEqual(b.tick(at: t(109)), [])
        XCTAssertEqual(b.tick(at: t(110)), [.fade(level: 1)])
    }

    func testIdleResetOncePerIdlePeriod() {
        var b = IdleBlanker(blankAfterS: nil, idleResetS: 30, now: t(0))
        XCTAssertEqual(b.nextDeadline, t(30))
        XCTAssertEqual(b.tick(at: t(29)), [])
        XCTAssertEqual(b.tick(at: t(30)), [.resetToHome])
        XCTAssertEqual(b.tick(at: t(90)), [])
        XCTAssertNil(b.nextDeadline)
        _ = b.touch(.down, at: t(100)); _ = b.touch(.up, at: t(100.5))
        XCTAssertEqual(b.tick(at: t(130.25)), [])
        XCTAssertEqual(b.tick(at: t(130.5)), [.resetToHome])
    }

    func testResetAndBlankTogether() {
        var b = IdleBlanker(blankAfterS: 60, fadeS: 0, idleResetS: 20, now: t(0))
        XCTAssertEqual(b.tick(at: t(20)), [.resetToHome])
        XCTAssertEqual(b.nextDeadline, t(60))
        XCTAssertEqual(b.tick(at: t(60)), [.fade(level: 0), .backlight(on: false), .crtcActive(false)])
        // Control-socket activity wakes without swallowing anything.
        XCTAssertEqual(b.activity(at: t(70)), [.crtcActive(true), .fade(level: 1), .redraw, .backlight(on: true)])
        XCTAssertEqual(b.touch(.down, at: t(71)).deliver, true)
    }

    func testZeroMeansNever() {
        var b = IdleBlanker(blankAfterS: 0, idleResetS: 0, now: t(0))
        XCTAssertNil(b.nextDeadline)
        XCTAssertEqual(b.tick(at: t(1e6)), [])
    }
}
