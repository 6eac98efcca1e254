/// Rounding of caller-supplied text positions and sizes, namespaced so it cannot collide
/// with other PanelRenderer helpers.
enum TextRounding {
    /// floor(v + 0.5) as a pixel coordinate, clamped to ±2^30 so NaN, infinities and absurd
    /// positions from callers land far off-screen (drawing nothing) instead of trapping in
    /// `Int(_:)` or overflowing the offsets added to it. NaN maps to the far negative side.
    @inline(__always)
    static func pixel(_ v: Double) -> Int {
        let r = (v + 0.5).rounded(.down)
        if r >= 1_073_741_824 { return 1 << 30 }
        if !(r > -1_073_741_824) { return -(1 << 30) }
        return Int(r)
    }

    /// A text size in 1/64 px for the glyph cache, or nil when `sizePx` is not a drawable
    /// size (NaN, <= 0, or above 4096 px, where one glyph mask would be tens of megabytes).
    @inline(__always)
    static func size64(_ sizePx: Double) -> Int? {
        guard sizePx > 0, sizePx <= 4096 else { return nil }
        let s = Int((sizePx * 64).rounded())
        return s > 0 ? s : nil
    }
}
