/// How a piece of UI text is shaped and rasterized.
public struct TextStyle {
    /// The primary face; characters it lacks come from the shaper's fallbacks.
    public var face: FontFace
    /// Em size, px.
    public var sizePx: Double
    public var direction: TextDirection
    /// OpenType `kern` (and GPOS kerning); on by default.
    public var kerning: Bool
    /// Standard and contextual ligatures (`liga`, `clig`); on by default.
    public var ligatures: Bool
    public var hinting: GlyphHinting
    /// Place glyphs at quarter-pixel x positions (sharper spacing, up to 4 cached masks per
    /// glyph); when false, origins are rounded to whole pixels like the bench rules.
    public var subpixelPositioning: Bool

    public init(face: FontFace, sizePx: Double, direction: TextDirection = .auto,
                kerning: Bool = true, ligatures: Bool = true, hinting: GlyphHinting = .none,
                subpixelPositioning: Bool = true) {
        self.face = face; self.sizePx = sizePx; self.direction = direction
        self.kerning = kerning; self.ligatures = ligatures; self.hinting = hinting
        self.subpixelPositioning = subpixelPositioning
    }
}

/// One positioned glyph of a shaped line.
public struct ShapedGlyph {
    /// The face the glyph comes from (the primary face or a fallback).
    public let face: FontFace
    public let glyph: UInt32
    /// Glyph origin relative to the line's left edge and baseline, px (y down).
    public let x: Double
    public let y: Double
    /// Pen advance, px.
    public let advance: Double
    /// Index of the first Unicode scalar of the text this glyph belongs to.
    public let cluster: Int
}

/// A shaped line in visual (left-to-right) order.
public struct ShapedLine {
    public var glyphs: [ShapedGlyph]
    /// Sum of advances, px.
    public var width: Double
    /// The Unicode scalars of the source text this line shows (indices into `text.unicodeScalars`).
    public var range: Range<Int>
    /// Paragraph direction the line was laid out in.
    public var isRightToLeft: Bool
    /// True when the line ends in an ellipsis that replaced text.
    public var isTruncated: Bool
}
