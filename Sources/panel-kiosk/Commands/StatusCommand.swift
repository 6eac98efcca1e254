import ArgumentParser
import PanelKiosk
import FoundationEssentials

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Ask a running kiosk how it is; exit 0 only when its UI is on the glass.",
        discussion: """
            Sends `status` on the control socket and prints the answer. Exit 0: healthy (the loop \
            answered, no frame waits for its page flip longer than the watchdog interval or the \
            screen is blank on purpose, the display is connected). Exit 1: the kiosk answered \
            and says what is wrong. Exit 2: no answer (not running, or its loop stalled). The \
            first line is always `healthy: ...` or `unhealthy: <reason>`. This is the health \
            check for Docker HEALTHCHECK, systemd ExecStartPost, greenboot and snap health \
            (docs/deploy.md).
            """)

    @Option(help: "The control socket (default: the service's, /run/panel-kiosk/control.sock).") var socket: String?
    @Flag(help: "Print the status object (docs/formats.md, Status) as one JSON line instead of a summary.") var json = false
    @Option(parsing: .unconditional, help: "Seconds to wait for the answer.") var timeout: Double = 5

    func validate() throws {
        if !(timeout > 0 && timeout <= 600) { throw ValidationError("--timeout must be more than 0 and at most 600 seconds") }
    }

    func run() throws {
        let path = socket
            ?? KioskServices.controlSocketPath(configured: nil, environment: ProcessInfo.processInfo.environment)
            ?? ControlSocket.defaultPath
        switch StatusClient.ask(path: path, timeoutMS: Int(timeout * 1000)) {
        case .failure(let why):
            if json {
                print("{\"healthy\": false, \"problem\": \(ParsedJSON.quote(why.description)), \"answered\": false}")
            } else {
                print("unhealthy: \(why)")
            }
            throw ExitCode(2)
        case .success(let answer):
            if json { print(answer.text) } else { print(Self.summary(answer)) }
            if !answer.healthy { throw ExitCode(1) }
        }
    }

    /// `d` with `places` digits after the point (for a person; no Foundation formatting in the binary).
    static func decimal(_ d: Double, places: Int) -> String {
        guard d.isFinite else { return "\(d)" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let n = Int((abs(d) * scale).rounded())
        let whole = n / Int(scale), fraction = n % Int(scale)
        let sign = d < 0 && n != 0 ? "-" : ""
        guard places > 0 else { return sign + "\(whole)" }
        let digits = String(fraction)
        return sign + "\(whole)." + String(repeating: "0", count: places - digits.count) + digits
    }

    /// A few lines for a person: the verdict first.
    static func summary(_ answer: StatusClient.Answer) -> String {
        let f = answer.fields
        func text(_ key: String, in o: [String: ParsedJSON]? = nil) -> String {
            switch (o ?? f)[key] {
            case .string(let s)?: return s
            case .number(let d)?: return d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : Status.decimal(d, places: 1)
            case .bool(let b)?: return b ? "yes" : "no"
            case .null?, nil: return "-"
            case .array?, .object?: return "…"
            }
        }
        var display: [String: ParsedJSON] = [:]
        if case .object(let d)? = f["display"] { display = d }
        var lines: [String] = []
        let verdict = answer.healthy ? "healthy" : "unhealthy: \(answer.problem ?? "no reason given")"
        lines.append("\(verdict)")
        lines.append("  app \(text("app")), board \(text("board")), panel-kiosk \(text("version")), up \(text("uptime_s")) s")
        lines.append("  display \(text("description", in: display)) (\(text("kind", in: display))), connected \(text("connected", in: display)), blank \(text("blank"))")
        lines.append("  frames \(text("frames")), flips \(text("flips")), last flip \(text("last_flip_age_ms")) ms ago, missed vblanks \(text("missed_vblanks"))")
        var latency = "not measured"
        if case .object(let l)? = f["touch_latency_ms"] { latency = "p50 \(text("p50", in: l)) ms, p99 \(text("p99", in: l)) ms" }
        lines.append("  touch latency \(latency), memory \(text("memory_rss_kb")) kB, brightness \(f["brightness"] == .null ? "no backlight" : text("brightness") + " %")")
        if case .object(let e)? = f["last_error"] {
            lines.append("  last error \(text("age_s", in: e)) s ago: \(text("message", in: e))")
        }
        if case .object(let components)? = f["components"] {
            for id in components.keys.sorted() { lines.append("  \(id): \(components[id]!.encodedForSummary)") }
        }
        return lines.joined(separator: "\n")
    }
}

private extension ParsedJSON {
    /// A component's state in one line, keys sorted.
    var encodedForSummary: String {
        switch self {
        case .object(let o):
            return o.keys.sorted().map { "\($0) \(o[$0]!.encodedForSummary)" }.joined(separator: ", ")
        case .array(let a): return "[" + a.map(\.encodedForSummary).joined(separator: ", ") + "]"
        case .string(let s): return s
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : Status.decimal(d, places: abs(d) >= 100 ? 0 : abs(d) >= 10 ? 1 : 2)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }
}
