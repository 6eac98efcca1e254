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
        /// Slides the bar in; unanimated, it is there at once.
        case presentBar(animated: Bool = true)
        /// Slides the bar out (closing the popup first when it is open).
        case dismissBar(animated: Bool = true)
        /// Opens the popup; on a hidden bar, presents the bar and opens in one transition.
        case open(animated: Bool = true)
        /// Closes the popup back to its bar.
        case close(animated: Bool = true)
        /// Changes the bar's item; nil fields stay as they are. `progress` is clamped to 0...1;
        /// `playing` picks the play/pause glyph (docs/components.md, Popup bar PB29).
        case setItem(title: String?, subtitle: String?, progress: Double?, playing: Bool? = nil)
        /// Lays `appearance`'s set fields over the bar's look (PB30).
        case setAppearance(PopupBarAppearance)
        /// Shrinks the bar to its minimized pill, or brings it back (PB31).
        case setMinimized(Bool)
    }

    /// Does `action` at `time`. Throws on a progress that is not a number.
    public func apply(_ action: Action, at time: Instant) throws(ActionError) {
        switch action {
        case .presentBar(let animated): transition(.enqueue(.init(.present, animated: animated)), at: time)
        case .dismissBar(let animated): transition(.enqueue(.init(.dismiss, animated: animated)), at: time)
        case .open(let animated): transition(.enqueue(.init(.open, animated: animated)), at: time)
        case .close(let animated): transition(.enqueue(.init(.close, animated: animated)), at: time)
        case .setItem(let newTitle, let newSubtitle, let newProgress, let newPlaying):
            if let newProgress, !newProgress.isFinite { throw ActionError("set_progress takes a number from 0 to 1") }
            transition(.edit(.setItem(title: newTitle, subtitle: newSubtitle, progress: newProgress, playing: newPlaying)), at: time)
        case .setAppearance(let a):
            if let s = a.shadow, !(s.blur.isFinite && s.blur >= 0 && s.offset.x.isFinite && s.offset.y.isFinite) {
                throw ActionError("set_appearance: a shadow takes a blur of 0 or more and a finite offset")
            }
            for size in [a.titleSize, a.subtitleSize] {
                if let size, !(PopupBarAppearance.fontSizes.contains(size)) {
                    throw ActionError("set_appearance: a font size is \(size); it takes 6 to 40 pt")
                }
            }
            config.appearance = config.appearance.merging(a)
            measured = nil                                 // widths change with the fonts
            transition(.edit(.restartMarquee), at: time)
        case .setMinimized(let on): transition(.edit(.setMinimized(on)), at: time)
        }
    }

    /// Changes the bar's item, e.g. `popup.setItem(title: "Tidal Clock", progress: 0.5, at: now)`.
    public func setItem(title: String? = nil, subtitle: String? = nil, progress: Double? = nil, playing: Bool? = nil,
                        at time: Instant) throws(ActionError) {
        try apply(.setItem(title: title, subtitle: subtitle, progress: progress, playing: playing), at: time)
    }

    /// The typed action for a touch-script line `do <id> <name> <arguments>`.
    public func action(named name: String, _ args: [String]) throws(ActionError) -> Action {
        let words = ActionWords(name, args)
        /// Nothing after the name, or `instant` (LNPopupController's `animated: false`).
        func animated() throws(ActionError) -> Bool {
            !(try words.flags(after: 0, allowed: ["instant"])).contains("instant")
        }
        switch name {
        case "present_bar": return .presentBar(animated: try animated())
        case "dismiss_bar": return .dismissBar(animated: try animated())
        case "open": return .open(animated: try animated())
        case "close": return .close(animated: try animated())
        case "set_title": return .setItem(title: args.joined(separator: " "), subtitle: nil, progress: nil)
        case "set_subtitle": return .setItem(title: nil, subtitle: args.joined(separator: " "), progress: nil)
        case "set_playing":
            guard let s = args.first, let on = Bool(s) else { throw ActionError("set_playing takes true or false") }
            try words.nothingAfter(1)
            return .setItem(title: nil, subtitle: nil, progress: nil, playing: on)
        case "set_appearance": return .setAppearance(try PopupBarAppearance.parse(words: args))
        case "minimize_bar": try words.nothingAfter(0); return .setMinimized(true)
        case "expand_bar": try words.nothingAfter(0); return .setMinimized(false)
        case "set_progress":
            // 0...1 as the control socket's `set_popup_item` takes it: a 5 is a mistake to
            // say, not a full bar.
            guard let s = args.first, let v = Double(s), v.isFinite, (0...1).contains(v) else {
                throw ActionError("set_progress takes a number from 0 to 1")
            }
            try words.nothingAfter(1)
            return .setItem(title: nil, subtitle: nil, progress: v)
        default:
            throw ActionError("popup has no action '\(name)' (present_bar, dismiss_bar, open, close, set_title, set_subtitle, set_progress, set_playing, set_appearance, minimize_bar, expand_bar)")
        }
    }

    /// Back closes the open popup.
    public func handleBack(at time: Instant) -> Bool {
        guard popupState == .open else { return false }
        transition(.enqueue(.init(.close)), at: time)
        return true
    }

    public func reset(at time: Instant) {
        shell.reset()
        transition(.abandonGesture, at: time)
        switch config.initialState {
        case .hidden: transition(.enqueue(.init(.dismiss)), at: time)
        case .barPresented: transition(.enqueue(.init(popupState == .open ? .close : .present)), at: time)
        case .open: transition(.enqueue(.init(.open)), at: time)
        }
        transition(.edit(.contentReflowed(scrollOffset: 0)), at: time)
        transition(.edit(.setMinimized(false)), at: time)
    }

    public func state() -> JSONValue {
        .object([
            ("kind", .string(kind.rawValue)),
            ("state", .string(popupState.rawValue)),
            ("bar_style", .string(config.barStyle.rawValue)),
            ("open_fraction", .number(percent)),
            ("bar_top_pt", .number(barFrame.minY)),
            ("title", .string(title)),
            ("item_index", .number(Double(itemIndex))),
            ("progress", .number(progress)),
            ("playing", .bool(playing)),
            ("minimized", .bool(minimized)),
            ("minimize_fraction", .number(minimizeFraction)),
            ("scroll_offset_pt", .number(scrollOffset)),
            ("animating", .bool(needsFrames)),
        ])
    }

    /// The fields of `state()` as values, field for field (keep the two in step): compared
    /// every frame instead of the JSON.
    struct StateSnapshot: Equatable {
        var state: PopupState, barStyle: PopupBarStyle, openFraction: Double, barTop: Double, title: String
        var itemIndex: Int, progress: Double, playing: Bool, minimized: Bool, minimizeFraction: Double
        var scrollOffset: Double, animating: Bool
    }

    public var stateRevision: Int? {
        stateRevisions.revision(of: StateSnapshot(
            state: popupState, barStyle: config.barStyle, openFraction: percent, barTop: barFrame.minY, title: title,
            itemIndex: itemIndex, progress: progress, playing: playing, minimized: minimized,
            minimizeFraction: minimizeFraction, scrollOffset: scrollOffset, animating: needsFrames))
    }
}
