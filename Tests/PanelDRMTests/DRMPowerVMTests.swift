#if canImport(Glibc)
import Glibc
import XCTest
import CDRM
import PanelRenderer
@testable import PanelDRM

/// `DRMOutput.setActive` against vkms in the QEMU guest (Tests/vm/run-drm-tests, boot 2):
/// the CRTC goes inactive and back, atomic (CRTC ACTIVE) and legacy (connector DPMS), nothing
/// is presented while off, waking shows the frame that was on screen, and the first flip after
/// waking counts no missed vblanks. Skipped unless PANEL_KIOSK_VM=1.
final class DRMPowerVMTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["PANEL_KIOSK_VM"] == "1",
                          "needs a DRM device: run Tests/vm/run-drm-tests (QEMU + vkms)")
    }

    func testSetActiveTurnsTheCRTCOffAndOn() throws {
        for commit in [DRMCommitMode.atomic, .legacy] {
            let output = try DRMOutput(DRMOutputConfiguration(mode: .size(width: 640, height: 480, hz: 60),
                                                              commitMode: commit))
            defer { try? output.close() }
            let name = output.usesAtomic ? "atomic" : "legacy"
            // Before a mode is set there is nothing to turn off; the error says where.
            XCTAssertThrowsError(try output.setActive(false)) { e in
                XCTAssertTrue("\(e)".contains(output.devicePath) && "\(e)".contains(output.connectorName), "\(e)")
            }
            let reader = try CRTCReader(output)
            defer { reader.close() }
            func active() throws -> UInt64? { try reader.active() }
            let frame = try XCTUnwrap(Pixmap(width: output.frameWidth, height: output.frameHeight))
            let view = frame.view
            view.fill(with: 0xFF20_4060)
            view.fill(IntRect(x: 10, y: 20, width: 100, height: 50), with: 0xFFFF_8000)
            _ = try presentAndWait(output, view, [view.bounds])
            XCTAssertEqual(try active(), 1)

            try output.setActive(false)
            XCTAssertFalse(output.isActive)
            XCTAssertFalse(output.canPresent, "nothing is presented while the CRTC is off")
            XCTAssertEqual(try output.present(frame: view, damage: [view.bounds]), .busy)
            XCTAssertFalse(output.isFlipPending)
            let off = try active()
            print("DRM-POWER: \(name): ACTIVE after setActive(false): \(off.map(String.init) ?? "?")")
            XCTAssertEqual(off, 0)

            try output.setActive(true)
            let on = try active()
            XCTAssertEqual(on, 1)
            let mismatches = try reader.mismatches(against: view)
            XCTAssertEqual(mismatches, 0, "waking shows the frame that was on screen")

            let moved = IntRect(x: 200, y: 200, width: 40, height: 40)
            view.fill(moved, with: 0xFF00_FF00)
            let event = try presentAndWait(output, view, [moved])
            print("DRM-POWER: \(name): on again: ACTIVE \(on.map(String.init) ?? "?"), \(mismatches) pixels differ, next flip missed \(event?.missedVblanks ?? -1) vblanks")
            XCTAssertEqual(event?.missedVblanks, 0, "the time off is not counted as missed vblanks")
            try output.close()
        }
    }
}
#endif
