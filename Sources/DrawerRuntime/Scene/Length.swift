/// A length along one axis.
public enum Length: Equatable, Hashable, Sendable {
    /// The content's natural size.
    case auto
    /// Points.
    case points(Double)
    /// Millimetres on the glass (converted with the layout's `PhysicalUnits`): for touch
    /// targets that must stay finger-sized on any panel (no app-file key sets one yet:
    /// docs/components.md, M13).
    case millimetres(Double)
    /// Takes a share of the space left in the parent stack (weight 1).
    case fill
    /// Takes `weight` shares of the space left.
    case flex(Double)

    var flexWeight: Double? {
        switch self {
        case .fill: return 1
        case .flex(let w): return max(0, w)
        default: return nil
        }
    }
}
