import PanelRenderer

/// The `Component` entry points: time, programmatic calls, idle reset, state JSON.
extension Popup {
    public func advance(to time: Instant) {
        now = max(now, time)
        inner.advance(to: time)
        transition(.tick, at: time)
    }

    public func perform(_ action: String, _ args: [String], at time: Instant) throws(ActionError) {
        switch action {
        case "present_bar": transition(.enqueue(.present), at: time)
        case "dismiss_bar": transition(.enqueue(.dismiss), at: time)
        case "open": transition(.enqueue(.open), at: time)
        case "close": transition(.enqueue(.close), at: time)
        case "set_title", "set_subtitle":
            let s = args.joined(separator: " ")
            if action == "set_title" { title = s } else { subtitle = s }
            marqueeStart = time                            // restart when either text changes
        case "set_progress":
            guard let s = args.first, let v = Double(s), v.isFinite else {
                throw ActionError("set_progress takes a number from 0 to 1")
            }
            progress = min(max(v, 0), 1)
        default:
            throw ActionError("popup has no action '\(action)' (present_bar, dismiss_bar, open, close, set_title, set_subtitle, set_progress)")
        }
    }

    public func reset(at time: Instant) {
        owner = nil
        ignoringFinger = false
        transition(.abandonGesture, at: time)
        switch config.initialState {
        case .hidden: transition(.enqueue(.dismiss), at: time)
        case .barPresented:
            if popupState == .open { transition(.enqueue(.close), at: time) } else { transition(.enqueue(.present), at: time) }
        case .open: transition(.enqueue(.open), at: time)
        }
        scrollOffset = 0
    }

    public func state() -> JSONValue {
        .object([
            ("kind", .string(kind)),
            ("state", .string(popupState.rawValue)),
            ("bar_style", .string(config.barStyle.rawValue)),
            ("open_fraction", .number(percent)),
            ("bar_top_pt", .number(barFrame.minY)),
            ("title", .string(title)),
            ("item_index", .number(Double(itemIndex))),
            ("progress", .number(progress)),
            ("scroll_offset_pt", .number(scrollOffset)),
            ("animating", .bool(needsFrames)),
        ])
    }
}
