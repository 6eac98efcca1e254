import DrawerRuntime
import XCTest

/// Real touchscreens give no position with a finger's up or cancel (libinput's TOUCH_UP has
/// none); the slots remember it, so a tap on the device ends where it went down, as in a script.
final class TouchSlotsTests: XCTestCase {
    func testUpCarriesTheLastPositionOfThatFinger() {
        var slots = TouchSlots()
        XCTAssertEqual(slots.down(device: 1, slot: 0, x: 100, y: 200, timeUS: 1_000),
                       [.touch(finger: 1, phase: .down, x: 100, y: 200, timeUS: 1_000)])
        XCTAssertEqual(slots.move(device: 1, slot: 0, x: 103, y: 198, timeUS: 9_000),
                       [.touch(finger: 1, phase: .move, x: 103, y: 198, timeUS: 9_000)])
        XCTAssertEqual(slots.end(device: 1, slot: 0, phase: .up, timeUS: 17_000),
                       [.touch(finger: 1, phase: .up, x: 103, y: 198, timeUS: 17_000)])
        XCTAssertEqual(slots.count, 0)
    }

    func testDownAndUpWithNoMotionBetweenEndAtTheDown() {
        // A quick tap read in one libinput dispatch: down, then up, nothing between.
        var slots = TouchSlots()
        _ = slots.down(device: 1, slot: 0, x: 40, y: 50, timeUS: 0)
        XCTAssertEqual(slots.end(device: 1, slot: 0, phase: .up, timeUS: 30_000),
                       [.touch(finger: 1, phase: .up, x: 40, y: 50, timeUS: 30_000)])
    }

    func testFingersOnSeveralSlotsAndDevicesKeepTheirOwnPositions() {
        var slots = TouchSlots()
        _ = slots.down(device: 1, slot: 0, x: 10, y: 10, timeUS: 0)
        _ = slots.down(device: 1, slot: 1, x: 500, y: 300, timeUS: 0)
        _ = slots.down(device: 2, slot: 0, x: 700, y: 20, timeUS: 0)
        _ = slots.move(device: 1, slot: 1, x: 520, y: 310, timeUS: 5)
        XCTAssertEqual(slots.end(device: 2, slot: 0, phase: .cancel, timeUS: 6),
                       [.touch(finger: 3, phase: .cancel, x: 700, y: 20, timeUS: 6)])
        XCTAssertEqual(slots.end(device: 1, slot: 1, phase: .up, timeUS: 7),
                       [.touch(finger: 2, phase: .up, x: 520, y: 310, timeUS: 7)])
        XCTAssertEqual(slots.end(device: 1, slot: 0, phase: .up, timeUS: 8),
                       [.touch(finger: 1, phase: .up, x: 10, y: 10, timeUS: 8)])
    }

    func testARemovedDeviceCancelsItsFingersWhereTheyWere() {
        var slots = TouchSlots()
        _ = slots.down(device: 7, slot: 0, x: 10, y: 20, timeUS: 0)
        _ = slots.down(device: 7, slot: 3, x: 30, y: 40, timeUS: 0)
        _ = slots.down(device: 8, slot: 0, x: 50, y: 60, timeUS: 0)
        XCTAssertEqual(slots.removeDevice(7, timeUS: 99), [
            .touch(finger: 1, phase: .cancel, x: 10, y: 20, timeUS: 99),
            .touch(finger: 2, phase: .cancel, x: 30, y: 40, timeUS: 99),
        ])
        XCTAssertEqual(slots.count, 1)
        XCTAssertEqual(slots.removeDevice(7, timeUS: 100), [])
    }

    func testADownOnASlotStillDownCancelsTheStaleTouchFirst() {
        var slots = TouchSlots()
        _ = slots.down(device: 1, slot: 0, x: 1, y: 2, timeUS: 0)
        XCTAssertEqual(slots.down(device: 1, slot: 0, x: 3, y: 4, timeUS: 10), [
            .touch(finger: 1, phase: .cancel, x: 1, y: 2, timeUS: 10),
            .touch(finger: 2, phase: .down, x: 3, y: 4, timeUS: 10),
        ])
    }

    func testEventsForSlotsThatAreNotDownAreDropped() {
        var slots = TouchSlots()
        XCTAssertEqual(slots.move(device: 1, slot: 0, x: 1, y: 1, timeUS: 0), [])
        XCTAssertEqual(slots.end(device: 1, slot: 0, phase: .up, timeUS: 0), [])
    }
}
