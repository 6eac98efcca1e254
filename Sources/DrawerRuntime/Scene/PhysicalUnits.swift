import PanelRenderer

/// Converts between points, pixels and millimetres for one display.
///
/// Points are the runtime's unit (pt = px / scale). A board file may give the panel's physical
/// size (`physical_mm`), which lets sizes and thresholds be stated in millimetres.
public struct PhysicalUnits: Equatable, Hashable, Sendable {
    /// Device pixels per point.
    public var scale: Double
    /// Points per millimetre on the glass.
    public var pointsPerMillimetre: Double

    public init(scale: Double, pointsPerMillimetre: Double) {
        precondition(scale > 0 && pointsPerMillimetre > 0)
        self.scale = scale
        self.pointsPerMillimetre = pointsPerMillimetre
    }

    /// From the panel's physical size in mm and its resolution in pixels, both in the same
    /// orientation (swap them for a panel rotated 90°). Uses the horizontal density (pixels are
    /// square on every supported panel). Without a usable size: the nominal density.
    public init(physicalMillimetres: Size, pixels: Size, scale: Double) {
        guard physicalMillimetres.width > 0, pixels.width > 0 else {
            self = .nominal(scale: scale)
            return
        }
        self.init(scale: scale, pointsPerMillimetre: pixels.width / physicalMillimetres.width / scale)
    }

    /// When the panel size is unknown: a nominal 160 px/inch at scale 1 (iOS's point density),
    /// i.e. 6.3 pt per mm.
    public static func nominal(scale: Double = 1) -> PhysicalUnits {
        PhysicalUnits(scale: scale, pointsPerMillimetre: 160 / 25.4)
    }

    public func points(millimetres mm: Double) -> Double { mm * pointsPerMillimetre }
    public func millimetres(points pt: Double) -> Double { pt / pointsPerMillimetre }
    public func pixels(points pt: Double) -> Double { pt * scale }
    public func points(pixels px: Double) -> Double { px / scale }
}

/// Free function form for layout code: millimetres to points given the panel's physical size
/// and its size in points along the same axis.
package func mmToPoints(_ mm: Double, physicalMillimetres: Double, sizePoints: Double) -> Double {
    physicalMillimetres > 0 ? mm * sizePoints / physicalMillimetres : mm * 160 / 25.4
}
