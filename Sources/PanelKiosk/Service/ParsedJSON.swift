import DrawerRuntime
import Foundation

/// A parsed JSON value, for the control socket's small messages. Decoding goes through
/// Foundation's JSONDecoder after a cheap nesting check, so hostile input cannot recurse deep.
enum ParsedJSON: Equatable, Sendable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ParsedJSON])
    case object([String: ParsedJSON])

    /// Nesting deeper than this is refused before decoding.
    static let maxDepth = 32

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([ParsedJSON].self) { self = .array(a) }
        else { self = .object(try c.decode([String: ParsedJSON].self)) }
    }

    /// Parses one JSON text; nil when it is not valid JSON (or nested too deeply).
    static func parse(_ bytes: some Collection<UInt8>) -> ParsedJSON? {
        guard depthIsAcceptable(bytes) else { return nil }
        return try? JSONDecoder().decode(ParsedJSON.self, from: Data(bytes))
    }

    /// Scans brackets outside strings; false when nesting exceeds `maxDepth`.
    static func depthIsAcceptable(_ bytes: some Collection<UInt8>) -> Bool {
        var depth = 0, inString = false, escaped = false
        for b in bytes {
            if inString {
                if escaped { escaped = false }
                else if b == UInt8(ascii: "\\") { escaped = true }
                else if b == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch b {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maxDepth { return false }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return true
    }

    /// Compact JSON text (for echoing a request id).
    var encoded: String {
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

    /// A JSON string literal, escaped as the event log escapes it.
    static func quote(_ s: String) -> String { JSONValue.quoted(s) }
}
