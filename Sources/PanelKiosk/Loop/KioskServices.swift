#if canImport(Glibc)
import Glibc
#endif
import DrawerRuntime
import FoundationEssentials
import Logging
import PanelRenderer

/// The service side of the real-time loop, in one place: systemd readiness and watchdog, the
/// virtual terminal, the backlight and the control socket. `KioskLoop` tells it about flips
/// and asks it when to wake next. Headless there is no terminal and no backlight.
final class KioskServices {
    let heartbeat: ServiceHeartbeat
    let terminal: VirtualTerminal?
    var backlight: Backlight?
    let control: ControlSocket?
    private var controlGeneration = -1
    let logger: Logger

    init(app: AppConfig, board: BoardConfig, readyStatus: String, headless: Bool = false) throws {
        var logger = Logger(label: "panel-kiosk")
        logger.logLevel = .notice
        self.logger = logger
        heartbeat = ServiceHeartbeat(notifier: SystemdNotifier(), readyStatus: readyStatus)
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
    }

    /// The app file's socket; without one, `control.sock` in systemd's RuntimeDirectory= (the
    /// shipped unit makes that /run/panel-kiosk), so the service can be driven out of the box
    /// while a kiosk started by hand opens nothing. An empty `socket = ""` turns it off.
    static func controlSocketPath(configured: String?, environment: [String: String]) -> String? {
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
        terminal?.close()
    }

    /// Keeps the event loop's interest in the control socket's descriptors current.
    func syncWatches(_ loop: EventLoop, onReady: @escaping (Int32, Bool, Bool) -> Void) throws {
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

    /// Runs the commands that arrived on the socket; each gets its reply. Returns what the
    /// blanker asks of the display (a command that wakes the screen).
    func runCommands(on runtime: KioskRuntime, at now: Instant) -> [IdleBlanker.Action] {
        guard let control else { return [] }
        var actions: [IdleBlanker.Action] = []
        for (client, command) in control.drainCommands() {
            do {
                actions += try runtime.execute(command, at: now)
                control.reply(client: client)
            } catch {
                control.reply(client: client, error: error.message)
            }
        }
        return actions
    }

    /// When the loop must wake next for the watchdog, if ever.
    var nextDeadline: Instant? { heartbeat.nextDeadline }
}
