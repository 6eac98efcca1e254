import PanelRenderer

/// The swipe-to-dismiss card's logical state as one value, and its rules as one transition
/// function (`handle`) that returns the status events to emit. `SwipeDismiss` holds one,
/// feeds it touches, actions and frame ticks, and emits what it returns; what the machine
/// reads but does not own (the article's rules, the list's scroll range, what lies under a
/// lifting finger) comes in as a `Context`, so tests drive it without a screen.
struct SwipeDismissMachine: ComponentMachine, Sendable {
    enum Phase: Sendable {
        case hidden
        case presenting(SpringMotion)
        case resting
        /// Finger down, not yet past the slop. `translation0`: the translation that shows the
        /// card where the finger caught it (0 at rest).
        case pressed(start: Point, translation0: Double)
        /// The list scrolls; `lastY` is the finger's previous y.
        case scrolling(lastY: Double)
        /// The list glides on after a scroll (the card stays put).
        case scrollFling(ContentFling)
        /// The dismiss drag: `translation` is the finger's raw travel the card has taken (the
        /// offset follows from it; negative past the card's place when the list cannot scroll).
        case dragging(lastY: Double, translation: Double)
        /// `velocity`: the finger's at release when the slide carries it on (pt/s), else nil.
        case dismissing(from: Double, start: Instant, velocity: Double?)
        case returning(from: Double, start: Instant)
    }

    enum Input: Sendable {
        /// A step of the gesture (velocities pt/s, positive downward).
        case touch(TouchTracker.Step)
        case present
        case dismiss
        /// Shown or hidden at once (`animated: false`), with the events of a dismissal.
        case jump(presented: Bool)
        /// Idle reset: back to the configured home state, cancelling any gesture.
        case home
        /// After a reload: presented at rest, or hidden, at once and without events, with the
        /// old card's status, gesture setting and list offset (points).
        case restore(presented: Bool, lastStatus: SwipeDismissStatus, gestureEnabled: Bool, scrollOffset: Double)
        /// The content changed and anchored the list at this offset (points).
        case contentAnchored(to: Double)
        /// `set_gesture`: the swipe-down gesture added (true) or removed (false).
        case setGesture(Bool)
        case tick
        /// The rules changed (a new screen size): a hidden card waits below the new height,
        /// the list stays within its new range.
        case relayout
    }

    /// What the machine reads but does not own, as things stand when an input arrives.
    struct Context: Sendable {
        /// The card's id, for the events it names.
        var id: String
        var rules: SwipeDismissRules
        /// Points a finger may travel and still tap (the component's one slop).
        var slop: TouchSlop
        /// How far the list can scroll (points).
        var maxScrollOffset: Double
        /// A release's point lies on the close button (with its 7 pt of slack).
        var closeButtonUnderTouch = false
        /// The action of the content under a release's point (a tap on it acts), if any.
        var actionUnderTouch: String?
    }

    enum Effect: Equatable, Sendable {
        case emit(KioskEvent)
    }

    static func touch(_ step: TouchTracker.Step) -> Input { .touch(step) }

    private(set) var phase: Phase
    /// The card's offset below its presented place, points (docs/formats.md, State file:
    /// `offset_pt`).
    private(set) var offset: Double
    private(set) var lastStatus = SwipeDismissStatus.none
    private(set) var scrollOffset = 0.0
    /// The swipe-down gesture is on (the article's `addSwipeDownToDismiss`).
    private(set) var gestureEnabled: Bool

    init(presented: Bool, gestureEnabled: Bool, rules: SwipeDismissRules) {
        phase = presented ? .resting : .hidden
        offset = presented ? 0 : rules.height
        self.gestureEnabled = gestureEnabled
    }

    var isPresented: Bool { if case .hidden = phase { return false }; return true }

    mutating func handle(_ input: Input, at time: Instant, in c: Context) -> [Effect] {
        switch (phase, input) {
        // A finger catches a presenting or returning card where it is (not with the gesture
        // off: nothing to catch it with); a leaving card finishes, so `completed` always follows.
        case (.presenting, .touch(.press(let p))), (.returning, .touch(.press(let p))):
            if gestureEnabled { catchCard(finger: p, at: time, c) }
        case (.resting, .touch(.press(let p))), (.scrollFling, .touch(.press(let p))): phase = .pressed(start: p, translation0: 0)
        case (.hidden, .touch(.press)), (.pressed, .touch(.press)), (.scrolling, .touch(.press)), (.dragging, .touch(.press)),
             (.dismissing, .touch(.press)):
            return []
        case (.pressed(let start, let t0), .touch(.move(let p))):
            if c.slop.startsVerticalDrag(from: start, to: p) { shareStep(from: start.y, translation: t0, to: p.y, c) }
        case (.dragging(let lastY, let t), .touch(.move(let p))): shareStep(from: lastY, translation: t, to: p.y, c)
        case (.scrolling(let lastY), .touch(.move(let p))): shareStep(from: lastY, translation: 0, to: p.y, c)
        case (.hidden, .touch(.move)), (.presenting, .touch(.move)), (.resting, .touch(.move)), (.scrollFling, .touch(.move)),
             (.dismissing, .touch(.move)), (.returning, .touch(.move)):
            return []
        case (.dragging(let lastY, let t), .touch(.release(let p, let v, let cancelled))):
            // The RAW translation decides, even when sticky, up to where the finger lifted.
            return endDrag(translation: t + p.y - lastY, velocity: v.y, cancelled: cancelled, at: time, c)
        case (.pressed(let start, _), .touch(.release(let p, _, let cancelled))):
            return endPress(tap: c.slop.isTap(from: start, to: p, cancelled: cancelled), at: time, c)
        case (.scrolling, .touch(.release(_, let v, let cancelled))): endScroll(velocity: v.y, cancelled: cancelled, at: time, c)
        case (.hidden, .touch(.release)), (.presenting, .touch(.release)), (.resting, .touch(.release)),
             (.scrollFling, .touch(.release)), (.dismissing, .touch(.release)), (.returning, .touch(.release)):
            return []
        case (.hidden, .present): present(at: time, c)
        case (.presenting, .present), (.resting, .present), (.pressed, .present), (.scrolling, .present),
             (.scrollFling, .present), (.dragging, .present), (.dismissing, .present), (.returning, .present),
             (.hidden, .dismiss), (.dismissing, .dismiss):
            return []
        case (.presenting, .dismiss), (.resting, .dismiss), (.pressed, .dismiss), (.scrolling, .dismiss),
             (.scrollFling, .dismiss), (.dragging, .dismiss), (.returning, .dismiss):
            return startDismiss(velocity: nil, at: time, c)   // from code or the close button, even mid-gesture
        case (.hidden, .jump(true)): show(resettingList: true)
        case (.presenting, .jump(true)), (.returning, .jump(true)): show(resettingList: false)
        case (.resting, .jump(true)), (.pressed, .jump(true)), (.scrolling, .jump(true)), (.scrollFling, .jump(true)),
             (.dragging, .jump(true)), (.dismissing, .jump(true)), (.hidden, .jump(false)):
            return []                                         // shown already (a leaving card finishes), or hidden
        case (.dismissing, .jump(false)): return hide(c)
        case (.presenting, .jump(false)), (.resting, .jump(false)), (.pressed, .jump(false)), (.scrolling, .jump(false)),
             (.scrollFling, .jump(false)), (.dragging, .jump(false)), (.returning, .jump(false)):
            return [status(.initiated, c)] + hide(c)
        case (.dismissing, .home): return []                  // finishes on its own; `completed` follows
        case (.hidden, .home): return c.rules.config.initiallyPresented ? handle(.present, at: time, in: c) : []
        case (.presenting, .home), (.resting, .home), (.pressed, .home), (.scrolling, .home), (.scrollFling, .home),
             (.dragging, .home), (.returning, .home):
            return goHome(at: time, c)
        case (_, .restore(let presented, let last, let gesture, let scroll)):
            restore(presented: presented, lastStatus: last, gestureEnabled: gesture, scrollOffset: scroll, c)
        case (.presenting(var m), .tick): stepPresent(&m, at: time)
        case (.dismissing(let from, let start, let velocity), .tick): return stepDismiss(from: from, start: start, velocity, at: time, c)
        case (.scrollFling(var fling), .tick): stepFling(&fling, at: time)
        case (.returning(let from, let start), .tick): stepReturn(from: from, start: start, at: time, c)
        case (.hidden, .tick), (.resting, .tick), (.pressed, .tick), (.scrolling, .tick), (.dragging, .tick): return []
        case (_, .contentAnchored(let y)): anchorList(at: y, c)
        case (.dragging, .setGesture(false)):
            // Removing the recognizer mid-drag cancels the gesture: `cancelled`, and the card
            // goes back (UIKit would leave the view where the finger left it).
            gestureEnabled = false
            return cancelDrag(at: time, c)
        case (_, .setGesture(let on)):
            gestureEnabled = on   // a slide or a press or a list scroll goes on; the next drag follows the setting
        case (_, .relayout): relayout(c)
        }
        return []
    }

    // MARK: The work of the transitions

    /// A finger lands on a presenting or returning card: a press whose drag starts where the
    /// card is at the touch's time.
    private mutating func catchCard(finger p: Point, at time: Instant, _ c: Context) {
        switch phase {
        case .presenting(var m):
            m.advance(to: time)
            offset = max(0, m.value)
        case .returning(let from, let start):
            offset = c.rules.returnOffset(from: from, elapsed: (time - start).seconds) ?? 0
        case .hidden, .resting, .pressed, .scrolling, .scrollFling, .dragging, .dismissing:
            break                                             // not moving: caught where it is
        }
        phase = .pressed(start: p, translation0: c.rules.translation(offset: offset))
    }

    /// Where a card comes to after a gesture that does not dismiss: back to its place.
    private mutating func settleBack(at time: Instant) {
        phase = offset > 0 ? .returning(from: offset, start: time) : .resting
    }

    /// One finger step (from `lastY` to `y`, points, down positive) shared between the card
    /// (its raw translation `translation`) and its list through the runtime's one nested-scroll
    /// protocol, in one gesture both ways: finger down scrolls the list back to its top first,
    /// then drags the card; finger up brings the card back to its place first, then scrolls the
    /// list. The list never bounces; past its end the travel is lost. The card's share past its
    /// place (a list with nothing to scroll) stays in the translation, so a finger that turns
    /// back pays it back before the card moves, as the article's finger translation does.
    /// The phase after it is the one of whoever took the step; a step of 0 changes nothing.
    private mutating func shareStep(from lastY: Double, translation: Double, to y: Double, _ c: Context) {
        let dy = y - lastY
        guard dy != 0 else { return }
        guard gestureEnabled else {
            // No swipe: the list takes what it can and the card stays (the article's view with
            // its recognizer removed).
            scrollOffset = min(max(scrollOffset - dy, 0), max(c.maxScrollOffset, scrollOffset))
            phase = .scrolling(lastY: y)
            return
        }
        var nested = NestedScrollCoordinator(policy: .resizeFirst, containerPosition: translation,
                                             containerRange: 0 ... .infinity,
                                             contentOffset: scrollOffset, contentRange: 0...max(c.maxScrollOffset, scrollOffset),
                                             showsOverflow: [.container])
        _ = nested.drag(by: dy)
        scrollOffset = nested.contentOffset
        let t = nested.containerPosition + (nested.overflowOwner == .container ? nested.overflow : 0)
        offset = c.rules.offset(translation: t)
        phase = nested.releaseRecipient == .container ? .dragging(lastY: y, translation: t) : .scrolling(lastY: y)
    }

    /// The lift of a dismiss drag: far or fast enough slides the card out (carrying the
    /// card's own speed, half the finger's when sticky), else `cancelled` and back.
    private mutating func endDrag(translation t: Double, velocity v: Double, cancelled: Bool, at time: Instant,
                                  _ c: Context) -> [Effect] {
        guard !cancelled, c.rules.shouldDismiss(translation: t, velocity: v) else { return cancelDrag(at: time, c) }
        let config = c.rules.config
        return startDismiss(velocity: config.usesReleaseVelocity ? (config.isSticky ? v / 2 : v) : nil, at: time, c)
    }

    /// `cancelled` fires at release, before the return animates.
    private mutating func cancelDrag(at time: Instant, _ c: Context) -> [Effect] {
        let cancelled = status(.cancelled, c)
        settleBack(at: time)
        return [cancelled]
    }

    /// The lift of a press: a tap on the close button dismisses, one on content acts.
    private mutating func endPress(tap: Bool, at time: Instant, _ c: Context) -> [Effect] {
        settleBack(at: time)
        guard tap else { return [] }
        if c.rules.config.showsCloseButton, c.closeButtonUnderTouch { return startDismiss(velocity: nil, at: time, c) }
        return c.actionUnderTouch.map { [.emit(.action(target: c.id, id: $0))] } ?? []
    }

    /// The lift of a list scroll: the list glides on (the card held off its place while the
    /// gesture was switched off goes back instead).
    private mutating func endScroll(velocity v: Double, cancelled: Bool, at time: Instant, _ c: Context) {
        if offset > 0 { return settleBack(at: time) }
        let fling = cancelled ? nil
            : ContentFling(offset: scrollOffset, fingerVelocity: v, maxOffset: c.maxScrollOffset, at: time)
        phase = fling.map { .scrollFling($0) } ?? .resting
    }

    private mutating func present(at time: Instant, _ c: Context) {
        offset = c.rules.height
        scrollOffset = 0
        phase = .presenting(SpringMotion(points: offset, to: 0,
                                         spring: Spring(duration: c.rules.config.presentDuration, dampingRatio: 1), at: time))
    }

    private mutating func startDismiss(velocity: Double?, at time: Instant, _ c: Context) -> [Effect] {
        let initiated = status(.initiated, c)
        phase = .dismissing(from: offset, start: time, velocity: velocity)
        return [initiated]
    }

    private mutating func show(resettingList: Bool) {
        offset = 0
        if resettingList { scrollOffset = 0 }
        phase = .resting
    }

    /// Below the screen at once; the dismissal `completed`.
    private mutating func hide(_ c: Context) -> [Effect] {
        offset = c.rules.height
        phase = .hidden
        return [status(.completed, c)]
    }

    /// Idle reset of a card on screen: the list to its top, the card home (presented or not).
    private mutating func goHome(at time: Instant, _ c: Context) -> [Effect] {
        scrollOffset = 0
        if !c.rules.config.initiallyPresented { return startDismiss(velocity: nil, at: time, c) }
        settleBack(at: time)
        return []
    }

    private mutating func restore(presented: Bool, lastStatus: SwipeDismissStatus, gestureEnabled: Bool,
                                  scrollOffset: Double, _ c: Context) {
        offset = presented ? 0 : c.rules.height
        phase = presented ? .resting : .hidden
        self.lastStatus = lastStatus
        self.gestureEnabled = gestureEnabled
        self.scrollOffset = min(max(scrollOffset, 0), c.maxScrollOffset)
    }

    private mutating func stepPresent(_ m: inout SpringMotion, at time: Instant) {
        m.advance(to: time)
        offset = m.isAtRest ? 0 : m.value
        phase = m.isAtRest ? .resting : .presenting(m)
    }

    /// A frame of the slide out; `completed` only once the slide really finished.
    private mutating func stepDismiss(from: Double, start: Instant, _ velocity: Double?, at time: Instant,
                                      _ c: Context) -> [Effect] {
        guard let y = c.rules.dismissOffset(from: from, velocity: velocity, elapsed: (time - start).seconds) else { return hide(c) }
        offset = y
        return []
    }

    /// A frame of the return after a cancel; at its place it rests.
    private mutating func stepReturn(from: Double, start: Instant, at time: Instant, _ c: Context) {
        guard let y = c.rules.returnOffset(from: from, elapsed: (time - start).seconds) else { return show(resettingList: false) }
        offset = y
    }

    /// New rules: a hidden card waits below the new height; the list stays in its range.
    private mutating func relayout(_ c: Context) {
        if case .hidden = phase { offset = c.rules.height }
        scrollOffset = min(max(scrollOffset, 0), c.maxScrollOffset)
    }

    private mutating func stepFling(_ fling: inout ContentFling, at time: Instant) {
        let (y, finished) = fling.advance(to: time)
        scrollOffset = y
        phase = finished ? .resting : .scrollFling(fling)
    }

    /// New content anchored the list at `y`: a gliding list glides on from there.
    private mutating func anchorList(at y: Double, _ c: Context) {
        let delta = y - scrollOffset
        scrollOffset = y
        guard delta != 0, case .scrollFling(var fling) = phase else { return }
        fling.contentMoved(by: delta, maxOffset: c.maxScrollOffset)
        phase = .scrollFling(fling)
    }

    /// The card's new dismissal status, as an event.
    private mutating func status(_ s: SwipeDismissStatus, _ c: Context) -> Effect {
        lastStatus = s
        return .emit(.dismissStatus(component: c.id, status: s))
    }
}
