import PanelRenderer

/// The side drawer's geometry, stylers and decisions as pure functions of its configuration
/// and screen. Positions are *reveal distances* `s` ≥ 0 along a direction (how far the pane
/// has moved off its closed place); the signed pane offset is `direction.sign × s`.
public struct SideDrawerRules: Equatable, Sendable {
    public var config: SideDrawerConfig
    public var env: Environment

    public init(config: SideDrawerConfig, env: Environment) { self.config = config; self.env = env }

    /// The directions that have a drawer, in a fixed order.
    public var directions: [SideDrawerDirection] {
        [.left, .right, .top, .bottom].filter { config.sides[$0] != nil }
    }
    public var isHorizontal: Bool { directions.first?.isHorizontal ?? true }

    public func reveal(_ d: SideDrawerDirection) -> Double { config.revealWidth(d) }

    /// The pane's size along a direction's axis (points).
    public func paneDimension(_ d: SideDrawerDirection) -> Double {
        d.isHorizontal ? env.size.width : env.size.height
    }

    /// Reveal distance of a state (docs/components.md, Side drawer D1). openWide = pane
    /// size + 20 for every direction, bottom included (the reference moved a bottom pane the
    /// wrong way).
    public func distance(of state: PaneState, _ d: SideDrawerDirection) -> Double {
        guard d != .none else { return 0 }
        switch state {
        case .closed: return 0
        case .open: return reveal(d)
        case .openWide: return paneDimension(d) + config.openWideEdgeOffset
        }
    }

    /// Signed pane offset along the axis (points): + for left/top drawers, − for right/bottom.
    public func paneOffset(distance s: Double, _ d: SideDrawerDirection) -> Double { d.sign * s }

    /// The closed fraction (docs/components.md, Side drawer D15): 1 = closed, 0 = open
    /// (openWide too); `none` → 1.
    public func closedFraction(distance s: Double, _ d: SideDrawerDirection) -> Double {
        guard d != .none else { return 1 }
        let r = reveal(d)
        guard r > 0 else { return 1 }
        return min(max(1 - s / r, 0), 1)
    }

    // MARK: Stylers (docs/components.md, Side drawer D15)

    /// Parallax: the drawer moves by reveal × f × fraction toward its own edge (negative for
    /// left/top). Worked example: reveal 267, f 0.5 → −46.725 pt.
    public func parallaxOffset(closedFraction f: Double, _ d: SideDrawerDirection) -> Double {
        guard let side = config.sides[d] else { return 0 }
        return -d.sign * reveal(d) * f * side.parallaxOffsetFraction
    }

    /// Fade, with the closed alpha as a floor: closedAlpha + (1 − closedAlpha)(1 − f).
    /// With the default closedAlpha 0 this is the reference's curve (f 0.5 → 0.5); unlike the
    /// reference a non-zero closedAlpha no longer makes the open drawer translucent.
    public func fadeAlpha(closedFraction f: Double, _ d: SideDrawerDirection) -> Double {
        let a = config.sides[d]?.closedAlpha ?? 0
        return a + (1 - a) * (1 - f)
    }

    /// Scale: 1 − f × closedScale (f 0.5, 0.1 → 0.95).
    public func scale(closedFraction f: Double, _ d: SideDrawerDirection) -> Double {
        1 - f * (config.sides[d]?.closedScale ?? 0)
    }

    /// Resize: the drawer's extent along the axis is the gap once the pane is out by the
    /// minimum resize reveal width (default: the reveal width), else the reveal width. With
    /// the default this is the larger of the two; a smaller minimum makes the drawer jump from
    /// the reveal width to the gap there, as the reference's styler does.
    public func resizedExtent(distance s: Double, _ d: SideDrawerDirection) -> Double {
        let minimum = config.sides[d]?.minimumResizeRevealWidth ?? reveal(d)
        return s < minimum ? reveal(d) : s
    }

    /// The drawer's own region (where its content lays out) before stylers, at extent `e`.
    public func drawerRegion(_ d: SideDrawerDirection, extent e: Double) -> Rect {
        let w = env.size.width, h = env.size.height
        switch d {
        case .left: return Rect(0, 0, e, h)
        case .right: return Rect(w - e, 0, e, h)
        case .top: return Rect(0, 0, w, e)
        case .bottom: return Rect(0, h - e, w, e)
        case .none: return .zero
        }
    }

    /// Where a drawer's content starts below its region's top edge (points): under its title
    /// bar when it has a title, else a small inset.
    public func drawerContentTop(_ d: SideDrawerDirection) -> Double {
        config.sides[d]?.title == nil ? 8 : config.paneHeaderHeight
    }

    /// The pane's frame at distance `s`.
    public func paneFrame(distance s: Double, _ d: SideDrawerDirection) -> Rect {
        let o = paneOffset(distance: s, d)
        return d.isHorizontal ? env.bounds.offsetBy(dx: o, dy: 0) : env.bounds.offsetBy(dx: 0, dy: o)
    }

    // MARK: Gestures

    /// The drawer a first movement along the axis asks for: + → left/top, − → right/bottom
    /// (docs/components.md, Side drawer D5).
    public func direction(forFirstMovement a: Double) -> SideDrawerDirection {
        guard a != 0 else { return .none }
        if isHorizontal { return a > 0 ? .left : .right }
        return a > 0 ? .top : .bottom
    }

    /// Hard clamp during a drag (docs/components.md, Side drawer D6): between closed and open,
    /// never past. A pane caught beyond open (heading to openWide) may be dragged back but not
    /// further out.
    public func dragDistance(start s0: Double, translation a: Double, _ d: SideDrawerDirection) -> Double {
        let upper = max(reveal(d), s0)
        return min(max(s0 + d.sign * a, 0), upper)
    }

    /// The edge zone (docs/components.md, Side drawer D8), configurable in millimetres for
    /// thick kiosk bezels.
    public func isInEdgeZone(_ p: Point) -> Bool {
        let z = config.edgeZone.points(pointsPerMM: env.pointsPerMM)
        for d in directions where config.sides[d]?.dragRevealEnabled ?? false {
            switch d {
            case .left where p.x <= z: return true
            case .right where p.x >= env.size.width - z: return true
            case .top where p.y <= z: return true
            case .bottom where p.y >= env.size.height - z: return true
            case .none, .left, .right, .top, .bottom: continue
            }
        }
        return false
    }

    /// The release decision (docs/components.md, Side drawer D7) from a real velocity. `v` is
    /// pt/s along `s` (positive = opening). Faster than `flingVelocity` (300 pt/s ≙ the
    /// reference's 5 pt per event at 60 Hz): the way it was thrown; otherwise the nearest of
    /// closed and open.
    ///
    /// The initial velocity: the reference zeroed the pane's velocity and pushed it with
    /// magnitude 5 × per-event displacement, so a thrown pane visibly slowed at the lift (the
    /// push is ≈ 0.46 × the finger's speed on a phone pane). Here the pane leaves at the finger's
    /// own velocity, and a fling at least at the reference's push, so motion is continuous.
    public func releaseDecision(distance s: Double, velocity v: Double, _ d: SideDrawerDirection)
        -> (target: PaneState, initialVelocity: Double) {
        if abs(v) > config.flingVelocity {
            let target: PaneState = v > 0 ? .open : .closed
            let speed = max(abs(v), flingPush(velocity: v))
            return (target, v > 0 ? speed : -speed)
        }
        return (s < reveal(d) / 2 ? .closed : .open, v)
    }

    /// The push's velocity change (pt/s, unsigned): magnitude 5 × per-event displacement, the
    /// displacement being v / 60 Hz, converted with the reference area (DynamicsUnits).
    public func flingPush(velocity v: Double) -> Double {
        let perEvent = abs(v) / config.referenceEventRate
        return DynamicsUnits.pushVelocityChange(magnitude: config.flingPushMultiplier * perEvent,
                                                itemArea: config.pushReferenceArea)
    }

    /// The attention bounce's upward velocity (pt/s): push 60 at the reference area ≈ 330 pt/s.
    public var bounceVelocity: Double {
        DynamicsUnits.pushVelocityChange(magnitude: config.bounceMagnitude, itemArea: config.pushReferenceArea)
    }

    /// The dynamics installed to reach `target` from distance `s` (docs/components.md, Side
    /// drawer D2): gravity toward the target, one wall exactly at the target (no −1/+2 pt
    /// padding: the source of the jitter), the other at the opposite extreme. From beyond open
    /// toward open the walls are open…openWide and gravity points back in.
    public func dynamics(to target: PaneState, from s: Double, _ d: SideDrawerDirection,
                         elasticity: Double? = nil) -> PaneDynamics.Configuration {
        let g = DynamicsUnits.gravity(magnitude: config.gravityMagnitude)
        let e = elasticity ?? config.elasticity
        let wide = distance(of: .openWide, d)
        let goal = distance(of: target, d)
        switch target {
        case .closed:
            return .init(gravity: -g, boundary: 0...max(wide, s), elasticity: e, restHop: config.restHop)
        case .open where s > goal:
            return .init(gravity: -g, boundary: goal...max(wide, s), elasticity: e, restHop: config.restHop)
        case .open, .openWide:
            return .init(gravity: g, boundary: 0...goal, elasticity: e, restHop: config.restHop)
        }
    }
}
