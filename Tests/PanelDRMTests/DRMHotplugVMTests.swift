#if canImport(Glibc)
import Glibc
import XCTest
import CDRM
import PanelRenderer
@testable import PanelDRM

/// `probeConnector` and `setModeAgain` against vkms in the QEMU guest (Tests/vm/run-drm-tests,
/// boot 2), atomic and legacy: the connector's sysfs `status` is forced off and on, as a pulled
/// and re-plugged cable changes what the kernel reports. Off: the probe says so and the CRTC
/// goes inactive; on: setting the mode again lights it with the frame that was on screen, and
/// flips go on without counting the dark time as missed vblanks. Skipped unless PANEL_KIOSK_VM=1.
final class DRMHotplugVMTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["PANEL_KIOSK_VM"] == "1",
                          "needs a DRM device: run Tests/vm/run-drm-tests (QEMU + vkms)")
    }

    func testAConnectorThatGoesAndComesBackIsProbedAndItsModeSetAgain() throws {
        for commit in [DRMCommitMode.atomic, .legacy] {
            let output = try DRMOutput(DRMOutputConfiguration(mode: .size(width: 640, height: 480, hz: 60),
                                                              commitMode: commit))
            let name = output.usesAtomic ? "atomic" : "legacy"
            let card = String(output.devicePath.split(separator: "/").last ?? "card0")
            let status = "/sys/class/drm/\(card)-\(output.connectorName)/status"
            func force(_ value: String) throws {
                guard let f = fopen(status, "w") else { throw XCTSkip("cannot write \(status) (needs root)") }
                fputs(value, f); fclose(f)
            }
            defer { try? force("detect"); try? output.close() }
            XCTAssertThrowsError(try output.setModeAgain(), "no mode set yet") { e in
                XCTAssertTrue("\(e)".contains(output.connectorName), "\(e)")
            }
            let reader = try CRTCReader(output)
            defer { reader.close() }
            func active() throws -> UInt64? { try reader.active() }
            let frame = try XCTUnwrap(Pixmap(width: output.frameWidth, height: output.frameHeight))
            let view = frame.view
            view.fill(with: 0xFF30_5070)
            view.fill(IntRect(x: 40, y: 60, width: 120, height: 80), with: 0xFFE0_A000)
            _ = try presentAndWait(output, view, [view.bounds])

            let connected = try output.probeConnector()
            XCTAssertTrue(connected.connected)
            XCTAssertTrue(connected.offersCurrentSize)
            XCTAssertFalse(connected.linkBad)

            try force("off")
            let unplugged = try output.probeConnector()
            XCTAssertFalse(unplugged.connected, "\(name): the probe sees the connector gone")
            try output.setActive(false)
            XCTAssertEqual(try active(), 0)

            try force("on")
            let back = try output.probeConnector()
            XCTAssertTrue(back.connected, "\(name): and back")
            XCTAssertTrue(back.offersCurrentSize, "\(name): with our 640x480 among \(back.modes.count) modes")
            try output.setModeAgain()
            XCTAssertTrue(output.isActive)
            XCTAssertEqual(try active(), 1)
            let mismatches = try reader.mismatches(against: view)
            XCTAssertEqual(mismatches, 0, "\(name): the frame that was on screen shows again")

            let moved = IntRect(x: 300, y: 200, width: 30, height: 30)
            view.fill(moved, with: 0xFF00_FF00)
            XCTAssertEqual(try output.present(frame: view, damage: [moved]), .flipRequested)
            XCTAssertThrowsError(try output.setModeAgain(), "\(name): not while a flip is pending") { e in
                XCTAssertTrue("\(e)".contains("a page flip is pending"), "\(e)")
            }
            let event = try flipEvents(output, count: 1).last
            print("DRM-HOTPLUG: \(name): unplugged connected=\(unplugged.connected), back connected=\(back.connected) with \(back.modes.count) modes, \(mismatches) pixels differ after setting the mode again, next flip missed \(event?.missedVblanks ?? -1) vblanks")
            XCTAssertEqual(event?.missedVblanks, 0, "\(name): the dark time is not counted as missed vblanks")
        }
    }
}
#endif
