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

    /// The first half of one touch event, the same for every owner of a shell (the
    /// components and the screen's background): the first finger's step is offered to a
    /// scroll view inside the content first, which starts scrolling past `slop` (points,
    /// the owner's one slop). Returns the step left for the owner's own rules (nil: another
    /// finger's, or the scroll view took it) and whether the owner's press must first end
    /// without a tap (the scroll view took the drag; the pressed row is cleared already).
    /// `hit` may read the owner but not this shell: owners run it on a copy.
    /// What an owner leaves in its `shell` while it works on the shell moved out of it: a new
    /// shell reserves its velocity samples, so one made per touch allocated per touch; this
    /// one is made once and never changed. (Not Sendable, since a pressed row holds a content
    /// view; a `let` that nothing mutates is safe to share, hence `nonisolated(unsafe)`.)
    nonisolated(unsafe) static let placeholder = GestureShell()

    mutating func intercept(_ t: TouchEvent, slop: Double, hit: (Point) -> ContentHit?)
        -> (cancelsPress: Bool, step: TouchTracker.Step?) {
        let step = tracker.track(t)
        inner.slop = slop
        var cancelsPress = false
        let taken = inner.intercept(step, at: t.time, hit: hit, cancelPress: { cancelsPress = true })
        if cancelsPress { highlight.clear() }
        return (cancelsPress, taken ? nil : step)
    }
}

/// A state machine's input that carries the steps of a gesture (`Input.touch`).
protocol TouchInput {
    static func touch(_ step: TouchTracker.Step) -> Self
}

/// A component whose touches go through a `GestureShell`: the shell does the first finger,
/// the inner scroll views and the pressed row; `gesture` hands the remaining steps to the
/// component's own rules. Two kinds of component refine it: a `GestureComponent` keeps its
/// phase in the class and moves it with `next`; a `MachineComponent` keeps its whole logical
/// state in a value (`ComponentMachine`) and only applies the effects it returns.
protocol ShellComponent: Component {
    var shell: GestureShell { get set }
    var events: EventSink { get }
    /// Points a finger may travel and still tap (docs/components.md, M4). The one slop of the
    /// component: its own drags and taps and the scroll views inside its content all use it.
    var touchSlop: Double { get }
    /// The content under `p` (screen points): where a press shows a row pressed and an inner
    /// scroll view may be found.
    func contentHit(at p: Point) -> ContentHit?
    /// True while the phase is a press on content that may still end in a tap: the row under
    /// the finger shows pressed (the press of a card's header, a button or the dimming does not).
    var holdsContentPress: Bool { get }
    /// One step of the gesture into the state machine.
    func gesture(_ step: TouchTracker.Step, at time: Instant)
}

/// A component driven by a `GestureShell` whose state machine keeps its phase in the class
/// (`next` returns the phase after an input; `transition` is the one place that assigns
/// `phase`) with its hit test; the shell does the rest.
protocol GestureComponent: ShellComponent {
    associatedtype Phase
    associatedtype Input: TouchInput
    /// Assigned only by `transition`.
    var phase: Phase { get set }
    /// The phase after `input` in `phase`, with the input's effects: the component's own rules.
    func next(_ phase: Phase, _ input: Input, at time: Instant) -> Phase
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

/// A component's logical state as one value (swift-nio's state machines): each input is one
/// call that changes the value and returns what the component must do about it, typed
/// (`Effect`: events to emit, ...). What it reads but does not own (rules, geometry, content
/// metrics, the hit test's answer) comes in as `Context`, so it never reaches into the class,
/// and tests drive it with a fake clock and no screen.
protocol ComponentMachine {
    associatedtype Input
    associatedtype Context
    associatedtype Effect
    /// The input that carries one step of a gesture.
    static func touch(_ step: TouchTracker.Step) -> Input
    /// The one transition function: every change of the state goes through here.
    mutating func handle(_ input: Input, at time: Instant, in context: Context) -> [Effect]
}

/// A component whose rules are a `ComponentMachine`: the class feeds it inputs with their
/// context, applies the effects it returns (emits events, ...) and draws its state.
protocol MachineComponent: ShellComponent {
    associatedtype Machine: ComponentMachine
    /// Changed only by `transition`.
    var machine: Machine { get set }
    /// What the machine needs to read for `input`, as things stand now.
    func context(for input: Machine.Input) -> Machine.Context
    /// Does what the machine asked for.
    func apply(_ effect: Machine.Effect, at time: Instant)
}

extension MachineComponent {
    /// All changes of `machine` go through here: the input, then its effects in order.
    func transition(_ input: Machine.Input, at time: Instant) {
        let context = context(for: input)
        let effects = machine.handle(input, at: time, in: context)
        for effect in effects { apply(effect, at: time) }
    }

    func gesture(_ step: TouchTracker.Step, at time: Instant) {
        transition(Machine.touch(step), at: time)
    }
}

extension ShellComponent {
    /// One touch event: the first finger's steps go to an inner scroll view when the drag is
    /// its, otherwise to `gesture`, with the pressed highlight kept in step.
    func handleTouch(_ t: TouchEvent) {
        // Worked on a copy so that the hit test may read the component while it runs; the
        // press cancellation is applied afterwards.
        // Moved out, not copied: with a second reference the tracker's sample buffer was copied
        // on write at every touch (an 800-byte allocation per drag frame, AllocationTests).
        var routed = shell
        shell = .placeholder
        let (cancelsPress, step) = routed.intercept(t, slop: touchSlop, hit: contentHit(at:))
        shell = routed
        if cancelsPress { gesture(.release(t.location, velocity: .zero, cancelled: true), at: t.time) }
        guard let step else { return }
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

    /// The component's one slop as a value (taken as it is, unclamped, as the comparisons
    /// always took it).
    var slop: TouchSlop {
        var slop = TouchSlop.standard
        slop.points = touchSlop
        return slop
    }

    /// The finger has moved past the slop, more vertically than horizontally: a vertical
    /// drag begins (a horizontal one stays the press it was).
    func startsVerticalDrag(from start: Point, to p: Point) -> Bool { slop.startsVerticalDrag(from: start, to: p) }

    /// The finger has moved past the slop in any direction.
    func leftSlop(from start: Point, to p: Point) -> Bool { slop.isLeft(from: start, to: p) }

    /// A lift within the slop of where the finger went down, not cancelled: a tap.
    func isTap(from start: Point, to p: Point, cancelled: Bool) -> Bool {
        slop.isTap(from: start, to: p, cancelled: cancelled)
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
