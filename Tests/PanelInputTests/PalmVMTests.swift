#if canImport(Glibc)
import Glibc
import XCTest
import CInput
import DrawerRuntime
@testable import PanelInput

/// A palm, then a tap, on libinput's own test touchscreen with tool types
/// (`touchscreen-mt-tool-type`: protocol B, ABS_MT_TOOL_TYPE 0..2, x 1000..2500 and
/// y 2000..4500 at 10 units per mm, INPUT_PROP_DIRECT), made with uinput in the QEMU guest
/// and read by `LibinputSource` (issue 43, finding 6). Events go in as the kernel's
/// hid-multitouch sends them: a contact's tracking id first, then its tool type. Skipped
/// unless PANEL_KIOSK_VM=1 (Tests/vm/run-parity-tests runs it).
final class PalmVMTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["PANEL_KIOSK_VM"] == "1",
                          "needs /dev/uinput and udev: run Tests/vm/run-parity-tests (QEMU)")
    }

    /// The uinput device, as libinput's test suite describes it.
    private final class ToolTypePanel {
        private let dev: OpaquePointer
        private var ui: OpaquePointer?
        let node: String

        init() throws {
            dev = libevdev_new()
            libevdev_set_name(dev, "panel-kiosk palm test touchscreen-mt-tool-type")
            libevdev_set_id_bustype(dev, 0x1)
            libevdev_set_id_vendor(dev, 0x0)
            libevdev_set_id_product(dev, 0x25)
            libevdev_enable_property(dev, UInt32(INPUT_PROP_DIRECT))
            libevdev_enable_event_type(dev, UInt32(EV_KEY))
            libevdev_enable_event_code(dev, UInt32(EV_KEY), UInt32(BTN_TOUCH), nil)
            libevdev_enable_event_type(dev, UInt32(EV_ABS))
            for (code, minimum, maximum, resolution) in [
                (ABS_X, 1000, 2500, 10), (ABS_Y, 2000, 4500, 10), (ABS_MT_SLOT, 0, 9, 0),
                (ABS_MT_TOOL_TYPE, 0, 2, 0), (ABS_MT_POSITION_X, 1000, 2500, 10),
                (ABS_MT_POSITION_Y, 2000, 4500, 10), (ABS_MT_TRACKING_ID, 0, 65535, 0),
            ] as [(Int32, Int32, Int32, Int32)] {
                var a = input_absinfo(value: 0, minimum: minimum, maximum: maximum, fuzz: 0, flat: 0, resolution: resolution)
                libevdev_enable_event_code(dev, UInt32(EV_ABS), UInt32(code), &a)
            }
            let rc = libevdev_uinput_create_from_device(dev, Int32(LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue), &ui)
            guard rc == 0, let ui, let n = libevdev_uinput_get_devnode(ui) else {
                libevdev_free(dev)
                throw XCTSkip("cannot create a uinput device: \(String(cString: strerror(-rc)))")
            }
            node = String(cString: n)
        }

        deinit {
            if let ui { libevdev_uinput_destroy(ui) }
            libevdev_free(dev)
        }

        /// One evdev frame: the events, then SYN_REPORT.
        func frame(_ events: [(Int32, Int32)]) {
            for (code, value) in events {
                libevdev_uinput_write_event(ui, UInt32(code == BTN_TOUCH ? EV_KEY : EV_ABS), UInt32(code), value)
            }
            libevdev_uinput_write_event(ui, UInt32(EV_SYN), UInt32(SYN_REPORT), 0)
        }

        /// A contact starting in `slot` (tracking id, then tool type, then position).
        func down(slot: Int32, id: Int32, tool: Int32, x: Int32 = 1750, y: Int32 = 3250) {
            frame([(ABS_MT_SLOT, slot), (ABS_MT_TRACKING_ID, id), (ABS_MT_TOOL_TYPE, tool),
                   (ABS_MT_POSITION_X, x), (ABS_MT_POSITION_Y, y), (BTN_TOUCH, 1)])
        }

        func lift(slot: Int32) { frame([(ABS_MT_SLOT, slot), (ABS_MT_TRACKING_ID, -1), (BTN_TOUCH, 0)]) }
    }

    /// A source reading only the test panel, once udev has set it up (libinput ignores a
    /// device udev has not tagged yet).
    private func source(for panel: ToolTypePanel) throws -> LibinputSource {
        let transform = TouchTransform(rotation: 0, uiWidth: 1024, uiHeight: 768)
        for _ in 0..<200 {
            if let s = try? LibinputSource(backend: .paths([panel.node]), transform: transform,
                                           calibration: [1, 0, 0, 0, 1, 0]) {
                XCTAssertEqual(s.dispatch().filter { if case .deviceAdded(_, true) = $0 { return true }; return false }.count, 1)
                return s
            }
            usleep(50_000)
        }
        throw XCTSkip("udev never set up \(panel.node)")
    }

    private func phases(_ events: [InputEvent]) -> [TouchEvent.Phase] {
        events.compactMap { if case .touch(_, let phase, _, _, _) = $0 { return phase }; return nil }
    }

    private let finger = Int32(MT_TOOL_FINGER), palm = Int32(MT_TOOL_PALM)

    /// What libinput itself does (printed, not asserted: it is libinput's behaviour, fixed
    /// from 1.29): without the reset, the tap after a palm in the same slot is dropped.
    func testWithoutTheResetLibinputDropsTheTapAfterAPalm() throws {
        let panel = try ToolTypePanel()
        let s = try source(for: panel)
        s.resetsPalmSlots = false
        panel.down(slot: 0, id: 1, tool: palm)
        panel.lift(slot: 0)
        XCTAssertEqual(phases(s.dispatch()), [], "a palm from its first frame is never reported")
        panel.down(slot: 0, id: 2, tool: finger)
        panel.lift(slot: 0)
        let tap = phases(s.dispatch())
        print("PALM-LIBINPUT: without the reset the tap after a palm gave \(tap) (\(tap.isEmpty ? "dropped: this libinput needs the reset" : "reported: this libinput does not need it"))")
        // The touch after the dropped one is reported: the dropped one left a finger there.
        panel.down(slot: 0, id: 3, tool: finger)
        panel.lift(slot: 0)
        XCTAssertEqual(phases(s.dispatch()), [.down, .up])
    }

    /// A palm from its first frame (MT_TOOL_PALM), lifted: the next tap in its slot is a
    /// tap (down and up), and so is the one after.
    func testATapAfterAPalmIsReported() throws {
        let panel = try ToolTypePanel()
        let s = try source(for: panel)
        panel.down(slot: 0, id: 1, tool: palm)
        panel.frame([(ABS_MT_POSITION_X, 1760)])
        panel.lift(slot: 0)
        XCTAssertEqual(phases(s.dispatch()), [])
        for id: Int32 in [2, 3] {
            panel.down(slot: 0, id: id, tool: finger)
            panel.lift(slot: 0)
            XCTAssertEqual(phases(s.dispatch()), [.down, .up], "tap \(id - 1) after the palm")
        }
    }

    /// A finger that turns into a palm (the confidence bit drops; hid-multitouch then frees
    /// the slot in the next frame) is cancelled, and the next tap there is a tap. A palm
    /// resting in another slot meanwhile changes nothing.
    func testAFingerThatTurnsIntoAPalmIsCancelledAndTheNextTapWorks() throws {
        let panel = try ToolTypePanel()
        let s = try source(for: panel)
        panel.down(slot: 1, id: 10, tool: palm, x: 1100, y: 4400)     // resting, never reported
        panel.down(slot: 0, id: 11, tool: finger)
        XCTAssertEqual(phases(s.dispatch()), [.down])
        panel.frame([(ABS_MT_SLOT, 0), (ABS_MT_TOOL_TYPE, palm)])
        panel.frame([(ABS_MT_SLOT, 0), (ABS_MT_TRACKING_ID, -1)])
        XCTAssertEqual(phases(s.dispatch()), [.cancel])
        panel.down(slot: 0, id: 12, tool: finger)
        panel.lift(slot: 0)
        XCTAssertEqual(phases(s.dispatch()), [.down, .up])
        // The resting palm lifts; a tap in its slot is a tap too.
        panel.lift(slot: 1)
        XCTAssertEqual(phases(s.dispatch()), [])
        panel.down(slot: 1, id: 13, tool: finger)
        panel.lift(slot: 1)
        XCTAssertEqual(phases(s.dispatch()), [.down, .up])
    }
}
#endif
