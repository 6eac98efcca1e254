#if canImport(Glibc)
import Glibc
#endif
import PanelRenderer

/// The client side of `status` (`panel-kiosk status`): one request on the control socket and
/// its reply line, within a deadline. A kiosk whose loop is stalled (stopped, hung in a
/// driver) still has its socket accept the connection (the kernel does that), but nothing
/// answers: the deadline turns that into a verdict instead of a hang.
package enum StatusClient {
    /// The id the request carries, so the reply is recognisably ours.
    static let requestID = "panel-kiosk-status"

    /// Why there is no status.
    package struct NoAnswer: Error, CustomStringConvertible {
        package var description: String
    }

    /// The `status` object of the reply, as the kiosk wrote it (its JSON text) and parsed.
    package struct Answer {
        package var text: String
        package var fields: [String: ParsedJSON]
        package var healthy: Bool { fields["healthy"] == .bool(true) }
        package var problem: String? { if case .string(let s) = fields["problem"] { s } else { nil } }
    }

    /// The longest reply line read (a status with every component is some KiB).
    static let maxReplyBytes = 1 << 20

    /// Connects to `path`, asks for the status and waits at most `timeoutMS` for the reply.
    package static func ask(path: String, timeoutMS: Int) -> Result<Answer, NoAnswer> {
        guard let address = UnixAddress(path), !address.isAbstract else {
            return .failure(NoAnswer(description: "\(path) is not a socket path"))
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return .failure(NoAnswer(description: "socket: \(String(cString: strerror(errno)))")) }
        defer { close(fd) }
        let deadline = monotonicNanoseconds() + UInt64(max(1, timeoutMS)) * 1_000_000
        if address.withSockaddr({ connect(fd, $0, $1) }) != 0 {
            let e = errno
            // A listener whose backlog is full (a stalled kiosk with many checks queued) makes
            // a non-blocking connect fail with EAGAIN: as stalled as no answer.
            if e == EAGAIN || e == EINPROGRESS {
                return .failure(NoAnswer(description: "no answer from \(path) within \(timeoutMS) ms: the kiosk's loop is stalled (its socket accepts no more connections)"))
            }
            var st = stat()
            if stat(path, &st) == 0, (st.st_mode & S_IFMT) != S_IFSOCK {
                let kind = (st.st_mode & S_IFMT) == S_IFDIR ? "a folder" : (st.st_mode & S_IFMT) == S_IFREG ? "a regular file" : "not a socket file"
                return .failure(NoAnswer(description: "\(path) is \(kind), not a control socket (the app file's [control] socket names it)"))
            }
            let why = e == ENOENT || e == ECONNREFUSED ? " (is panel-kiosk running, with this control socket?)" : ""
            return .failure(NoAnswer(description: "cannot connect to \(path): \(String(cString: strerror(e)))\(why)"))
        }
        let request = Array("{\"cmd\":\"status\",\"id\":\"\(requestID)\"}\n".utf8)
        let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == request.count else {
            return .failure(NoAnswer(description: "cannot send to \(path): \(String(cString: strerror(errno)))"))
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        // What the peer said that is not a reply, for the message when no reply comes.
        var other: String?
        var searched = 0
        while true {
            if let nl = received[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = received[..<nl]
                // Event lines (a subscription) have no "ok": not ours; skip them.
                if let answer = parse(line) { return answer }
                if other == nil, line.contains(where: { $0 > 0x20 }) { other = String(decoding: line.prefix(80), as: UTF8.self) }
                received.removeSubrange(...nl)
                searched = 0
                continue
            }
            searched = received.count
            // A status is a few KiB; a peer that streams without a newline is not a kiosk, and
            // must not fill memory until the timeout.
            if received.count > maxReplyBytes {
                return .failure(NoAnswer(description: "\(path) sent over \(maxReplyBytes / 1024) KiB without a line end: not a panel-kiosk control socket"))
            }
            let now = monotonicNanoseconds()
            guard now < deadline else {
                return .failure(NoAnswer(description: "no answer from \(path) within \(timeoutMS) ms: the kiosk's loop is stalled"))
            }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let waitMS = Int32(min(UInt64(Int32.max), (deadline - now + 999_999) / 1_000_000))
            let r = poll(&p, 1, waitMS)
            if r < 0 && errno == EINTR { continue }
            if r <= 0 { continue }    // the deadline check above decides
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 { received += buffer[0..<n]; continue }
            if n < 0 && (errno == EAGAIN || errno == EINTR) { continue }
            if let other {
                return .failure(NoAnswer(description: "\(path) answered something that is not a panel-kiosk reply (\"\(other)\"), then closed the connection"))
            }
            return .failure(NoAnswer(description: "\(path) closed the connection without answering"))
        }
    }

    /// Our reply among the lines: the `status` object, or the kiosk's refusal as `NoAnswer`.
    private static func parse(_ line: ArraySlice<UInt8>) -> Result<Answer, NoAnswer>? {
        guard case .object(let obj)? = ParsedJSON.parse(line), obj["ok"] != nil else { return nil }
        guard obj["ok"] == .bool(true) else {
            let why = if case .string(let s) = obj["error"] { s } else { "refused" }
            return .failure(NoAnswer(description: "the kiosk refused status: \(why)"))
        }
        guard case .object(let fields) = obj["status"] else {
            return .failure(NoAnswer(description: "the kiosk's reply has no status (an older panel-kiosk?)"))
        }
        // The kiosk writes `{"ok":true,"status":{...},"id":...}`: keep its text and order.
        let text = String(decoding: line, as: UTF8.self)
        let head = "{\"ok\":true,\"status\":", tail = ",\"id\":\"\(requestID)\"}"
        let raw = text.hasPrefix(head) && text.hasSuffix(tail)
            ? String(text.dropFirst(head.count).dropLast(tail.count)) : text
        return .success(Answer(text: raw, fields: fields))
    }
}
