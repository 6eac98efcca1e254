import PanelRenderer

/// MSDynamicsDrawer's pane states (docs/components.md, Side drawer D1).
public enum PaneState: String, CaseIterable, Sendable {
    case closed, open, openWide
}

/// Where a drawer sits. `none` is the direction of a closed pane.
public enum SideDrawerDirection: String, CaseIterable, Sendable {
    case none, left, right, top, bottom

    public var isHorizontal: Bool { self == .left || self == .right }
    /// +1 when opening moves the pane toward larger coordinates (left, top drawers), −1 for
    /// right and bottom. The reference gets this wrong for bottom's openWide
    /// (docs/components.md, Side drawer D23).
    public var sign: Double {
        switch self {
        case .left, .top: 1
        case .right, .bottom: -1
        case .none: 0
        }
    }
    public var opposite: SideDrawerDirection {
        switch self {
        case .left: .right
        case .right: .left
        case .top: .bottom
        case .bottom: .top
        case .none: .none
        }
    }
}

/// Drawer stylers (docs/components.md, Side drawer D15): each is driven only by the closed
/// fraction, and any set of them can be combined per direction.
public enum PaneStyler: String, CaseIterable, Sendable {
    case parallax, fade, scale, resize, shadow
}

/// A length given in points or millimetres (converted with the board's DPI at layout).
public enum PhysicalLength: Equatable, Sendable {
    case points(Double)
    case millimetres(Double)

    /// Points; without a known DPI a millimetre is taken as 96/25.4 pt (CSS's reference pixel).
    public func points(pointsPerMM: Double?) -> Double {
        switch self {
        case .points(let p): p
        case .millimetres(let mm): mm * (pointsPerMM ?? 96 / 25.4)
        }
    }
}

/// One drawer's options (MSDynamics sets these per direction).
public struct SideDrawerSideConfig: Equatable, Sendable {
    /// nil = the reference default: 267 pt horizontal, 300 pt vertical.
    public var revealWidth: Double?
    public var stylers: Set<PaneStyler> = []
    public var parallaxOffsetFraction = 0.35
    /// Drawer alpha when closed. The reference scaled the *open* alpha by (1 − closedAlpha);
    /// here the closed alpha is a floor and the open drawer is always opaque.
    public var closedAlpha = 0.0
    public var closedScale = 0.1
    public var shadowRadius = 10.0
    public var shadowOpacity = 1.0
    public var tapToClose = true
    public var dragRevealEnabled = true
    public var title: String?

    public init() {}
}

/// Every option of the side drawer, defaulting to MSDynamicsDrawerViewController (master).
public struct SideDrawerConfig: Equatable, Sendable {
    public var sides: [SideDrawerDirection: SideDrawerSideConfig] = [.left: SideDrawerSideConfig()]
    /// UIKit Dynamics gravity magnitude (1.0 = 1000 pt/s²).
    public var gravityMagnitude = 2.0
    /// Item elasticity on arrival (0 = no bounce).
    public var elasticity = 0.0
    /// A release faster than this (pt/s, along the axis) is a fling. The reference compared
    /// the per-event displacement with 5 pt; at its 60 Hz touch rate that is 5 × 60 = 300 pt/s.
    public var flingVelocity = 300.0
    /// The reference's push magnitude per point of per-event displacement (5).
    public var flingPushMultiplier = 5.0
    /// Touch rate (Hz) used to translate a real velocity into the reference's per-event
    /// displacement for the push magnitude.
    public var referenceEventRate = 60.0
    /// Push magnitudes are converted with this item area (pt², a 320×568 phone pane) rather
    /// than the real pane's, so a push feels the same on a 7" and a 32" panel
    /// (docs/components.md, Side drawer D20).
    public var pushReferenceArea = 320.0 * 568.0
    public var bounceMagnitude = 60.0
    public var bounceElasticity = 0.5
    public var openWideEdgeOffset = 20.0
    public var paneDragRequiresScreenEdgePan = false
    public var edgeZone = PhysicalLength.points(24)
    /// A pan starting in the edge zone takes priority over the page's scrolling
    /// (docs/components.md, Side drawer D4).
    public var screenEdgePanCancelsConflictingGestures = true
    public var slideOffOnReplace = true
    /// Programmatic open/close may be caught by a finger (the reference's default call did not).
    public var allowUserInterruption = true
    /// Content actions that behave like the reference's touch-forwarding controls (sliders,
    /// switches): a touch that starts on one never moves the pane.
    public var touchForwardingActions: Set<String> = []
    /// Points a finger must travel before a press becomes a pan.
    public var touchSlop = 8.0
    /// Points: the rebound height under which the pane stops exactly on its wall.
    public var restHop = 0.25
    public var paneHeaderHeight = 56.0

    public init() {}

    /// The reveal width of a direction with the reference's defaults.
    public func revealWidth(_ d: SideDrawerDirection) -> Double {
        sides[d]?.revealWidth ?? (d.isHorizontal ? 267 : 300)
    }
}
