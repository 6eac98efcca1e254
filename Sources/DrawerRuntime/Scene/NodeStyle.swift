import PanelRenderer

/// A length along one axis.
public enum Length: Equatable, Hashable, Sendable {
    /// The content's natural size.
    case auto
    /// Points.
    case points(Double)
    /// Millimetres on the glass (converted with the layout's `PhysicalUnits`): for touch
    /// targets that must stay finger-sized on any panel (interaction.md §9.2, §9.9).
    case millimetres(Double)
    /// Takes a share of the space left in the parent stack (weight 1).
    case fill
    /// Takes `weight` shares of the space left.
    case flex(Double)

    var flexWeight: Double? {
        switch self {
        case .fill: return 1
        case .flex(let w): return max(0, w)
        default: return nil
        }
    }
}

/// Size and decoration of a node. Decoration is data for the renderer; layout uses sizes,
/// padding and the safe-area flag.
public struct NodeStyle: Equatable, Sendable {
    public var width: Length
    public var height: Length
    public var minWidth: Double
    public var minHeight: Double
    public var padding: EdgeInsets
    public var background: Color?
    public var cornerRadius: Double
    /// For the root only: lay out over the whole container (background under the notch/bezel)
    /// while padding the content by the safe area.
    public var ignoresSafeArea: Bool

    public init(width: Length = .auto, height: Length = .auto, minWidth: Double = 0, minHeight: Double = 0,
                padding: EdgeInsets = .zero, background: Color? = nil, cornerRadius: Double = 0,
                ignoresSafeArea: Bool = false) {
        self.width = width; self.height = height; self.minWidth = minWidth; self.minHeight = minHeight
        self.padding = padding; self.background = background; self.cornerRadius = cornerRadius
        self.ignoresSafeArea = ignoresSafeArea
    }
}

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
