import CFreeType
import CHarfBuzz
#if canImport(Glibc)
import Glibc
#endif

/// One face of a font file: the single owner of its `FT_Face` (FT_New_Face / FT_Done_Face)
/// and of the `hb_font_t` HarfBuzz shapes with (hb_font_create / hb_font_destroy).
///
/// Outlines are rasterized by FreeType; shaping uses HarfBuzz's own OpenType functions at a
/// scale of one unit per font unit, so shaped positions are unhinted font units that
/// callers multiply by `sizePx / unitsPerEm` (the same advances the bench text rules use).
/// Not thread-safe: FreeType keeps the current size inside the face. Use one face from one
/// thread at a time.
public final class FontFace {
    /// The font file as given to `init`.
    public let path: String
    /// Face index inside the file (TrueType collections have several).
    public let index: Int
    /// Design units per em (2048 for DejaVu).
    public let unitsPerEm: Int
    /// hhea/OS2 ascender, in font units, positive above the baseline.
    public let ascenderUnits: Int
    /// hhea/OS2 descender, in font units, positive below the baseline (sign flipped from FreeType).
    public let descenderUnits: Int
    /// Baseline-to-baseline distance the font asks for, in font units.
    public let lineHeightUnits: Int
    /// Top and bottom of the union of all glyph boxes (head.yMax, -head.yMin), font units:
    /// no glyph inks outside baseline - top ... baseline + bottom, so whole lines outside
    /// a clip can be skipped without looking at their glyphs.
    let inkTopUnits: Int
    let inkBottomUnits: Int
    public let familyName: String
    public let styleName: String
    public let glyphCount: Int

    let library: FreeTypeLibrary
    let ftFace: FT_Face
    /// `hb_font_t *`, scale = unitsPerEm on both axes.
    let hbFont: OpaquePointer
    /// Rasterized glyphs of this face; see `GlyphCache`.
    let glyphCache = GlyphCache()
    /// Reusable buffers for merging overlapping glyphs while drawing.
    let scratch = GlyphScratch()
    /// The coverage-scaled colour table of the last text colour drawn with this face.
    let paintTable = GlyphPaintTable()
    /// The 26.6 char size last passed to FT_Set_Char_Size, so it is only called on change.
    var currentSize64 = -1
    var currentLoadFlags: Int32 = -1
    /// cmap answers for U+0000..U+007F (UInt32.max = not looked up yet): most UI text is
    /// ASCII and FT_Get_Char_Index costs a binary search per call. Owned memory rather
    /// than an array property: every character of every line (also the lines a damage
    /// band's repaint only advances over) reads it, and a class's array property costs a
    /// dynamic exclusivity check per read and write.
    private let asciiGlyphs: UnsafeMutablePointer<UInt32>
    /// hmtx advances in font units by glyph id, filled on first use (-1 = not read yet);
    /// `advanceCount` entries, owned like `asciiGlyphs`.
    private let advances: UnsafeMutablePointer<Int32>
    private let advanceCount: Int

    /// Opens face `index` of the font file at `path` with a FreeType library of its own.
    /// Prefer `FontLibrary.face(path:index:)`, which shares one library and caches faces.
    /// - Throws: `TextError` naming `path` when the file is missing, unreadable, not a
    ///   scalable font, or has no face `index`.
    public convenience init(path: String, index: Int = 0) throws {
        try self.init(path: path, index: index, library: FreeTypeLibrary())
    }

    init(path: String, index: Int, library: FreeTypeLibrary) throws {
        self.path = path; self.index = index; self.library = library
        guard index >= 0 else { throw TextError(path: path, reason: "negative face index \(index)") }
        try Self.checkReadableFile(path)

        var faceOut: FT_Face?
        let err = FT_New_Face(library.handle, path, FT_Long(index), &faceOut)
        guard err == 0, let face = faceOut else {
            throw TextError(path: path, reason: freeTypeErrorText(err))
        }
        // From here on a failure must release the face we hold.
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0,
              face.pointee.units_per_EM > 0 else {
            FT_Done_Face(face)
            throw TextError(path: path, reason: "not a scalable (outline) font")
        }

        // HarfBuzz reads the same file itself (mmap) so its font never depends on the
        // FreeType size state we change while rasterizing.
        let blob = hb_blob_create_from_file(path)
        let hbFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        let glyphs = hb_face_get_glyph_count(hbFace)
        guard glyphs > 0, let font = hb_font_create(hbFace) else {
            hb_face_destroy(hbFace)
            FT_Done_Face(face)
            throw TextError(path: path, reason: "HarfBuzz cannot read face \(index)")
        }
        hb_face_destroy(hbFace)  // the font holds its own reference
        let upem = Int(face.pointee.units_per_EM)
        hb_font_set_scale(font, Int32(upem), Int32(upem))

        ftFace = face
        hbFont = font
        unitsPerEm = upem
        ascenderUnits = Int(face.pointee.ascender)
        descenderUnits = -Int(face.pointee.descender)
        lineHeightUnits = Int(face.pointee.height)
        inkTopUnits = max(Int(face.pointee.bbox.yMax), Int(face.pointee.ascender))
        inkBottomUnits = max(-Int(face.pointee.bbox.yMin), -Int(face.pointee.descender))
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        glyphCount = Int(face.pointee.num_glyphs)
        // Allocated last, once nothing can throw: deinit frees them.
        advanceCount = max(0, Int(face.pointee.num_glyphs))
        advances = .allocate(capacity: max(1, advanceCount))
        advances.initialize(repeating: -1, count: max(1, advanceCount))
        asciiGlyphs = .allocate(capacity: 128)
        asciiGlyphs.initialize(repeating: .max, count: 128)
    }

    deinit {
        asciiGlyphs.deallocate()
        advances.deallocate()
        hb_font_destroy(hbFont)
        FT_Done_Face(ftFace)
    }

    /// FreeType says only "cannot open resource" for every open failure; stat first so the
    /// message tells a missing file from a directory or a permission problem.
    private static func checkReadableFile(_ path: String) throws {
        do { try RegularFile.check(path) } catch { throw TextError(path: path, reason: error.reason) }
    }

    /// The glyph the font's cmap maps `scalar` to, or nil when the face lacks it.
    @inline(__always)
    public func glyphIndex(for scalar: Unicode.Scalar) -> UInt32? {
        let v = scalar.value
        if v < 128 {
            var g = asciiGlyphs[Int(v)]
            if g == .max {
                g = UInt32(FT_Get_Char_Index(ftFace, FT_ULong(v)))
                asciiGlyphs[Int(v)] = g
            }
            return g == 0 ? nil : g
        }
        let g = UInt32(FT_Get_Char_Index(ftFace, FT_ULong(v)))
        return g == 0 ? nil : g
    }

    /// The unhinted horizontal advance (hmtx advanceWidth) of `glyph`, in font units.
    @inline(__always)
    public func advanceUnits(_ glyph: UInt32) -> Int {
        let i = Int(glyph)
        guard i >= 0, i < advanceCount else { return 0 }
        let a = advances[i]
        if a >= 0 { return Int(a) }
        // HarfBuzz's font is scaled to one unit per font unit, so this is hmtx verbatim
        // (FT_Get_Advance would need FT_ADVANCES_H, which the CFreeType shim leaves out).
        let adv = max(0, hb_font_get_glyph_h_advance(hbFont, glyph))
        advances[i] = adv
        return Int(adv)
    }

    /// True when no glyph of this face at `sizePx` drawn on `baseline` (px) can touch rows
    /// `rows` (y0 ..< y1): one pixel of slack for rounding.
    func inkMisses(rows y0: Int, _ y1: Int, baseline: Double, sizePx: Double) -> Bool {
        let s = sizePx / Double(unitsPerEm)
        return baseline + Double(inkBottomUnits) * s + 1 < Double(y0)
            || baseline - Double(inkTopUnits) * s - 1 > Double(y1)
    }

    /// Vertical metrics at `sizePx`, in px (unhinted, font units scaled linearly).
    public func metrics(sizePx: Double) -> FontMetrics {
        let s = sizePx / Double(unitsPerEm)
        let a = Double(ascenderUnits) * s, d = Double(descenderUnits) * s
        return FontMetrics(ascent: a, descent: d, lineHeight: max(Double(lineHeightUnits) * s, a + d))
    }
}

/// Vertical font metrics in px at one size.
public struct FontMetrics: Equatable, Sendable {
    /// Distance from the baseline up to the top of tall glyphs, px (positive).
    public var ascent: Double
    /// Distance from the baseline down to the bottom of descenders, px (positive).
    public var descent: Double
    /// Baseline-to-baseline distance for consecutive lines, px.
    public var lineHeight: Double
    public init(ascent: Double, descent: Double, lineHeight: Double) {
        self.ascent = ascent; self.descent = descent; self.lineHeight = lineHeight
    }
}
