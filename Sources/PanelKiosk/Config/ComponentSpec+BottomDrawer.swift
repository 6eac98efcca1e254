import DrawerRuntime
import PanelRenderer

extension ComponentSpec {
    static func parseBottomDrawer(id: String, _ t: inout TableReader, base: String) -> ComponentSpec {
        var c = BottomDrawerConfig()
        if let names = t.strings("positions") {
            var set = Set<DrawerPosition>()
            for n in names {
                if let p = DrawerPosition(rawValue: n) { set.insert(p) } else {
                    t.sink.error(t.place("positions"), "'positions' has '\(n)'; use collapsed, partiallyRevealed, open, closed")
                }
            }
            if set.subtracting([.closed]).isEmpty { t.sink.error(t.place("positions"), "'positions' needs at least one of collapsed, partiallyRevealed, open") }
            else { c.positions = set }
        }
        c.initial = t.choice("initial", default: c.initial)
        if !c.positions.contains(c.initial) {
            t.sink.error(t.place("initial"), "'initial' = '\(c.initial.rawValue)' is not in 'positions'")
        }
        c.displayMode = t.choice("display_mode", default: c.displayMode)
        c.collapsedHeight = t.double("collapsed_height", default: c.collapsedHeight, range: 0...10000)
        c.partialHeight = t.double("partial_height", default: c.partialHeight, range: 0...10000)
        if c.collapsedHeight >= c.partialHeight && c.positions.isSuperset(of: [.collapsed, .partiallyRevealed]) {
            t.sink.error(t.place("collapsed_height"), "'collapsed_height' (\(fmt(c.collapsedHeight))) must be below 'partial_height' (\(fmt(c.partialHeight)))")
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
        c.panelInsets = insets("panel_insets", &t) ?? c.panelInsets
        c.compactInsets = insets("compact_insets", &t) ?? c.compactInsets
        c.blur = t.bool("blur", default: c.blur)
        c.blurRadius = t.double("blur_radius", default: c.blurRadius, range: 0...100)
        c.blurTint = t.double("blur_tint", default: c.blurTint, range: 0...1)
        c.cornerRadius = t.double("corner_radius", default: c.cornerRadius, range: 0...200)
        c.shadowOpacity = t.double("shadow_opacity", default: c.shadowOpacity, range: 0...1)
        c.shadowRadius = t.double("shadow_radius", default: c.shadowRadius, range: 0...200)
        if let o = t.numbers("shadow_offset", count: 2) {
            if o.allSatisfy({ (-200...200).contains($0) }) { c.shadowOffset = Point(o[0], o[1]) } else {
                t.sink.error(t.place("shadow_offset"), "'shadow_offset' must be 2 numbers from -200 to 200 (x, y in points)")
            }
        }
        // Pulley places a compact card in a bottom corner only.
        if let corner = t.choice("compact_corner", ["bottomLeft", "bottomRight"]) {
            c.compactCorner = corner == "bottomLeft" ? .bottomLeft : .bottomRight
        }
        c.allowsUserPositionChange = t.bool("user_can_move", default: c.allowsUserPositionChange)
        c.scrollPolicy = t.choice("scroll_policy", default: c.scrollPolicy)
        c.showsGrabber = t.bool("grabber", default: c.showsGrabber)
        c.reportsDistance = t.bool("report_distance", default: c.reportsDistance)
        var pageSpecs: [(String, ContentSpec)] = []
        for var p in t.tables("pages") {
            guard let pid = p.string("id") else { p.sink.error(p.node, "a drawer page needs an 'id'"); continue }
            if pageSpecs.contains(where: { $0.0 == pid }) { p.sink.error(p.node, "duplicate page id '\(pid)'") }
            if var ct = p.table("content"), let spec = ContentSpec.parse(&ct, baseDir: base) { pageSpecs.append((pid, spec)) }
            else if !p.has("content") { p.sink.error(p.node, "page '\(pid)' needs a [content] table") }
            p.finish()
        }
        var backgroundSpecs: [(String, ContentSpec)] = []
        for var p in t.tables("background_pages") {
            guard let pid = p.string("id") else { p.sink.error(p.node, "a drawer background page needs an 'id'"); continue }
            if backgroundSpecs.contains(where: { $0.0 == pid }) { p.sink.error(p.node, "duplicate background page id '\(pid)'") }
            if var ct = p.table("content"), let spec = ContentSpec.parse(&ct, baseDir: base) { backgroundSpecs.append((pid, spec)) }
            else if !p.has("content") { p.sink.error(p.node, "background page '\(pid)' needs a [content] table") }
            p.finish()
        }
        let pagesSpec = pageSpecs, backgroundPagesSpec = backgroundSpecs
        var content: ContentSpec?
        if var ct = t.table("content") { content = ContentSpec.parse(&ct, baseDir: base) }
        return .bottomDrawer(id: id, config: c, content: content,
                             pages: pagesSpec.map { Page(id: $0.0, content: $0.1) },
                             backgroundPages: backgroundPagesSpec.map { Page(id: $0.0, content: $0.1) })
    }

    /// `key = [top, left, bottom, right]` in points (UIEdgeInsets' order), each 0 to 1000.
    private static func insets(_ key: String, _ t: inout TableReader) -> EdgeInsets? {
        guard let v = t.numbers(key, count: 4) else { return nil }
        guard v.allSatisfy({ (0...1000).contains($0) }) else {
            t.sink.error(t.place(key), "'\(key)' must be 4 numbers from 0 to 1000 (top, left, bottom, right, in points)")
            return nil
        }
        return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }
}
