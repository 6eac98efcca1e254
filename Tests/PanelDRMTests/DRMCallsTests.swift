#if canImport(Glibc)
import Glibc
import XCTest
import PanelRenderer
@testable import PanelDRM

/// Ownership without a device: a fake call table records what the device layer acquires and
/// releases, and injects failures at each step.
final class DRMCallsTests: XCTestCase {
    final class Log: @unchecked Sendable {
        var calls: [String] = []
        var openResults: [Int32] = [5]
        var isMaster = false
        var setMasterResult: Int32 = 0
        var addFBResult: Int32 = 0
        var mapFails = false
    }

    func fakeCalls(_ log: Log) -> DRMCalls {
        DRMCalls(
            open: { path in
                let r = log.openResults.count > 1 ? log.openResults.removeFirst() : log.openResults[0]
                log.calls.append("open \(path) -> \(r)"); return r
            },
            close: { fd in log.calls.append("close \(fd)"); return 0 },
            isMaster: { _ in log.isMaster },
            setMaster: { _ in log.calls.append("setMaster"); return log.setMasterResult },
            dropMaster: { _ in log.calls.append("dropMaster"); log.isMaster = false; return 0 },
            createDumb: { _, w, h, bpp in
                log.calls.append("createDumb \(w)x\(h)x\(bpp)")
                return (0, 7, w * bpp / 8, UInt64(w * h * bpp / 8))
            },
            addFB: { _, _, _, _, handle, _ in
                log.calls.append("addFB \(handle)"); return (log.addFBResult, 42)
            },
            removeFB: { _, fb in log.calls.append("removeFB \(fb)"); return 0 },
            mapDumb: { _, handle in log.calls.append("mapDumb \(handle)"); return (0, 4096) },
            map: { size, _, _ in
                log.calls.append("map \(size)")
                if log.mapFails { errno = ENOMEM; return nil }
                return UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            },
            unmap: { address, size in log.calls.append("unmap \(size)"); address.deallocate() },
            destroyDumb: { _, handle in log.calls.append("destroyDumb \(handle)"); return 0 })
    }

    func testBufferAcquiresAndReleasesInReverseOrderOnce() throws {
        let log = Log()
        let device = try DRMDevice(path: "/dev/dri/fake", master: false, calls: fakeCalls(log))
        let buffer = try DumbBuffer(device: device, width: 4, height: 2, format: .xrgb8888)
        XCTAssertEqual(buffer.framebufferID, 42)
        XCTAssertEqual(buffer.pixels32?.stride, 4)
        log.calls.removeAll()
        buffer.close()
        buffer.close()
        XCTAssertEqual(log.calls, ["unmap 32", "removeFB 42", "destroyDumb 7"])
        device.close()
        XCTAssertEqual(log.calls.last, "close 5")
    }

    func testFailedFramebufferReleasesTheDumbBuffer() throws {
        let log = Log()
        log.addFBResult = -EINVAL
        let device = try DRMDevice(path: "/dev/dri/fake", master: false, calls: fakeCalls(log))
        XCTAssertThrowsError(try DumbBuffer(device: device, width: 4, height: 2, format: .rgb565, connector: "DSI-1")) {
            XCTAssertEqual(String(describing: $0), "drmModeAddFB2 on /dev/dri/fake (DSI-1): Invalid argument")
        }
        XCTAssertEqual(Array(log.calls.dropFirst()), ["createDumb 4x2x16", "addFB 7", "destroyDumb 7"])
    }

    func testFailedMappingReleasesFramebufferAndBuffer() throws {
        let log = Log()
        log.mapFails = true
        let device = try DRMDevice(path: "/dev/dri/fake", master: false, calls: fakeCalls(log))
        XCTAssertThrowsError(try DumbBuffer(device: device, width: 4, height: 2, format: .xrgb8888)) {
            XCTAssertEqual(String(describing: $0), "mmap of dumb buffer on /dev/dri/fake: Cannot allocate memory")
        }
        XCTAssertEqual(Array(log.calls.dropFirst()),
                       ["createDumb 4x2x32", "addFB 7", "mapDumb 7", "map 32", "removeFB 42", "destroyDumb 7"])
    }

    func testRefusedMasterClosesTheDescriptorAndSaysWhy() {
        let log = Log()
        log.setMasterResult = -EACCES
        XCTAssertThrowsError(try DRMDevice(path: "/dev/dri/card1", master: true, calls: fakeCalls(log))) {
            XCTAssertEqual(String(describing: $0), "drmSetMaster on /dev/dri/card1: Permission denied; "
                           + "another process (a compositor or another kiosk) holds the display")
        }
        XCTAssertEqual(log.calls, ["open /dev/dri/card1 -> 5", "setMaster", "close 5"])
    }

    func testOpenRetriesEINTRAndReaderGivesUpMaster() throws {
        let log = Log()
        log.openResults = [-EINTR, 6]
        log.isMaster = true
        let device = try DRMDevice(path: "/dev/dri/card0", master: false, calls: fakeCalls(log))
        XCTAssertEqual(log.calls, ["open /dev/dri/card0 -> -4", "open /dev/dri/card0 -> 6", "dropMaster"])
        XCTAssertFalse(device.isMaster)
    }

    func testOpenFailureNamesTheDevice() {
        let log = Log()
        log.openResults = [-ENOENT]
        XCTAssertThrowsError(try DRMDevice(path: "/dev/dri/by-path/platform-gpu-card", master: true, calls: fakeCalls(log))) {
            XCTAssertEqual(String(describing: $0), "open on /dev/dri/by-path/platform-gpu-card: No such file or directory")
        }
    }
}
#endif
