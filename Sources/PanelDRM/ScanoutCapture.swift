#if canImport(Glibc)
import PanelRenderer
import Glibc
import CDRM

/// A copy of what a CRTC scans out at one moment, read back through the framebuffer
/// (`drmModeGetCrtc`, `drmModeGetFB2`, then mapping the buffer's GEM handle). For tests and
/// diagnostics: it needs root (the kernel only hands out handles to CAP_SYS_ADMIN) and works
/// while another process is master. Only linear single-plane dumb-style buffers (XR24, AR24,
/// RG16); RG16 pixels are widened to XRGB8888 (low bits replicated).
public struct ScanoutCapture: Sendable {
    public var framebufferID: UInt32
    public var width: Int
    public var height: Int
    /// The framebuffer's format as fourcc text (`XR24`).
    public var format: String
    /// Row-major `0x00RRGGBB` pixels (the X byte is cleared).
    public var pixels: [UInt32]

    public subscript(x x: Int, y y: Int) -> UInt32 { pixels[y * width + x] }

    /// Reads CRTC `crtcID` of `device` (which need not be master).
    public static func capture(device: DRMDevice, crtcID: UInt32) throws(DRMError) -> ScanoutCapture {
        let fd = try device.descriptor()
        let site = device.site
        guard let crtc = drmModeGetCrtc(fd, crtcID) else {
            throw site.error("drmModeGetCrtc", errno: Glibc.errno)
        }
        let fbID = crtc.pointee.buffer_id
        drmModeFreeCrtc(crtc)
        guard fbID != 0 else { throw site.error("capture scanout", detail: "CRTC \(crtcID) is off") }
        guard let fb = drmModeGetFB2(fd, fbID) else { throw site.error("drmModeGetFB2", errno: Glibc.errno) }
        defer { drmModeFreeFB2(fb) }
        let info = fb.pointee
        let handle = info.handles.0
        guard handle != 0 else {
            throw site.error("drmModeGetFB2", detail: "no buffer handle for FB \(fbID) (not root?)")
        }
        defer { _ = drmCloseBufferHandle(fd, handle) }
        let width = Int(info.width), height = Int(info.height), pitch = Int(info.pitches.0)
        let offset = Int(info.offsets.0)
        let bpp: Int
        switch info.pixel_format {
        case fourcc("XR24"), fourcc("AR24"): bpp = 4
        case fourcc("RG16"): bpp = 2
        default:
            throw site.error("capture scanout", detail: "format \(fourccString(info.pixel_format)) not supported")
        }
        var mapOffset: UInt64 = 0
        try site.call("drmModeMapDumbBuffer") { drmModeMapDumbBuffer(fd, handle, &mapOffset) }
        let length = offset + pitch * height
        let m = mmap(nil, length, PROT_READ, MAP_SHARED, fd, off_t(mapOffset))
        guard let m, m != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw site.error("mmap of scanout buffer", errno: Glibc.errno)
        }
        defer { munmap(m, length) }
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(m) + offset + y * pitch
            for x in 0..<width {
                if bpp == 4 {
                    pixels[y * width + x] = row.load(fromByteOffset: x * 4, as: UInt32.self) & 0x00FF_FFFF
                } else {
                    let p = UInt32(row.load(fromByteOffset: x * 2, as: UInt16.self))
                    let r = (p >> 11) & 0x1F, g = (p >> 5) & 0x3F, b = p & 0x1F
                    pixels[y * width + x] = ((r << 3 | r >> 2) << 16) | ((g << 2 | g >> 4) << 8) | (b << 3 | b >> 2)
                }
            }
        }
        return ScanoutCapture(framebufferID: fbID, width: width, height: height,
                              format: fourccString(info.pixel_format), pixels: pixels)
    }

    /// The capture turned back into the UI's orientation for a board that rotates its frames by
    /// `rotation` (`ScanoutCopy`): a `frameWidth` x `frameHeight` opaque pixmap, comparable
    /// pixel for pixel with an offscreen render of the same size. nil when it cannot be
    /// allocated.
    public func framePixmap(rotation: DisplayRotation) -> Pixmap? {
        let size = rotation.frameSize(scanoutWidth: width, height: height)
        guard let out = Pixmap(width: size.width, height: size.height) else { return nil }
        let view = out.view
        for sy in 0..<height {
            for sx in 0..<width {
                let p = rotation.framePoint(scanoutX: sx, y: sy, frameWidth: size.width, frameHeight: size.height)
                view.row(p.y)[p.x] = pixels[sy * width + sx] | 0xFF00_0000
            }
        }
        return out
    }
}
#endif
