import PanelRenderer

/// What a component needs to know about the screen it lives on. All lengths in points.
public struct Environment: Equatable, Sendable {
    /// The container (the whole screen, in points).
    public var size: Size
    public var safeArea: EdgeInsets
    /// Pixels per point, from the board file or `--scale`.
    public var scale: Double
    public var direction: LayoutDirection
    /// Points per millimetre when the board gives the panel's physical size.
    public var pointsPerMM: Double?
    public var theme: Theme

    public init(size: Size, safeArea: EdgeInsets = .zero, scale: Double = 1,
                direction: LayoutDirection = .leftToRight, pointsPerMM: Double? = nil, theme: Theme = .light) {
        self.size = size; self.safeArea = safeArea; self.scale = scale
        self.direction = direction; self.pointsPerMM = pointsPerMM; self.theme = theme
    }

    public var bounds: Rect { Rect(0, 0, size.width, size.height) }
    public var safeBounds: Rect { bounds.inset(by: safeArea) }
    public var isRTL: Bool { direction == .rightToLeft }
}
