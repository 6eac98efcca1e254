import DrawerRuntime

/// How the stack a content node sits in gives it its width (docs/config.md, Content).
///
/// A row with a `spacer` is laid out as SwiftUI's `HStack` with a `Spacer` and Flutter's `Row`
/// with a `Spacer` are: the items keep their natural width and the spacers take what is left,
/// so `label, spacer, label` puts the labels at the two ends. A row without one shares its
/// width equally, as it always has, so the apps and pictures made before keep their layout.
enum RowPlace: Equatable {
    /// In a vertical stack, in a scroll view or at the root: its natural width, which the
    /// column's `align` may stretch.
    case column
    /// In a row without a spacer: everything but images shares the width the images leave,
    /// equally (so a text column beside a picture wraps instead of running off the row).
    case sharedRow
    /// In a row with a spacer: each item its natural width; the spacers share the rest, with
    /// whatever has no natural width (`hasNaturalWidth`).
    case spacedRow

    /// The place of `children` in a stack along `axis`.
    init(_ axis: ContentSpec.Axis, _ children: [ContentSpec]) {
        switch axis {
        case .vertical: self = .column
        case .horizontal: self = Self.holdsSpacer(children) ? .spacedRow : .sharedRow
        }
    }

    /// The width of a node of `spec` here. Spacers and images choose their own.
    func width(of spec: ContentSpec) -> Length {
        switch self {
        case .column: .auto
        case .sharedRow: .fill
        case .spacedRow: Self.hasNaturalWidth(spec) ? .auto : .fill
        }
    }

    private static func holdsSpacer(_ children: [ContentSpec]) -> Bool {
        children.contains { child in
            guard !child.hidden, case .spacer = child.kind else { return false }
            return true
        }
    }

    /// True when the node has a width of its own to keep beside a spacer: labels (on one
    /// line), buttons and images do; lists, progress bars and scroll views fill whatever they
    /// are given, so they share the free width with the spacers. A column has one when all it
    /// holds has (a progress bar in it would stretch to nothing); a row only when it has a
    /// spacer itself: without one its items share its width equally and would wrap in it.
    static func hasNaturalWidth(_ spec: ContentSpec) -> Bool {
        switch spec.kind {
        case .label, .button, .image: true
        case .list, .progress, .scroll, .spacer: false
        case .stack(let axis, _, _, _, _, _, let children):
            switch RowPlace(axis, children) {
            case .column, .spacedRow:
                children.allSatisfy { c in
                    if c.hidden { return true }
                    if case .spacer = c.kind { return true }
                    return hasNaturalWidth(c)
                }
            case .sharedRow: false
            }
        }
    }
}
