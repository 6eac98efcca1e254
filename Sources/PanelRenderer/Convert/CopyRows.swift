/// Output conversion: copies damaged rectangles of a rendered frame into a scanout buffer
/// (e.g. a DRM dumb buffer) with its own pitch, format and rotation. We draw in normal
/// memory and only ever write (never read or blend) the destination, which may be
/// write-combined.

/// Destination pixel formats.
public enum PixelFormat: Sendable {
    /// 32-bit little-endian 0xXXRRGGBB (DRM_FORMAT_XRGB8888): our own layout, copied as is.
    case xrgb8888
    /// 16-bit little-endian RRRRRGGGGGGBBBBB (DRM_FORMAT_RGB565); channels truncated.
    case rgb565

    public var bytesPerPixel: Int { self == .xrgb8888 ? 4 : 2 }
}

/// Clockwise rotation from the frame to the panel.
public enum Rotation: Int, Sendable {
    case r0 = 0, r90 = 90, r180 = 180, r270 = 270
    /// Destination size for a `w x h` frame.
    public func outputSize(width w: Int, height h: Int) -> (width: Int, height: Int) {
        self == .r90 || self == .r270 ? (h, w) : (w, h)
    }
    /// Where frame pixel (x, y) of a `w x h` frame lands in the destination.
    @inline(__always)
    public func map(x: Int, y: Int, width w: Int, height h: Int) -> (x: Int, y: Int) {
        switch self {
        case .r0: return (x, y)
        case .r90: return (h - 1 - y, x)
        case .r180: return (w - 1 - x, h - 1 - y)
        case .r270: return (y, w - 1 - x)
        }
    }
}

@inline(__always)
func rgb565(_ p: UInt32) -> UInt16 {
    UInt16(truncatingIfNeeded: ((p >> 8) & 0xF800) | ((p >> 5) & 0x07E0) | ((p >> 3) & 0x001F))
}

/// Copies each rectangle of `damage` (clipped to `src`) from `src` into `dst`, whose rows
/// are `pitchBytes` apart, converting to `format` and rotating by `rotation` (the
/// destination is then `rotation.outputSize` of the source). Overlapping rectangles are
/// copied twice, harmlessly. Does nothing for a pitch too small for the rotated width.
public func copyRows(from src: PixmapView, damage: [IntRect], to dst: UnsafeMutableRawPointer,
                     pitchBytes: Int, format: PixelFormat, rotation: Rotation = .r0) {
    let out = rotation.outputSize(width: src.width, height: src.height)
    guard pitchBytes >= out.width * format.bytesPerPixel else { return }
    for d in damage {
        let r = d.intersection(src.bounds)
        if r.isEmpty { continue }
        switch (format, rotation) {
        case (.xrgb8888, .r0):
            for y in r.y..<r.maxY {
                let o = (dst + y * pitchBytes).assumingMemoryBound(to: UInt32.self) + r.x
                o.update(from: src.row(y) + r.x, count: r.width)
            }
        case (.rgb565, .r0):
            for y in r.y..<r.maxY {
                let o = (dst + y * pitchBytes).assumingMemoryBound(to: UInt16.self) + r.x
                let s = src.row(y) + r.x
                for i in 0..<r.width { o[i] = rgb565(s[i]) }
            }
        default:
            copyRotated(src, r, dst, pitchBytes, format, rotation)
        }
    }
}

/// `copyRows` for a `DamageRegion` (its rectangle list, no array built per frame).
public func copyRows(from src: PixmapView, damage: DamageRegion, to dst: UnsafeMutableRawPointer,
                     pitchBytes: Int, format: PixelFormat, rotation: Rotation = .r0) {
    copyRows(from: src, damage: damage.rects, to: dst, pitchBytes: pitchBytes, format: format, rotation: rotation)
}

/// Rotated copies walk the source in 32x32 tiles so both sides stay cache-friendly.
private func copyRotated(_ src: PixmapView, _ r: IntRect, _ dst: UnsafeMutableRawPointer, _ pitch: Int,
                         _ format: PixelFormat, _ rotation: Rotation) {
    let w = src.width, h = src.height
    let tile = 32
    var ty = r.y
    while ty < r.maxY {
        let tyEnd = min(ty + tile, r.maxY)
        var tx = r.x
        while tx < r.maxX {
            let txEnd = min(tx + tile, r.maxX)
            for y in ty..<tyEnd {
                let s = src.row(y)
                for x in tx..<txEnd {
                    let m = rotation.map(x: x, y: y, width: w, height: h)
                    let row = dst + m.y * pitch
                    if format == .xrgb8888 {
                        row.assumingMemoryBound(to: UInt32.self)[m.x] = s[x]
                    } else {
                        row.assumingMemoryBound(to: UInt16.self)[m.x] = rgb565(s[x])
                    }
                }
            }
            tx = txEnd
        }
        ty = tyEnd
    }
}

extension Rotation {
    /// A damage rectangle of a `w x h` frame in destination coordinates.
    public func map(_ r: IntRect, width w: Int, height h: Int) -> IntRect {
        guard !r.isEmpty else { return .zero }
        let a = map(x: r.x, y: r.y, width: w, height: h)
        let b = map(x: r.maxX - 1, y: r.maxY - 1, width: w, height: h)
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        return IntRect(x: x0, y: y0, width: abs(a.x - b.x) + 1, height: abs(a.y - b.y) + 1)
    }
}
