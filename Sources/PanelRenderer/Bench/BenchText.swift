/// The scene's text through the text engine: DejaVu Sans and DejaVu Sans Bold, bench rules
/// (cmap glyphs, unhinted, rounded origins), drawn into the canvas target inside its clip.
package final class BenchText: BenchTextDrawer {
    package static let regularPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    package static let boldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    let library: FontLibrary
    let regular: FontFace
    let bold: FontFace

    /// - Throws: `TextError` naming the font file when DejaVu is missing.
    package init() throws {
        library = try FontLibrary()
        regular = try library.face(path: Self.regularPath)
        bold = try library.face(path: Self.boldPath)
    }

    package func draw(_ text: String, bold isBold: Bool, size: Double, x: Double, baseline: Double,
                     color: Color, on canvas: Canvas) {
        let t = canvas.transform
        // The scene draws text untransformed; honour a translation like drawMask does.
        let ox = t.tx.rounded(), oy = t.ty.rounded()
        let c = canvas.opacity >= 1 ? color : color.withOpacity(canvas.opacity)
        drawText(text, face: isBold ? bold : regular, sizePx: size, at: Point(x + ox, baseline + oy),
                 color: c, into: canvas.target, clip: canvas.deviceClip)
    }
}
