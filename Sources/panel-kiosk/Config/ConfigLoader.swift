/// Reads a TOML file into a `ConfigNode` tree with positions. Syntax errors come back as one
/// diagnostic, "TOML syntax: ...", at the line and column `TOMLParser` reports.
enum ConfigLoader {
    static func load(path: String) throws(DiagnosticList) -> ConfigNode {
        let bytes: [UInt8]
        do {
            bytes = try readFileBytes(path)
        } catch {
            throw DiagnosticList(items: [Diagnostic(file: path, line: 1, column: 1, message: "\(error)")])
        }
        return try parse(bytes: bytes, file: path)
    }

    /// Loads `path` and reads it with `parse`, which reports problems to the sink; throws
    /// every problem found, in file order, when there is any.
    static func validated<T>(path: String, _ parse: (ConfigNode, DiagnosticSink) -> T) throws(DiagnosticList) -> T {
        let root = try load(path: path)
        let sink = DiagnosticSink()
        let value = parse(root, sink)
        if !sink.items.isEmpty { throw DiagnosticList(items: sink.sorted) }
        return value
    }

    static func parse(text: String, file: String) throws(DiagnosticList) -> ConfigNode {
        do {
            return try TOMLParser.parse(text.utf8, file: file, alreadyValidUTF8: true)
        } catch {
            throw diagnostics(error, file: file)
        }
    }

    /// Raw file contents: the parser checks the encoding itself, so invalid UTF-8 is
    /// reported at its line and column like any other mistake.
    static func parse(bytes: [UInt8], file: String) throws(DiagnosticList) -> ConfigNode {
        do {
            return try TOMLParser.parse(bytes, file: file)
        } catch {
            throw diagnostics(error, file: file)
        }
    }

    private static func diagnostics(_ error: TOMLSyntaxError, file: String) -> DiagnosticList {
        DiagnosticList(items: [Diagnostic(file: file, line: error.position.line, column: error.position.column,
                                          message: "TOML syntax: \(error.message)")])
    }
}

/// Reads a whole file as UTF-8; errors name the file and the reason.
func readTextFile(_ path: String) throws -> String {
    guard let s = String(validating: try readFileBytes(path), as: UTF8.self) else {
        throw FileError(path: path, reason: "not valid UTF-8 text")
    }
    return s
}

/// Reads a whole file (at most 16 MiB); errors name the file and the reason.
func readFileBytes(_ path: String) throws -> [UInt8] {
    guard let f = fopen(path, "rb") else {
        throw FileError(path: path, reason: String(cString: strerror(errno)))
    }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buf, 1, buf.count, f)
        if n > 0 { bytes.append(contentsOf: buf[0..<n]) }
        if n < buf.count {
            if ferror(f) != 0 { throw FileError(path: path, reason: "read error") }
            break
        }
        if bytes.count > 16 << 20 { throw FileError(path: path, reason: "file larger than 16 MiB") }
    }
    return bytes
}

struct FileError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "cannot read \(path): \(reason)" }
}

#if canImport(Glibc)
import Glibc
#endif
