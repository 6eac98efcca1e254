/// The five kinds of component, by the word the app file's `kind`, the state file and the
/// control socket's errors use. One enum, so a switch over kinds is exhaustive and a new kind
/// (a control, a keyboard) is added in one place the compiler then points from.
public enum ComponentKind: String, CaseIterable, Sendable {
    case bottomDrawer = "bottom_drawer"
    case sheet
    case sideDrawer = "side_drawer"
    case swipeDismiss = "swipe_dismiss"
    case popup
}

extension ComponentKind: CustomStringConvertible {
    /// The app file's word for the kind.
    public var description: String { rawValue }
}
