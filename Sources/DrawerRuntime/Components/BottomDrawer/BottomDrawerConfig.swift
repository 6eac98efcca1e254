import PanelRenderer

/// Pulley's positions. Raw order is Pulley's: collapsed < partiallyRevealed < open; closed
/// (fully off-screen) is reachable only programmatically.
public enum DrawerPosition: String, CaseIterable, Sendable {
    case collapsed, partiallyRevealed, open, closed

    var order: Int {
        switch self { case .closed: -1; case .collapsed: 0; case .partiallyRevealed: 1; case .open: 2 }
    }
}

public enum DrawerDisplayMode: String, CaseIterable, Sendable { case drawer, panel, compact, automatic }
public enum PanelCorner: String, CaseIterable, Sendable { case topLeft, topRight, bottomLeft, bottomRight }

public enum DrawerSnapMode: Equatable, Sendable {
    /// Nearest stop to the projected release point only.
    case nearestPosition
    /// Pulley's default: if the nearest stop is the current one but the projection lies
    /// more than `threshold` points away, advance exactly one stop in that direction.
    case nearestPositionUnlessExceeded(threshold: Double)
}

/// Every option of the bottom drawer, defaulting to Pulley's values (docs/config.md; the
/// behaviour: docs/components.md, Bottom drawer).
public struct BottomDrawerConfig: Equatable, Sendable {
    public var positions: Set<DrawerPosition> = Set(DrawerPosition.allCases)
    public var initial: DrawerPosition = .collapsed
    public var collapsedHeight = 68.0
    public var partialHeight = 264.0
    public var topInset = 20.0
    /// Extra drawer below the screen edge so spring overshoot never shows a gap.
    public var bounceOverflowMargin = 20.0
    public var snapMode = DrawerSnapMode.nearestPositionUnlessExceeded(threshold: 20)
    public var deceleration = Deceleration.fast
    public var animationDuration = 0.3          // s
    public var animationDamping = 0.75
    /// Pulley drops the release velocity; we hand it to the spring unless told not to.
    public var useReleaseVelocity = true
    public var dimmingColor = Color.black
    public var dimmingOpacity = 0.5
    public var positionWhenDimmingTapped = DrawerPosition.collapsed
    public var displayMode = DrawerDisplayMode.drawer
    public var panelWidth = 325.0
    public var panelInsets = EdgeInsets(all: 10)
    public var panelCorner = PanelCorner.topLeft
    public var compactWidth = 292.0
    public var compactInsets = EdgeInsets(top: 8, left: 8, bottom: 10, right: 8)
    public var compactCorner = PanelCorner.bottomLeft
    public var automaticPanelWidth = 600.0
    public var cornerRadius = 13.0
    public var shadowOpacity = 0.1
    public var shadowRadius = 3.0
    public var shadowOffset = Point(0, -3)
    public var allowsUserPositionChange = true
    public var scrollPolicy = NestedScrollPolicy.resizeFirst
    public var showsGrabber = true
    /// Emit `distance_changed` events as the drawer moves (Pulley's distance callback).
    public var reportsDistance = false
    public var bounceHeight = 50.0
    /// A frosted card: the card shows what lies beneath it blurred (Pulley's drawer
    /// background is a material blur), tinted by the theme's card colour at `blurTint`.
    public var blur = false
    /// The blur's strength: a Gaussian's standard deviation, points.
    public var blurRadius = 20.0
    /// How much of the card colour lies over the blurred picture, 0 to 1.
    public var blurTint = 0.6
    public var bounceSpeedMultiplier = 0.75

    public init() {}
}
