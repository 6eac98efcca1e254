import DrawerRuntime
import PanelRenderer
/// One request of the control-socket protocol: a JSON object on one line with a `cmd` and
/// its fields, and optionally an `id` (any JSON value) echoed in the reply:
///
///     {"cmd":"set_popup_item","target":"player","title":"Song","subtitle":"Artist","progress":0.4}
///     {"cmd":"present_bar","target":"player"}        {"cmd":"dismiss_bar","target":"player"}
///     {"cmd":"open","target":"player"}               {"cmd":"open","target":"menu","side":"left"}
///     {"cmd":"close","target":"menu"}
///     {"cmd":"push","target":"sheet","page":"details"}   {"cmd":"pop","target":"sheet"}
///     {"cmd":"set_position","target":"drawer","position":"open"}
///     {"cmd":"replace_content","target":"menu","page":"settings"}   (side drawer: "animated": false swaps in place)
///     {"cmd":"bounce","target":"menu","side":"left"}     (side drawer: "side" only when it has two)
///     {"cmd":"set_drawer","target":"menu","side":"right","page":"alerts"}
///     {"cmd":"remove_drawer","target":"menu","side":"right"}
///     {"cmd":"set_stylers","target":"menu","side":"left","stylers":["parallax","fade"],"closed_alpha":0.2}
///     {"cmd":"set_positions","target":"drawer","positions":["collapsed","open"]}
///     {"cmd":"replace_background","target":"drawer","page":"map"}
///     {"cmd":"snap","target":"sheet","anchor":0}
///     {"cmd":"set_anchors","target":"sheet","anchors":["default_expanded","ratio 0.6"],"snap_to":1}
///     {"cmd":"pop_to","target":"sheet","page":"root"}
///     {"cmd":"set_gesture","target":"modal","enabled":false}
///     {"cmd":"subscribe"}   {"cmd":"unsubscribe"}     (the event log's lines, docs/formats.md)
///     {"cmd":"set","id":"next","text":"08:12"}        (content by id; `id` names the node)
///     {"cmd":"insert_rows","id":"board","at":0,"rows":[{"title":"S1 Airport"}]}
///     {"cmd":"remove_rows","id":"board","at":0,"count":1}
///     {"cmd":"update_row","id":"board","at":2,"subtitle":"+5 min"}
///     {"cmd":"set_values","values":{"next_train":"08:12","departures":[{"title":"S1"}]}}
///
/// Commands that move things take `"animated": false` to jump (default true).
/// docs/deploy.md documents the protocol for users.
public enum ControlCommand: Equatable, Sendable {
    /// Bottom drawer positions (docs/components.md, Bottom drawer B1).
    public enum DrawerPosition: String, Equatable, Sendable, CaseIterable {
        case collapsed, partiallyRevealed, open, closed
    }
    /// Side drawer directions.
    public enum Side: String, Equatable, Sendable, CaseIterable { case left, right, top, bottom }

    /// Changes the popup bar's item; nil fields stay as they are. `playing` picks the play/pause
    /// glyph (docs/components.md, Popup bar PB29).
    case setPopupItem(target: String, title: String?, subtitle: String?, progress: Double?, playing: Bool? = nil)
    /// Lays the set fields of `appearance` over the popup bar's look (Popup bar PB30).
    case setPopupAppearance(target: String, appearance: PopupBarAppearance)
    /// Shrinks the popup bar to its minimized pill, or brings it back (Popup bar PB31).
    case minimizeBar(target: String)
    case expandBar(target: String)
    case presentBar(target: String, animated: Bool)
    case dismissBar(target: String, animated: Bool)
    /// Opens a popup, or a side drawer towards `side` (nil: its only / first side).
    case open(target: String, side: Side?, animated: Bool)
    case close(target: String, animated: Bool)
    case push(target: String, page: String, animated: Bool)
    case pop(target: String, animated: Bool)
    case setDrawerPosition(target: String, position: DrawerPosition, animated: Bool)
    /// Replaces a component's content (a side drawer's pane, a bottom drawer's content) with
    /// a page. A side drawer's pane not `animated` swaps where it is (nothing moves); a
    /// bottom drawer cross-fades unless `animated` is false.
    case replaceContent(target: String, page: String, animated: Bool = true)
    /// Bounces a side drawer's closed pane toward `side` (nil: its only side), or a bottom
    /// drawer (no side).
    case bounce(target: String, side: Side?)
    /// Puts page `page` in a side drawer's drawer on `side` (adding a drawer there).
    case setDrawer(target: String, side: Side, page: String)
    /// Takes away a side drawer's drawer on `side`, closing the pane first if it is open toward it.
    case removeDrawer(target: String, side: Side, animated: Bool)
    /// Sets the stylers of a side drawer's drawer on `side` (exactly these), and the
    /// parameters given (app-file keys: `parallax_offset_fraction`, `closed_alpha`,
    /// `closed_scale`, `shadow_radius`, `shadow_opacity`) and shadow colour; the others keep
    /// their values.
    case setStylers(target: String, side: Side, stylers: Set<PaneStyler>, parameters: [String: Double], shadowColor: Color?)
    /// Changes a bottom drawer's supported positions (docs/components.md, Bottom drawer B2).
    case setDrawerPositions(target: String, positions: [DrawerPosition])
    /// Shows a bottom drawer's background page under it, cross-fading unless `animated` is
    /// false.
    case replaceBackground(target: String, page: String, animated: Bool = true)
    /// Moves a sheet to anchor `anchor` (0 = top-most).
    case snapSheet(target: String, anchor: Int, animated: Bool)
    /// Replaces a sheet's anchors; the card goes to anchor `snapTo` of the new list, or (nil)
    /// to the one nearest to where it is.
    case setAnchors(target: String, anchors: [SheetAnchor], snapTo: Int?, animated: Bool)
    /// Pops a sheet's pages above the page `page`.
    case popTo(target: String, page: String, animated: Bool)
    /// Adds or removes a swipe-to-dismiss card's swipe-down gesture.
    case setGesture(target: String, enabled: Bool)
    /// Changes properties of the content node `id` (see `ContentProperties`).
    case set(id: String, ContentProperties)
    /// Inserts rows into the list `id` before row `at`.
    case insertRows(id: String, at: Int, rows: [ContentSpec.Row], animated: Bool)
    /// Removes `count` rows of the list `id` from row `at`.
    case removeRows(id: String, at: Int, count: Int, animated: Bool)
    /// Changes fields of row `at` of the list `id`; nil fields stay.
    case updateRow(id: String, at: Int, RowChange)
    /// Sets named values, all in the same frame.
    case setValues([String: LiveValue])
    /// Start / stop receiving event lines. Handled by `ControlSocket` itself.
    case subscribe
    case unsubscribe
    /// A command about the kiosk itself (status, screenshot, brightness, ...), answered by
    /// the loop with extra reply fields (`ServiceCommand`).
    case service(ServiceCommand)

    /// What `set` may change; which fields a node takes depends on its kind (`LiveContent`).
    public struct ContentProperties: Equatable, Sendable {
        /// A label's text (may show `{name}`s).
        public var text: String?
        /// A button's title.
        public var title: String?
        public var subtitle: String?
        /// A list's rows, all replaced.
        public var rows: [ContentSpec.Row]?
        /// A progress bar's value, 0 to 1.
        public var value: Double?
        /// An image's file.
        public var path: String?
        public var hidden: Bool?
        /// A label's tone.
        public var tone: ContentSpec.Tone?
        /// A label's colour.
        public var color: Color?

        /// Only the fields given change; which a node takes depends on its kind.
        public init(text: String? = nil, title: String? = nil, subtitle: String? = nil, rows: [ContentSpec.Row]? = nil,
                    value: Double? = nil, path: String? = nil, hidden: Bool? = nil, tone: ContentSpec.Tone? = nil,
                    color: Color? = nil) {
            self.text = text; self.title = title; self.subtitle = subtitle; self.rows = rows; self.value = value
            self.path = path; self.hidden = hidden; self.tone = tone; self.color = color
        }

        static let names = ["text", "title", "subtitle", "rows", "value", "path", "hidden", "tone", "color"]
        /// The names given, in `names` order (for messages).
        var given: [String] {
            let present: [Bool] = [text != nil, title != nil, subtitle != nil, rows != nil, value != nil, path != nil,
                                   hidden != nil, tone != nil, color != nil]
            return zip(Self.names, present).filter(\.1).map(\.0)
        }
    }

    /// What `update_row` may change.
    public struct RowChange: Equatable, Sendable {
        public var title: String?
        public var subtitle: String?
        public var icon: String?
        public var action: String?

        /// Only the fields given change.
        public init(title: String? = nil, subtitle: String? = nil, icon: String? = nil, action: String? = nil) {
            self.title = title; self.subtitle = subtitle; self.icon = icon; self.action = action
        }
        static let names = ["title", "subtitle", "icon", "action"]
    }

    /// Whether the command should wake a blanked screen and count as activity for
    /// `IdleBlanker` (pass it to `activity(at:)`): commands that bring something new in front
    /// of the user do; background updates (a progress tick every second) and dismissals do
    /// not, or a playing song would keep the screen on forever.
    var wakesScreen: Bool {
        switch self {
        case .presentBar, .open, .push, .setDrawerPosition, .replaceContent, .snapSheet, .bounce, .replaceBackground,
             .setAnchors: true
        // A drawer's contents and looks change what a gesture will show, not what is shown;
        // which positions the drawer offers is configuration, not something new in front.
        case .setDrawer, .removeDrawer, .setStylers, .setDrawerPositions: false
        case .setPopupItem, .dismissBar, .close, .pop, .popTo, .setGesture, .subscribe, .unsubscribe: false
        // The bar's look and size change what is on screen, not what is in front of the user.
        case .setPopupAppearance, .minimizeBar, .expandBar: false
        // Live content is background data (a departure time, a queue number).
        case .set, .insertRows, .removeRows, .updateRow, .setValues: false
        // `wake` wakes on its own; the others are about the kiosk, not in front of the user.
        case .service: false
        }
    }

    /// The `cmd` names and the fields each accepts besides `cmd` and `id`.
    static let fields: [String: [String]] = [
        "set_popup_item": ["target", "title", "subtitle", "progress", "playing"],
        "set_popup_appearance": ["target"] + PopupBarAppearance.keys,
        "minimize_bar": ["target"],
        "expand_bar": ["target"],
        "present_bar": ["target", "animated"],
        "dismiss_bar": ["target", "animated"],
        "open": ["target", "side", "animated"],
        "close": ["target", "animated"],
        "push": ["target", "page", "animated"],
        "pop": ["target", "animated"],
        "set_position": ["target", "position", "animated"],
        "replace_content": ["target", "page", "animated"],
        "bounce": ["target", "side"],
        "set_drawer": ["target", "side", "page"],
        "remove_drawer": ["target", "side", "animated"],
        "set_stylers": ["target", "side", "stylers", "shadow_color"] + SideDrawerSideConfig.Style.ranges.map(\.key),
        "set_positions": ["target", "positions"],
        "replace_background": ["target", "page", "animated"],
        "snap": ["target", "anchor", "animated"],
        "set_anchors": ["target", "anchors", "snap_to", "animated"],
        "pop_to": ["target", "page", "animated"],
        "set_gesture": ["target", "enabled"],
        "subscribe": [],
        "unsubscribe": [],
        "set": ContentProperties.names,
        "insert_rows": ["at", "rows", "animated"],
        "remove_rows": ["at", "count", "animated"],
        "update_row": ["at"] + RowChange.names,
        "set_values": ["values"],
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
        let value: ParsedJSON
        do { value = try ParsedJSON.parseOrExplain(line) } catch {
            // A line is one message: the byte's column says where it stopped being JSON.
            return Parsed(id: nil, result: .failure(ControlError("malformed JSON at column \(error.offset + 1): \(error.message)")))
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
        if ServiceCommand.fields[cmd] != nil { return .service(try ServiceCommand.parse(cmd: cmd, obj)) }
        guard let allowed = fields[cmd] else {
            var msg = "unknown command \"\(cmd)\""
            if let near = suggestion(cmd, in: Array(fields.keys) + Array(ServiceCommand.fields.keys)) { msg += " (did you mean \"\(near)\"?)" }
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
            let playing = try f.bool("playing")
            if title == nil && subtitle == nil && progress == nil && playing == nil {
                throw ControlError("\"set_popup_item\" needs at least one of \"title\", \"subtitle\", \"progress\", \"playing\"")
            }
            return .setPopupItem(target: try f.target(), title: title, subtitle: subtitle, progress: progress, playing: playing)
        case "set_popup_appearance":
            // The same keys and checks as a touch script's `set_appearance`: each value is
            // read as the word a script would give (numbers, colours, "x,y", true/false).
            var a = PopupBarAppearance()
            var any = false
            for key in PopupBarAppearance.keys {
                guard let v = obj[key] else { continue }
                let word: String
                switch v {
                case .string(let s): word = s
                case .number(let d): word = String(d)
                case .bool(let b): word = b ? "true" : "false"
                case .array(let items) where key == "shadow_offset":
                    let xy = items.compactMap { if case .number(let d) = $0 { d } else { nil } }
                    guard xy.count == 2, items.count == 2 else { throw ControlError("\"shadow_offset\" must be [x, y] in points") }
                    word = "\(xy[0]),\(xy[1])"
                case .array, .object, .null: throw ControlError("\"\(key)\" must be a number, a colour string or true/false")
                }
                do throws(ActionError) { try a.set(key, word: word) } catch { throw ControlError(error.message) }
                any = true
            }
            guard any else {
                throw ControlError("\"set_popup_appearance\" needs at least one of \(PopupBarAppearance.keys.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            return .setPopupAppearance(target: try f.target(), appearance: a)
        case "minimize_bar": return .minimizeBar(target: try f.target())
        case "expand_bar": return .expandBar(target: try f.target())
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
        case "replace_content":
            return .replaceContent(target: try f.target(), page: try f.required("page"), animated: try f.animated())
        case "bounce": return .bounce(target: try f.target(), side: try f.choice("side", Side.self))
        case "set_drawer":
            return .setDrawer(target: try f.target(), side: try f.side(), page: try f.required("page"))
        case "remove_drawer":
            return .removeDrawer(target: try f.target(), side: try f.side(), animated: try f.animated())
        case "set_stylers":
            guard case .array(let names)? = obj["stylers"] else {
                throw ControlError("\"set_stylers\" needs \"stylers\" (an array of \(f.list(PaneStyler.self)); [] for none)")
            }
            var stylers: Set<PaneStyler> = []
            for n in names {
                guard case .string(let s) = n, let st = PaneStyler(rawValue: s) else {
                    throw ControlError("\"stylers\" takes \(f.list(PaneStyler.self))")
                }
                stylers.insert(st)
            }
            var parameters: [String: Double] = [:]
            for (key, range) in SideDrawerSideConfig.Style.ranges {
                guard let v = try f.number(key) else { continue }
                guard range.contains(v) else { throw ControlError("\"\(key)\" must be a number from \(range.lowerBound) to \(range.upperBound)") }
                parameters[key] = v
            }
            var color: Color?
            if let c = try f.string("shadow_color") {
                guard let parsed = Color(hex: c) else { throw ControlError("\"shadow_color\" must be \"#rrggbb\" or \"#rrggbbaa\"") }
                color = parsed
            }
            return .setStylers(target: try f.target(), side: try f.side(), stylers: stylers, parameters: parameters,
                               shadowColor: color)
        case "set_positions":
            let names = "an array of \(f.list(DrawerPosition.self))"
            guard let v = obj["positions"] else { throw ControlError("\"set_positions\" needs \"positions\" (\(names))") }
            guard case .array(let items) = v, !items.isEmpty, items.count <= 4 else {
                throw ControlError("\"positions\" must be \(names), 1 to 4 of them")
            }
            var positions: [DrawerPosition] = []
            for item in items {
                guard case .string(let word) = item, let p = DrawerPosition(rawValue: word) else {
                    throw ControlError("\"positions\" must be \(names)")
                }
                guard !positions.contains(p) else { throw ControlError("\"positions\" has \"\(word)\" twice") }
                positions.append(p)
            }
            return .setDrawerPositions(target: try f.target(), positions: positions)
        case "replace_background":
            return .replaceBackground(target: try f.target(), page: try f.required("page"), animated: try f.animated())
        case "snap":
            guard let a = try f.number("anchor") else { throw ControlError("\"snap\" needs \"anchor\" (an anchor index, 0 = top-most)") }
            guard a >= 0, a == a.rounded(), a < 1000 else { throw ControlError("\"anchor\" must be a whole number from 0") }
            return .snapSheet(target: try f.target(), anchor: Int(a), animated: try f.animated())
        case "set_anchors":
            guard case .array(let items)? = obj["anchors"] else {
                throw ControlError("\"set_anchors\" needs \"anchors\" (an array of anchors as in the app file, e.g. [\"default_expanded\", \"ratio 0.5\"])")
            }
            guard !items.isEmpty, items.count <= 100 else { throw ControlError("\"anchors\" must list 1 to 100 anchors") }
            var anchors: [SheetAnchor] = []
            for item in items {
                guard case .string(let text) = item, let anchor = SheetAnchor(text) else {
                    throw ControlError("\"anchors\" must list anchors, each one of \(SheetAnchor.spellings)")
                }
                anchors.append(anchor)
            }
            var snapTo: Int?
            if let i = try f.number("snap_to") {
                guard i >= 0, i == i.rounded(), i < Double(anchors.count) else {
                    throw ControlError("\"snap_to\" must be an index of the new anchors, 0 to \(anchors.count - 1)")
                }
                snapTo = Int(i)
            }
            return .setAnchors(target: try f.target(), anchors: anchors, snapTo: snapTo, animated: try f.animated())
        case "pop_to": return .popTo(target: try f.target(), page: try f.required("page"), animated: try f.animated())
        case "set_gesture":
            guard let enabled = try f.bool("enabled") else { throw ControlError("\"set_gesture\" needs \"enabled\" (true or false)") }
            return .setGesture(target: try f.target(), enabled: enabled)
        case "subscribe": return .subscribe
        case "unsubscribe": return .unsubscribe
        case "set":
            let id = try f.nodeID()
            var p = ContentProperties()
            p.text = try f.text("text")
            p.title = try f.text("title")
            p.subtitle = try f.text("subtitle")
            p.rows = try obj["rows"].map { v throws(ControlError) in try Fields.rows(v, key: "rows") }
            if let v = try f.number("value") {
                guard (0...1).contains(v) else { throw ControlError("\"value\" must be a number from 0 to 1") }
                p.value = v
            }
            p.path = try f.path("path")
            if p.path?.isEmpty == true { throw ControlError("\"path\" must name a PNG file") }
            p.hidden = try f.bool("hidden")
            p.tone = try f.choice("tone", ContentSpec.Tone.self)
            if let c = try f.string("color") {
                guard let color = Color(hex: c) else { throw ControlError("\"color\" must be \"#rrggbb\" or \"#rrggbbaa\"") }
                p.color = color
            }
            if p.given.isEmpty {
                throw ControlError("\"set\" needs at least one property (\(ContentProperties.names.map { "\"\($0)\"" }.joined(separator: ", ")))")
            }
            return .set(id: id, p)
        case "insert_rows":
            guard let rows = obj["rows"] else { throw ControlError("\"insert_rows\" needs \"rows\" (an array of row objects)") }
            return .insertRows(id: try f.nodeID(), at: try f.index("at"), rows: try Fields.rows(rows, key: "rows"),
                               animated: try f.animated())
        case "remove_rows":
            guard obj["count"] != nil else { throw ControlError("\"remove_rows\" needs \"count\" (how many rows)") }
            return .removeRows(id: try f.nodeID(), at: try f.index("at"), count: try f.index("count"), animated: try f.animated())
        case "update_row":
            let change = RowChange(title: try f.text("title"), subtitle: try f.text("subtitle"), icon: try f.path("icon"),
                                   action: try f.text("action"))
            if change == RowChange() {
                throw ControlError("\"update_row\" needs at least one of \(RowChange.names.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            return .updateRow(id: try f.nodeID(), at: try f.index("at"), change)
        default:   // "set_values", the last name in `fields`
            guard let v = obj["values"] else { throw ControlError("\"set_values\" needs \"values\" (an object of names and values)") }
            return .setValues(try Fields.values(v))
        }
    }

    /// A JSON object of named values (`set_values`, the data file): text for strings,
    /// numbers and booleans, rows for an array of row objects.
    static func values(from v: ParsedJSON) throws(ControlError) -> [String: LiveValue] { try Fields.values(v) }

    /// Typed access to a command's fields with exact messages.
    private struct Fields {
        let cmd: String
        let obj: [String: ParsedJSON]

        func string(_ key: String) throws(ControlError) -> String? {
            guard let v = obj[key] else { return nil }
            guard case .string(let s) = v else { throw ControlError("\"\(key)\" must be a string") }
            return s
        }
        /// A text shown on screen: at most `LiveLimits.maxTextBytes`.
        func text(_ key: String) throws(ControlError) -> String? {
            guard let s = try string(key) else { return nil }
            try Fields.checkText(s, key: key)
            return s
        }
        static func checkText(_ s: String, key: String) throws(ControlError) {
            if s.utf8.count > LiveLimits.maxTextBytes {
                throw ControlError("\"\(key)\" is \(s.utf8.count) bytes; a text is at most \(LiveLimits.maxTextBytes)")
            }
        }
        /// A file's path (an image, an icon): a text that no system call would cut short. JSON
        /// can carry `\u0000`; the kernel reads a path up to its first NUL, so
        /// `x.png\u0000.toml` named `x.png` to the system and something else in the reply.
        func path(_ key: String) throws(ControlError) -> String? {
            guard let s = try text(key) else { return nil }
            try Fields.checkPath(s, key: key)
            return s
        }
        static func checkPath(_ s: String, key: String) throws(ControlError) {
            if s.utf8.contains(0) {
                throw ControlError("\"\(key)\" contains a NUL character (\\u0000), which no file path can hold")
            }
        }
        func bool(_ key: String) throws(ControlError) -> Bool? {
            guard let v = obj[key] else { return nil }
            guard case .bool(let b) = v else { throw ControlError("\"\(key)\" must be true or false") }
            return b
        }
        /// The content node a content command addresses (its `id`).
        func nodeID() throws(ControlError) -> String {
            guard let v = obj["id"] else { throw ControlError("\"\(cmd)\" needs \"id\" (the content node's id)") }
            guard case .string(let s) = v, !s.isEmpty else { throw ControlError("\"id\" must be a content node's id (a string)") }
            return s
        }
        /// A row index or count: a whole number from 0.
        func index(_ key: String) throws(ControlError) -> Int {
            guard let d = try number(key) else { throw ControlError("\"\(cmd)\" needs \"\(key)\" (a whole number from 0)") }
            guard d >= 0, d == d.rounded(), d <= Double(LiveLimits.maxRows) else {
                throw ControlError("\"\(key)\" must be a whole number from 0 to \(LiveLimits.maxRows)")
            }
            return Int(d)
        }
        /// Rows as in the app file: objects with `title` and optional `subtitle`, `icon`, `action`.
        static func rows(_ v: ParsedJSON, key: String) throws(ControlError) -> [ContentSpec.Row] {
            guard case .array(let items) = v else { throw ControlError("\"\(key)\" must be an array of row objects") }
            guard items.count <= LiveLimits.maxRows else {
                throw ControlError("\"\(key)\" has \(items.count) rows; a list has at most \(LiveLimits.maxRows)")
            }
            var rows: [ContentSpec.Row] = []
            for (i, item) in items.enumerated() {
                guard case .object(let o) = item else { throw ControlError("\"\(key)\"[\(i)] must be an object with \"title\"") }
                for k in o.keys.sorted() where !RowChange.names.contains(k) {
                    var m = "\"\(key)\"[\(i)] has an unknown field \"\(k.clippedForMessage())\" (a row has \(RowChange.names.map { "\"\($0)\"" }.joined(separator: ", ")))"
                    if let near = suggestion(k, in: RowChange.names) { m += " (did you mean \"\(near)\"?)" }
                    throw ControlError(m)
                }
                let r = Fields(cmd: "\(key)[\(i)]", obj: o)
                do throws(ControlError) {
                    guard let title = try r.text("title") else { throw ControlError("needs \"title\"") }
                    rows.append(ContentSpec.Row(title: title, subtitle: try r.text("subtitle"), icon: try r.path("icon"),
                                                action: try r.text("action")))
                } catch { throw ControlError("\"\(key)\"[\(i)]: \(error.message)") }
            }
            return rows
        }
        static func values(_ v: ParsedJSON) throws(ControlError) -> [String: LiveValue] {
            guard case .object(let o) = v else { throw ControlError("\"values\" must be an object of names and values") }
            guard o.count <= LiveLimits.maxValues else {
                throw ControlError("\"values\" names \(o.count) values; at most \(LiveLimits.maxValues) at once")
            }
            var out: [String: LiveValue] = [:]
            for name in o.keys.sorted() {
                guard ContentID.isValid(name) else {
                    throw ControlError("\"\(name.clippedForMessage())\" is not a value name (letters, digits, '_', '-', '.'; at most \(ContentID.maxLength))")
                }
                switch o[name]! {
                case .string(let s):
                    try checkText(s, key: name)
                    out[name] = .text(s)
                case .number(let d):
                    guard d.isFinite else { throw ControlError("\"\(name)\" must be a finite number") }
                    out[name] = .text(d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d))
                case .bool(let b): out[name] = .text(b ? "true" : "false")
                case .array(let a): out[name] = .rows(try rows(.array(a), key: name))
                case .null, .object:
                    throw ControlError("\"\(name)\" must be a text, a number, a boolean or an array of rows (values do not nest)")
                }
            }
            return out
        }
        func required(_ key: String) throws(ControlError) -> String {
            guard let s = try string(key), !s.isEmpty else { throw ControlError("\"\(cmd)\" needs \"\(key)\" (a string)") }
            return s
        }
        func target() throws(ControlError) -> String { try required("target") }
        /// A side drawer's side, required.
        func side() throws(ControlError) -> Side {
            guard let s = try choice("side", Side.self) else { throw ControlError("\"\(cmd)\" needs \"side\" (one of \(list(Side.self)))") }
            return s
        }
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
        Suggestion.nearest(word, in: candidates)
    }
}
