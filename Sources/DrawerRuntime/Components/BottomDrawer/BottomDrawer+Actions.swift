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
        /// Shows page `page` (cross-fading when `animated`, at once otherwise) and, when
        /// given, moves to `position` (springing there when `animated`).
        case replaceContent(page: String, position: DrawerPosition?, animated: Bool = true)
        /// Changes the supported positions; an unsupported current position jumps to the
        /// lowest supported one but closed (Pulley's `setNeedsSupportedDrawerPositionsUpdate`).
        case setPositions(Set<DrawerPosition>)
        /// Shows background page `page` under the drawer, cross-fading when `animated`.
        case replaceBackground(page: String, animated: Bool = true)
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
        case .replaceContent(let page, let position, let animated):
            try replaceContent(with: page, position: position, animated: animated, at: time)
        case .setPositions(let positions):
            try setPositions(positions, at: time)
        case .replaceBackground(let page, let animated):
            try replaceBackground(with: page, animated: animated, at: time)
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
            guard let page = args.first else { throw ActionError("replace_content takes <page id> [position] [instant]") }
            var target: DrawerPosition?
            if args.count > 1, args[1] != "instant" {
                guard let p = DrawerPosition(rawValue: args[1]) else {
                    throw ActionError("replace_content: '\(args[1])' is not collapsed, partiallyRevealed, open or closed")
                }
                target = p
            }
            let instant = try words.flags(after: target == nil ? 1 : 2, allowed: ["instant"]).contains("instant")
            return .replaceContent(page: page, position: target, animated: !instant)
        case "set_positions":
            guard !args.isEmpty else {
                throw ActionError("set_positions takes one or more of collapsed, partiallyRevealed, open, closed")
            }
            var set = Set<DrawerPosition>()
            for word in args {
                guard let p = DrawerPosition(rawValue: word) else {
                    let hint = Suggestion.nearest(word, in: DrawerPosition.allCases.map(\.rawValue)).map { " (did you mean '\($0)'?)" } ?? ""
                    throw ActionError("set_positions: '\(word)' is not collapsed, partiallyRevealed, open or closed\(hint)")
                }
                guard set.insert(p).inserted else { throw ActionError("set_positions: '\(word)' is said twice") }
            }
            return .setPositions(set)
        case "replace_background":
            guard let page = args.first else { throw ActionError("replace_background takes <background page id> [instant]") }
            return .replaceBackground(page: page, animated: !(try words.flags(after: 1, allowed: ["instant"])).contains("instant"))
        default:
            throw ActionError("bottom drawer has no action '\(name)' (set_position, bounce, replace_content, set_positions, replace_background)")
        }
    }

    /// Back from open: down to partially revealed (collapsed without it).
    public func handleBack(at time: Instant) -> Bool {
        guard position == .open else { return false }
        let target: DrawerPosition = supportsPartial ? .partiallyRevealed : .collapsed
        return (try? apply(.setPosition(target, animated: true), at: time)) != nil
    }
}
