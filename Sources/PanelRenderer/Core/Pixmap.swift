#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Pixel storage: 32-bit premultiplied ARGB words (`0xAARRGGBB`, native endian, which on
/// the little-endian boards we target is the byte order of DRM's ARGB8888/XRGB8888).
/// Rows are `stride` pixels apart, so a view can cover a DRM dumb buffer's pitch or a
/// rectangle of a larger surface without copying.
public struct PixmapView {
    public let base: UnsafeMutablePointer<UInt32>
    public let width: Int
    public let height: Int
    /// Distance between rows, in pixels (not bytes).
    public let stride: Int

    public init(base: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int) {
        precondition(width >= 0 && height >= 0 && stride >= width, "bad pixmap view geometry")
        self.base = base; self.width = width; self.height = height; self.stride = stride
    }

    @inline(__always) public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        base + y * stride
    }
    @inline(__always) public subscript(x: Int, y: Int) -> UInt32 {
        get { base[y * stride + x] }
        nonmutating set { base[y * stride + x] = newValue }
    }
    public var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

    /// A view of `rect` (clipped to this view) sharing the same memory.
    public func subview(_ rect: IntRect) -> PixmapView {
        let r = rect.intersection(bounds)
        if r.isEmpty { return PixmapView(base: base, width: 0, height: 0, stride: stride) }
        return PixmapView(base: base + r.y * stride + r.x, width: r.width, height: r.height, stride: stride)
    }

    /// Fills `rect` (clipped) with a premultiplied pixel value.
    public func fill(_ rect: IntRect, with pixel: UInt32) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            (row(y) + r.x).update(repeating: pixel, count: r.width)
        }
    }
    public func fill(with pixel: UInt32) { fill(bounds, with: pixel) }

    /// Copies `source` (same size as `rect` after clipping) into `rect` of this view.
    public func copy(from source: PixmapView, to origin: (x: Int, y: Int) = (0, 0)) {
        let r = IntRect(x: origin.x, y: origin.y, width: source.width, height: source.height).intersection(bounds)
        guard !r.isEmpty else { return }
        let sx = r.x - origin.x, sy = r.y - origin.y
        for y in 0..<r.height {
            (row(r.y + y) + r.x).update(from: source.row(sy + y) + sx, count: r.width)
        }
    }
}

/// An owned pixel buffer. A class because it owns memory; draw through `view`.
public final class Pixmap: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let stride: Int
    public let pixels: UnsafeMutablePointer<UInt32>

    /// A transparent buffer; nil when the size is zero, negative or would overflow, or when
    /// there is no memory for it.
    public init?(width: Int, height: Int) {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15 else { return nil }
        self.width = width; self.height = height; self.stride = width
        // calloc rather than a loop writing zeros: a frame-sized buffer comes straight from the
        // kernel's zeroed pages, so nothing is written twice before the first frame (a full
        // pass over 3 MB at 1024x768, some 10 ms under QEMU's TCG).
        guard let memory = calloc(width * height, MemoryLayout<UInt32>.stride) else { return nil }
        pixels = memory.bindMemory(to: UInt32.self, capacity: width * height)
    }
    deinit { free(pixels) }

    public var view: PixmapView { PixmapView(base: pixels, width: width, height: height, stride: stride) }
    public var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }
    @inline(__always) public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * stride + x] }
        set { pixels[y * stride + x] = newValue }
    }
    /// The pixel as a straight colour (un-premultiplied), for tests and readback.
    public func color(x: Int, y: Int) -> Color { Color(premultipliedPixel: self[x, y]) }
}

extension Color {
    /// Un-premultiplies an ARGB32 pixel.
    public init(premultipliedPixel p: UInt32) {
        let a = UInt8(p >> 24)
        func un(_ v: UInt32) -> UInt8 {
            a == 0 ? 0 : UInt8(min(255, (v * 255 + UInt32(a) / 2) / UInt32(a)))
        }
        self.init(r: un((p >> 16) & 0xFF), g: un((p >> 8) & 0xFF), b: un(p & 0xFF), a: a)
    }
}
