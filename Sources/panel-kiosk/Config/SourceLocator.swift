/// Finds where each key and array element of a TOML document starts, keyed by its path
/// (`component.0.rows.3.title`). A scanner over the text, not a second parser: TOMLKit has
/// already accepted the document, so only the structure that positions depend on is
/// tracked: table headers, keys, strings, comments, arrays and inline tables.
struct SourceLocator {
    private(set) var positions: [String: (line: Int, column: Int)] = [:]

    init(text: String) {
        scan(Array(text.unicodeScalars))
    }

    func position(of path: [String]) -> (line: Int, column: Int)? {
        var p = path
        while !p.isEmpty {
            if let pos = positions[p.joined(separator: ".")] { return pos }
            p.removeLast()
        }
        return nil
    }

    private enum Frame {
        case array(path: [String], index: Int)
        case inlineTable(path: [String])
    }

    private mutating func scan(_ s: [Unicode.Scalar]) {
        var i = 0, line = 1, lineStart = 0
        var table: [String] = []
        var arrayTableCounts: [String: Int] = [:]
        var stack: [Frame] = []
        var expectKey = true          // at the start of a statement / after `,` in an inline table
        var pendingKeyPath: [String] = []

        func col(_ at: Int) -> Int { at - lineStart + 1 }
        func isBare(_ c: Unicode.Scalar) -> Bool {
            (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "_" || c == "-"
        }
        func skipString(_ j: inout Int) {
            let q = s[j]
            let triple = j + 2 < s.count && s[j + 1] == q && s[j + 2] == q
            j += triple ? 3 : 1
            while j < s.count {
                if s[j] == "\n" { line += 1; lineStart = j + 1 }
                if q == "\"" && s[j] == "\\" { j += 2; continue }
                if s[j] == q {
                    if !triple { j += 1; return }
                    if j + 2 < s.count && s[j + 1] == q && s[j + 2] == q { j += 3; return }
                }
                j += 1
            }
        }
        func readKey(_ j: inout Int) -> [String] {
            var parts: [String] = []
            while j < s.count {
                while j < s.count && (s[j] == " " || s[j] == "\t") { j += 1 }
                guard j < s.count else { break }
                if s[j] == "\"" || s[j] == "'" {
                    let start = j
                    skipString(&j)
                    parts.append(String(String.UnicodeScalarView(s[(start + 1)..<(j - 1)])))
                } else {
                    let start = j
                    while j < s.count && isBare(s[j]) { j += 1 }
                    if start == j { break }
                    parts.append(String(String.UnicodeScalarView(s[start..<j])))
                }
                while j < s.count && (s[j] == " " || s[j] == "\t") { j += 1 }
                if j < s.count && s[j] == "." { j += 1 } else { break }
            }
            return parts
        }
        func currentBase() -> [String] {
            switch stack.last {
            case .array(let path, let index)?: return path + [String(index)]
            case .inlineTable(let path)?: return path
            case nil: return table
            }
        }

        while i < s.count {
            let c = s[i]
            if c == "\n" { line += 1; lineStart = i + 1; i += 1; if stack.isEmpty { expectKey = true }; continue }
            if c == " " || c == "\t" || c == "\r" { i += 1; continue }
            if c == "#" { while i < s.count && s[i] != "\n" { i += 1 }; continue }

            if stack.isEmpty && expectKey && c == "[" {
                let isArray = i + 1 < s.count && s[i + 1] == "["
                var j = i + (isArray ? 2 : 1)
                let startCol = col(i)
                let name = readKey(&j)
                while j < s.count && s[j] != "\n" && s[j] != "#" { j += 1 }
                if isArray {
                    let key = name.joined(separator: ".")
                    let n = arrayTableCounts[key, default: 0]
                    arrayTableCounts[key] = n + 1
                    table = name + [String(n)]
                    positions[key] = positions[key] ?? (line, startCol)
                } else {
                    table = name
                }
                positions[table.joined(separator: ".")] = (line, startCol)
                i = j
                continue
            }
            if expectKey && (isBare(c) || c == "\"" || c == "'") {
                let startCol = col(i)
                let startLine = line
                var j = i
                let key = readKey(&j)
                pendingKeyPath = currentBase() + key
                positions[pendingKeyPath.joined(separator: ".")] = (startLine, startCol)
                if j < s.count && s[j] == "=" { j += 1 }
                i = j
                expectKey = false
                continue
            }
            // Value position.
            switch c {
            case "\"", "'":
                skipString(&i)
            case "[":
                let path: [String]
                if case .array(let p, let idx)? = stack.last { path = p + [String(idx)] } else { path = pendingKeyPath }
                positions[path.joined(separator: ".")] = positions[path.joined(separator: ".")] ?? (line, col(i))
                stack.append(.array(path: path, index: 0))
                markElement(path + ["0"], line, col(i + 1))
                i += 1
            case "{":
                let path: [String]
                if case .array(let p, let idx)? = stack.last { path = p + [String(idx)] } else { path = pendingKeyPath }
                positions[path.joined(separator: ".")] = positions[path.joined(separator: ".")] ?? (line, col(i))
                stack.append(.inlineTable(path: path))
                expectKey = true
                i += 1
            case ",":
                if case .array(let p, let idx)? = stack.last {
                    stack[stack.count - 1] = .array(path: p, index: idx + 1)
                    markElement(p + [String(idx + 1)], line, col(i + 1))
                } else if case .inlineTable? = stack.last {
                    expectKey = true
                }
                i += 1
            case "]", "}":
                stack.removeLast()
                i += 1
            default:
                i += 1
            }
        }
    }

    /// An element's position is where its first non-blank character is; recorded lazily by
    /// the caller's next token, approximated here as just after the `[` or `,`.
    private mutating func markElement(_ path: [String], _ line: Int, _ column: Int) {
        let key = path.joined(separator: ".")
        if positions[key] == nil { positions[key] = (line, column) }
    }
}
