import PanelRenderer

/// Geometry the renderer needs to draw laid-out nodes, kept here so it follows the layout's
/// rules (direction, clamping) instead of being re-derived in drawing code.
extension ContentMode {
    /// Where an image of `natural` size is drawn inside `frame` (may exceed the frame for
    /// `.fill` and `.center`; clip to the frame).
    public func drawRect(natural: Size, in frame: Rect) -> Rect {
        guard natural.width > 0, natural.height > 0 else { return frame }
        let size: Size
        switch self {
        case .stretch:
            return frame
        case .center:
            size = natural
        case .fit, .fill:
            let sx = frame.width / natural.width, sy = frame.height / natural.height
            let s = self == .fit ? min(sx, sy) : max(sx, sy)
            size = Size(natural.width * s, natural.height * s)
        }
        return Rect(frame.midX - size.width / 2, frame.midY - size.height / 2, size.width, size.height)
    }
}

public enum ProgressGeometry {
    /// The filled part of a progress bar for `value` (clamped 0...1); it grows from the leading
    /// edge, so from the right in right-to-left layouts.
    public static func fillRect(_ frame: Rect, value: Double, direction: LayoutDirection) -> Rect {
        let v = value.isFinite ? min(max(value, 0), 1) : 0
        let w = frame.width * v
        let x = direction == .rightToLeft ? frame.maxX - w : frame.minX
        return Rect(x, frame.minY, w, frame.height)
    }
}

public enum ScrollIndicatorGeometry {
    /// Length and position of a vertical scroll indicator (points) along a viewport, UIKit
    /// style: proportional to the visible fraction, at least `minimumLength`, shrinking while
    /// the content is pulled past an end. Nil when everything fits.
    public static func thumb(viewport: Double, content: Double, offset: Double,
                             minimumLength: Double = 36, inset: Double = 3) -> (start: Double, length: Double)? {
        let track = viewport - 2 * inset
        guard content > viewport, track > 0 else { return nil }
        let maxOffset = content - viewport
        let overscroll = offset < 0 ? -offset : (offset > maxOffset ? offset - maxOffset : 0)
        var length = max(minimumLength, track * viewport / content)
        length = max(min(minimumLength, track) / 2, length - overscroll)
        length = min(length, track)
        let fraction = min(max(offset / maxOffset, 0), 1)
        return (inset + (track - length) * fraction, length)
    }
}
