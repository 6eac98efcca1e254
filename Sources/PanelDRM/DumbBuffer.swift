#if canImport(Glibc)
import PanelRenderer
import Glibc
import CDRM

/// The pixel formats the output can scan out from a dumb buffer.
public enum ScanoutFormat: String, Sendable, CaseIterable {
    /// 32-bit `0x??RRGGBB`: our pixels copy straight in (DRM_FORMAT_XRGB8888, `XR24`).
    case xrgb8888
    /// 16-bit 5-6-5 for boards that ask for it (DRM_FORMAT_RGB565, `RG16`).
    case rgb565

    public var fourcc: UInt32 {
        switch self {
        case .xrgb8888: return PanelDRM.fourcc("XR24")
        case .rgb565: return PanelDRM.fourcc("RG16")
        }
    }
    public var bitsPerPixel: Int { self == .xrgb8888 ? 32 : 16 }
}

/// A dumb buffer with its framebuffer and CPU mapping: the one owner of the GEM handle
/// (`drmModeCreateDumbBuffer`), the FB id (`drmModeAddFB2`) and the mmap. A failed init
/// releases what it had acquired; `close()` (or deinit) releases all three, in reverse order.
/// Scanout memory is often write-combined: write it sequentially, never read or blend in it.
public final class DumbBuffer {
    public let device: DRMDevice
    public let width: Int
    public let height: Int
    public let format: ScanoutFormat
    /// Bytes between rows, as the kernel chose it.
    public let pitch: Int
    public let size: Int
    public private(set) var framebufferID: UInt32?
    private var handle: UInt32?
    private var mapping: UnsafeMutableRawPointer?

    public init(device: DRMDevice, width: Int, height: Int, format: ScanoutFormat,
                connector: String? = nil) throws(DRMError) {
        self.device = device; self.width = width; self.height = height; self.format = format
        var site = device.site
        site.connector = connector
        let fd = try device.descriptor()
        let calls = device.calls
        var created = (result: Int32(0), handle: UInt32(0), pitch: UInt32(0), size: UInt64(0))
        try site.call("drmModeCreateDumbBuffer") {
            created = calls.createDumb(fd, UInt32(width), UInt32(height), UInt32(format.bitsPerPixel))
            return created.result
        }
        pitch = Int(created.pitch); size = Int(created.size); handle = created.handle
        let h = created.handle
        // From here on every failure releases what exists before throwing (close() is
        // idempotent, so the deinit that follows finds nothing left).
        var fb: UInt32 = 0
        do {
            try site.call("drmModeAddFB2") {
                let r = calls.addFB(fd, UInt32(width), UInt32(height), format.fourcc, h, created.pitch)
                fb = r.framebuffer
                return r.result
            }
        } catch { close(); throw error }
        framebufferID = fb
        var offset: UInt64 = 0
        do {
            try site.call("drmModeMapDumbBuffer") {
                let r = calls.mapDumb(fd, h)
                offset = r.offset
                return r.result
            }
        } catch { close(); throw error }
        guard let m = calls.map(size, fd, offset) else {
            let e = Glibc.errno
            close()
            throw site.error("mmap of dumb buffer", errno: e)
        }
        mapping = m
        memset(m, 0, size)
    }

    deinit { close() }

    /// Unmaps, removes the framebuffer and destroys the buffer. Idempotent.
    public func close() {
        let calls = device.calls
        if let mapping { calls.unmap(mapping, size); self.mapping = nil }
        guard device.isOpen, let fd = try? device.descriptor() else {
            framebufferID = nil; handle = nil; return
        }
        if let framebufferID { _ = calls.removeFB(fd, framebufferID); self.framebufferID = nil }
        if let handle { _ = calls.destroyDumb(fd, handle); self.handle = nil }
    }

    /// Rows of 32-bit pixels (XRGB8888 buffers only): `stride` in pixels. Borrowed: valid until
    /// `close()`.
    public var pixels32: PixmapView? {
        guard format == .xrgb8888, let mapping else { return nil }
        return PixmapView(base: mapping.assumingMemoryBound(to: UInt32.self),
                          width: width, height: height, stride: pitch / 4)
    }

    /// The mapped bytes, nil once closed.
    public var bytes: UnsafeMutableRawPointer? { mapping }
}
#endif
