import PanelRenderer

/// One transform from a touchscreen's normalized coordinates to UI pixels: calibration (the
/// board's libinput-style matrix composed with the device's own udev matrix), then the
/// display rotation, then the UI frame size. Rotating the display in the board file rotates
/// touch with it, which is the most common complaint about other kiosk stacks.
public struct TouchTransform: Equatable, Sendable {
    /// libinput's calibration matrix: [a, b, c, d, e, f] maps normalized (u, v) to
    /// (a·u + b·v + c, d·u + e·v + f).
    public struct Matrix: Equatable, Sendable {
        public var m: [Double]
        public init(_ m: [Double]) { precondition(m.count == 6); self.m = m }
        public static let identity = Matrix([1, 0, 0, 0, 1, 0])

        /// `self` after `first`: the matrix that applies `first`, then `self`.
        public func after(_ first: Matrix) -> Matrix {
            let a = m, b = first.m
            return Matrix([a[0] * b[0] + a[1] * b[3], a[0] * b[1] + a[1] * b[4], a[0] * b[2] + a[1] * b[5] + a[2],
                           a[3] * b[0] + a[4] * b[3], a[3] * b[1] + a[4] * b[4], a[3] * b[2] + a[4] * b[5] + a[5]])
        }
        public func apply(_ u: Double, _ v: Double) -> (Double, Double) {
            (m[0] * u + m[1] * v + m[2], m[3] * u + m[4] * v + m[5])
        }
    }

    /// Degrees clockwise the UI is turned on the panel (the board's `rotation`).
    public var rotation: Int
    /// The UI frame in pixels (already swapped for 90/270).
    public var uiWidth: Double
    public var uiHeight: Double

    public init(rotation: Int, uiWidth: Double, uiHeight: Double) {
        self.rotation = ((rotation % 360) + 360) % 360
        self.uiWidth = uiWidth; self.uiHeight = uiHeight
    }

    /// The matrix to give libinput: the board's calibration applied after the device's
    /// default (udev) one, so neither replaces the other.
    public static func calibration(board: [Double], deviceDefault: Matrix) -> Matrix {
        Matrix(board).after(deviceDefault)
    }

    /// Panel-normalized (u, v) in [0, 1] (after calibration) to UI pixels. The panel shows
    /// the UI turned `rotation` degrees clockwise, so a UI point (x, y) appears at:
    ///   0: (x/W, y/H)   90: (1 − y/H, x/W)   180: (1 − x/W, 1 − y/H)   270: (y/H, 1 − x/W)
    /// and this is the inverse.
    public func uiPoint(u: Double, v: Double) -> Point {
        switch rotation {
        case 90: return Point(v * uiWidth, (1 - u) * uiHeight)
        case 180: return Point((1 - u) * uiWidth, (1 - v) * uiHeight)
        case 270: return Point((1 - v) * uiWidth, u * uiHeight)
        default: return Point(u * uiWidth, v * uiHeight)
        }
    }
}
