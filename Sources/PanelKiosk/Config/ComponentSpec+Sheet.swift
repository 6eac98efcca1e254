import DrawerRuntime
import PanelRenderer

extension ComponentSpec {
    /// `kind = "sheet"`: anchors as strings (`"default_expanded"`, `"default_collapsed"`,
    /// `"ratio 0.5"`, `"from_top 120"`, `"from_bottom 44"`), `[[component.pages]]` with the
    /// root page first.
    static func parseSheet(id: String, _ t: inout TableReader, base: String) -> ComponentSpec {
        var c = SheetConfig()
        let anchorsNode = t.raw("anchors") ?? t.node    // where messages about anchors point
        if let names = t.strings("anchors") {
            var anchors: [SheetAnchor] = []
            for n in names {
                if let a = parseAnchor(n) { anchors.append(a) } else {
                    t.sink.error(anchorsNode, "'anchors' has '\(n)'; use default_expanded, default_collapsed, \"ratio R\" (R in 0...1), \"from_top P\" or \"from_bottom P\" (P in 0...100000 pt)")
                }
            }
            if names.isEmpty { t.sink.error(anchorsNode, "'anchors' needs at least one anchor") }
            if !anchors.isEmpty { c.anchors = anchors }
        }
        if let i = t.int("initial_anchor", range: 0...(max(0, c.anchors.count - 1))) { c.initialAnchor = i }
        c.bounces = t.bool("bounces", default: c.bounces)
        c.animationDuration = t.double("animation_duration", default: c.animationDuration, range: 0.01...10)
        c.animationDamping = t.double("animation_damping", default: c.animationDamping, range: 0.05...2)
        c.dimmingColor = t.color("dimming_color", default: c.dimmingColor)
        c.dimmingOpacity = t.double("dimming_opacity", default: c.dimmingOpacity, range: 0...1)
        c.cornerRadius = t.double("corner_radius", default: c.cornerRadius, range: 0...200)
        c.animatesCorners = t.bool("animates_corners", default: c.animatesCorners)
        c.shadowOpacity = t.double("shadow_opacity", default: c.shadowOpacity, range: 0...1)
        c.shadowRadius = t.double("shadow_radius", default: c.shadowRadius, range: 0...200)
        c.expandsOnHeaderTap = t.bool("expand_on_header_tap", default: c.expandsOnHeaderTap)
        c.collapsesOnDimmingTap = t.bool("collapse_on_dimming_tap", default: c.collapsesOnDimmingTap)
        c.headerHeight = t.double("header_height", default: c.headerHeight, range: 0...1000)
        c.hasChevron = t.bool("chevron", default: c.hasChevron)
        c.transitionDuration = t.double("transition_duration", default: c.transitionDuration, range: 0.01...10)
        var pages: [(id: String, title: String?, content: ContentSpec?)] = []
        for var p in t.tables("pages") {
            let pid = p.string("id") ?? { p.sink.error(p.node, "a page needs an 'id' (what push names)"); return "" }()
            if pages.contains(where: { $0.id == pid }) { p.sink.error(p.node, "duplicate page id '\(pid)'") }
            var content: ContentSpec?
            if var ct = p.table("content") { content = ContentSpec.parse(&ct, baseDir: base) }
            pages.append((pid, p.string("title"), content))
            p.finish()
        }
        if pages.isEmpty { t.sink.error(t.node, "a sheet needs at least one [[component.pages]] (the first is the root)") }
        return .sheet(id: id, config: c, pages: pages.map { Page(id: $0.id, title: $0.title, content: $0.content) })
    }

    private static func parseAnchor(_ s: String) -> SheetAnchor? {
        let parts = s.split(separator: " ").map(String.init)
        switch (parts.first, parts.count) {
        case ("default_expanded", 1): return .defaultExpanded
        case ("default_collapsed", 1): return .defaultCollapsed
        case ("ratio", 2): return Double(parts[1]).flatMap { (0...1).contains($0) ? .ratio($0) : nil }
        // Finite and within any screen: an infinite anchor reached Int conversions and JSON.
        case ("from_top", 2): return Double(parts[1]).flatMap { $0 >= 0 && $0 <= 100_000 ? .pointsFromTop($0) : nil }
        case ("from_bottom", 2): return Double(parts[1]).flatMap { $0 >= 0 && $0 <= 100_000 ? .pointsFromBottom($0) : nil }
        default: return nil
        }
    }
}
