import PanelRenderer

/// The card's programmatic side: typed actions, their string form at the edge (touch-script
/// `do` lines), and Back.
extension SwipeDismiss: TypedActions {
    /// Everything a program can ask of a swipe-to-dismiss card.
    public enum Action: Equatable, Sendable {
        /// Slides the card in (nothing when it is already presented).
        case present
        /// Slides it out: status `initiated`, then `completed` (nothing when hidden).
        case dismiss
        /// Shows (`presented`) or hides the card at once, with no slide. Hiding reports
        /// `initiated` and `completed` together (only `completed` when it was already
        /// leaving); nothing when it is already where it is asked to be. A finger on the
        /// card keeps it: showing a card being dragged changes nothing.
        case jump(presented: Bool)
        /// Adds (`true`) or removes (`false`) the swipe-down gesture, as the article's
        /// `addSwipeDownToDismiss` / `removeSwipeDownToDismiss` do. Removing it mid-drag
        /// cancels the drag (`cancelled`, the card goes back); a slide under way finishes.
        case setGesture(enabled: Bool)
    }

    /// Does `action` at `time`.
    public func apply(_ action: Action, at time: Instant) {
        switch action {
        case .present:
            guard !isPresented else { return }
            transition(.present, at: time)
        case .dismiss:
            transition(.dismiss, at: time)
        case .jump(let presented):
            transition(.jump(presented: presented), at: time)
        case .setGesture(let enabled):
            transition(.setGesture(enabled), at: time)
        }
    }

    /// Adds or removes the swipe-down gesture, e.g. `card.setGesture(enabled: false, at: now)`.
    public func setGesture(enabled: Bool, at time: Instant) {
        apply(.setGesture(enabled: enabled), at: time)
    }

    /// Slides the card in, e.g. `card.present(at: now)` (`animated: false`: shows it at once).
    public func present(animated: Bool = true, at time: Instant) {
        apply(animated ? .present : .jump(presented: true), at: time)
    }

    /// Slides the card out as a swipe would (`animated: false`: hides it at once).
    public func dismiss(animated: Bool = true, at time: Instant) {
        apply(animated ? .dismiss : .jump(presented: false), at: time)
    }

    /// The typed action for a touch-script line `do <id> <name> <arguments>`.
    public func action(named name: String, _ args: [String]) throws(ActionError) -> Action {
        let words = ActionWords(name, args)
        switch name {
        case "present", "dismiss":
            let instant = try words.flags(after: 0, allowed: ["instant"]).contains("instant")
            if instant { return .jump(presented: name == "present") }
            return name == "present" ? .present : .dismiss
        case "set_gesture":
            guard let word = args.first, word == "on" || word == "off" else {
                throw ActionError("set_gesture takes on or off (the swipe-down gesture)")
            }
            try words.nothingAfter(1)
            return .setGesture(enabled: word == "on")
        default:
            throw ActionError("swipe_dismiss has no action '\(name)' (present, dismiss, both take instant; set_gesture on|off)")
        }
    }

    /// Back dismisses a presented card.
    public func handleBack(at time: Instant) -> Bool {
        guard isPresented else { return false }
        apply(.dismiss, at: time)
        return true
    }
}
