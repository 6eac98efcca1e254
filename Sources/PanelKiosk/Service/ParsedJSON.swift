import DrawerRuntime

/// A parsed JSON value, for the control socket's small messages and the data file. Our own
/// parser (no Foundation: the kiosk binary stays small), with a nesting limit so hostile
/// input cannot recurse deep, and the byte offset of the first error for file:line:col
/// messages.
package enum ParsedJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ParsedJSON])
    case object([String: ParsedJSON])

    /// Nesting deeper than this is refused.
    package static let maxDepth = 32

    /// Where and why a text is not JSON: `offset` is the byte at which parsing stopped.
    package struct SyntaxError: Error, Equatable, Sendable {
        var offset: Int
        var message: String
    }

    /// Parses one JSON text; nil when it is not valid JSON (or nested too deeply).
    package static func parse(_ bytes: some Collection<UInt8>) -> ParsedJSON? {
        try? parseOrExplain(bytes)
    }

    /// Parses one JSON text (surrounding whitespace allowed), or says where it stops being JSON.
    package static func parseOrExplain(_ bytes: some Collection<UInt8>) throws(SyntaxError) -> ParsedJSON {
        var reader = JSONReader(bytes: Array(bytes))
        reader.skipSpace()
        let value = try reader.value(depth: 1)
        reader.skipSpace()
        guard reader.atEnd else { throw reader.error("more text after the JSON value") }
        return value
    }

    /// The value of the top-level member `key` of an object of which `prefix` is only the
    /// beginning (a line cut at the socket's length limit): read up to that member, so a
    /// request id written before the long part is still echoed in the refusal. Nil when the
    /// prefix is not the start of an object, or ends before the member's value does.
    package static func leadingMember(_ key: String, in prefix: some Collection<UInt8>) -> ParsedJSON? {
        var reader = JSONReader(bytes: Array(prefix))
        reader.skipSpace()
        guard !reader.atEnd, reader.bytes[reader.i] == UInt8(ascii: "{") else { return nil }
        reader.i += 1
        do throws(SyntaxError) {
            while true {
                reader.skipSpace()
                guard !reader.atEnd, reader.bytes[reader.i] == UInt8(ascii: "\"") else { return nil }
                let name = try reader.string()
                reader.skipSpace()
                guard !reader.atEnd, reader.bytes[reader.i] == UInt8(ascii: ":") else { return nil }
                reader.i += 1
                reader.skipSpace()
                let value = try reader.value(depth: 2)
                if name == key { return value }
                reader.skipSpace()
                guard !reader.atEnd, reader.bytes[reader.i] == UInt8(ascii: ",") else { return nil }
                reader.i += 1
            }
        } catch {
            return nil
        }
    }

    /// Compact JSON text (for echoing a request id).
    package var encoded: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let d):
            if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
            return d.isFinite ? "\(d)" : "null"
        case .string(let s): return ParsedJSON.quote(s)
        case .array(let a): return "[" + a.map(\.encoded).joined(separator: ",") + "]"
        case .object(let o):
            return "{" + o.keys.sorted().map { ParsedJSON.quote($0) + ":" + o[$0]!.encoded }.joined(separator: ",") + "}"
        }
    }

    /// What kind of value this is, for messages ("an array").
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A JSON string literal, escaped as the event log escapes it.
    package static func quote(_ s: String) -> String { JSONValue.quoted(s) }
}

/// A recursive-descent reader over the bytes of one JSON text (RFC 8259).
private struct JSONReader {
    let bytes: [UInt8]
    var i = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { i >= bytes.count }

    func error(_ message: String) -> ParsedJSON.SyntaxError { .init(offset: i, message: message) }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    mutating func value(depth: Int) throws(ParsedJSON.SyntaxError) -> ParsedJSON {
        guard i < bytes.count else { throw error("the text ends where a value should be") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character where a value should be")
        }
    }

    mutating func word(_ w: StaticString) throws(ParsedJSON.SyntaxError) {
        let n = w.utf8CodeUnitCount
        guard i + n <= bytes.count,
              w.withUTF8Buffer({ Array($0) }) == Array(bytes[i..<(i + n)]) else {
            throw error("expected '\(w)'")
        }
        i += n
    }

    mutating func object(depth: Int) throws(ParsedJSON.SyntaxError) -> ParsedJSON {
        guard depth <= ParsedJSON.maxDepth else { throw error("nested more than \(ParsedJSON.maxDepth) deep") }
        i += 1
        var members: [String: ParsedJSON] = [:]
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let keyStart = i
            let key = try string()
            // Which of two values a program meant is not ours to guess (JSON leaves it open;
            // parsers differ): a key twice is an error where the second one starts.
            if members[key] != nil { i = keyStart; throw error("the key \(ParsedJSON.quote(key)) appears twice in one object") }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
            i += 1
            skipSpace()
            members[key] = try value(depth: depth + 1)
            skipSpace()
            guard i < bytes.count else { throw error("the text ends inside an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw error("expected ',' or '}'")
        }
    }

    mutating func array(depth: Int) throws(ParsedJSON.SyntaxError) -> ParsedJSON {
        guard depth <= ParsedJSON.maxDepth else { throw error("nested more than \(ParsedJSON.maxDepth) deep") }
        i += 1
        var items: [ParsedJSON] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard i < bytes.count else { throw error("the text ends inside an array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw error("expected ',' or ']'")
        }
    }

    mutating func number() throws(ParsedJSON.SyntaxError) -> Double {
        let start = i
        func digits(_ r: inout JSONReader) -> Int {
            let s = r.i
            while r.i < r.bytes.count, r.bytes[r.i] >= UInt8(ascii: "0"), r.bytes[r.i] <= UInt8(ascii: "9") { r.i += 1 }
            return r.i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        let intStart = i
        let n = digits(&self)
        guard n > 0 else { throw error("expected a digit") }
        if n > 1, bytes[intStart] == UInt8(ascii: "0") { i = intStart + 1; throw error("a number does not start with 0") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw error("expected a digit after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let d = Double(text), d.isFinite else { i = start; throw error("number out of range") }
        return d
    }

    mutating func string() throws(ParsedJSON.SyntaxError) -> String {
        i += 1   // the opening quote
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("the text ends inside a string") }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                guard let s = String(validating: out, as: UTF8.self) else { throw error("a string that is not UTF-8") }
                return s
            case UInt8(ascii: "\\"):
                i += 1
                guard i < bytes.count else { throw error("the text ends inside a string") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        // A high surrogate must be followed by an escaped low one.
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw error("a lone surrogate in \\u escape")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error("a lone surrogate in \\u escape")
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw error("an invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default:
                    i -= 1
                    throw error("an unknown escape in a string")
                }
            case 0x00...0x1F:
                throw error("a control character inside a string (write it as an escape)")
            default:
                out.append(b)
                i += 1
            }
        }
    }

    mutating func hex4() throws(ParsedJSON.SyntaxError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("expected four hex digits after \\u")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }
}
