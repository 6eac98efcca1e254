#if canImport(Glibc)
import DrawerRuntime
import Glibc
#endif

/// Talks to systemd's service manager with the sd_notify protocol: newline-separated
/// `KEY=VALUE` datagrams sent to the AF_UNIX socket named by `$NOTIFY_SOCKET` (a path, or
/// '@' for an abstract socket). With `Type=notify` systemd waits for `READY=1`; with
/// `WatchdogSec=` it restarts the service when `WATCHDOG=1` stops arriving.
///
/// A no-op when NOTIFY_SOCKET is unset (started by hand, in tests, under another init).
/// Sends never block: the socket is non-blocking and a datagram that cannot be queued is
/// dropped (and counted); the next watchdog tick sends again.
///
/// Owns one datagram socket, closed by `close()` or deinit.
final class SystemdNotifier {
    /// Where the messages go; nil when notification is off.
    let socketName: String?
    /// `WatchdogSec=` as systemd passed it in WATCHDOG_USEC, when the watchdog is on for us
    /// (WATCHDOG_PID unset or equal to our pid).
    let watchdogTimeout: TimeSpan?
    /// Why notification is off, for the log; nil when it is on or simply not requested.
    let disabledReason: String?
    /// Datagrams that could not be sent (socket queue full, manager gone).
    private(set) var failedSends = 0
    private(set) var lastError: ServiceError?
    private var fd: Int32 = -1
    private var address: UnixAddress?

    /// Reads NOTIFY_SOCKET, WATCHDOG_USEC and WATCHDOG_PID from the process environment.
    convenience init() {
        var env: [String: String] = [:]
        for key in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"] {
            if let v = getenv(key) { env[key] = String(cString: v) }
        }
        self.init(environment: env, pid: getpid())
    }

    /// `environment` holds the variables above; `pid` is compared with WATCHDOG_PID.
    init(environment: [String: String], pid: pid_t) {
        var reason: String?
        if let us = environment["WATCHDOG_USEC"], let usec = Int64(us), usec > 0,
           environment["WATCHDOG_PID"].map({ Int32($0) == pid }) ?? true {
            watchdogTimeout = .nanoseconds(usec * 1000)
        } else {
            watchdogTimeout = nil
        }
        guard let name = environment["NOTIFY_SOCKET"], !name.isEmpty else {
            socketName = nil; disabledReason = nil; return
        }
        guard name.hasPrefix("/") || name.hasPrefix("@"), let addr = UnixAddress(name) else {
            socketName = nil
            disabledReason = "NOTIFY_SOCKET=\(name) is not an absolute path or @abstract name that fits sun_path"
            return
        }
        let s = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        if s < 0 {
            reason = ServiceError.last("socket(AF_UNIX, SOCK_DGRAM) for", name).description
            socketName = nil; disabledReason = reason; return
        }
        fd = s
        address = addr
        socketName = name
        disabledReason = nil
    }

    deinit { close() }

    var isEnabled: Bool { fd >= 0 }

    /// How often to send WATCHDOG=1: half the timeout, as sd_watchdog_enabled(3) advises.
    var watchdogPingInterval: TimeSpan? { watchdogTimeout.map { $0 / 2 } }

    /// READY=1: startup is finished (we send it after the first page flip).
    @discardableResult func ready(status: String? = nil) -> Bool {
        send(["READY=1"] + (status.map { ["STATUS=\(Self.oneLine($0))"] } ?? []))
    }

    /// STATUS=: a one-line state shown by `systemctl status`.
    @discardableResult func status(_ text: String) -> Bool { send(["STATUS=\(Self.oneLine(text))"]) }

    /// WATCHDOG=1: we are alive. Send only when the loop and frames are healthy
    /// (see `WatchdogMonitor`).
    @discardableResult func watchdog() -> Bool { send(["WATCHDOG=1"]) }

    /// STOPPING=1: shutdown has begun.
    @discardableResult func stopping(status: String? = nil) -> Bool {
        send(["STOPPING=1"] + (status.map { ["STATUS=\(Self.oneLine($0))"] } ?? []))
    }

    /// RELOADING=1 … READY=1 brackets a configuration reload.
    @discardableResult func reloading() -> Bool { send(["RELOADING=1"]) }

    /// Sends the assignments as one datagram. Returns false (and counts a failure) when the
    /// datagram could not be queued; true when sent or when notification is off.
    @discardableResult func send(_ assignments: [String]) -> Bool {
        guard fd >= 0, let address else { return true }
        let message = Array(assignments.joined(separator: "\n").utf8)
        let n = address.withSockaddr { sa, len in
            message.withUnsafeBytes { buf in
                retryingEINTR { sendto(fd, buf.baseAddress, buf.count, Int32(MSG_NOSIGNAL), sa, len) }
            }
        }
        if n == message.count { return true }
        failedSends += 1
        lastError = n < 0 ? ServiceError.last("sendto", address.name)
                          : ServiceError("sendto", address.name, detail: "short datagram")
        return false
    }

    /// Closes the socket; later sends do nothing.
    func close() {
        if fd >= 0 { _ = Glibc.close(fd); fd = -1 }
    }

    /// STATUS= ends at a newline; keep the message on one line.
    private static func oneLine(_ s: String) -> String {
        String(s.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
