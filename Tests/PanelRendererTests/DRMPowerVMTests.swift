#if canImport(Glibc)
import Glibc
import XCTest
import CDRM
@testable import PanelRenderer

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
            let reader = try DRMDevice(path: output.devicePath, master: false)
            defer { reader.close() }
            _ = reader.enableClientCapability(UInt64(DRM_CLIENT_CAP_ATOMIC))
            let crtc = output.selection.crtc.id
            func active() throws -> UInt64? {
                drmObjectProperties(fd: try reader.descriptor(), object: crtc, type: UInt32(DRM_MODE_OBJECT_CRTC))["ACTIVE"]?.value
            }
            let frame = try XCTUnwrap(Pixmap(width: output.frameWidth, height: output.frameHeight))
            let view = frame.view
            view.fill(with: 0xFF20_4060)
            view.fill(IntRect(x: 10, y: 20, width: 100, height: 50), with: 0xFFFF_8000)
            _ = try flip(output, view, [view.bounds])
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
            let shot = try ScanoutCapture.capture(device: reader, crtcID: crtc)
            var mismatches = 0
            for y in 0..<shot.height { for x in 0..<shot.width where shot[x: x, y: y] != view[x, y] & 0xFF_FFFF { mismatches += 1 } }
            XCTAssertEqual(mismatches, 0, "waking shows the frame that was on screen")

            let moved = IntRect(x: 200, y: 200, width: 40, height: 40)
            view.fill(moved, with: 0xFF00_FF00)
            let event = try flip(output, view, [moved])
            print("DRM-POWER: \(name): on again: ACTIVE \(on.map(String.init) ?? "?"), \(mismatches) pixels differ, next flip missed \(event?.missedVblanks ?? -1) vblanks")
            XCTAssertEqual(event?.missedVblanks, 0, "the time off is not counted as missed vblanks")
            try output.close()
        }
    }

    private func flip(_ output: DRMOutput, _ view: PixmapView, _ damage: [IntRect]) throws -> FlipEvent? {
        XCTAssertEqual(try output.present(frame: view, damage: damage), .flipRequested)
        let fd = try XCTUnwrap(output.fileDescriptor)
        for _ in 0..<50 {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, 100)
            if let e = try output.handleEvents().last { return e }
        }
        XCTFail("flip completed")
        return nil
    }
}
#endif
