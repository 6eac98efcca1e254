/// Escape or Back (a keyboard, a remote, a kiosk's hardware button): the non-gesture way to
/// undo the top-most open thing, which touch-only kiosks otherwise lack. Each component
/// answers with the programmatic action a person would expect; nothing open, nothing done.
extension Screen {
    /// Returns the component that handled it, if any.
    @discardableResult
    public func back(at time: Instant) -> String? {
        advance(to: time)
        for c in components.reversed() {
            guard let action = BackNavigation.action(for: c) else { continue }
            do { try c.perform(action.0, action.1, at: time) } catch { continue }
            return c.id
        }
        return nil
    }
}

enum BackNavigation {
    static func action(for c: Component) -> (String, [String])? {
        switch c {
        case let m as SwipeDismiss where m.isPresented:
            return ("dismiss", [])
        case let p as Popup where p.popupState == .open:
            return ("close", [])
        case let s as Sheet where s.depth > 1:
            return ("pop", [])
        case let s as Sheet where s.anchorIndex < s.rules.lastIndex:
            return ("snap", [String(s.rules.lastIndex)])
        case let d as SideDrawer where d.paneState != .closed:
            return ("close", [])
        case let d as BottomDrawer where d.position == .open:
            let target: DrawerPosition = d.supportsPartial ? .partiallyRevealed : .collapsed
            return ("set_position", [target.rawValue])
        default:
            return nil
        }
    }
}
