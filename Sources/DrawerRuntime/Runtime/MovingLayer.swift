import PanelRenderer

/// An opaque block of what a component paints whose pixels only move while `appearance`
/// stays the same: a dragged drawer's card body (below its rounded corners) with the list
/// in it. Its pixels are a pure translation of the last frame's, so damage tracking moves
/// the rows already drawn (`PixmapView.scroll`) and repaints only the bands around them
/// (`DamageTracker.move`) instead of the whole area the component covered and covers.
public struct MovingLayer: Equatable, Sendable {
    /// The opaque block where it is drawn now, points. Nothing of the component shows through
    /// it; its edges must fall on whole pixels for the move to be exact (the owner snaps it).
    public var opaque: Rect
    /// Everything besides the position that changes its pixels: two frames with the same
    /// appearance differ by a translation.
    public var appearance: Appearance

    public init(opaque: Rect, appearance: Appearance) {
        self.opaque = opaque
        self.appearance = appearance
    }

    /// What besides its position makes a moving layer's pixels. Plain fields, not a list:
    /// damage tracking asks for the layer every frame, and a list allocated every time.
    public struct Appearance: Equatable, Sendable {
        /// The component's `drawRevision` (a row shown pressed).
        public var drawRevision: Int
        /// How far its content is scrolled, points.
        public var scrollOffset: Double
        /// Which content it shows (nil: none).
        public var content: ObjectIdentifier?

        public init(drawRevision: Int, scrollOffset: Double, content: ObjectIdentifier?) {
            self.drawRevision = drawRevision
            self.scrollOffset = scrollOffset
            self.content = content
        }
    }
}

/// Rows of the frame to move by `dy` pixels (the already drawn body of a `MovingLayer`), and
/// where they land: the frame's damage minus `destination` is repainted, the rest moved.
public struct RowMove: Equatable, Sendable {
    /// The rows to move, frame pixels (where they were drawn last frame).
    public var source: IntRect
    /// How far they move, pixels (negative: up).
    public var dy: Int
    /// `source` moved by `dy`, within the frame.
    public var destination: IntRect { IntRect(x: source.x, y: source.y + dy, width: source.width, height: source.height) }
}
