import PanelRenderer
#if canImport(Glibc)
import Glibc
#endif

/// Creates a folder and its parents; errors name the folder.
func makeDirectory(_ path: String) throws {
    var built = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
        built += "/" + part
        if mkdir(built, 0o755) != 0 && errno != EEXIST {
            throw Failure("cannot create folder \(built): \(String(cString: strerror(errno)))")
        }
    }
}

/// Writes a whole file, whole or not at all (`WholeFile`: a full disk or a kill leaves the
/// earlier file, never half of a new one).
package func writeTextFile(_ path: String, _ text: String) throws {
    do { try WholeFile.write(Array(text.utf8), to: path) } catch {
        throw Failure(error.description)
    }
}

/// Appends event lines (docs/formats.md, Event log) to a file as they happen, each line flushed
/// so a tail or a crash sees it. A write that fails (a full disk) is reported once on stderr
/// and the log is dropped from then on: losing the log must not stop the kiosk. `close`
/// reports it again, so `render` exits non-zero for a log it could not write.
///
/// A kiosk runs for months, so no file grows without bound: at `limit.bytes` a log whose
/// lines stand alone (event log, motion trace) moves to `PATH.1` (replacing an older one) and
/// starts again, so the disk holds at most twice the limit and the newest lines; a touch
/// recording, which replays only from its first line, stops instead, with a warning.
final class EventRecorder {
    /// How big a file may grow and what happens then.
    struct Limit {
        enum WhenFull { case rotate, stop }
        var bytes: Int
        var whenFull: WhenFull
        /// 64 MiB: hours of a motion trace at 60 frames a second, weeks of events.
        static let defaultBytes = 64 << 20
        static let rotating = Limit(bytes: defaultBytes, whenFull: .rotate)
        static let stopping = Limit(bytes: defaultBytes, whenFull: .stop)
    }

    private var file: UnsafeMutablePointer<FILE>?
    /// Why the file cannot be written (set at once when it cannot be opened).
    private(set) var failure: String?
    let path: String?
    /// What the lines are, for messages: "event log", "motion trace".
    let what: String
    let limit: Limit
    /// Bytes in the current file.
    private(set) var written = 0
    /// True once a `.stop` file reached its limit: later lines are dropped.
    private(set) var full = false

    init(path: String?, what: String = "event log", limit: Limit = .rotating) {
        self.path = path
        self.what = what
        self.limit = limit
        guard let path else { return }
        file = fopen(path, "wb")
        if file == nil { failure = "cannot write \(path): \(String(cString: strerror(errno)))" }
    }
    deinit { if let file { fclose(file) } }

    func write(_ line: String) {
        guard let path, !full else { return }
        var l = line + "\n"
        let count = l.utf8.count
        if written > 0, written + count > limit.bytes, !makeRoom(path) { return }
        guard let file else { return }
        let ok = l.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) == $0.count } && fflush(file) == 0
        if ok {
            written += count
        } else {
            failure = "cannot write the \(what) \(path): \(String(cString: strerror(errno)))"
            KioskLog.warning("\(failure!); nothing more is written to it")
            fclose(file)
            self.file = nil
        }
    }

    /// The file is at its limit: rotates it, or stops it. False when nothing more is written.
    private func makeRoom(_ path: String) -> Bool {
        switch limit.whenFull {
        case .stop:
            full = true
            KioskLog.warning("the \(what) \(path) reached its limit of \(limit.bytes) bytes; nothing more is written to it")
            return false
        case .rotate:
            if let file { fclose(file) }
            file = nil
            if rename(path, path + ".1") != 0 && errno != ENOENT {   // gone (removed by hand): start anew
                failure = "cannot move the full \(what) \(path) to \(path).1: \(String(cString: strerror(errno)))"
            } else if let f = fopen(path, "wb") {
                file = f
                written = 0
                return true
            } else {
                failure = "cannot write the \(what) \(path): \(String(cString: strerror(errno)))"
            }
            KioskLog.warning("\(failure!); nothing more is written to it")
            return false
        }
    }

    func close() throws {
        if let file {
            self.file = nil
            if fclose(file) != 0, failure == nil, let path {
                failure = "cannot write the \(what) \(path): \(String(cString: strerror(errno)))"
            }
        }
        if let failure { throw Failure(failure) }
    }
}
