import PanelRenderer

/// One resting place of the sheet's top edge, in the safe-area frame F (docs/components.md,
/// Sheet S1).
public enum SheetAnchor: Equatable, Sendable {
    /// F.minY + r × F.height (0 = top, 1 = bottom).
    case ratio(Double)
    /// F.minY + p.
    case pointsFromTop(Double)
    /// F.maxY − p.
    case pointsFromBottom(Double)
    /// 20 pt from the top (the Shortcuts look).
    case defaultExpanded
    /// 44 pt from the bottom: just enough to drag on.
    case defaultCollapsed

    /// The origin (y of the card's top edge, points) in the safe frame `f`.
    public func origin(in f: Rect) -> Double {
        switch self {
        case .ratio(let r): return f.minY + r * f.height
        case .pointsFromTop(let p): return f.minY + p
        case .pointsFromBottom(let p): return f.maxY - p
        case .defaultExpanded: return f.minY + 20
        case .defaultCollapsed: return f.maxY - 44
        }
    }
}

/// Every option of the sheet, defaulting to apstygo/sheets' values (docs/components.md, Sheet).
public struct SheetConfig: Equatable, Sendable {
    /// Any order; sorted by origin when resolved (index 0 = top-most).
    public var anchors: [SheetAnchor] = [.defaultExpanded, .defaultCollapsed]
    /// Where the card first appears; nil = the bottom-most anchor (sheets' first appearance).
    public var initialAnchor: Int?
    /// Rubber band past the end anchors (√overshoot) and an underdamped spring; off = clamp
    /// and a critically damped spring.
    public var bounces = true
    public var animationDuration = 0.5          // s, the spring's response
    public var animationDamping = 0.85          // ζ when bouncing (1.0 otherwise)
    public var deceleration = Deceleration.fast // 0.99 per ms: projection = origin + 0.099 · v(pt/s)
    public var dimmingColor = Color.black
    public var dimmingOpacity = 0.3
    public var cornerRadius = 10.0
    /// Corner radius = cornerRadius × ratio (square when collapsed, like Music).
    public var animatesCorners = false
    public var shadowOpacity = 0.5
    public var shadowRadius = 16.0
    public var shadowOffset = Point(0, 16)
    /// Tap on the header strip (not at the top anchor) expands to anchor 0.
    public var expandsOnHeaderTap = true
    /// Tap on the dimming collapses to the bottom-most anchor.
    public var collapsesOnDimmingTap = true
    /// Height of the tappable header strip at the top of every page (the title lives there).
    public var headerHeight = 44.0
    /// The 30×4 grabber 5 pt below the top edge; adds 14 pt above the header.
    public var hasChevron = false
    /// Push / pop slide: 0.5 s, critically damped (sheets `cycle`).
    public var transitionDuration = 0.5
    /// Extra card below the screen edge so an upward rubber band never shows a gap.
    public var overflowMargin = 40.0

    public init() {}

    /// The spring the card settles with.
    public var spring: Spring {
        Spring(duration: animationDuration, dampingRatio: bounces ? animationDamping : 1)
    }
}
