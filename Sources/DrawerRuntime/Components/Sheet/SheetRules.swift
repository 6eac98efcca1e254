import PanelRenderer

/// The sheet's geometry and decisions as pure functions of its configuration and screen.
/// "Origin" is the y of the card's top edge in points (y grows downward); velocities are
/// pt/s, positive downward (the finger's own sign).
public struct SheetRules: Equatable, Sendable {
    public var config: SheetConfig
    public var env: Environment
    /// Anchor origins, ascending: index 0 is the top-most (most expanded) anchor.
    public let origins: [Double]

    public init(config: SheetConfig, env: Environment) {
        self.config = config
        self.env = env
        let f = env.safeBounds
        let resolved = config.anchors.map { $0.origin(in: f) }.sorted()
        // An empty anchor list would leave the card nowhere; fall back to the defaults.
        origins = resolved.isEmpty ? [SheetAnchor.defaultExpanded.origin(in: f), SheetAnchor.defaultCollapsed.origin(in: f)].sorted()
                                   : resolved
    }

    public var topOrigin: Double { origins[0] }
    public var bottomOrigin: Double { origins[origins.count - 1] }
    public var lastIndex: Int { origins.count - 1 }

    /// The card never resizes: it is as tall as the view below the top-most anchor.
    public var cardHeight: Double { env.size.height - topOrigin }

    /// sheets gives the background VC `additionalSafeAreaInsets.bottom = F.maxY − bottom anchor`
    /// so its content lays out above the collapsed card (docs/components.md, Sheet S3).
    public var backgroundInset: Double { max(0, env.safeBounds.maxY - bottomOrigin) }

    public func clampIndex(_ i: Int) -> Int { min(max(i, 0), lastIndex) }

    /// The anchor whose origin is nearest to `y` (the top-most wins a tie, as in `snapIndex`).
    public func nearestIndex(to y: Double) -> Int {
        var best = 0
        for i in origins.indices.dropFirst() where abs(origins[i] - y) < abs(origins[best] - y) { best = i }
        return best
    }

    /// The origin a settle shows for its spring's value: above the top-most anchor the
    /// overshoot is bounded by the room above it, so the card's top edge stays on the screen
    /// (a 3000 pt/s flick put it 30 pt above the screen). Small overshoots show as they are.
    public func settleOrigin(_ value: Double) -> Double {
        guard value < topOrigin else { return value }
        return topOrigin + RubberBand.bounded(value - topOrigin, limit: max(0, topOrigin))
    }

    /// Where a drag puts the card: `raw` is start origin + finger translation. Past the end
    /// anchors it is damped to √overshoot with `bounces` (100 pt of finger → 10 pt), else clamped.
    public func displayedOrigin(raw: Double) -> Double {
        guard config.bounces else { return min(max(raw, topOrigin), bottomOrigin) }
        return RubberBand.clamp(raw, lower: topOrigin, upper: bottomOrigin, RubberBand.squareRoot)
    }

    /// The inverse of `displayedOrigin`: the raw origin that shows the card at `origin`, so a
    /// finger catching an overshooting card drags it on from where it is, without a jump.
    public func rawOrigin(displayed origin: Double) -> Double {
        if origin < topOrigin { let o = topOrigin - origin; return topOrigin - o * o }
        if origin > bottomOrigin { let o = origin - bottomOrigin; return bottomOrigin + o * o }
        return origin
    }

    /// The snap rule on release (docs/components.md, Sheet S6): project with the deceleration
    /// rate (origin + 0.099·v for `.fast`, v in pt/s), take the nearest anchor (the first, i.e.
    /// top-most, wins ties), and if that anchor lies behind the motion, take the next one in the
    /// direction of the velocity. Net effect: any release velocity moves at least one anchor
    /// that way.
    public func snapIndex(origin: Double, velocity: Double) -> Int {
        let projected = config.deceleration.project(position: origin, velocity: velocity)
        var best = 0
        for i in origins.indices.dropFirst() where abs(origins[i] - projected) < abs(origins[best] - projected) { best = i }
        if (origins[best] - origin) * velocity < 0 {
            let next = velocity > 0 ? best + 1 : best - 1
            if origins.indices.contains(next) { best = next }
        }
        return best
    }

    /// 1 at the top anchor, 0 at the second anchor, clamped (sheets leaves it unclamped, so
    /// its corner radius goes negative below the second anchor; and it reads anchor 1 even
    /// when there is only one: docs/components.md, Sheet S20). With a single anchor the scale
    /// runs from it to the bottom of the safe area, so the one resting place is fully
    /// "expanded".
    public func ratio(origin: Double) -> Double {
        let a0 = topOrigin
        let a1 = origins.count > 1 ? origins[1] : env.safeBounds.maxY
        guard a1 > a0 else { return origin <= a0 ? 1 : 0 }
        return min(max(1 - (origin - a0) / (a1 - a0), 0), 1)
    }

    /// Black dimming behind the card: opacity × ratio (0.3 at the top anchor).
    public func dimmingAlpha(origin: Double) -> Double { config.dimmingOpacity * ratio(origin: origin) }

    /// The top corners' radius.
    public func cornerRadius(origin: Double) -> Double {
        config.animatesCorners ? config.cornerRadius * ratio(origin: origin) : config.cornerRadius
    }

    /// The bottom corners' radius: 0 (they are off the screen) unless the card floats; a
    /// floating card's shrink with its inset, square at the top anchor.
    public func bottomCornerRadius(origin: Double) -> Double {
        guard config.style == .floating, config.floatingInset > 0 else { return 0 }
        return config.cornerRadius * floatingInset(origin: origin) / config.floatingInset
    }

    /// The gap between a floating card and the screen's sides and bottom, points:
    /// `floatingInset` at and below the second anchor, shrinking with the ratio to 0 at the
    /// top anchor (docs/components.md, Sheet S27); always 0 for the standard style.
    public func floatingInset(origin: Double) -> Double {
        config.style == .floating ? config.floatingInset * (1 - ratio(origin: origin)) : 0
    }

    /// The card's frame. Standard: fixed height, drawn `overflowMargin` taller so an upward
    /// overshoot never uncovers the screen's bottom edge. Floating, below the top anchor: inset
    /// on both sides and ending `floatingInset(origin:)` above the screen's bottom edge.
    public func cardFrame(origin: Double) -> Rect {
        let fullWidth = env.size.width - env.safeArea.left - env.safeArea.right
        let inset = floatingInset(origin: origin)
        guard inset > 0 else {
            return Rect(env.safeArea.left, origin, fullWidth, max(cardHeight, env.size.height - origin) + config.overflowMargin)
        }
        return Rect(env.safeArea.left + inset, origin, max(0, fullWidth - 2 * inset), max(0, env.size.height - inset - origin))
    }

    /// The width pages are laid out at: the card's, or for a floating card its width at the
    /// lower anchors, at every position, so nothing reflows while the card grows (the content
    /// is centred in the wider card near the top).
    public var contentWidth: Double {
        let fullWidth = env.size.width - env.safeArea.left - env.safeArea.right
        return config.style == .floating ? max(0, fullWidth - 2 * config.floatingInset) : fullWidth
    }

    /// The x of the pages' content at `origin`: centred in the card.
    public func contentX(origin: Double) -> Double {
        let card = cardFrame(origin: origin)
        return card.midX - contentWidth / 2
    }

    /// Space above the header inside the card (the chevron's 4 + 2 × 5 pt).
    public var chromeTop: Double { config.hasChevron ? 14 : 0 }
    /// The header strip (tap-to-expand target, page title) relative to the card's top.
    public var headerBand: ClosedRange<Double> { 0...(chromeTop + config.headerHeight) }
    /// Content area of a page: below the header, as tall as the card minus the header.
    public var contentTop: Double { chromeTop + config.headerHeight }
    public var contentViewportHeight: Double { max(0, cardHeight - contentTop) }

    /// The close button of a pushed page: 30 × 30, 10 pt from the card's top and trailing
    /// edge (the left one in right-to-left layouts, where sheets would still use the right).
    /// sheets pins it to the page view's top, not below the chevron's inset, so it stays at
    /// + 10 pt with the chevron too (the chevron is centred, the button at the edge: they
    /// never overlap).
    public func closeButtonFrame(cardOrigin: Double) -> Rect {
        let card = cardFrame(origin: cardOrigin)
        let x = env.isRTL ? card.minX + 10 : card.maxX - 10 - 30
        return Rect(x, cardOrigin + 10, 30, 30)
    }
}
