/// Moving pixels that are already drawn: the cheap half of a drag frame. The runtime moves
/// an opaque layer's rows (memmove, overlap-safe) and repaints only the exposed and
/// changed bands through a clip.
extension PixmapView {
    /// Moves the pixels of `rect` by (dx, dy) inside this view; the parts that would land
    /// outside are dropped, the uncovered source area keeps its old pixels (repaint it).
    /// Returns the destination rectangle actually written.
    @discardableResult
    public func scroll(_ rect: IntRect, dx: Int, dy: Int) -> IntRect {
        let src = rect.intersection(bounds)
        let dst = IntRect(x: src.x + dx, y: src.y + dy, width: src.width, height: src.height).intersection(bounds)
        guard !dst.isEmpty else { return .zero }
        let sx = dst.x - dx, sy = dst.y - dy
        // Whole rows of a packed view move in one memmove.
        if dst.x == 0 && dst.width == width && stride == width && dx == 0 {
            memmoveRows(row(dst.y), row(sy), dst.height * stride)
            return dst
        }
        if dy <= 0 {
            for y in 0..<dst.height { memmoveRows(row(dst.y + y) + dst.x, row(sy + y) + sx, dst.width) }
        } else {
            for y in (0..<dst.height).reversed() {
                memmoveRows(row(dst.y + y) + dst.x, row(sy + y) + sx, dst.width)
            }
        }
        return dst
    }
}

#if canImport(Glibc)
import Glibc
/// memmove of `n` pixels (overlap-safe).
@inline(__always) func memmoveRows(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafeMutablePointer<UInt32>, _ n: Int) {
    _ = Glibc.memmove(d, s, n * 4)
}
#else
import Foundation
@inline(__always) func memmoveRows(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafeMutablePointer<UInt32>, _ n: Int) {
    _ = Foundation.memmove(d, s, n * 4)
}
#endif
