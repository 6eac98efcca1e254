import PanelRenderer

/// What an app file says a piece of content is, before it becomes scene nodes: the node's
/// own fields (`kind`), plus what every node may have: an `id` (unique in the app file; the
/// control socket's `set` addresses it) and `hidden` (a hidden node takes no space).
public struct ContentSpec: Equatable, Sendable {
    /// One row of a list: a title, and optionally a subtitle, an icon (an image file) and the
    /// action id its tap reports.
    public struct Row: Equatable, Sendable {
        public var title: String
        public var subtitle: String?
        public var icon: String?
        public var action: String?

        public init(title: String, subtitle: String? = nil, icon: String? = nil, action: String? = nil) {
            self.title = title; self.subtitle = subtitle; self.icon = icon; self.action = action
        }
    }
    /// The direction a stack lays out its children.
    public enum Axis: String, CaseIterable, Sendable { case vertical, horizontal }
    /// Where a label's text sits in its line (start and end follow the layout direction).
    public enum Align: String, CaseIterable, Sendable { case start, center, end }
    /// Placement of a stack's children across its axis.
    public enum CrossAlign: String, CaseIterable, Sendable { case start, center, end, stretch }
    /// Where a label's colour comes from when it has no `color`.
    public enum Tone: String, CaseIterable, Sendable { case primary, secondary, accent }
    /// How an image fills its box.
    public enum ImageMode: String, CaseIterable, Sendable { case fit, fill, stretch, center }
    /// A button's look: the accent filled, or tinted with it.
    public enum ButtonStyle: String, CaseIterable, Sendable { case filled, tinted }

    /// Where a list's rows come from: written out, or a named value holding an array of rows
    /// (`rows = "{departures}"`).
    public enum Rows: Equatable, Sendable {
        case given([Row])
        case bound(String)
    }

    /// The content kinds of an app file (docs/config.md, Content), with their fields; sizes in points.
    public indirect enum Kind: Equatable, Sendable {
        /// `slideMS`: how long the rows below an insert or removal take to slide into place
        /// (0: they jump).
        case list(rows: Rows, slideMS: Double)
        case stack(axis: Axis, spacing: Double, padding: Double, background: Color?, cornerRadius: Double,
                   align: CrossAlign, children: [ContentSpec])
        case label(text: String, size: Double?, bold: Bool, color: Color?, tone: Tone, align: Align, maxLines: Int)
        case image(path: String, width: Double?, height: Double?, mode: ImageMode, cornerRadius: Double)
        case button(title: String, action: String, style: ButtonStyle)
        case progress(value: Double)
        case spacer(height: Double?)
        /// A vertically scrolling viewport `height` points tall (nil: as tall as its content).
        case scroll(ContentSpec, height: Double?)

        /// The `kind` string of the app file.
        var name: String {
            switch self {
            case .list: "list"
            case .stack: "stack"
            case .label: "label"
            case .image: "image"
            case .button: "button"
            case .progress: "progress"
            case .spacer: "spacer"
            case .scroll: "scroll"
            }
        }
    }

    /// What the node is, with its own fields.
    public var kind: Kind
    /// Unique in the app; `set` and the row commands address the node by it.
    public var id: String?
    /// A hidden node takes no space.
    public var hidden = false
    /// Where the node's table is written (its `id` line when it has one; for messages about ids).
    var origin = SourcePosition()
    /// Where the key that may hold placeholders is written (a label's `text`, a button's
    /// `title`, a list's `rows`), for messages about them; nil: `origin`.
    var textOrigin: SourcePosition?

    init(_ kind: Kind, id: String?, hidden: Bool, origin: SourcePosition) {
        self.kind = kind; self.id = id; self.hidden = hidden; self.origin = origin
    }

    /// The node's children in the tree (a stack's items, a scroll's content).
    var children: [ContentSpec] {
        switch kind {
        case .stack(_, _, _, _, _, _, let c): c
        case .scroll(let inner, _): [inner]
        case .list, .label, .image, .button, .progress, .spacer: []
        }
    }

    /// How deep a content tree may nest (an app file's TOML stops at 128 tables).
    static let maxDepth = 128

    /// How many levels the tree has (1: this node alone), found without recursion.
    var depth: Int {
        var deepest = 0
        var pending: [(ContentSpec, Int)] = [(self, 1)]
        while let (node, level) = pending.popLast() {
            deepest = max(deepest, level)
            if level > Self.maxDepth { break }     // enough to refuse it
            for c in node.children { pending.append((c, level + 1)) }
        }
        return deepest
    }

    /// Every node of the tree, depth first, this one first.
    func forEach(_ body: (ContentSpec) -> Void) {
        body(self)
        for c in children { c.forEach(body) }
    }

    static let kinds = ["list", "stack", "label", "image", "button", "progress", "spacer", "scroll"]

    /// Reads a content table (`kind = "list"`, ...). Paths are resolved against `baseDir`.
    static func parse(_ t: inout TableReader, baseDir: String) -> ContentSpec? {
        guard let kindName = t.choice("kind", kinds) else {
            if !t.has("kind") { t.sink.error(t.node, "\(t.name) needs 'kind' (one of \(kinds.joined(separator: ", ")))") }
            return nil
        }
        defer { t.finish() }
        let idNode = t.raw("id")
        let id = t.string("id")
        if let id, !ContentID.isValid(id), let idNode {
            t.sink.error(idNode, "'id' = '\(id.clippedForMessage())': an id is letters, digits, '_', '-' and '.' (at most \(ContentID.maxLength))")
        }
        let hidden = t.bool("hidden", default: false)
        guard let kind = parseKind(kindName, &t, baseDir: baseDir) else { return nil }
        let at = idNode ?? t.node
        var spec = ContentSpec(kind, id: id, hidden: hidden,
                               origin: SourcePosition(file: at.file, line: at.line, column: at.column))
        let textKey: String? = switch kindName { case "label": "text"; case "button": "title"; case "list": "rows"; default: nil }
        if let textKey, t.has(textKey) {
            let n = t.place(textKey)
            spec.textOrigin = SourcePosition(file: n.file, line: n.line, column: n.column)
        }
        return spec
    }

    private static func parseKind(_ kind: String, _ t: inout TableReader, baseDir: String) -> Kind? {
        switch kind {
        case "list":
            let slideMS = t.double("slide_ms", default: 250, range: 0...2000)
            // `rows = "{name}"`: the rows are a named value's (checked against [values] later).
            if let node = t.raw("rows"), case .string(let s) = node.value {
                _ = t.string("rows")
                guard let name = Template.binding(s) else {
                    t.sink.error(node, "'rows' is a string: name a value holding rows, as \"{departures}\", or give an array of row tables")
                    return .list(rows: .given([]), slideMS: slideMS)
                }
                return .list(rows: .bound(name), slideMS: slideMS)
            }
            var rows: [Row] = []
            var icons = IconBudget()
            for var r in t.tables("rows") {
                if let row = parseRow(&r, baseDir: baseDir, icons: &icons) { rows.append(row) }
            }
            if rows.count > LiveLimits.maxRows {
                t.sink.error(t.raw("rows") ?? t.node, "'rows' has \(rows.count) rows; a list has at most \(LiveLimits.maxRows)")
            }
            return .list(rows: .given(rows), slideMS: slideMS)
        case "stack":
            let axis = t.choice("axis", default: Axis.vertical)
            let spacing = t.double("spacing", default: 8, range: 0...1000)
            let padding = t.double("padding", default: 16, range: 0...1000)
            let bg = t.color("background")
            let radius = t.double("corner_radius", default: 0, range: 0...1000)
            let align = t.choice("align", default: CrossAlign.stretch)
            var children: [ContentSpec] = []
            for var c in t.tables("items") { if let s = parse(&c, baseDir: baseDir) { children.append(s) } }
            return .stack(axis: axis, spacing: spacing, padding: padding, background: bg, cornerRadius: radius,
                          align: align, children: children)
        case "label":
            let text = t.requiredString("text", else: "a label needs 'text'") ?? ""
            return .label(text: text, size: t.double("size", range: 4...400), bold: t.bool("bold", default: false),
                          color: t.color("color"), tone: t.choice("tone", default: Tone.primary),
                          align: t.choice("align", default: Align.start),
                          maxLines: t.int("max_lines", range: 0...1000) ?? 0)
        case "image":
            guard let path = t.requiredString("path", else: "an image needs 'path'") else { return nil }
            checkImage(resolve(path, baseDir), key: "path", t.raw("path") ?? t.node, t.sink)
            return .image(path: resolve(path, baseDir), width: t.double("width", range: 0...10000),
                          height: t.double("height", range: 0...10000), mode: t.choice("mode", default: ImageMode.fit),
                          cornerRadius: t.double("corner_radius", default: 0, range: 0...1000))
        case "button":
            let title = t.requiredString("title", else: "a button needs 'title'") ?? ""
            let action = t.requiredString("action", else: "a button needs 'action' (the id its tap reports)") ?? ""
            return .button(title: title, action: action, style: t.choice("style", default: ButtonStyle.filled))
        case "progress":
            return .progress(value: t.double("value", default: 0, range: 0...1))
        case "spacer":
            return .spacer(height: t.double("height", range: 0...10000))
        case "scroll":
            let height = t.double("height", range: 0...10000)
            guard var inner = t.table("content") else { t.sink.error(t.node, "a scroll needs a 'content' table"); return nil }
            return parse(&inner, baseDir: baseDir).map { .scroll($0, height: height) }
        default:
            return nil
        }
    }

    /// One row table (`title`, `subtitle`, `icon`, `action`), in a list or in `[values]`;
    /// its icon counts against `icons`, the budget of the list or value it is in.
    static func parseRow(_ r: inout TableReader, baseDir: String, icons: inout IconBudget) -> Row? {
        defer { r.finish() }
        let title = r.requiredString("title", else: "a row needs 'title'") ?? ""
        let icon = r.string("icon").map { resolve($0, baseDir) }
        if let icon, let node = r.raw("icon") {
            checkImage(icon, key: "icon", node, r.sink) { icons.refusal(path: icon, width: $0, height: $1) }
        }
        return Row(title: title, subtitle: r.string("subtitle"), icon: icon, action: r.string("action"))
    }
}

/// A place in a file, for messages raised after parsing (duplicate ids, placeholders).
struct SourcePosition: Equatable, Sendable {
    var file = ""
    var line = 0
    var column = 0
    func diagnostic(_ message: String) -> Diagnostic { Diagnostic(file: file, line: line, column: column, message: message) }
}

/// The ids of content nodes and the names of values: what `set` and `{name}` refer to.
enum ContentID {
    static let maxLength = 64
    static func isValid(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= maxLength && s.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A)
                || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
    }
}

/// A path from a file, relative to that file's folder unless absolute.
func resolve(_ path: String, _ baseDir: String) -> String {
    path.hasPrefix("/") || baseDir.isEmpty ? path : baseDir + "/" + path
}

package func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// Reports an image the kiosk could not show, at the key that names it: what `run` would
/// fail on later (a file that is missing, a folder, a FIFO, not a PNG, corrupt, over the pixel
/// budget) is found by `check`, with the file, line and key. The header is read first, so an
/// image over the budget is refused before its pixels are allocated; then the whole image is
/// decoded, because a PNG with a good header and corrupt data (a bad filter byte, a short
/// IDAT, a half-copied file) would pass the header and stop `run` at start-up with no key.
/// `limit` refuses more from the header (an icon's size), before the pixels are decoded.
func checkImage(_ path: String, key: String, _ node: ConfigNode, _ sink: DiagnosticSink,
                limit: (_ width: Int, _ height: Int) -> String? = { _, _ in nil }) {
    if let why = imageProblem(path, limit: limit) { sink.error(node, "'\(key)' = '\(path)': \(why)") }
}

/// Why the kiosk could not show the PNG at `path`, or nil: the one check every path that
/// names an image goes through, the app file's (`check`, a reload) and the live ones (`set`,
/// row edits, the data file), so what one refuses every other refuses with the same words.
/// The header first (the pixel budget, then `limit`), then the whole image is decoded (a
/// corrupt IDAT or a decompression bomb passes the header); the pixels are kept for the scene
/// that shows them next (`CheckedImages`), so nothing is decoded twice.
func imageProblem(_ path: String, limit: (_ width: Int, _ height: Int) -> String? = { _, _ in nil }) -> String? {
    do {
        try RegularFile.check(path)
        let size = try PNGCodec.imageSize(path: path)
        if let why = PixelBudget.refusal(width: size.width, height: size.height) { return "a PNG of \(why); scale it down" }
        if let why = limit(size.width, size.height) { return why }
        _ = try CheckedImages.decode(path)     // kept for the scene built next
        return nil
    } catch let e as RegularFile.Problem {
        return e.reason
    } catch let e as ImageError {
        return e.reason
    } catch {
        return "\(error)"
    }
}

/// Reports a font the kiosk could not use, at the key that names it: the face is loaded, so
/// a text file, a PNG or a truncated font is found by `check` rather than at start-up.
func checkFont(_ path: String, key: String, _ node: ConfigNode, _ sink: DiagnosticSink) {
    do { _ = try FontFace(path: path) } catch let e as TextError {
        sink.error(node, "'\(key)' = '\(path)': \(e.reason)")
    } catch {
        sink.error(node, "'\(key)' = '\(path)': \(error)")
    }
}

#if canImport(Glibc)
import Glibc
#endif
