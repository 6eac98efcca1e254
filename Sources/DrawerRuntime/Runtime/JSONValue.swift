/// A JSON value with stable key order and number formatting, for the state file, the event
/// log and statistics (docs/formats.md): two runs of the same script give identical bytes.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let items) = self { return items.first { $0.0 == key }?.1 }
        return nil
    }

    /// Compact encoding (one line), `", "`/`": "` separators as in the contract's examples.
    public var encoded: String {
        var s = ""
        write(into: &s)
        return s
    }

    private func write(into s: inout String) {
        switch self {
        case .null: s += "null"
        case .bool(let b): s += b ? "true" : "false"
        case .number(let v): s += JSONValue.format(v)
        case .string(let str): JSONValue.quote(str, into: &s)
        case .array(let items):
            s += "["
            for (i, v) in items.enumerated() { if i > 0 { s += ", " }; v.write(into: &s) }
            s += "]"
        case .object(let items):
            s += "{"
            for (i, (k, v)) in items.enumerated() {
                if i > 0 { s += ", " }
                JSONValue.quote(k, into: &s); s += ": "; v.write(into: &s)
            }
            s += "}"
        }
    }

    /// Integers print without a fraction; other values with at most 3 decimals (state values
    /// are points and ms, where a thousandth is far below what anyone can see).
    public static func format(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        let r = (v * 1000).rounded() / 1000
        if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
        var t = String(r)
        if t.contains("e") { t = String(format3(r)) }
        return t
    }

    private static func format3(_ v: Double) -> String {
        let neg = v < 0
        let m = Int((abs(v) * 1000).rounded())
        var frac = String(m % 1000)
        while frac.count < 3 { frac = "0" + frac }
        while frac.hasSuffix("0") { frac.removeLast() }
        return (neg ? "-" : "") + String(m / 1000) + (frac.isEmpty ? "" : "." + frac)
    }

    /// `str` as a JSON string literal with the escapes RFC 8259 requires.
    public static func quoted(_ str: String) -> String {
        var s = ""
        quote(str, into: &s)
        return s
    }

    private static func quote(_ str: String, into s: inout String) {
        s += "\""
        for u in str.unicodeScalars {
            switch u {
            case "\"": s += "\\\""
            case "\\": s += "\\\\"
            case "\n": s += "\\n"
            case "\r": s += "\\r"
            case "\t": s += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    s += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else { s.unicodeScalars.append(u) }
            }
        }
        s += "\""
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral v: String) { self = .string(v) }
    public init(floatLiteral v: Double) { self = .number(v) }
    public init(integerLiteral v: Int) { self = .number(Double(v)) }
    public init(booleanLiteral v: Bool) { self = .bool(v) }
}
