import PanelRenderer

/// Where the bar's and the open page's parts sit (points), mirrored for right-to-left: pure
/// functions of the machine's state and the geometry, so the machine's hit tests and the
/// class's drawing read the same frames.
extension PopupMachine {
    struct BarLayout {
        var image: Rect
        var titles: Rect
        var buttons: [Rect]
    }

    /// The bar's frame (full width) where the state puts it.
    func barFrame(_ rules: PopupRules) -> Rect { rules.barFrame(percent: percent, hiddenShift: hiddenShift) }

    /// The bar's card: the floating card (or the whole bar), shrunk toward the minimized pill
    /// by `minimizeFraction` (docs/components.md, Popup bar PB31). `titleWidth` in pt.
    func cardFrame(_ rules: PopupRules, titleWidth: Double) -> Rect {
        let card = rules.card(in: barFrame(rules))
        guard minimizeFraction > 0 else { return card }
        return PopupRules.blend(card, rules.pill(in: card, titleWidth: titleWidth), minimizeFraction)
    }

    /// Leading artwork, titles, trailing buttons (docs/components.md, Popup bar PB22: in
    /// right-to-left the artwork and titles move to the trailing side; the buttons' order and
    /// glyphs stay as they are).
    func barLayout(card: Rect, _ env: Environment) -> BarLayout {
        // The artwork shrinks with the card (the minimized pill's is 28 pt with 6 pt margins).
        let inset = 10 - 4 * minimizeFraction
        let side = min(card.height - 16 + 4 * minimizeFraction, 48)
        let image = Rect(card.x + inset, card.midY - side / 2, side, side)
        // Minimized, the buttons fold away and the title takes their room.
        let w = 40 * (1 - minimizeFraction)
        let buttonsWidth = Double(buttons.count) * w
        let buttonsX = card.maxX - 8 - buttonsWidth
        var rects: [Rect] = []
        for i in buttons.indices { rects.append(Rect(buttonsX + Double(i) * w, card.y, w, card.height)) }
        let titles = Rect(image.maxX + 10, card.y, max(0, buttonsX - 8 - image.maxX - 10), card.height)
        guard env.isRTL else { return BarLayout(image: image, titles: titles, buttons: rects) }
        // The button group moves to the leading (left) side but keeps its internal order.
        let group = Self.mirrored(Rect(buttonsX, card.y, buttonsWidth, card.height), in: card, env)
        let kept = buttons.indices.map { Rect(group.x + Double($0) * w, card.y, w, card.height) }
        return BarLayout(image: Self.mirrored(image, in: card, env), titles: Self.mirrored(titles, in: card, env), buttons: kept)
    }

    /// The bar button under `p`, if any.
    func buttonIndex(at p: Point, _ rules: PopupRules, titleWidth: Double) -> Int? {
        guard !minimized else { return nil }              // the pill has no buttons
        return barLayout(card: cardFrame(rules, titleWidth: titleWidth), rules.env).buttons.firstIndex { $0.contains(p) }
    }

    /// The open page's close button (its top is glued to the bar's bottom).
    func closeButtonFrame(_ config: PopupConfig, _ rules: PopupRules) -> Rect {
        let top = barFrame(rules).maxY + 12
        switch config.closeButtonStyle {
        case .chevron, .grabber: return Rect(rules.env.size.width / 2 - 21, top, 42, 25)
        case .round: return Self.mirrored(Rect(20, top, 24, 24), in: rules.env.bounds, rules.env)
        case .none: return .zero
        }
    }

    /// Mirrors `r` inside `container` when the layout is right-to-left.
    static func mirrored(_ r: Rect, in container: Rect, _ env: Environment) -> Rect {
        env.isRTL ? Rect(container.x + container.maxX - r.maxX, r.y, r.width, r.height) : r
    }
}

/// The class reads the same frames from its machine.
extension Popup {
    typealias BarLayout = PopupMachine.BarLayout

    /// Mirrors `r` inside `container` when the layout is right-to-left.
    func mirrored(_ r: Rect, in container: Rect) -> Rect { PopupMachine.mirrored(r, in: container, env) }

    func barLayout(card: Rect) -> BarLayout { machine.barLayout(card: card, env) }

    func buttonIndex(at p: Point) -> Int? { machine.buttonIndex(at: p, rules, titleWidth: titleWidth) }

    // MARK: The open page (coordinates relative to its top, which is glued to the bar's bottom)

    var pageTop: Double { barFrame.maxY }
    var headerTop: Double { 48 }
    var contentTop: Double { 184 }
    var contentViewportHeight: Double { max(0, env.size.height - contentTop) }

    var closeButtonFrame: Rect { machine.closeButtonFrame(config, rules) }

    func contentAction(at p: Point) -> String? {
        contentHit(at: p).flatMap { $0.content.action(at: $0.local) }
    }

    /// The content under `p` (screen points) and `p` in its coordinates.
    func contentHit(at p: Point) -> (content: ContentView, local: Point)? {
        guard let content, p.y >= pageTop + contentTop else { return nil }
        return (content, Point(p.x, p.y - pageTop - contentTop + scrollOffset))
    }

    // MARK: Marquee

    /// The title's width (pt), as the machine's context carries it (no array built without text).
    var titleWidth: Double { text == nil ? 0 : titleWidths[0] }

    /// Title and subtitle widths (pt), measured once per text.
    var titleWidths: [Double] {
        if let m = measured, m.title == title, m.subtitle == subtitle { return m.widths }
        guard let text else { return [0, 0] }
        let widths = [text.width(title, sizePt: config.titleFont.size, bold: config.titleFont.bold),
                      text.width(subtitle, sizePt: config.subtitleFont.size, bold: config.subtitleFont.bold)]
        measured = (title, subtitle, widths)
        return widths
    }

    var marqueeOverflows: Bool {
        let available = barLayout(card: cardFrame).titles.width
        return titleWidths.contains { $0 > available }
    }

    func marqueeOffsets() -> [Double] {
        let available = barLayout(card: cardFrame).titles.width
        return rules.marqueeOffsets(elapsed: (now - marqueeStart).seconds, widths: titleWidths, available: available)
    }
}
