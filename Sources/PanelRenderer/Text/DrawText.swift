/// Draws `text` with the bench-scene text rules (spec/bench-scene.md §2e "Text rules"):
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
/// Scalars the face lacks draw its .notdef glyph (use `TextLayout` for font fallback).
/// Non-finite positions or sizes (NaN, infinity, <= 0, > 4096 px) draw nothing.
@discardableResult
public func drawText(_ text: String, face: FontFace, sizePx: Double, at origin: Point,
                     color: Color, into view: PixmapView, clip: IntRect? = nil) -> Double {
    let size64 = TextRounding.size64(sizePx) ?? 0
    let scale = sizePx / Double(face.unitsPerEm)
    var clipRect = view.bounds
    if let clip { clipRect = clipRect.intersection(clip) }
    // A line entirely above or below the clip (e.g. outside a damage band) only advances.
    let canDraw = !clipRect.isEmpty && color.a > 0 && size64 > 0
        && !face.inkMisses(rows: clipRect.y, clipRect.maxY, baseline: origin.y, sizePx: sizePx)
    let paint = face.paintTable.paint(color)
    let baseline = TextRounding.pixel(origin.y)
    var penX = origin.x
    var run = GlyphRunCompositor(view: view, paint: paint, clip: clipRect, scratch: face.scratch)
    for scalar in text.unicodeScalars {
        let glyph = face.glyphIndex(for: scalar) ?? 0
        if canDraw {
            let image = face.glyphImage(glyph, size64: size64)
            if let mask = image.mask {
                let gx = TextRounding.pixel(penX)
                run.add(mask, x: gx + image.left, y: baseline - image.top)
            }
        }
        penX += Double(face.advanceUnits(glyph)) * scale
    }
    run.flush()
    return penX
}

/// The pen advance `drawText` would make for `text`, px (bench rules: no kerning).
public func simpleTextWidth(_ text: String, face: FontFace, sizePx: Double) -> Double {
    let scale = sizePx / Double(face.unitsPerEm)
    var w = 0.0
    for scalar in text.unicodeScalars {
        w += Double(face.advanceUnits(face.glyphIndex(for: scalar) ?? 0)) * scale
    }
    return w
}
