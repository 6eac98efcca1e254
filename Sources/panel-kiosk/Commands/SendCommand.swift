import ArgumentParser
import PanelKiosk
import PanelRenderer
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// `panel-kiosk send`: the control socket from a shell, without socat (which a stock Debian
/// does not have): commands in, the kiosk's reply lines out, and with `--subscribe` the events.
struct Send: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send commands to a running kiosk's control socket and print its replies.",
        discussion: """
            Each COMMAND is one JSON object, sent as one line (docs/config.md, Control socket), \
            e.g. panel-kiosk send '{"cmd": "set_values", "values": {"clock": "08:15"}}'. \
            `-` reads commands from standard input, one per line. The replies are printed as the \
            kiosk writes them, one line each, in order. With --subscribe, the event lines follow \
            until the kiosk goes, --count events came, or Ctrl-C. \
            Exit 0: every command was done; 1: the kiosk refused one ({"ok": false, ...}: the \
            error says why); 2: no answer (not running, wrong socket, or its loop stalled).
            """)

    @Argument(help: "Commands: JSON objects, one per argument; `-` reads lines from standard input.") var commands: [String] = []
    @Option(help: "The control socket (default: the service's, /run/panel-kiosk/control.sock).") var socket: String?
    @Flag(help: "After the commands, print the kiosk's events (JSON lines) as they happen.") var subscribe = false
    @Option(help: "With --subscribe: stop after this many events.") var count: Int?
    @Option(parsing: .unconditional, help: "Seconds to wait for each reply.") var timeout: Double = 5

    func validate() throws {
        if !(timeout > 0 && timeout <= 600) { throw ValidationError("--timeout must be more than 0 and at most 600 seconds") }
        if commands.isEmpty && !subscribe { throw ValidationError("give a command (a JSON object), `-` for standard input, or --subscribe") }
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
        if count != nil && !subscribe { throw ValidationError("--count counts events: it needs --subscribe") }
    }

    func run() throws {
        let path = socket
            ?? KioskServices.controlSocketPath(configured: nil, environment: ProcessInfo.processInfo.environment)
            ?? ControlSocket.defaultPath
        var lines: [String] = []
        for command in commands {
            if command == "-" {
                while let line = readLine() {
                    if !line.allSatisfy(\.isWhitespace) { lines.append(line) }
                }
            } else {
                // A JSON object written over several lines is still one command: outside
                // strings a newline is only white space, and inside one it is not valid anyway.
                lines.append(String(command.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
            }
        }
        let refused: Bool
        do {
            refused = try exchange(lines, path: path)
        } catch {
            FileHandleStderr.write("panel-kiosk send: \(error)\n")
            throw ExitCode(2)
        }
        if refused { throw ExitCode(1) }
    }

    /// Sends the lines, prints the replies (and events); true when the kiosk refused one.
    /// With --subscribe the subscription comes first, so the events the commands cause are
    /// printed too, where they happen among the replies.
    private func exchange(_ lines: [String], path: String) throws(ControlClient.NoAnswer) -> Bool {
        let client = try ControlClient(path: path)
        var events = 0
        if subscribe {
            try client.send(#"{"cmd":"subscribe"}"#, deadlineNS: deadline())
            let reply = try nextReply(client, events: &events)
            guard Self.isOK(reply) else { Self.output(reply); return true }
        }
        var refused = false
        for line in lines {
            try client.send(line, deadlineNS: deadline())
            let reply = try nextReply(client, events: &events)
            Self.output(reply)
            if !Self.isOK(reply) { refused = true }
        }
        while subscribe, count.map({ events < $0 }) ?? true, let line = try client.nextLine(deadlineNS: .max) {
            Self.output(line)
            events += 1
        }
        return refused
    }

    private func deadline() -> UInt64 { monotonicNanoseconds() + UInt64(timeout * 1e9) }

    /// The next reply line; event lines before it (which have no "ok") are printed, up to
    /// --count of them.
    private func nextReply(_ client: ControlClient, events: inout Int) throws(ControlClient.NoAnswer) -> ArraySlice<UInt8> {
        let until = deadline()
        while let line = try client.nextLine(deadlineNS: until) {
            if case .object(let o)? = ParsedJSON.parse(line), o["ok"] != nil { return line }
            if count.map({ events < $0 }) ?? true { Self.output(line) }
            events += 1
        }
        throw ControlClient.NoAnswer("\(client.path) closed the connection without answering")
    }

    /// One line to standard output at once (fd 1 directly, unbuffered): replies and events
    /// reach a pipe (`| jq`) as they come, in the order they came.
    private static func output(_ line: ArraySlice<UInt8>) {
        var bytes = Array(line)
        bytes.append(UInt8(ascii: "\n"))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + done, $0.count - done) }
            if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { return }
        }
    }

    private static func isOK(_ reply: ArraySlice<UInt8>) -> Bool {
        if case .object(let o)? = ParsedJSON.parse(reply) { return o["ok"] == .bool(true) }
        return false
    }
}
