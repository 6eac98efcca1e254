import DrawerRuntime
import PanelRenderer

extension ComponentSpec {
    /// `kind = "popup"`: LNPopupController's bar and popup (docs/components.md, Popup bar), with
    /// the open page's list in `[component.content]`.
    static func parsePopup(id: String, _ t: inout TableReader, base: String) -> ComponentSpec {
        var c = PopupConfig()
        c.barStyle = t.choice("bar_style", default: c.barStyle)
        c.interactionStyle = t.choice("interaction_style", default: c.interactionStyle)
        c.progressStyle = t.choice("progress_style", default: c.progressStyle)
        c.closeButtonStyle = t.choice("close_button", default: c.closeButtonStyle)
        c.initialState = t.choice("initial", default: c.initialState)
        c.title = t.string("title", default: c.title)
        c.subtitle = t.string("subtitle", default: c.subtitle)
        c.progress = t.double("progress", default: c.progress, range: 0...1)
        if let names = t.strings("buttons") {
            c.buttons = []
            for n in names {
                if let b = PopupBarButton(rawValue: n) { c.buttons.append(b) } else {
                    t.sink.error(t.place("buttons"), "'buttons' has '\(n)'; use \(PopupBarButton.allCases.map(\.rawValue).joined(separator: ", "))")
                }
            }
            if c.buttons.count > 3 { t.sink.error(t.place("buttons"), "'buttons' may list at most 3 buttons") }
        }
        // The play/pause button shows pause while playing; a `pause` in `buttons` without a
        // `playing` key still starts playing, as it did before the key existed.
        c.playing = t.bool("playing", default: c.buttons.contains(.pause))
        if var at = t.table("appearance") {
            c.appearance = parseAppearance(&at)
            at.finish()
        }
        c.minimizeOnScroll = t.bool("minimize_on_scroll", default: c.minimizeOnScroll)
        if let path = t.string("image") {
            let full = resolve(path, base)
            checkImage(full, key: "image", t.raw("image") ?? t.node, t.sink)
            c.imagePath = full
        }
        c.snapPercent = t.double("snap_percent", default: c.snapPercent, range: 0.1...0.9)
        c.snapOpenDelay = t.double("snap_open_delay", default: c.snapOpenDelay, range: 0...2)
        c.dragThreshold = t.double("drag_threshold", default: c.dragThreshold, range: 0.01...0.99)
        c.transitionDuration = t.double("transition_duration", default: c.transitionDuration, range: 0.05...5)
        c.gestureDamping = t.double("gesture_damping", default: c.gestureDamping, range: 0.05...2)
        c.programmaticDamping = t.double("programmatic_damping", default: c.programmaticDamping, range: 0.05...2)
        c.useReleaseVelocity = t.bool("use_release_velocity", default: c.useReleaseVelocity)
        c.marquee = t.bool("marquee", default: c.marquee)
        c.marqueeRate = t.double("marquee_rate", default: c.marqueeRate, range: 1...1000)
        c.marqueeDelay = t.double("marquee_delay", default: c.marqueeDelay, range: 0...60)
        for var item in t.tables("items") {
            let title = item.requiredString("title", else: "an item needs 'title'") ?? ""
            c.items.append(PopupItem(title: title, subtitle: item.string("subtitle", default: "")))
            item.finish()
        }
        if let first = c.items.first, t.has("title"), first.title != c.title {
            t.sink.error(t.place("title"), "'title' differs from the first item's; with 'items' the bar starts on item 0 (leave 'title' out)")
        }
        var content: ContentSpec?
        if var ct = t.table("content") { content = ContentSpec.parse(&ct, baseDir: base) }
        return .popup(id: id, config: c, content: content)
    }

    /// `[component.appearance]`: LNPopupBarAppearance's fonts, colours, background, shadow and
    /// blur, with the same keys as `set_appearance` (docs/components.md, Popup bar PB30).
    static func parseAppearance(_ t: inout TableReader) -> PopupBarAppearance {
        var a = PopupBarAppearance()
        a.titleSize = t.double("title_size", range: PopupBarAppearance.fontSizes)
        a.titleWeight = t.choice("title_weight", PopupFontWeight.allCases.map(\.rawValue)).flatMap(PopupFontWeight.init)
        a.titleColor = t.color("title_color")
        a.subtitleSize = t.double("subtitle_size", range: PopupBarAppearance.fontSizes)
        a.subtitleWeight = t.choice("subtitle_weight", PopupFontWeight.allCases.map(\.rawValue)).flatMap(PopupFontWeight.init)
        a.subtitleColor = t.color("subtitle_color")
        a.backgroundColor = t.color("background")
        let color = t.color("shadow_color"), blur = t.double("shadow_blur", range: PopupBarAppearance.shadowBlurs)
        var offset: Point?
        if let o = t.numbers("shadow_offset", count: 2) {
            if o.allSatisfy({ abs($0) <= 100 }) { offset = Point(o[0], o[1]) } else {
                t.sink.error(t.place("shadow_offset"), "'shadow_offset' takes [x, y] in points, each -100 to 100")
            }
        }
        if color != nil || blur != nil || offset != nil {
            let d = PopupBarAppearance.defaultShadow
            a.shadow = PopupBarShadow(color: color ?? d.color, blur: blur ?? d.blur, offset: offset ?? d.offset)
        }
        if t.has("frosted") { a.frosted = t.bool("frosted", default: false) }
        return a
    }
}
