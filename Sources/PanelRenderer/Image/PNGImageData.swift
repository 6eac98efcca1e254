import CZlib

/// The compressed pixel data of a PNG (its IDAT chunks), inflated once with a cap before
/// libpng decodes it.
///
/// libpng's simplified API inflates every IDAT byte, also past the last row: an 8x8 PNG whose
/// IDAT holds its rows and then 5 GiB of zeros (5 MB on disk) cost 20 s at start-up and
/// blocked the loop for 7 s when set over the socket, while the pixel budget saw 64 pixels.
/// Here the data is inflated into one small scratch buffer and only counted, stopping as
/// soon as it is longer than the header's image needs, so the compressed data of a file can
/// cost no more than the image itself (one more inflate of it, a few ms for a full-screen
/// photo).
enum PNGImageData {
    /// Bytes the inflated data may run past what the rows need. A few extra bytes from a
    /// careless encoder are harmless (libpng ignores them), so such files stay readable.
    static let slackBytes = 64 << 10
    private static let scratchBytes = 128 << 10
    // Chunk types as big-endian words ("IHDR", "IDAT", "IEND").
    private static let ihdr: UInt32 = 0x4948_4452, idat: UInt32 = 0x4944_4154, iend: UInt32 = 0x4945_4E44

    /// The bytes the rows of an image inflate to: a filter byte and the packed pixels per
    /// row, summed over the seven Adam7 passes when `interlaced`. nil for a header libpng
    /// would refuse (an unknown colour type or depth).
    static func rawSize(width: Int, height: Int, bitDepth: Int, colorType: Int, interlaced: Bool) -> Int? {
        let channels: Int
        switch colorType {
        case 0, 3: channels = 1
        case 4: channels = 2
        case 2: channels = 3
        case 6: channels = 4
        default: return nil
        }
        guard [1, 2, 4, 8, 16].contains(bitDepth), width > 0, height > 0 else { return nil }
        let bitsPerPixel = channels * bitDepth
        func size(_ w: Int, _ h: Int) -> Int { w > 0 && h > 0 ? h * (1 + (w * bitsPerPixel + 7) / 8) : 0 }
        guard interlaced else { return size(width, height) }
        // Adam7: (x start, y start, x step, y step) of each pass.
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return passes.reduce(0) { sum, p in
            sum + size((width - p.0 + p.2 - 1) / p.2, (height - p.1 + p.3 - 1) / p.3)
        }
    }

    /// The most bytes the IDAT data of `png` (a whole file) may inflate to, from its IHDR
    /// (the first chunk, which libpng has already checked); nil when the header is unusable.
    static func limit(_ png: UnsafeRawBufferPointer) -> Int? {
        guard png.count >= 33, bigEndian32(png, at: 12) == ihdr else { return nil }
        let w = Int(bigEndian32(png, at: 16)), h = Int(bigEndian32(png, at: 20))
        guard let raw = rawSize(width: w, height: h, bitDepth: Int(png[24]), colorType: Int(png[25]),
                                interlaced: png[28] == 1) else { return nil }
        return raw + slackBytes
    }

    /// How many bytes the IDAT chunks of `png` inflate to, counted up to `limit` + 1 (the
    /// count stops there, so the cost is bounded by `limit`, not by the data). Chunks are
    /// walked in file order; a truncated chunk, a zlib error or the end of the zlib stream
    /// ends the count (libpng reports those itself).
    static func inflatedSize(_ png: UnsafeRawBufferPointer, limit: Int) -> Int {
        var stream = z_stream()
        guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return 0 }
        defer { inflateEnd(&stream) }
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: scratchBytes)
        defer { scratch.deallocate() }
        var total = 0
        var at = 8
        while at + 12 <= png.count {
            let length = Int(bigEndian32(png, at: at))
            guard length <= png.count - at - 12 else { break }
            let type = bigEndian32(png, at: at + 4)
            if type == iend { break }
            if type == idat, length > 0 {
                stream.next_in = UnsafeMutablePointer(mutating: png.baseAddress!.assumingMemoryBound(to: UInt8.self) + at + 8)
                stream.avail_in = UInt32(length)
                repeat {
                    stream.next_out = scratch
                    stream.avail_out = UInt32(scratchBytes)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    total += scratchBytes - Int(stream.avail_out)
                    if total > limit { return total }
                    if status == Z_STREAM_END { return total }
                    if status != Z_OK && status != Z_BUF_ERROR { return total }
                    // Z_BUF_ERROR: this chunk is used up; the stream goes on in the next.
                    if status == Z_BUF_ERROR { break }
                } while stream.avail_in > 0 || stream.avail_out == 0
            }
            at += 12 + length
        }
        return total
    }

    private static func bigEndian32(_ p: UnsafeRawBufferPointer, at i: Int) -> UInt32 {
        UInt32(p[i]) << 24 | UInt32(p[i + 1]) << 16 | UInt32(p[i + 2]) << 8 | UInt32(p[i + 3])
    }
}
