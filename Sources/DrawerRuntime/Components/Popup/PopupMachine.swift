import PanelRenderer

/// The popup's logical state as one value, and its transitions (docs/architecture.md, Component
/// machines). `handle` is the only way the state changes: it takes one input at a time on the
/// caller's clock and returns the effects the `Popup` class applies (events to emit). Whatever
/// the machine reads but does not own (options, geometry, the measured title, the content's
/// scroll range, the content's answer to a tap) comes in as a `Context` or inside the input,
/// so tests drive it without a screen, a text renderer or content views.
///
/// Beyond LNPopupController, which assigns its presentation state in 14 places, every state
/// field here is assigned by the transition table below and the small named steps it calls
/// (PopupMachine+Steps.swift), or by `carry` on a reload. The fields are plain `var`s so a
/// test may set up any state; `Popup` holds its machine `private(set)` and changes it only
/// through `handle` and `carry`.
struct PopupMachine {
    /// Where the popup is in a gesture or a motion.
    enum Phase {
        case idle
        /// The bar sliding in or out (present / dismiss); the motion is of `hiddenShift`.
        case sliding(SpringMotion, to: PopupState)
        /// Opening or closing; the motion is of `percent`.
        case transitioning(SpringMotion, to: PopupState)
        /// `open` on a hidden bar: the bar is presented and the popup opens in one transition
        /// (LNPopupController's `presentPopupBar(with:openPopup:true)`). The motion is of
        /// `percent` (0 → 1); the bar's `hiddenShift` falls from `fromShift` to 0 with it.
        case presentingOpen(SpringMotion, fromShift: Double)
        case pressedBar(start: Point)
        case pressedButton(Int, start: Point)
        case pressedCloseButton(start: Point)
        /// Snap style: an upward swipe opens the popup after a short delay, untracked.
        case waitingToOpen(until: Instant)
        case draggingOpen(originY: Double)
        case pressedContent(start: Point, lastY: Double)
        case scrolling(lastY: Double)
        case draggingClosed(originY: Double)
        case snapClosing(originY: Double)
        /// Bar paging: the titles follow the finger horizontally.
        case paging(originX: Double)
        case pageSettling(SpringMotion, step: Int)
        case ignoring
    }

    /// One thing that happens to the popup, at the time `handle` is given.
    enum Input: Equatable, Sendable {
        /// One step of the first finger's gesture (screen points; a lift's velocity in pt/s).
        /// A lift that is a tap on the open page reports `Context.actionUnderTouch`.
        case touch(TouchTracker.Step)
        /// A queued operation (present, dismiss, open, close: docs/components.md, Popup bar PB2).
        case enqueue(PopupQueue.Request)
        /// Idle reset: drop a gesture in progress (animations run on).
        case abandonGesture
        /// After a reload: rest in this state at once, without events.
        case restAt(PopupState)
        /// The frame clock moved: motions advance to the input's time.
        case tick
        /// The container was laid out anew (`Context.rules` is the new geometry).
        case relayout
        /// A change that moves no phase.
        case edit(Edit)
    }

    /// The program's and the content's changes that leave the phase as it is.
    enum Edit: Equatable, Sendable {
        /// The content changed size or was replaced: its scroll offset (pt) is now this,
        /// as the content view keeps it within reach.
        case contentReflowed(scrollOffset: Double)
        /// The program changed the bar's item; nil fields stay. `progress` is clamped to 0...1.
        case setItem(title: String?, subtitle: String?, progress: Double?, playing: Bool?)
        /// The bar's look changed: the marquee starts over (its widths may have changed).
        case restartMarquee
        /// Minimize the bar to its pill, or bring it back (PB31).
        case setMinimized(Bool)
        /// The content under the bar scrolled by `dy` points (positive: toward its end): with
        /// `minimize_on_scroll`, down minimizes the presented bar and up brings it back.
        case contentBelowScrolled(dy: Double)
    }

    /// What the class does for the machine after an input. Motions are not effects: they live
    /// in the phase and the class draws from the state, so starting one changes only state.
    enum Effect: Equatable, Sendable {
        /// Emit this event at the input's time.
        case emit(KioskEvent)
    }

    /// What the machine reads and does not own, taken afresh for every input.
    struct Context {
        /// The live options (an appearance change updates them between layouts).
        var config: PopupConfig
        /// The geometry as of the last layout (`Popup.layout(in:)`).
        var rules: PopupRules
        /// The title's measured width (pt): where the minimized pill ends and so where the card is.
        var titleWidth: Double
        /// How far the open page's content can scroll (pt).
        var maxScrollOffset: Double
        /// The action of the open page's content under a lift's point, if any (the class asks
        /// its content view; nil for other inputs).
        var actionUnderTouch: String? = nil
    }

    /// The input that carries one step of a gesture.
    static func touch(_ step: TouchTracker.Step) -> Input { .touch(step) }

    /// The component's id, named by every event.
    let id: String
    var phase = Phase.idle
    /// The state a will/did pair last committed to (`popupState`), and the destination a
    /// *will* announced while its *did* has not come.
    var pairing: WillDidPairing<PopupState>
    /// Open fraction: 0 = bar at rest, 1 = open (docs/formats.md, State file: `open_fraction`).
    var percent: Double
    /// How far below its place the bar is (pt; 0 presented, `rules.hiddenShift` hidden).
    var hiddenShift: Double
    /// The open page's content's scroll offset (pt).
    var scrollOffset = 0.0
    var queue = PopupQueue()
    var title: String
    var subtitle: String
    var progress: Double
    var buttons: [PopupBarButton]
    /// Whether the item plays (the play/pause button's glyph, PB29).
    var playing: Bool
    /// Minimization (PB31): whether the bar is (or is going) minimized, and how far
    /// (0 = the full bar, 1 = the pill), moved by `minimizeMotion` when it runs.
    var minimized = false
    var minimizeFraction = 0.0
    var minimizeMotion: SpringMotion?
    /// Bar paging: the current item and the titles' horizontal displacement (pt, reading
    /// order: negative = toward the next item).
    var itemIndex = 0
    var pageOffset = 0.0
    /// A gesture that began while a transition ran, or that the snap close took over: its
    /// moves and lift are ignored (PB3).
    var ignoringFinger = false
    /// When the marquee (re)started: the titles changed or the bar came to rest.
    var marqueeStart = Instant.zero

    /// A popup resting in `config.initialState`, on its first item.
    init(id: String, config: PopupConfig, rules: PopupRules) {
        self.id = id
        pairing = WillDidPairing(committed: config.initialState)
        title = config.items.first?.title ?? config.title
        subtitle = config.items.first?.subtitle ?? config.subtitle
        progress = config.progress
        buttons = config.buttons
        playing = config.playing
        percent = config.initialState == .open ? 1 : 0
        hiddenShift = config.initialState == .hidden ? rules.hiddenShift : 0
    }

    /// LNPopupController's public state: where the popup rests by its last completed change.
    var popupState: PopupState { pairing.committed }

    /// Does `input` at `time`; returns the effects in the order they happen.
    mutating func handle(_ input: Input, at time: Instant, in context: Context) -> [Effect] {
        var effects: [Effect] = []
        guard takesInput(input) else { return effects }
        if case .tick = input { advanceMinimization(to: time) }
        phase = next(input, at: time, in: context, &effects)
        return effects
    }

    /// The finger filter (PB3): a press starts listening again; the moves and the lift of an
    /// ignored finger go nowhere.
    private mutating func takesInput(_ input: Input) -> Bool {
        switch input {
        case .touch(.press), .abandonGesture: ignoringFinger = false; return true
        case .touch(.move): return !ignoringFinger
        case .touch(.release):
            defer { ignoringFinger = false }
            return !ignoringFinger
        case .enqueue, .restAt, .tick, .relayout, .edit: return true
        }
    }

    /// The transition table: the phase after `input` in `phase`, by input and then by phase
    /// (a switch over the pairs is too large for the compiler to prove exhaustive). The work
    /// is in the named steps (PopupMachine+Steps.swift); each writes the fields it moves and
    /// appends its events.
    private mutating func next(_ input: Input, at t: Instant, in c: Context, _ fx: inout [Effect]) -> Phase {
        switch input {
        case .touch(.press(let p)):
            switch phase {
            case .sliding, .transitioning, .presentingOpen, .waitingToOpen, .pageSettling:
                ignoringFinger = true                      // docs/components.md, Popup bar PB3
                return phase
            case .idle, .pressedBar, .pressedButton, .pressedCloseButton, .draggingOpen, .pressedContent, .scrolling,
                 .draggingClosed, .snapClosing, .paging, .ignoring:
                return pressPhase(at: p, c)
            }
        case .touch(.move(let p)):
            switch phase {
            case .pressedBar(let start): return barMoved(from: start, to: p, at: t, c)
            case .paging(let originX): return page(from: originX, to: p, c)
            case .pressedButton(_, let start): return leftSlop(start, p, c) ? .ignoring : phase
            case .pressedCloseButton(let start): return closeButtonMoved(from: start, to: p, at: t, c, &fx)
            case .draggingOpen(let originY): return dragOpen(from: originY, to: p, c)
            case .pressedContent(let start, _): return contentMoved(from: start, to: p, at: t, c, &fx)
            case .scrolling(let lastY): return scroll(from: lastY, to: p, at: t, c, &fx)
            case .draggingClosed(let originY): return dragClosed(from: originY, to: p, c)
            case .snapClosing(let originY): return snapClose(from: originY, to: p, at: t, c, &fx)
            case .idle, .sliding, .transitioning, .presentingOpen, .waitingToOpen, .pageSettling, .ignoring: return phase
            }
        case .touch(.release(let p, let v, let cancelled)):
            switch phase {
            case .pressedBar(let start): return barReleased(from: start, at: p, cancelled: cancelled, time: t, c, &fx)
            case .pressedButton(let i, let start): return buttonReleased(i, from: start, at: p, cancelled: cancelled, time: t, c, &fx)
            case .pressedCloseButton(let start): return closeButtonReleased(from: start, at: p, cancelled: cancelled, time: t, c, &fx)
            case .draggingOpen: return dragReleased(startedOpen: false, velocity: v, cancelled: cancelled, at: t, c, &fx)
            case .draggingClosed: return dragReleased(startedOpen: true, velocity: v, cancelled: cancelled, at: t, c, &fx)
            case .paging: return pageReleased(velocity: v, cancelled: cancelled, at: t, c)
            case .snapClosing:                             // released before the snap point: back to open
                return startTransition(to: .open, damping: c.config.gestureDamping, at: t, c, &fx)
            case .pressedContent(let start, _):
                return contentReleased(from: start, at: p, cancelled: cancelled, time: t, c, &fx)
            case .scrolling, .ignoring: return settle(at: t, c, &fx)
            case .idle, .sliding, .transitioning, .presentingOpen, .waitingToOpen, .pageSettling:
                return phase                               // a waiting open happens anyway
            }
        case .abandonGesture:
            switch phase {
            case .idle, .sliding, .transitioning, .presentingOpen, .waitingToOpen, .pageSettling: return phase
            case .pressedBar, .pressedButton, .pressedCloseButton, .draggingOpen, .pressedContent, .scrolling,
                 .draggingClosed, .snapClosing, .paging, .ignoring:
                return abandon(at: t, c, &fx)
            }
        case .tick:
            switch phase {
            case .pageSettling(let motion, let step): return settlePage(motion, step: step, at: t, c, &fx)
            case .waitingToOpen(let until):
                return t >= until ? startTransition(to: .open, damping: c.config.gestureDamping, at: t, c, &fx) : phase
            case .sliding(let motion, let to): return slide(motion, to: to, at: t, c, &fx)
            case .transitioning(let motion, let to): return openOrClose(motion, to: to, at: t, c, &fx)
            case .presentingOpen(let motion, let fromShift): return presentOpen(motion, from: fromShift, at: t, c, &fx)
            case .idle, .pressedBar, .pressedButton, .pressedCloseButton, .draggingOpen, .pressedContent, .scrolling,
                 .draggingClosed, .snapClosing, .paging, .ignoring:
                return phase
            }
        case .enqueue(let request): return enqueue(request, at: t, c, &fx)
        case .restAt(let state): rest(at: state, c); return .idle
        case .relayout: return relayout(c)
        case .edit(let edit): apply(edit, at: t, c, &fx); return phase
        }
    }
}
