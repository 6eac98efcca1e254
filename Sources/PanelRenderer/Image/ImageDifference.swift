/// How two images of the same size differ, pixel by pixel: for golden-image tests (ours and
/// an app's own), with a picture of where they differ.
public struct ImageDifference {
    /// Pixels where some channel differs by more than the tolerance.
    public var pixelsOff: Int
    /// The largest difference of any channel (0–255) and where it is.
    public var worst: Int
    public var worstAt: (x: Int, y: Int)
    /// Grey where they differ (8 × the largest channel difference), black where they agree.
    public var picture: Pixmap

    /// Nil when the sizes differ (or the picture cannot be allocated).
    public init?(_ a: PixmapView, _ b: PixmapView, channelTolerance: Int = 2) {
        guard a.width == b.width, a.height == b.height, let picture = Pixmap(width: a.width, height: a.height) else { return nil }
        var off = 0, worst = 0, worstAt = (0, 0)
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = Color(premultipliedPixel: a[x, y]), q = Color(premultipliedPixel: b[x, y])
                let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
                if d > channelTolerance { off += 1 }
                if d > worst { worst = d; worstAt = (x, y) }
                let v = UInt8(min(255, d * 8))
                picture[x, y] = Color(r: v, g: v, b: v).premultiplied
            }
        }
        self.pixelsOff = off
        self.worst = worst
        self.worstAt = worstAt
        self.picture = picture
    }
}
