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

/// Writes a whole file. Every step is checked, the close too: a full disk (ENOSPC) often
/// shows only when buffered data is flushed at `fclose`.
package func writeTextFile(_ path: String, _ text: String) throws {
    guard let f = fopen(path, "wb") else {
        throw Failure("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    var t = text
    let written = t.withUTF8 { fwrite($0.baseAddress, 1, $0.count, f) == $0.count }
    let writeErrno = errno
    let closed = fclose(f) == 0
    if !written { throw Failure("cannot write \(path): \(String(cString: strerror(writeErrno)))") }
    if !closed { throw Failure("cannot write \(path): \(String(cString: strerror(errno)))") }
}

/// Appends event lines (docs/formats.md, Event log) to a file as they happen, each line flushed
/// so a tail or a crash sees it. A write that fails (a full disk) is reported once on stderr
/// and the log is dropped from then on: losing the log must not stop the kiosk. `close`
/// reports it again, so `render` exits non-zero for a log it could not write.
final class EventRecorder {
    private var file: UnsafeMutablePointer<FILE>?
    /// Why the file cannot be written (set at once when it cannot be opened).
    private(set) var failure: String?
    let path: String?
    /// What the lines are, for messages: "event log", "motion trace".
    let what: String

    init(path: String?, what: String = "event log") {
        self.path = path
        self.what = what
        guard let path else { return }
        file = fopen(path, "wb")
        if file == nil { failure = "cannot write \(path): \(String(cString: strerror(errno)))" }
    }
    deinit { if let file { fclose(file) } }

    func write(_ line: String) {
        guard let file, let path else { return }
        var l = line + "\n"
        let ok = l.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) == $0.count } && fflush(file) == 0
        if !ok {
            failure = "cannot write the \(what) \(path): \(String(cString: strerror(errno)))"
            KioskLog.warning("\(failure!); nothing more is written to it")
            fclose(file)
            self.file = nil
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
