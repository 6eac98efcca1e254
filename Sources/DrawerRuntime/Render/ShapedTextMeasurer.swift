import PanelRenderer

/// The `TextMeasurer` scene layout uses with real fonts: HarfBuzz shaping and the same line
/// breaking the renderer draws with, at the display's pixel size, so a label laid out here
/// wraps into exactly the lines `layout(...)` returns when it is drawn.
///
/// Every result comes from one `TextLayoutCache`: measuring a label and drawing it each frame
/// shapes it once. A class because it owns that cache. Not thread-safe (FreeType is not).
public final class ShapedTextMeasurer: TextMeasurer {
    let regular: FontFace
    let bold: FontFace
    let cache: TextLayoutCache
    /// Pixels per point: text is shaped at `sizePt * scale` px so glyph positions match the
    /// pixels drawn; sizes are reported back in points.
    public var scale: Double

    /// Shapes with `regular`/`bold`, falling back to `library.fallbacks` for missing characters.
    public init(library: FontLibrary, regular: FontFace, bold: FontFace, scale: Double = 1, capacity: Int = 256) {
        self.regular = regular
        self.bold = bold
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        cache = TextLayoutCache(shaper: TextShaper(library: library), capacity: capacity)
    }

    /// The faces (and fallbacks) of a `TextRenderer`.
    public convenience init(text: TextRenderer, scale: Double = 1) {
        self.init(library: text.library, regular: text.regular, bold: text.bold, scale: scale)
    }

    /// Tolerance added to wrap widths (px) so a width that came back from `measure` (the
    /// widest line, scaled to points and back) re-wraps to the same lines despite rounding.
    static let widthSlack = 1e-6

    /// Shaped lines in pixels: wrapped at `maxWidth` points (nil = one line per paragraph),
    /// at most `maxLines` lines (nil or 0 = unlimited), the last cut one ending in "…".
    public func layout(_ text: String, sizePt: Double, bold isBold: Bool, maxWidth: Double?, maxLines: Int? = nil,
                       alignment: TextAlignment = .left) -> TextLayout {
        let style = TextStyle(face: isBold ? bold : regular, sizePx: sizePt * scale)
        let lines = maxLines.flatMap { $0 > 0 ? $0 : nil }
        return cache.layout(text, style: style, maxWidth: maxWidth.map { max(0, $0) * scale + Self.widthSlack },
                            maxLines: lines, truncation: .end, alignment: alignment)
    }

    public func measure(_ text: String, sizePt: Double, bold: Bool, maxWidth: Double?) -> Size {
        guard !text.isEmpty, sizePt > 0, sizePt.isFinite else { return .zero }
        let l = layout(text, sizePt: sizePt, bold: bold, maxWidth: maxWidth)
        return Size(l.width / scale, l.height / scale)
    }

    /// Number of distinct layouts held (a steady frame adds none).
    public var cachedLayoutCount: Int { cache.count }
}
