import PanelRenderer

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
