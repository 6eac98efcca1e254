import PanelRenderer

/// The `Component` entry points: time, programmatic calls, idle reset, state JSON.
extension Popup: TypedActions {
    public func advance(to time: Instant) {
        now = max(now, time)
        shell.advance(to: time)
        transition(.tick, at: time)
    }

    /// Everything a program can ask of a popup bar. The operations that move it are queued
    /// and coalesced (docs/components.md, Popup bar PB2), so they take effect in order.
    public enum Action: Equatable, Sendable {
        /// Slides the bar in.
        case presentBar
        /// Slides the bar out (closing the popup first when it is open).
        case dismissBar
        /// Opens the popup (presenting the bar first when it is hidden).
        case open
        /// Closes the popup back to its bar.
        case close
        /// Changes the bar's item; nil fields stay as they are. `progress` is clamped to 0...1.
        case setItem(title: String?, subtitle: String?, progress: Double?)
    }

    /// Does `action` at `time`. Throws on a progress that is not a number.
    public func apply(_ action: Action, at time: Instant) throws(ActionError) {
        switch action {
        case .presentBar: transition(.enqueue(.present), at: time)
        case .dismissBar: transition(.enqueue(.dismiss), at: time)
        case .open: transition(.enqueue(.open), at: time)
        case .close: transition(.enqueue(.close), at: time)
        case .setItem(let newTitle, let newSubtitle, let newProgress):
            if let newProgress, !newProgress.isFinite { throw ActionError("set_progress takes a number from 0 to 1") }
            if let newTitle { title = newTitle }
            if let newSubtitle { subtitle = newSubtitle }
            if newTitle != nil || newSubtitle != nil { marqueeStart = time }   // restart when either text changes
            if let newProgress { progress = min(max(newProgress, 0), 1) }
        }
    }

    /// Changes the bar's item, e.g. `popup.setItem(title: "Tidal Clock", progress: 0.5, at: now)`.
    public func setItem(title: String? = nil, subtitle: String? = nil, progress: Double? = nil, at time: Instant) throws(ActionError) {
        try apply(.setItem(title: title, subtitle: subtitle, progress: progress), at: time)
    }

    /// The typed action for a touch-script line `do <id> <name> <arguments>`.
    public func action(named name: String, _ args: [String]) throws(ActionError) -> Action {
        let words = ActionWords(name, args)
        switch name {
        case "present_bar": try words.nothingAfter(0); return .presentBar
        case "dismiss_bar": try words.nothingAfter(0); return .dismissBar
        case "open": try words.nothingAfter(0); return .open
        case "close": try words.nothingAfter(0); return .close
        case "set_title": return .setItem(title: args.joined(separator: " "), subtitle: nil, progress: nil)
        case "set_subtitle": return .setItem(title: nil, subtitle: args.joined(separator: " "), progress: nil)
        case "set_progress":
            // 0...1 as the control socket's `set_popup_item` takes it: a 5 is a mistake to
            // say, not a full bar.
            guard let s = args.first, let v = Double(s), v.isFinite, (0...1).contains(v) else {
                throw ActionError("set_progress takes a number from 0 to 1")
            }
            try words.nothingAfter(1)
            return .setItem(title: nil, subtitle: nil, progress: v)
        default:
            throw ActionError("popup has no action '\(name)' (present_bar, dismiss_bar, open, close, set_title, set_subtitle, set_progress)")
        }
    }

    /// Back closes the open popup.
    public func handleBack(at time: Instant) -> Bool {
        guard popupState == .open else { return false }
        transition(.enqueue(.close), at: time)
        return true
    }

    public func reset(at time: Instant) {
        shell.reset()
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
