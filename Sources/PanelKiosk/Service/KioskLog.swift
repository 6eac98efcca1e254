#if canImport(Glibc)
import Glibc
#endif
import Logging
import PanelRenderer
import Synchronization

/// The syslog priorities the kiosk logs at (sd-daemon(3): a line starting `<N>` written to a
/// stream journald reads is stored with priority N).
enum LogPriority: Int, Sendable, Comparable {
    case error = 3, warning = 4, notice = 5, info = 6

    static func < (a: LogPriority, b: LogPriority) -> Bool { a.rawValue < b.rawValue }
}

/// The kiosk's log: one line per event that matters, on stderr, each starting with
/// `panel-kiosk: ` and, when journald reads stderr (JOURNAL_STREAM names it), with the
/// priority prefix `<3>`/`<4>`/`<5>`/`<6>` so `journalctl -p warning` and log-pattern alerts
/// see errors as errors. The wording of the lines docs/deploy.md lists ("Logs") is stable.
///
/// It also remembers the last error or warning, with its time, for `status`.
package enum KioskLog {
    /// The last error or warning logged.
    struct Problem: Sendable, Equatable {
        var priority: LogPriority
        var message: String
        /// CLOCK_MONOTONIC when it was logged.
        var atNS: UInt64
    }

    private struct State {
        var lastProblem: Problem?
        /// Whether stderr is a journald stream (looked up once).
        var journal: Bool?
    }
    private static let state = Mutex(State())

    static func error(_ message: String) { write(.error, message) }
    package static func warning(_ message: String) { write(.warning, message) }
    package static func notice(_ message: String) { write(.notice, message) }
    package static func info(_ message: String) { write(.info, message) }

    /// How much of one message is logged and kept for `status` (and so for its MQTT state):
    /// the first lines and a count of the rest. A saved file with 15,000 problems made every
    /// `status` reply ~500 KB, past what `panel-kiosk status` reads, so a healthy kiosk looked
    /// dead until restarted; `panel-kiosk check FILE` lists every problem.
    static let maxMessageLines = 20
    static let maxMessageBytes = 4096

    /// `message` held to `maxMessageLines` lines and `maxMessageBytes` bytes (cut on a
    /// character), with a last line counting what was left out.
    static func bounded(_ message: String) -> String {
        guard message.utf8.count > maxMessageBytes || message.utf8.lazy.filter({ $0 == 10 }).count >= maxMessageLines else {
            return message
        }
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        var kept: [Substring] = []
        var bytes = 0
        for line in lines.prefix(maxMessageLines) {
            let room = maxMessageBytes - bytes
            guard room > 0 else { break }
            if line.utf8.count + 1 > room {
                // Cut on a character boundary within the room left.
                var cut = line.startIndex
                var used = 0
                for i in line.indices {
                    let n = line[i].utf8.count
                    if used + n > room - 1 { break }
                    used += n
                    cut = line.index(after: i)
                }
                kept.append(line[..<cut] + "…")
                bytes = maxMessageBytes
                break
            }
            kept.append(line)
            bytes += line.utf8.count + 1
        }
        let left = lines.count - kept.count
        let tail = left > 0 ? "\n… \(left) more line\(left == 1 ? "" : "s") not shown" : ""
        return kept.joined(separator: "\n") + tail
    }

    /// Writes `message` (without the `panel-kiosk: ` that every line gets) at `priority`,
    /// held to `maxMessageLines` lines and `maxMessageBytes` bytes.
    static func write(_ priority: LogPriority, _ message: String) {
        let message = bounded(message)
        state.withLock { s in
            if priority <= .warning {
                s.lastProblem = Problem(priority: priority, message: message, atNS: monotonicNanoseconds())
            }
        }
        var text = format(priority, message, journal: writesToJournal)
        text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }

    /// Whether stderr is the journal's stream (looked up once).
    package static var writesToJournal: Bool {
        state.withLock { s in
            if s.journal == nil { s.journal = isJournalStream(fd: 2, environment: getenv("JOURNAL_STREAM").map { String(cString: $0) }) }
            return s.journal ?? false
        }
    }

    /// Lines written as they are (a failure as ArgumentParser words it, `check`'s problems),
    /// with the error priority on each under the journal.
    package static func errorLines(_ message: String) {
        guard writesToJournal else {
            var text = message + "\n"
            text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
            return
        }
        var text = message.split(separator: "\n", omittingEmptySubsequences: false).map { "<\(LogPriority.error.rawValue)>" + $0 + "\n" }.joined()
        text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }

    static var lastProblem: Problem? { state.withLock { $0.lastProblem } }

    /// The lines written for a message: each line (a message may span several, a file's
    /// problems one per line) gets the priority prefix, the first also `panel-kiosk: `.
    static func format(_ priority: LogPriority, _ message: String, journal: Bool) -> String {
        let prefix = journal ? "<\(priority.rawValue)>" : ""
        var out = ""
        for (i, line) in message.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            out += prefix + (i == 0 ? "panel-kiosk: " : "") + line + "\n"
        }
        return out
    }

    /// Whether `fd` is the stream JOURNAL_STREAM (`<st_dev>:<st_ino>`, set by systemd for a
    /// service whose stdout/stderr go to the journal) names. Redirected elsewhere (a
    /// pipe to a file in ExecStart=, a shell) it is not, and lines stay unprefixed.
    static func isJournalStream(fd: Int32, environment value: String?) -> Bool {
        guard let value else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let dev = UInt64(parts[0]), let ino = UInt64(parts[1]) else { return false }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return false }
        return UInt64(st.st_dev) == dev && UInt64(st.st_ino) == ino
    }
}

/// swift-log's lines (the services' `Logger`) through `KioskLog`, so they get the same form
/// and priority prefixes.
struct KioskLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .notice

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let priority: LogPriority = switch event.level {
        case .critical, .error: .error
        case .warning: .warning
        case .notice: .notice
        case .info, .debug, .trace: .info
        }
        KioskLog.write(priority, "\(event.message)")
    }
}
