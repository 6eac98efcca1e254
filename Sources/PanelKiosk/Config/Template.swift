/// A label, title or subtitle with `{name}` placeholders for named values
/// (`"Next train: {next_train}"`); `{{` and `}}` stand for literal braces. A text without
/// braces is one literal part, so plain texts cost nothing extra.
struct Template: Equatable, Sendable {
    enum Part: Equatable, Sendable {
        case literal(String)
        case value(String)
    }
    var parts: [Part]

    /// The names the text refers to, in order.
    var names: [String] {
        parts.compactMap { if case .value(let n) = $0 { n } else { nil } }
    }

    /// Reads `text`; the error says what is wrong with a brace (for `check`).
    static func parse(_ text: String) -> Result<Template, TemplateError> {
        guard hasBraces(text) else { return .success(Template(parts: [.literal(text)])) }
        var parts: [Part] = []
        var literal = ""
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            let next = text.index(after: i)
            if c == "{" || c == "}", next < text.endIndex, text[next] == c {
                literal.append(c)
                i = text.index(after: next)
                continue
            }
            if c == "}" {
                return .failure(TemplateError("a lone '}'; write '}}' for a brace"))
            }
            if c == "{" {
                guard let close = text[next...].firstIndex(of: "}") else {
                    return .failure(TemplateError("a '{' with no '}'; write '{{' for a brace"))
                }
                let name = String(text[next..<close])
                guard ContentID.isValid(name) else {
                    return .failure(TemplateError("'{\(name.clippedForMessage())}' is not a value name (letters, digits, '_', '-', '.'); write '{{' for a brace"))
                }
                if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
                parts.append(.value(name))
                i = text.index(after: close)
                continue
            }
            literal.append(c)
            i = next
        }
        if !literal.isEmpty || parts.isEmpty { parts.append(.literal(literal)) }
        return .success(Template(parts: parts))
    }

    /// The text with each placeholder replaced by its value's text (a value that is a row
    /// array, or none, shows as nothing: `check` reports both), at most `maxBytes`: the limit
    /// on a text holds after its values are filled in too, cut at a character. Each part is
    /// within the limit on its own, but 1365 `{a}` with a 4 KiB `a` made 5.5 MB of text to
    /// shape and break into lines: one `set_values` held the loop for 10 s and took 1.2 GB.
    func render(_ values: [String: LiveValue], maxBytes: Int = LiveLimits.maxTextBytes) -> String {
        if parts.count == 1, case .literal(let s) = parts[0] { return s }
        var out = ""
        for p in parts {
            let piece: String
            switch p {
            case .literal(let s): piece = s
            case .value(let n):
                guard case .text(let s)? = values[n] else { continue }
                piece = s
            }
            guard out.utf8.count + piece.utf8.count > maxBytes else { out += piece; continue }
            for c in piece {
                guard out.utf8.count + c.utf8.count <= maxBytes else { break }
                out.append(c)
            }
            break
        }
        return out
    }

    /// Renders `text` (which `check` has validated; an invalid one shows as written).
    static func render(_ text: String, _ values: [String: LiveValue]) -> String {
        guard hasBraces(text) else { return text }
        return switch parse(text) {
        case .success(let t): t.render(values)
        case .failure: text
        }
    }

    /// Whether `text` has a brace, so may hold a placeholder. Most texts have none, and a
    /// row edit asks this of every row of its list (twice): a scan of the bytes in place,
    /// without building a template.
    static func hasBraces(_ text: String) -> Bool {
        let scan = { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
            bytes.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }
        }
        return text.utf8.withContiguousStorageIfAvailable(scan)
            ?? text.utf8.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }
    }

    /// `"{name}"` alone: the name (a list's `rows` bound to a value).
    static func binding(_ text: String) -> String? {
        guard case .success(let t) = parse(text), t.parts.count == 1, case .value(let n) = t.parts[0] else { return nil }
        return n
    }
}

struct TemplateError: Error, Equatable, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
}

/// A named value: text for placeholders, or rows for a list bound to it.
/// A named value (`[values]`, `set_values`): a text, or rows for a list bound to it.
public enum LiveValue: Equatable, Sendable {
    case text(String)
    case rows([ContentSpec.Row])

    var typeName: String {
        switch self {
        case .text: "text"
        case .rows: "rows"
        }
    }

    /// The value as `state.json` shows it.
    var json: JSONValue {
        switch self {
        case .text(let s): .string(s)
        case .rows(let rows):
            .array(rows.map { r in
                .object([("title", .string(r.title))] + [("subtitle", r.subtitle), ("icon", r.icon), ("action", r.action)]
                    .compactMap { k, v in v.map { (k, JSONValue.string($0)) } })
            })
        }
    }
}

/// What live content may hold, checked where it enters (the app file, the socket, the data
/// file, a script's `send`), before anything is applied.
enum LiveLimits {
    /// Bytes of one text value, title, subtitle or label text set at run time.
    static let maxTextBytes = 4096
    /// Rows of one list.
    static let maxRows = 1000
    /// Values named in one `set_values` or data file.
    static let maxValues = 1000
}

import DrawerRuntime
