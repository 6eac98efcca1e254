#if canImport(Glibc)
import Glibc
#endif
import PanelRenderer

/// The client side of the control socket, for `panel-kiosk status` and `panel-kiosk send`:
/// one connection (a descriptor, closed once when the client goes), lines written whole, and
/// reply lines read within a deadline. A kiosk whose loop is stalled still has its socket
/// accept the connection (the kernel does that) but nothing answers: the deadline turns that
/// into a message instead of a hang.
package final class ControlClient {
    /// Why the kiosk gave no answer.
    package struct NoAnswer: Error, CustomStringConvertible {
        package var description: String
        /// The deadline passed (the kiosk is there but did not answer in time).
        package var timedOut = false
        package init(_ description: String, timedOut: Bool = false) { self.description = description; self.timedOut = timedOut }
    }

    /// The longest line read: a status with every component is some KiB, an event far less;
    /// a peer that streams without a newline is not a kiosk and must not fill memory.
    static let maxLineBytes = 1 << 20

    package let path: String
    private let fd: Int32
    private var received: [UInt8] = []
    private var searched = 0

    /// Connects to the control socket at `path`, or says why not in words a person acts on.
    package init(path: String) throws(NoAnswer) {
        self.path = path
        guard let address = UnixAddress(path), !address.isAbstract else { throw NoAnswer("\(path) is not a socket path") }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw NoAnswer("socket: \(String(cString: strerror(errno)))") }
        if address.withSockaddr({ connect(fd, $0, $1) }) != 0 {
            let e = errno
            close(fd)
            // A listener whose backlog is full (a stalled kiosk with many checks queued) makes
            // a non-blocking connect fail with EAGAIN: as stalled as no answer.
            if e == EAGAIN || e == EINPROGRESS {
                throw NoAnswer("no answer from \(path): the kiosk's loop is stalled (its socket accepts no more connections)")
            }
            var st = stat()
            if stat(path, &st) == 0, (st.st_mode & S_IFMT) != S_IFSOCK {
                let kind = (st.st_mode & S_IFMT) == S_IFDIR ? "a folder" : (st.st_mode & S_IFMT) == S_IFREG ? "a regular file" : "not a socket file"
                throw NoAnswer("\(path) is \(kind), not a control socket (the app file's [control] socket names it)")
            }
            let why = e == ENOENT || e == ECONNREFUSED ? " (is panel-kiosk running, with this control socket?)" : ""
            throw NoAnswer("cannot connect to \(path): \(String(cString: strerror(e)))\(why)")
        }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Writes `line` and its newline, waiting for room until `deadlineNS` (CLOCK_MONOTONIC).
    package func send(_ line: String, deadlineNS: UInt64) throws(NoAnswer) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if n > 0 { sent += n; continue }
            let e = errno
            guard n < 0, e == EAGAIN || e == EINTR else { throw NoAnswer("cannot send to \(path): \(String(cString: strerror(e)))") }
            try wait(for: Int16(POLLOUT), until: deadlineNS, doing: "taking a command")
        }
    }

    /// The next line the kiosk writes (without its newline), or nil when it closed the
    /// connection; throws when `deadlineNS` passes first (never, for `UInt64.max`).
    package func nextLine(deadlineNS: UInt64) throws(NoAnswer) -> ArraySlice<UInt8>? {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            if let nl = received[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = received[..<nl]
                received.removeSubrange(...nl)
                searched = 0
                return ArraySlice(Array(line))
            }
            searched = received.count
            if received.count > Self.maxLineBytes {
                throw NoAnswer("\(path) sent over \(Self.maxLineBytes / 1024) KiB without a line end: not a panel-kiosk control socket")
            }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 { received += buffer[0..<n]; continue }
            if n == 0 { return nil }
            guard errno == EAGAIN || errno == EINTR else { return nil }
            try wait(for: Int16(POLLIN), until: deadlineNS, doing: "answering")
        }
    }

    private func wait(for events: Int16, until deadlineNS: UInt64, doing what: String) throws(NoAnswer) {
        while true {
            let now = monotonicNanoseconds()
            guard now < deadlineNS else {
                throw NoAnswer("no answer from \(path) in time: the kiosk's loop is stalled (not \(what))", timedOut: true)
            }
            var p = pollfd(fd: fd, events: events, revents: 0)
            let waitMS = deadlineNS == .max ? -1 : Int32(min(UInt64(Int32.max), (deadlineNS - now + 999_999) / 1_000_000))
            let r = poll(&p, 1, waitMS)
            if r > 0 { return }
            if r < 0 && errno != EINTR { throw NoAnswer("poll: \(String(cString: strerror(errno)))") }
        }
    }
}
