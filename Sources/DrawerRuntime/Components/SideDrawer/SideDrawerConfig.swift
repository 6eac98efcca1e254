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
    /// The shadow styler's colour; nil: the theme's shadow colour (black, as the reference).
    public var shadowColor: Color?
    /// The shadow's offset (pt; the reference's shadowOffset, 0 × 0).
    public var shadowOffsetX = 0.0
    public var shadowOffsetY = 0.0
    /// The resize styler's minimumResizeRevealWidth (pt); nil: the reveal width.
    public var minimumResizeRevealWidth: Double?
    public var tapToClose = true
    public var dragRevealEnabled = true
    public var title: String?

    public init() {}

    /// The stylers of one drawer and their parameters: what `set_stylers` changes at run time
    /// (the reference's `addStyler:forDirection:` / `removeStyler:forDirection:` and each
    /// styler's properties).
    public struct Style: Equatable, Sendable {
        public var stylers: Set<PaneStyler>
        /// Parallax: the share of the reveal width the drawer starts off toward its edge (0.35).
        public var parallaxOffsetFraction: Double
        /// Fade: the drawer's alpha when closed (0).
        public var closedAlpha: Double
        /// Scale: how much smaller the drawer is when closed (0.1: 0.9 of its size).
        public var closedScale: Double
        /// Resize: from this reveal distance (pt) on the drawer is as wide as the gap; below
        /// it, as wide as the reveal width. nil: the reveal width; 0: always the gap.
        public var minimumResizeRevealWidth: Double?
        /// Shadow: blur radius (pt, 10), opacity (1), colour (nil: the theme's, black) and
        /// offset (pt, 0, 0).
        public var shadowRadius: Double
        public var shadowOpacity: Double
        public var shadowColor: Color?
        public var shadowOffsetX: Double
        public var shadowOffsetY: Double

        public init(stylers: Set<PaneStyler> = [], parallaxOffsetFraction: Double = 0.35, closedAlpha: Double = 0,
                    closedScale: Double = 0.1, minimumResizeRevealWidth: Double? = nil, shadowRadius: Double = 10,
                    shadowOpacity: Double = 1, shadowColor: Color? = nil, shadowOffsetX: Double = 0, shadowOffsetY: Double = 0) {
            self.stylers = stylers; self.parallaxOffsetFraction = parallaxOffsetFraction; self.closedAlpha = closedAlpha
            self.closedScale = closedScale; self.minimumResizeRevealWidth = minimumResizeRevealWidth
            self.shadowRadius = shadowRadius; self.shadowOpacity = shadowOpacity; self.shadowColor = shadowColor
            self.shadowOffsetX = shadowOffsetX; self.shadowOffsetY = shadowOffsetY
        }

        /// Each number parameter's name (the app file's key) and range, for the checks every
        /// surface shares.
        public static let ranges: [(key: String, range: ClosedRange<Double>)] = [
            ("parallax_offset_fraction", 0...1), ("closed_alpha", 0...1), ("closed_scale", 0...1),
            ("minimum_resize_reveal_width", 0...10000),
            ("shadow_radius", 0...100), ("shadow_opacity", 0...1), ("shadow_offset_x", -100...100), ("shadow_offset_y", -100...100),
        ]

        /// The parameters by key, in `ranges` order (nil: not set, the default applies).
        public var parameterValues: [Double?] {
            [parallaxOffsetFraction, closedAlpha, closedScale, minimumResizeRevealWidth, shadowRadius, shadowOpacity,
             shadowOffsetX, shadowOffsetY]
        }

        /// Sets the parameter named `key` (an app-file key); false when there is no such key.
        public mutating func set(_ key: String, _ value: Double) -> Bool {
            switch key {
            case "parallax_offset_fraction": parallaxOffsetFraction = value
            case "closed_alpha": closedAlpha = value
            case "closed_scale": closedScale = value
            case "minimum_resize_reveal_width": minimumResizeRevealWidth = value
            case "shadow_radius": shadowRadius = value
            case "shadow_opacity": shadowOpacity = value
            case "shadow_offset_x": shadowOffsetX = value
            case "shadow_offset_y": shadowOffsetY = value
            default: return false
            }
            return true
        }

        /// Why the style cannot be used (a parameter out of its range or not finite), or nil.
        public var problem: String? {
            for ((key, range), value) in zip(Self.ranges, parameterValues) {
                guard let v = value, !(v.isFinite && range.contains(v)) else { continue }
                return "\(key) is \(v); it takes \(range.lowerBound.formattedShort)...\(range.upperBound.formattedShort)"
            }
            return nil
        }
    }

    /// This drawer's stylers and their parameters (stored in the fields above, which the app
    /// file sets one by one).
    public var style: Style {
        get {
            Style(stylers: stylers, parallaxOffsetFraction: parallaxOffsetFraction, closedAlpha: closedAlpha,
                  closedScale: closedScale, minimumResizeRevealWidth: minimumResizeRevealWidth, shadowRadius: shadowRadius,
                  shadowOpacity: shadowOpacity, shadowColor: shadowColor, shadowOffsetX: shadowOffsetX, shadowOffsetY: shadowOffsetY)
        }
        set {
            stylers = newValue.stylers; parallaxOffsetFraction = newValue.parallaxOffsetFraction
            closedAlpha = newValue.closedAlpha; closedScale = newValue.closedScale
            minimumResizeRevealWidth = newValue.minimumResizeRevealWidth
            shadowRadius = newValue.shadowRadius; shadowOpacity = newValue.shadowOpacity; shadowColor = newValue.shadowColor
            shadowOffsetX = newValue.shadowOffsetX; shadowOffsetY = newValue.shadowOffsetY
        }
    }
}

extension Double {
    /// 1 for 1.0, 0.35 for 0.35: numbers in messages as a person writes them.
    fileprivate var formattedShort: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
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
