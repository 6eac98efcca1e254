/// How far (points) a finger must travel before a drag starts, so taps on a trembling finger
/// or a noisy digitizer stay taps. Default 10 pt; on a kiosk it is better given in millimetres
/// so a 7" and a 32" panel feel alike. No component uses this type yet: they use 8 pt
/// (docs/components.md, M4).
public struct TouchSlop: Equatable, Hashable, Sendable {
    public var points: Double

    public init(points: Double) { self.points = max(0, points) }

    /// `millimetres` on the glass, converted with the display's `PhysicalUnits`.
    public init(millimetres: Double, units: PhysicalUnits) {
        self.init(points: units.points(millimetres: millimetres))
    }

    public static let standard = TouchSlop(points: 10)
}
