import TOMLKit

/// Reads a TOML file into a `ConfigNode` tree with positions. Syntax errors come back as a
/// diagnostic at TOMLKit's (toml++'s) reported line and column.
enum ConfigLoader {
    static func load(path: String) throws(DiagnosticList) -> ConfigNode {
        let text: String
        do {
            text = try readTextFile(path)
        } catch {
            throw DiagnosticList(items: [Diagnostic(file: path, line: 1, column: 1, message: "\(error)")])
        }
        return try parse(text: text, file: path)
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
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let e as TOMLParseError {
            throw DiagnosticList(items: [Diagnostic(file: file, line: max(1, e.source.begin.line),
                                                    column: max(1, e.source.begin.column),
                                                    message: "TOML syntax: \(e.description)")])
        } catch {
            throw DiagnosticList(items: [Diagnostic(file: file, line: 1, column: 1, message: "TOML: \(error)")])
        }
        let locator = SourceLocator(text: text)
        return convert(table, path: [], file: file, locator: locator, fallback: (1, 1))
    }

    private static func convert(_ v: TOMLValueConvertible, path: [String], file: String,
                                locator: SourceLocator, fallback: (line: Int, column: Int)) -> ConfigNode {
        let pos = path.isEmpty ? (line: 1, column: 1) : (locator.position(of: path) ?? fallback)
        func node(_ value: ConfigNode.Value) -> ConfigNode {
            ConfigNode(value: value, file: file, line: pos.line, column: pos.column)
        }
        switch v.type {
        case .table:
            guard let t = v.table else { return node(.other("table")) }
            // toml++ keeps keys sorted; present them in file order so diagnostics read top-down.
            var items: [(key: String, node: ConfigNode)] = []
            for key in t.keys {
                guard let child = t[key] else { continue }
                items.append((key, convert(child, path: path + [key], file: file, locator: locator, fallback: pos)))
            }
            items.sort { ($0.node.line, $0.node.column) < ($1.node.line, $1.node.column) }
            return node(.table(items))
        case .array:
            guard let a = v.array else { return node(.other("array")) }
            var items: [ConfigNode] = []
            for (i, child) in a.enumerated() {
                items.append(convert(child, path: path + [String(i)], file: file, locator: locator, fallback: pos))
            }
            return node(.array(items))
        case .string: return node(.string(v.string ?? ""))
        case .int: return node(.int(v.int ?? 0))
        case .double: return node(.double(v.double ?? 0))
        case .bool: return node(.bool(v.bool ?? false))
        default: return node(.other(v.debugDescription))
        }
    }
}

/// Reads a whole file as UTF-8; errors name the file and the reason.
func readTextFile(_ path: String) throws -> String {
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
    guard let s = String(validating: bytes, as: UTF8.self) else {
        throw FileError(path: path, reason: "not valid UTF-8 text")
    }
    return s
}

struct FileError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "cannot read \(path): \(reason)" }
}

#if canImport(Glibc)
import Glibc
#endif
