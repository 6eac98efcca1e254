/// A Gaussian-like blur of colour pixels for frosted cards: three box blurs per axis (the
/// SVG 1.1 approximation `BoxBlur` uses on masks), on each premultiplied channel, with the
/// edge pixels repeated outside the picture (a frosted card at the screen's edge shows the
/// edge's colour, not black). Cost: a running sum per pass, 6 passes, whatever the radius.
public enum PixmapBlur {
    /// Blurs `view` in place like a Gaussian of standard deviation `sigma` pixels (nothing
    /// for `sigma` below 0.5 pixel).
    public static func blur(_ view: PixmapView, sigma: Double) {
        let d = BoxBlur.boxWidth(sigma: sigma)
        guard d > 1, view.width > 0, view.height > 0 else { return }
        let r = d / 2
        let n = max(view.width, view.height)
        let a = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        let b = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        defer { a.deallocate(); b.deallocate() }
        for y in 0..<view.height {
            let row = view.row(y)
            a.update(from: row, count: view.width)
            pass(a, b, view.width, r); pass(b, a, view.width, r); pass(a, row, view.width, r)
        }
        for x in 0..<view.width {
            for y in 0..<view.height { a[y] = view.base[y * view.stride + x] }
            pass(a, b, view.height, r); pass(b, a, view.height, r); pass(a, b, view.height, r)
            for y in 0..<view.height { view.base[y * view.stride + x] = b[y] }
        }
    }

    /// One box pass of radius `r` over `n` pixels, each of the four 8-bit channels summed on
    /// its own, the ends repeated, rounded to nearest.
    private static func pass(_ src: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, _ n: Int, _ r: Int) {
        let d = UInt32(2 * r + 1), half = d / 2
        @inline(__always) func at(_ i: Int) -> UInt32 { src[min(max(i, 0), n - 1)] }
        var s0: UInt32 = 0, s1: UInt32 = 0, s2: UInt32 = 0, s3: UInt32 = 0
        for i in -r...r {
            let p = at(i)
            s0 += p & 0xFF; s1 += (p >> 8) & 0xFF; s2 += (p >> 16) & 0xFF; s3 += p >> 24
        }
        for i in 0..<n {
            dst[i] = ((s0 + half) / d) | (((s1 + half) / d) << 8) | (((s2 + half) / d) << 16) | (((s3 + half) / d) << 24)
            let add = at(i + r + 1), sub = at(i - r)
            s0 = s0 + (add & 0xFF) - (sub & 0xFF)
            s1 = s1 + ((add >> 8) & 0xFF) - ((sub >> 8) & 0xFF)
            s2 = s2 + ((add >> 16) & 0xFF) - ((sub >> 16) & 0xFF)
            s3 = s3 + (add >> 24) - (sub >> 24)
        }
    }
}
