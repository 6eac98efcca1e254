import PanelRenderer

/// Drawing choices a `SceneNode` has no field for, keyed by node path (child indices from the
/// root, as in `LayoutItem.path`). Layout never reads these; only `SceneContent` draws with them.
public struct SceneAppearance: Equatable, Sendable {
    /// How a button is filled.
    public enum ButtonStyle: String, CaseIterable, Equatable, Sendable {
        /// Accent-coloured pill, white title (a primary action).
        case filled
        /// Accent-tinted pill, accent title (a secondary action).
        case tinted
    }

    /// Where a label's colour comes from.
    public enum LabelColor: Equatable, Sendable {
        /// The theme's text colour (follows light/dark).
        case text
        /// The theme's secondary text colour.
        case secondaryText
        /// The theme's accent colour.
        case accent
    }

    /// Buttons not listed are `.filled`.
    public var buttonStyles: [[Int]: ButtonStyle]
    /// Labels listed take their colour from the theme; the others use `LabelSpec.color`.
    public var labelColors: [[Int]: LabelColor]

    public init(buttonStyles: [[Int]: ButtonStyle] = [:], labelColors: [[Int]: LabelColor] = [:]) {
        self.buttonStyles = buttonStyles; self.labelColors = labelColors
    }

    public func buttonStyle(_ path: [Int]) -> ButtonStyle { buttonStyles[path] ?? .filled }

    func labelColor(_ path: [Int], spec: Color, palette: Theme.Palette) -> Color {
        switch labelColors[path] {
        case nil: return spec
        case .text: return palette.text
        case .secondaryText: return palette.secondaryText
        case .accent: return palette.accent
        }
    }
}
