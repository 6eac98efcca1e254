import PanelRenderer

/// What a component shows inside itself: a list, a page of labels and buttons, an image.
/// Components own position and motion; content owns its own layout, scrolling and taps.
/// Coordinates are points, relative to the content's top-left.
public protocol ContentView: AnyObject {
    /// Lays out for a width; returns the natural height.
    func layout(width: Double, env: Environment) -> Double
    /// How far the content can scroll inside a viewport of `height` (0 when it fits).
    func maxScrollOffset(viewportHeight: Double) -> Double
    /// Draws at the canvas's current origin, clipped by the caller, scrolled by `scrollOffset`.
    func draw(_ canvas: Canvas, size: Size, scrollOffset: Double, env: Environment)
    /// The action id of a tappable item at `p` (already including the scroll offset).
    func action(at p: Point) -> String?
    /// Shows the tappable item at `p` pressed while a finger holds it (nil: none).
    func setPressed(at p: Point?)
    /// The scroll view inside the content that a drag starting at `p` moves, when it has
    /// room to scroll: its id, offset and largest offset (points).
    func innerScrollView(at p: Point) -> (id: String, offset: Double, maxOffset: Double)?
    /// Scrolls the inner scroll view `id` to `offset` (clamped to its content).
    func setInnerScrollOffset(_ offset: Double, scrollView id: String)
    /// The scroll offset to show after the content changed, for a viewport of
    /// `viewportHeight` that showed it at `offset`: what was at the viewport's top stays
    /// there where the content can tell (rows inserted or removed above it), and the offset
    /// is clamped to the new content.
    func anchoredScrollOffset(_ offset: Double, viewportHeight: Double) -> Double
}

extension ContentView {
    /// Content without tappable items has nothing to show pressed.
    public func setPressed(at p: Point?) {}
    /// Content without inner scroll views scrolls only as a whole, by its component.
    public func innerScrollView(at p: Point) -> (id: String, offset: Double, maxOffset: Double)? { nil }
    public func setInnerScrollOffset(_ offset: Double, scrollView id: String) {}
    /// Content that cannot tell what moved keeps the offset, clamped to its new size.
    public func anchoredScrollOffset(_ offset: Double, viewportHeight: Double) -> Double {
        clampedScrollOffset(offset, viewportHeight: viewportHeight)
    }
    /// `offset` kept within what the content can scroll in a viewport of `viewportHeight`.
    public func clampedScrollOffset(_ offset: Double, viewportHeight: Double) -> Double {
        min(max(offset, 0), maxScrollOffset(viewportHeight: viewportHeight))
    }
}
