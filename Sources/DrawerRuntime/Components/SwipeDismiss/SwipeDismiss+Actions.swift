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
    }

    /// Does `action` at `time`.
    public func apply(_ action: Action, at time: Instant) {
        switch action {
        case .present:
            guard !isPresented else { return }
            transition(.present, at: time)
        case .dismiss:
            transition(.dismiss, at: time)
        }
    }

    /// Slides the card in, e.g. `card.present(at: now)`.
    public func present(at time: Instant) { apply(.present, at: time) }

    /// Slides the card out as a swipe would.
    public func dismiss(at time: Instant) { apply(.dismiss, at: time) }

    /// The typed action for a touch-script line `do <id> <name> <arguments>`.
    public func action(named name: String, _ args: [String]) throws(ActionError) -> Action {
        let words = ActionWords(name, args)
        switch name {
        case "present": try words.nothingAfter(0); return .present
        case "dismiss": try words.nothingAfter(0); return .dismiss
        default: throw ActionError("swipe_dismiss has no action '\(name)' (present, dismiss)")
        }
    }

    /// Back dismisses a presented card.
    public func handleBack(at time: Instant) -> Bool {
        guard isPresented else { return false }
        apply(.dismiss, at: time)
        return true
    }
}
