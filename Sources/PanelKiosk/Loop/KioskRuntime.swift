#if canImport(Glibc)
import Glibc
#endif
import DrawerRuntime
import PanelRenderer
import Synchronization

/// What every way of running an app shares, whatever drives it: the screen and its reload,
/// touches delivered through the idle blanker, control commands and script calls, the event
/// log, damage and drawing (with the blanking fade). `KioskLoop` drives it in real time
/// (the device and `run --headless`), `render` on a simulated clock; both hand it the same
/// `InputEvent`s in UI pixels with microsecond timestamps, so a behaviour proven offscreen is
/// the behaviour on the device.
package final class KioskRuntime {
    package private(set) var screen: Screen
    /// The screen's content that the device's program changes (`set`, `set_values`, ...).
    private(set) var live: LiveContent
    let appPath: String
    /// What the screen was built from; an app built in code (no path) reloads from it. The
    /// services (socket, MQTT, data file) keep what this one said until a restart.
    let app: AppConfig
    /// The app's name as the last good reload gave it (`status` shows it).
    private(set) var appName: String
    /// `[data] file`, applied like `set_values` whenever it changes.
    private(set) var dataPath: String?
    let geometry: FrameGeometry
    package let frame: FrameRenderer
    var blanker: IdleBlanker
    let recorder: EventRecorder
    /// Each event line also goes here (the control socket's subscribers).
    var onEventLine: ((String) -> Void)?
    /// Each event also goes to these (a program's `Kiosk.onEvent`), on every screen a reload
    /// makes: after the step that raised it, never inside a component's transition, so a
    /// listener may send commands.
    private(set) var eventListeners: [(id: Int, call: (RuntimeEvent) -> Void)] = []
    /// Listener ids, unique in the process: an id kept from one kiosk never names another
    /// kiosk's listener (each counting from 1, `removeEventHandler` on the wrong kiosk
    /// removed that kiosk's listener of the same number).
    private static let eventListenerIDs = Atomic<Int>(0)
    private var pendingEvents: [RuntimeEvent] = []
    private var deliveringEvents = false
    /// `--trace`: a line per frame of the components' motion.
    let trace: MotionTrace?
    /// `--record`: the touches the screen got, as a touch script `render --script` replays
    /// (times from the first touch, frame pixels), written as they come.
    var touchRecording: (script: TouchRecorder, file: EventRecorder)?
    /// The fingers down, in points (for the trace).
    private(set) var fingers: [Int: Point] = [:]
    /// Show an app file's problems over the screen after a reload fails (the preview).
    package var showsProblems = false
    /// What is wrong with the app file since the last reload failed (nil: nothing).
    private(set) var problem: String?
    private lazy var problemBar = ProblemBar()

    /// Something changed that the next frame must show.
    var needsDraw = true
    /// Something outside the components changed (background content, reload, the fade): the
    /// next frame repaints everything.
    var fullRepaint = true
    private var damage = DamageTracker()
    /// What `drawFrame` returns, its storage kept from frame to frame: a new list each
    /// frame was the last allocation of a drag's frames (docs/architecture.md).
    private var changedRects: [IntRect] = []
    private(set) var framesDrawn = 0
    /// How long drawing took, per frame (ms).
    private(set) var renderMS = SampleWindow()

    /// The files a change of which reloads the app (the theme besides the app file).
    let themePaths: [String]

    package init(app: AppConfig, geometry: FrameGeometry, eventsPath: String?, tracePath: String? = nil, recordPath: String? = nil,
         now: Instant) throws {
        self.geometry = geometry
        self.app = app
        appName = app.name
        appPath = app.path
        themePaths = app.themePath.map { [$0] } ?? []
        let built = try SceneBuilder.build(app: app, geometry: geometry)
        screen = built.screen
        live = built.live
        dataPath = app.dataFile
        guard let f = FrameRenderer(widthPx: geometry.widthPx, heightPx: geometry.heightPx) else {
            throw Failure("cannot allocate a \(geometry.widthPx)x\(geometry.heightPx) frame")
        }
        frame = f
        recorder = EventRecorder(path: eventsPath)
        trace = tracePath.map(MotionTrace.init(path:))
        if let recordPath {
            let file = EventRecorder(path: recordPath, what: "touch recording", limit: .stopping)
            file.write("# touches recorded by panel-kiosk from \(app.path) at \(geometry.widthPx)x\(geometry.heightPx), scale \(geometry.scale): replay with render --script")
            touchRecording = (TouchRecorder(scale: geometry.scale), file)
        }
        // A file asked for that cannot even be opened is said now, not found missing later.
        if let problem = recorder.failure ?? trace?.failure ?? touchRecording?.file.failure { throw Failure(problem) }
        let board = geometry.board
        blanker = IdleBlanker(blankAfterS: board.blankAfterS, fadeS: board.fadeS,
                              idleResetS: board.idleResetS ?? app.idleResetS, now: now)
        attachEvents(to: screen)
        // A data file there at start is reported now (its values, when good, are in `app`).
        if let dataPath {
            if access(dataPath, F_OK) == 0 { applyDataFile(at: now) } else {
                KioskLog.notice("data file \(dataPath) is not there yet; showing [values] until it is written")
            }
        }
    }

    private func attachEvents(to screen: Screen) {
        screen.events.addListener { [unowned self] e in
            let line = e.json.encoded
            self.recorder.write(line)
            self.onEventLine?(line)
            if !self.eventListeners.isEmpty { self.pendingEvents.append(e) }
        }
    }

    /// Hands the events of the step just done to `eventListeners`, in order, including those
    /// their commands raise.
    private func deliverPendingEvents() {
        guard !deliveringEvents else { return }
        deliveringEvents = true
        defer { deliveringEvents = false }
        var i = 0
        while i < pendingEvents.count {
            for listener in eventListeners {
                // One removed by a listener before it, for this same event, gets no more.
                guard eventListeners.contains(where: { $0.id == listener.id }) else { continue }
                listener.call(pendingEvents[i])
            }
            i += 1
        }
        pendingEvents.removeAll()
    }

    /// Adds a listener of every event; returns its id for `removeEventListener`.
    @discardableResult
    func addEventListener(_ call: @escaping (RuntimeEvent) -> Void) -> Int {
        let id = Self.eventListenerIDs.add(1, ordering: .relaxed).newValue
        eventListeners.append((id, call))
        return id
    }

    /// Stops calling the listener `id` (and lets go of it); from inside a listener too.
    func removeEventListener(_ id: Int) {
        eventListeners.removeAll { $0.id == id }
    }

    /// Whether the screen wants frames on its own (an animation, a row slide, the fade).
    package var isMoving: Bool { screen.needsFrames || blanker.isAnimating || live.isAnimating }

    // MARK: input

    /// One input event from any touch source. Touches pass the idle blanker first (the touch
    /// that wakes a blank screen only wakes it). Returns what the blanker asks of the display
    /// and backlight, for the caller to carry out (`applyOwnActions` has done the rest).
    package func deliver(_ event: InputEvent) -> [IdleBlanker.Action] {
        switch event {
        case .touch(let finger, let phase, let x, let y, let us):
            let kind: IdleBlanker.TouchKind = switch phase {
            case .down: .down
            case .move: .motion
            case .up: .up
            case .cancel: .cancel
            }
            let verdict = blanker.touch(kind, at: Instant(microseconds: us))
            if verdict.deliver {
                let s = screen.env.scale
                let p = Point(x / s, y / s)
                switch phase {
                case .down, .move: fingers[finger] = p
                case .up, .cancel: fingers[finger] = nil
                }
                let touch = TouchEvent(id: finger, phase: phase, location: p, time: .nanoseconds(Int64(us) * 1000))
                if var r = touchRecording {
                    r.file.write(r.script.line(for: touch))
                    touchRecording = r
                }
                screen.handle(touch)
                deliverPendingEvents()
                needsDraw = true
            }
            return applyOwnActions(verdict.actions, at: Instant(microseconds: us))
        case .back(let us):
            if screen.back(at: Instant(microseconds: us)) != nil { needsDraw = true }
            deliverPendingEvents()
            return []
        case .deviceAdded(let name, let touch):
            KioskLog.info("input device added: \(name)\(touch ? " (touchscreen)" : "")")
            return []
        case .deviceRemoved(let name):
            KioskLog.notice("input device removed: \(name)")
            needsDraw = true
            return []
        case .deviceIgnored(let device, let reason, let fix):
            KioskLog.warning("input device \(device) is not used: libinput says \"\(reason)\"; \(fix)")
            return []
        }
    }

    /// A script's `do` line.
    func perform(target: String, action: String, arguments: [String], at time: Instant) throws(ActionError) {
        defer { deliverPendingEvents() }
        try screen.perform(target: target, action: action, arguments: arguments, at: time)
        needsDraw = true
    }

    /// A control command, from the socket, a script's `send` line or the data file: the one
    /// place commands act. Returns what the blanker asks of the display (a command that
    /// brings something new in front of the user wakes the screen).
    func execute(_ command: ControlCommand, at now: Instant) throws(ActionError) -> [IdleBlanker.Action] {
        let actions = command.wakesScreen ? applyOwnActions(blanker.activity(at: now), at: now) : []
        screen.advance(to: now)
        defer { deliverPendingEvents() }
        try ControlDispatch.perform(command, on: screen, live: live, at: now)
        needsDraw = true
        return actions
    }

    /// The data file changed: its values are applied, or its problem reported (the values
    /// shown stay). The log says when it was first applied and when it is valid again after
    /// a problem, not every time (a feed writes it every second).
    func applyDataFile(at now: Instant) {
        guard let dataPath else { return }
        // Removed (or moved away) by its writer: said once, not as a read error; the values
        // shown stay, and its return is "valid again".
        if access(dataPath, F_OK) != 0, errno == ENOENT {
            if dataFileHealth != .gone {
                KioskLog.warning("data file \(dataPath) was removed; keeping the values shown until it is written again")
            }
            dataFileHealth = .gone
            return
        }
        do {
            var sorts = app.expectedSorts
            for (name, value) in live.values { sorts[name] = value.typeName }
            _ = try execute(.setValues(try DataFile.read(dataPath, sorts: sorts)), at: now)
            switch dataFileHealth {
            case .unread: KioskLog.info("applied data file \(dataPath)")
            case .failing, .gone: KioskLog.notice("data file \(dataPath) is valid again; applied")
            case .applied: break
            }
            dataFileHealth = .applied
        } catch let e as DataFileError {
            KioskLog.warning("\(e); keeping the values shown")
            dataFileHealth = .failing
        } catch {
            // Refused by the screen (a row's icon that cannot be shown): said where the value
            // is written, as a syntax error is, when one value alone is refused.
            let placed = DataFile.placedValues(dataPath).lazy.compactMap { [live] v -> String? in
                do throws(ActionError) { try live.checkValue(v.name, v.value); return nil } catch {
                    return "\(dataPath):\(v.line):\(v.column): \(error.message)"
                }
            }.first
            KioskLog.warning("\(placed ?? "\(dataPath): \(error)"); keeping the values shown")
            dataFileHealth = .failing
        }
    }
    private enum DataFileHealth { case unread, applied, failing, gone }
    private var dataFileHealth = DataFileHealth.unread

    /// The blanker's idea of time moves on (no touch): fades, blanking, the idle reset.
    package func tick(at now: Instant) -> [IdleBlanker.Action] {
        applyOwnActions(blanker.tick(at: now), at: now)
    }

    /// Carries out what concerns the screen (redraws, the reset to home) and returns what
    /// concerns the display and backlight, in order.
    func applyOwnActions(_ actions: [IdleBlanker.Action], at now: Instant) -> [IdleBlanker.Action] {
        var rest: [IdleBlanker.Action] = []
        for a in actions {
            switch a {
            case .fade, .redraw: needsDraw = true; rest.append(a)
            case .resetToHome: screen.resetAll(at: now); needsDraw = true
            case .crtcActive, .backlight: needsDraw = true; rest.append(a)
            }
        }
        return rest
    }

    // MARK: reload

    /// A valid new app file replaces the screen, keeping the state of components whose id and
    /// kind match; an invalid one is reported and changes nothing. Returns whether it took.
    @discardableResult
    func reload(reason: String) -> Bool {
        do {
            let newApp = appPath.isEmpty ? app : try loadApp(appPath)
            let built = try ScreenReload.rebuild(app: newApp, old: screen, geometry: geometry, values: live.values)
            built.screen.ignoreExtraFingers = screen.ignoreExtraFingers
            screen = built.screen
            live = built.live
            appName = newApp.name
            attachEvents(to: screen)
            needsDraw = true
            fullRepaint = true
            // An app built in code has no file: it is rebuilt from the AppConfig it was made with.
            KioskLog.notice("reloaded \(appPath.isEmpty ? "the app built in code, from the AppConfig it was made with" : appPath) (\(reason))")
            // What the services opened at start stays as it was: say so, rather than let a
            // changed path look applied ("reloaded" while the old data file still fed it).
            let unchanged = [("[data] file", newApp.dataFile == app.dataFile),
                             ("[control]", newApp.controlSocket == app.controlSocket && newApp.controlSocketMode == app.controlSocketMode),
                             ("[mqtt]", newApp.mqtt == app.mqtt)].filter { !$0.1 }.map(\.0)
            if !unchanged.isEmpty {
                KioskLog.warning("\(appPath): \(unchanged.joined(separator: ", ")) changed; that takes a restart (systemctl restart panel-kiosk), the running kiosk keeps what it started with")
            }
            problem = nil
            return true
        } catch {
            KioskLog.error("\(reason): keeping the running screens; the new file has problems:\n\(error)")
            if showsProblems {
                problem = "\(error)"
                needsDraw = true
                fullRepaint = true
            }
            return false
        }
    }

    // MARK: frames

    /// Advances the screen to the time the frame will be seen and draws what changed into
    /// `frame`. Returns the pixels that changed: empty when nothing did (the same pixels can
    /// be shown again), the whole frame after a full repaint.
    package func drawFrame(showingAt show: Instant, monotonicNS: () -> UInt64 = monotonicNanoseconds) -> [IntRect] {
        let t0 = monotonicNS()
        // What moved or changed in frames advanced offscreen but not drawn (`advance(to:)`)
        // shows in this one: a drawer that came to rest since is drawn where it rests.
        let moving = screen.needsFrames || live.isAnimating || undrawn.moved
        var (contentChanged, allChanged) = advanceScreen(to: show)
        contentChanged = contentChanged.union(undrawn.content)
        allChanged = allChanged || undrawn.everything
        undrawn = (false, .zero, false)
        let redraw = needsDraw || moving || framesDrawn == 0 || blanker.isAnimating
        let everything = fullRepaint || framesDrawn == 0 || blanker.isAnimating || allChanged
        var region = redraw ? damage.damage(of: screen, everything: everything, extra: contentChanged) : .zero
        // The problem bar is translucent: what it covers is repainted under it each time it is
        // drawn, or it would darken itself.
        if let problem, let r = region, !r.isEmpty {
            region = r.union(problemBar.area(for: problem, widthPx: geometry.widthPx, scale: geometry.scale))
                .intersection(frame.pixmap.bounds)
        }
        fullRepaint = false
        needsDraw = false
        framesDrawn += 1
        guard redraw else { renderMS.add(Double(monotonicNS() - t0) / 1e6); return [] }
        // A dragged drawer's body only moved: its drawn rows move, the bands around repaint.
        // Not under the translucent problem bar, which is repainted over whatever it covers.
        // What lies beneath the layers that changed is copied from the frame's backdrop.
        frame.draw(screen, damage: region, moving: problem == nil ? damage.move : nil,
                   unchangedLayers: damage.unchangedLayers)
        drawFade(at: show)
        if let problem, region.map({ !$0.isEmpty }) ?? true {
            problemBar.draw(problem, into: frame.canvas, widthPx: geometry.widthPx, heightPx: geometry.heightPx, scale: geometry.scale)
        }
        changedRects.removeAll(keepingCapacity: true)
        if let r = region {
            if !r.isEmpty { changedRects.append(r) }
        } else {
            changedRects.append(frame.pixmap.bounds)
        }
        renderMS.add(Double(monotonicNS() - t0) / 1e6)
        return changedRects
    }

    /// Moves content and components to `time`: row slides first, then each component whose
    /// content changed re-anchors its scrolling, then the components' own motion. Returns
    /// where changed content shows on screen (points), or that it may be anywhere: the
    /// background's content exactly, a component's as the area the component paints.
    private func advanceScreen(to time: Instant) -> (Rect, everything: Bool) {
        live.advance(to: time)
        defer {
            screen.advance(to: time)
            trace?.record(timeMS: time.milliseconds, screen: screen, fingers: fingers)
            deliverPendingEvents()
        }
        var region = Rect.zero, everything = false
        for (host, r) in live.takeDamage() {
            defer { live.changesShown(host: host) }     // after the host re-anchored against them
            if host == LiveContent.backgroundHost {
                let size = screen.backgroundContentSize
                // Content points to screen points: the content may be scrolled.
                let shown = r.offsetBy(dx: 0, dy: -min(screen.backgroundScrollOffset, screen.backgroundMaxScrollOffset))
                region = region.union(shown.intersection(Rect(0, 0, size.width, size.height)))
                // A frosted card shows the change blurred, spread past its own rectangle.
                screen.backgroundContentChanged()
                if screen.hasBlurredBackdrop { everything = true }
                continue
            }
            let component = screen.component(host)
            component?.contentChanged(at: time)
            if let bounds = component?.paintBounds { region = region.union(bounds) } else { everything = true }
        }
        return (region, everything)
    }

    /// The state file, with the named values (docs/formats.md, State file).
    package func state(timeMS: Double) -> JSONValue {
        guard case .object(var fields) = screen.state(timeMS: timeMS) else { return screen.state(timeMS: timeMS) }
        fields.append(("values", .object(live.values.keys.sorted().map { ($0, live.values[$0]!.json) })))
        return .object(fields)
    }

    /// Draws everything as it is at `time`, without advancing: a whole redraw, what the
    /// damage path's frames are compared with.
    func drawWhole(at time: Instant) {
        frame.draw(screen)
        drawFade(at: time)
    }

    /// What moved, and the content that changed, in frames advanced without being drawn
    /// (offscreen, between the frames written): the next `drawFrame` repaints it.
    private var undrawn: (moved: Bool, content: Rect, everything: Bool) = (false, .zero, false)

    /// The blanking fade over the whole frame (a fading frame is always repainted whole).
    private func drawFade(at time: Instant) {
        let level = blanker.fadeLevel(at: time)
        guard level < 1 else { return }
        frame.canvas.fillRect(Rect(0, 0, Double(frame.pixmap.width), Double(frame.pixmap.height)),
                              .solid(Color.black.withOpacity(1 - level)))
    }
}

/// `render` and the demo's tour drive the runtime from a touch script on simulated time.
/// What the blanker asks of a display (CRTC, backlight) has none to act on offscreen; the fade
/// is drawn into the frames.
extension KioskRuntime: ScriptedScreen {
    package func scriptTouch(_ event: InputEvent) { _ = deliver(event) }

    package func scriptCall(target: String, action: String, arguments: [String], at time: Instant) throws(ActionError) {
        try perform(target: target, action: action, arguments: arguments, at: time)
    }

    /// A script's `send` line: the command as the socket would take it.
    package func scriptSend(_ json: String, at time: Instant) throws(ActionError) {
        switch ControlCommand.parse(line: Array(json.utf8)).result {
        case .success(.service(let s)):
            // Accepted and dropped, these let a script "take a screenshot" that was never written.
            throw ActionError("'\(s.name)' is a command for a running kiosk (the control socket, MQTT); "
                + "render does not carry it out (frames: --at or --every-frame; a real-time run: run --headless)")
        case .success(.subscribe), .success(.unsubscribe):
            throw ActionError("subscribe is the control socket's; render writes every event with --events")
        case .success(let command): _ = try execute(command, at: time)
        case .failure(let e): throw ActionError(e.message)
        }
    }

    /// A frame time offscreen: the screen moves on; it is drawn only when the frame is written
    /// (`drawFrame`), so the content that changed is kept for then.
    package func advance(to time: Instant) {
        let moving = screen.needsFrames || live.isAnimating
        let (region, everything) = advanceScreen(to: time)
        undrawn.moved = undrawn.moved || moving
        undrawn.content = undrawn.content.union(region)
        undrawn.everything = undrawn.everything || everything
        _ = tick(at: time)
    }
}
