import CFreeType

/// How outlines are fitted to the pixel grid before rasterizing.
public enum GlyphHinting: UInt8, Sendable {
    /// Unhinted outlines (FT_LOAD_NO_HINTING): the bench-scene / cairo reference look.
    case none = 0
    /// FreeType's light auto-hinter, vertical only (FT_LOAD_TARGET_LIGHT).
    case light = 1
    /// The font's own hinting or the full auto-hinter (FT_LOAD_DEFAULT).
    case full = 2

    var loadFlags: Int32 {
        let noBitmap = Int32(FT_LOAD_NO_BITMAP)
        switch self {
        case .none: return noBitmap | Int32(FT_LOAD_NO_HINTING)
        case .light: return noBitmap | (Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16)
        case .full: return noBitmap
        }
    }
}

/// A rasterized glyph: an A8 coverage mask and where it sits relative to the glyph origin
/// (pen position on the baseline). Immutable once made, shared by every draw.
public final class GlyphImage: @unchecked Sendable {
    /// Coverage; nil for glyphs with no ink (space) or that failed to load.
    public let mask: Mask?
    /// Offset from the origin x to the mask's left column, px.
    public let left: Int
    /// Distance from the baseline up to the mask's top row, px (mask y = baseline - top).
    public let top: Int

    init(mask: Mask?, left: Int, top: Int) { self.mask = mask; self.left = left; self.top = top }
    static let empty = GlyphImage(mask: nil, left: 0, top: 0)

    var byteCost: Int { 64 + (mask.map { $0.stride * $0.height } ?? 0) }
}

/// Rasterized glyphs of one face, keyed by (size in 1/64 px, glyph id, sub-pixel x step,
/// hinting) packed into one UInt64 so a hit costs one integer hash.
///
/// Memory is bounded by `byteBudget`: when a new glyph would exceed it the whole cache is
/// dropped (UI text re-rasterizes its few hundred glyphs in well under a millisecond,
/// which is cheaper to reason about than LRU bookkeeping on every hit).
final class GlyphCache {
    /// Horizontal sub-pixel positions per px for shaped text (quarter pixels).
    static let subpixelSteps = 4
    var byteBudget = 4 << 20
    private(set) var bytes = 0
    private var entries: [UInt64: GlyphImage] = [:]
    /// A direct-mapped front table over `entries`: a hit costs a multiply and a compare
    /// instead of a SipHash of the key (the dictionary is the slow path for collisions).
    private static let frontSize = 512
    private var frontKeys = [UInt64](repeating: .max, count: frontSize)
    private var frontImages = [GlyphImage](repeating: .empty, count: frontSize)

    @inline(__always)
    static func key(glyph: UInt32, size64: Int, subpixel: Int, hinting: GlyphHinting) -> UInt64 {
        UInt64(glyph) | (UInt64(size64 & 0x3F_FFFF) << 32) | (UInt64(subpixel & 0xF) << 54)
            | (UInt64(hinting.rawValue) << 58)
    }
    @inline(__always) private static func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 55)  // top 9 bits: 0..<512
    }
    @inline(__always) func lookup(_ key: UInt64) -> GlyphImage? {
        let i = Self.slot(key)
        if frontKeys[i] == key { return frontImages[i] }
        guard let hit = entries[key] else { return nil }
        frontKeys[i] = key; frontImages[i] = hit
        return hit
    }

    func insert(_ image: GlyphImage, for key: UInt64) {
        let cost = image.byteCost
        if bytes + cost > byteBudget { removeAll() }
        entries[key] = image
        bytes += cost
        let i = Self.slot(key)
        frontKeys[i] = key; frontImages[i] = image
    }
    func removeAll() {
        entries.removeAll(keepingCapacity: true); bytes = 0
        for i in 0..<Self.frontSize { frontKeys[i] = .max; frontImages[i] = .empty }
    }
    var count: Int { entries.count }
}

extension FontFace {
    /// The coverage of `glyph` at `size64` (size in 1/64 px), with its origin shifted right
    /// by `subpixel / GlyphCache.subpixelSteps` px. Cached; the first call per key
    /// rasterizes with FreeType (FT_Load_Glyph + FT_Outline_Get_Bitmap: 256-level grey AA,
    /// the FT_RENDER_MODE_NORMAL rasterizer).
    /// Never fails: a glyph FreeType cannot load draws nothing.
    @inline(__always)
    public func glyphImage(_ glyph: UInt32, size64: Int, subpixel: Int = 0,
                           hinting: GlyphHinting = .none) -> GlyphImage {
        let key = GlyphCache.key(glyph: glyph, size64: size64, subpixel: subpixel, hinting: hinting)
        if let hit = glyphCache.lookup(key) { return hit }
        let image = rasterize(glyph, size64: size64, subpixel: subpixel, hinting: hinting)
        glyphCache.insert(image, for: key)
        return image
    }

    /// Drops all cached glyph masks of this face.
    public func purgeGlyphCache() { glyphCache.removeAll() }
    /// How many bytes of glyph masks this face may cache before it drops them all.
    public var glyphCacheBudget: Int {
        get { glyphCache.byteBudget }
        set { glyphCache.byteBudget = max(0, newValue) }
    }

    private func rasterize(_ glyph: UInt32, size64: Int, subpixel: Int, hinting: GlyphHinting) -> GlyphImage {
        guard size64 > 0, size64 <= 0x3F_FFFF else { return .empty }
        if size64 != currentSize64 {
            // At 72 dpi a char size in points equals the size in px.
            guard FT_Set_Char_Size(ftFace, 0, FT_F26Dot6(size64), 72, 72) == 0 else { return .empty }
            currentSize64 = size64
        }
        guard FT_Load_Glyph(ftFace, FT_UInt(glyph), hinting.loadFlags) == 0 else { return .empty }
        let slot = ftFace.pointee.glyph!
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return .empty }
        if slot.pointee.outline.n_points == 0 { return .empty }  // space and friends
        if subpixel != 0 {
            let dx = FT_Pos(subpixel * 64 / GlyphCache.subpixelSteps)
            FT_Outline_Translate(&slot.pointee.outline, dx, 0)
        }
        // Rasterize straight into our mask (FT_Outline_Get_Bitmap, as cairo does) instead of
        // FT_Render_Glyph, which would allocate its own bitmap for us to copy.
        var cbox = FT_BBox()
        FT_Outline_Get_CBox(&slot.pointee.outline, &cbox)
        let x0 = Int(cbox.xMin) >> 6, y0 = Int(cbox.yMin) >> 6                 // floor
        let x1 = (Int(cbox.xMax) + 63) >> 6, y1 = (Int(cbox.yMax) + 63) >> 6   // ceil
        guard x1 > x0, y1 > y0, let mask = Mask(width: x1 - x0, height: y1 - y0) else { return .empty }
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(-x0 * 64), FT_Pos(-y0 * 64))
        var target = FT_Bitmap()
        target.rows = UInt32(mask.height)
        target.width = UInt32(mask.width)
        target.pitch = Int32(mask.stride)  // positive pitch: first row is the top row
        target.buffer = mask.bytes
        target.num_grays = 256
        target.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
        guard FT_Outline_Get_Bitmap(library.handle, &slot.pointee.outline, &target) == 0 else { return .empty }
        return GlyphImage(mask: mask, left: x0, top: y1)
    }
}
