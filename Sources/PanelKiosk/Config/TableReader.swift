import DrawerRuntime
import PanelRenderer

/// Collects the problems of one validation pass. A class so every nested table reader adds
/// to the same list.
package final class DiagnosticSink {
    package private(set) var items: [Diagnostic] = []
    package init() {}
    package func add(_ d: Diagnostic) { items.append(d) }
    func error(_ node: ConfigNode, _ message: String) { add(node.diagnostic(message)) }
    package var sorted: [Diagnostic] {
        items.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    }
}

/// Reads one TOML table against the schema the caller spells out key by key. Every key
/// asked for is remembered, so `finish()` can report the keys nobody asked for as unknown,
/// with a "did you mean" for near misses. Bad values are reported and replaced by the
/// default, so one pass finds every problem in a file.
struct TableReader {
    let sink: DiagnosticSink
    let node: ConfigNode
    /// How messages name this table, e.g. `[display]` or `component 'drawer'`.
    let name: String
    private let entries: [(key: String, node: ConfigNode)]
    private var known: [String] = []

    init?(_ node: ConfigNode, name: String, sink: DiagnosticSink) {
        self.sink = sink
        self.node = node
        self.name = name
        guard case .table(let items) = node.value else {
            sink.error(node, "\(name) must be a table, found \(node.typeName)")
            return nil
        }
        entries = items
    }

    func has(_ key: String) -> Bool { entries.contains { $0.key == key } }
    /// Where a message about `key` points: the key's own line, else (not given) the table's.
    func place(_ key: String) -> ConfigNode { entries.first { $0.key == key }?.node ?? node }
    /// The table's keys, in file order.
    var keys: [String] { entries.map(\.key) }

    mutating func raw(_ key: String) -> ConfigNode? {
        known.append(key)
        return entries.first { $0.key == key }?.node
    }

    /// A string value: at most `LiveLimits.maxTextBytes`, as a text set at run time. Texts
    /// are shaped to be drawn, and shaping a long unbroken word costs time and memory that
    /// grow with the square of its length (a 3 MB label: 100 s and 400 MB at start-up); no
    /// name, path or text a file needs comes near the limit.
    mutating func string(_ key: String) -> String? {
        guard let n = raw(key) else { return nil }
        guard case .string(let s) = n.value else {
            sink.error(n, "'\(key)' must be a string, found \(n.typeName)"); return nil
        }
        guard withinTextLimit(s, key, n) else { return nil }
        return s
    }

    private func withinTextLimit(_ s: String, _ key: String, _ n: ConfigNode) -> Bool {
        guard s.utf8.count > LiveLimits.maxTextBytes else { return true }
        sink.error(n, "'\(key)' is \(s.utf8.count) bytes; a string is at most \(LiveLimits.maxTextBytes)")
        return false
    }
    mutating func string(_ key: String, default d: String) -> String { string(key) ?? d }
    /// A string the table must have: `missing` is reported when the key is not there (a
    /// value of the wrong type or too long is reported once, by `string`).
    mutating func requiredString(_ key: String, else missing: String) -> String? {
        if !has(key) { sink.error(node, missing) }
        return string(key)
    }

    mutating func double(_ key: String, range: ClosedRange<Double>? = nil) -> Double? {
        guard let n = raw(key) else { return nil }
        let v: Double
        switch n.value {
        case .double(let x): v = x
        case .int(let x): v = Double(x)
        default: sink.error(n, "'\(key)' must be a number, found \(n.typeName)"); return nil
        }
        guard v.isFinite else { sink.error(n, "'\(key)' must be a finite number"); return nil }
        if let range, !range.contains(v) {
            sink.error(n, "'\(key)' = \(fmt(v)) is out of range \(fmt(range.lowerBound))...\(fmt(range.upperBound))")
            return nil
        }
        return v
    }
    mutating func double(_ key: String, default d: Double, range: ClosedRange<Double>? = nil) -> Double {
        double(key, range: range) ?? d
    }

    mutating func int(_ key: String, range: ClosedRange<Int>? = nil) -> Int? {
        guard let n = raw(key) else { return nil }
        guard case .int(let v) = n.value else {
            sink.error(n, "'\(key)' must be an integer, found \(n.typeName)"); return nil
        }
        if let range, !range.contains(v) {
            sink.error(n, "'\(key)' = \(v) is out of range \(range.lowerBound)...\(range.upperBound)"); return nil
        }
        return v
    }

    mutating func bool(_ key: String, default d: Bool) -> Bool {
        guard let n = raw(key) else { return d }
        guard case .bool(let v) = n.value else {
            sink.error(n, "'\(key)' must be true or false, found \(n.typeName)"); return d
        }
        return v
    }

    /// A string that must be one of `choices`.
    mutating func choice(_ key: String, _ choices: [String]) -> String? {
        guard let n = raw(key) else { return nil }
        guard case .string(let s) = n.value else {
            sink.error(n, "'\(key)' must be one of \(choices.map { "'\($0)'" }.joined(separator: ", ")), found \(n.typeName)")
            return nil
        }
        guard choices.contains(s) else {
            var msg = "'\(key)' = '\(s)' is not one of \(choices.map { "'\($0)'" }.joined(separator: ", "))"
            if let near = nearest(s, in: choices) { msg += " (did you mean '\(near)'?)" }
            sink.error(n, msg)
            return nil
        }
        return s
    }
    mutating func choice<E: RawRepresentable & CaseIterable>(_ key: String, default d: E) -> E where E.RawValue == String {
        guard let s = choice(key, E.allCases.map(\.rawValue)) else { return d }
        return E(rawValue: s) ?? d
    }

    mutating func color(_ key: String) -> Color? {
        guard let n = raw(key) else { return nil }
        guard case .string(let s) = n.value, let c = Color(hex: s) else {
            sink.error(n, "'\(key)' must be a colour like \"#RRGGBB\" or \"#RRGGBBAA\"")
            return nil
        }
        return c
    }
    mutating func color(_ key: String, default d: Color) -> Color { color(key) ?? d }

    mutating func numbers(_ key: String, count: Int) -> [Double]? {
        guard let n = raw(key) else { return nil }
        guard case .array(let items) = n.value else {
            sink.error(n, "'\(key)' must be an array of \(count) numbers, found \(n.typeName)"); return nil
        }
        var out: [Double] = []
        for item in items {
            switch item.value {
            case .int(let v): out.append(Double(v))
            case .double(let v) where v.isFinite: out.append(v)
            case .double(let v):
                // nan and inf are TOML floats, so "found a number" was the message: say which.
                sink.error(item, "'\(key)' must contain finite numbers, found \(v.isNaN ? "nan" : "inf")"); return nil
            default: sink.error(item, "'\(key)' must contain numbers only, found \(item.typeName)"); return nil
            }
        }
        guard out.count == count else {
            sink.error(n, "'\(key)' must have \(count) numbers, found \(out.count)"); return nil
        }
        return out
    }

    mutating func strings(_ key: String) -> [String]? {
        guard let n = raw(key) else { return nil }
        guard case .array(let items) = n.value else {
            sink.error(n, "'\(key)' must be an array of strings, found \(n.typeName)"); return nil
        }
        var out: [String] = []
        for item in items {
            guard case .string(let s) = item.value else {
                sink.error(item, "'\(key)' must contain strings only, found \(item.typeName)"); return nil
            }
            guard withinTextLimit(s, key, item) else { return nil }
            out.append(s)
        }
        return out
    }

    mutating func table(_ key: String) -> TableReader? {
        guard let n = raw(key) else { return nil }
        return TableReader(n, name: name == "" ? "[\(key)]" : "\(name).\(key)", sink: sink)
    }

    /// An array of tables (`[[key]]` or `key = [{...}, ...]`).
    mutating func tables(_ key: String) -> [TableReader] {
        guard let n = raw(key) else { return [] }
        guard case .array(let items) = n.value else {
            sink.error(n, "'\(key)' must be an array of tables, found \(n.typeName)"); return []
        }
        return items.enumerated().compactMap { i, item in
            TableReader(item, name: "\(key)[\(i)]", sink: sink)
        }
    }

    /// Reports every key that no reader asked for.
    func finish() {
        for (key, n) in entries where !known.contains(key) {
            var msg = "unknown key '\(key.clippedForMessage())'" + (name.isEmpty ? "" : " in \(name)")
            if let near = nearest(key, in: known) { msg += " (did you mean '\(near)'?)" }
            sink.error(n, msg)
        }
    }
}

func nearest(_ word: String, in candidates: [String]) -> String? { Suggestion.nearest(word, in: candidates) }

func fmt(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
}
