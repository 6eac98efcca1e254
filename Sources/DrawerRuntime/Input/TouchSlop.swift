import PanelRenderer

/// How far (points) a finger must travel before a drag starts, so taps on a trembling finger
/// or a noisy digitizer stay taps. On a kiosk it is better given in millimetres so a 7" and a
/// 32" panel feel alike. A component has one value (its `touchSlop`, 8 pt by default,
/// docs/components.md, M4), and the same value decides its own drags, its taps and when a
/// scroll view inside its content starts scrolling (`GestureShell`).
public struct TouchSlop: Equatable, Hashable, Sendable {
    public var points: Double

    public init(points: Double) { self.points = max(0, points) }

    /// `millimetres` on the glass, converted with the display's `PhysicalUnits`.
    public init(millimetres: Double, units: PhysicalUnits) {
        self.init(points: units.points(millimetres: millimetres))
    }

    public static let standard = TouchSlop(points: 10)

    /// The finger has moved past the slop, more vertically than horizontally: a vertical
    /// drag begins (a horizontal one stays the press it was).
    func startsVerticalDrag(from start: Point, to p: Point) -> Bool {
        let dy = p.y - start.y, dx = p.x - start.x
        return abs(dy) > points && abs(dy) >= abs(dx)
    }

    /// The finger has moved past the slop in any direction.
    func isLeft(from start: Point, to p: Point) -> Bool { (p - start).length > points }

    /// A lift within the slop of where the finger went down, not cancelled: a tap.
    func isTap(from start: Point, to p: Point, cancelled: Bool) -> Bool {
        !cancelled && (p - start).length <= points
    }
}
