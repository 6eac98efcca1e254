import PanelRenderer

/// The `Component` entry points: time, programmatic calls, idle reset, state JSON.
extension SideDrawer: TypedActions {
    public func advance(to time: Instant) {
        shell.advance(to: time)
        feed(.tick, at: time)
    }

    /// Everything a program can ask of a side drawer.
    public enum Action: Equatable, Sendable {
        /// Opens the drawer on `side` (`wide`: to openWide); `.none`: the only side there is
        /// a drawer on (refused when there are two). `interruptible` nil: the configured
        /// `allow_user_interruption`.
        case open(side: SideDrawerDirection, wide: Bool, animated: Bool, interruptible: Bool?)
        /// Closes the open drawer.
        case close(animated: Bool, interruptible: Bool?)
        /// Nudges the closed pane toward `side` to show there is a drawer; `.none`: the only
        /// side there is a drawer on (refused when there are two).
        case bounce(side: SideDrawerDirection)
        /// Shows page `page` in the pane. Animated: slides off and back (or just closes, as
        /// configured); not animated: swaps the page where the pane is, nothing moves and no
        /// event is sent (the reference's `setPaneViewController:animated:NO`).
        case replacePane(page: String, animated: Bool = true)
        /// Puts page `page` in the drawer on `side`, adding a drawer there if it had none
        /// (the reference's `setDrawerViewController:forDirection:`).
        case setDrawer(side: SideDrawerDirection, page: String)
        /// Takes the drawer on `side` away (`setDrawerViewController:nil forDirection:`). When
        /// the pane is open toward it, it closes first (animated: uninterruptibly).
        case removeDrawer(side: SideDrawerDirection, animated: Bool = true)
        /// Sets the stylers of the drawer on `side` and their parameters
        /// (`addStyler:forDirection:`, `removeStyler:forDirection:`).
        case setStyle(side: SideDrawerDirection, style: SideDrawerSideConfig.Style)
    }

    /// Does `action` at `time`. Throws when the drawer cannot (a side it has no drawer on, a
    /// page it does not have).
    public func apply(_ action: Action, at time: Instant) throws(ActionError) {
        switch action {
        case .open(let side, let wide, let animated, let interruptible):
            let name = wide ? "open_wide" : "open"
            let d = try sideToOpen(side, name)
            guard config.sides[d] != nil else {
                throw ActionError("side drawer '\(id)' has no \(d.rawValue) drawer (it has \(rules.directions.map(\.rawValue).joined(separator: ", ")))")
            }
            if pendingRemoval.contains(d) { throw ActionError("side drawer '\(id)' is removing its \(d.rawValue) drawer (it goes once the pane has closed)") }
            let state: PaneState = wide ? .openWide : .open
            feed(animated ? .setState(state, d, interruptible: interruptible ?? config.allowUserInterruption, then: .none)
                          : .jump(state, d), at: time)
        case .close(let animated, let interruptible):
            close(animated: animated, interruptible: interruptible, at: time)
        case .bounce(let side):
            // Only two drawers make the side ambiguous (the reference's bouncePaneOpen).
            let d = try sideToOpen(side, "bounce")
            guard config.sides[d] != nil else {
                throw ActionError("bounce takes a direction with a drawer: \(sideNames)")
            }
            feed(.bounce(d), at: time)
        case .replacePane(let name, let animated):
            guard let i = pages.firstIndex(where: { $0.id == name }) else {
                throw ActionError("replace_pane takes a page id: \(pages.map(\.id).joined(separator: ", "))")
            }
            if let side = drawerSide(showing: name) {
                throw ActionError("page '\(name)' is in the \(side.rawValue) drawer; a page shows in one place at a time")
            }
            feed(animated ? .replace(i) : .swapInPlace(i), at: time)
        case .setDrawer(let side, let name):
            guard side != .none else { throw ActionError("set_drawer takes a side: left, right, top or bottom") }
            guard let i = pages.firstIndex(where: { $0.id == name }) else {
                throw ActionError("set_drawer takes a page id: \(pages.map(\.id).joined(separator: ", "))")
            }
            if name == currentPage?.id { throw ActionError("page '\(name)' is shown in the pane; a page shows in one place at a time") }
            if let other = drawerSide(showing: name), other != side {
                throw ActionError("page '\(name)' is in the \(other.rawValue) drawer; a page shows in one place at a time")
            }
            // At most two drawers, opposite (the reference asserts the same).
            guard canHold(Set(rules.directions).union([side])) else {
                throw ActionError("side drawer '\(id)' has drawers on \(sideNames); a \(side.rawValue) drawer cannot join them "
                    + "(at most two, opposite: left and right, or top and bottom; remove_drawer first)")
            }
            placeDrawer(side, page: i)
        case .removeDrawer(let side, let animated):
            guard side != .none, config.sides[side] != nil else {
                throw ActionError("remove_drawer takes a side with a drawer: \(sideNames)")
            }
            // Removing the drawer the pane is open toward closes it first; the drawer goes at
            // closed (the reference left the pane open over a drawer that was gone).
            feed(.removeDrawer(side, animated: animated), at: time)
        case .setStyle(let side, let style):
            guard side != .none, config.sides[side] != nil else {
                throw ActionError("set_stylers takes a side with a drawer: \(sideNames)")
            }
            if let why = style.problem { throw ActionError("set_stylers: \(why)") }
            config.sides[side]?.style = style
            layout(in: env)
        }
    }

    /// The sides with a drawer, for messages ("none" when there is none).
    private var sideNames: String {
        rules.directions.isEmpty ? "none" : rules.directions.map(\.rawValue).joined(separator: ", ")
    }

    /// `side`, or for `.none` the only side with a drawer. With drawers on two sides the
    /// program must say which: a guess would open the wrong one.
    private func sideToOpen(_ side: SideDrawerDirection, _ name: String) throws(ActionError) -> SideDrawerDirection {
        guard side == .none else { return side }
        let sides = rules.directions
        // Every drawer may have been removed at run time.
        guard !sides.isEmpty else { throw ActionError("side drawer '\(id)' has no drawer now (set_drawer puts one in)") }
        guard sides.count == 1 else {
            let names = sides.map(\.rawValue)
            throw ActionError("\(name) needs a side: side drawer '\(id)' has drawers on \(names.joined(separator: " and ")) "
                + "(\"side\": \"\(names[0])\" in a command, `do \(id) \(name) \(names[0])` in a script)")
        }
        return sides[0]
    }

    /// Opens the drawer on `side`, e.g. `menu.open(.left, at: now)`.
    public func open(_ side: SideDrawerDirection, animated: Bool = true, at time: Instant) throws(ActionError) {
        try apply(.open(side: side, wide: false, animated: animated, interruptible: nil), at: time)
    }

    /// Closes the open drawer; `interruptible` nil: the configured `allow_user_interruption`.
    public func close(animated: Bool = true, interruptible: Bool? = nil, at time: Instant) {
        feed(animated ? .setState(.closed, .none, interruptible: interruptible ?? config.allowUserInterruption, then: .none)
                      : .jump(.closed, .none), at: time)
    }

    /// Shows page `page` in the pane; not `animated`: swapped where the pane is.
    public func replacePane(with page: String, animated: Bool = true, at time: Instant) throws(ActionError) {
        try apply(.replacePane(page: page, animated: animated), at: time)
    }

    /// Puts page `page` in the drawer on `side`.
    public func setDrawer(_ side: SideDrawerDirection, page: String, at time: Instant) throws(ActionError) {
        try apply(.setDrawer(side: side, page: page), at: time)
    }

    /// Takes the drawer on `side` away, closing the pane first when it is open toward it.
    public func removeDrawer(_ side: SideDrawerDirection, animated: Bool = true, at time: Instant) throws(ActionError) {
        try apply(.removeDrawer(side: side, animated: animated), at: time)
    }

    /// The typed action for a touch-script line `do <id> <name> <arguments>`; `open`,
    /// `open_wide` and `close` take `instant` and `uninterruptible` too.
    public func action(named name: String, _ args: [String]) throws(ActionError) -> Action {
        let words = ActionWords(name, args)
        switch name {
        case "open", "open_wide":
            // The side may be left out when there is only one (`do menu open instant`).
            let given = args.first.flatMap { SideDrawerDirection(rawValue: $0) }.flatMap { $0 == .none ? nil : $0 }
            if given == nil, let word = args.first, !["instant", "uninterruptible"].contains(word) {
                throw ActionError("\(name) takes a direction: \(rules.directions.map(\.rawValue).joined(separator: ", ")), not '\(word.clippedForMessage())'")
            }
            let d = try sideToOpen(given ?? .none, name)
            let flags = try words.flags(after: given == nil ? 0 : 1, allowed: ["instant", "uninterruptible"])
            return .open(side: d, wide: name == "open_wide", animated: !flags.contains("instant"),
                         interruptible: flags.contains("uninterruptible") ? false : nil)
        case "close":
            let flags = try words.flags(after: 0, allowed: ["instant", "uninterruptible"])
            return .close(animated: !flags.contains("instant"), interruptible: flags.contains("uninterruptible") ? false : nil)
        case "bounce":
            // The side may be left out when there is only one (`do menu bounce`).
            guard let word = args.first else { return .bounce(side: try sideToOpen(.none, name)) }
            guard let d = SideDrawerDirection(rawValue: word), config.sides[d] != nil else {
                throw ActionError("bounce takes a direction with a drawer: \(sideNames), not '\(word.clippedForMessage())'")
            }
            try words.nothingAfter(1)
            return .bounce(side: d)
        case "replace_pane":
            guard let page = args.first else {
                throw ActionError("replace_pane takes a page id: \(pages.map(\.id).joined(separator: ", "))")
            }
            let flags = try words.flags(after: 1, allowed: ["instant"])
            return .replacePane(page: page, animated: !flags.contains("instant"))
        case "set_drawer":
            guard args.count >= 2, let d = SideDrawerDirection(rawValue: args[0]), d != .none else {
                throw ActionError("set_drawer takes <side> <page>: a side of left, right, top, bottom and a page id (\(pages.map(\.id).joined(separator: ", ")))")
            }
            try words.nothingAfter(2)
            return .setDrawer(side: d, page: args[1])
        case "remove_drawer":
            guard let word = args.first, let d = SideDrawerDirection(rawValue: word), config.sides[d] != nil else {
                throw ActionError("remove_drawer takes a side with a drawer: \(sideNames)")
            }
            let flags = try words.flags(after: 1, allowed: ["instant"])
            return .removeDrawer(side: d, animated: !flags.contains("instant"))
        case "set_stylers":
            return try styleAction(args)
        default:
            throw ActionError("side drawer has no action '\(name)' (open, open_wide, close, bounce, replace_pane, set_drawer, remove_drawer, set_stylers; open/close take instant or uninterruptible)")
        }
    }

    /// `set_stylers <side> [<styler>...] [<key>=<value>...]`: the drawer's stylers become
    /// exactly those named (none named: none), and each `key=value` (an app-file key)
    /// changes that parameter; the others keep their values.
    private func styleAction(_ args: [String]) throws(ActionError) -> Action {
        guard let word = args.first, let d = SideDrawerDirection(rawValue: word), let side = config.sides[d] else {
            throw ActionError("set_stylers takes a side with a drawer: \(sideNames)")
        }
        var style = side.style
        style.stylers = []
        let keys = SideDrawerSideConfig.Style.ranges.map(\.key)
        for w in args.dropFirst() {
            if let styler = PaneStyler(rawValue: w) {
                guard style.stylers.insert(styler).inserted else { throw ActionError("set_stylers: '\(w)' is said twice") }
                continue
            }
            let parts = w.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else {
                let hint = Suggestion.nearest(w, in: PaneStyler.allCases.map(\.rawValue)).map { " (did you mean '\($0)'?)" } ?? ""
                throw ActionError("set_stylers: '\(w.clippedForMessage())' is neither a styler (\(PaneStyler.allCases.map(\.rawValue).joined(separator: ", "))) nor key=value\(hint)")
            }
            guard keys.contains(parts[0]) else {
                let hint = Suggestion.nearest(parts[0], in: keys).map { " (did you mean '\($0)'?)" } ?? ""
                throw ActionError("set_stylers: no parameter '\(parts[0].clippedForMessage())'\(hint); it takes \(keys.joined(separator: ", "))")
            }
            guard let v = Double(parts[1]), v.isFinite else {
                throw ActionError("set_stylers: \(parts[0]) takes a number, not '\(parts[1].clippedForMessage())'")
            }
            _ = style.set(parts[0], v)
        }
        if let why = style.problem { throw ActionError("set_stylers: \(why)") }
        return .setStyle(side: d, style: style)
    }

    /// Back closes an open (or opening) drawer.
    public func handleBack(at time: Instant) -> Bool {
        guard paneState != .closed else { return false }
        close(at: time)
        return true
    }

    public func reset(at time: Instant) {
        shell.reset()
        if pageIndex != 0, drawerSide(showing: pages[0].id) == nil { feed(.replace(0), at: time) } else {
            feed(.setState(.closed, .none, interruptible: true, then: .none), at: time)
        }
    }

    public func state() -> JSONValue {
        .object([
            ("kind", .string(kind.rawValue)),
            ("pane_state", .string(paneState.rawValue)),
            ("direction", .string(direction.rawValue)),
            ("pane_offset_pt", .number(paneOffset)),
            ("closed_fraction", .number(closedFraction)),
            ("page", .string(currentPage?.id ?? "")),
            ("drawers", .array(sides.map { .string($0.rawValue) })),
            ("animating", .bool(needsFrames)),
        ])
    }

    /// The fields of `state()` as values, field for field (keep the two in step): compared
    /// every frame instead of the JSON.
    struct StateSnapshot: Equatable {
        var paneState: PaneState, direction: SideDrawerDirection, paneOffset: Double, closedFraction: Double
        var page: String
        /// `drawers`: which sides have one (the list `sides` builds, without building it).
        var left: Bool, right: Bool, top: Bool, bottom: Bool
        var animating: Bool
    }

    public var stateRevision: Int? {
        stateRevisions.revision(of: StateSnapshot(
            paneState: paneState, direction: direction, paneOffset: paneOffset, closedFraction: closedFraction,
            page: currentPage?.id ?? "", left: rules.config.sides[.left] != nil, right: rules.config.sides[.right] != nil,
            top: rules.config.sides[.top] != nil, bottom: rules.config.sides[.bottom] != nil, animating: needsFrames))
    }
}
