/// SVG 1.1 feGaussianBlur approximation on A8 masks: three box blurs of width `d`
/// horizontally, then three vertically, each `out[i] = round(sum(in[i-r...i+r]) / d)` with
/// zero outside the mask. Used once per cached shadow, never per frame in steady state.

enum BoxBlur {
    /// The box width for a Gaussian `sigma`, per SVG 1.1: floor(sigma * 3 * sqrt(2 pi) / 4
    /// + 0.5). Even widths are rounded up to the next odd width (centred boxes only).
    static func boxWidth(sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 1 }
        var d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        d = min(max(d, 1), 255)
        return d | 1
    }

    /// Blurs `mask` in place with three passes per axis of a box of odd width `d`.
    static func blur(_ mask: Mask, boxWidth d: Int) {
        guard d > 1 else { return }
        let r = d / 2
        let n = max(mask.width, mask.height)
        let a = UnsafeMutablePointer<UInt8>.allocate(capacity: n)
        let b = UnsafeMutablePointer<UInt8>.allocate(capacity: n)
        defer { a.deallocate(); b.deallocate() }
        for y in 0..<mask.height {
            let row = mask.bytes + y * mask.stride
            a.update(from: row, count: mask.width)
            pass(a, b, mask.width, r); pass(b, a, mask.width, r); pass(a, row, mask.width, r)
        }
        for x in 0..<mask.width {
            for y in 0..<mask.height { a[y] = mask.bytes[y * mask.stride + x] }
            pass(a, b, mask.height, r); pass(b, a, mask.height, r); pass(a, b, mask.height, r)
            for y in 0..<mask.height { mask.bytes[y * mask.stride + x] = b[y] }
        }
    }

    /// One box pass of radius `r` over `n` values with zero padding, rounded to nearest.
    private static func pass(_ src: UnsafeMutablePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>,
                             _ n: Int, _ r: Int) {
        let d = 2 * r + 1
        var sum = 0
        for i in 0..<min(r, n) { sum += Int(src[i]) }
        for i in 0..<n {
            if i + r < n { sum += Int(src[i + r]) }
            dst[i] = UInt8((sum + d / 2) / d)
            if i - r >= 0 { sum -= Int(src[i - r]) }
        }
    }
}
