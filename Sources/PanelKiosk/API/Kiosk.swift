#if canImport(Glibc)
import Glibc
#endif
import DrawerRuntime
import PanelInput
import PanelRenderer

/// A kiosk app running in this process through the one runtime the `panel-kiosk` command
/// uses: the same screen, content, events, control socket, blanking and reload, driven by one
/// of three loops.
///
/// - ``init(app:widthPx:heightPx:scale:)``: offscreen on a simulated clock; ``render(script:fps:into:)``
///   plays a touch script and writes PNG frames (what `panel-kiosk render` does).
/// - ``headless(app:widthPx:heightPx:scale:frameLimit:)``: the real-time loop with frames in
///   memory (`run --headless`); ``run()`` blocks until a signal or the frame limit.
/// - ``onDisplay(app:board:frameLimit:waitForDisplay:)``: the real-time loop on the board's
///   display through DRM/KMS with touch from libinput (`run`).
///
/// ```swift
/// var app = AppConfig(name: "departures")
/// app.components = [.bottomDrawer(id: "drawer", content: .list([], id: "board"))]
/// let kiosk = try Kiosk(app: app)
/// try kiosk.insertRows("board", at: 0, [ContentSpec.Row(title: "S1 Airport", subtitle: "08:12")])
/// kiosk.onEvent { if case .positionDidChange(_, .open) = $0 { print("opened") } }
/// try kiosk.render(script: try TouchScript.parse(swipeUp, name: "swipe"), into: "out")
/// ```
///
/// A `Kiosk` belongs to the thread that made it: the loops are single-threaded, and event
/// handlers run on that thread between frames, where they may call any method here. Other
/// threads and tasks drive a running real-time kiosk through ``remote`` (``Remote``).
public final class Kiosk {
    package let runtime: KioskRuntime
    private let loop: KioskLoop?
    /// Whether a render ran: the next goes on from the screen's time.
    private var rendered = false
    /// The fingers a render's script left down (cancelled when the next starts).
    private var touchesDown = TouchSlots()
    private var ran = false

    /// The app it shows (as built; changes made since through commands are in the screen).
    public var app: AppConfig { runtime.app }
    /// The frame's width in pixels.
    public var widthPx: Int { runtime.geometry.widthPx }
    /// The frame's height in pixels.
    public var heightPx: Int { runtime.geometry.heightPx }
    /// The screen's time: simulated offscreen, monotonic on the real-time loops.
    public var now: Instant { runtime.screen.now }
    /// The last frame drawn (premultiplied ARGB32).
    public var frame: Pixmap { runtime.frame.pixmap }

    /// Drives the running loop from other threads and tasks (``Remote``); for an offscreen
    /// kiosk it refuses every command, saying to call the kiosk's own methods.
    public let remote: Remote

    private init(runtime: KioskRuntime, loop: KioskLoop?) {
        self.runtime = runtime
        self.loop = loop
        if let loop {
            remote = Remote(inbox: loop.inbox)
            // Events are made for other threads only while a stream reads them.
            runtime.addEventListener { [inbox = loop.inbox] e in
                if inbox.hasReaders { inbox.publish(e.event) }
            }
        } else {
            remote = Remote(inbox: RemoteInbox(closedBecause: "an offscreen kiosk has no loop to send to; call its own methods on the thread that made it"))
        }
    }

    deinit {
        // Commands still waiting for a loop that will never run are answered, not left hanging.
        remote.inbox.close(because: "the kiosk was freed before it ran")
        // A kiosk freed without run() held SIGTERM, SIGINT and SIGHUP back for good: Ctrl-C
        // did nothing, and every child started afterwards inherited the mask (a test's
        // `mosquitto_sub` then ignored SIGTERM and hung the suite).
        if let before = signalMaskBefore { SignalDescriptor.restore(before) }
    }

    /// An offscreen kiosk on the simulated clock, its frame `widthPx` x `heightPx` pixels at
    /// `scale` pixels per point. Throws the app's problems (``AppConfig/problems()``) or what
    /// could not be built (a theme, a font, an image).
    public convenience init(app: AppConfig, widthPx: Int = 800, heightPx: Int = 480, scale: Double = 1) throws {
        let geometry = try Self.geometry(widthPx: widthPx, heightPx: heightPx, scale: scale)
        try Self.check(app)
        self.init(runtime: try KioskRuntime(app: app, geometry: geometry, eventsPath: nil, now: .milliseconds(0)), loop: nil)
    }

    /// The real-time loop with frames in memory at 60 Hz (`run --headless`): touch from
    /// libinput where a device exists, the control socket, blanking, reload. `frameLimit`:
    /// ``run()`` returns after that many frames (nil: at SIGTERM or SIGINT). SIGTERM, SIGINT
    /// and SIGHUP are held back on the calling thread from here until ``run()`` returns (or
    /// this throws): one that comes meanwhile is the loop's to read.
    public static func headless(app: AppConfig, widthPx: Int = 800, heightPx: Int = 480, scale: Double = 1,
                                frameLimit: Int? = nil) throws -> Kiosk {
        try check(app)
        let geometry = try geometry(widthPx: widthPx, heightPx: heightPx, scale: scale)
        // A headless loop never waits for a display, so there is always one.
        return try withLoopSignalsHeld {
            try KioskLoop.headless(app: app, geometry: geometry,
                                   KioskLoop.Options(startNS: monotonicNanoseconds(), frameLimit: frameLimit))
        }!
    }

    /// The real-time loop on the board's display (DRM/KMS, touch from libinput, systemd,
    /// the virtual terminal, the backlight), as `panel-kiosk run`. With `waitForDisplay` and
    /// the board's consent it waits for a display that is not connected yet; nil when stopped
    /// while waiting. Signals are held back as by ``headless(app:widthPx:heightPx:scale:frameLimit:)``.
    public static func onDisplay(app: AppConfig, board: BoardConfig = BoardConfig(), frameLimit: Int? = nil,
                                 waitForDisplay: Bool = true) throws -> Kiosk? {
        try check(app)
        return try withLoopSignalsHeld {
            try KioskLoop.onDisplay(app: app, board: board, wait: waitForDisplay,
                                    KioskLoop.Options(startNS: monotonicNanoseconds(), frameLimit: frameLimit))
        }
    }

    /// A kiosk around the loop `make` returns, with the loop's signals held back from before
    /// it is made until ``run()`` returns; the caller's mask comes back at once when `make`
    /// throws or gives no loop (stopped while waiting for a display).
    private static func withLoopSignalsHeld(_ make: () throws -> KioskLoop?) throws -> Kiosk? {
        let before = SignalDescriptor.holdBack(loopSignals)
        let loop: KioskLoop?
        do { loop = try make() } catch {
            SignalDescriptor.restore(before)
            throw error
        }
        guard let loop else { SignalDescriptor.restore(before); return nil }
        let kiosk = Kiosk(runtime: loop.runtime, loop: loop)
        kiosk.signalMaskBefore = before
        return kiosk
    }

    /// Runs the real-time loop until SIGTERM, SIGINT, ``Remote/stop()`` or the frame limit,
    /// once per kiosk. Throws what stopped
    /// it otherwise (a display that went away for good, a failed flip), and for an offscreen
    /// kiosk, which has no loop (use ``render(script:fps:into:)``).
    public func run() throws {
        guard let loop else { throw KioskError("an offscreen kiosk has no real-time loop; use render(script:into:)") }
        guard !ran else { throw KioskError("run() runs once per kiosk (its display, socket and files are closed when it returns); make a new Kiosk") }
        ran = true
        // The signals the loop reads are the caller's again once it is done (they stayed
        // blocked for good: Ctrl-C did nothing after run() returned).
        defer { if let before = signalMaskBefore { SignalDescriptor.restore(before); signalMaskBefore = nil } }
        if let failure = loop.run() { throw KioskError(failure.description) }
    }

    /// SIGTERM, SIGINT (stop) and SIGHUP (reload): held back from their default action from
    /// the real-time kiosk's making until ``run()`` returns, so one that comes meanwhile
    /// stops the loop cleanly instead of killing the process mid-modeset.
    private static let loopSignals = [SIGTERM, SIGINT, SIGHUP]
    /// The calling thread's signal mask before the loop's signals were held back.
    private var signalMaskBefore: sigset_t?

    /// Offscreen: plays `script` (touches, `do` and `send` lines at their times) on the
    /// simulated clock, a frame every 1000/`fps` ms, runs on until
    /// nothing moves (at most 10 s), and writes `dir/final.png`. Returns the frames made and
    /// the final time in ms on the kiosk's clock. The first render starts the clock at 0 ms
    /// (as `render`'s); each later one goes on from the frame after the last one's end, its
    /// script's times counted from there, so a program can show one state, change content
    /// or positions (they act at the last frame's time), and render the next. A finger a
    /// script left down is cancelled when the next render starts. `fps` is 1 to 1000; `dir`
    /// is made when missing (frames named by the clock; give each render its own folder,
    /// since a render removes frame files it did not write, as `render` does).
    @discardableResult
    public func render(script: TouchScript = TouchScript(lines: []), fps: Double = 60,
                       into dir: String) throws -> (frames: Int, finalTimeMS: Double) {
        guard loop == nil else { throw KioskError("render(script:into:) is for an offscreen kiosk; this one runs a real-time loop") }
        // As `render --fps`: 0, NaN or a negative rate never advanced the clock (a trap or a
        // loop for ever), a million made a million frames.
        guard fps >= 1, fps <= 1000 else { throw KioskError("fps is \(fps); it must be between 1 and 1000") }
        guard !dir.isEmpty else { throw KioskError("render(script:into:) needs a folder to write into (\"\" wrote /final.png)") }
        do { try script.check() } catch { throw KioskError(error.description) }
        try makeDirectory(dir)
        var run = OffscreenRun()
        run.fps = fps
        // After a render the screen's time is its last frame's (also when one failed partway).
        if rendered { run.startMS = runtime.screen.now.milliseconds + 1000 / fps }
        rendered = true
        let outcome = try run.run(runtime, script: script, into: dir, touches: &touchesDown)
        return (outcome.result.frames, outcome.result.finalTimeMS)
    }

    /// Writes the last frame drawn as a PNG file.
    public func writeFrame(to path: String) throws {
        try PNGCodec.encode(frame.view, to: path)
    }

    // MARK: events

    /// Calls `handler` with every event a component reports, typed, in order (on the loop's
    /// thread, between frames), until ``removeEventHandler(_:)`` is given what this returns.
    /// The kiosk keeps its handlers until then: one that uses the kiosk should capture it
    /// `[weak kiosk]`, or the two keep each other (and the kiosk's display, socket and
    /// files) alive for good.
    @discardableResult
    public func onEvent(_ handler: @escaping (KioskEvent) -> Void) -> EventHandlerID {
        EventHandlerID(value: runtime.addEventListener { handler($0.event) })
    }

    /// Stops the calls to a handler ``onEvent(_:)`` added, and lets go of it. From inside
    /// a handler too: a handler removed gets no event after the one being handed out.
    /// Removing one twice, one that is gone, or another kiosk's, does nothing.
    public func removeEventHandler(_ id: EventHandlerID) {
        runtime.removeEventListener(id.value)
    }

    /// Names a handler ``onEvent(_:)`` added, for ``removeEventHandler(_:)``.
    public struct EventHandlerID: Hashable, Sendable {
        let value: Int
    }

    // MARK: commands

    /// Carries out a control command, as the socket and a script's `send` line do (the one
    /// place commands act): each becomes the target component's typed action
    /// (`BottomDrawer.Action`, `Sheet.Action`, ...) without passing through strings. Throws,
    /// changing nothing, when the target, id or fields are wrong.
    ///
    /// The service commands (`status`, `screenshot`, `brightness`, `blank`, ...) and
    /// `subscribe` are the control socket's and MQTT's: they throw here, saying what to use
    /// instead (they did nothing, silently).
    public func execute(_ command: ControlCommand) throws {
        switch command {
        case .subscribe, .unsubscribe:
            throw KioskError("subscribe is the control socket's; in Swift, onEvent(_:) gets every event")
        case .service:
            throw KioskError("service commands (status, screenshot, brightness, blank, wake, reload) are answered by the control socket and MQTT; in Swift, writeFrame(to:) saves what is shown")
        default:
            do { _ = try runtime.execute(command, at: commandTime) } catch { throw KioskError(error.message) }
        }
    }

    /// A script's `do` line: `action` with `arguments` on the component `target`, parsed into
    /// the component's typed action with the touch script's messages.
    public func perform(_ target: String, _ action: String, _ arguments: [String] = []) throws {
     
        do { try runtime.perform(target: target, action: action, arguments: arguments, at: commandTime) } catch {
            throw KioskError(error.message)
        }
    }

    /// Moves the bottom drawer `drawer` to `position`.
    public func setPosition(_ drawer: String, _ position: ControlCommand.DrawerPosition, animated: Bool = true) throws {
        try execute(.setDrawerPosition(target: drawer, position: position, animated: animated))
    }

    /// Pushes the page `page` onto the sheet `sheet`.
    public func push(_ sheet: String, page: String, animated: Bool = true) throws {
        try execute(.push(target: sheet, page: page, animated: animated))
    }

    /// Pops the sheet's top page.
    public func pop(_ sheet: String, animated: Bool = true) throws {
        try execute(.pop(target: sheet, animated: animated))
    }

    /// Moves the sheet to anchor `anchor` (0 = top-most).
    public func snap(_ sheet: String, anchor: Int, animated: Bool = true) throws {
        try execute(.snapSheet(target: sheet, anchor: anchor, animated: animated))
    }

    /// Replaces the sheet's anchors (sheets' `setAnchors(_:animated:snapTo:)`); the card goes
    /// to anchor `snapTo` of the new list (sheets' default is 0, the top-most), or, when nil,
    /// to the new anchor nearest to where it is.
    public func setAnchors(_ sheet: String, _ anchors: [SheetAnchor], snapTo: Int? = nil, animated: Bool = true) throws {
        try execute(.setAnchors(target: sheet, anchors: anchors, snapTo: snapTo, animated: animated))
    }

    /// Pops the sheet's pages above the page `page` (sheets' `popTo`).
    public func popTo(_ sheet: String, page: String, animated: Bool = true) throws {
        try execute(.popTo(target: sheet, page: page, animated: animated))
    }

    /// Adds (`true`) or removes (`false`) a swipe-to-dismiss card's swipe-down gesture (the
    /// article's `addSwipeDownToDismiss` / `removeSwipeDownToDismiss`).
    public func setGesture(_ card: String, enabled: Bool) throws {
        try execute(.setGesture(target: card, enabled: enabled))
    }

    /// Opens a popup's card, a swipe-to-dismiss card, or a side drawer towards `side` (nil:
    /// its only side; a drawer with two must be told which, and throws saying so).
    public func open(_ target: String, side: ControlCommand.Side? = nil, animated: Bool = true) throws {
        try execute(.open(target: target, side: side, animated: animated))
    }

    /// Closes a popup's card, a side drawer or a swipe-to-dismiss card.
    public func close(_ target: String, animated: Bool = true) throws {
        try execute(.close(target: target, animated: animated))
    }

    /// Changes the popup bar's item; nil fields stay as they are. `playing` picks the
    /// play/pause button's glyph (pause while playing).
    public func setPopupItem(_ popup: String, title: String? = nil, subtitle: String? = nil, progress: Double? = nil,
                             playing: Bool? = nil) throws {
        try execute(.setPopupItem(target: popup, title: title, subtitle: subtitle, progress: progress, playing: playing))
    }

    /// Lays the fields `appearance` sets over the popup bar's look (fonts, colours, background,
    /// shadow, frosted); the others stay as they are.
    public func setPopupAppearance(_ popup: String, _ appearance: PopupBarAppearance) throws {
        try execute(.setPopupAppearance(target: popup, appearance: appearance))
    }

    /// Shrinks the popup bar to its minimized pill (`true`) or brings the full bar back.
    public func setPopupBarMinimized(_ popup: String, _ minimized: Bool) throws {
        try execute(minimized ? .minimizeBar(target: popup) : .expandBar(target: popup))
    }

    /// Shows the popup bar.
    public func presentBar(_ popup: String, animated: Bool = true) throws {
        try execute(.presentBar(target: popup, animated: animated))
    }
    /// Hides the popup bar (and its card).
    public func dismissBar(_ popup: String, animated: Bool = true) throws {
        try execute(.dismissBar(target: popup, animated: animated))
    }

    /// Replaces a component's content with its page `page` (a side drawer's pane, a sheet's
    /// root, a bottom drawer's content). A side drawer's pane not `animated` swaps where it
    /// is: nothing moves and no event is sent (the reference's `setPaneViewController:animated:NO`);
    /// a bottom drawer's content cross-fades unless `animated` is false.
    public func replaceContent(_ target: String, page: String, animated: Bool = true) throws {
        try execute(.replaceContent(target: target, page: page, animated: animated))
    }

    /// Bounces a side drawer's closed pane toward `side` (nil: its only side; with two it
    /// throws naming them), or a bottom drawer (no side).
    public func bounce(_ target: String, side: ControlCommand.Side? = nil) throws {
        try execute(.bounce(target: target, side: side))
    }

    /// Puts the page `page` in the side drawer's drawer on `side`, adding a drawer there if
    /// it had none (at most two, opposite).
    public func setDrawer(_ target: String, side: ControlCommand.Side, page: String) throws {
        try execute(.setDrawer(target: target, side: side, page: page))
    }

    /// Takes away the side drawer's drawer on `side`; when the pane is open toward it, it
    /// closes first (`animated`: uninterruptibly, else at once) and the drawer goes at closed.
    public func removeDrawer(_ target: String, side: ControlCommand.Side, animated: Bool = true) throws {
        try execute(.removeDrawer(target: target, side: side, animated: animated))
    }

    /// Sets the stylers of the side drawer's drawer on `side` and their parameters
    /// (ranges as in the app file; a value out of range throws, changing nothing). A nil
    /// shadow colour or minimum resize width keeps the drawer's.
    public func setStyle(_ target: String, side: ControlCommand.Side, _ style: SideDrawerSideConfig.Style) throws {
        var parameters: [String: Double] = [:]
        for (key, value) in zip(SideDrawerSideConfig.Style.ranges.map(\.key), style.parameterValues) where value != nil {
            parameters[key] = value
        }
        try execute(.setStylers(target: target, side: side, stylers: style.stylers, parameters: parameters,
                                shadowColor: style.shadowColor))
    }

    /// Changes the positions the bottom drawer `drawer` supports; when its position is no
    /// longer among them it jumps to the lowest one but closed.
    public func setPositions(_ drawer: String, _ positions: [ControlCommand.DrawerPosition]) throws {
        try execute(.setDrawerPositions(target: drawer, positions: positions))
    }

    /// Shows the bottom drawer's background page `page` under it, cross-fading for its
    /// `animation_duration` unless `animated` is false.
    public func replaceBackground(_ drawer: String, page: String, animated: Bool = true) throws {
        try execute(.replaceBackground(target: drawer, page: page, animated: animated))
    }

    // MARK: content (the `set` family of the control socket)

    /// Changes the content node `id`: only the properties given, as `{"cmd":"set"}`.
    public func set(_ id: String, _ properties: ControlCommand.ContentProperties) throws {
        try execute(.set(id: id, properties))
    }

    /// A label's text (may show `{name}`s).
    public func set(_ id: String, text: String) throws { try set(id, ControlCommand.ContentProperties(text: text)) }

    /// Sets named values, all shown in the same frame.
    public func setValues(_ values: [String: LiveValue]) throws { try execute(.setValues(values)) }

    /// Inserts `rows` into the list `id` before row `at`.
    public func insertRows(_ id: String, at index: Int, _ rows: [ContentSpec.Row], animated: Bool = true) throws {
        try execute(.insertRows(id: id, at: index, rows: rows, animated: animated))
    }

    /// Removes `count` rows of the list `id` from row `at`.
    public func removeRows(_ id: String, at index: Int, count: Int = 1, animated: Bool = true) throws {
        try execute(.removeRows(id: id, at: index, count: count, animated: animated))
    }

    /// Changes fields of row `at` of the list `id`; nil fields stay.
    public func updateRow(_ id: String, at index: Int, _ change: ControlCommand.RowChange) throws {
        try execute(.updateRow(id: id, at: index, change))
    }

    // MARK: -

    /// Commands act at the screen's own time offscreen, at the monotonic clock on a loop.
    private var commandTime: Instant { loop == nil ? runtime.screen.now : Instant.now() }

    private static func geometry(widthPx: Int, heightPx: Int, scale: Double) throws -> FrameGeometry {
        if let why = PixelBudget.refusal(width: widthPx, height: heightPx) { throw KioskError("\(widthPx)x\(heightPx): \(why)") }
        guard scale >= 0.25 && scale <= 8 else { throw KioskError("scale \(scale): must be between 0.25 and 8") }
        var board = BoardConfig.offscreenDefault
        board.mode = BoardConfig.ModeRequest(width: widthPx, height: heightPx, refreshHz: 60)
        board.scale = scale
        return FrameGeometry(widthPx: widthPx, heightPx: heightPx, scale: scale, board: board)
    }

    private static func check(_ app: AppConfig) throws {
        let problems = app.problems()
        if !problems.isEmpty { throw DiagnosticList(items: problems) }
    }
}

/// Why a kiosk could not be made or a command not carried out: in words for a person
/// (``description``), and as a ``Reason`` a program can act on.
///
/// ```swift
/// do { try await remote.send(.setValues(["next": .text(departure)])) }
/// catch let e as KioskError where e.reason == .closed { break }   // the run is over
/// catch { log("not shown: \(error)") }                             // this update only
/// ```
public struct KioskError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What kind of refusal it is: whether sending again can help.
    public enum Reason: Sendable, Equatable {
        /// The call or command itself was refused (no such id, a value out of range, a
        /// call this kind of kiosk does not take): the same one gets the same answer.
        case refused
        /// ``Kiosk/Remote``'s queue was full (``Kiosk/Remote/queueCapacity`` commands
        /// waiting): the same command may be taken a moment later. Only
        /// ``Kiosk/Remote/post(_:completion:)`` says it; ``Kiosk/Remote/send(_:)`` waits.
        case queueFull
        /// No loop takes commands any more (``Kiosk/Remote/isOpen`` is false): the run is
        /// over, the kiosk was freed before it ran, or it is an offscreen kiosk.
        case closed
        /// The task waiting in ``Kiosk/Remote/send(_:)`` was cancelled; a command that was
        /// queued may still be carried out (one waiting for room was not sent).
        case cancelled
    }

    public var description: String
    public var reason: Reason

    public init(_ message: String, reason: Reason = .refused) {
        description = message
        self.reason = reason
    }
}
