/// UIKit Dynamics magnitudes converted to plain units (docs/components.md, M12), so
/// MSDynamicsDrawer's constants can be used as written.
public enum DynamicsUnits {
    /// Gravity magnitude 1.0 = 1000 pt/s² (MSDynamics: 2.0 master, 3.5 next).
    public static func gravity(magnitude: Double) -> Double { magnitude * 1000 }

    /// Velocity change (pt/s) of an instantaneous push.
    ///
    /// UIKit: a *continuous* push of magnitude 1.0 on a 100×100 pt item of density 1.0
    /// accelerates it by 100 pt/s², and the effect scales inversely with the item's area and
    /// density (force / mass). We read an *instantaneous* push of magnitude m as the impulse of
    /// that force applied for one second: Δv = m · 100 pt/s · (10 000 pt² / area) / density.
    /// So MSDynamics' bounce (m = 60) on an 800×480 pt pane gives Δv = 60 · 100 · 10 000 / 384 000
    /// ≈ 156 pt/s. `itemArea` is the pane's area in pt² (width × height).
    public static func pushVelocityChange(magnitude: Double, itemArea ptSquared: Double, density: Double = 1) -> Double {
        guard ptSquared > 0, density > 0 else { return 0 }
        return magnitude * 100 * (10_000 / ptSquared) / density
    }
}
