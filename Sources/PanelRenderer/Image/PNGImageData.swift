import CZlib

/// The compressed pixel data of a PNG (its IDAT chunks), inflated once with a cap before
/// libpng decodes it.
///
/// libpng's simplified API inflates every IDAT byte, also past the last row: an 8x8 PNG whose
/// IDAT holds its rows and then 5 GiB of zeros (5 MB on disk) cost 20 s at start-up and
/// blocked the loop for 7 s when set over the socket, while the pixel budget saw 64 pixels.
/// Here the data is inflated with zlib, stopping as soon as it is longer than the header's
/// image needs, so the compressed data of a file can cost no more than the image itself.
///
/// Inflating it twice (here, then in libpng) cost a 1920x1080 photo 30 ms more on a 45 ms
/// decode, so where inflating is slow (data that compresses little) the rows are inflated
/// straight into a copy of the file whose IDAT holds them in stored (uncompressed) deflate
/// blocks, and libpng decodes that copy: its inflate is then a copy. Data that compresses
/// well inflates fast and is only counted, as is an image whose copy would be large.
enum PNGImageData {
    /// Bytes the inflated data may run past what the rows need. A few extra bytes from a
    /// careless encoder are harmless (libpng ignores them), so such files stay readable.
    static let slackBytes = 64 << 10
    /// Bytes of one stored deflate block, at most.
    private static let blockBytes = 65535
    /// The largest stored copy made (raw rows, bytes): a 4K UHD photo's. Larger images are
    /// only counted, so decoding one never holds a third copy of 64 MiB.
    static let maxCopyBytes = 32 << 20
    private static let scratchBytes = 128 << 10
    // Chunk types as big-endian words ("IHDR", "IDAT", "IEND").
    private static let ihdr: UInt32 = 0x4948_4452, idat: UInt32 = 0x4944_4154, iend: UInt32 = 0x4945_4E44

    enum Outcome {
        /// The file again, its pixel data inflated once and stored: hand this to libpng.
        case stored([UInt8])
        /// The data inflates to more than `slackBytes` past the rows: refuse the file.
        case tooLong
        /// Hand libpng the original: its data was counted and fits, or it is broken in a way
        /// libpng reports (a bad header, a truncated chunk, short or corrupt data).
        case asIs
    }

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

    /// `png` (a whole file whose header libpng has read and the pixel budget passed) with its
    /// IDAT data inflated, at most `slackBytes` past the rows' raw size.
    static func checked(_ png: UnsafeRawBufferPointer) -> Outcome {
        guard png.count >= 33, word(png, 12) == ihdr,
              let raw = rawSize(width: Int(word(png, 16)), height: Int(word(png, 20)), bitDepth: Int(png[24]),
                                colorType: Int(png[25]), interlaced: png[28] == 1) else { return .asIs }
        // The chunks before the first IDAT are kept as they are (PLTE, tRNS, gAMA...); the
        // IDAT chunks are found in file order up to IEND.
        var prefix = 0
        var chunks: [Range<Int>] = []
        var at = 8
        while at + 12 <= png.count {
            let length = Int(word(png, at))
            guard length <= png.count - at - 12 else { return .asIs }
            let type = word(png, at + 4)
            if type == iend { break }
            if type == idat {
                if chunks.isEmpty { prefix = at }
                if length > 0 { chunks.append((at + 8)..<(at + 8 + length)) }
            }
            at += 12 + length
        }
        guard !chunks.isEmpty, let stream = IDATStream(png, chunks) else { return .asIs }
        // The copy pays where inflating is slow: data that compresses to more than an eighth
        // (a photo). Data that compresses well inflates fast, so it is only counted, and so is
        // a copy that would be large to hold next to the pixels.
        let compressed = chunks.reduce(0) { $0 + $1.count }
        guard compressed >= raw / 8, raw <= maxCopyBytes else {
            let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: scratchBytes)
            defer { scratch.deallocate() }
            return stream.rows(raw) { made in (scratch, min(scratchBytes, raw - made)) } ?? .asIs
        }
        let blocks = (raw + blockBytes - 1) / blockBytes
        let idatLength = 2 + blocks * 5 + raw + 4  // zlib header, block headers, rows, Adler-32
        let total = prefix + 8 + idatLength + 4 + 12
        var refusal: Outcome?
        let copy = [UInt8](unsafeUninitializedCapacity: total) { out, count in
            refusal = fill(out.baseAddress!, png, prefix: prefix, stream: stream, raw: raw, blocks: blocks, idatLength: idatLength)
            count = refusal == nil ? total : 0
        }
        return refusal ?? .stored(copy)
    }

    /// Writes the stored copy at `base`, every byte of it; nil when it is written, else what
    /// to do instead.
    private static func fill(_ base: UnsafeMutablePointer<UInt8>, _ png: UnsafeRawBufferPointer, prefix: Int,
                             stream: IDATStream, raw: Int, blocks: Int, idatLength: Int) -> Outcome? {
        // Every byte is written before it is read (the buffer starts uninitialized).
        UnsafeMutableRawPointer(base).copyMemory(from: png.baseAddress!, byteCount: prefix)
        var p = prefix
        func put32(_ v: UInt32) {
            base[p] = UInt8(v >> 24); base[p + 1] = UInt8(v >> 16 & 0xFF); base[p + 2] = UInt8(v >> 8 & 0xFF)
            base[p + 3] = UInt8(v & 0xFF); p += 4
        }
        put32(UInt32(idatLength)); put32(idat)
        let deflate = p
        base[p] = 0x78; base[p + 1] = 0x01  // zlib header: deflate, 32 KiB window, no dictionary
        // Block k's data starts at dataStart(k); its 5-byte header just before it.
        func dataStart(_ k: Int) -> Int { deflate + 2 + k * (5 + blockBytes) + 5 }
        for k in 0..<blocks {
            let n = min(blockBytes, raw - k * blockBytes)
            let h = dataStart(k) - 5
            base[h] = k == blocks - 1 ? 1 : 0  // BFINAL on the last; BTYPE 00 (stored)
            base[h + 1] = UInt8(n & 0xFF); base[h + 2] = UInt8(n >> 8)
            base[h + 3] = ~base[h + 1]; base[h + 4] = ~base[h + 2]
        }
        if let refusal = stream.rows(raw, into: { made in
            let k = made / blockBytes
            return (base + dataStart(k) + made - k * blockBytes, min(raw, (k + 1) * blockBytes) - made)
        }) { return refusal }
        p = deflate + idatLength - 4
        put32(stream.rowsAdler)
        put32(UInt32(truncatingIfNeeded: crc32(0, base + prefix + 4, UInt32(4 + idatLength))))
        put32(0); put32(iend); put32(0xAE42_6082)  // IEND: empty, its CRC
        return nil
    }

    private static func word(_ p: UnsafeRawBufferPointer, _ i: Int) -> UInt32 {
        UInt32(p[i]) << 24 | UInt32(p[i + 1]) << 16 | UInt32(p[i + 2]) << 8 | UInt32(p[i + 3])
    }
}

/// The zlib stream that runs through a PNG's IDAT chunks. A class: zlib's state points back
/// at its `z_stream`, which must not move, and is freed once.
private final class IDATStream {
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private let input: UnsafePointer<UInt8>
    private let chunks: [Range<Int>]
    private var nextChunk = 0
    /// The Adler-32 of the rows, once `rows` has inflated them.
    private(set) var rowsAdler: UInt32 = 0

    init?(_ png: UnsafeRawBufferPointer, _ chunks: [Range<Int>]) {
        input = png.baseAddress!.assumingMemoryBound(to: UInt8.self)
        self.chunks = chunks
        stream.initialize(to: z_stream())
        guard inflateInit_(stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            stream.deallocate()
            return nil
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// Inflates the `raw` bytes of rows to where `into` says (a place and its room, given the
    /// bytes made so far), then counts what follows them. nil when the rows are whole and
    /// at most `slackBytes` follow; `.tooLong` past that; `.asIs` for data that ends short
    /// or is corrupt (libpng says so).
    func rows(_ raw: Int, into: (_ made: Int) -> (UnsafeMutablePointer<UInt8>, Int)) -> PNGImageData.Outcome? {
        var made = 0
        var ended = false
        while made < raw {
            let (to, room) = into(made)
            guard !ended, let s = step(to, room) else { return .asIs }
            made += s.made
            ended = s.ended
        }
        rowsAdler = UInt32(truncatingIfNeeded: stream.pointee.adler)  // no byte past the rows went out yet
        guard !ended else { return nil }
        let slack = PNGImageData.slackBytes
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: slack + 1)
        defer { scratch.deallocate() }
        var extra = 0
        while extra <= slack, let s = step(scratch, slack + 1 - extra) {
            extra += s.made
            if s.ended { break }
        }
        return extra > slack ? .tooLong : nil
    }

    /// One inflate into `room` bytes at `to`: the bytes made, or nil when the stream cannot
    /// go on (an error, no more data).
    private func step(_ to: UnsafeMutablePointer<UInt8>, _ room: Int) -> (made: Int, ended: Bool)? {
        if stream.pointee.avail_in == 0 {
            guard nextChunk < chunks.count else { return nil }
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input + chunks[nextChunk].lowerBound)
            stream.pointee.avail_in = UInt32(chunks[nextChunk].count)
            nextChunk += 1
        }
        stream.pointee.next_out = to
        stream.pointee.avail_out = UInt32(room)
        let status = inflate(stream, Z_NO_FLUSH)
        let made = room - Int(stream.pointee.avail_out)
        switch status {
        case Z_OK: return (made, false)
        case Z_STREAM_END: return (made, true)
        case Z_BUF_ERROR where stream.pointee.avail_in == 0: return (made, false)  // on to the next chunk
        default: return nil
        }
    }
}
