import PanelRenderer

/// The popup's geometry and decisions as pure functions. `percent` p is the open fraction
/// (0 = bar at rest, 1 = open); the bar's bottom edge is at `dockY × (1 − p)` and the content's
/// top is glued to it (docs/components.md, Popup bar PB8).
public struct PopupRules: Equatable, Sendable {
    public var config: PopupConfig
    public var env: Environment

    public init(config: PopupConfig, env: Environment) { self.config = config; self.env = env }

    /// Where the bar docks: the screen bottom above the safe area.
    public var dockY: Double { env.size.height - env.safeArea.bottom }
    public var barHeight: Double { config.barHeight }

    /// The bar's frame (full width, before the floating inset) at percent p, shifted down by
    /// `hiddenShift` while presenting or dismissing.
    public func barFrame(percent p: Double, hiddenShift: Double = 0) -> Rect {
        let maxY = dockY * (1 - p) + hiddenShift
        return Rect(0, maxY - barHeight, env.size.width, barHeight)
    }

    /// How far below its place a hidden bar sits (fully off screen, shadow included).
    public var hiddenShift: Double { barHeight + env.safeArea.bottom + 20 }

    public func percent(barMaxY y: Double) -> Double { dockY > 0 ? min(max(1 - y / dockY, 0), 1) : 0 }

    /// The floating card inside the bar frame (docs/components.md, Popup bar PB5): 4 pt
    /// vertical inset, horizontal max(safe + 12, 12 or 30 on regular widths), width capped.
    public func card(in bar: Rect) -> Rect {
        guard config.barStyle.isFloating else { return bar }
        let regular = env.size.width >= 600 ? 30.0 : 12.0
        let left = max(env.safeArea.left + 12, regular), right = max(env.safeArea.right + 12, regular)
        var w = bar.width - left - right
        var x = bar.x + left
        if w > config.floatingMaxWidth { x += (w - config.floatingMaxWidth) / 2; w = config.floatingMaxWidth }
        return Rect(x, bar.y + config.floatingVerticalInset, w, bar.height - 2 * config.floatingVerticalInset)
    }

    // MARK: Minimization (docs/components.md, Popup bar PB31)

    /// The minimized pill's height (pt).
    public static let pillHeight = 40.0

    /// The minimized pill inside `card`: 40 pt tall on the card's bottom edge, centred, as
    /// wide as artwork and title need (at least 140 pt, at most the larger of 140 pt and 60 %
    /// of the card), never wider than the card.
    public func pill(in card: Rect, titleWidth: Double) -> Rect {
        let h = min(Self.pillHeight, card.height)
        let natural = 6 + (h - 12) + 10 + titleWidth + 16
        let w = min(card.width, min(max(140, natural), max(140, card.width * 0.6)))
        return Rect(card.midX - w / 2, card.maxY - h, w, h)
    }

    /// `a` moved toward `b` by `t` (0 = a, 1 = b), edge by edge.
    public static func blend(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        return Rect(mix(a.x, b.x), mix(a.y, b.y), mix(a.width, b.width), mix(a.height, b.height))
    }

    public var cornerRadius: Double { config.barStyle.isFloating ? config.floatingCornerRadius : 0 }

    /// The progress line (docs/components.md, Popup bar PB7): inset by the corner radius plus 4
    /// on each side, 2 pt thick.
    public func progressFrame(in card: Rect) -> Rect? {
        let inset = cornerRadius > 0 ? cornerRadius + 4 : 0
        switch config.progressStyle {
        case .none: return nil
        case .top: return Rect(card.x + inset, card.y, card.width - 2 * inset, 2)
        case .bottom: return Rect(card.x + inset, card.maxY - 2, card.width - 2 * inset, 2)
        }
    }

    // MARK: Snap style closing (docs/components.md, Popup bar PB15)

    /// Displayed offset of the content from the open position for an un-damped finger travel
    /// `x`: the hyperbolic rubber band x·d·c / (d + c·x), d = container height, c = snap percent.
    public func snapDisplayedOffset(travel x: Double) -> Double {
        RubberBand.hyperbolic(max(0, x), dimension: env.size.height, coefficient: snapPercent)
    }

    /// True once the un-damped bar centre has passed snapPercent of the container height:
    /// the popup closes at that moment, without waiting for the finger to lift.
    public func snapShouldClose(travel x: Double) -> Bool {
        let centre = -barHeight / 2 + x
        return centre / env.size.height > snapPercent
    }

    public var snapPercent: Double { min(max(config.snapPercent, 0.1), 0.9) }

    // MARK: Drag style release (docs/components.md, Popup bar PB16)

    /// The state a drag release goes to. `velocityDown` in pt/s (down > 0). The direction of the
    /// final velocity decides; the 20 % threshold applies only when the velocity is zero.
    public func dragReleaseTarget(startedOpen: Bool, percent p: Double, velocityDown vy: Double) -> PopupState {
        if abs(vy) < config.zeroVelocity {
            let passed = startedOpen ? p < 1 - config.dragThreshold : p > config.dragThreshold
            let toggled: PopupState = startedOpen ? .barPresented : .open
            return passed ? toggled : (startedOpen ? .open : .barPresented)
        }
        if vy < 0 { return startedOpen && p < 0.5 ? .barPresented : .open }
        return .barPresented
    }

    // MARK: Marquee (docs/components.md, Popup bar PB20)

    /// Horizontal scroll offsets (pt) of title and subtitle `elapsed` seconds after the marquee
    /// (re)started. Labels that fit never scroll; the others wait `delay`, scroll one
    /// (width + gap) at `rate`, then all wait together until the slowest is home.
    public func marqueeOffsets(elapsed: Double, widths: [Double], available: Double) -> [Double] {
        let gap = max(config.marqueeGap, config.marqueeFade)
        let scrolling = widths.map { $0 > available }
        guard config.marquee, scrolling.contains(true), config.marqueeRate > 0 else { return widths.map { _ in 0 } }
        let cycle = widths.enumerated().filter { scrolling[$0.offset] }.map { ($0.element + gap) / config.marqueeRate }.max()!
        let period = config.marqueeDelay + cycle
        let t = elapsed.truncatingRemainder(dividingBy: period) - config.marqueeDelay
        return widths.enumerated().map { i, w in
            guard scrolling[i], t > 0 else { return 0 }
            return min(t * config.marqueeRate, w + gap)
        }
    }

    // MARK: Bar paging (docs/components.md, Popup bar PB21)

    /// The page step a release makes: −1 (previous), 0 or +1 (next). `offset` is the titles'
    /// displacement (pt, positive = moved toward the trailing side in reading order, i.e. back),
    /// `velocity` in pt/s along the same axis, `page` the page width with spacing.
    public func pageStep(offset: Double, velocity: Double, page: Double) -> Int {
        let projected = config.pagingDeceleration.project(position: offset, velocity: velocity)
        if projected < -page / 2 { return 1 }
        if projected > page / 2 { return -1 }
        return 0
    }
}
