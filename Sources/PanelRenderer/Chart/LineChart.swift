/// A line chart: series of (x, y) points over labelled axes with round-number ticks, and
/// vertical markers for moments (a touch-down, a decision). Drawn in pixels of the canvas it
/// is given, with one face for its labels. The motion plot (`panel-kiosk plot`) stacks two of
/// these; it is the start of a chart widget, so it lives with the renderer, not the CLI.
public struct LineChart: Sendable {
    public struct Series: Sendable {
        public var name: String
        public var color: Color
        public var points: [Point]
        /// A thinner line for what is drawn for reference (the finger).
        public var isReference: Bool
        public init(name: String, color: Color, points: [Point], isReference: Bool = false) {
            self.name = name; self.color = color; self.points = points; self.isReference = isReference
        }
    }

    public struct Marker: Sendable {
        public var x: Double
        public var label: String
        public var color: Color
        public init(x: Double, label: String, color: Color) { self.x = x; self.label = label; self.color = color }
    }

    public var title: String
    /// The axes' units, written at their ends ("ms", "pt", "pt/s").
    public var xUnit: String
    public var yUnit: String
    public var series: [Series]
    public var markers: [Marker]
    /// The x range shown; nil: the data's.
    public var xRange: ClosedRange<Double>?
    /// Room for the y tick labels at least (pixels): charts stacked with the same value
    /// line up their x axes.
    public var labelWidth = 0.0

    public init(title: String, xUnit: String, yUnit: String, series: [Series], markers: [Marker] = [],
                xRange: ClosedRange<Double>? = nil) {
        self.title = title; self.xUnit = xUnit; self.yUnit = yUnit
        self.series = series; self.markers = markers; self.xRange = xRange
    }

    static let ink = Color(rgb: 0x222222)
    static let grid = Color(rgb: 0xE2E2E2)
    static let axis = Color(rgb: 0x888888)

    /// Draws the chart filling `frame` (pixels), labels at `textPx` pixels high.
    public func draw(in canvas: Canvas, frame: Rect, face: FontFace, textPx: Double = 13) {
        let all = series.flatMap(\.points).filter { $0.x.isFinite && $0.y.isFinite }
        let xs = xRange ?? Self.range(all.map(\.x) + markers.map(\.x))
        let ys = Self.range(all.map(\.y))
        let xTicks = Self.ticks(xs, count: 8), yTicks = Self.ticks(ys, count: 5)
        let xDomain = min(xs.lowerBound, xTicks.first ?? xs.lowerBound)...max(xs.upperBound, xTicks.last ?? xs.upperBound)
        let yDomain = min(ys.lowerBound, yTicks.first ?? ys.lowerBound)...max(ys.upperBound, yTicks.last ?? ys.upperBound)
        let labelWidth = max(self.labelWidth, yTicks.map { simpleTextWidth(Self.format($0), face: face, sizePx: textPx) }.max() ?? 0)
        let plot = Rect(frame.x + labelWidth + 12, frame.y + textPx * 2.2,
                        frame.width - labelWidth - 24, frame.height - textPx * 4.4)
        guard plot.width > 10, plot.height > 10 else { return }
        func px(_ p: Point) -> Point {
            Point(plot.x + (p.x - xDomain.lowerBound) / Self.span(xDomain) * plot.width,
                  plot.maxY - (p.y - yDomain.lowerBound) / Self.span(yDomain) * plot.height)
        }
        func text(_ s: String, _ at: Point, _ color: Color = Self.ink) {
            drawText(s, face: face, sizePx: textPx, at: at, color: color, into: canvas.target, clip: canvas.deviceClip)
        }
        func width(_ s: String) -> Double { simpleTextWidth(s, face: face, sizePx: textPx) }

        // Grid and tick labels.
        for t in yTicks {
            let y = px(Point(xDomain.lowerBound, t)).y
            canvas.fillRect(Rect(plot.x, y.rounded() - 0.5, plot.width, 1), .solid(t == 0 ? Self.axis : Self.grid))
            text(Self.format(t), Point(plot.x - 6 - width(Self.format(t)), y + textPx * 0.35))
        }
        for t in xTicks {
            let x = px(Point(t, yDomain.lowerBound)).x
            canvas.fillRect(Rect(x.rounded() - 0.5, plot.y, 1, plot.height), .solid(Self.grid))
            // Centred under its tick, but inside the chart (the last one was cut off).
            let w = width(Self.format(t))
            text(Self.format(t), Point(min(max(frame.x + 2, x - w / 2), frame.maxX - w - 2), plot.maxY + textPx * 1.3))
        }
        canvas.fillRect(Rect(plot.x, plot.maxY, plot.width, 1), .solid(Self.axis))
        canvas.fillRect(Rect(plot.x - 1, plot.y, 1, plot.height), .solid(Self.axis))
        // Inside the frame: the lower chart's unit was cut in half by the image's edge.
        text(xUnit, Point(plot.maxX - width(xUnit), min(plot.maxY + textPx * 2.3, frame.maxY - textPx * 0.3)), Self.axis)
        text(title + "  (" + yUnit + ")", Point(plot.x, frame.y + textPx * 1.3))

        // Markers under the lines, labelled at the top; a label that would run into the one
        // before it goes a line lower.
        var labelEnds: [Double] = []
        for m in markers where xDomain.contains(m.x) {
            let x = px(Point(m.x, 0)).x
            canvas.fillRect(Rect(x.rounded() - 0.5, plot.y, 1, plot.height), .solid(m.color.withOpacity(0.7)))
            let row = labelEnds.firstIndex { $0 < x } ?? labelEnds.count
            if row == labelEnds.count { labelEnds.append(0) }
            labelEnds[row] = x + 3 + width(m.label) + 4
            text(m.label, Point(x + 3, plot.y + textPx * (1 + 1.2 * Double(row))), m.color)
        }

        // The series, clipped to the plot.
        canvas.save()
        canvas.clip(to: plot)
        for s in series where s.points.count > 1 {
            var path = Path()
            var pen = false
            for p in s.points {
                guard p.x.isFinite, p.y.isFinite else { pen = false; continue }
                if pen { path.lineTo(px(p)) } else { path.moveTo(px(p)); pen = true }
            }
            canvas.stroke(path, StrokeStyle(width: s.isReference ? 1.5 : 2.5, join: .round),
                          .solid(s.isReference ? s.color.withOpacity(0.6) : s.color))
        }
        canvas.restore()

        // The legend, top right.
        var lx = plot.maxX
        for s in series.reversed() {
            lx -= width(s.name) + 28
            canvas.fillRect(Rect(lx, frame.y + textPx * 0.85, 16, 3), .solid(s.color))
            text(s.name, Point(lx + 20, frame.y + textPx * 1.3))
        }
    }

    static func span(_ r: ClosedRange<Double>) -> Double { max(r.upperBound - r.lowerBound, 1e-9) }

    /// The smallest range holding `values` (a unit around a single value, 0...1 for none).
    static func range(_ values: [Double]) -> ClosedRange<Double> {
        guard let lo = values.min(), let hi = values.max() else { return 0...1 }
        return lo < hi ? lo...hi : (lo - 1)...(hi + 1)
    }

    /// Round-number ticks (1, 2 or 5 × a power of ten apart) covering `r`, about `count` of them.
    static func ticks(_ r: ClosedRange<Double>, count: Int) -> [Double] {
        let raw = span(r) / Double(max(1, count))
        // Values a double cannot tell apart, or a span past its largest value: no ticks.
        guard raw.isFinite, raw > 0 else { return [] }
        var p = 1.0
        while p * 10 <= raw { p *= 10 }
        while p > raw { p /= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * p }.first { $0 >= raw } ?? p * 10
        let first = (r.lowerBound / step).rounded(.down) * step
        var out: [Double] = []
        var t = first
        while t <= r.upperBound + step * 0.999, out.count < 50 {
            out.append(abs(t) < step * 1e-9 ? 0 : t)
            t += step
        }
        return out
    }

    /// A tick label: whole numbers without a point, others with what the step needs.
    static func format(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
        let s = String(v)
        return s.count > 8 ? String(s.prefix(8)) : s
    }
}
