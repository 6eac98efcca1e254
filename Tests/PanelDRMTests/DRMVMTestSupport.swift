#if canImport(Glibc)
import Glibc
import XCTest
import CDRM
import PanelRenderer
@testable import PanelDRM

/// A second, non-master look at an output's CRTC, as another process would have: its atomic
/// `ACTIVE` state and what it scans out. For the VM tests.
struct CRTCReader {
    let device: DRMDevice
    let crtc: UInt32

    init(_ output: DRMOutput) throws {
        device = try DRMDevice(path: output.devicePath, master: false)
        _ = device.enableClientCapability(UInt64(DRM_CLIENT_CAP_ATOMIC))
        crtc = output.selection.crtc.id
    }

    func close() { device.close() }

    func active() throws -> UInt64? {
        drmObjectProperties(fd: try device.descriptor(), object: crtc, type: UInt32(DRM_MODE_OBJECT_CRTC))["ACTIVE"]?.value
    }

    /// Pixels where the scanout differs from `frame` (an unrotated XRGB output).
    func mismatches(against frame: PixmapView) throws -> Int {
        let shot = try ScanoutCapture.capture(device: device, crtcID: crtc)
        var n = 0
        for y in 0..<shot.height { for x in 0..<shot.width where shot[x: x, y: y] != frame[x, y] & 0xFF_FFFF { n += 1 } }
        return n
    }
}

extension XCTestCase {
    /// Presents a frame that must flip at once and waits for its event.
    func presentAndWait(_ output: DRMOutput, _ frame: PixmapView, _ damage: [IntRect]) throws -> FlipEvent? {
        XCTAssertEqual(try output.present(frame: frame, damage: damage), .flipRequested)
        return try flipEvents(output, count: 1).last
    }

    /// Waits up to 5 s for `count` flip events.
    func flipEvents(_ output: DRMOutput, count: Int) throws -> [FlipEvent] {
        let fd = try XCTUnwrap(output.fileDescriptor)
        var events: [FlipEvent] = []
        for _ in 0..<50 where events.count < count {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, 100)
            events += try output.handleEvents()
        }
        XCTAssertEqual(events.count, count, "flips completed")
        return events
    }
}
#endif
