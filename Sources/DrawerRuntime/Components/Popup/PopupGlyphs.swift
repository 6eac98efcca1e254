import PanelRenderer

/// Bar button glyphs as vector paths in a square of `size` points. Media glyphs point the
/// same way in both layout directions: play means forward in time, not "toward the end".
enum PopupGlyphs {
    static func draw(_ b: PopupBarButton, in canvas: Canvas, center c: Point, size s: Double, color: Color) {
        let h = s / 2
        switch b {
        case .play:
            var p = Path()
            p.moveTo(Point(c.x - h * 0.7, c.y - h))
            p.lineTo(Point(c.x + h, c.y))
            p.lineTo(Point(c.x - h * 0.7, c.y + h))
            p.close()
            canvas.fill(p, .solid(color))
        case .pause:
            let bw = s * 0.28
            canvas.fillRoundedRect(Rect(c.x - h * 0.8, c.y - h, bw, s), radii: CornerRadii(all: 1.5), .solid(color))
            canvas.fillRoundedRect(Rect(c.x + h * 0.8 - bw, c.y - h, bw, s), radii: CornerRadii(all: 1.5), .solid(color))
        case .next, .previous:
            let dir: Double = b == .next ? 1 : -1
            var p = Path()
            for k in 0..<2 {
                let x0 = c.x + dir * (-h + Double(k) * h * 0.85)
                p.moveTo(Point(x0, c.y - h * 0.75))
                p.lineTo(Point(x0 + dir * h * 0.85, c.y))
                p.lineTo(Point(x0, c.y + h * 0.75))
                p.close()
            }
            canvas.fill(p, .solid(color))
            let barX = b == .next ? c.x + h * 0.7 : c.x - h * 0.7 - s * 0.12
            canvas.fillRect(Rect(barX, c.y - h * 0.75, s * 0.12, s * 0.75), .solid(color))
        case .close:
            var p = Path()
            p.moveTo(Point(c.x - h, c.y - h)); p.lineTo(Point(c.x + h, c.y + h))
            p.moveTo(Point(c.x + h, c.y - h)); p.lineTo(Point(c.x - h, c.y + h))
            canvas.stroke(p, StrokeStyle(width: max(1.5, s * 0.18), cap: .round), .solid(color))
        }
    }
}
