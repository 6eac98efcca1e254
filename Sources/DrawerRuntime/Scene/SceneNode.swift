import PanelRenderer

/// One node of a panel's content tree: pure data, no drawing, no behaviour. Built from the app's
/// TOML by panel-kiosk, laid out by `SceneLayout`, drawn by the renderer from the layout result.
/// All lengths are points unless a `Length` says millimetres.
public struct SceneNode: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Children stacked along an axis.
        case stack(StackSpec)
        case label(LabelSpec)
        case image(ImageSpec)
        /// Rows of a list (a list is a fixed-layout stack of `ListRow`s, each hit-testable).
        case list(ListSpec)
        case button(ButtonSpec)
        /// Value 0...1.
        case progressBar(value: Double)
        /// Scrolls its single child (`children[0]`) along `axis`; its offset is layout input.
        case scrollView(axis: StackAxis)
        /// Empty, flexible space.
        case spacer
    }

    /// Needed for scroll views (their offset is looked up by id) and useful for tests and events.
    public var id: String?
    public var kind: Kind
    public var style: NodeStyle
    public var children: [SceneNode]

    public init(id: String? = nil, _ kind: Kind, style: NodeStyle = NodeStyle(), children: [SceneNode] = []) {
        self.id = id; self.kind = kind; self.style = style; self.children = children
    }

    // Conveniences for building trees in code and tests.
    public static func vstack(id: String? = nil, spacing: Double = 0, alignment: CrossAlignment = .stretch,
                              style: NodeStyle = NodeStyle(), _ children: [SceneNode]) -> SceneNode {
        SceneNode(id: id, .stack(StackSpec(axis: .vertical, spacing: spacing, alignment: alignment)), style: style, children: children)
    }
    public static func hstack(id: String? = nil, spacing: Double = 0, alignment: CrossAlignment = .stretch,
                              style: NodeStyle = NodeStyle(), _ children: [SceneNode]) -> SceneNode {
        SceneNode(id: id, .stack(StackSpec(axis: .horizontal, spacing: spacing, alignment: alignment)), style: style, children: children)
    }
    public static func label(id: String? = nil, _ text: String, size: Double = 17, bold: Bool = false,
                             color: Color = .black, alignment: LabelAlignment = .leading, maxLines: Int? = nil,
                             style: NodeStyle = NodeStyle()) -> SceneNode {
        SceneNode(id: id, .label(LabelSpec(text: text, fontSize: size, bold: bold, color: color,
                                           alignment: alignment, maxLines: maxLines)), style: style)
    }
    public static func button(id: String? = nil, _ title: String, action: String, style: NodeStyle = NodeStyle()) -> SceneNode {
        SceneNode(id: id, .button(ButtonSpec(title: title, actionID: action)), style: style)
    }
    public static func scroll(id: String, axis: StackAxis = .vertical, style: NodeStyle = NodeStyle(), _ content: SceneNode) -> SceneNode {
        SceneNode(id: id, .scrollView(axis: axis), style: style, children: [content])
    }
    public static func spacer(_ style: NodeStyle = NodeStyle(width: .fill, height: .fill)) -> SceneNode {
        SceneNode(.spacer, style: style)
    }
}

public enum StackAxis: String, Equatable, Hashable, Sendable { case vertical, horizontal }

/// Placement across a stack's axis. Leading/trailing follow the layout direction.
public enum CrossAlignment: String, Equatable, Hashable, Sendable { case leading, center, trailing, stretch }

/// A label's horizontal text alignment; leading/trailing follow the layout direction, left/right
/// do not. (Named apart from PanelRenderer's `TextAlignment` {left, center, right}, which the
/// layout's resolved alignment maps onto one to one.)
public enum LabelAlignment: String, Equatable, Hashable, Sendable { case leading, center, trailing, left, right }

/// Reading direction of the panel; RTL mirrors x in stacks and leading/trailing alignments.
public enum LayoutDirection: String, CaseIterable, Equatable, Hashable, Sendable { case leftToRight, rightToLeft }

public struct StackSpec: Equatable, Sendable {
    public var axis: StackAxis
    public var spacing: Double
    public var alignment: CrossAlignment
    public init(axis: StackAxis, spacing: Double = 0, alignment: CrossAlignment = .stretch) {
        self.axis = axis; self.spacing = spacing; self.alignment = alignment
    }
}

public struct LabelSpec: Equatable, Sendable {
    public var text: String
    public var fontSize: Double
    public var bold: Bool
    public var color: Color
    public var alignment: LabelAlignment
    /// nil = unlimited.
    public var maxLines: Int?
    public init(text: String, fontSize: Double = 17, bold: Bool = false, color: Color = .black,
                alignment: LabelAlignment = .leading, maxLines: Int? = nil) {
        self.text = text; self.fontSize = fontSize; self.bold = bold; self.color = color
        self.alignment = alignment; self.maxLines = maxLines
    }
}

public enum ContentMode: String, Equatable, Hashable, Sendable {
    /// Scaled to fit inside, aspect kept.
    case fit
    /// Scaled to cover, aspect kept, clipped.
    case fill
    /// Stretched to the frame.
    case stretch
    /// Natural size, centred.
    case center
}

public struct ImageSpec: Equatable, Sendable {
    public var path: String
    public var contentMode: ContentMode
    /// Natural size in points, when known (used for `.auto` dimensions).
    public var naturalSize: Size?
    public init(path: String, contentMode: ContentMode = .fit, naturalSize: Size? = nil) {
        self.path = path; self.contentMode = contentMode; self.naturalSize = naturalSize
    }
}

public struct ListRow: Hashable, Sendable {
    public var title: String
    public var subtitle: String?
    /// Image path of the icon, if any.
    public var icon: String?
    /// Reported as a content `action` event when the row is tapped.
    public var actionID: String?
    public init(title: String, subtitle: String? = nil, icon: String? = nil, actionID: String? = nil) {
        self.title = title; self.subtitle = subtitle; self.icon = icon; self.actionID = actionID
    }
}

public struct ListSpec: Equatable, Sendable {
    public var rows: [ListRow]
    /// Points per row; nil = 44 (iOS's default row), or 60 when any row has a subtitle.
    public var rowHeight: Double?
    public init(rows: [ListRow], rowHeight: Double? = nil) { self.rows = rows; self.rowHeight = rowHeight }

    public var resolvedRowHeight: Double {
        rowHeight ?? (rows.contains { $0.subtitle != nil } ? 60 : 44)
    }
}

public struct ButtonSpec: Equatable, Sendable {
    public var title: String
    public var actionID: String
    public var fontSize: Double
    public init(title: String, actionID: String, fontSize: Double = 17) {
        self.title = title; self.actionID = actionID; self.fontSize = fontSize
    }
}
