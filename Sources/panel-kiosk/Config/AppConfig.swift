import DrawerRuntime
import PanelRenderer

/// An app file: the screens of one kiosk (contract §8, docs/config.md).
struct AppConfig: Sendable {
    enum BackgroundSpec: Equatable, Sendable {
        case color(Color)
        case gradient(top: Color, bottom: Color)
        case image(path: String)
    }
    enum ComponentSpec: Sendable {
        case bottomDrawer(id: String, config: BottomDrawerConfig, content: ContentSpec?)
    }

    var path: String
    var name = "panel-kiosk"
    var themePath: String?
    var appearance = "light"
    var direction = LayoutDirection.leftToRight
    var background = BackgroundSpec.color(Theme.lightPalette.background)
    var backgroundContent: ContentSpec?
    var components: [ComponentSpec] = []
    var controlSocket: String?
    var controlSocketMode = 0o660
    var idleResetS: Double?

    static let componentKinds = ["bottom_drawer", "sheet", "side_drawer", "swipe_dismiss", "popup"]

    static func load(path: String) throws(DiagnosticList) -> AppConfig {
        let root = try ConfigLoader.load(path: path)
        let sink = DiagnosticSink()
        let app = parse(root, path: path, sink: sink)
        if !sink.items.isEmpty { throw DiagnosticList(items: sink.sorted) }
        return app
    }

    static func parse(_ root: ConfigNode, path: String, sink: DiagnosticSink) -> AppConfig {
        var app = AppConfig(path: path)
        let base = directory(of: path)
        guard var top = TableReader(root, name: "", sink: sink) else { return app }
        app.name = top.string("name", default: app.name)
        app.themePath = top.string("theme").map { resolve($0, base) }
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
                checkReadable(resolve(img, base), bg.node, sink)
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
            switch kind {
            case "bottom_drawer":
                app.components.append(parseBottomDrawer(id: id, &r, base: base))
            default:
                sink.error(c.node, "component kind '\(kind)' is not built into this version yet")
            }
            r.finish()
        }
        top.finish()
        return app
    }

    private static func parseBottomDrawer(id: String, _ t: inout TableReader, base: String) -> ComponentSpec {
        var c = BottomDrawerConfig()
        if let names = t.strings("positions") {
            var set = Set<DrawerPosition>()
            for n in names {
                if let p = DrawerPosition(rawValue: n) { set.insert(p) } else {
                    t.sink.error(t.node, "'positions' has '\(n)'; use collapsed, partiallyRevealed, open, closed")
                }
            }
            if set.subtracting([.closed]).isEmpty { t.sink.error(t.node, "'positions' needs at least one of collapsed, partiallyRevealed, open") }
            else { c.positions = set }
        }
        c.initial = t.choice("initial", default: c.initial)
        if !c.positions.contains(c.initial) {
            t.sink.error(t.node, "'initial' = '\(c.initial.rawValue)' is not in 'positions'")
        }
        c.displayMode = t.choice("display_mode", default: c.displayMode)
        c.collapsedHeight = t.double("collapsed_height", default: c.collapsedHeight, range: 0...10000)
        c.partialHeight = t.double("partial_height", default: c.partialHeight, range: 0...10000)
        if c.collapsedHeight >= c.partialHeight && c.positions.isSuperset(of: [.collapsed, .partiallyRevealed]) {
            t.sink.error(t.node, "'collapsed_height' (\(fmt(c.collapsedHeight))) must be below 'partial_height' (\(fmt(c.partialHeight)))")
        }
        c.topInset = t.double("top_inset", default: c.topInset, range: 0...10000)
        if let mode = t.choice("snap_mode", ["nearestPosition", "nearestPositionUnlessExceeded"]) {
            c.snapMode = mode == "nearestPosition" ? .nearestPosition
                : .nearestPositionUnlessExceeded(threshold: 20)
        }
        if let th = t.double("snap_threshold", range: 0...10000) {
            if case .nearestPositionUnlessExceeded = c.snapMode { c.snapMode = .nearestPositionUnlessExceeded(threshold: th) }
        }
        c.animationDuration = t.double("animation_duration", default: c.animationDuration, range: 0.01...10)
        c.animationDamping = t.double("animation_damping", default: c.animationDamping, range: 0.05...2)
        c.useReleaseVelocity = t.bool("use_release_velocity", default: c.useReleaseVelocity)
        c.dimmingColor = t.color("dimming_color", default: c.dimmingColor)
        c.dimmingOpacity = t.double("dimming_opacity", default: c.dimmingOpacity, range: 0...1)
        c.positionWhenDimmingTapped = t.choice("dimming_tap_position", default: c.positionWhenDimmingTapped)
        c.panelWidth = t.double("panel_width", default: c.panelWidth, range: 100...10000)
        c.panelCorner = t.choice("panel_corner", default: c.panelCorner)
        c.compactWidth = t.double("compact_width", default: c.compactWidth, range: 100...10000)
        c.cornerRadius = t.double("corner_radius", default: c.cornerRadius, range: 0...200)
        c.shadowOpacity = t.double("shadow_opacity", default: c.shadowOpacity, range: 0...1)
        c.shadowRadius = t.double("shadow_radius", default: c.shadowRadius, range: 0...200)
        c.allowsUserPositionChange = t.bool("user_can_move", default: c.allowsUserPositionChange)
        c.scrollPolicy = t.choice("scroll_policy", default: c.scrollPolicy)
        c.showsGrabber = t.bool("grabber", default: c.showsGrabber)
        var content: ContentSpec?
        if var ct = t.table("content") { content = ContentSpec.parse(&ct, baseDir: base) }
        return .bottomDrawer(id: id, config: c, content: content)
    }
}
