import DrawerRuntime
import PanelRenderer

/// The preview's bar over the top of the screen while the app file or its theme has
/// problems: the last good screen stays under it, and the messages (`file:line:col: message`)
/// are on it until the file is fixed. Drawn in frame pixels with the renderer's own text.
final class ProblemBar {
    static let maxLines = 6
    private let fonts: FontLibrary?
    private let face: FontFace?

    init() {
        fonts = try? FontLibrary()
        face = try? fonts?.face(path: Theme.dejaVuSans)
    }

    /// The lines shown for `message`: the first few, the last one saying how many more.
    static func lines(_ message: String) -> [String] {
        let all = message.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard all.count > maxLines else { return all }
        return Array(all.prefix(maxLines - 1)) + ["… and \(all.count - maxLines + 1) more (see stderr)"]
    }

    /// Where the bar is in a frame `widthPx` wide at `scale` pixels per point.
    func area(for message: String, widthPx: Int, scale: Double) -> IntRect {
        let lineHeight = 18 * scale
        let height = Int((Double(Self.lines(message).count) * lineHeight + 16 * scale).rounded(.up))
        return IntRect(x: 0, y: 0, width: widthPx, height: height)
    }

    func draw(_ message: String, into canvas: Canvas, widthPx: Int, heightPx: Int, scale: Double) {
        let bar = area(for: message, widthPx: widthPx, scale: scale)
        canvas.save()
        canvas.transform = .identity
        canvas.fillRect(Rect(0, 0, Double(bar.width), Double(min(bar.height, heightPx))), .solid(Color(rgb: 0x8B1A1A).withOpacity(0.92)))
        if let face {
            let size = 13 * scale, lineHeight = 18 * scale
            for (i, line) in Self.lines(message).enumerated() {
                drawText(clipped(line, face: face, sizePx: size, widthPx: Double(widthPx) - 16 * scale), face: face, sizePx: size,
                         at: Point(8 * scale, 8 * scale + Double(i) * lineHeight + size), color: .white,
                         into: canvas.target, clip: canvas.deviceClip)
            }
        }
        canvas.restore()
    }

    /// `line` cut to fit `widthPx`, ending in "…" when cut.
    private func clipped(_ line: String, face: FontFace, sizePx: Double, widthPx: Double) -> String {
        guard simpleTextWidth(line, face: face, sizePx: sizePx) > widthPx else { return line }
        var s = String(line.prefix(400))
        while !s.isEmpty, simpleTextWidth(s + "…", face: face, sizePx: sizePx) > widthPx { s.removeLast(max(1, s.count / 20)) }
        return s + "…"
    }
}
