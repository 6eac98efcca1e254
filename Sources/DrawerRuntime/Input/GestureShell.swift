import PanelRenderer

/// Content under a point and the point in that content's coordinates (points).
typealias ContentHit = (content: ContentView, local: Point)

/// What every component does with a touch before its own rules: the first finger owns the
/// gesture (`TouchTracker`), a drag that starts on a scroll view inside the content scrolls
/// that view (`InnerScrollDrag`), the row or button under a finger that has not moved is
/// shown pressed (`PressHighlight`). A component owns one and drives it through
/// `GestureComponent.handleTouch`, so the five components share one copy of this logic.
struct GestureShell {
    var tracker = TouchTracker()
    var highlight = PressHighlight()
    var inner = InnerScrollDrag()

    /// Rest thresholds of the springs that move a component in points: within 0.05 pt of the
    /// target and slower than 2 pt/s it is at rest (finer than a pixel at scale 3, and a
    /// motion that slow no longer shows).
    static let restDistance = 0.05
    static let restSpeed = 2.0

    init() {}

    /// Changes whenever a pressed row or an inner scroll view changes the component's pixels.
    var revision: Int { highlight.revision &+ inner.revision }
    /// True while an inner scroll view glides on after a lift (the component needs frames).
    var isFlinging: Bool { inner.isFlinging }

    /// The motion trace's phase of a component whose own state machine rests: an inner
    /// scroll view may still follow the finger (its drag cancelled the component's press) or
    /// glide on, and then its content moves though the component does not.
    var restingPhase: MotionPhase {
        if inner.isDragging { return .scrolling }
        return inner.isFlinging ? .gliding : .rest
    }

    /// Moves an inner scroll view's fling on to `time`.
    mutating func advance(to time: Instant) { inner.advance(to: time) }

    /// Forgets the gesture in progress (idle reset).
    mutating func reset() { tracker.reset() }
}

/// A state machine's input that carries the steps of a gesture (`Input.touch`).
protocol TouchInput {
    static func touch(_ step: TouchTracker.Step) -> Self
}

/// A component driven by a `GestureShell`: a state machine (`next` returns the phase after
/// an input; `transition` is the one place that assigns `phase`) with its hit test; the
/// shell does the rest.
protocol GestureComponent: Component {
    associatedtype Phase
    associatedtype Input: TouchInput
    /// Assigned only by `transition`.
    var phase: Phase { get set }
    /// The phase after `input` in `phase`, with the input's effects: the component's own rules.
    func next(_ phase: Phase, _ input: Input, at time: Instant) -> Phase
    var shell: GestureShell { get set }
    var events: EventSink { get }
    /// Points a finger may travel and still tap (docs/components.md, M4).
    var touchSlop: Double { get }
    /// The content under `p` (screen points): where a press shows a row pressed and an inner
    /// scroll view may be found.
    func contentHit(at p: Point) -> ContentHit?
    /// True while the phase is a press on content that may still end in a tap: the row under
    /// the finger shows pressed (the press of a card's header, a button or the dimming does not).
    var holdsContentPress: Bool { get }
    /// One step of the gesture into the state machine (`Input.touch` unless the component
    /// must filter steps first).
    func gesture(_ step: TouchTracker.Step, at time: Instant)
}

extension GestureComponent {
    /// All changes of `phase` go through here.
    func transition(_ input: Input, at time: Instant) {
        phase = next(phase, input, at: time)
    }

    func gesture(_ step: TouchTracker.Step, at time: Instant) {
        transition(.touch(step), at: time)
    }
}

extension GestureComponent {
    /// One touch event: the first finger's steps go to an inner scroll view when the drag is
    /// its, otherwise to `gesture`, with the pressed highlight kept in step.
    func handleTouch(_ t: TouchEvent) {
        let step = shell.tracker.track(t)
        // The inner drag is worked on a copy so that the hit test may read the component
        // while it runs; its press cancellation is applied afterwards.
        var inner = shell.inner
        var cancelsPress = false
        let taken = inner.intercept(step, at: t.time, hit: contentHit(at:), cancelPress: { cancelsPress = true })
        shell.inner = inner
        if cancelsPress {
            shell.highlight.clear()
            gesture(.release(t.location, velocity: .zero, cancelled: true), at: t.time)
        }
        guard !taken, let step else { return }
        switch step {
        case .press(let p):
            gesture(step, at: t.time)
            shell.highlight.press(holdsContentPress ? contentHit(at: p) : nil)
        case .move:
            gesture(step, at: t.time)
            if !holdsContentPress { shell.highlight.clear() }
        case .release:
            shell.highlight.clear()
            gesture(step, at: t.time)
        }
    }

    /// The finger has moved past the slop, more vertically than horizontally: a vertical
    /// drag begins (a horizontal one stays the press it was).
    func startsVerticalDrag(from start: Point, to p: Point) -> Bool {
        let dy = p.y - start.y, dx = p.x - start.x
        return abs(dy) > touchSlop && abs(dy) >= abs(dx)
    }

    /// The finger has moved past the slop in any direction.
    func leftSlop(from start: Point, to p: Point) -> Bool { (p - start).length > touchSlop }

    /// A lift within the slop of where the finger went down, not cancelled: a tap.
    func isTap(from start: Point, to p: Point, cancelled: Bool) -> Bool {
        !cancelled && (p - start).length <= touchSlop
    }

    /// A tap on content with an action emits the `action` event; returns the action's id.
    @discardableResult
    func emitAction(_ hit: ContentHit?, at time: Instant) -> String? {
        guard let hit, let action = hit.content.action(at: hit.local) else { return nil }
        events.emit(.action(target: id, id: action), at: time)
        return action
    }
}

extension SpringMotion {
    /// A spring of a component's motion in points, with the shell's rest thresholds.
    init(points from: Double, to target: Double, velocity: Double = 0, spring: Spring, at time: Instant) {
        self.init(from: from, to: target, velocity: velocity, spring: spring, at: time,
                  restDistance: GestureShell.restDistance, restSpeed: GestureShell.restSpeed)
    }
}
