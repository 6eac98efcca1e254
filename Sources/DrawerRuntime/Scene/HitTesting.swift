import PanelRenderer

/// What a touch at a point lands on.
public struct HitTestResult: Equatable, Sendable {
    /// The deepest item under the point that has an action, or else the deepest scroll view.
    public var itemIndex: Int
    /// The action to report on a tap (button or list row), if the item has one.
    public var actionID: String?
    /// The nearest scroll view containing the point (the item itself, or an ancestor): where a
    /// drag starting here should scroll.
    public var scrollViewIndex: Int?
    public var scrollViewID: String?
}

extension SceneLayout {
    /// Deepest node with an action or a scroll view under `point` (points), honouring scroll
    /// clips. Nil if the point hits only passive content.
    public func hitTest(_ point: Point) -> HitTestResult? {
        for i in items.indices.reversed() {
            let item = items[i]
            guard item.frame.contains(point), item.clip.map({ $0.contains(point) }) ?? true else { continue }
            let isScroll: Bool
            if case .node(.scrollView) = item.content { isScroll = true } else { isScroll = false }
            guard item.actionID != nil || isScroll else { continue }
            let scroll = item.scrollView
            return HitTestResult(itemIndex: i, actionID: item.actionID, scrollViewIndex: scroll,
                                 scrollViewID: scroll.flatMap { items[$0].id })
        }
        return nil
    }
}
