import PanelRenderer

/// The tappable item a finger holds, shown pressed the way iOS highlights a row or a button
/// while it is held: from touch-down until the touch lifts or turns into a drag. A component
/// keeps one, starts it where its press begins on content and clears it when the press ends;
/// `revision` feeds the component's `drawRevision`, so the change is repainted.
public struct PressHighlight {
    private(set) var content: ContentView?
    public private(set) var revision = 0

    public init() {}

    /// Shows the item at `local` (content coordinates) pressed, if there is one with an action.
    public mutating func press(_ target: (content: ContentView, local: Point)?) {
        clear()
        guard let target, target.content.action(at: target.local) != nil else { return }
        target.content.setPressed(at: target.local)
        content = target.content
        revision &+= 1
    }

    /// No item pressed any more (a drag began, the finger lifted, the touch was cancelled).
    public mutating func clear() {
        guard let c = content else { return }
        c.setPressed(at: nil)
        content = nil
        revision &+= 1
    }

    public var isActive: Bool { content != nil }
}
