#if canImport(Glibc)
import Glibc
import CDRM
import XCTest
import PanelRenderer
@testable import PanelDRM

/// What the CRTC actually emits, not just what is in the buffer: after the output shows a
/// frame, the same master routes the CRTC to the writeback connector alone (as IGT's
/// kms_writeback does; cloning beside Virtual-1 is refused) and the captured image must equal
/// the frame drawn in memory. VM only (PANEL_KIOSK_VM=1, vkms enable_writeback=1).
final class DRMWritebackVMTests: XCTestCase {
    func testWritebackCaptureEqualsFrame() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["PANEL_KIOSK_VM"] == "1", "needs the VM")
        let output = try DRMOutput(DRMOutputConfiguration(mode: .size(width: 640, height: 480, hz: 60),
                                                          rotation: .rotate90, commitMode: .atomic))
        defer { try? output.close() }
        let fd = try XCTUnwrap(output.fileDescriptor)
        let res = try DRMResources.read(output.device)
        guard let wb = res.connectors.first(where: \.isWriteback) else {
            throw XCTSkip("no writeback connector (vkms loaded without enable_writeback=1)")
        }
        let props = drmObjectProperties(fd: fd, object: wb.id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
        let wbCRTC = try XCTUnwrap(props["CRTC_ID"]?.id)
        let wbFB = try XCTUnwrap(props["WRITEBACK_FB_ID"]?.id)
        let wbFence = try XCTUnwrap(props["WRITEBACK_OUT_FENCE_PTR"]?.id)
        let atomic = try XCTUnwrap(output.atomic)

        let frame = try XCTUnwrap(Pixmap(width: output.frameWidth, height: output.frameHeight))
        let view = frame.view
        for y in 0..<view.height {
            for x in 0..<view.width { view[x, y] = 0xFF00_0000 | UInt32(truncatingIfNeeded: (x &* 7919) ^ (y &* 104729)) & 0xFF_FFFF }
        }
        XCTAssertEqual(try output.present(frame: view, damage: [view.bounds]), .flipRequested)
        var flipped = false
        for _ in 0..<50 where !flipped {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, 100)
            flipped = try !output.handleEvents().isEmpty
        }
        XCTAssertTrue(flipped)

        let target = try DumbBuffer(device: output.device, width: output.mode.width, height: output.mode.height,
                                    format: .xrgb8888)
        defer { target.close() }
        let req = try XCTUnwrap(drmModeAtomicAlloc())
        defer { drmModeAtomicFree(req) }
        // The kernel writes the out-fence's fd here during the commit.
        let fencePtr = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        defer { fencePtr.deallocate() }
        fencePtr.pointee = -1
        _ = drmModeAtomicAddProperty(req, atomic.connector, atomic.connectorCRTC, 0)
        _ = drmModeAtomicAddProperty(req, wb.id, wbCRTC, UInt64(output.selection.crtc.id))
        _ = drmModeAtomicAddProperty(req, wb.id, wbFB, UInt64(target.framebufferID ?? 0))
        _ = drmModeAtomicAddProperty(req, wb.id, wbFence, UInt64(UInt(bitPattern: fencePtr)))
        let rc = drmModeAtomicCommit(fd, req, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil)
        XCTAssertEqual(rc, 0, "writeback commit: \(String(cString: strerror(-rc)))")
        let fence = fencePtr.pointee
        if fence >= 0 {
            var p = pollfd(fd: fence, events: Int16(POLLIN), revents: 0)
            XCTAssertEqual(poll(&p, 1, 5000), 1, "writeback completed")
            Glibc.close(fence)
        }
        let captured = try XCTUnwrap(target.pixels32)
        var mismatches = 0
        for sy in 0..<captured.height {
            for sx in 0..<captured.width {
                let f = output.configuration.rotation.framePoint(scanoutX: sx, y: sy, frameWidth: view.width,
                                                                 frameHeight: view.height)
                if captured[sx, sy] & 0xFF_FFFF != view[f.x, f.y] & 0xFF_FFFF { mismatches += 1 }
            }
        }
        print("DRM-WRITEBACK: \(wb.name) captured \(captured.width)x\(captured.height) (rotation 90, atomic): \(mismatches) pixels differ")
        XCTAssertEqual(mismatches, 0)
    }
}
#endif
