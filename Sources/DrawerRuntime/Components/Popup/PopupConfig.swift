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
    public var closeButtonStyle = PopupCloseButtonStyle.chevron
    public var initialState = PopupState.hidden
    public var title = ""
    public var subtitle = ""
    public var progress = 0.0
    public var buttons: [PopupBarButton] = [.play, .next]
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
        switch barStyle {
        case .floating: (15, true)
        case .floatingCompact: (13, true)
        case .prominent: (15, true)
        case .compact: (13.5, true)
        }
    }
    public var subtitleFont: (size: Double, bold: Bool) {
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
