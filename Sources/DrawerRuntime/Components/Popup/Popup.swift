import PanelRenderer

/// LNPopupController's popup bar and popup: a bar docked at the bottom (hidden / presented)
/// that opens into a full-screen page glued below it. A serialized, coalescing operation
/// queue; snap, drag and automatic interaction styles; close button styles; marquee titles;
/// scroll content that hands the drag to closing only from its top edge. Beyond the
/// reference: the release velocity is carried into the spring, and the state is one value
/// (`PopupMachine`) that only its transition table assigns (the reference assigns its state
/// in 14 places); this class feeds it, applies its effects and draws.
public final class Popup: Component, GestureComponent {
    /// What lies beneath, blurred, for a frosted bar (set before each draw).
    var blurredBackdrop: Pixmap?
    public let id: String
    public let kind = ComponentKind.popup
    public var config: PopupConfig
    public var content: ContentView?
    public var artwork: Pixmap?
    let events: EventSink
    var text: TextRenderer?

    /// The popup's logical state (PopupMachine.swift): everything a touch, a tick or a
    /// program's call changes. Only `transition` and `carryState` replace it.
    private(set) var machine: PopupMachine
    typealias Phase = PopupMachine.Phase
    /// Hidden, bar presented or open, by the last completed change (docs/components.md, PB1).
    public var popupState: PopupState { machine.popupState }
    /// Open fraction: 0 = bar at rest, 1 = open (docs/formats.md, State file: `open_fraction`).
    public var percent: Double { machine.percent }
    /// How far below its place the bar is (0 presented, `rules.hiddenShift` hidden).
    public var hiddenShift: Double { machine.hiddenShift }
    /// The open page's content's scroll offset (pt).
    public var scrollOffset: Double { machine.scrollOffset }
    /// The operations waiting for the running one (PB2).
    public var queue: PopupQueue { machine.queue }
    /// The bar's title and subtitle now (the item's, or what the program set).
    public var title: String { machine.title }
    public var subtitle: String { machine.subtitle }
    /// The item's progress, 0...1 (PB7).
    public var progress: Double { machine.progress }
    /// The bar's buttons as configured (the play/pause slot's glyph follows `playing`).
    public var buttons: [PopupBarButton] { machine.buttons }
    /// Whether the item plays: the play/pause button shows ❚❚ while playing and ▶ while
    /// paused, and a tap on it toggles this (docs/components.md, Popup bar PB29).
    public var playing: Bool { machine.playing }
    /// Minimization (PB31): whether the bar is (or is going) minimized, and how far:
    /// 0 = the full bar, 1 = the compact pill.
    public var minimized: Bool { machine.minimized }
    public var minimizeFraction: Double { machine.minimizeFraction }
    /// Bar paging: the current item and the titles' horizontal displacement (reading order:
    /// negative = toward the next item).
    public var itemIndex: Int { machine.itemIndex }
    public var pageOffset: Double { machine.pageOffset }
    private(set) var rules: PopupRules
    var now = Instant.zero
    var marqueeStart: Instant { machine.marqueeStart }
    var measured: (title: String, subtitle: String, widths: [Double])?

    public init(id: String, config: PopupConfig, content: ContentView?, artwork: Pixmap? = nil,
                env: Environment, events: EventSink, text: TextRenderer? = nil) {
        self.id = id
        self.config = config
        self.content = content
        self.artwork = artwork
        self.events = events
        self.text = text
        rules = PopupRules(config: config, env: env)
        machine = PopupMachine(id: id, config: config, rules: rules)
        layout(in: env)
    }

    var env: Environment { rules.env }
    public var barFrame: Rect { machine.barFrame(rules) }
    /// The bar's card: the floating card (or the whole bar), shrunk toward the minimized pill
    /// by `minimizeFraction` (docs/components.md, Popup bar PB31).
    public var cardFrame: Rect { machine.cardFrame(rules, titleWidth: titleWidth) }
    /// The card's corner radius, rounding to the pill's half height as it shrinks.
    var cardCornerRadius: Double {
        rules.cornerRadius + (PopupRules.pillHeight / 2 - rules.cornerRadius) * minimizeFraction
    }
    var isDragging: Bool { machine.isDragging }

    public func layout(in env: Environment) {
        rules = PopupRules(config: config, env: env)
        transition(.relayout, at: now)
        _ = content?.layout(width: env.size.width, env: env)
        clampScroll()
    }

    // MARK: The machine

    /// What the machine reads and does not own for `input`, as things stand now: the content's
    /// action under a lift's point is asked only for a lift.
    func context(for input: PopupMachine.Input) -> PopupMachine.Context {
        var action: String?
        if case .touch(.release(let p, _, _)) = input { action = contentAction(at: p) }
        return PopupMachine.Context(config: config, rules: rules, titleWidth: titleWidth,
                                    maxScrollOffset: content?.maxScrollOffset(viewportHeight: contentViewportHeight) ?? 0,
                                    actionUnderTouch: action)
    }

    /// Gives the machine one input, then applies its effects in order: the only way the
    /// popup's state changes (besides a reload's `carryState`).
    func transition(_ input: PopupMachine.Input, at time: Instant) {
        let effects = machine.handle(input, at: time, in: context(for: input))
        for effect in effects { apply(effect, at: time) }
    }

    /// Does what the machine asked for.
    func apply(_ effect: PopupMachine.Effect, at time: Instant) {
        switch effect {
        case .emit(let event): events.emit(event, at: time)
        }
    }

    public var motionPhase: MotionPhase {
        switch phase {
        case .idle: shell.restingPhase
        case .pressedBar, .pressedButton, .pressedCloseButton, .pressedContent, .ignoring: .pressed
        case .draggingOpen, .draggingClosed, .snapClosing, .paging: .dragging
        case .scrolling: .scrolling
        case .sliding, .transitioning, .presentingOpen, .waitingToOpen, .pageSettling: .settling
        }
    }

    /// The blur behind a frosted bar, in points (the screen hands the blurred picture of what
    /// lies beneath: `useBlurredBackdrop`); nil when the bar is not frosted.
    public var backdropBlur: Double? { config.appearance.frosted == true ? PopupBarAppearance.frostedBlurRadius : nil }
    public func useBlurredBackdrop(_ picture: Pixmap?) { blurredBackdrop = picture }

    public var needsFrames: Bool { shell.isFlinging || machine.isMoving || marqueeRunning }

    /// The marquee moves only while the bar is visible and a title overflows
    /// (docs/components.md, Popup bar PB20).
    var marqueeRunning: Bool {
        guard config.marquee, popupState == .barPresented, percent == 0 else { return false }
        return marqueeOverflows
    }

    /// The container's safe area grows by the presented bar (LNPopupController keeps it):
    /// background content lays out above the bar at rest, and follows it as it slides in and
    /// out (docs/components.md, Popup bar PB33). Opening the popup does not change it.
    public var backgroundBottomInset: Double {
        let top = rules.barFrame(percent: 0, hiddenShift: hiddenShift).minY
        return min(max(env.size.height - top, 0), env.size.height)
    }

    public func claims(_ p: Point) -> Bool {
        switch popupState {
        case .hidden:
            switch phase {
            case .sliding: return barFrame.contains(p)
            case .presentingOpen: return p.y >= barFrame.minY
            case .idle, .transitioning, .pressedBar, .pressedButton, .pressedCloseButton, .waitingToOpen, .draggingOpen,
                 .pressedContent, .scrolling, .draggingClosed, .snapClosing, .paging, .pageSettling, .ignoring: return false
            }
        case .open: return true
        case .barPresented: return p.y >= barFrame.minY && (percent > 0 || cardFrame.contains(p))
        }
    }

    // MARK: Touch

    public func handle(_ t: TouchEvent) { handleTouch(t) }

    /// First finger, pressed rows, scroll views inside the open popup's content: what every
    /// component does with a touch.
    var shell = GestureShell()
    public var drawRevision: Int { shell.revision }
    /// Numbers the snapshots of `state()`'s fields (`stateRevision`).
    var stateRevisions = StateRevision<StateSnapshot>()
    var touchSlop: Double { config.touchSlop }

    /// One step of the gesture into the machine.
    func gesture(_ step: TouchTracker.Step, at time: Instant) { transition(PopupMachine.touch(step), at: time) }

    /// Only a press on the open popup's content shows a row pressed.
    var holdsContentPress: Bool { machine.holdsContentPress }

    // GestureComponent (Input/GestureShell.swift) is still shaped for the components whose
    // `next` returns a phase and writes the class as it goes. The popup's touches go in
    // through `gesture` above; these two requirements only expose its machine, and go when
    // the protocol drops them.

    /// The machine's phase.
    var phase: Phase {
        get { machine.phase }
        set { machine.phase = newValue }
    }

    /// A gesture step, as GestureComponent's `transition` would pass it.
    enum GestureInput: TouchInput { case touch(TouchTracker.Step) }

    /// The phase `input` would lead to from `phase`, its effects dropped (a query: the popup's
    /// own path is `gesture`, which applies them).
    func next(_ phase: Phase, _ input: GestureInput, at time: Instant) -> Phase {
        var m = machine
        m.phase = phase
        switch input {
        case .touch(let step):
            let touch = PopupMachine.touch(step)
            _ = m.handle(touch, at: time, in: context(for: touch))
        }
        return m.phase
    }

    /// After a reload: hidden, bar or open as before (a motion under way ends where it was
    /// going), on the same item, with the title, progress and buttons the program set.
    public func carryState(from previous: Component) {
        guard let old = previous as? Popup else { return }
        machine.carry(from: old.machine, context(for: .relayout))
        clampScroll()
    }

    public func contentChanged(at time: Instant) {
        guard let content else { return }
        transition(.edit(.contentReflowed(scrollOffset: content.anchoredScrollOffset(scrollOffset, viewportHeight: contentViewportHeight))),
             at: time)
    }

    private func clampScroll() {
        transition(.edit(.contentReflowed(scrollOffset: content?.clampedScrollOffset(scrollOffset, viewportHeight: contentViewportHeight) ?? 0)),
             at: now)
    }

    /// The glyph a configured button shows now: the play/pause slot follows `playing`.
    func shownButton(_ b: PopupBarButton) -> PopupBarButton { machine.shownButton(b) }

    /// The content under the bar scrolled by `dy` points (positive: toward its end). With
    /// `minimize_on_scroll`, scrolling down minimizes the presented bar and scrolling up brings
    /// it back.
    public func contentBelowScrolled(by dy: Double, at time: Instant) {
        transition(.edit(.contentBelowScrolled(dy: dy)), at: time)
    }
}
