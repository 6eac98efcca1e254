import PanelRenderer

/// The `Component` entry points: time, programmatic calls, idle reset, state JSON.
extension SideDrawer {
    public func advance(to time: Instant) {
        inner.advance(to: time)
        transition(.tick, at: time)
    }

    public func perform(_ action: String, _ args: [String], at time: Instant) throws(ActionError) {
        let interruptible = args.contains("uninterruptible") ? false : config.allowUserInterruption
        let animated = !args.contains("instant")
        switch action {
        case "open", "open_wide":
            guard let name = args.first, let d = SideDrawerDirection(rawValue: name), d != .none else {
                throw ActionError("\(action) takes a direction: \(rules.directions.map(\.rawValue).joined(separator: ", "))")
            }
            guard config.sides[d] != nil else {
                throw ActionError("side drawer '\(id)' has no \(d.rawValue) drawer (it has \(rules.directions.map(\.rawValue).joined(separator: ", ")))")
            }
            let state: PaneState = action == "open" ? .open : .openWide
            transition(animated ? .setState(state, d, interruptible: interruptible, then: .none) : .jump(state, d), at: time)
        case "close":
            transition(animated ? .setState(.closed, .none, interruptible: interruptible, then: .none)
                                : .jump(.closed, .none), at: time)
        case "bounce":
            guard let name = args.first, let d = SideDrawerDirection(rawValue: name), config.sides[d] != nil else {
                throw ActionError("bounce takes a direction with a drawer: \(rules.directions.map(\.rawValue).joined(separator: ", "))")
            }
            transition(.bounce(d), at: time)
        case "replace_pane":
            guard let name = args.first, let i = pages.firstIndex(where: { $0.id == name }) else {
                throw ActionError("replace_pane takes a page id: \(pages.map(\.id).joined(separator: ", "))")
            }
            transition(.replace(i), at: time)
        default:
            throw ActionError("side drawer has no action '\(action)' (open, open_wide, close, bounce, replace_pane; open/close take instant or uninterruptible)")
        }
    }

    public func reset(at time: Instant) {
        tracker.reset()
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
