#if canImport(Glibc)
import Glibc
#endif
import DrawerRuntime

/// The control socket: a Unix stream socket on which the device's own application drives the
/// UI with JSON lines (`ControlCommand`) and receives the event stream (docs/formats.md,
/// Event log).
///
/// Built for an epoll loop it does not own: it exposes the fds to watch (`watches`, with a
/// `generation` that changes whenever the set does) and is driven by `handleReadable(fd:)` /
/// `handleWritable(fd:)`. Every socket is non-blocking; nothing here ever waits.
///
/// - Commands come out of `takeCommand()` in arrival order; the loop applies each and
///   answers with `reply(client:_:)` in the same order. Replies reach a client in the order
///   of its requests (malformed lines are answered at once but queued behind earlier
///   commands of the same client).
/// - Malformed JSON, unknown commands and fields, lines over `maxLineBytes` get an error reply
///   and are otherwise ignored; the rest of the client's stream goes on.
/// - A client's unsent output is bounded by `maxOutputBytes` plus the largest reply in it: a
///   client that stops reading is dropped, never waited for, and one large reply (a `status`
///   of megabytes) still reaches a client that reads it slowly.
///
/// Owns the listening socket, the client sockets and the socket file (removed on close).
package final class ControlSocket {
    struct Options: Sendable {
        /// Socket file mode (the app file's `mode`; 0660 lets group members connect).
        var mode: mode_t = 0o660
        var maxLineBytes = 64 * 1024
        var maxOutputBytes = 256 * 1024
        /// Twice the 16 clients of the heaviest load we test (each pipelining screenshots), so
        /// a health check still finds a place while they all have commands in flight.
        var maxClients = 32
        /// Commands of one client waiting for the loop's reply.
        var maxInFlight = 256
        init() {}
    }

    /// An fd and the readiness it wants; the loop mirrors this into epoll.
    struct Watch: Equatable, Sendable {
        var fd: Int32
        var readable: Bool
        var writable: Bool
    }

    /// Where the socket lives unless the app file says otherwise: inside the unit's
    /// RuntimeDirectory=panel-kiosk.
    package static let defaultPath = "/run/panel-kiosk/control.sock"

    let path: String
    let options: Options
    /// Increments whenever `watches` changes (a client came, went, or wants POLLOUT).
    private(set) var generation = 0
    /// Clients dropped for not reading (their output exceeded `maxOutputBytes`).
    private(set) var droppedSlowClients = 0
    /// Idle clients closed to admit a new one when `maxClients` were connected.
    private(set) var evictedIdleClients = 0
    /// Counts accepts and receives: a client's `lastActive` is the count at its last one.
    private var receives = 0

    private var listenFD: Int32
    private var socketInode: ino_t = 0
    private var clients: [Int32: Client] = [:]
    private var fdByClient: [Int: Int32] = [:]
    private var nextClientID = 1
    /// Numbers the commands in arrival order across clients (for `drainCommands`).
    private var commandsReceived = 0
    /// The client `takeCommand` served last: the turn passes to the next one.
    private var lastServedClient = -1
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// Creates the socket file at `path` (a stale one left by a crash is replaced; a live one,
    /// or a file that is not a socket, is an error) with `options.mode`, and listens.
    init(path: String, options: Options = Options()) throws(ServiceError) {
        self.path = path
        self.options = options
        guard let address = UnixAddress(path), !address.isAbstract else {
            throw ServiceError("bind", path, detail: "not a socket path that fits sun_path (107 bytes)")
        }
        try Self.removeStale(path, address)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .last("socket(AF_UNIX, SOCK_STREAM) for", path) }
        listenFD = fd
        // Every property is set by now, so a throw below runs deinit, whose `close()` closes
        // `listenFD` once: the failure paths must not close it themselves.
        // Bound and listening under a staging name first, then renamed into place: a client
        // that sees the file (a health check started right after us) can always connect,
        // instead of being refused between bind() and listen().
        let staging = UnixAddress(path + ".new").map { (path + ".new", $0) } ?? (path, address)
        if staging.0 != path { unlink(staging.0) }
        guard staging.1.withSockaddr({ bind(fd, $0, $1) }) == 0 else { throw .last("bind", path) }
        guard chmod(staging.0, options.mode) == 0 else { let e = ServiceError.last("chmod", path); unlink(staging.0); throw e }
        guard listen(fd, 16) == 0 else { let e = ServiceError.last("listen", path); unlink(staging.0); throw e }
        guard staging.0 == path || rename(staging.0, path) == 0 else {
            let e = ServiceError.last("rename into place", path); unlink(staging.0); throw e
        }
        var st = stat()
        if lstat(path, &st) == 0 { socketInode = st.st_ino }
    }

    deinit { close() }

    /// The listening socket and the clients, with what each wants to be woken for.
    var watches: [Watch] {
        guard listenFD >= 0 else { return [] }
        return [Watch(fd: listenFD, readable: true, writable: false)]
            + clients.values.sorted { $0.id < $1.id }.map {
                Watch(fd: $0.fd, readable: !$0.readClosed, writable: $0.pendingOutput > 0)
            }
    }

    /// Connected clients.
    var clientCount: Int { clients.count }

    /// Call when epoll reports `fd` readable (or hung up).
    func handleReadable(fd: Int32) {
        if fd == listenFD { acceptClients(); return }
        guard let c = clients[fd] else { return }
        // Bounded work per wake-up so one chatty client cannot starve the loop; level-
        // triggered epoll calls again for the rest.
        for _ in 0..<4 {
            let n = readBuffer.withUnsafeMutableBytes { b in retryingEINTR { recv(fd, b.baseAddress, b.count, Int32(MSG_DONTWAIT)) } }
            if n > 0 {
                receives += 1
                c.lastActive = receives
                consume(c, readBuffer[0..<n])
                if clients[fd] == nil { return }
                continue
            }
            if n == 0 {
                // Woken again after end-of-file although POLLIN is no longer watched: that is
                // a hang-up (the peer closed for good). epoll keeps reporting it until the
                // socket is closed, so a subscriber that left must go now, not at its next event.
                if c.readClosed { drop(c); return }
                c.readClosed = true; generation += 1   // stop watching POLLIN
                // A last line without its newline (`printf '{"cmd":"status"}' | nc -U`) is
                // still a command: the end of the stream ends it.
                if !c.input.isEmpty, !c.discardingLongLine {
                    let line = c.input
                    c.input.removeAll()
                    handleLine(c, line)
                    if clients[fd] == nil { return }
                }
                closeIfFinished(c)
                return
            }
            let e = errno
            if e == EAGAIN || e == EWOULDBLOCK { break }
            drop(c); return
        }
        flush(c)
    }

    /// Call when epoll reports `fd` writable.
    func handleWritable(fd: Int32) {
        guard let c = clients[fd] else { return }
        flush(c)
    }

    /// Every command received and not yet taken, in arrival order. Each needs one `reply`.
    func drainCommands() -> [(client: Int, command: ControlCommand)] {
        var all: [(seq: Int, client: Int, command: ControlCommand)] = []
        for c in clients.values {
            for (seq, command) in c.commands[c.commandHead...] { all.append((seq, c.id, command)) }
            c.commands.removeAll(keepingCapacity: true)
            c.commandHead = 0
        }
        return all.sorted { $0.seq < $1.seq }.map { ($0.client, $0.command) }
    }

    /// The next command to run, or nil: the clients take turns, one command each (a client's
    /// own commands stay in its order), so one client pipelining 256 screenshots cannot keep
    /// another's `status` waiting behind them. With `expensive: false` a client whose next
    /// command is expensive (a screenshot, a reload) is passed over this time. The loop takes
    /// them within its time budget per wake-up (`KioskServices.runCommands`).
    func takeCommand(expensive: Bool = true) -> (client: Int, command: ControlCommand)? {
        let waiting = clients.values.filter { $0.commandHead < $0.commands.count }.sorted { $0.id < $1.id }
        let turn = waiting.filter { $0.id > lastServedClient } + waiting.filter { $0.id <= lastServedClient }
        guard let c = turn.first(where: { expensive || !$0.commands[$0.commandHead].command.isExpensive }) else { return nil }
        let next = c.commands[c.commandHead].command
        c.commandHead += 1
        if c.commandHead == c.commands.count { c.commands.removeAll(keepingCapacity: true); c.commandHead = 0 }
        lastServedClient = c.id
        return (c.id, next)
    }

    /// Commands wait to be taken (the loop should not sleep).
    var hasBacklog: Bool { clients.values.contains { $0.commandHead < $0.commands.count } }

    /// Answers the oldest unanswered command of `client`: success, or the error message.
    /// A client that has gone away is ignored.
    func reply(client: Int, _ result: Result<Void, ControlCommand.ControlError>) {
        guard let fd = fdByClient[client], let c = clients[fd],
              let i = c.slots.firstIndex(where: { if case .pending = $0 { true } else { false } }),
              case .pending(let id) = c.slots[i] else { return }
        c.slots[i] = .ready(Self.replyLine(result, id: id))
        flush(c)
    }

    /// Answers the oldest unanswered command of `client` with success and `fields` after
    /// `"ok":true` (a service command's result: a path, a brightness, the status).
    func reply(client: Int, fields: [(String, JSONValue)]) {
        guard let fd = fdByClient[client], let c = clients[fd],
              let i = c.slots.firstIndex(where: { if case .pending = $0 { true } else { false } }),
              case .pending(let id) = c.slots[i] else { return }
        c.slots[i] = .ready(Self.replyLine(fields: fields, id: id))
        flush(c)
    }

    static func replyLine(fields: [(String, JSONValue)], id: ParsedJSON?) -> String {
        let body = fields.map { "," + JSONValue.quoted($0.0) + ":" + $0.1.encoded }.joined()
        return "{\"ok\":true\(body)\(id.map { ",\"id\":" + $0.encoded } ?? "")}\n"
    }

    /// `reply(client:_:)` with an optional error message (nil = ok).
    func reply(client: Int, error: String? = nil) {
        reply(client: client, error.map { .failure(.init($0)) } ?? .success(()))
    }

    /// Sends one event line (docs/formats.md, Event log; without newline) to every subscribed
    /// client.
    func broadcast(eventLine: String) {
        let bytes = Array(eventLine.utf8) + [UInt8(ascii: "\n")]
        for c in clients.values.sorted(by: { $0.id < $1.id }) where c.subscribed {
            enqueue(c, bytes)
        }
    }

    /// Closes every client and the listening socket and removes the socket file (if it is
    /// still ours). Idempotent.
    func close() {
        for c in clients.values { _ = Glibc.close(c.fd) }
        clients.removeAll()
        fdByClient.removeAll()
        guard listenFD >= 0 else { return }
        _ = Glibc.close(listenFD)
        listenFD = -1
        var st = stat()
        if lstat(path, &st) == 0, st.st_ino == socketInode { unlink(path) }
        generation += 1
    }

    // MARK: - Clients

    private final class Client {
        enum Slot { case pending(id: ParsedJSON?), ready(String) }
        let id: Int
        let fd: Int32
        var input: [UInt8] = []
        var discardingLongLine = false
        var output: [UInt8] = []
        var outputStart = 0
        /// The largest reply moved into `output` since it was last empty (bytes).
        var largestReplyInOutput = 0
        var slots: [Slot] = []
        /// Its commands not yet taken by the loop (from `commandHead` on), each with its
        /// arrival number.
        var commands: [(seq: Int, command: ControlCommand)] = []
        var commandHead = 0
        var subscribed = false
        var readClosed = false
        /// When it last sent anything, as an ordinal of the socket's receives (no clock needed).
        var lastActive = 0
        init(id: Int, fd: Int32) { self.id = id; self.fd = fd }
        var pendingOutput: Int { output.count - outputStart }
        var inFlight: Int { slots.reduce(0) { if case .pending = $1 { $0 + 1 } else { $0 } } }
    }

    private func acceptClients() {
        while true {
            let fd = retryingEINTR { accept(listenFD, nil, nil) }
            guard fd >= 0 else { return }   // EAGAIN: no more; other errors: the peer went away
            // Accepted sockets do not inherit O_NONBLOCK (accept4 is not visible to Swift).
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            // Full: the least recently active client with nothing in flight makes room (one
            // that sends nothing, then a quiet subscriber). Sixteen sockets a feeder leaked
            // must not lock out the health check: `status` answered "refused" for a healthy
            // kiosk, which a supervisor restarts.
            if clients.count >= options.maxClients, let idle = leastActiveIdleClient() {
                let line = Array(Self.replyLine(.failure(.init("closed: \(options.maxClients) clients connected and this one the longest quiet; a new client needed the place")), id: nil).utf8)
                _ = line.withUnsafeBytes { send(idle.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
                drop(idle)
                evictedIdleClients += 1
            }
            if clients.count >= options.maxClients {
                let line = Array(Self.replyLine(.failure(.init("too many clients (\(options.maxClients)), each with a command in flight")), id: nil).utf8)
                _ = line.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
                _ = Glibc.close(fd)
                continue
            }
            let c = Client(id: nextClientID, fd: fd)
            nextClientID += 1
            receives += 1
            c.lastActive = receives
            clients[fd] = c
            fdByClient[c.id] = fd
            generation += 1
        }
    }

    /// Splits received bytes into lines and handles each.
    private func consume(_ c: Client, _ bytes: ArraySlice<UInt8>) {
        var rest = bytes[...]
        while !rest.isEmpty {
            guard let nl = rest.firstIndex(of: UInt8(ascii: "\n")) else {
                if !c.discardingLongLine { c.input += rest }
                if c.input.count > options.maxLineBytes { tooLong(c) }
                return
            }
            let piece = rest[rest.startIndex..<nl]
            rest = rest[(nl + 1)...]
            if c.discardingLongLine { c.discardingLongLine = false; continue }
            if c.input.count + piece.count > options.maxLineBytes {
                let id = Self.leadingID(c.input + piece.prefix(max(0, options.maxLineBytes - c.input.count)))
                c.input.removeAll()
                answerNow(c, .failure(.init("line longer than \(options.maxLineBytes) bytes")), id: id)
                continue
            }
            let line: [UInt8]
            if c.input.isEmpty { line = Array(piece) } else { line = c.input + piece; c.input.removeAll() }
            handleLine(c, line)
            if clients[c.fd] == nil { return }
        }
    }

    private func tooLong(_ c: Client) {
        let id = Self.leadingID(c.input.prefix(options.maxLineBytes))
        c.input.removeAll()
        c.discardingLongLine = true
        answerNow(c, .failure(.init("line longer than \(options.maxLineBytes) bytes")), id: id)
    }

    /// The `id` of a line cut at the length limit, when it came before the cut: every other
    /// reply has its request's id, so a client that sends several at once can tell which
    /// one was refused.
    private static func leadingID(_ prefix: some Collection<UInt8>) -> ParsedJSON? {
        ParsedJSON.leadingMember("id", in: prefix)
    }

    private func handleLine(_ c: Client, _ raw: [UInt8]) {
        var line = raw[...]
        while let last = line.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { line.removeLast() }
        guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return }
        let parsed = ControlCommand.parse(line: line)
        switch parsed.result {
        case .failure(let e):
            answerNow(c, .failure(e), id: parsed.id)
        case .success(.subscribe):
            c.subscribed = true
            answerNow(c, .success(()), id: parsed.id)
        case .success(.unsubscribe):
            c.subscribed = false
            answerNow(c, .success(()), id: parsed.id)
        case .success(let command):
            guard c.inFlight < options.maxInFlight else {
                answerNow(c, .failure(.init("busy: \(options.maxInFlight) commands already waiting")), id: parsed.id)
                return
            }
            c.slots.append(.pending(id: parsed.id))
            commandsReceived += 1
            c.commands.append((commandsReceived, command))
        }
    }

    /// A reply the socket gives itself, queued behind the client's earlier commands.
    private func answerNow(_ c: Client, _ result: Result<Void, ControlCommand.ControlError>, id: ParsedJSON?) {
        c.slots.append(.ready(Self.replyLine(result, id: id)))
        flush(c)
    }

    static func replyLine(_ result: Result<Void, ControlCommand.ControlError>, id: ParsedJSON?) -> String {
        let idPart = id.map { ",\"id\":" + $0.encoded } ?? ""
        switch result {
        case .success: return "{\"ok\":true\(idPart)}\n"
        case .failure(let e): return "{\"ok\":false,\"error\":\(ParsedJSON.quote(e.message))\(idPart)}\n"
        }
    }

    /// Moves answered replies (in order) to the output buffer and writes what the socket takes.
    private func flush(_ c: Client) {
        // Whether POLLOUT was watched is decided by the output *before* this reply joins it: a
        // reply larger than the socket buffer must turn the watch on (it stayed off, and the
        // rest of the reply waited for an unrelated wake-up).
        let hadPending = c.pendingOutput > 0
        moveReadyReplies(c)
        write(c, hadPending: hadPending)
    }

    /// Answered replies join the output in the order they were asked.
    private func moveReadyReplies(_ c: Client) {
        while let first = c.slots.first, case .ready(let line) = first {
            c.slots.removeFirst()
            c.output += line.utf8
            c.largestReplyInOutput = max(c.largestReplyInOutput, line.utf8.count)
        }
    }

    private func enqueue(_ c: Client, _ bytes: [UInt8]) {
        let hadPending = c.pendingOutput > 0
        c.output += bytes
        write(c, hadPending: hadPending)
    }

    /// Sends what the socket takes. `hadPending`: whether output was waiting (POLLOUT watched)
    /// before the caller added to it.
    private func write(_ c: Client, hadPending: Bool) {
        while c.pendingOutput > 0 {
            let n = c.output.withUnsafeBytes { b in
                retryingEINTR { send(c.fd, b.baseAddress! + c.outputStart, c.pendingOutput, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
            }
            if n > 0 { c.outputStart += n; continue }
            let e = errno
            if n < 0 && (e == EAGAIN || e == EWOULDBLOCK) { break }
            drop(c); return           // EPIPE, ECONNRESET: the client is gone
        }
        if c.pendingOutput == 0 {
            c.output.removeAll(keepingCapacity: c.output.count <= 64 * 1024)
            c.outputStart = 0
            c.largestReplyInOutput = 0
        } else if c.outputStart > 64 * 1024 {
            c.output.removeFirst(c.outputStart)
            c.outputStart = 0
        }
        // A client that stops reading is dropped once its output passes the bound; the largest
        // reply waiting in it does not count, so one large answer (the `status` of an app
        // with thousands of components) reaches a slow reader whole, while a client that asks
        // and never reads still goes after that one answer plus the bound.
        if c.pendingOutput > options.maxOutputBytes + c.largestReplyInOutput {
            droppedSlowClients += 1
            drop(c); return
        }
        if hadPending != (c.pendingOutput > 0) { generation += 1 }
        closeIfFinished(c)
    }

    /// A client that closed its sending side is closed once everything it asked is answered
    /// and delivered (so `socat`/`nc -N` style one-shot use works), unless it subscribed.
    private func closeIfFinished(_ c: Client) {
        if c.readClosed, !c.subscribed, c.slots.isEmpty, c.pendingOutput == 0, clients[c.fd] != nil { drop(c) }
    }

    /// The client to close for a newcomer: nothing waiting for the loop or to be written,
    /// non-subscribers before subscribers, the one quiet for longest first.
    private func leastActiveIdleClient() -> Client? {
        clients.values.filter { $0.slots.isEmpty && $0.pendingOutput == 0 }
            .min { ($0.subscribed ? 1 : 0, $0.lastActive) < ($1.subscribed ? 1 : 0, $1.lastActive) }
    }

    private func drop(_ c: Client) {
        guard clients.removeValue(forKey: c.fd) != nil else { return }
        fdByClient[c.id] = nil
        _ = Glibc.close(c.fd)
        generation += 1
    }

    private static func removeStale(_ path: String, _ address: UnixAddress) throws(ServiceError) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        guard (st.st_mode & S_IFMT) == S_IFSOCK else {
            throw ServiceError("bind", path, detail: "exists and is not a socket; not removing it")
        }
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { throw .last("socket(AF_UNIX, SOCK_STREAM) for", path) }
        defer { _ = Glibc.close(probe) }
        if address.withSockaddr({ connect(probe, $0, $1) }) == 0 || errno == EAGAIN {
            throw ServiceError("bind", path, detail: "another process is listening on it (is panel-kiosk already running?)")
        }
        guard errno == ECONNREFUSED else { return }   // ENOENT etc.: nothing stale to remove
        guard unlink(path) == 0 else { throw .last("unlink stale socket", path) }
    }
}
