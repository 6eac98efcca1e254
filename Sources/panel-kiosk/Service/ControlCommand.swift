/// One request of the control-socket protocol: a JSON object on one line with a `cmd` and
/// its fields, and optionally an `id` (any JSON value) echoed in the reply:
///
///     {"cmd":"set_popup_item","target":"player","title":"Song","subtitle":"Artist","progress":0.4}
///     {"cmd":"present_bar","target":"player"}        {"cmd":"dismiss_bar","target":"player"}
///     {"cmd":"open","target":"player"}               {"cmd":"open","target":"menu","side":"left"}
///     {"cmd":"close","target":"menu"}
///     {"cmd":"push","target":"sheet","page":"details"}   {"cmd":"pop","target":"sheet"}
///     {"cmd":"set_position","target":"drawer","position":"open"}
///     {"cmd":"replace_content","target":"menu","page":"settings"}
///     {"cmd":"snap","target":"sheet","anchor":0}
///     {"cmd":"subscribe"}   {"cmd":"unsubscribe"}     (the event stream of contract §5)
///
/// Commands that move things take `"animated": false` to jump (default true).
/// docs/deploy.md documents the protocol for users.
enum ControlCommand: Equatable, Sendable {
    /// Bottom drawer positions (contract §5, interaction.md §1).
    enum DrawerPosition: String, Equatable, Sendable, CaseIterable {
        case collapsed, partiallyRevealed, open, closed
    }
    /// Side drawer directions.
    enum Side: String, Equatable, Sendable, CaseIterable { case left, right, top, bottom }

    /// Changes the popup bar's item; nil fields stay as they are.
    case setPopupItem(target: String, title: String?, subtitle: String?, progress: Double?)
    case presentBar(target: String, animated: Bool)
    case dismissBar(target: String, animated: Bool)
    /// Opens a popup, or a side drawer towards `side` (nil: its only / first side).
    case open(target: String, side: Side?, animated: Bool)
    case close(target: String, animated: Bool)
    case push(target: String, page: String, animated: Bool)
    case pop(target: String, animated: Bool)
    case setDrawerPosition(target: String, position: DrawerPosition, animated: Bool)
    /// Replaces a component's content (a side drawer's pane, a sheet's root) with a page.
    case replaceContent(target: String, page: String)
    /// Moves a sheet to anchor `anchor` (0 = top-most).
    case snapSheet(target: String, anchor: Int, animated: Bool)
    /// Start / stop receiving event lines. Handled by `ControlSocket` itself.
    case subscribe
    case unsubscribe

    /// Whether the command should wake a blanked screen and count as activity for
    /// `IdleBlanker` (pass it to `activity(at:)`): commands that bring something new in front
    /// of the user do; background updates (a progress tick every second) and dismissals do
    /// not, or a playing song would keep the screen on forever.
    var wakesScreen: Bool {
        switch self {
        case .presentBar, .open, .push, .setDrawerPosition, .replaceContent, .snapSheet: true
        case .setPopupItem, .dismissBar, .close, .pop, .subscribe, .unsubscribe: false
        }
    }

    /// The `cmd` names and the fields each accepts besides `cmd` and `id`.
    static let fields: [String: [String]] = [
        "set_popup_item": ["target", "title", "subtitle", "progress"],
        "present_bar": ["target", "animated"],
        "dismiss_bar": ["target", "animated"],
        "open": ["target", "side", "animated"],
        "close": ["target", "animated"],
        "push": ["target", "page", "animated"],
        "pop": ["target", "animated"],
        "set_position": ["target", "position", "animated"],
        "replace_content": ["target", "page"],
        "snap": ["target", "anchor", "animated"],
        "subscribe": [],
        "unsubscribe": [],
    ]

    /// A parsed line: the request id (when the line had one) and the command or the message
    /// of what is wrong with it.
    struct Parsed: Equatable, Sendable {
        var id: ParsedJSON?
        var result: Result<ControlCommand, ControlError>
    }

    /// The exact message a client gets back in `{"ok":false,"error":"..."}`.
    struct ControlError: Error, Equatable, Sendable, CustomStringConvertible {
        var message: String
        init(_ message: String) { self.message = message }
        var description: String { message }
    }

    /// Parses one line (without its newline).
    static func parse(line: some Collection<UInt8>) -> Parsed {
        guard let value = ParsedJSON.parse(line) else {
            return Parsed(id: nil, result: .failure(ControlError("malformed JSON")))
        }
        guard case .object(let obj) = value else {
            return Parsed(id: nil, result: .failure(ControlError("a command must be a JSON object")))
        }
        let id = obj["id"]
        do {
            return Parsed(id: id, result: .success(try command(from: obj)))
        } catch {
            return Parsed(id: id, result: .failure(error))
        }
    }

    private static func command(from obj: [String: ParsedJSON]) throws(ControlError) -> ControlCommand {
        guard let cmdValue = obj["cmd"] else { throw ControlError("missing \"cmd\"") }
        guard case .string(let cmd) = cmdValue else { throw ControlError("\"cmd\" must be a string") }
        guard let allowed = fields[cmd] else {
            var msg = "unknown command \"\(cmd)\""
            if let near = suggestion(cmd, in: Array(fields.keys)) { msg += " (did you mean \"\(near)\"?)" }
            throw ControlError(msg)
        }
        for key in obj.keys.sorted() where key != "cmd" && key != "id" && !allowed.contains(key) {
            var msg = "unknown field \"\(key)\" in \"\(cmd)\""
            if let near = suggestion(key, in: allowed) { msg += " (did you mean \"\(near)\"?)" }
            throw ControlError(msg)
        }
        let f = Fields(cmd: cmd, obj: obj)
        switch cmd {
        case "set_popup_item":
            let title = try f.string("title"), subtitle = try f.string("subtitle")
            let progress = try f.number("progress")
            if let p = progress, !(0...1).contains(p) { throw ControlError("\"progress\" must be a number from 0 to 1") }
            if title == nil && subtitle == nil && progress == nil {
                throw ControlError("\"set_popup_item\" needs at least one of \"title\", \"subtitle\", \"progress\"")
            }
            return .setPopupItem(target: try f.target(), title: title, subtitle: subtitle, progress: progress)
        case "present_bar": return .presentBar(target: try f.target(), animated: try f.animated())
        case "dismiss_bar": return .dismissBar(target: try f.target(), animated: try f.animated())
        case "open":
            let side = try f.choice("side", Side.self)
            return .open(target: try f.target(), side: side, animated: try f.animated())
        case "close": return .close(target: try f.target(), animated: try f.animated())
        case "push": return .push(target: try f.target(), page: try f.required("page"), animated: try f.animated())
        case "pop": return .pop(target: try f.target(), animated: try f.animated())
        case "set_position":
            guard let position = try f.choice("position", DrawerPosition.self) else {
                throw ControlError("\"set_position\" needs \"position\" (one of \(f.list(DrawerPosition.self)))")
            }
            return .setDrawerPosition(target: try f.target(), position: position, animated: try f.animated())
        case "replace_content": return .replaceContent(target: try f.target(), page: try f.required("page"))
        case "snap":
            guard let a = try f.number("anchor") else { throw ControlError("\"snap\" needs \"anchor\" (an anchor index, 0 = top-most)") }
            guard a >= 0, a == a.rounded(), a < 1000 else { throw ControlError("\"anchor\" must be a whole number from 0") }
            return .snapSheet(target: try f.target(), anchor: Int(a), animated: try f.animated())
        case "subscribe": return .subscribe
        default: return .unsubscribe
        }
    }

    /// Typed access to a command's fields with exact messages.
    private struct Fields {
        let cmd: String
        let obj: [String: ParsedJSON]

        func string(_ key: String) throws(ControlError) -> String? {
            guard let v = obj[key] else { return nil }
            guard case .string(let s) = v else { throw ControlError("\"\(key)\" must be a string") }
            return s
        }
        func required(_ key: String) throws(ControlError) -> String {
            guard let s = try string(key), !s.isEmpty else { throw ControlError("\"\(cmd)\" needs \"\(key)\" (a string)") }
            return s
        }
        func target() throws(ControlError) -> String { try required("target") }
        func number(_ key: String) throws(ControlError) -> Double? {
            guard let v = obj[key] else { return nil }
            guard case .number(let d) = v, d.isFinite else { throw ControlError("\"\(key)\" must be a number") }
            return d
        }
        func animated() throws(ControlError) -> Bool {
            guard let v = obj["animated"] else { return true }
            guard case .bool(let b) = v else { throw ControlError("\"animated\" must be true or false") }
            return b
        }
        func list<E: RawRepresentable & CaseIterable>(_: E.Type) -> String where E.RawValue == String {
            E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        }
        func choice<E: RawRepresentable & CaseIterable>(_ key: String, _ type: E.Type) throws(ControlError) -> E? where E.RawValue == String {
            guard let s = try string(key) else { return nil }
            if let e = E(rawValue: s) { return e }
            var msg = "\"\(key)\" must be one of \(list(type))"
            if let near = suggestion(s, in: E.allCases.map(\.rawValue)) { msg += " (did you mean \"\(near)\"?)" }
            throw ControlError(msg)
        }
    }

    /// The closest candidate for a "did you mean": optimal-string-alignment distance (a swap
    /// of two neighbours counts once, the typical typo in a hand-typed command) of at most 1
    /// for short words and 2 from five letters.
    static func suggestion(_ word: String, in candidates: [String]) -> String? {
        var best: (String, Int)?
        for c in candidates.sorted() {
            let d = osaDistance(Array(word.lowercased().unicodeScalars), Array(c.lowercased().unicodeScalars))
            let limit = min(word.count, c.count) >= 4 ? 2 : 1
            if d <= limit, best == nil || d < best!.1 { best = (c, d) }
        }
        return best?.0
    }

    private static func osaDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
