// Pure geometry, so it sits in the core rather than with the DRM driver that copies frames
// into scanout with it: knowing where a rotated frame's pixel lands on the panel needs no
// libdrm (the touch transform's tests and the board's sinks use it too).

/// How the UI is turned on its way to the panel: the frame is rotated clockwise by this many
/// degrees when copied into the scanout buffer. With 90 and 270 the frame is the mode's
/// height wide and its width tall.
public enum DisplayRotation: Int, Sendable, CaseIterable {
    case rotate0 = 0, rotate90 = 90, rotate180 = 180, rotate270 = 270

    public init?(degrees: Int) { self.init(rawValue: ((degrees % 360) + 360) % 360) }

    public var swapsAxes: Bool { self == .rotate90 || self == .rotate270 }

    /// The frame (UI) size for a scanout of `width` x `height`.
    public func frameSize(scanoutWidth width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// Where a rectangle of a `frameWidth` x `frameHeight` frame lands in the scanout buffer.
    public func scanoutRect(_ r: IntRect, frameWidth w: Int, frameHeight h: Int) -> IntRect {
        switch self {
        case .rotate0: return r
        case .rotate90: return IntRect(x: h - r.y - r.height, y: r.x, width: r.height, height: r.width)
        case .rotate180: return IntRect(x: w - r.x - r.width, y: h - r.y - r.height, width: r.width, height: r.height)
        case .rotate270: return IntRect(x: r.y, y: w - r.x - r.width, width: r.height, height: r.width)
        }
    }

    /// Maps continuous scanout (panel) coordinates to frame (UI) coordinates, e.g. a touch
    /// already scaled to the panel's pixels. Its inverse maps UI to panel.
    public func scanoutToFrame(frameWidth w: Int, frameHeight h: Int) -> Transform {
        let W = Double(w), H = Double(h)
        switch self {
        case .rotate0: return .identity
        case .rotate90: return Transform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: H)      // x = sy, y = H - sx
        case .rotate180: return Transform(a: -1, b: 0, c: 0, d: -1, tx: W, ty: H)    // x = W - sx, y = H - sy
        case .rotate270: return Transform(a: 0, b: 1, c: -1, d: 0, tx: W, ty: 0)     // x = W - sy, y = sx
        }
    }

    /// The frame pixel shown at scanout pixel (`sx`, `sy`).
    @inline(__always)
    public func framePoint(scanoutX sx: Int, y sy: Int, frameWidth w: Int, frameHeight h: Int) -> (x: Int, y: Int) {
        switch self {
        case .rotate0: return (sx, sy)
        case .rotate90: return (sy, h - 1 - sx)
        case .rotate180: return (w - 1 - sx, h - 1 - sy)
        case .rotate270: return (w - 1 - sy, sx)
        }
    }
}
