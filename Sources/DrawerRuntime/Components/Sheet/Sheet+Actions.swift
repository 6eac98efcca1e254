import PanelRenderer

/// The sheet's programmatic side: its touch-script actions, idle reset and its state-file
/// entry (docs/formats.md, "Touch script" and "State file").
extension Sheet: TypedActions {
    // MARK: Page stack (its slides and events are the machine's)

    /// Pushes `page`, which is not on the stack; its content is laid out at the content width.
    func push(_ page: SheetPage, animated: Bool = true, at time: Instant) {
        _ = page.content?.layout(width: rules.contentWidth, env: rules.env)
        transition(.push(page: page.id, animated: animated), at: time)
    }

    func pop(to depth: Int, animated: Bool = true, at time: Instant) {
        transition(.pop(toDepth: depth, animated: animated), at: time)
    }

    // MARK: Actions, reset, state

    /// Everything a program can ask of a sheet.
    public enum Action: Equatable, Sendable {
        /// Moves the card to anchor `anchor` (0 is the top-most).
        case snap(anchor: Int, animated: Bool)
        /// To the top anchor, animated.
        case expand
        /// To the lowest anchor, animated.
        case collapse
        /// Pushes the page with id `page` onto the stack.
        case push(page: String, animated: Bool)
        /// Pops the top page.
        case pop(animated: Bool)
        /// Pops every page above the root.
        case popToRoot(animated: Bool)
        /// Pops every page above the page with id `page` (sheets' `popTo`); nothing when it
        /// is already the top page.
        case popTo(page: String, animated: Bool)
        /// Replaces the anchors (sheets' `setAnchors(_:animated:snapTo:)`) and moves the card
        /// to anchor `snapTo` of the new list, or, when nil, to the new anchor nearest to where
        /// it rests or is heading.
        case setAnchors([SheetAnchor], snapTo: Int?, animated: Bool)
        /// Replaces the stack with these pages (ids, the root first), sliding to the new top.
        case setPages([String])
    }

    /// Does `action` at `time`. Throws when the sheet cannot (an anchor it does not have, a
    /// page it does not know or already shows).
    public func apply(_ action: Action, at time: Instant) throws(ActionError) {
        switch action {
        case .snap(let anchor, let animated):
            guard rules.origins.indices.contains(anchor) else {
                throw ActionError("snap takes an anchor index 0...\(rules.lastIndex) (0 is the top-most)")
            }
            transition(.snap(anchor, animated: animated), at: time)
        case .expand: transition(.snap(0, animated: true), at: time)
        case .collapse: transition(.snap(rules.lastIndex, animated: true), at: time)
        case .push(let name, let animated):
            guard let page = catalogue[name] else {
                throw ActionError("push: no page '\(name)' on sheet '\(id)' (its pages: \(catalogue.keys.sorted().joined(separator: ", ")))")
            }
            guard !machine.stack.contains(page.id) else {
                throw ActionError("page '\(name)' is already on sheet '\(id)''s stack")
            }
            push(page, animated: animated, at: time)
        case .pop(let animated):
            // The root is never popped (sheets' rule); saying ok to a pop that did nothing hid
            // a program's mistake.
            guard depth > 1 else { throw ActionError("pop: sheet '\(id)' shows its root page, which is never popped") }
            pop(to: depth - 1, animated: animated, at: time)
        case .popToRoot(let animated): pop(to: 1, animated: animated, at: time)
        case .popTo(let name, let animated):
            guard let page = catalogue[name] else {
                throw ActionError("pop_to: no page '\(name)' on sheet '\(id)' (its pages: \(catalogue.keys.sorted().joined(separator: ", ")))")
            }
            guard let index = machine.stack.pages.firstIndex(of: page.id) else {
                throw ActionError("pop_to: page '\(name)' is not on sheet '\(id)''s stack (on it: \(machine.stack.pages.joined(separator: ", ")))")
            }
            pop(to: index + 1, animated: animated, at: time)
        case .setAnchors(let anchors, let snapTo, let animated):
            guard !anchors.isEmpty else { throw ActionError("set_anchors takes one or more anchors: \(SheetAnchor.spellings)") }
            if let snapTo, !(0..<anchors.count).contains(snapTo) {
                throw ActionError("set_anchors: snap_to takes an index of the new anchors, 0...\(anchors.count - 1) (0 is the top-most)")
            }
            replaceAnchors(anchors, snapTo: snapTo, animated: animated, at: time)
        case .setPages(let names):
            var pages: [SheetPage] = []
            for name in names {
                guard let page = catalogue[name] else { throw ActionError("set_pages: no page '\(name)' on sheet '\(id)'") }
                guard !pages.contains(where: { $0 === page }) else { throw ActionError("set_pages: page '\(name)' twice") }
                pages.append(page)
            }
            guard !pages.isEmpty else { throw ActionError("set_pages takes one or more page ids, the root first") }
            for p in pages where !machine.stack.contains(p.id) {
                _ = p.content?.layout(width: rules.contentWidth, env: rules.env)
            }
            transition(.setPages(pages.map(\.id)), at: time)
        }
    }

    /// Pushes page `page` (by id), e.g. `sheet.push("details", at: now)`.
    public func push(_ page: String, animated: Bool = true, at time: Instant) throws(ActionError) {
        try apply(.push(page: page, animated: animated), at: time)
    }

    /// Pops the top page; nothing at the root.
    public func pop(animated: Bool = true, at time: Instant) {
        pop(to: depth - 1, animated: animated, at: time)
    }

    /// Moves the card to anchor `anchor` (0 is the top-most).
    public func snap(to anchor: Int, animated: Bool = true, at time: Instant) throws(ActionError) {
        try apply(.snap(anchor: anchor, animated: animated), at: time)
    }

    /// Pops every page above `page` (by id), e.g. `sheet.pop(to: "root", at: now)`.
    public func pop(to page: String, animated: Bool = true, at time: Instant) throws(ActionError) {
        try apply(.popTo(page: page, animated: animated), at: time)
    }

    /// Replaces the anchors, e.g. `sheet.setAnchors([.defaultExpanded, .ratio(0.6)], at: now)`;
    /// the card goes to anchor `snapTo` of the new list (sheets' default is 0, the top-most),
    /// or, when nil, to the new anchor nearest to where it is.
    public func setAnchors(_ anchors: [SheetAnchor], snapTo: Int? = nil, animated: Bool = true,
                           at time: Instant) throws(ActionError) {
        try apply(.setAnchors(anchors, snapTo: snapTo, animated: animated), at: time)
    }

    /// The typed action for a touch-script line `do <id> <name> <arguments>`.
    public func action(named name: String, _ args: [String]) throws(ActionError) -> Action {
        let words = ActionWords(name, args)
        /// Nothing after the `arguments`, or `instant`.
        func animated(after arguments: Int) throws(ActionError) -> Bool {
            !(try words.flags(after: arguments, allowed: ["instant"])).contains("instant")
        }
        switch name {
        case "snap":
            guard let s = args.first, let i = Int(s), rules.origins.indices.contains(i) else {
                throw ActionError("snap takes an anchor index 0...\(rules.lastIndex) (0 is the top-most)")
            }
            return .snap(anchor: i, animated: try animated(after: 1))
        case "expand": try words.nothingAfter(0); return .expand
        case "collapse": try words.nothingAfter(0); return .collapse
        case "push":
            let pages = catalogue.keys.sorted().joined(separator: ", ")
            guard let name = args.first else { throw ActionError("push takes a page id (this sheet has: \(pages))") }
            guard let page = catalogue[name] else { throw ActionError("push: no page '\(name)' on sheet '\(id)' (its pages: \(pages))") }
            guard !machine.stack.contains(page.id) else {
                throw ActionError("page '\(name)' is already on sheet '\(id)''s stack")
            }
            return .push(page: name, animated: try animated(after: 1))
        case "pop": return .pop(animated: try animated(after: 0))
        case "pop_to_root": return .popToRoot(animated: try animated(after: 0))
        case "pop_to":
            guard let page = args.first else { throw ActionError("pop_to takes a page id (this sheet has: \(catalogue.keys.sorted().joined(separator: ", ")))") }
            return .popTo(page: page, animated: try animated(after: 1))
        case "set_anchors":
            // set_anchors <anchor>... [snap_to <index>] [instant]
            var words = args, animated = true, snapTo: Int?
            if words.last == "instant" { animated = false; words.removeLast() }
            if let at = words.firstIndex(of: "snap_to") {
                guard at + 2 == words.count, let i = Int(words[at + 1]) else {
                    throw ActionError("set_anchors: 'snap_to' is followed by one anchor index, after the anchors (before 'instant')")
                }
                snapTo = i
                words.removeSubrange(at...)
            }
            let anchors: [SheetAnchor]
            do { anchors = try SheetAnchor.parse(words: words) } catch { throw ActionError("set_anchors: \(error.message)") }
            return .setAnchors(anchors, snapTo: snapTo, animated: animated)
        case "set_pages": return .setPages(args)
        default:
            throw ActionError("sheet has no action '\(name)' (snap, expand, collapse, push, pop, pop_to, pop_to_root, set_pages, set_anchors)")
        }
    }

    /// Back: pops a pushed page, else lowers the card to its lowest anchor.
    public func handleBack(at time: Instant) -> Bool {
        if depth > 1 { pop(at: time); return true }
        guard anchorIndex < rules.lastIndex else { return false }
        transition(.snap(rules.lastIndex, animated: true), at: time)
        return true
    }

    public func reset(at time: Instant) {
        shell.reset()
        transition(.reset, at: time)
    }

    public func state() -> JSONValue {
        .object([
            ("kind", .string(kind.rawValue)),
            ("anchor_index", .number(Double(anchorIndex))),
            ("origin_pt", .number(origin)),
            ("stack_depth", .number(Double(depth))),
            ("dimming_alpha", .number(dimmingAlpha)),
            ("animating", .bool(needsFrames)),
            ("background_inset_pt", .number(rules.backgroundInset)),
            ("corner_radius_pt", .number(rules.cornerRadius(origin: origin))),
            ("page", .string(topPage.id)),
            ("scroll_offset_pt", .number(topPage.scrollOffset)),
        ])
    }

    /// The fields of `state()` as values, field for field (keep the two in step): compared
    /// every frame instead of the JSON.
    struct StateSnapshot: Equatable {
        var anchorIndex: Int, origin: Double, stackDepth: Int, dimmingAlpha: Double, animating: Bool
        var backgroundInset: Double, cornerRadius: Double, page: String, scrollOffset: Double
    }

    public var stateRevision: Int? {
        stateRevisions.revision(of: StateSnapshot(
            anchorIndex: anchorIndex, origin: origin, stackDepth: stack.depth, dimmingAlpha: dimmingAlpha,
            animating: needsFrames, backgroundInset: rules.backgroundInset,
            cornerRadius: rules.cornerRadius(origin: origin), page: stack.top.id, scrollOffset: stack.top.scrollOffset))
    }
}

extension Sheet {
    /// The collapsed sheet's band: background content lays out above it (sheets' main view
    /// controller gets it as a safe-area inset).
    public var backgroundBottomInset: Double { rules.backgroundInset }
}
