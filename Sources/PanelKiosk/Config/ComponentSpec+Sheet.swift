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
                if let a = SheetAnchor(n) { anchors.append(a) } else {
                    t.sink.error(anchorsNode, "'anchors' has '\(n)'; use \(SheetAnchor.spellings)")
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
        if let path = t.string("close_image") {
            // Held to an icon's limits: it is drawn 30 pt wide, as an icon is drawn row-sized.
            let full = resolve(path, base)
            checkImage(full, key: "close_image", t.raw("close_image") ?? t.node, t.sink) { w, h in
                var budget = IconBudget()
                return budget.refusal(path: full, width: w, height: h)
            }
            c.closeImagePath = full
        }
        c.style = t.choice("style", default: c.style)
        c.floatingInset = t.double("floating_inset", default: c.floatingInset, range: 0...100)
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
}
