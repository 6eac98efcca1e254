#if canImport(Glibc)
import Glibc
#endif
import DrawerRuntime
import PanelRenderer

/// An app file: the screens of one kiosk (docs/config.md; the shipped examples:
/// docs/formats.md, Example files).
public struct AppConfig: Sendable {
    /// What is drawn behind everything: a colour, a vertical gradient or an image file.
    public enum BackgroundSpec: Equatable, Sendable {
        case color(Color)
        case gradient(top: Color, bottom: Color)
        case image(path: String)
    }

    /// The app file it was read from; relative paths in it were resolved against its folder.
    /// Empty for an app built in code (its paths are used as given).
    public internal(set) var path: String
    /// `name`: shown in logs and the systemd status.
    public var name = "panel-kiosk"
    /// `theme`: a theme file (docs/config.md, Theme file); nil: the built-in light or dark theme.
    public var themePath: String?
    /// `appearance`: "light" or "dark".
    public var appearance = "light"
    /// A theme made in code; when set it wins over `themePath` and `appearance`.
    public var theme: Theme?
    /// `layout_direction`: right-to-left mirrors the components and content.
    public var direction = LayoutDirection.leftToRight
    /// nil: the theme's background colour for the chosen appearance.
    public var background: BackgroundSpec?
    /// `[background] content`: content shown behind the components.
    public var backgroundContent: ContentSpec?
    /// The `[[component]]`s, bottom to top.
    public var components: [ComponentSpec] = []
    /// `[control] socket`: where the control socket listens (nil: the default path).
    public var controlSocket: String?
    var controlSocketMode = 0o660
    /// `idle_reset_s`: seconds without a touch after which every component goes home.
    public var idleResetS: Double?
    /// `[values]`: the named values' starting values.
    public var values: [String: LiveValue] = [:]
    /// `[data] file`: a JSON object of values, applied whenever it changes.
    public var dataFile: String?
    /// The data file is named but could not be read when the app was (missing, or not a JSON
    /// object of values): the names it will give are unknown, so a placeholder with no value
    /// in `[values]` shows nothing until it gives one, rather than stopping the start.
    var dataFileUnread = false
    /// Names only the data file gave, with a sort the content does not take (rows where a
    /// text shows it): left out at start, as if the file had not given them yet. What a
    /// feeding program writes must not stop the start; the running kiosk reads the file at
    /// once and reports the value, naming the file (docs/config.md, "Data file").
    var dataFileIgnored: Set<String> = []
    /// `[mqtt]`: the bridge to a fleet's broker (nil: off).
    var mqtt: MQTTConfig?
    /// Paths written in the file that the shipped systemd unit would hide or refuse
    /// (`ServiceUnitPaths`): `check` prints them, a kiosk run by systemd logs them at start.
    package var serviceUnitWarnings: [Diagnostic] = []

    /// Every content tree of the app: the background's, then each component's.
    var contents: [ContentSpec] { [backgroundContent].compactMap { $0 } + components.flatMap(\.contents) }

    static let componentKinds = ComponentKind.allCases.map(\.rawValue)

    /// Reads and checks an app file; throws every problem found, each naming its line.
    public static func load(path: String) throws(DiagnosticList) -> AppConfig {
        try ConfigLoader.validated(path: path) { parse($0, path: path, sink: $1) }
    }

    /// Whether two paths name the same file (after links, `.` and `..`).
    private static func sameFile(_ a: String, _ b: String) -> Bool {
        guard !b.isEmpty, let ra = realpath(a, nil) else { return false }
        defer { free(ra) }
        guard let rb = realpath(b, nil) else { return false }
        defer { free(rb) }
        return strcmp(ra, rb) == 0
    }

    package static func parse(_ root: ConfigNode, path: String, sink: DiagnosticSink) -> AppConfig {
        var app = AppConfig(path: path)
        let base = directory(of: path)
        guard var top = TableReader(root, name: "", sink: sink) else { return app }
        app.name = top.string("name", default: app.name)
        app.themePath = top.string("theme").map { resolve($0, base) }
        // A missing theme file is the app file's mistake: report it at its `theme` key.
        if let theme = app.themePath, let node = top.raw("theme") {
            if case .string(let given) = node.value, given.isEmpty {
                sink.error(node, "'theme' is empty; name a theme file or leave the key out")
                app.themePath = nil
            } else {
                do { try RegularFile.check(theme) } catch {
                    sink.error(node, "'theme' = '\(theme)': \(error.reason)")
                    app.themePath = nil
                }
                // Read as a theme, the app file itself gave "unknown key 'theme'" at its own
                // line, which did not say why it was read as a theme.
                if app.themePath != nil, sameFile(theme, path) {
                    sink.error(node, "'theme' names this app file itself; a theme is a file of its own ([fonts], [sizes], [light], [dark]: docs/config.md, Theme file)")
                    app.themePath = nil
                }
            }
        }
        app.appearance = top.choice("appearance", ["light", "dark"]) ?? "light"
        app.direction = top.choice("layout_direction", ["ltr", "rtl"]) == "rtl" ? .rightToLeft : .leftToRight
        app.idleResetS = top.double("idle_reset_s", range: 0...86400)
        if var bg = top.table("background") {
            let kinds = ["color", "gradient", "image"].filter { bg.has($0) }
            if kinds.count > 1 { sink.error(bg.node, "[background] takes one of 'color', 'gradient' or 'image', found \(kinds.joined(separator: " and "))") }
            if let c = bg.color("color") { app.background = .color(c) }
            if let g = bg.raw("gradient") {
                if case .array(let items) = g.value, items.count == 2,
                   case .string(let a) = items[0].value, case .string(let b) = items[1].value,
                   let top = Color(hex: a), let bottom = Color(hex: b) {
                    app.background = .gradient(top: top, bottom: bottom)
                } else { sink.error(g, "'gradient' must be two colours [\"#top\", \"#bottom\"]") }
            }
            if let img = bg.string("image") {
                app.background = .image(path: resolve(img, base))
                checkImage(resolve(img, base), key: "image", bg.raw("image") ?? bg.node, sink)
            }
            if var content = bg.table("content") { app.backgroundContent = ContentSpec.parse(&content, baseDir: base) }
            bg.finish()
        }
        if var control = top.table("control") {
            // Relative to the app file's folder, like every path in it (it was the working
            // directory's: started from `/`, the socket landed in /).
            app.controlSocket = control.string("socket").map { $0.isEmpty ? $0 : resolve($0, base) }
            // bind() would refuse it at start; the text alone says so (empty: no socket).
            if let path = app.controlSocket, !path.isEmpty, UnixAddress(path) == nil {
                sink.error(control.place("socket"), "'socket' = '\(path.clippedForMessage())': \(path.utf8.count) bytes; a socket path has at most 107 and no NUL (the size of sun_path)")
            }
            if let m = control.string("mode") {
                if let v = Int(m, radix: 8), v >= 0, v <= 0o777 { app.controlSocketMode = v } else {
                    sink.error(control.place("mode"), "'mode' must be an octal permission string like \"0660\"")
                }
            }
            control.finish()
        }
        if var v = top.table("values") {
            app.values = parseValues(&v, base: base)
        }
        var fileOnly: Set<String> = []
        if var data = top.table("data") {
            if let f = data.string("file"), let node = data.raw("file") {
                let full = resolve(f, base)
                app.dataFile = full
                // Its values count as given (placeholders may name them). Missing or bad is
                // not the app file's problem: the feeding program may not have written it
                // yet, and the kiosk starts with [values] and reports it (check does too).
                // A value keeps the sort [values] gives it, as when the file changes later
                // (the runtime warns about the file's value and keeps the one shown).
                if access(full, F_OK) == 0, let read = try? DataFile.read(full) {
                    let values = showableDataValues(read, base: base)
                    fileOnly = Set(values.keys).subtracting(app.values.keys)
                    app.values.merge(values) { given, file in given.typeName == file.typeName ? file : given }
                } else {
                    app.dataFileUnread = true
                }
                _ = node
            } else if !data.has("file") { sink.error(data.node, "[data] needs 'file' (a JSON file of values)") }
            data.finish()
        }
        if var m = top.table("mqtt") { app.mqtt = MQTTConfig.parse(&m, baseDir: base, sink: sink) }
        var ids: [String: ConfigNode] = [:]
        for var c in top.tables("component") {
            guard let id = c.string("id") else {
                sink.error(c.node, "\(c.name) needs an 'id'"); continue
            }
            if id.isEmpty { sink.error(c.raw("id") ?? c.node, "a component's 'id' must not be empty (commands and events name it)") }
            if let first = ids[id] {
                sink.error(c.node, "duplicate component id '\(id)' (first defined at line \(first.line))")
            }
            ids[id] = c.node
            guard let word = c.choice("kind", componentKinds), let kind = ComponentKind(rawValue: word) else {
                if !c.has("kind") { sink.error(c.node, "component '\(id)' needs 'kind' (one of \(componentKinds.joined(separator: ", ")))") }
                continue
            }
            let named = TableReader(c.node, name: "component '\(id)'", sink: sink)!
            var r = named
            _ = r.string("id"); _ = r.string("kind")
            app.components.append(ComponentSpec.parser(for: kind)(id, &r, base))
            r.finish()
        }
        top.finish()
        let wanted = valueSorts(app)
        for name in fileOnly {
            guard let value = app.values[name], let sorts = wanted[name], sorts != [value.typeName] else { continue }
            app.values[name] = nil
            app.dataFileIgnored.insert(name)
        }
        checkContent(app, sink: sink)
        app.serviceUnitWarnings = ServiceUnitPaths.warnings(root: root)
        return app
    }

    /// The sort ("text" or "rows") each value name must have: the sort its value has, else
    /// how the content shows it when that is one sort. What a data file is held to.
    package var expectedSorts: [String: String] {
        var out: [String: String] = [:]
        for (name, sorts) in Self.valueSorts(self) where sorts.count == 1 { out[name] = sorts.first }
        for (name, value) in values { out[name] = value.typeName }
        return out
    }

    /// The sorts each value name is shown as: "text" in a text's placeholder, "rows" for a
    /// list bound to it.
    static func valueSorts(_ app: AppConfig) -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        for root in app.contents {
            root.forEach { node in
                func text(_ s: String) {
                    if case .success(let t) = Template.parse(s) { for n in t.names { out[n, default: []].insert("text") } }
                }
                switch node.kind {
                case .label(let s, _, _, _, _, _, _): text(s)
                case .button(let title, _, _): text(title)
                case .list(.given(let rows), _): for r in rows { text(r.title); if let s = r.subtitle { text(s) } }
                case .list(.bound(let name), _): out[name, default: []].insert("rows")
                case .image, .progress, .spacer, .stack, .scroll: break
                }
            }
        }
        return out
    }

    /// `[values]`: text (strings, numbers, booleans) or rows (an array of row tables).
    private static func parseValues(_ t: inout TableReader, base: String) -> [String: LiveValue] {
        var out: [String: LiveValue] = [:]
        for key in t.keys {
            guard let node = t.raw(key) else { continue }
            guard ContentID.isValid(key) else {
                t.sink.error(node, "'\(key.clippedForMessage())' is not a value name (letters, digits, '_', '-', '.'; at most \(ContentID.maxLength))")
                continue
            }
            switch node.value {
            case .string(let s):
                if s.utf8.count > LiveLimits.maxTextBytes {
                    t.sink.error(node, "value '\(key)' is \(s.utf8.count) bytes; a text is at most \(LiveLimits.maxTextBytes)")
                }
                out[key] = .text(s)
            case .int(let i): out[key] = .text(String(i))
            case .double(let d): out[key] = .text(d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d))
            case .bool(let b): out[key] = .text(b ? "true" : "false")
            case .array(let items):
                var rows: [ContentSpec.Row] = []
                var icons = IconBudget()
                for item in items {
                    guard var r = TableReader(item, name: "a row of '\(key)'", sink: t.sink) else { continue }
                    if let row = ContentSpec.parseRow(&r, baseDir: base, icons: &icons) { rows.append(row) }
                }
                if rows.count > LiveLimits.maxRows {
                    t.sink.error(node, "value '\(key)' has \(rows.count) rows; a list has at most \(LiveLimits.maxRows)")
                }
                out[key] = .rows(rows)
            case .table, .other:
                t.sink.error(node, "value '\(key)' is \(node.typeName); a value is a text, a number, a boolean or an array of row tables")
            }
        }
        return out
    }

    /// What only the whole app shows: content ids used twice (both places named), texts
    /// whose braces are wrong, and placeholders or bound rows with no value.
    static func checkContent(_ app: AppConfig, sink: DiagnosticSink) {
        var seen: [String: SourcePosition] = [:]
        for root in app.contents {
            root.forEach { node in
                if let id = node.id, !id.isEmpty {
                    if let first = seen[id] {
                        sink.add(node.origin.diagnostic("duplicate content id '\(id)' (first at line \(first.line)\(first.file == node.origin.file ? "" : " of \(first.file)"))"))
                    } else { seen[id] = node.origin }
                }
                let at = node.textOrigin ?? node.origin
                func check(_ text: String, _ key: String) {
                    switch Template.parse(text) {
                    case .failure(let e): sink.add(at.diagnostic("'\(key)': \(e.message)"))
                    case .success(let t):
                        for name in t.names {
                            switch app.values[name] {
                            case nil where app.dataFileUnread || app.dataFileIgnored.contains(name): break
                            case nil: sink.add(at.diagnostic("'\(key)' shows '{\(name)}', which has no value: add it to [values]\(app.dataFile == nil ? "" : " or the data file")\(nearValue(name, app))"))
                            case .rows?: sink.add(at.diagnostic("'\(key)' shows '{\(name)}', which holds rows, not text"))
                            case .text?: break
                            }
                        }
                    }
                }
                switch node.kind {
                case .label(let text, _, _, _, _, _, _): check(text, "text")
                case .button(let title, _, _): check(title, "title")
                case .list(.given(let rows), _):
                    for r in rows { check(r.title, "title"); if let s = r.subtitle { check(s, "subtitle") } }
                case .list(.bound(let name), _):
                    switch app.values[name] {
                    case nil where app.dataFileUnread || app.dataFileIgnored.contains(name): break
                    case nil: sink.add(at.diagnostic("'rows' is bound to '{\(name)}', which has no value: add it to [values] as an array of row tables\(nearValue(name, app))"))
                    case .text?: sink.add(at.diagnostic("'rows' is bound to '{\(name)}', which holds text, not rows"))
                    case .rows?: break
                    }
                case .image, .progress, .spacer, .stack, .scroll: break
                }
            }
        }
    }

    private static func nearValue(_ name: String, _ app: AppConfig) -> String {
        Suggestion.nearest(name, in: Array(app.values.keys)).map { " (did you mean '{\($0)}'?)" } ?? ""
    }
}

/// The data file's values the screen can show at start: row icons resolved against the app's
/// folder, as a live update resolves them (they were left relative, so the start looked for
/// them in the working directory), and a rows value with an icon that cannot be shown left out
/// (the start failed on it; now [values] shows until the runtime, reading the file, reports it
/// with its line and column, as it does for every later update).
private func showableDataValues(_ values: [String: LiveValue], base: String) -> [String: LiveValue] {
    var out: [String: LiveValue] = [:]
    for (name, value) in values {
        switch value {
        case .text:
            out[name] = value
        case .rows(var rows):
            var icons = IconBudget()
            var showable = true
            for i in rows.indices {
                guard let icon = rows[i].icon else { continue }
                let path = resolve(icon, base)
                if imageProblem(path, limit: { icons.refusal(path: path, width: $0, height: $1) }) != nil { showable = false; break }
                rows[i].icon = path
            }
            if showable { out[name] = .rows(rows) }
        }
    }
    return out
}
