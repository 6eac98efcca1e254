import PanelRenderer

/// The drawer's programmatic side: typed actions, their string form at the edge (touch-script
/// `do` lines), and Back.
extension BottomDrawer: TypedActions {
    /// Everything a program can ask of a bottom drawer.
    public enum Action: Equatable, Sendable {
        /// Moves to `position` (closed too), springing there when `animated`.
        case setPosition(DrawerPosition, animated: Bool)
        /// Pulley's attention bounce, from collapsed or partially revealed in drawer mode.
        case bounce
        /// Shows page `page` (cross-fading) and, when given, moves to `position`.
        case replaceContent(page: String, position: DrawerPosition?)
    }

    /// Does `action` at `time`. Throws when the drawer cannot (a position it does not
    /// support in its display mode, a page it does not have).
    public func apply(_ action: Action, at time: Instant) throws(ActionError) {
        switch action {
        case .setPosition(let p, let animated):
            guard p == .closed || supportedPositions.contains(p) else {
                throw ActionError("position '\(p.rawValue)' is not supported by drawer '\(id)' in \(displayMode.rawValue) mode")
            }
            transition(.setPosition(p, animated: animated), at: time)
        case .bounce:
            transition(.bounce, at: time)
        case .replaceContent(let page, let position):
            try replaceContent(with: page, position: position, at: time)
        }
    }

    /// Moves the drawer to `position`, e.g. `drawer.setPosition(.open, animated: true, at: now)`.
    public func setPosition(_ position: DrawerPosition, animated: Bool = true, at time: Instant) throws(ActionError) {
        try apply(.setPosition(position, animated: animated), at: time)
    }

    /// Bounces the drawer to draw attention to it (nothing when it is open or in a panel).
    public func bounce(at time: Instant) {
        transition(.bounce, at: time)
    }

    /// The typed action for a touch-script line `do <id> <name> <arguments>`.
    public func action(named name: String, _ args: [String]) throws(ActionError) -> Action {
        let words = ActionWords(name, args)
        switch name {
        case "set_position":
            guard let word = args.first, let p = DrawerPosition(rawValue: word) else {
                throw ActionError("set_position takes one of collapsed, partiallyRevealed, open, closed")
            }
            return .setPosition(p, animated: !(try words.flags(after: 1, allowed: ["instant"])).contains("instant"))
        case "bounce":
            try words.nothingAfter(0)
            return .bounce
        case "replace_content":
            try words.nothingAfter(2)
            guard let page = args.first else { throw ActionError("replace_content takes <page id> [position]") }
            var target: DrawerPosition?
            if args.count > 1 {
                guard let p = DrawerPosition(rawValue: args[1]) else {
                    throw ActionError("replace_content: '\(args[1])' is not collapsed, partiallyRevealed, open or closed")
                }
                target = p
            }
            return .replaceContent(page: page, position: target)
        default:
            throw ActionError("bottom drawer has no action '\(name)' (set_position, bounce, replace_content)")
        }
    }

    /// Back from open: down to partially revealed (collapsed without it).
    public func handleBack(at time: Instant) -> Bool {
        guard position == .open else { return false }
        let target: DrawerPosition = supportsPartial ? .partiallyRevealed : .collapsed
        return (try? apply(.setPosition(target, animated: true), at: time)) != nil
    }
}
