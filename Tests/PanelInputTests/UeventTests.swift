#if canImport(Glibc)
import Glibc
import XCTest
import DrawerRuntime
@testable import PanelInput

/// Kernel uevents as the netlink socket delivers them (NUL-separated), and device numbers.
final class UeventTests: XCTestCase {
    private func wire(_ fields: [String]) -> [UInt8] { fields.flatMap { Array($0.utf8) + [0] } }

    func testRemovalOfADRMCardParses() throws {
        let e = try XCTUnwrap(Uevent.parse(wire([
            "remove@/devices/pci0000:00/0000:00:05.0/drm/card0", "ACTION=remove",
            "DEVPATH=/devices/pci0000:00/0000:00:05.0/drm/card0", "SUBSYSTEM=drm", "MAJOR=226", "MINOR=0",
            "DEVNAME=dri/card0", "DEVTYPE=drm_minor", "SEQNUM=2112"])))
        XCTAssertEqual(e.action, "remove")
        XCTAssertEqual(e.devpath, "/devices/pci0000:00/0000:00:05.0/drm/card0")
        XCTAssertEqual(e.subsystem, "drm")
        XCTAssertEqual(e.deviceNumber, DeviceNumber(major: 226, minor: 0))
        XCTAssertEqual(e.properties["DEVNAME"], "dri/card0")
    }

    func testConnectorHotplugHasNoDeviceNumberMismatch() throws {
        let e = try XCTUnwrap(Uevent.parse(wire(["change@/devices/platform/vkms/drm/card1", "ACTION=change",
                                                 "SUBSYSTEM=drm", "HOTPLUG=1", "MAJOR=226", "MINOR=1"])))
        XCTAssertEqual(e.action, "change")
        XCTAssertEqual(e.properties["HOTPLUG"], "1")
        XCTAssertNotEqual(e.deviceNumber, DeviceNumber(major: 226, minor: 0))
    }

    func testOtherMessagesAreNotUevents() {
        XCTAssertNil(Uevent.parse(wire(["libudev", "garbage"])), "udevd's monitor format")
        XCTAssertNil(Uevent.parse([UInt8]()))
        XCTAssertNil(Uevent.parse(wire(["@/devices/x"])), "no action")
        XCTAssertNil(Uevent.parse(wire(["add@/devices/x", "ACTION=remove"])), "header and ACTION disagree")
        XCTAssertNotNil(Uevent.parse(wire(["add@/devices/x", "no equals sign here", "SUBSYSTEM=input"])))
    }

    func testDeviceNumbersSplitLikeGlibc() {
        XCTAssertEqual(DeviceNumber(makedevLike(226, 1)), DeviceNumber(major: 226, minor: 1))
        XCTAssertEqual(DeviceNumber(makedevLike(259, 70000)), DeviceNumber(major: 259, minor: 70000))
        XCTAssertEqual(DeviceNumber(makedevLike(5000, 3)), DeviceNumber(major: 5000, minor: 3))
        XCTAssertEqual(DeviceNumber(major: 226, minor: 0).description, "226:0")
    }

    func testDeviceNumberOfAnOpenCharacterDevice() throws {
        let fd = open("/dev/null", O_RDONLY)
        defer { close(fd) }
        XCTAssertEqual(DeviceNumber(descriptor: fd), DeviceNumber(major: 1, minor: 3))
        let dir = open("/", O_RDONLY)
        defer { close(dir) }
        XCTAssertNil(DeviceNumber(descriptor: dir), "a directory is not a device")
    }

    func testMonitorOpensWhereNetlinkIsAllowed() throws {
        // Containers may refuse kernel uevent sockets; the kiosk then runs without them.
        guard let m = try? UeventMonitor() else { throw XCTSkip("no NETLINK_KOBJECT_UEVENT socket here") }
        XCTAssertGreaterThanOrEqual(m.fd, 0)
        XCTAssertTrue(m.read().allSatisfy { !$0.action.isEmpty }, "non-blocking: returns at once")
    }

    /// glibc's __makedev, written out, so the split is checked against the encoding itself.
    private func makedevLike(_ major: UInt64, _ minor: UInt64) -> dev_t {
        dev_t(((major & 0xfff) << 8) | ((major & ~0xfff) << 32) | (minor & 0xff) | ((minor & ~0xff) << 12))
    }
}
#endif
