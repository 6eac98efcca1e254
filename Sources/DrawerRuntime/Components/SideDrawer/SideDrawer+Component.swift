import PanelRenderer

/// The `Component` entry points: time, programmatic calls, idle reset, state JSON.
extension SideDrawer: TypedActions {
    public func advance(to time: Instant) {
        shell.advance(to: time)
        transition(.tick, at: time)
    }

    /// Everything a program can ask of a side drawer.
    public enum Action: Equatable, Sendable {
        /// Opens the drawer on `side` (`wide`: to openWide); `.none`: the only side there is
        /// a drawer on (refused when there are two). `interruptible` nil: the configured
        /// `allow_user_interruption`.
        case open(side: SideDrawerDirection, wide: Bool, animated: Bool, interruptible: Bool?)
        /// Closes the open drawer.
        case close(animated: Bool, interruptible: Bool?)
        /// Nudges the closed pane toward `side` to show there is a drawer.
        case bounce(side: SideDrawerDirection)
        /// Shows page `page` in the pane (sliding off and back when configured).
        case replacePane(page: String)
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
            let state: PaneState = wide ? .openWide : .open
            transition(animated ? .setState(state, d, interruptible: interruptible ?? config.allowUserInterruption, then: .none)
                                : .jump(state, d), at: time)
        case .close(let animated, let interruptible):
            close(animated: animated, interruptible: interruptible, at: time)
        case .bounce(let d):
            guard config.sides[d] != nil else {
                throw ActionError("bounce takes a direction with a drawer: \(rules.directions.map(\.rawValue).joined(separator: ", "))")
            }
            transition(.bounce(d), at: time)
        case .replacePane(let name):
            guard let i = pages.firstIndex(where: { $0.id == name }) else {
                throw ActionError("replace_pane takes a page id: \(pages.map(\.id).joined(separator: ", "))")
            }
            transition(.replace(i), at: time)
        }
    }

    /// `side`, or for `.none` the only side with a drawer. With drawers on two sides the
    /// program must say which: a guess would open the wrong one.
    private func sideToOpen(_ side: SideDrawerDirection, _ name: String) throws(ActionError) -> SideDrawerDirection {
        guard side == .none else { return side }
        let sides = rules.directions
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
        transition(animated ? .setState(.closed, .none, interruptible: interruptible ?? config.allowUserInterruption, then: .none)
                            : .jump(.closed, .none), at: time)
    }

    /// Shows page `page` in the pane.
    public func replacePane(with page: String, at time: Instant) throws(ActionError) {
        try apply(.replacePane(page: page), at: time)
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
            guard let word = args.first, let d = SideDrawerDirection(rawValue: word), config.sides[d] != nil else {
                throw ActionError("bounce takes a direction with a drawer: \(rules.directions.map(\.rawValue).joined(separator: ", "))")
            }
            try words.nothingAfter(1)
            return .bounce(side: d)
        case "replace_pane":
            try words.nothingAfter(1)
            guard let page = args.first else {
                throw ActionError("replace_pane takes a page id: \(pages.map(\.id).joined(separator: ", "))")
            }
            return .replacePane(page: page)
        default:
            throw ActionError("side drawer has no action '\(name)' (open, open_wide, close, bounce, replace_pane; open/close take instant or uninterruptible)")
        }
    }

    /// Back closes an open (or opening) drawer.
    public func handleBack(at time: Instant) -> Bool {
        guard paneState != .closed else { return false }
        close(at: time)
        return true
    }

    public func reset(at time: Instant) {
        shell.reset()
        if pageIndex != 0 { transition(.replace(0), at: time) } else {
            transition(.setState(.closed, .none, interruptible: true, then: .none), at: time)
        }
    }

    public func state() -> JSONValue {
        .object([
            ("kind", .string(kind)),
            ("pane_state", .string(paneState.rawValue)),
            ("direction", .string(direction.rawValue)),
            ("pane_offset_pt", .number(paneOffset)),
            ("closed_fraction", .number(closedFraction)),
            ("page", .string(currentPage?.id ?? "")),
            ("animating", .bool(needsFrames)),
        ])
    }
}
