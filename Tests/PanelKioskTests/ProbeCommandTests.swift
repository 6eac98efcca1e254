#if canImport(Glibc)
import Foundation
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// `panel-kiosk probe`: parses anywhere; in the VM (PANEL_KIOSK_VM=1) it must list vkms with
/// its connected Virtual-1, the CRTC and primary plane, and the uinput/evdev devices present.
final class ProbeCommandTests: XCTestCase {
    func testParses() throws {
        XCTAssertTrue(try Probe.parse(["--json"]).json)
        XCTAssertFalse(try Probe.parse([]).json)
    }

    func testReportOnThisMachineIsWellFormedJSON() throws {
        let text = try Probe.json(Probe.report())
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let decoded = try decoder.decode(Probe.Report.self, from: Data(text.utf8))
        XCTAssertEqual(decoded.drm.count, Probe.report().drm.count)
        XCTAssertTrue(text.contains("\"drm\""))
    }

    func testSeesVkmsInTheVM() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["PANEL_KIOSK_VM"] == "1", "needs the VM")
        let report = Probe.report()
        print("PROBE-TEXT:\n" + Probe.text(report))
        let vkms = try XCTUnwrap(report.drm.first { $0.driver == "vkms" }, "vkms listed")
        let virtual = try XCTUnwrap(vkms.connectors.first { $0.name == "Virtual-1" })
        XCTAssertEqual(virtual.status, "connected")
        XCTAssertEqual(virtual.preferred, "1024x768@60")
        XCTAssertTrue(virtual.modes.contains("640x480@60"))
        XCTAssertTrue(vkms.connectors.contains { $0.name == "Writeback-1" })
        XCTAssertFalse(vkms.crtcs.isEmpty)
        let primary = try XCTUnwrap(vkms.planes.first { $0.type == "primary" })
        XCTAssertTrue(primary.formats.contains("XR24"))
        XCTAssertTrue(vkms.dumbBuffers)
        if let path = ProcessInfo.processInfo.environment["PANEL_KIOSK_VM_PROBE"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(try Probe.json(report).utf8)))
        }
    }
}
#endif
