import DrawerRuntime
import PanelRenderer

/// The content of a running app that its own program changes: nodes by id (`set`, the row
/// edits) and named values (`set_values`, the data file). Every content view of the screen
/// is registered here with the spec it was made from; a change edits a copy of that spec,
/// makes what the view must show from it (the same path as an app file read at start, so
/// the pixels are the same), and only then swaps it into the view. A change that fails
/// anywhere changes nothing. Views keep their identity, so a component's position, page
/// and scroll never reset because its content changed.
final class LiveContent {
    /// One content view and the spec it shows. `host` is the component id that shows it,
    /// or `background`.
    private struct Root {
        let host: String
        var spec: ContentSpec
        let view: ContentView
        /// The named values the spec refers to (placeholders and bound rows).
        var names: Set<String>
        /// `view` when its rows slide (asked every frame: cast once, not per question).
        let sliding: SlidingContent?

        init(host: String, spec: ContentSpec, view: ContentView, names: Set<String>) {
            self.host = host; self.spec = spec; self.view = view; self.names = names
            sliding = view as? SlidingContent
        }
    }

    static let backgroundHost = "background"
    /// Damage meaning "all of this host's content" (clipped to what the host shows).
    static let everywhere = Rect(-1e7, -1e7, 2e7, 2e7)

    let builder: ContentBuilder
    /// Relative image and icon paths given at run time are read from the app file's folder.
    let baseDir: String
    private(set) var values: [String: LiveValue]
    private var roots: [Root] = []
    private var rootOfID: [String: Int] = [:]
    /// The area of each host's content that changed since `takeDamage` (content points,
    /// unscrolled; `everywhere` when unknown).
    private var damage: [String: Rect] = [:]

    init(builder: ContentBuilder, baseDir: String, values: [String: LiveValue]) {
        self.builder = builder
        self.baseDir = baseDir
        self.values = values
    }

    /// Makes and registers the content view for `spec`, shown by `host`.
    func make(_ spec: ContentSpec, host: String) throws -> ContentView {
        // Layout and drawing recurse through the tree: a tree built in code 3000 stacks deep
        // overflowed the stack. An app file cannot nest this deep (TOML's own limit).
        if spec.depth > ContentSpec.maxDepth {
            throw Failure("\(host): content nested \(spec.depth) deep; at most \(ContentSpec.maxDepth)")
        }
        let view = try builder.makeView(spec, values: values)
        var ids: [String] = []
        spec.forEach { if let id = $0.id { ids.append(id) } }
        for id in ids { rootOfID[id] = roots.count }
        roots.append(Root(host: host, spec: spec, view: view, names: Self.names(in: spec)))
        return view
    }

    /// Every node id the app's content has (for did-you-mean).
    var ids: [String] { rootOfID.keys.sorted() }

    /// Which content changed since the last call, by host.
    func takeDamage() -> [String: Rect] {
        defer { damage = [:] }
        return damage
    }

    // MARK: set by id

    /// `set`: the properties of node `id` that its kind has.
    func set(id: String, _ p: ControlCommand.ContentProperties) throws(ActionError) {
        try edit(id) { node throws(ActionError) in
            var allowed: [String] = ["hidden"]
            switch node.kind {
            case .label(let text, let size, let bold, let color, let tone, let align, let maxLines):
                allowed += ["text", "tone", "color"]
                try Self.only(p, allowed, node)
                let t = try Self.template(p.text ?? text, "text", id)
                node.kind = .label(text: t, size: size, bold: bold, color: p.tone != nil && p.color == nil ? nil : (p.color ?? color),
                                   tone: p.tone ?? tone, align: align, maxLines: maxLines)
            case .button(let title, let action, let style):
                allowed += ["title"]
                try Self.only(p, allowed, node)
                node.kind = .button(title: try Self.template(p.title ?? title, "title", id), action: action, style: style)
            case .list(let rows, let slideMS):
                allowed += ["rows"]
                try Self.only(p, allowed, node)
                if let new = p.rows {
                    if case .bound(let name) = rows {
                        throw ActionError("list '\(id)' shows the value '\(name)': change it with set_values")
                    }
                    node.kind = .list(rows: .given(try checkedRows(new, "rows", id)), slideMS: slideMS)
                }
            case .progress:
                allowed += ["value"]
                try Self.only(p, allowed, node)
                if let v = p.value {
                    guard v >= 0, v <= 1 else { throw ActionError("'\(id)': \"value\" is \(v); a progress is a number from 0 to 1") }
                    node.kind = .progress(value: v)
                }
            case .image(let path, let width, let height, let mode, let radius):
                allowed += ["path"]
                try Self.only(p, allowed, node)
                if let new = p.path {
                    let full = resolve(new, baseDir)
                    try Self.checkImage(full, "path", id)
                    // The same path may hold a new picture (a photo rewritten in place).
                    builder.images.forget(path)
                    builder.images.forget(full)
                    node.kind = .image(path: full, width: width, height: height, mode: mode, cornerRadius: radius)
                }
            case .stack, .spacer, .scroll:
                try Self.only(p, allowed, node)
            }
            if let h = p.hidden { node.hidden = h }
        }
    }

    // MARK: row edits

    func insertRows(id: String, at: Int, rows: [ContentSpec.Row], animated: Bool, time: Instant) throws(ActionError) {
        let resolved = try checkedRows(rows, "rows", id)
        var inserted = 0
        try editRows(id) { list throws(ActionError) in
            guard at >= 0 else { throw ActionError("list '\(id)': \"at\" is \(at); a row index is 0 or more") }
            guard at <= list.count else { throw ActionError("list '\(id)': \"at\" is \(at), past its \(list.count) rows") }
            guard list.count + resolved.count <= LiveLimits.maxRows else {
                throw ActionError("list '\(id)': \(list.count) + \(resolved.count) rows is over the \(LiveLimits.maxRows) a list may have")
            }
            list.insert(contentsOf: resolved, at: at)
            inserted = resolved.count
        }
        if inserted > 0 { startSlide(id, animated: animated, at: time) }
    }

    func removeRows(id: String, at: Int, count: Int, animated: Bool, time: Instant) throws(ActionError) {
        try editRows(id) { list throws(ActionError) in
            // The socket's reader refuses these; the Swift API hands them over as they are.
            guard at >= 0, count >= 0 else { throw ActionError("list '\(id)': \"at\" \(at) and \"count\" \(count) must be 0 or more") }
            guard count <= list.count - at else {
                let (end, overflow) = at.addingReportingOverflow(count)
                throw ActionError("list '\(id)': rows \(at)..<\(overflow ? "Int.max" : String(end)) are not all there (it has \(list.count))")
            }
            list.removeSubrange(at..<(at + count))
        }
        if count > 0 { startSlide(id, animated: animated, at: time) }
    }

    func updateRow(id: String, at: Int, _ change: ControlCommand.RowChange) throws(ActionError) {
        let icon = try change.icon.map { p throws(ActionError) in
            let full = resolve(p, baseDir)
            var icons = IconBudget()
            try Self.checkImage(full, "icon", id) { icons.refusal(path: full, width: $0, height: $1) }
            return full
        }
        try editRows(id) { list throws(ActionError) in
            guard at >= 0, at < list.count else { throw ActionError("list '\(id)': no row \(at) (it has \(list.count))") }
            if let t = change.title { list[at].title = try Self.template(t, "title", id) }
            if let s = change.subtitle { list[at].subtitle = try Self.template(s, "subtitle", id) }
            if let icon { list[at].icon = icon }
            if let a = change.action { list[at].action = a }
        }
    }

    // MARK: named values

    /// Sets values; every view that shows one of them is remade, all before the next frame.
    /// Whether `setValues` would take value `name` as `v` on its own: its sort and, for rows,
    /// their icons. Changes nothing (the data file's reader uses it to name the value, with
    /// its line and column, that a refused update failed on).
    func checkValue(_ name: String, _ v: LiveValue) throws(ActionError) {
        if let old = values[name], old.typeName != v.typeName {
            throw ActionError("value '\(name)' holds \(old.typeName), not \(v.typeName)")
        }
        if case .rows(let rows) = v { _ = try checkedRows(rows, name, name) }
    }

    func setValues(_ new: [String: LiveValue]) throws(ActionError) {
        var merged = values
        for (name, v) in new {
            if let old = values[name], old.typeName != v.typeName {
                throw ActionError("value '\(name)' holds \(old.typeName), not \(v.typeName)")
            }
            if case .rows(let rows) = v { merged[name] = .rows(try checkedRows(rows, name, name)) } else { merged[name] = v }
        }
        // New names are welcome, but not without end: a program inventing one per update
        // would grow the kiosk's memory for ever.
        guard merged.count <= LiveLimits.maxValues else {
            throw ActionError("that makes \(merged.count) named values; an app has at most \(LiveLimits.maxValues)")
        }
        let changed = Set(new.keys.filter { values[$0] != merged[$0] })
        guard !changed.isEmpty else { return }
        // Everything is made first; nothing is shown unless all of it could be.
        var prepared: [(Int, ContentBuilder.Prepared)] = []
        for (i, root) in roots.enumerated() where !root.names.isDisjoint(with: changed) {
            do { prepared.append((i, try builder.prepare(root.spec, values: merged))) } catch {
                throw ActionError("\(changed.sorted().joined(separator: ", ")): \(error)")
            }
        }
        values = merged
        for (i, p) in prepared { show(p, root: i) }
    }

    // MARK: frames

    /// Whether a row slide is under way (the loop keeps drawing).
    var isAnimating: Bool { roots.contains { $0.sliding?.isSliding == true } }

    /// A frame took in the changes of `host`'s content (see `SlidingContent.changeShown`).
    func changesShown(host: String) {
        for root in roots where root.host == host { root.sliding?.changeShown() }
    }

    /// Moves row slides to `time`.
    func advance(to time: Instant) {
        for i in roots.indices {
            guard let view = roots[i].sliding, view.isSliding else { continue }
            view.advance(to: time)
            markDamaged(i, Self.everywhere)
        }
    }

    // MARK: private

    /// Edits the spec of the node `id`, then shows it; a throw leaves everything as it was.
    private func edit(_ id: String, _ body: (inout ContentSpec) throws(ActionError) -> Void) throws(ActionError) {
        guard let i = rootOfID[id] else {
            var m = "no content node '\(id.clippedForMessage())'"
            if let near = Suggestion.nearest(id, in: ids) { m += " (did you mean '\(near)'?)" }
            throw ActionError(m)
        }
        var spec = roots[i].spec
        var failure: ActionError?
        let found = spec.modify(id: id) { node in
            do throws(ActionError) { try body(&node) } catch { failure = error }
        }
        if let failure { throw failure }
        guard found else { throw ActionError("no content node '\(id)'") }
        let prepared: ContentBuilder.Prepared
        do { prepared = try builder.prepare(spec, values: values) } catch { throw ActionError("'\(id)': \(error)") }
        roots[i].spec = spec
        roots[i].names = Self.names(in: spec)
        show(prepared, root: i)
    }

    private func editRows(_ id: String, _ body: (inout [ContentSpec.Row]) throws(ActionError) -> Void) throws(ActionError) {
        try edit(id) { node throws(ActionError) in
            guard case .list(let rows, let slideMS) = node.kind else {
                throw ActionError("'\(id)' is a \(node.kind.name), not a list")
            }
            guard case .given(var list) = rows else {
                if case .bound(let name) = rows { throw ActionError("list '\(id)' shows the value '\(name)': change it with set_values") }
                return
            }
            try body(&list)
            node.kind = .list(rows: .given(list), slideMS: slideMS)
        }
    }

    private func show(_ prepared: ContentBuilder.Prepared, root i: Int) {
        markDamaged(i, builder.apply(prepared, to: roots[i].view))
    }

    private func markDamaged(_ i: Int, _ r: Rect) {
        guard !r.isEmpty else { return }
        let host = roots[i].host
        damage[host] = damage[host].map { $0.union(r) } ?? r
    }

    /// What the row edit of list `id` moved slides into place over the list's `slide_ms`
    /// (`animated: false`: at once).
    private func startSlide(_ id: String, animated: Bool, at time: Instant) {
        guard let i = rootOfID[id], let view = roots[i].sliding else { return }
        var slideMS = 0.0
        roots[i].spec.forEach { node in
            if node.id == id, case .list(_, let ms) = node.kind { slideMS = ms }
        }
        // Held to the app file's 0...2000 ms: a list built in code may carry any number
        // (an infinite slide never ended; NaN is no slide).
        let ms = slideMS.isNaN ? 0 : min(2000, max(0, slideMS))
        view.slideAfterRowChange(durationMS: animated ? ms : 0, at: time)
    }

    /// Rows from the socket or the data file: icons resolved against the app's folder and
    /// checked (their sizes from the headers, against one list's icon budget), titles and
    /// subtitles validated as texts.
    private func checkedRows(_ rows: [ContentSpec.Row], _ key: String, _ id: String) throws(ActionError) -> [ContentSpec.Row] {
        var out = rows
        var icons = IconBudget()
        for i in out.indices {
            if let icon = out[i].icon {
                let full = resolve(icon, baseDir)
                try Self.checkImage(full, "\(key)[\(i)].icon", id) { icons.refusal(path: full, width: $0, height: $1) }
                out[i].icon = full
            }
        }
        return out
    }

    /// The app file's image check (`imageProblem`), with the same words: `limit` refuses more
    /// from the header (an icon's size). A bomb or a truncated PNG was taken with
    /// `{"ok": true}` and shown as a placeholder, though `check` and a reload refuse it.
    private static func checkImage(_ path: String, _ key: String, _ id: String,
                                   limit: (_ width: Int, _ height: Int) -> String? = { _, _ in nil }) throws(ActionError) {
        if let why = imageProblem(path, limit: limit) { throw ActionError("'\(id)': \"\(key)\" = '\(path)': \(why)") }
    }

    /// A text given at run time may hold placeholders, like the app file's.
    private static func template(_ text: String, _ key: String, _ id: String) throws(ActionError) -> String {
        // The socket's reader holds texts to this; the Swift API hands them over as they are.
        if text.utf8.count > LiveLimits.maxTextBytes {
            throw ActionError("'\(id)': \"\(key)\" is \(text.utf8.count) bytes; a text is at most \(LiveLimits.maxTextBytes)")
        }
        if case .failure(let e) = Template.parse(text) { throw ActionError("'\(id)': \"\(key)\": \(e.message)") }
        return text
    }

    private static func only(_ p: ControlCommand.ContentProperties, _ allowed: [String], _ node: ContentSpec) throws(ActionError) {
        for name in p.given where !allowed.contains(name) {
            throw ActionError("'\(node.id ?? "?")' is a \(node.kind.name), which has no \"\(name)\" (a \(node.kind.name) has \(allowed.map { "\"\($0)\"" }.joined(separator: ", ")))")
        }
    }

    /// The value names a spec refers to.
    static func names(in spec: ContentSpec) -> Set<String> {
        var out = Set<String>()
        func add(_ text: String) {
            if Template.hasBraces(text), case .success(let t) = Template.parse(text) { out.formUnion(t.names) }
        }
        spec.forEach { node in
            switch node.kind {
            case .label(let text, _, _, _, _, _, _): add(text)
            case .button(let title, _, _): add(title)
            case .list(.bound(let name), _): out.insert(name)
            case .list(.given(let rows), _):
                for r in rows { add(r.title); if let s = r.subtitle { add(s) } }
            case .image, .progress, .spacer, .stack, .scroll: break
            }
        }
        return out
    }
}

extension ContentSpec {
    /// Applies `body` to the node `id`; false when there is none.
    mutating func modify(id target: String, _ body: (inout ContentSpec) -> Void) -> Bool {
        if id == target { body(&self); return true }
        switch kind {
        case .stack(let axis, let spacing, let padding, let background, let radius, let align, var children):
            for i in children.indices where children[i].modify(id: target, body) {
                kind = .stack(axis: axis, spacing: spacing, padding: padding, background: background, cornerRadius: radius,
                              align: align, children: children)
                return true
            }
            return false
        case .scroll(var inner, let height):
            guard inner.modify(id: target, body) else { return false }
            kind = .scroll(inner, height: height)
            return true
        case .list, .label, .image, .button, .progress, .spacer:
            return false
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
