/// A retained layer: content drawn once into a cached backing pixmap, then composited at
/// any offset and opacity without redrawing (the dragged drawer, a fading popup). Drawing
/// again happens only after `invalidate()`.
public final class Layer {
    public let pixmap: Pixmap
    public let canvas: Canvas
    /// True when every pixel is opaque: compositing at full opacity becomes a copy.
    public var isOpaque: Bool
    public private(set) var isValid = false
    /// How many times content was (re)drawn; steady-state compositing leaves it alone.
    public private(set) var drawCount = 0

    /// nil for an empty or oversized size.
    public init?(width: Int, height: Int, isOpaque: Bool = false) {
        guard let p = Pixmap(width: width, height: height) else { return nil }
        pixmap = p; canvas = Canvas(p.view); self.isOpaque = isOpaque
    }

    public var width: Int { pixmap.width }
    public var height: Int { pixmap.height }

    public func invalidate() { isValid = false }

    /// Runs `draw` on a cleared backing store if the layer is invalid; otherwise nothing.
    public func updateIfNeeded(_ draw: (Canvas) -> Void) {
        guard !isValid else { return }
        pixmap.view.fill(with: 0)
        canvas.save(); draw(canvas); canvas.restore()
        isValid = true
        drawCount += 1
    }
}

extension Canvas {
    /// Composites `layer` with its top-left at `origin` (current transform). Integer device
    /// offsets copy or blend rows directly; anything else samples bilinearly.
    public func drawLayer(_ layer: Layer, at origin: Point, opacity layerOpacity: Double = 1) {
        let t = state.transform
        let o = t.apply(origin)
        let alpha = UInt32((min(max(layerOpacity.isFinite ? layerOpacity : 0, 0), 1) * state.opacity * 255).rounded())
        guard alpha > 0 else { return }
        let ix = o.x.rounded(), iy = o.y.rounded()
        if t.isTranslationOnly && abs(o.x - ix) < 1e-9 && abs(o.y - iy) < 1e-9 && state.clipMask == nil
            && abs(ix) < maxDeviceCoordinate && abs(iy) < maxDeviceCoordinate {
            let x = Int(ix), y = Int(iy)
            let r = IntRect(x: x, y: y, width: layer.width, height: layer.height)
                .intersection(state.clip).intersection(target.bounds)
            guard !r.isEmpty else { return }
            let src = layer.pixmap
            for row in r.y..<r.maxY {
                let d = target.row(row) + r.x
                let s = src.pixels + (row - y) * src.stride + (r.x - x)
                if alpha == 255 && layer.isOpaque {
                    d.update(from: s, count: r.width)
                } else if alpha == 255 {
                    RowOps.shadedSpan(d, s, r.width, 255, .srcOver)
                } else {
                    RowOps.shadedSpan(d, s, r.width, alpha, .srcOver)
                }
            }
            return
        }
        save()
        opacity = state.opacity * (layerOpacity.isFinite ? min(max(layerOpacity, 0), 1) : 0)
        drawImage(layer.pixmap, in: Rect(origin.x, origin.y, Double(layer.width), Double(layer.height)))
        restore()
    }
}
