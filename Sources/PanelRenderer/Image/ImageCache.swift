/// Decoded and scaled UI images, keyed by (path, target size), so an icon or thumbnail is
/// decoded and resampled once and then drawn from memory.
///
/// Memory is bounded by `byteBudget` (4 bytes per pixel): inserting past it evicts the
/// least recently used images. A failed decode is not cached (the error is thrown again,
/// so a file fixed on disk loads on the next request). Not thread-safe.
public final class ImageCache {
    private struct Key: Hashable { let path: String; let width: Int; let height: Int }
    private struct Entry { let pixmap: Pixmap; var lastUse: UInt64 }
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    /// Bytes of pixels currently held.
    public private(set) var bytesUsed = 0
    /// Upper bound for `bytesUsed`; an image larger than the whole budget is returned but
    /// not kept.
    public var byteBudget: Int { didSet { evict(toFit: 0) } }

    public init(byteBudget: Int = 32 << 20) { self.byteBudget = max(0, byteBudget) }

    /// The PNG at `path` at its own size.
    public func image(path: String) throws -> Pixmap {
        try image(path: path, width: 0, height: 0)
    }

    /// The PNG at `path` resampled to `width` x `height` px (box filter when shrinking,
    /// bilinear when enlarging); 0 x 0 means the file's own size.
    /// - Throws: `ImageError` naming `path` (missing, not a PNG, corrupt) or a bad size.
    public func image(path: String, width: Int, height: Int) throws -> Pixmap {
        let key = Key(path: path, width: width, height: height)
        clock += 1
        if var e = entries[key] {
            e.lastUse = clock
            entries[key] = e
            return e.pixmap
        }
        guard width >= 0, height >= 0, (width == 0) == (height == 0) else {
            throw ImageError(name: path, reason: "bad target size \(width)x\(height) px")
        }
        let decoded = try PNGCodec.decode(path: path)
        var result = decoded
        if width > 0 && (width != decoded.width || height != decoded.height) {
            guard let s = ImageScaler.scaled(decoded.view, width: width, height: height) else {
                throw ImageError(name: path, reason: "cannot scale to \(width)x\(height) px")
            }
            result = s
        }
        let cost = result.width * result.height * 4
        if cost <= byteBudget {
            evict(toFit: cost)
            entries[key] = Entry(pixmap: result, lastUse: clock)
            bytesUsed += cost
        }
        return result
    }

    /// The PNG at `path` scaled to the largest size with its aspect ratio inside
    /// `width` x `height` px. Reads the file's header to learn its size (the original
    /// pixels are not kept).
    public func image(path: String, fittingWidth width: Int, height: Int) throws -> Pixmap {
        let size = try PNGCodec.imageSize(path: path)
        let fit = ImageScaler.aspectFit(sourceWidth: size.width, sourceHeight: size.height,
                                        width: width, height: height)
        return try image(path: path, width: fit.width, height: fit.height)
    }

    /// Number of images held.
    public var count: Int { entries.count }
    public func removeAll() { entries.removeAll(); bytesUsed = 0 }
    /// Drops every size of `path` (e.g. after the file changed).
    public func remove(path: String) {
        for (k, e) in entries where k.path == path {
            bytesUsed -= e.pixmap.width * e.pixmap.height * 4
            entries[k] = nil
        }
    }

    private func evict(toFit extra: Int) {
        while bytesUsed + extra > byteBudget, let victim = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            bytesUsed -= victim.value.pixmap.width * victim.value.pixmap.height * 4
            entries[victim.key] = nil
        }
    }
}
