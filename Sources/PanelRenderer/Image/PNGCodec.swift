import CPNG
#if canImport(Glibc)
import Glibc
#endif

/// PNG reading and writing through libpng's simplified API (png_image_*).
///
/// That API catches libpng's internal longjmp inside libpng itself and reports failure as a
/// return value plus `png_image.message`, so corrupt or truncated data never unwinds
/// through Swift frames. Decoded pixels are premultiplied ARGB32 (our `Pixmap` format);
/// encoding un-premultiplies, writing RGB when every pixel is opaque and RGBA otherwise.
public enum PNGCodec {
    // png.h format bits (macros the importer does not carry as typed constants).
    private static let formatBGR: UInt32 = 0x02 | 0x10      // COLOR | BGR
    private static let formatBGRA: UInt32 = 0x02 | 0x10 | 0x01  // + ALPHA
    private static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    /// Largest side we decode, px: the same limit as `Pixmap`.
    public static let maxSide = 1 << 15
    /// Largest pixel count we decode: the pixel budget (16 megapixels, 64 MiB), checked
    /// from the header before the pixels are allocated, so a hostile header cannot make us
    /// allocate gigabytes.
    public static let maxPixels = PixelBudget.maxPixels

    /// Decodes the PNG file at `path`. Throws `ImageError` naming `path`.
    public static func decode(path: String) throws -> Pixmap {
        try decode(data: ImageFile.readBytes(path), name: path)
    }

    /// Decodes PNG bytes; `name` is used in error messages (a path or a label).
    public static func decode(data: [UInt8], name: String) throws -> Pixmap {
        guard data.count >= 8, Array(data[0..<8]) == signature else {
            throw ImageError(name: name, reason: data.isEmpty ? "empty file, not a PNG" : "not a PNG file (bad signature)")
        }
        // The header first: the pixel budget is checked before anything is inflated.
        let (w, h) = try headerSize(data, name: name)
        if let why = PixelBudget.refusal(width: w, height: h) {
            throw ImageError(name: name, reason: "PNG of \(why); scale it down")
        }
        // libpng would inflate every compressed byte, however many the pixels need.
        var bytes = data
        switch data.withUnsafeBytes({ PNGImageData.checked($0) }) {
        case .tooLong:
            throw ImageError(name: name, reason: "a PNG whose compressed data is longer than its \(w)x\(h) px need (a decompression bomb?)")
        case .stored(let copy): bytes = copy
        case .asIs: break
        }
        // libpng keeps a pointer into the bytes from begin_read to finish_read, so both
        // calls happen inside one withUnsafeBytes.
        let pixmap: Pixmap = try bytes.withUnsafeBytes { raw in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            defer { png_image_free(&image) }  // no-op once finish_read (or a failure) freed it
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                throw ImageError(name: name, reason: "corrupt PNG header (\(message(of: &image)))")
            }
            guard let pixmap = Pixmap(width: w, height: h) else {
                throw ImageError(name: name, reason: "cannot allocate \(w)x\(h) px")
            }
            image.format = formatBGRA  // little-endian BGRA bytes == 0xAARRGGBB words
            guard png_image_finish_read(&image, nil, pixmap.pixels, Int32(pixmap.stride * 4), nil) != 0 else {
                throw ImageError(name: name, reason: "corrupt PNG data (\(message(of: &image)))")
            }
            return pixmap
        }
        premultiplyInPlace(pixmap)
        return pixmap
    }

    /// Width and height of the PNG at `path`, px, from its header (no pixel decoding).
    public static func imageSize(path: String) throws -> (width: Int, height: Int) {
        let data = try ImageFile.readBytes(path)
        guard data.count >= 8, Array(data[0..<8]) == signature else {
            throw ImageError(name: path, reason: "not a PNG file (bad signature)")
        }
        return try headerSize(data, name: path)
    }

    /// The width and height libpng reads from the header of `data` (a whole file), nothing
    /// inflated.
    private static func headerSize(_ data: [UInt8], name: String) throws -> (width: Int, height: Int) {
        try data.withUnsafeBytes { raw in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            defer { png_image_free(&image) }
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                throw ImageError(name: name, reason: "corrupt PNG header (\(message(of: &image)))")
            }
            return (Int(image.width), Int(image.height))
        }
    }

    /// Encodes `view` as PNG bytes (un-premultiplied; RGB when fully opaque, else RGBA).
    /// With `ignoringAlpha` the top byte is treated as unused (XRGB8888 buffers such as
    /// DRM dumb buffers) and an RGB PNG is written from the low 24 bits.
    public static func encodeData(_ view: PixmapView, ignoringAlpha: Bool = false) throws -> [UInt8] {
        try encode(view, name: "PNG data", ignoringAlpha: ignoringAlpha) { image, buffer, stride in
            var size = (stride + 1) * Int(image.pointee.height) + (64 << 10)
            for _ in 0..<2 {
                var out = [UInt8](repeating: 0, count: size)
                var bytes = size
                let ok = out.withUnsafeMutableBytes {
                    png_image_write_to_memory(image, $0.baseAddress, &bytes, 0, buffer, Int32(stride), nil)
                }
                if ok != 0 { out.removeSubrange(bytes...); return out }
                if bytes <= size { break }  // a real error, not "buffer too small"
                size = bytes
                image.pointee.warning_or_error = 0
            }
            throw ImageError(name: "PNG data", reason: "PNG encoding failed (\(message(of: image)))")
        }
    }

    /// Writes `view` to `path` as a PNG (un-premultiplied; RGB when fully opaque, else RGBA),
    /// whole or not at all (`WholeFile`). `ignoringAlpha` as in `encodeData`.
    public static func encode(_ view: PixmapView, to path: String, ignoringAlpha: Bool = false) throws {
        let data = try encodeData(view, ignoringAlpha: ignoringAlpha)
        // Whole or not at all: a full disk left a truncated PNG over the last good one.
        do { try WholeFile.write(data, to: path) } catch {
            throw ImageError(name: path, reason: "cannot write it (\(error.reason))")
        }
    }

    /// Converts `view` into straight-alpha BGR(A) rows and hands them to `write`.
    private static func encode<T>(_ view: PixmapView, name: String, ignoringAlpha: Bool,
                                  _ write: (UnsafeMutablePointer<png_image>, UnsafeRawPointer, Int) throws -> T) throws -> T {
        guard view.width > 0, view.height > 0 else { throw ImageError(name: name, reason: "cannot encode an empty image") }
        var opaque = true
        for y in 0..<view.height where opaque && !ignoringAlpha {
            let r = view.row(y)
            for x in 0..<view.width where r[x] >> 24 != 255 { opaque = false; break }
        }
        let channels = opaque ? 3 : 4
        let stride = view.width * channels
        var buffer = [UInt8](repeating: 0, count: stride * view.height)
        buffer.withUnsafeMutableBufferPointer { out in
            for y in 0..<view.height {
                let r = view.row(y)
                var o = y * stride
                for x in 0..<view.width {
                    let c = Color(premultipliedPixel: ignoringAlpha ? r[x] | 0xFF00_0000 : r[x])
                    out[o] = c.b; out[o + 1] = c.g; out[o + 2] = c.r
                    if !opaque { out[o + 3] = c.a }
                    o += channels
                }
            }
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(view.width); image.height = UInt32(view.height)
        image.format = opaque ? formatBGR : formatBGRA
        defer { png_image_free(&image) }
        return try buffer.withUnsafeBytes { try write(&image, $0.baseAddress!, stride) }
    }

    private static func message(of image: UnsafeMutablePointer<png_image>) -> String {
        withUnsafeBytes(of: &image.pointee.message) { raw in
            let bytes = raw.prefix(while: { $0 != 0 })
            let s = String(decoding: bytes, as: UTF8.self)
            return s.isEmpty ? "libpng reported no message" : s
        }
    }

    private static func premultiplyInPlace(_ p: Pixmap) {
        for y in 0..<p.height {
            let row = p.pixels + y * p.stride
            for x in 0..<p.width {
                let v = row[x]
                let a = v >> 24
                if a == 255 { continue }
                if a == 0 { row[x] = 0; continue }
                row[x] = (a << 24) | (mulDiv255((v >> 16) & 0xFF, a) << 16)
                    | (mulDiv255((v >> 8) & 0xFF, a) << 8) | mulDiv255(v & 0xFF, a)
            }
        }
    }
}
