import PanelInput
import XCTest

/// A palm's slot on a touchscreen with tool types (issue 43, finding 6): which slots need
/// their tool type set back to finger, and the frame written for it. The kernel's slots are
/// given as `EVIOCGMTSLOTS` returns them (tracking id -1: free; tool type 0 finger, 2 palm).
final class PalmSlotsTests: XCTestCase {
    private let finger: Int32 = 0, pen: Int32 = 1, palm: Int32 = 2

    func testOnlyFreeSlotsWhoseLastContactWasAPalmAreReset() {
        // slot 0: a palm still resting (its own contact: left alone, libinput ignores it
        // until it lifts); 1: a palm that lifted; 2: a finger that lifted; 3: a finger down;
        // 4: never used; 5: another palm that lifted; 6: a pen that lifted.
        let ids: [Int32] = [12, -1, -1, 14, -1, -1, -1]
        let tools: [Int32] = [palm, palm, finger, finger, finger, palm, pen]
        XCTAssertEqual(PalmSlots.releasedPalms(trackingIDs: ids, toolTypes: tools), [1, 5])
    }

    func testNoSlotsNoFrame() {
        XCTAssertEqual(PalmSlots.releasedPalms(trackingIDs: [-1, 3], toolTypes: [finger, palm]), [])
        XCTAssertEqual(PalmSlots.resetFrame(slots: [], currentSlot: 0), [])
    }

    func testTheFrameSetsEachSlotToFingerAndEndsOnTheCurrentSlot() {
        // EV_ABS 3, ABS_MT_SLOT 0x2f, ABS_MT_TOOL_TYPE 0x37, EV_SYN 0 / SYN_REPORT 0.
        let frame = PalmSlots.resetFrame(slots: [1, 5], currentSlot: 3)
        XCTAssertEqual(frame.map { [Int32($0.type), Int32($0.code), $0.value] }, [
            [3, 0x2f, 1], [3, 0x37, 0],
            [3, 0x2f, 5], [3, 0x37, 0],
            [3, 0x2f, 3],
            [0, 0, 0],
        ])
    }
}
