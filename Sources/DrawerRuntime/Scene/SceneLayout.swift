import PanelRenderer

/// One laid-out piece of the scene, in paint order (parents before children).
public struct LayoutItem: Equatable, Sendable {
    public enum Content: Equatable, Sendable {
        case node(SceneNode.Kind)
        /// One row of a `.list` node; `index` into its rows.
        case listRow(ListRow, index: Int)
    }

    /// Child indices from the root (a list row appends its row index).
    public var path: [Int]
    public var id: String?
    public var content: Content
    public var style: NodeStyle
    /// Absolute frame in points, scroll offsets applied.
    public var frame: Rect
    /// The visible region (enclosing scroll viewports), nil when unclipped.
    public var clip: Rect?
    /// Index of the parent item.
    public var parent: Int?
    /// Index of the nearest enclosing scroll view item (the item itself for a scroll view).
    public var scrollView: Int?
    /// For labels: horizontal alignment resolved for the layout direction (.left/.center/.right).
    public var textAlignment: LabelAlignment?
    /// Button or row action reported when tapped.
    public var actionID: String?
    /// For scroll views: the content's size and the largest offset along the scroll axis.
    public var contentSize: Size?
    public var maxScrollOffset: Double?
}

/// Inputs that are not the tree itself.
public struct LayoutContext {
    public var measurer: any TextMeasurer
    public var units: PhysicalUnits
    public var direction: LayoutDirection
    /// Offsets (points along their axis) of scroll views by node id; missing = 0. Clamped.
    public var scrollOffsets: [String: Double]
    /// Buttons are at least this tall (points): a finger-sized target (docs/components.md, M13).
    public var minimumTouchTarget: Double

    public init(measurer: any TextMeasurer, units: PhysicalUnits = .nominal(), direction: LayoutDirection = .leftToRight,
                scrollOffsets: [String: Double] = [:], minimumTouchTarget: Double = 44) {
        self.measurer = measurer; self.units = units; self.direction = direction
        self.scrollOffsets = scrollOffsets; self.minimumTouchTarget = minimumTouchTarget
    }
}

/// The result of laying out a tree: a pure function of (tree, bounds, safe area, context).
public struct SceneLayout: Equatable, Sendable {
    public var items: [LayoutItem]
    public var direction: LayoutDirection

    public func item(id: String) -> LayoutItem? { items.first { $0.id == id } }
    public func index(id: String) -> Int? { items.firstIndex { $0.id == id } }

    /// Lays `root` out inside `bounds` (points), keeping content out of `safeArea`.
    public static func layout(_ root: SceneNode, in bounds: Rect, safeArea: EdgeInsets = .zero,
                              context: LayoutContext) -> SceneLayout {
        var engine = LayoutEngine(context: context)
        var rootNode = root
        var frame = bounds.inset(by: safeArea)
        if root.style.ignoresSafeArea {
            frame = bounds
            rootNode.style.padding = EdgeInsets(top: root.style.padding.top + safeArea.top,
                                                left: root.style.padding.left + safeArea.left,
                                                bottom: root.style.padding.bottom + safeArea.bottom,
                                                right: root.style.padding.right + safeArea.right)
        }
        if let w = engine.fixed(rootNode.style.width) { frame.width = min(frame.width, w) }
        if let h = engine.fixed(rootNode.style.height) { frame.height = min(frame.height, h) }
        if context.direction == .rightToLeft, engine.fixed(rootNode.style.width) != nil {
            frame.x = bounds.inset(by: safeArea).maxX - frame.width
        }
        engine.place(rootNode, frame: frame, path: [], parent: nil, clip: nil, scrollView: nil)
        return SceneLayout(items: engine.items, direction: context.direction)
    }
}

/// The recursive worker behind `SceneLayout.layout`.
struct LayoutEngine {
    let context: LayoutContext
    var items: [LayoutItem] = []

    init(context: LayoutContext) { self.context = context }

    var rtl: Bool { context.direction == .rightToLeft }

    func fixed(_ d: Length) -> Double? {
        switch d {
        case .points(let v): return max(0, v)
        case .millimetres(let mm): return context.units.points(millimetres: mm)
        case .auto, .fill, .flex: return nil
        }
    }

    /// Natural size including padding, wrapping text at `maxWidth` (outer width) if given.
    func natural(_ node: SceneNode, maxWidth: Double?) -> Size {
        let p = node.style.padding
        let padW = p.left + p.right, padH = p.top + p.bottom
        let widthLimit = fixed(node.style.width) ?? maxWidth
        let innerMax = widthLimit.map { max(0, $0 - padW) }
        var s: Size
        switch node.kind {
        case .label(let l):
            s = labelSize(l, maxWidth: innerMax)
        case .button(let b):
            let m = context.measurer.measure(b.title, sizePt: b.fontSize, bold: false, maxWidth: nil)
            s = Size(m.width + 32, max(m.height + 20, context.minimumTouchTarget))
        case .image(let i):
            s = i.naturalSize ?? .zero
        case .list(let l):
            s = Size(innerMax ?? 0, Double(l.rows.count) * l.resolvedRowHeight)
        case .progressBar:
            s = Size(innerMax ?? 0, 4)
        case .spacer:
            s = .zero
        case .scrollView:
            s = node.children.first.map { natural($0, maxWidth: innerMax) } ?? .zero
        case .stack(let spec):
            s = stackNatural(node.children, spec, innerMax: innerMax)
        }
        var out = Size(s.width + padW, s.height + padH)
        if let w = fixed(node.style.width) { out.width = w }
        if let h = fixed(node.style.height) { out.height = h }
        out.width = max(out.width, node.style.minWidth)
        out.height = max(out.height, node.style.minHeight)
        return out
    }

    func labelSize(_ l: LabelSpec, maxWidth: Double?) -> Size {
        var m = context.measurer.measure(l.text, sizePt: l.fontSize, bold: l.bold, maxWidth: maxWidth)
        if let lines = l.maxLines, lines > 0 {
            let one = context.measurer.measure(l.text, sizePt: l.fontSize, bold: l.bold, maxWidth: nil).height
            m.height = min(m.height, Double(lines) * one)
        }
        if let maxWidth { m.width = min(m.width, maxWidth) }
        return m
    }

    func stackNatural(_ children: [SceneNode], _ spec: StackSpec, innerMax: Double?) -> Size {
        guard !children.isEmpty else { return .zero }
        let gaps = spec.spacing * Double(children.count - 1)
        var main = gaps, cross = 0.0
        // A row's flexible children wrap in their share of the width left over, as
        // `placeStack` will size them; measured unwrapped, their height came out too short.
        var share = [Double?](repeating: nil, count: children.count)
        if spec.axis == .horizontal, let innerMax {
            var used = gaps, weights = 0.0
            for c in children {
                if let w = c.style.width.flexWeight { weights += w } else { used += natural(c, maxWidth: nil).width }
            }
            for (i, c) in children.enumerated() {
                if let w = c.style.width.flexWeight, weights > 0 { share[i] = max(0, innerMax - used) * w / weights }
            }
        }
        for (i, c) in children.enumerated() {
            let n = natural(c, maxWidth: spec.axis == .vertical ? innerMax : share[i])
            if spec.axis == .vertical {
                main += n.height; cross = max(cross, n.width)
            } else {
                main += n.width; cross = max(cross, n.height)
            }
        }
        return spec.axis == .vertical ? Size(cross, main) : Size(main, cross)
    }

    mutating func place(_ node: SceneNode, frame: Rect, path: [Int], parent: Int?, clip: Rect?, scrollView: Int?) {
        let index = items.count
        var item = LayoutItem(path: path, id: node.id, content: .node(node.kind), style: node.style, frame: frame,
                              clip: clip, parent: parent, scrollView: scrollView)
        let inner = frame.inset(by: node.style.padding)
        switch node.kind {
        case .label(let l):
            item.textAlignment = resolve(l.alignment)
        case .button(let b):
            item.actionID = b.actionID
        case .scrollView:
            item.scrollView = index
        default:
            break
        }
        items.append(item)

        switch node.kind {
        case .stack(let spec):
            placeStack(node.children, spec, inner: inner, path: path, parent: index, clip: clip, scrollView: scrollView)
        case .list(let l):
            let h = l.resolvedRowHeight
            for (r, row) in l.rows.enumerated() {
                let rowFrame = Rect(inner.x, inner.y + Double(r) * h, inner.width, h)
                items.append(LayoutItem(path: path + [r], id: nil, content: .listRow(row, index: r), style: NodeStyle(),
                                        frame: rowFrame, clip: clip, parent: index, scrollView: scrollView,
                                        actionID: row.actionID))
            }
        case .scrollView(let axis):
            guard let child = node.children.first else { break }
            let n = natural(child, maxWidth: axis == .vertical ? inner.width : nil)
            let content = axis == .vertical ? Size(inner.width, max(n.height, inner.height))
                                            : Size(max(n.width, inner.width), inner.height)
            let maxOffset = axis == .vertical ? content.height - inner.height : content.width - inner.width
            let offset = min(max(node.id.flatMap { context.scrollOffsets[$0] } ?? 0, 0), maxOffset)
            items[index].contentSize = content
            items[index].maxScrollOffset = maxOffset
            var origin = inner.origin
            if axis == .vertical { origin.y -= offset } else if rtl {
                // RTL horizontal scrolling starts at the right edge; offset grows leftward.
                origin.x = inner.maxX - content.width + offset
            } else { origin.x -= offset }
            let viewport = clip.map { inner.intersection($0) } ?? inner
            place(child, frame: Rect(origin: origin, size: content), path: path + [0], parent: index,
                  clip: viewport, scrollView: index)
        default:
            break
        }
    }

    func resolve(_ a: LabelAlignment) -> LabelAlignment {
        switch a {
        case .leading: return rtl ? .right : .left
        case .trailing: return rtl ? .left : .right
        case .center, .left, .right: return a
        }
    }

    mutating func placeStack(_ children: [SceneNode], _ spec: StackSpec, inner: Rect, path: [Int], parent: Int,
                             clip: Rect?, scrollView: Int?) {
        guard !children.isEmpty else { return }
        let vertical = spec.axis == .vertical
        let innerMain = vertical ? inner.height : inner.width
        let innerCross = vertical ? inner.width : inner.height

        // Cross sizes first (a vertical stack's widths decide its labels' wrapped heights).
        var cross = [Double](repeating: 0, count: children.count)
        var main = [Double](repeating: 0, count: children.count)
        var weights = [Double](repeating: 0, count: children.count)
        for (i, c) in children.enumerated() {
            let crossDim = vertical ? c.style.width : c.style.height
            let mainDim = vertical ? c.style.height : c.style.width
            if vertical {
                if let f = fixed(crossDim) { cross[i] = f }
                else if crossDim.flexWeight != nil || spec.alignment == .stretch { cross[i] = innerCross }
                else { cross[i] = min(natural(c, maxWidth: innerCross).width, innerCross) }
                cross[i] = max(cross[i], c.style.minWidth)
                if let w = mainDim.flexWeight { weights[i] = w } else {
                    main[i] = fixed(mainDim) ?? natural(c, maxWidth: cross[i]).height
                    main[i] = max(main[i], c.style.minHeight)
                }
            } else {
                if let w = mainDim.flexWeight { weights[i] = w } else {
                    main[i] = fixed(mainDim) ?? min(natural(c, maxWidth: nil).width, innerMain)
                    main[i] = max(main[i], c.style.minWidth)
                }
            }
        }
        let used = main.reduce(0, +) + spec.spacing * Double(children.count - 1)
        let totalWeight = weights.reduce(0, +)
        if totalWeight > 0 {
            let free = max(0, innerMain - used)
            for i in children.indices where weights[i] > 0 {
                main[i] = max(free * weights[i] / totalWeight, vertical ? children[i].style.minHeight : children[i].style.minWidth)
            }
        }
        if !vertical {
            for (i, c) in children.enumerated() {
                let crossDim = c.style.height
                if let f = fixed(crossDim) { cross[i] = f }
                else if crossDim.flexWeight != nil || spec.alignment == .stretch { cross[i] = innerCross }
                else { cross[i] = min(natural(c, maxWidth: main[i]).height, innerCross) }
                cross[i] = max(cross[i], c.style.minHeight)
            }
        }

        var cursor = 0.0
        for (i, c) in children.enumerated() {
            let crossOffset: Double
            switch spec.alignment {
            case .stretch, .leading: crossOffset = 0
            case .center: crossOffset = (innerCross - cross[i]) / 2
            case .trailing: crossOffset = innerCross - cross[i]
            }
            let frame: Rect
            if vertical {
                // Leading/trailing across a vertical stack mirror in RTL.
                let x = rtl ? inner.maxX - crossOffset - cross[i] : inner.minX + crossOffset
                frame = Rect(x, inner.minY + cursor, cross[i], main[i])
            } else {
                let x = rtl ? inner.maxX - cursor - main[i] : inner.minX + cursor
                frame = Rect(x, inner.minY + crossOffset, main[i], cross[i])
            }
            place(c, frame: frame, path: path + [i], parent: parent, clip: clip, scrollView: scrollView)
            cursor += main[i] + spec.spacing
        }
    }
}
