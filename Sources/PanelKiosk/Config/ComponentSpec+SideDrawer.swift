import DrawerRuntime
import PanelRenderer

extension ComponentSpec {
    /// `kind = "side_drawer"`: `[component.left]` / `right` / `top` / `bottom` tables (at most
    /// two, opposite), `[[component.pages]]` with `id`, `title` and `content`; defaults from
    /// MSDynamicsDrawerViewController (docs/components.md, Side drawer).
    static func parseSideDrawer(id: String, _ t: inout TableReader, base: String) -> ComponentSpec {
        var c = SideDrawerConfig()
        c.sides = [:]
        var drawerContent: [SideDrawerDirection: ContentSpec] = [:]
        for d in [SideDrawerDirection.left, .right, .top, .bottom] {
            guard var s = t.table(d.rawValue) else { continue }
            var side = SideDrawerSideConfig()
            side.revealWidth = s.double("reveal_width", range: 1...10000)
            if let names = s.strings("stylers") {
                for n in names {
                    if let st = PaneStyler(rawValue: n) { side.stylers.insert(st) } else {
                        s.sink.error(s.place("stylers"), "'stylers' has '\(n)'; use \(PaneStyler.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                }
            }
            // The stylers' numbers, with the ranges `set_stylers` checks at run time too.
            var style = side.style
            for (key, range) in SideDrawerSideConfig.Style.ranges {
                if let v = s.double(key, range: range) { _ = style.set(key, v) }
            }
            style.shadowColor = s.color("shadow_color")
            side.style = style
            side.tapToClose = s.bool("tap_to_close", default: side.tapToClose)
            side.dragRevealEnabled = s.bool("drag_reveal", default: side.dragRevealEnabled)
            side.title = s.string("title")
            if var ct = s.table("content") { drawerContent[d] = ContentSpec.parse(&ct, baseDir: base) }
            s.finish()
            c.sides[d] = side
        }
        let dirs = Set(c.sides.keys)
        if dirs.isEmpty {
            t.sink.error(t.node, "side drawer '\(id)' needs a drawer table: [component.left], right, top or bottom")
        } else if dirs.count > 2 || (dirs.count == 2 && dirs != [.left, .right] && dirs != [.top, .bottom]) {
            t.sink.error(t.node, "side drawer '\(id)' may have at most two drawers and they must be opposite (left+right or top+bottom)")
        }
        c.gravityMagnitude = t.double("gravity_magnitude", default: c.gravityMagnitude, range: 0.1...20)
        c.elasticity = t.double("elasticity", default: c.elasticity, range: 0...1)
        c.flingVelocity = t.double("fling_velocity", default: c.flingVelocity, range: 1...100_000)
        c.bounceMagnitude = t.double("bounce_magnitude", default: c.bounceMagnitude, range: 0...1000)
        c.bounceElasticity = t.double("bounce_elasticity", default: c.bounceElasticity, range: 0...1)
        c.openWideEdgeOffset = t.double("open_wide_edge_offset", default: c.openWideEdgeOffset, range: 0...1000)
        c.paneDragRequiresScreenEdgePan = t.bool("edge_pan_only", default: c.paneDragRequiresScreenEdgePan)
        if let pt = t.double("edge_zone", range: 0...1000) { c.edgeZone = .points(pt) }
        if let mm = t.double("edge_zone_mm", range: 0...200) { c.edgeZone = .millimetres(mm) }
        c.screenEdgePanCancelsConflictingGestures = t.bool("edge_pan_wins", default: c.screenEdgePanCancelsConflictingGestures)
        c.slideOffOnReplace = t.bool("slide_off_on_replace", default: c.slideOffOnReplace)
        c.allowUserInterruption = t.bool("allow_user_interruption", default: c.allowUserInterruption)
        if let a = t.strings("touch_forwarding_actions") { c.touchForwardingActions = Set(a) }
        var pages: [(id: String, title: String, content: ContentSpec?)] = []
        for var p in t.tables("pages") {
            let pid = p.requiredString("id", else: "a page needs 'id'") ?? ""
            if pages.contains(where: { $0.id == pid }) { p.sink.error(p.node, "duplicate page id '\(pid)'") }
            let title = p.string("title", default: pid)
            var content: ContentSpec?
            if var ct = p.table("content") { content = ContentSpec.parse(&ct, baseDir: base) }
            p.finish()
            pages.append((pid, title, content))
        }
        return .sideDrawer(id: id, config: c, pages: pages.map { Page(id: $0.0, title: $0.1, content: $0.2) },
                           drawers: drawerContent)
    }
}
