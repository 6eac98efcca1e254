#if canImport(Glibc)
import Glibc
#endif
import DrawerRuntime
import PanelRenderer

/// An app file: the screens of one kiosk (contract §8, docs/config.md).
struct AppConfig: Sendable {
    enum BackgroundSpec: Equatable, Sendable {
        case color(Color)
        case gradient(top: Color, bottom: Color)
        case image(path: String)
    }

    var path: String
    var name = "panel-kiosk"
    var themePath: String?
    var appearance = "light"
    var direction = LayoutDirection.leftToRight
    /// nil: the theme's background colour for the chosen appearance.
    var background: BackgroundSpec?
    var backgroundContent: ContentSpec?
    var components: [ComponentSpec] = []
    var controlSocket: String?
    var controlSocketMode = 0o660
    var idleResetS: Double?

    static let componentKinds = ["bottom_drawer", "sheet", "side_drawer", "swipe_dismiss", "popup"]

    static func load(path: String) throws(DiagnosticList) -> AppConfig {
        try ConfigLoader.validated(path: path) { parse($0, path: path, sink: $1) }
    }

    static func parse(_ root: ConfigNode, path: String, sink: DiagnosticSink) -> AppConfig {
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
            app.controlSocket = control.string("socket")
            if let m = control.string("mode") {
                if let v = Int(m, radix: 8), v >= 0, v <= 0o777 { app.controlSocketMode = v } else {
                    sink.error(control.node, "'mode' must be an octal permission string like \"0660\"")
                }
            }
            control.finish()
        }
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
            guard let kind = c.choice("kind", componentKinds) else {
                if !c.has("kind") { sink.error(c.node, "component '\(id)' needs 'kind' (one of \(componentKinds.joined(separator: ", ")))") }
                continue
            }
            let named = TableReader(c.node, name: "component '\(id)'", sink: sink)!
            var r = named
            _ = r.string("id"); _ = r.string("kind")
            if let parser = ComponentSpec.parsers[kind] {
                app.components.append(parser(id, &r, base))
            } else {
                sink.error(c.node, "component kind '\(kind)' is not built into this version yet")
            }
            r.finish()
        }
        top.finish()
        return app
    }
}
