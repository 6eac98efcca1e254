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

    /// An anchor as the app file and `set_anchors` spell it: `default_expanded`,
    /// `default_collapsed`, `ratio R` (R in 0...1), `from_top P`, `from_bottom P` (P in
    /// 0...100000 pt); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: " ").map(String.init)
        guard let anchor = Self.parse(parts, at: 0), anchor.words == parts.count else { return nil }
        self = anchor.anchor
    }

    /// The spellings `init?(_:)` takes, for messages.
    public static let spellings = "default_expanded, default_collapsed, \"ratio R\" (R in 0...1), \"from_top P\" or \"from_bottom P\" (P in 0...100000 pt)"

    /// Anchors one after another in words, as a `do` line splits them:
    /// `from_top 120 ratio 0.5 default_collapsed`. Throws naming the first word that is not
    /// an anchor.
    public static func parse(words: [String]) throws(ActionError) -> [SheetAnchor] {
        var anchors: [SheetAnchor] = [], i = 0
        while i < words.count {
            guard let a = parse(words, at: i) else {
                throw ActionError("'\(words[i...].prefix(2).joined(separator: " "))' is not an anchor; use \(spellings)")
            }
            anchors.append(a.anchor)
            i += a.words
        }
        return anchors
    }

    /// The anchor starting at `words[i]` and how many words it took.
    private static func parse(_ words: [String], at i: Int) -> (anchor: SheetAnchor, words: Int)? {
        guard words.indices.contains(i) else { return nil }
        /// The number after a two-word anchor's name, within `range`; finite, so no infinite
        /// anchor reaches Int conversions and JSON.
        func number(_ range: ClosedRange<Double>) -> Double? {
            guard words.indices.contains(i + 1), let v = Double(words[i + 1]), range.contains(v) else { return nil }
            return v
        }
        switch words[i] {
        case "default_expanded": return (.defaultExpanded, 1)
        case "default_collapsed": return (.defaultCollapsed, 1)
        case "ratio": return number(0...1).map { (.ratio($0), 2) }
        case "from_top": return number(0...100_000).map { (.pointsFromTop($0), 2) }
        case "from_bottom": return number(0...100_000).map { (.pointsFromBottom($0), 2) }
        default: return nil
        }
    }

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

/// How the card meets the screen's edges (docs/components.md, Sheet S27).
public enum SheetStyle: String, Equatable, Sendable, CaseIterable {
    /// sheets' card: edge to edge at every anchor, top corners rounded.
    case standard
    /// iOS 26's sheet: below the top anchor the card floats, inset from the screen's sides
    /// and bottom with all four corners rounded; it grows to full width with square bottom
    /// corners as it reaches the top anchor.
    case floating
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
    /// A pushed page's close button image (a PNG file; nil: the drawn xmark.circle.fill
    /// disc), sheets' `closeButtonImage`. Fitted into the 30 × 30 pt button, aspect kept.
    public var closeImagePath: String?
    /// Edge to edge (sheets) or floating (iOS 26).
    public var style = SheetStyle.standard
    /// Points between a floating card and the screen's sides and bottom at and below the
    /// second anchor (the gap shrinks to 0 at the top anchor).
    public var floatingInset = 8.0

    public init() {}

    /// The spring the card settles with.
    public var spring: Spring {
        Spring(duration: animationDuration, dampingRatio: bounces ? animationDamping : 1)
    }
}
