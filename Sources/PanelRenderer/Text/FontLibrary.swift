/// Opens and caches font faces on one shared FreeType library, and holds the fallback list
/// consulted for characters a face lacks.
///
/// Not thread-safe (FreeType isn't): keep one library per render thread.
public final class FontLibrary {
    let freeType: FreeTypeLibrary
    private struct FaceKey: Hashable { let path: String; let index: Int }
    private var faces: [FaceKey: FontFace] = [:]

    /// Faces tried, in order, for a character the primary face of a run lacks
    /// (e.g. DejaVu Sans -> DejaVu Sans Mono -> a symbol font). See `TextShaper`.
    public var fallbacks: [FontFace] = []

    /// - Throws: `TextError` when FreeType cannot start.
    public init() throws { freeType = try FreeTypeLibrary() }

    /// The face at `path` (face `index`), opened once and then served from the cache.
    /// - Throws: `TextError` naming `path`; a failed open is not cached, so a font
    ///   installed later loads on the next call.
    public func face(path: String, index: Int = 0) throws -> FontFace {
        let key = FaceKey(path: path, index: index)
        if let f = faces[key] { return f }
        let f = try FontFace(path: path, index: index, library: freeType)
        faces[key] = f
        return f
    }

    /// Opens `path` and appends it to `fallbacks`.
    @discardableResult
    public func addFallback(path: String, index: Int = 0) throws -> FontFace {
        let f = try face(path: path, index: index)
        fallbacks.append(f)
        return f
    }

    /// The first face of `primary` followed by `fallbacks` whose cmap has `scalar`, with
    /// the glyph; nil when none has it (callers then draw the primary's .notdef).
    public func resolve(_ scalar: Unicode.Scalar, primary: FontFace) -> (face: FontFace, glyph: UInt32)? {
        if let g = primary.glyphIndex(for: scalar) { return (primary, g) }
        for f in fallbacks where f !== primary {
            if let g = f.glyphIndex(for: scalar) { return (f, g) }
        }
        return nil
    }

    /// Faces opened so far (cache size).
    public var openFaceCount: Int { faces.count }
}
