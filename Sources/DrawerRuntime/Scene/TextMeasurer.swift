import PanelRenderer

/// How text is measured; panel-kiosk implements it with the real fonts (FreeType/HarfBuzz).
/// Sizes in points. `maxWidth` nil means a single unwrapped line.
public protocol TextMeasurer {
    func measure(_ text: String, sizePt: Double, bold: Bool, maxWidth: Double?) -> Size
}

/// A stand-in measurer for tests and for layout before fonts load: every character is
/// 0.6 × size wide (0.65 bold), lines are 1.2 × size tall, wrapping breaks between characters.
public struct ApproximateTextMeasurer: TextMeasurer, Sendable {
    public init() {}
    public func measure(_ text: String, sizePt: Double, bold: Bool, maxWidth: Double?) -> Size {
        let advance = sizePt * (bold ? 0.65 : 0.6)
        let lineHeight = sizePt * 1.2
        let count = Double(text.count)
        guard let maxWidth, maxWidth > 0, count * advance > maxWidth else {
            return Size(count * advance, text.isEmpty ? 0 : lineHeight)
        }
        let perLine = max(1, (maxWidth / advance).rounded(.down))
        let lines = (count / perLine).rounded(.up)
        return Size(perLine * advance, lines * lineHeight)
    }
}
