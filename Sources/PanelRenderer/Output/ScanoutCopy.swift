#if canImport(Glibc)

/// How the UI is turned on its way to the panel: the frame is rotated clockwise by this many
/// degrees when copied into the scanout buffer. With 90 and 270 the frame is the mode's
/// height wide and its width tall.
public enum DisplayRotation: Int, Sendable, CaseIterable {
    case rotate0 = 0, rotate90 = 90, rotate180 = 180, rotate270 = 270

    public init?(degrees: Int) { self.init(rawValue: ((degrees % 360) + 360) % 360) }

    public var swapsAxes: Bool { self == .rotate90 || self == .rotate270 }

    /// The frame (UI) size for a scanout of `width` x `height`.
    public func frameSize(scanoutWidth width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// Where a rectangle of a `frameWidth` x `frameHeight` frame lands in the scanout buffer.
    public func scanoutRect(_ r: IntRect, frameWidth w: Int, frameHeight h: Int) -> IntRect {
        switch self {
        case .rotate0: return r
        case .rotate90: return IntRect(x: h - r.y - r.height, y: r.x, width: r.height, height: r.width)
        case .rotate180: return IntRect(x: w - r.x - r.width, y: h - r.y - r.height, width: r.width, height: r.height)
        case .rotate270: return IntRect(x: r.y, y: w - r.x - r.width, width: r.height, height: r.width)
        }
    }

    /// Maps continuous scanout (panel) coordinates to frame (UI) coordinates, e.g. a touch
    /// already scaled to the panel's pixels. Its inverse maps UI to panel.
    public func scanoutToFrame(frameWidth w: Int, frameHeight h: Int) -> Transform {
        let W = Double(w), H = Double(h)
        switch self {
        case .rotate0: return .identity
        case .rotate90: return Transform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: H)      // x = sy, y = H - sx
        case .rotate180: return Transform(a: -1, b: 0, c: 0, d: -1, tx: W, ty: H)    // x = W - sx, y = H - sy
        case .rotate270: return Transform(a: 0, b: 1, c: -1, d: 0, tx: W, ty: 0)     // x = W - sy, y = sx
        }
    }

    /// The frame pixel shown at scanout pixel (`sx`, `sy`).
    @inline(__always)
    public func framePoint(scanoutX sx: Int, y sy: Int, frameWidth w: Int, frameHeight h: Int) -> (x: Int, y: Int) {
        switch self {
        case .rotate0: return (sx, sy)
        case .rotate90: return (sy, h - 1 - sx)
        case .rotate180: return (w - 1 - sx, h - 1 - sy)
        case .rotate270: return (w - 1 - sy, sx)
        }
    }
}

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
