import PanelRenderer

public enum TextAlign: String, CaseIterable, Sendable { case start, center, end }

/// UI text for components: opens the theme's faces once, measures and draws single lines in
/// points through the canvas's transform, truncating with an ellipsis to a width.
/// Not thread-safe (FreeType is not): one per render thread.
public final class TextRenderer {
    let library: FontLibrary
    let regular: FontFace
    let bold: FontFace

    /// - Throws: `TextError` naming the font file that could not be opened.
    public init(theme: Theme) throws {
        library = try FontLibrary()
        regular = try library.face(path: theme.fontPath)
        bold = try library.face(path: theme.boldFontPath)
        for path in theme.fallbackFontPaths { _ = try? library.addFallback(path: path) }
    }

    func face(bold b: Bool) -> FontFace { b ? bold : regular }

    /// Width of one line in points.
    public func width(_ text: String, sizePt: Double, bold: Bool = false) -> Double {
        simpleTextWidth(text, face: face(bold: bold), sizePx: sizePt)
    }

    /// Ascent and descent in points.
    public func metrics(sizePt: Double, bold: Bool = false) -> FontMetrics {
        face(bold: bold).metrics(sizePx: sizePt)
    }

    /// The longest prefix of `text` (plus "…") that fits `maxWidth` points.
    public func truncated(_ text: String, sizePt: Double, bold: Bool, maxWidth: Double) -> String {
        // No glyph a line shows is narrower than a tenth of an em (combining marks aside), so
        // a line never shows more than this many scalars: cut a 100,000-character title
        // before measuring anything, since this runs on every frame.
        let limit = maxWidth.isNaN ? 0 : min(max(0, maxWidth), 1e7)
        let em = sizePt.isNaN ? 1 : max(sizePt * 0.1, 0.1)
        let cap = Int(min(limit / em, 100_000)) + 16
        // A line that fits is returned as it is, with nothing allocated: counted up to the cap
        // and measured, not copied into a list (every row's every line, every frame).
        var count = 0
        for _ in text.unicodeScalars {
            count += 1
            if count > cap { break }
        }
        let cut = count > cap
        if !cut && width(text, sizePt: sizePt, bold: bold) <= maxWidth { return text }
        let scalars = Array(text.unicodeScalars.prefix(cap))
        func candidate(_ n: Int) -> String {
            var prefix = scalars[0..<n]
            while prefix.last == " " { prefix = prefix.dropLast() }
            return String(String.UnicodeScalarView(prefix)) + "…"
        }
        func fits(_ n: Int) -> Bool { width(candidate(n), sizePt: sizePt, bold: bold) <= maxWidth }
        guard fits(0) else { return "" }
        // The longest prefix that fits with its ellipsis: width grows with the prefix, so a
        // binary search measures log(n) candidates instead of one per removed character.
        var lo = 0, hi = cut ? scalars.count : scalars.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if fits(mid) { lo = mid } else { hi = mid - 1 }
        }
        return candidate(lo)
    }

    /// Draws one line with its baseline at `baseline` (points, canvas space). With
    /// `maxWidth`, long text ends in an ellipsis; `align` places it inside that width.
    public func draw(_ text: String, in canvas: Canvas, at baseline: Point, sizePt: Double, bold: Bool = false,
                     color: Color, maxWidth: Double? = nil, align: TextAlign = .start, rtl: Bool = false) {
        guard !text.isEmpty, canvas.opacity > 0 else { return }
        var line = text
        var x = baseline.x
        if let maxWidth {
            line = truncated(text, sizePt: sizePt, bold: bold, maxWidth: maxWidth)
            let w = width(line, sizePt: sizePt, bold: bold)
            let effective: TextAlign = rtl ? (align == .start ? .end : align == .end ? .start : .center) : align
            switch effective {
            case .start: break
            case .center: x += (maxWidth - w) / 2
            case .end: x += maxWidth - w
            }
        }
        let t = canvas.transform
        let device = t.apply(Point(x, baseline.y))
        let scale = (t.a * t.a + t.b * t.b).squareRoot()
        drawText(line, face: face(bold: bold), sizePx: sizePt * scale, at: device,
                 color: color.withOpacity(canvas.opacity), into: canvas.target, clip: canvas.deviceClip)
    }
}
