import PanelRenderer

/// The sheet's programmatic side: its touch-script actions, idle reset and its state-file
/// entry (docs/formats.md, "Touch script" and "State file").
extension Sheet {
    // MARK: Page stack (the card's motion stays in `transition`)

    func push(_ page: SheetPage, animated: Bool = true, at time: Instant) {
        _ = page.content?.layout(width: cardFrame.width, env: rules.env)
        stack.transition(.push(page), at: time)
        if !animated { stack.carry(stack.pages) }          // shown at once: no slide
        events.emit(at: time, target: id, "push", [("depth", .number(Double(stack.depth)))])
    }

    func pop(to depth: Int, animated: Bool = true, at time: Instant) {
        if stack.transition(.pop(to: depth), at: time) {
            if !animated { stack.carry(stack.pages) }
            events.emit(at: time, target: id, "pop", [("depth", .number(Double(stack.depth)))])
        }
    }

    // MARK: Actions, reset, state

    public func perform(_ action: String, _ args: [String], at time: Instant) throws(ActionError) {
        switch action {
        case "snap":
            guard let s = args.first, let i = Int(s), rules.origins.indices.contains(i) else {
                throw ActionError("snap takes an anchor index 0...\(rules.lastIndex) (0 is the top-most)")
            }
            transition(.snap(i, animated: args.count < 2 || args[1] != "instant"), at: time)
        case "expand": transition(.snap(0, animated: true), at: time)
        case "collapse": transition(.snap(rules.lastIndex, animated: true), at: time)
        case "push":
            guard let name = args.first, let page = catalogue[name] else {
                throw ActionError("push takes a page id (this sheet has: \(catalogue.keys.sorted().joined(separator: ", ")))")
            }
            guard !stack.pages.contains(where: { $0 === page }) else {
                throw ActionError("page '\(name)' is already on sheet '\(id)''s stack")
            }
            push(page, animated: try Self.animated(args.dropFirst(), action), at: time)
        case "pop": pop(to: stack.depth - 1, animated: try Self.animated(args[...], action), at: time)
        case "pop_to_root": pop(to: 1, animated: try Self.animated(args[...], action), at: time)
        case "set_pages":
            var pages: [SheetPage] = []
            for name in args {
                guard let page = catalogue[name] else { throw ActionError("set_pages: no page '\(name)' on sheet '\(id)'") }
                guard !pages.contains(where: { $0 === page }) else { throw ActionError("set_pages: page '\(name)' twice") }
                pages.append(page)
            }
            guard !pages.isEmpty else { throw ActionError("set_pages takes one or more page ids, the root first") }
            for p in pages where !stack.pages.contains(where: { $0 === p }) {
                p.scrollOffset = 0
                _ = p.content?.layout(width: cardFrame.width, env: rules.env)
            }
            stack.transition(.set(pages), at: time)
            events.emit(at: time, target: id, "set_pages", [("depth", .number(Double(stack.depth)))])
        default:
            throw ActionError("sheet has no action '\(action)' (snap, expand, collapse, push, pop, pop_to_root, set_pages)")
        }
    }

    /// Nothing, or `instant`; anything else is a mistake to say, not to animate.
    private static func animated(_ rest: ArraySlice<String>, _ action: String) throws(ActionError) -> Bool {
        guard let word = rest.first else { return true }
        guard word == "instant", rest.count == 1 else {
            throw ActionError("\(action) takes nothing more than 'instant', not '\(rest.joined(separator: " "))'")
        }
        return false
    }

    public func reset(at time: Instant) {
        tracker.reset()
        pop(to: 1, at: time)
        rootPage.scrollOffset = 0
        transition(.snap(config.initialAnchor ?? rules.lastIndex, animated: true), at: time)
    }

    public func state() -> JSONValue {
        .object([
            ("kind", .string(kind)),
            ("anchor_index", .number(Double(anchorIndex))),
            ("origin_pt", .number(origin)),
            ("stack_depth", .number(Double(stack.depth))),
            ("dimming_alpha", .number(dimmingAlpha)),
            ("animating", .bool(needsFrames)),
            ("background_inset_pt", .number(rules.backgroundInset)),
            ("corner_radius_pt", .number(rules.cornerRadius(origin: origin))),
            ("page", .string(stack.top.id)),
            ("scroll_offset_pt", .number(stack.top.scrollOffset)),
        ])
    }
}

extension Sheet {
    /// The collapsed sheet's band: background content lays out above it (sheets' main view
    /// controller gets it as a safe-area inset).
    public var backgroundBottomInset: Double { rules.backgroundInset }
}
