#if canImport(Glibc)
import Glibc
#endif
import DrawerRuntime
import FoundationEssentials
import Logging
import PanelInput
import PanelRenderer

/// The service side of the real-time loop, in one place: systemd readiness and watchdog, the
/// virtual terminal, the backlight and the control socket. `KioskLoop` tells it about flips
/// and asks it when to wake next, and hands it what answers the service commands (status,
/// screenshot, ...) with each call that may run one, rather than the services keeping a
/// reference back to the loop. Headless there is no terminal and no backlight.
package final class KioskServices {
    let heartbeat: ServiceHeartbeat
    let terminal: VirtualTerminal?
    var backlight: Backlight?
    let control: ControlSocket?
    private var controlGeneration = -1
    let logger: Logger
    /// The board's name, for `status` (the app's follows reloads: `KioskRuntime.appName`).
    let boardName: String
    /// The loop's clock: the command budget per wake-up is measured on it.
    var clock: FrameClock = MonotonicClock()
    /// The app file's `[mqtt]` bridge (nil: none).
    let mqtt: MQTTBridge?

    /// `notifier`: where readiness and watchdog pings go (systemd's NOTIFY_SOCKET by default).
    init(app: AppConfig, board: BoardConfig, readyStatus: String, headless: Bool = false,
         notifier: SystemdNotifier = SystemdNotifier()) throws {
        boardName = board.name
        var logger = Logger(label: "panel-kiosk", factory: { _ in KioskLogHandler() })
        logger.logLevel = .notice
        self.logger = logger
        heartbeat = ServiceHeartbeat(notifier: notifier, readyStatus: readyStatus)
        // Headless draws nowhere: the console and the backlight are not ours to touch.
        terminal = headless ? nil : VirtualTerminal.acquire(logger: logger)
        if !headless, let setting = board.backlight {
            do { backlight = try Backlight.resolve(setting) } catch {
                logger.warning("backlight: \(error); blanking will only turn the display off")
            }
        }
        if let path = Self.controlSocketPath(configured: app.controlSocket,
                                             environment: ProcessInfo.processInfo.environment) {
            var options = ControlSocket.Options()
            options.mode = mode_t(app.controlSocketMode)
            do { control = try ControlSocket(path: path, options: options) } catch {
                throw Failure("\(app.path): control socket: \(error)")
            }
        } else { control = nil }
        if let m = app.mqtt {
            mqtt = try MQTTBridge(config: m, appName: app.name, version: KioskVersion.current,
                                  components: [])
        } else { mqtt = nil }
    }

    /// The app file's socket; without one, `control.sock` in systemd's RuntimeDirectory= (the
    /// shipped unit makes that /run/panel-kiosk), so the service can be driven out of the box
    /// while a kiosk started by hand opens nothing. An empty `socket = ""` turns it off.
    package static func controlSocketPath(configured: String?, environment: [String: String]) -> String? {
        if let configured { return configured.isEmpty ? nil : configured }
        // systemd lists one directory per RuntimeDirectory= entry, separated by colons.
        guard let dirs = environment["RUNTIME_DIRECTORY"],
              let first = dirs.split(separator: ":").first, first.hasPrefix("/") else { return nil }
        return first.hasSuffix("/") ? "\(first)control.sock" : "\(first)/control.sock"
    }

    func close() {
        heartbeat.stopping("stopping")
        // Stopped while faded or blank: the console behind us must not stay dark.
        if var bl = backlight, bl.savedBrightness != nil {
            do { try bl.turnOn() } catch { logger.warning("backlight: \(error)") }
            backlight = bl
        }
        control?.close()
        mqtt?.close()
        terminal?.close()
    }

    /// Keeps the event loop's interest in the control socket's and the MQTT bridge's
    /// descriptors current.
    func syncWatches(_ loop: LoopReactor, onReady: @escaping (Int32, Bool, Bool) -> Void) throws {
        if let mqtt, mqtt.generation != mqttGeneration {
            mqttGeneration = mqtt.generation
            // Unwatched first: libmosquitto may have closed the old socket and got the same
            // number for the new one, which epoll no longer knows.
            if let fd = mqttFD { loop.unwatch(fd) }
            mqttFD = nil
            let w = mqtt.watch
            if w.fd >= 0 {
                do { try loop.watch(w.fd, readable: true, writable: w.writable) { r, wr in onReady(w.fd, r, wr) } }
                catch { throw Failure("mqtt socket: \(error)") }
                mqttFD = w.fd
            }
        }
        guard let control, control.generation != controlGeneration else { return }
        controlGeneration = control.generation
        let wanted = control.watches
        let wantedFDs = Set(wanted.map(\.fd))
        for fd in knownControlFDs.subtracting(wantedFDs) { loop.unwatch(fd) }
        for w in wanted {
            do { try loop.watch(w.fd, readable: w.readable, writable: w.writable) { r, wr in onReady(w.fd, r, wr) } }
            catch { throw Failure("control socket: \(error)") }
        }
        knownControlFDs = wantedFDs
    }
    private var knownControlFDs = Set<Int32>()
    private var mqttGeneration = -1
    private var mqttFD: Int32?

    /// A descriptor of the control socket or the MQTT bridge is ready.
    func handleReady(fd: Int32, readable: Bool, writable: Bool) {
        if let mqtt, fd == mqttFD {
            mqtt.handleReady(readable: readable, writable: writable)
            return
        }
        if readable { control?.handleReadable(fd: fd) }
        if writable { control?.handleWritable(fd: fd) }
    }

    /// Every loop wake-up: the watchdog, and the MQTT bridge's keep-alive, reconnects, state
    /// (at most once a second) and the commands still waiting from a burst. Returns what the
    /// blanker asks of the display (a command that wakes the screen).
    /// `operations` answers the service commands (the loop, which has what they need).
    func tick(at now: Instant, on runtime: KioskRuntime, operations: KioskOperations) -> [IdleBlanker.Action] {
        heartbeat.tick(at: now)
        let backlog = control?.hasBacklog == true || mqtt?.hasBacklog == true
        let actions = backlog ? runCommands(on: runtime, operations: operations, at: now) : []
        guard let mqtt else { return actions }
        let ns = UInt64(max(0, now.nanoseconds))
        mqtt.tick(nowNS: ns)
        if mqtt.wantsState(nowNS: ns),
           case .success(let fields) = operations.perform(.status, at: now).result, let status = fields.first?.1 {
            mqtt.publishState(status, nowNS: ns)
        }
        return actions
    }

    /// An event line to the socket's subscribers and the MQTT `events` topic.
    func broadcast(eventLine: String) {
        control?.broadcast(eventLine: eventLine)
        mqtt?.publishEvent(eventLine)
    }

    /// Runs the commands that arrived on the socket; each gets its reply. Returns what the
    /// blanker asks of the display (a command that wakes the screen).
    ///
    /// One rule for both sources: a time budget per wake-up (`commandBudgetNS`), after which
    /// the frame goes out and the rest wait for the next turn of the loop (which then does not
    /// sleep: `nextDeadline`). The two take turns, one socket command then one MQTT message,
    /// so neither starves the other; the socket's clients take turns too. Expensive socket
    /// commands wait for `runExpensiveCommand`, one per wake-up after the frame. 16 clients pipelining 256 screenshots each held the loop
    /// for 59 s when the socket had no budget, past the unit's 10 s watchdog.
    func runCommands(on runtime: KioskRuntime, operations: KioskOperations, at now: Instant) -> [IdleBlanker.Action] {
        var actions: [IdleBlanker.Action] = []
        let start = clock.now
        var inBudget: Bool { (clock.now - start).nanoseconds < Int64(Self.commandBudgetNS) }
        // Cheap commands only: an expensive one (a screenshot, a reload) waits for
        // `runExpensiveCommand`, after the frame, so a `status` is never kept behind a queue
        // of screenshots and a frame is never kept behind one.
        var worked = true
        while worked && inBudget {
            worked = false
            if let control, let (client, command) = control.takeCommand(expensive: false) {
                worked = true
                run(command, from: client, of: control, on: runtime, operations: operations, at: now, into: &actions)
            }
            guard inBudget, let mqtt, let batch = mqtt.takeCommands() else { continue }
            worked = true
            for inbound in batch {
                var result: Result<[(String, JSONValue)], ControlCommand.ControlError>
                switch inbound.result {
                case .failure(let e): result = .failure(e)
                case .success(.service(.screenshot(path: nil))):
                    // Over MQTT a screenshot is the PNG's bytes on `screenshot`, not a file.
                    do {
                        let png = try operations.screenshotPNG()
                        mqtt.publishScreenshot(png)
                        result = .success([("topic", .string("\(mqtt.config.baseTopic)/screenshot")), ("bytes", .number(Double(png.count)))])
                    } catch { result = .failure(.init("screenshot: \(error)")) }
                case .success(let command):
                    let (r, acts) = answer(command, on: runtime, operations: operations, at: now)
                    actions += acts
                    result = r
                }
                switch inbound.origin {
                case .command:
                    let line: String = switch result {
                    case .success(let fields): ControlSocket.replyLine(fields: fields, id: inbound.id)
                    case .failure(let e): ControlSocket.replyLine(.failure(e), id: inbound.id)
                    }
                    mqtt.reply(line)
                case .homeAssistant:
                    if case .failure(let e) = result { KioskLog.warning("mqtt: Home Assistant command refused: \(e.message)") }
                }
            }
        }
        return actions
    }

    /// After the frame went out: one expensive socket command (a screenshot, a reload), or a
    /// cheap one, if any waits. One per wake-up, so frames keep coming between them.
    func runExpensiveCommand(on runtime: KioskRuntime, operations: KioskOperations, at now: Instant) -> [IdleBlanker.Action] {
        var actions: [IdleBlanker.Action] = []
        if let control, let (client, command) = control.takeCommand() {
            run(command, from: client, of: control, on: runtime, operations: operations, at: now, into: &actions)
        }
        return actions
    }

    private func run(_ command: ControlCommand, from client: Int, of control: ControlSocket, on runtime: KioskRuntime,
                     operations: KioskOperations, at now: Instant, into actions: inout [IdleBlanker.Action]) {
        let (result, acts) = answer(command, on: runtime, operations: operations, at: now)
        actions += acts
        switch result {
        case .success(let fields): control.reply(client: client, fields: fields)
        case .failure(let e): control.reply(client: client, .failure(e))
        }
    }

    /// At most this long on the socket's and MQTT's commands together, and on
    /// `Kiosk.Remote`'s, per loop wake-up (a frame is 16.7 ms at 60 Hz): the rest wait for
    /// the next turn, after the frame. A command is never cut short, so a wake-up lasts at
    /// most the budget plus the one command that crossed it (a screenshot's PNG: docs/deploy.md).
    static let commandBudgetNS: UInt64 = 2_000_000

    /// One command from anywhere (the socket, MQTT, `Kiosk.Remote`): a service command by
    /// the loop, the rest by the runtime; its reply and what it asks of the display.
    func answer(_ command: ControlCommand, on runtime: KioskRuntime, operations: KioskOperations, at now: Instant) -> ServiceAnswer {
        if case .service(let s) = command { return operations.perform(s, at: now) }
        do { return (.success([]), try runtime.execute(command, at: now)) } catch {
            return (.failure(.init(error.message)), [])
        }
    }

    /// A service command's reply fields or refusal, and what it asks of the display.
    typealias ServiceAnswer = (result: Result<[(String, JSONValue)], ControlCommand.ControlError>, actions: [IdleBlanker.Action])

    /// When the loop must wake next for the watchdog or the MQTT bridge, if ever.
    var nextDeadline: Instant? {
        let bridge = mqtt?.nextDeadlineNS.map { Instant(nanoseconds: Int64($0)) }
        let socket: Instant? = control?.hasBacklog == true ? .zero : nil   // commands wait: no sleep
        return [heartbeat.nextDeadline, bridge, socket].compactMap { $0 }.min()
    }
}
