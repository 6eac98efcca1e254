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

func writeTextFile(_ path: String, _ text: String) throws {
    guard let f = fopen(path, "wb") else {
        throw Failure("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    defer { fclose(f) }
    var t = text
    let ok = t.withUTF8 { fwrite($0.baseAddress, 1, $0.count, f) == $0.count }
    if !ok { throw Failure("cannot write \(path): \(String(cString: strerror(errno)))") }
}

/// Appends event lines (contract §5) to a file as they happen.
final class EventRecorder {
    private var file: UnsafeMutablePointer<FILE>?
    private var failure: String?
    let path: String?

    init(path: String?) {
        self.path = path
        guard let path else { return }
        file = fopen(path, "wb")
        if file == nil { failure = "cannot write \(path): \(String(cString: strerror(errno)))" }
    }
    deinit { if let file { fclose(file) } }

    func write(_ line: String) {
        guard let file else { return }
        var l = line + "\n"
        l.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, file) }
    }

    func close() throws {
        if let failure { throw Failure(failure) }
        if let file { fclose(file); self.file = nil }
    }
}
