/// What a fill or stroke puts through its coverage: a colour, a gradient or (via
/// `Canvas.drawImage`) an image. Gradient geometry is in the space of the transform current
/// at the draw call.

public struct GradientStop: Equatable, Sendable {
    public var offset: Double
    public var color: Color
    public init(offset: Double, color: Color) { self.offset = offset; self.color = color }
}

public enum Paint: Sendable {
    case solid(Color)
    /// Pads beyond both ends; colours interpolate per 8-bit sRGB channel.
    case linearGradient(start: Point, end: Point, stops: [GradientStop])
    case radialGradient(center: Point, radius: Double, stops: [GradientStop])
}

/// Porter-Duff operators on premultiplied pixels.
public enum BlendMode: Sendable { case srcOver, src, clear }

public enum Sampling: Sendable { case nearest, bilinear }

public enum LineCap: Sendable { case butt, round, square }
public enum LineJoin: Sendable { case miter, round, bevel }

public struct StrokeStyle: Sendable {
    /// Full line width, in the units of the current transform.
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    /// Ratio of miter length to width beyond which a miter join becomes a bevel.
    public var miterLimit: Double
    public init(width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
    }
}

/// A CSS-style drop shadow.
public struct Shadow: Equatable, Sendable {
    public var color: Color
    /// CSS blur radius in pixels: Gaussian sigma = blur / 2, approximated by three box blurs.
    public var blur: Double
    public var offset: Point
    public init(color: Color, blur: Double, offset: Point) {
        self.color = color; self.blur = blur; self.offset = offset
    }
}

/// Evaluates a stop list at `t` (padded), interpolating straight colours per channel.
func gradientColor(_ stops: [GradientStop], at t: Double) -> Color {
    guard let first = stops.first else { return .clear }
    let t = t.isNaN ? 0 : t
    if t <= first.offset || stops.count == 1 { return first.color }
    for i in 1..<stops.count {
        let s1 = stops[i]
        if t <= s1.offset {
            let s0 = stops[i - 1]
            let span = s1.offset - s0.offset
            return span > 0 ? Color.mix(s0.color, s1.color, (t - s0.offset) / span) : s1.color
        }
    }
    return stops[stops.count - 1].color
}
