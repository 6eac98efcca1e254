/// The benchmark scene of docs/bench.md ("map + bottom drawer + mini-player", v1),
/// drawn through the production `Canvas`. Geometry is generated once per size; drawing a
/// frame allocates nothing once caches are warm.

/// The scene's 32-bit LCG (docs/bench.md, Random numbers).
struct BenchLCG {
    var s: UInt32 = 1
    mutating func u() -> Double {
        s = s &* 1664525 &+ 1013904223
        return Double(s >> 8) / 16_777_216
    }
    static func q4(_ v: Double) -> Double { (v * 4).rounded(.down) / 4 }
}

/// Draws the scene's text (labels, title, subtitle). Implemented over the text engine;
/// the scene draws no text when none is given.
package protocol BenchTextDrawer: AnyObject {
    /// Draws `text` with pen start `x` and baseline `baseline` (device px) in `color`.
    /// `bold` selects DejaVu Sans Bold; `size` is the em size in px.
    func draw(_ text: String, bold: Bool, size: Double, x: Double, baseline: Double, color: Color,
              on canvas: Canvas)
}

/// The scene's layers in drawing order (docs/bench.md, Layers), as `bench --layers` times
/// them.
package enum BenchLayer: Int, CaseIterable, Sendable {
    case gradient, pins, roads, dim, drawerShadow, drawer, rows, popupShadow, popupRest

    /// Drawn before the drawer and under its opaque body (the drawer's own shadow is clipped
    /// to the rows above the body already).
    package var isUnderDrawer: Bool {
        switch self {
        case .gradient, .pins, .roads, .dim: return true
        case .drawerShadow, .drawer, .rows, .popupShadow, .popupRest: return false
        }
    }

    /// The name `bench --layers` prints.
    package var name: String {
        switch self {
        case .gradient: return "gradient"
        case .pins: return "40 pins"
        case .roads: return "20 roads"
        case .dim: return "dim"
        case .drawerShadow: return "drawer shadow"
        case .drawer: return "drawer + pill"
        case .rows: return "text rows"
        case .popupShadow: return "popup shadow"
        case .popupRest: return "popup rest"
        }
    }
}

package final class BenchScene {
    package let width: Int
    package let height: Int
    /// Drawer top edge at rest: H - round(0.6 H).
    package let restTop: Int
    let pins: [Point]
    let roads: [(Point, Point)]
    package var textDrawer: BenchTextDrawer?
    /// Kept so drawing a frame does not build (allocate) the stop array.
    let backgroundStops = [GradientStop(offset: 0, color: Color(rgb: 0xA8D5BA)),
                           GradientStop(offset: 1, color: Color(rgb: 0xF1E9D2))]

    static let pinColors = [Color(rgb: 0xE53935), Color(rgb: 0x1E88E5), Color(rgb: 0x43A047), Color(rgb: 0xFB8C00)]
    package static let labels = [
        "Central Station Platform", "Riverside Park East Gate", "Harbour View Fish Market",
        "City Hall Public Library", "Sunset Boulevard Theatre", "Kensington Market Square",
        "Airport Terminal 2 Gates", "University Dental Clinic",
    ]
    static let shadowColor = Color(r: 0, g: 0, b: 0, a: 51)   // 0.20 black

    package init(width: Int, height: Int) {
        self.width = width; self.height = height
        restTop = height - Int((0.6 * Double(height)).rounded())
        var rng = BenchLCG()
        let W = Double(width), H = Double(height)
        var pins: [Point] = []
        for _ in 0..<40 {
            let x = BenchLCG.q4(rng.u() * (W - 18))
            let y = BenchLCG.q4(rng.u() * (H - 18))
            pins.append(Point(x, y))
        }
        var roads: [(Point, Point)] = []
        for _ in 0..<20 {
            let x0 = BenchLCG.q4(rng.u() * W), y0 = BenchLCG.q4(rng.u() * H)
            let x1 = BenchLCG.q4(rng.u() * W), y1 = BenchLCG.q4(rng.u() * H)
            roads.append((Point(x0, y0), Point(x1, y1)))
        }
        self.pins = pins; self.roads = roads
    }

    /// Popup rectangle; anchored to the drawer's rest position (it does not move in drags).
    var popupRect: Rect {
        Rect(8, Double(restTop - 12 - 64), Double(width - 16), 64)
    }

    /// Draws the whole scene with the drawer's top edge at `drawerTop`, inside the canvas'
    /// current clip (a clip turns this into a repaint of that band).
    package func draw(on c: Canvas, drawerTop: Int) {
        for layer in BenchLayer.allCases { draw(layer, on: c, drawerTop: drawerTop) }
    }

    /// The same picture, drawn the way the runtime draws a screen (`Screen.firstHiddenRow` in
    /// DrawerRuntime): the layers under the drawer (gradient, pins, roads, dim) only above
    /// the first row its opaque body hides completely. The reference implementations draw
    /// every primitive (docs/bench.md, Hidden layers); `bench` times both.
    package func drawSkippingHidden(on c: Canvas, drawerTop: Int) {
        let visible = IntRect(x: 0, y: 0, width: width, height: hiddenFrom(drawerTop: drawerTop))
        for layer in BenchLayer.allCases {
            guard layer.isUnderDrawer else { draw(layer, on: c, drawerTop: drawerTop); continue }
            c.save()
            c.clip(toDevice: visible)
            draw(layer, on: c, drawerTop: drawerTop)
            c.restore()
        }
    }

    /// The first pixel row the opaque drawer hides completely: below its rounded top corners
    /// it is a full-width opaque rectangle down to the bottom edge.
    package func hiddenFrom(drawerTop: Int) -> Int {
        max(0, min(height, drawerTop + Int(Self.drawerRadii.topLeft.rounded(.up))))
    }

    /// Draws one layer of the scene (docs/bench.md, Layers); `draw(on:drawerTop:)` is all of
    /// them in order. Separate so `bench --layers` can time each.
    package func draw(_ layer: BenchLayer, on c: Canvas, drawerTop: Int) {
        let W = Double(width), H = Double(height), top = Double(drawerTop)
        switch layer {
        case .gradient:
            c.fillRect(Rect(0, 0, W, H), .linearGradient(
                start: Point(0, 0), end: Point(0, H), stops: backgroundStops))
        case .pins:
            let pinRadii = CornerRadii(all: 5)
            for (i, p) in pins.enumerated() {
                c.fillRoundedRect(Rect(p.x, p.y, 18, 18), radii: pinRadii, .solid(Self.pinColors[i & 3]))
            }
        case .roads:
            let road = StrokeStyle(width: 2, cap: .butt)
            for (a, b) in roads { c.strokeLine(from: a, to: b, road, .solid(.white)) }
        case .dim:
            c.fillRect(Rect(0, 0, W, H), .solid(Color(r: 0, g: 0, b: 0, a: 89)))
        case .drawerShadow:
            // Only the rows the opaque drawer leaves visible.
            c.save()
            c.clip(to: Rect(0, top - 17, W, 29))
            c.drawShadow(roundedRect: drawerRect(top), radii: Self.drawerRadii,
                         shadow: Shadow(color: Self.shadowColor, blur: 12, offset: Point(0, -2)))
            c.restore()
        case .drawer:
            c.fillRoundedRect(drawerRect(top), radii: Self.drawerRadii, .solid(.white))
            c.fillRoundedRect(Rect((W - 36) / 2, top + 6, 36, 5), radii: CornerRadii(all: 2.5),
                              .solid(Color(rgb: 0xC7C7CC)))
        case .rows:
            let ink = Color(rgb: 0x1C1C1E), sep = Color(rgb: 0xE5E5EA)
            for k in 0..<8 {
                let ry = top + 20 + 32 * Double(k)
                textDrawer?.draw(Self.labels[k], bold: false, size: 16, x: 16, baseline: ry + 21, color: ink, on: c)
                c.fillRect(Rect(16, ry + 31, W - 16, 1), .solid(sep))
            }
        case .popupShadow:
            c.drawShadow(roundedRect: popupRect, radii: CornerRadii(all: 14),
                         shadow: Shadow(color: Self.shadowColor, blur: 12, offset: Point(0, 2)))
        case .popupRest:
            let p = popupRect, ink = Color(rgb: 0x1C1C1E)
            c.fillRoundedRect(p, radii: CornerRadii(all: 14), .solid(Color(rgb: 0xF9F9FB)))
            c.fillRoundedRect(Rect(p.x + 12, p.y + 12, 40, 40), radii: CornerRadii(all: 8), .solid(Color(rgb: 0x8E8E93)))
            textDrawer?.draw("Midnight City Drive", bold: true, size: 15, x: p.x + 64, baseline: p.y + 28,
                             color: ink, on: c)
            textDrawer?.draw("The Night Owls - Live Set", bold: false, size: 13, x: p.x + 64, baseline: p.y + 46,
                             color: Color(rgb: 0x6E6E73), on: c)
            c.fillRect(Rect(p.x + 12, p.y + 56, p.width - 24, 2), .solid(Color(rgb: 0xD1D1D6)))
            c.fillRect(Rect(p.x + 12, p.y + 56, (0.37 * (p.width - 24)).rounded(), 2), .solid(Color(rgb: 0x007AFF)))
        }
    }

    static let drawerRadii = CornerRadii(topLeft: 12, topRight: 12, bottomRight: 0, bottomLeft: 0)
    private func drawerRect(_ top: Double) -> Rect { Rect(0, top, Double(width), Double(height) - top) }

    /// Lowest pixel row (exclusive) anything above the drawer body paints: the popup shadow.
    var popupShadowBottom: Int { Int(popupRect.maxY) + 2 + 15 }

    /// Turns a frame showing the drawer at `fromTop` into one at `toTop` the way the runtime
    /// does for a dragged opaque layer: the drawer body's already-drawn rows move (memmove),
    /// and only the damaged bands are repainted through a clip. Falls back to repainting
    /// the whole affected band when the move would carry pixels of something else.
    /// Sets `damage` to every pixel that changed (moved or repainted), for the output copy;
    /// reusing one region keeps the frame allocation-free.
    package func dragFrame(on c: Canvas, fromTop: Int, toTop: Int, damage: inout DamageRegion) {
        let W = width, H = height
        let dy = toTop - fromTop
        let bodyStart = fromTop + 12            // first row of the opaque, full-width body
        let bandTop = max(0, min(fromTop, toTop) - 17)
        let canMove = toTop + 12 >= popupShadowBottom && bodyStart < H && dy != 0
        if !canMove {
            let band = IntRect(x: 0, y: bandTop, width: W, height: H - bandTop)
            repaint(c, band, drawerTop: toTop)
            damage.removeAll(); damage.add(band)
            return
        }
        // The drawer body's rows move; what they uncover or what changed is repainted.
        let moved = c.target.scroll(IntRect(x: 0, y: bodyStart, width: W, height: H - bodyStart), dx: 0, dy: dy)
        let upper = IntRect(x: 0, y: bandTop, width: W, height: toTop + 12 - bandTop)
        repaint(c, upper, drawerTop: toTop)
        damage.removeAll()
        damage.add(upper)
        damage.add(moved)
        if dy < 0 {
            let lower = IntRect(x: 0, y: H + dy, width: W, height: -dy)
            repaint(c, lower, drawerTop: toTop)
            damage.add(lower)
        }
    }

    private func repaint(_ c: Canvas, _ band: IntRect, drawerTop: Int) {
        c.save()
        c.clip(to: band.rect)
        draw(on: c, drawerTop: drawerTop)
        c.restore()
    }
}
