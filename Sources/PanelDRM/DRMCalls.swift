#if canImport(Glibc)
import Glibc
import CDRM

/// The calls of the device layer that acquire or release something (descriptor, master, dumb
/// buffer, framebuffer, mapping), as a table. `.system` makes the real calls; tests build one
/// that records calls and injects failures, so "a failed init releases what it acquired" is
/// checked without a device. Failures follow libdrm: a negative errno, or -1 with `errno` set.
struct DRMCalls: Sendable {
    var open: @Sendable (_ path: String) -> Int32
    var close: @Sendable (_ fd: Int32) -> Int32
    var isMaster: @Sendable (_ fd: Int32) -> Bool
    var setMaster: @Sendable (_ fd: Int32) -> Int32
    var dropMaster: @Sendable (_ fd: Int32) -> Int32
    /// drmModeCreateDumbBuffer: result, handle, pitch, size.
    var createDumb: @Sendable (_ fd: Int32, _ width: UInt32, _ height: UInt32, _ bpp: UInt32)
        -> (result: Int32, handle: UInt32, pitch: UInt32, size: UInt64)
    /// drmModeAddFB2 for a single-plane buffer: result, FB id.
    var addFB: @Sendable (_ fd: Int32, _ width: UInt32, _ height: UInt32, _ format: UInt32,
                          _ handle: UInt32, _ pitch: UInt32) -> (result: Int32, framebuffer: UInt32)
    var removeFB: @Sendable (_ fd: Int32, _ framebuffer: UInt32) -> Int32
    /// drmModeMapDumbBuffer: result, mmap offset.
    var mapDumb: @Sendable (_ fd: Int32, _ handle: UInt32) -> (result: Int32, offset: UInt64)
    /// mmap read-write shared; nil with `errno` set on failure.
    var map: @Sendable (_ size: Int, _ fd: Int32, _ offset: UInt64) -> UnsafeMutableRawPointer?
    var unmap: @Sendable (_ address: UnsafeMutableRawPointer, _ size: Int) -> Void
    var destroyDumb: @Sendable (_ fd: Int32, _ handle: UInt32) -> Int32

    static let system = DRMCalls(
        open: { path in Glibc.open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK) },
        close: { fd in Glibc.close(fd) },
        isMaster: { fd in drmIsMaster(fd) != 0 },
        setMaster: { fd in drmSetMaster(fd) },
        dropMaster: { fd in drmDropMaster(fd) },
        createDumb: { fd, w, h, bpp in
            var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
            let r = drmModeCreateDumbBuffer(fd, w, h, bpp, 0, &handle, &pitch, &size)
            return (r, handle, pitch, size)
        },
        addFB: { fd, w, h, format, handle, pitch in
            var fb: UInt32 = 0
            let handles: [UInt32] = [handle, 0, 0, 0], pitches: [UInt32] = [pitch, 0, 0, 0]
            let offsets: [UInt32] = [0, 0, 0, 0]
            let r = drmModeAddFB2(fd, w, h, format, handles, pitches, offsets, &fb, 0)
            return (r, fb)
        },
        removeFB: { fd, fb in drmModeRmFB(fd, fb) },
        mapDumb: { fd, handle in
            var offset: UInt64 = 0
            let r = drmModeMapDumbBuffer(fd, handle, &offset)
            return (r, offset)
        },
        map: { size, fd, offset in
            let m = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
            return m == UnsafeMutableRawPointer(bitPattern: -1) ? nil : m
        },
        unmap: { address, size in _ = munmap(address, size) },
        destroyDumb: { fd, handle in drmModeDestroyDumbBuffer(fd, handle) })
}
#endif
