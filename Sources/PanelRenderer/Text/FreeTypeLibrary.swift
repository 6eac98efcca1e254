import CFreeType

/// The one owner of an `FT_Library` (FT_Init_FreeType / FT_Done_FreeType).
///
/// Every `FontFace` keeps a strong reference to the library it was opened with, so the
/// library outlives its faces as FreeType requires. A library and its faces are not
/// thread-safe: use them from one thread (the render thread) at a time.
final class FreeTypeLibrary {
    let handle: FT_Library

    /// - Throws: `TextError` (with `path` "FreeType") when FreeType cannot start.
    init() throws {
        var lib: FT_Library?
        let err = FT_Init_FreeType(&lib)
        guard err == 0, let lib else {
            throw TextError(path: "FreeType", reason: "FT_Init_FreeType failed: \(freeTypeErrorText(err))")
        }
        handle = lib
    }
    deinit { FT_Done_FreeType(handle) }
}
