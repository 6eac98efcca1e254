/// Draws `text` with the bench scene's text rules (docs/bench.md, "Text rules"):
/// one glyph per Unicode scalar through the face's cmap (no shaping, no kerning), advance =
/// hmtx advanceWidth * sizePx / unitsPerEm accumulated in floating point from `origin.x`,
/// each glyph origin rounded to whole pixels with floor(x + 0.5), unhinted grey-scale
/// coverage, solid `color` SrcOver, overlapping glyph coverage summed first as pixman
/// does. Reproduces cairo 1.16 with hint style NONE and hint metrics OFF pixel for pixel.
///
/// - Parameters:
///   - origin: pen start x and baseline y, device px.
///   - clip: optional clip rectangle, device px (always also clipped to `view`).
/// - Returns: the pen x after the last glyph, px.
/// Allocates only when a glyph is rasterized for the first time (then cached in `face`).
/// Scalars the face lacks draw its .notdef glyph (see the `fallbacks:` overload, or
/// `TextShaper` for shaping, kerning and RTL). Non-finite positions or sizes (NaN,
/// infinity, <= 0, > 4096 px) draw nothing.
@discardableResult
public func drawText(_ text: String, face: FontFace, sizePx: Double, at origin: Point,
                     color: Color, into view: PixmapView, clip: IntRect? = nil) -> Double {
    drawSimpleText(text, face: face, fallbacks: [], sizePx: sizePx, at: origin, color: color, into: view, clip: clip)
}

/// `drawText` with per-character font fallback: a scalar `face` lacks is drawn (and
/// advanced) with the first face of `fallbacks` that has it, at the same size and baseline.
/// Still one glyph per scalar, no shaping: right for Latin, symbols and CJK labels; use
/// `TextShaper` for Arabic joining, kerning or bidi.
@discardableResult
public func drawText(_ text: String, face: FontFace, fallbacks: [FontFace], sizePx: Double, at origin: Point,
                     color: Color, into view: PixmapView, clip: IntRect? = nil) -> Double {
    drawSimpleText(text, face: face, fallbacks: fallbacks, sizePx: sizePx, at: origin, color: color, into: view, clip: clip)
}

/// The face and glyph that show `scalar`: `face` if it has it, else the first fallback that
/// does, else `face`'s .notdef.
@inline(__always)
func simpleGlyph(_ scalar: Unicode.Scalar, _ face: FontFace, _ fallbacks: [FontFace]) -> (FontFace, UInt32) {
    if let g = face.glyphIndex(for: scalar) { return (face, g) }
    for f in fallbacks { if let g = f.glyphIndex(for: scalar) { return (f, g) } }
    return (face, 0)
}

private func drawSimpleText(_ text: String, face: FontFace, fallbacks: [FontFace], sizePx: Double, at origin: Point,
                            color: Color, into view: PixmapView, clip: IntRect?) -> Double {
    let size64 = TextRounding.size64(sizePx) ?? 0
    var clipRect = view.bounds
    if let clip { clipRect = clipRect.intersection(clip) }
    // A line entirely above or below the clip (e.g. outside a damage band) only advances.
    var canDraw = !clipRect.isEmpty && color.a > 0 && size64 > 0
    if canDraw {
        canDraw = !face.inkMisses(rows: clipRect.y, clipRect.maxY, baseline: origin.y, sizePx: sizePx)
            || fallbacks.contains { !$0.inkMisses(rows: clipRect.y, clipRect.maxY, baseline: origin.y, sizePx: sizePx) }
    }
    let scale = sizePx / Double(face.unitsPerEm)
    var penX = origin.x
    guard canDraw else {
        // Only the advance: no colour table, no compositor (a damage band's repaint
        // passes most lines of a list this way).
        for scalar in text.unicodeScalars {
            let (f, glyph) = fallbacks.isEmpty ? (face, face.glyphIndex(for: scalar) ?? 0) : simpleGlyph(scalar, face, fallbacks)
            penX += Double(f.advanceUnits(glyph)) * (f === face ? scale : sizePx / Double(f.unitsPerEm))
        }
        return penX
    }
    let paint = face.paintTable.paint(color)
    let baseline = TextRounding.pixel(origin.y)
    var run = GlyphRunCompositor(view: view, paint: paint, clip: clipRect, scratch: face.scratch)
    for scalar in text.unicodeScalars {
        let (f, glyph) = fallbacks.isEmpty ? (face, face.glyphIndex(for: scalar) ?? 0) : simpleGlyph(scalar, face, fallbacks)
        let image = f.glyphImage(glyph, size64: size64)
        if let mask = image.mask {
            run.add(mask, x: TextRounding.pixel(penX) + image.left, y: baseline - image.top)
        }
        penX += Double(f.advanceUnits(glyph)) * (f === face ? scale : sizePx / Double(f.unitsPerEm))
    }
    run.flush()
    return penX
}

/// The pen advance `drawText` would make for `text`, px (bench rules: no kerning).
public func simpleTextWidth(_ text: String, face: FontFace, fallbacks: [FontFace] = [], sizePx: Double) -> Double {
    var w = 0.0
    for scalar in text.unicodeScalars {
        let (f, g) = simpleGlyph(scalar, face, fallbacks)
        w += Double(f.advanceUnits(g)) * (sizePx / Double(f.unitsPerEm))
    }
    return w
}
