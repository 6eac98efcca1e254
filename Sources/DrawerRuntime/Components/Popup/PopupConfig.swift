import PanelRenderer

/// LNPopupController's public states (docs/components.md, Popup bar PB1).
public enum PopupState: String, CaseIterable, Sendable {
    case hidden, barPresented, open
}

/// Bar styles with their base heights (docs/components.md, Popup bar PB4).
public enum PopupBarStyle: String, CaseIterable, Sendable {
    case compact, prominent, floating, floatingCompact

    public var isFloating: Bool { self == .floating || self == .floatingCompact }
}

/// How the user moves the popup (docs/components.md, Popup bar PB12).
public enum PopupInteractionStyle: String, CaseIterable, Sendable {
    /// Opens on an upward swipe after 0.15 s; closes past the snap percent, rubber-banded,
    /// before the finger lifts.
    case snap
    /// Bar and content follow the finger; the release decides.
    case drag
    /// Snap to open, drag to close (the reference's current default).
    case automatic
    case none
}

public enum PopupProgressStyle: String, CaseIterable, Sendable { case none, top, bottom }
public enum PopupCloseButtonStyle: String, CaseIterable, Sendable { case chevron, grabber, round, none }

/// Vector glyphs for bar buttons (drawn with paths, never mirrored in right-to-left).
public enum PopupBarButton: String, CaseIterable, Sendable {
    case play, pause, next, previous, close
}

/// Font weights an appearance may ask for. The renderer has a regular and a bold face:
/// medium, semibold and bold draw bold (docs/components.md, Popup bar PB6).
public enum PopupFontWeight: String, CaseIterable, Sendable {
    case regular, medium, semibold, bold

    public var drawsBold: Bool {
        switch self {
        case .regular: false
        case .medium, .semibold, .bold: true
        }
    }
}

/// A bar's shadow (LNPopupBarAppearance's `floatingBarBackgroundShadow`, an NSShadow): its
/// colour with its opacity, blur radius and offset in points.
public struct PopupBarShadow: Equatable, Sendable {
    public var color: Color
    public var blur: Double
    public var offset: Point
    public init(color: Color, blur: Double, offset: Point) { self.color = color; self.blur = blur; self.offset = offset }
}

/// The bar's look over its style's defaults (LNPopupBarAppearance): nil keeps the style's or
/// the theme's value (docs/components.md, Popup bar PB30).
public struct PopupBarAppearance: Equatable, Sendable {
    /// Title and subtitle size (pt), weight and colour.
    public var titleSize: Double?
    public var titleWeight: PopupFontWeight?
    public var titleColor: Color?
    public var subtitleSize: Double?
    public var subtitleWeight: PopupFontWeight?
    public var subtitleColor: Color?
    /// The bar's (the floating card's) fill.
    public var backgroundColor: Color?
    /// The floating card's shadow, replacing the default 17 % black, blur 12, offset (0, 8).
    public var shadow: PopupBarShadow?
    /// A frosted bar (LN's `floatingBackgroundEffect` blur): what lies beneath, blurred by
    /// `frostedBlurRadius`, under the background colour at `frostedOpacity`. nil: not frosted.
    public var frosted: Bool?

    public static let frostedOpacity = 0.78
    /// Points: the blur of what lies beneath a frosted bar (the bottom drawer's frosted card
    /// defaults to 20 pt as well).
    public static let frostedBlurRadius = 20.0

    public init() {}

    /// The appearance with every field `other` sets laid over this one.
    public func merging(_ other: PopupBarAppearance) -> PopupBarAppearance {
        var a = self
        a.titleSize = other.titleSize ?? titleSize
        a.titleWeight = other.titleWeight ?? titleWeight
        a.titleColor = other.titleColor ?? titleColor
        a.subtitleSize = other.subtitleSize ?? subtitleSize
        a.subtitleWeight = other.subtitleWeight ?? subtitleWeight
        a.subtitleColor = other.subtitleColor ?? subtitleColor
        a.backgroundColor = other.backgroundColor ?? backgroundColor
        a.shadow = other.shadow ?? shadow
        a.frosted = other.frosted ?? frosted
        return a
    }
}

/// One item the bar can page to (title and subtitle).
public struct PopupItem: Equatable, Sendable {
    public var title: String
    public var subtitle: String
    public init(title: String, subtitle: String = "") { self.title = title; self.subtitle = subtitle }
}

/// Every option of the popup bar and popup, defaulting to LNPopupController's pre-glass values.
public struct PopupConfig: Equatable, Sendable {
    public var barStyle = PopupBarStyle.floating
    public var interactionStyle = PopupInteractionStyle.automatic
    public var progressStyle = PopupProgressStyle.none
    /// The grabber: LNPopupController's default close button since iOS 17 (before its glass
    /// style); the chevron was the iOS 16-and-earlier look (docs/components.md, Popup bar PB19).
    public var closeButtonStyle = PopupCloseButtonStyle.grabber
    public var initialState = PopupState.hidden
    public var title = ""
    public var subtitle = ""
    public var progress = 0.0
    public var buttons: [PopupBarButton] = [.play, .next]
    /// Whether the item plays: the play/pause button shows pause while playing, play while
    /// paused (docs/components.md, Popup bar PB29).
    public var playing = false
    /// The bar's own look over the style's defaults (LNPopupBarAppearance; PB30).
    public var appearance = PopupBarAppearance()
    /// iOS 26's minimization: the bar shrinks to a compact pill while the content under it
    /// scrolls down (docs/components.md, Popup bar PB31). Off by default.
    public var minimizeOnScroll = false
    public var imagePath: String?
    /// 0.1...0.9 (docs/components.md, Popup bar PB15).
    public var snapPercent = 0.32
    /// Delay before a snap-style upward swipe opens the popup (s).
    public var snapOpenDelay = 0.15
    /// Share of the travel a zero-velocity drag must pass to toggle (docs/components.md, PB16).
    public var dragThreshold = 0.2
    /// |velocity| below this (pt/s) counts as zero for the drag release.
    public var zeroVelocity = 10.0
    public var transitionDuration = 0.5          // s
    public var gestureDamping = 0.87
    public var programmaticDamping = 1.0
    /// The reference drops the release velocity; we hand it to the spring unless told not to.
    public var useReleaseVelocity = true
    /// Marquee titles (the reference enables them only in its glass environment).
    public var marquee = false
    public var marqueeRate = 30.0                 // pt/s
    public var marqueeDelay = 2.0                 // s
    public var marqueeFade = 10.0                 // pt
    public var marqueeGap = 50.0                  // pt
    /// Floating card (pre-glass): vertical inset, corner radius, shadow.
    public var floatingVerticalInset = 4.0
    public var floatingCornerRadius = 14.0
    public var floatingShadowOpacity = 0.17
    public var floatingShadowBlur = 12.0
    public var floatingShadowOffset = Point(0, 8)
    public var floatingMaxWidth = 954.0
    public var touchSlop = 8.0
    /// Bar paging (docs/components.md, Popup bar PB21): with two or more items a horizontal
    /// swipe on the titles moves to the previous or next one. `title`/`subtitle` start on item 0.
    public var items: [PopupItem] = []
    /// Points between pages.
    public var pageSpacing = 8.0
    /// The page changes when the release, projected with fast deceleration, passes half a page.
    public var pagingDeceleration = Deceleration.fast

    public init() {}

    /// Base height plus 6 for the pre-glass floating bar (docs/components.md, Popup bar PB4).
    public var barHeight: Double {
        switch barStyle {
        case .compact: 40
        case .prominent: 64
        case .floating: 58 + 6
        case .floatingCompact: 48
        }
    }

    /// Title and subtitle sizes (pt) and weights (docs/components.md, Popup bar PB6); medium
    /// and semibold draw bold.
    public var titleFont: (size: Double, bold: Bool) {
        let base = styleTitleFont
        return (appearance.titleSize ?? base.size, appearance.titleWeight.map(\.drawsBold) ?? base.bold)
    }
    public var subtitleFont: (size: Double, bold: Bool) {
        let base = styleSubtitleFont
        return (appearance.subtitleSize ?? base.size, appearance.subtitleWeight.map(\.drawsBold) ?? base.bold)
    }

    private var styleTitleFont: (size: Double, bold: Bool) {
        switch barStyle {
        case .floating: (15, true)
        case .floatingCompact: (13, true)
        case .prominent: (15, true)
        case .compact: (13.5, true)
        }
    }
    private var styleSubtitleFont: (size: Double, bold: Bool) {
        switch barStyle {
        case .floating: (12.5, false)
        case .floatingCompact: (12, false)
        case .prominent: (15, false)
        case .compact: (12, false)
        }
    }

    /// The style that governs a gesture: automatic = snap opening, drag closing
    /// (docs/components.md, Popup bar PB12).
    public func gestureStyle(opening: Bool) -> PopupInteractionStyle {
        guard interactionStyle == .automatic else { return interactionStyle }
        return opening ? .snap : .drag
    }
}
