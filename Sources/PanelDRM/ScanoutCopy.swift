#if canImport(Glibc)
import PanelRenderer

/// Copies rectangles of a frame in normal memory into a scanout buffer, rotating and
/// converting on the way. Writes go row by row in scanout order (write-combined memory likes
/// that); the frame is only read. Allocates nothing.
enum ScanoutCopy {
    /// Copies `rect` of `frame` (clipped to it) into `dst`, whose rows are `pitch` bytes apart.
    static func copy(_ rect: IntRect, of frame: PixmapView, rotation: DisplayRotation,
                     into dst: UnsafeMutableRawPointer, pitch: Int, format: ScanoutFormat) {
        let r = rect.intersection(frame.bounds)
        guard !r.isEmpty else { return }
        let w = frame.width, h = frame.height
        let s = rotation.scanoutRect(r, frameWidth: w, frameHeight: h)
        switch (format, rotation) {
        case (.xrgb8888, .rotate0):
            for y in r.y..<r.maxY {
                let row = (dst + y * pitch).assumingMemoryBound(to: UInt32.self)
                (row + r.x).update(from: frame.row(y) + r.x, count: r.width)
            }
        case (.xrgb8888, _):
            for sy in s.y..<s.maxY {
                let row = (dst + sy * pitch).assumingMemoryBound(to: UInt32.self)
                let start = rotation.framePoint(scanoutX: s.x, y: sy, frameWidth: w, frameHeight: h)
                let next = rotation.framePoint(scanoutX: s.x + 1, y: sy, frameWidth: w, frameHeight: h)
                let step = (next.y - start.y) * frame.stride + (next.x - start.x)
                var src = frame.base + start.y * frame.stride + start.x
                for sx in s.x..<s.maxX {
                    row[sx] = src.pointee
                    src += step
                }
            }
        case (.rgb565, _):
            for sy in s.y..<s.maxY {
                let row = (dst + sy * pitch).assumingMemoryBound(to: UInt16.self)
                let start = rotation.framePoint(scanoutX: s.x, y: sy, frameWidth: w, frameHeight: h)
                let next = rotation.framePoint(scanoutX: s.x + 1, y: sy, frameWidth: w, frameHeight: h)
                let step = (next.y - start.y) * frame.stride + (next.x - start.x)
                var src = frame.base + start.y * frame.stride + start.x
                for sx in s.x..<s.maxX {
                    row[sx] = rgb565(src.pointee)
                    src += step
                }
            }
        }
    }

    /// A premultiplied ARGB pixel over black, truncated to 5-6-5.
    @inline(__always)
    static func rgb565(_ p: UInt32) -> UInt16 {
        UInt16(truncatingIfNeeded: ((p >> 8) & 0xF800) | ((p >> 5) & 0x07E0) | ((p >> 3) & 0x001F))
    }
}
#endif
