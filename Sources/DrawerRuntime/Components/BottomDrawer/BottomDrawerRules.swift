import PanelRenderer

/// The drawer's geometry and decisions as pure functions of its configuration and screen.
/// Heights are visible heights in points: the distance from the container's bottom edge to
/// the drawer's top edge (docs/formats.md, State file: `visible_height_pt`).
public struct BottomDrawerRules: Equatable, Sendable {
    public var config: BottomDrawerConfig
    public var env: Environment

    public init(config: BottomDrawerConfig, env: Environment) { self.config = config; self.env = env }

    /// `automatic` resolved against the screen width; drawer mode below 600 pt (Pulley).
    public var displayMode: DrawerDisplayMode {
        guard config.displayMode == .automatic else { return config.displayMode }
        return env.size.width < config.automaticPanelWidth ? .drawer : .panel
    }

    /// Positions the user and programs may use in this mode (compact drops partial).
    public var supported: Set<DrawerPosition> {
        var s = config.positions
        if displayMode == .compact { s.subtract([.partiallyRevealed]) }
        return s
    }

    public var openHeight: Double {
        switch displayMode {
        case .panel:
            return env.size.height - env.safeArea.top - config.panelInsets.top - config.bounceOverflowMargin
                - config.panelInsets.bottom - env.safeArea.bottom
        case .compact:
            return env.size.height - env.safeArea.top - config.compactInsets.top - config.compactInsets.bottom
                - env.safeArea.bottom
        case .drawer, .automatic:                 // `displayMode` never answers automatic
            return env.size.height - env.safeArea.top - config.topInset
        }
    }

    public func stopHeight(of p: DrawerPosition) -> Double {
        switch p {
        case .closed: return 0
        case .collapsed: return min(config.collapsedHeight, openHeight)
        case .partiallyRevealed: return min(config.partialHeight, openHeight)
        case .open: return openHeight
        }
    }

    /// User-reachable stops from the top: [open, partial, collapsed] filtered (never closed).
    public var stops: [(DrawerPosition, Double)] {
        Self.stopOrder.filter { supported.contains($0) }.map { ($0, stopHeight(of: $0)) }
    }
    private static let stopOrder: [DrawerPosition] = [.open, .partiallyRevealed, .collapsed]

    /// `stops.first` and `stops.last`, found without building the list: every step of a drag
    /// and every frame of a settle ask for them.
    private var tallestStop: (DrawerPosition, Double)? {
        Self.stopOrder.first { supported.contains($0) }.map { ($0, stopHeight(of: $0)) }
    }
    private var lowestStop: (DrawerPosition, Double)? {
        Self.stopOrder.last { supported.contains($0) }.map { ($0, stopHeight(of: $0)) }
    }

    /// The lowest non-closed supported position, where an unsupported current one falls back.
    public var lowestPosition: DrawerPosition {
        lowestStop?.0 ?? .closed
    }

    /// The height a settle shows for its spring's value. Past the tallest stop the
    /// overshoot is bounded by the room above it, so the card's far edge never leaves the
    /// screen: with the release velocity in the spring (B18), a 4000 pt/s flick took the top
    /// edge, grabber and corners 80 pt off the screen for 150 ms. Small overshoots show as
    /// they are (`RubberBand.bounded`).
    public func settleHeight(_ value: Double) -> Double {
        let top = tallestStop?.1 ?? 0
        guard value > top else { return value }
        return top + RubberBand.bounded(value - top, limit: max(0, tallestShownHeight - top))
    }

    /// The height at which the card reaches the far edge of the screen from its anchor.
    var tallestShownHeight: Double {
        switch displayMode {
        case .panel, .compact:
            return env.size.height - anchorInset
        case .drawer, .automatic:
            return env.size.height
        }
    }

    /// Panel and compact cards: whether the card hangs from a top corner (and grows downward).
    var hangsFromTop: Bool {
        let corner = displayMode == .panel ? config.panelCorner : config.compactCorner
        return corner == .topLeft || corner == .topRight
    }

    /// Panel and compact cards: the distance from the screen edge the card is anchored to
    /// (top for a hanging card, bottom otherwise) to the card's anchored edge, points. Pulley
    /// keeps its 20 pt bounce margin on the anchored side of a panel: a top-corner panel
    /// starts 10 + 20 pt below the safe top, a bottom-corner one ends 10 + 20 pt above the
    /// safe bottom (docs/components.md, Bottom drawer B4). Compact cards have no margin.
    var anchorInset: Double {
        let isPanel = displayMode == .panel
        let insets = isPanel ? config.panelInsets : config.compactInsets
        let margin = isPanel ? config.bounceOverflowMargin : 0
        return hangsFromTop ? env.safeArea.top + insets.top + margin : env.safeArea.bottom + insets.bottom + margin
    }

    /// Height range while the finger drags (Pulley's scroll view has bouncing off).
    public var dragRange: ClosedRange<Double> {
        let lo = lowestStop?.1 ?? 0, hi = tallestStop?.1 ?? 0
        return lo...max(lo, hi)
    }

    /// Where the drawer goes when the finger lifts (docs/components.md, Bottom drawer B8).
    /// - Parameters:
    ///   - current: the position the drag started from.
    ///   - height: the visible height at release.
    ///   - upwardVelocity: points per second, positive when the finger moves up.
    public func snapTarget(from current: DrawerPosition, height: Double, upwardVelocity: Double) -> DrawerPosition {
        let stops = self.stops
        guard !stops.isEmpty else { return current }
        let range = dragRange
        let projected = min(max(config.deceleration.project(position: height, velocity: upwardVelocity),
                                range.lowerBound), range.upperBound + 15)
        // Nearest stop; a strictly closer one wins, so ties go to the higher stop.
        var nearest = stops[0]
        for s in stops.dropFirst() where abs(s.1 - projected) < abs(nearest.1 - projected) { nearest = s }
        guard nearest.0 == current, case .nearestPositionUnlessExceeded(let threshold) = config.snapMode else {
            return nearest.0
        }
        let currentStop = stopHeight(of: current)
        guard abs(currentStop - projected) > threshold else { return current }
        // One step in the direction of the projection, never to closed.
        let ordered = stops.map(\.0).reversed() as [DrawerPosition]   // collapsed ... open
        guard let i = ordered.firstIndex(of: current) else { return current }
        if projected > currentStop { return i + 1 < ordered.count ? ordered[i + 1] : current }
        return i > 0 ? ordered[i - 1] : current
    }

    /// Background dimming (drawer mode only): 0 up to the partial height, then up to
    /// `dimmingOpacity` at open.
    public func dimmingAlpha(height: Double) -> Double {
        // In drawer mode every configured position is supported: `config.positions` rather
        // than `supported`, which builds a set (this is asked several times a frame).
        guard displayMode == .drawer, config.positions.contains(.open) else { return 0 }
        // Pulley measures from the partial height whether or not partiallyRevealed is among
        // the positions (B12): a drawer of collapsed and open stays clear up to 264 pt.
        let partial = stopHeight(of: .partiallyRevealed)
        let open = stopHeight(of: .open)
        guard height > partial, open > partial else { return 0 }
        return min(1, (height - partial) / (open - partial)) * config.dimmingOpacity
    }

    /// The drawer card's frame in points for a visible height.
    public func cardFrame(height: Double) -> Rect {
        let w = env.size.width, hScreen = env.size.height
        switch displayMode {
        case .panel, .compact:
            let isPanel = displayMode == .panel
            let width = isPanel ? config.panelWidth : config.compactWidth
            let insets = isPanel ? config.panelInsets : config.compactInsets
            let corner = isPanel ? config.panelCorner : config.compactCorner
            let left = corner == .topLeft || corner == .bottomLeft
            let x = left ? env.safeArea.left + insets.left : w - env.safeArea.right - insets.right - width
            // Grows downward from its top edge when it hangs from a top corner.
            if hangsFromTop { return Rect(x, anchorInset, width, height) }
            return Rect(x, hScreen - anchorInset - height, width, height)
        case .drawer, .automatic:
            return Rect(env.safeArea.left, hScreen - height,
                        w - env.safeArea.left - env.safeArea.right, height + config.bounceOverflowMargin)
        }
    }

    /// Pulley's attention bounce: three decaying humps (100 %, 50 %, 25 % of the bounce
    /// height) over 32 frames at 30 fps times the speed multiplier. Returns the extra height
    /// at `elapsed` seconds, nil when the bounce is over.
    public func bounceOffset(elapsed: Double) -> Double? {
        let total = 32.0 / 30.0 * config.bounceSpeedMultiplier
        guard elapsed >= 0, elapsed < total else { return nil }
        let u = elapsed / total * 3
        let hump = Int(u)
        let amp = [1.0, 0.5, 0.25][min(hump, 2)]
        return config.bounceHeight * amp * sin(Double.pi * (u - Double(hump)))
    }
}

#if canImport(Glibc)
import Glibc
#endif
