import PanelRenderer
/// Reads a TOML file into a `ConfigNode` tree with positions. Syntax errors come back as one
/// diagnostic, "TOML syntax: ...", at the line and column `TOMLParser` reports.
package enum ConfigLoader {
    package static func load(path: String) throws(DiagnosticList) -> ConfigNode {
        try load(path: path, includeChain: [])
    }

    /// `load`, inside the includes of `includeChain` (the files that led here, outermost first).
    static func load(path: String, includeChain: [String]) throws(DiagnosticList) -> ConfigNode {
        let bytes: [UInt8]
        do {
            bytes = try readFileBytes(path)
        } catch {
            throw DiagnosticList(items: [Diagnostic(file: path, line: 1, column: 1, message: "\(error)")])
        }
        let root = try parse(bytes: bytes, file: path)
        // Nothing set at all is the middle of a save that truncates first (an editor, a deploy
        // tool): taken as an app with nothing on it, a reload threw away every component's
        // state, and a theme went back to the defaults.
        if case .table(let items) = root.value, items.isEmpty {
            throw DiagnosticList(items: [Diagnostic(file: path, line: 1, column: 1,
                                                    message: bytes.isEmpty ? "the file is empty" : "the file sets nothing (only comments or blank lines)")])
        }
        let whole = try ConfigInclude.resolve(root, path: path, chain: includeChain)
        // Fragments once the whole app is together (an included file may define or use them).
        return includeChain.isEmpty ? try ConfigFragments.expand(whole) : whole
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
package func readTextFile(_ path: String) throws -> String {
    guard let s = String(validating: try readFileBytes(path), as: UTF8.self) else {
        throw FileError(path: path, reason: "not valid UTF-8 text")
    }
    return s
}

/// Reads a whole file (at most 16 MiB); errors name the file and the reason. Only regular
/// files, opened without blocking: a FIFO given as an app file or a touch script waited for a
/// writer forever.
func readFileBytes(_ path: String) throws -> [UInt8] {
    do { return try RegularFile.read(path, maxBytes: 16 << 20) } catch {
        throw FileError(path: path, reason: error.reason)
    }
}

struct FileError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "cannot read \(path): \(reason)" }
}

#if canImport(Glibc)
import Glibc
#endif
