import DrawerRuntime
import PanelInput
import XCTest

/// libinput says in its log when it ignores a device; the kiosk turns that into one message
/// naming the device, libinput's reason and the fix.
final class LibinputLogTests: XCTestCase {
    func testATabletWithoutResolutionIsARefusalWithTheUdevAndHwdbFixes() throws {
        let line = "event5  - eGalax Inc. USB TouchController: libinput bug: missing tablet capabilities: resolution. Ignoring this device."
        let r = try XCTUnwrap(LibinputLog.refusal(line))
        XCTAssertEqual(r.device, "eGalax Inc. USB TouchController (/dev/input/event5)")
        XCTAssertEqual(r.reason, "libinput bug: missing tablet capabilities: resolution. Ignoring this device.")
        XCTAssertTrue(r.fix.contains("ENV{ID_INPUT_TOUCHSCREEN}=\"1\""), r.fix)
        XCTAssertTrue(r.fix.contains("EVDEV_ABS_00"), r.fix)
    }

    func testADeviceUdevDidNotTagGetsTheRuleThatTagsIt() throws {
        let r = try XCTUnwrap(LibinputLog.refusal("event9  - Some Panel: not tagged as supported input device"))
        XCTAssertEqual(r.device, "Some Panel (/dev/input/event9)")
        XCTAssertTrue(r.fix.contains("ENV{ID_INPUT}=\"1\""), r.fix)
    }

    func testOrdinaryLogLinesAreNotRefusals() {
        XCTAssertNil(LibinputLog.refusal("event3  - Power Button: is tagged by udev as: Keyboard"))
        XCTAssertNil(LibinputLog.refusal("event4  - panel: device is a touch device"))
    }
}
