import PanelRenderer

/// A drag that starts on a scroll view inside a component's content scrolls that view, with
/// its fling after the lift, as a UIScrollView nested in a page does; the component's own
/// gesture (moving the card, scrolling the page) never sees it. Components pass every touch
/// step through `intercept` first and tick it from `advance`.
///
/// Until the finger passes the slop along the scroll axis the touch stays the component's
/// (a tap on a row inside the scroll view still acts); then the component's press is
/// cancelled and the drag is the scroll view's.
public struct InnerScrollDrag {
    private struct Target {
        let content: ContentView
        let id: String
        let maxOffset: Double
        var offset: Double
    }
    private var candidate: (target: Target, start: Point)?
    private var dragging: (target: Target, lastY: Double)?
    private var fling: (target: Target, motion: ContentFling)?
    /// Changes with every offset it sets, for the component's `drawRevision`.
    public private(set) var revision = 0
    /// Points the finger must travel along the scroll axis before the drag is the scroll
    /// view's. A `GestureShell` sets it to its owner's one slop before every step, so a
    /// component's `touchSlop` reaches its scroll views.
    public var slop = 8.0

    public init() {}

    /// True while a fling glides (the component needs frames).
    public var isFlinging: Bool { fling != nil }
    /// True while the finger scrolls the view (past the slop, not yet lifted).
    public var isDragging: Bool { dragging != nil }

    /// Takes the step when it belongs to an inner scroll view and returns true; the
    /// component handles it otherwise. `hit` maps a screen point to the content under it
    /// and its local point; `cancelPress` ends the component's own press without a tap.
    public mutating func intercept(_ step: TouchTracker.Step?, at time: Instant,
                                   hit: (Point) -> (content: ContentView, local: Point)?,
                                   cancelPress: () -> Void) -> Bool {
        switch step {
        case .press(let p)?:
            fling = nil                                   // a finger stops a gliding list
            dragging = nil
            candidate = hit(p).flatMap { h in
                h.content.innerScrollView(at: h.local).map {
                    (Target(content: h.content, id: $0.id, maxOffset: $0.maxOffset, offset: $0.offset), p)
                }
            }
            return false
        case .move(let p)?:
            if var d = dragging {
                scroll(&d.target, by: p.y - d.lastY)
                dragging = (d.target, p.y)
                return true
            }
            guard let c = candidate else { return false }
            let dy = p.y - c.start.y, dx = p.x - c.start.x
            guard abs(dy) > slop, abs(dy) >= abs(dx) else { return false }
            candidate = nil
            cancelPress()
            var target = c.target
            scroll(&target, by: dy)
            dragging = (target, p.y)
            return true
        case .release(_, let v, let cancelled)?:
            candidate = nil
            guard let d = dragging else { return false }
            dragging = nil
            if !cancelled, let motion = ContentFling(offset: d.target.offset, fingerVelocity: v.y,
                                                     maxOffset: d.target.maxOffset, at: time) {
                fling = (d.target, motion)
            }
            return true
        case nil:
            return dragging != nil
        }
    }

    /// Moves a fling on to `time`.
    public mutating func advance(to time: Instant) {
        guard var f = fling else { return }
        let (offset, finished) = f.motion.advance(to: time)
        f.target.offset = offset
        f.target.content.setInnerScrollOffset(offset, scrollView: f.target.id)
        revision &+= 1
        fling = finished ? nil : f
    }

    /// A finger delta (points, down positive) moves the content the other way.
    private mutating func scroll(_ target: inout Target, by dy: Double) {
        let next = min(max(target.offset - dy, 0), target.maxOffset)
        guard next != target.offset else { return }
        target.offset = next
        target.content.setInnerScrollOffset(next, scrollView: target.id)
        revision &+= 1
    }
}
