import PanelRenderer

/// A page of scene nodes (stacks, labels, images, buttons, progress bars, lists, spacers,
/// scroll views) as a `ContentView`: laid out by `SceneLayout` at the component's width and
/// its natural height, drawn with the theme, tapped through `SceneLayout.hitTest`.
///
/// Text is measured and drawn through one `ShapedTextMeasurer`, so wrapped labels take the
/// lines layout reserved for them and unchanged labels are shaped once, not every frame.
/// A class because it owns caches (text layouts, scaled images) and the current layout.
public final class SceneContent: SlidingContent {
    public private(set) var root: SceneNode
    public var appearance: SceneAppearance
    let measurer: ShapedTextMeasurer
    let images: ImageCache
    /// Offsets of the scroll views inside the page, by node id (points, clamped by layout).
    public private(set) var scrollOffsets: [String: Double] = [:]
    /// The current layout (frames in points, relative to the content's top-left, unscrolled).
    public private(set) var sceneLayout = SceneLayout(items: [], direction: .leftToRight)

    private var width = -1.0
    private var naturalHeight = 0.0
    /// Height laid out in: the natural height, or the viewport's when that is taller (so fill
    /// and spacer nodes share the free space of a page that does not scroll).
    private var laidOutHeight = 0.0
    /// The height of the viewport the content was last drawn in.
    private var viewportHeight = 0.0
    private var direction = LayoutDirection.leftToRight
    private var units = PhysicalUnits.nominal()
    /// Natural pixel sizes of images whose spec gives none, read once per path.
    private var imageSizes: [String: Size] = [:]
    /// Where a finger holds a tappable item (content coordinates), shown pressed.
    private var pressedPoint: Point?
    /// The items before the last `replace`, and how far each was drawn from its frame then
    /// (a slide under way): where a slide that change starts takes them from.
    var itemsBeforeChange: (items: [LayoutItem], shifts: [Int: Double])?
    /// Items that slide into place (`SceneContent+Slide`): how far from its frame each
    /// starts (points, down positive, by item index), and the timing.
    var slide: (startShifts: [Int: Double], timing: ContentSlide)?
    /// How much of the slide's way is still to go, as of the last `advance` (1 → 0).
    var slideRemaining = 0.0

    public init(root: SceneNode, appearance: SceneAppearance = SceneAppearance(), measurer: ShapedTextMeasurer,
                images: ImageCache = ImageCache()) {
        self.root = root
        self.appearance = appearance
        self.measurer = measurer
        self.images = images
    }

    /// A page drawn with a `TextRenderer`'s faces.
    public convenience init(root: SceneNode, appearance: SceneAppearance = SceneAppearance(), text: TextRenderer,
                            images: ImageCache = ImageCache()) {
        self.init(root: root, appearance: appearance, measurer: ShapedTextMeasurer(text: text), images: images)
    }

    private var context: LayoutContext {
        LayoutContext(measurer: measurer, units: units, direction: direction, scrollOffsets: scrollOffsets)
    }

    // MARK: ContentView

    public func layout(width: Double, env: Environment) -> Double {
        self.width = max(0, width)
        direction = env.direction
        measurer.scale = env.scale > 0 ? env.scale : 1
        units = env.pointsPerMM.map { PhysicalUnits(scale: measurer.scale, pointsPerMillimetre: $0) }
            ?? .nominal(scale: measurer.scale)
        naturalHeight = LayoutEngine(context: context).natural(root, maxWidth: self.width).height
        laidOutHeight = naturalHeight
        relayout()
        return naturalHeight
    }

    public func maxScrollOffset(viewportHeight: Double) -> Double { max(0, naturalHeight - viewportHeight) }

    public func action(at p: Point) -> String? { sceneLayout.hitTest(p)?.actionID }

    public func setPressed(at p: Point?) { pressedPoint = p }

    public func draw(_ canvas: Canvas, size: Size, scrollOffset: Double, env: Environment) {
        if size.width != width || env.scale != measurer.scale || env.direction != direction {
            _ = layout(width: size.width, env: env)
        }
        viewportHeight = size.height
        let height = max(naturalHeight, size.height)
        if height != laidOutHeight {
            laidOutHeight = height
            relayout()
        }
        let visible = Rect(0, scrollOffset, size.width, size.height)
        let pressed = pressedPoint.flatMap { sceneLayout.hitTest($0) }.flatMap { $0.actionID != nil ? $0.itemIndex : nil }
        canvas.save()
        canvas.translate(0, -scrollOffset)
        for (i, item) in sceneLayout.items.enumerated() {
            let dy = slideShift(of: i)
            let frame = item.frame.offsetBy(dx: 0, dy: dy)
            let shown = item.clip.map { frame.intersection($0) } ?? frame
            guard shown.intersects(visible) else { continue }
            if item.clip != nil || dy != 0 { canvas.save() }
            if let clip = item.clip { canvas.clip(to: snapped(clip, canvas)) }
            if dy != 0 { canvas.translate(0, dy) }
            draw(item, pressed: i == pressed, canvas, env)
            if item.clip != nil || dy != 0 { canvas.restore() }
        }
        drawScrollIndicators(canvas, env)
        canvas.restore()
    }

    /// Shows a new tree (the same page with changed content), keeping scroll offsets by
    /// scroll view id and the text caches. Returns the area that changed, in content points
    /// (unscrolled): the union of the old and new frames of every item that differs; nil
    /// before the first layout (nothing is known of where it will be).
    public func replace(root newRoot: SceneNode, appearance newAppearance: SceneAppearance) -> Rect? {
        let oldItems = sceneLayout.items, oldAppearance = appearance
        root = newRoot
        appearance = newAppearance
        guard width >= 0 else { return nil }
        naturalHeight = LayoutEngine(context: context).natural(root, maxWidth: width).height
        laidOutHeight = max(naturalHeight, viewportHeight)
        relayout()
        let newItems = sceneLayout.items
        noteChange(from: oldItems)
        var changed = Rect.zero
        func add(_ item: LayoutItem) {
            let r = item.clip.map { item.frame.intersection($0) } ?? item.frame
            if !r.isEmpty { changed = changed.union(r) }
        }
        for i in 0..<max(oldItems.count, newItems.count) {
            let a = i < oldItems.count ? oldItems[i] : nil, b = i < newItems.count ? newItems[i] : nil
            if let a, let b, a == b, oldAppearance.sameLook(as: newAppearance, at: a.path) { continue }
            // A container that stays where it was paints the same (its rows and children are
            // items of their own, compared one by one).
            if let a, let b, a.isContainer, b.isContainer, a.frame == b.frame, a.style == b.style, a.clip == b.clip { continue }
            if let a { add(a) }
            if let b { add(b) }
        }
        return changed
    }

    // MARK: Inner scroll views

    /// Scrolls the scroll view `id` to `offset` points (clamped to its content).
    public func setScrollOffset(_ offset: Double, scrollView id: String) {
        scrollOffsets[id] = offset
        relayout()
        if let item = sceneLayout.item(id: id), let maxOffset = item.maxScrollOffset {
            scrollOffsets[id] = min(max(offset, 0), maxOffset)
        }
    }

    /// The id of the scroll view a drag starting at `p` (content coordinates) would scroll.
    public func scrollView(at p: Point) -> String? { sceneLayout.hitTest(p)?.scrollViewID }

    public func innerScrollView(at p: Point) -> (id: String, offset: Double, maxOffset: Double)? {
        guard let hit = sceneLayout.hitTest(p), let i = hit.scrollViewIndex, let id = hit.scrollViewID,
              let maxOffset = sceneLayout.items[i].maxScrollOffset, maxOffset > 0 else { return nil }
        return (id, scrollOffsets[id] ?? 0, maxOffset)
    }

    public func setInnerScrollOffset(_ offset: Double, scrollView id: String) { setScrollOffset(offset, scrollView: id) }

    func relayout() {
        guard width >= 0 else { return }
        sceneLayout = SceneLayout.layout(root, in: Rect(0, 0, width, laidOutHeight), context: context)
    }

    /// `r` with its edges moved to whole device pixels (keeps clips and images crisp and
    /// clip rectangles on the canvas's fast path).
    func snapped(_ r: Rect, _ canvas: Canvas) -> Rect {
        let t = canvas.transform
        guard t.b == 0, t.c == 0, let inv = t.inverted else { return r }
        let p0 = t.apply(r.origin), p1 = t.apply(Point(r.maxX, r.maxY))
        let q0 = inv.apply(Point(p0.x.rounded(), p0.y.rounded()))
        let q1 = inv.apply(Point(p1.x.rounded(), p1.y.rounded()))
        return Rect(min(q0.x, q1.x), min(q0.y, q1.y), abs(q1.x - q0.x), abs(q1.y - q0.y))
    }

    func naturalPixelSize(_ spec: ImageSpec) -> Size? {
        if let s = spec.naturalSize { return s }
        if let s = imageSizes[spec.path] { return s }
        guard let s = try? PNGCodec.imageSize(path: spec.path) else { return nil }
        let size = Size(Double(s.width), Double(s.height))
        imageSizes[spec.path] = size
        return size
    }
}

extension LayoutItem {
    /// A stack, list or scroll view: what it draws of its own is its background.
    var isContainer: Bool {
        switch content {
        case .node(.stack), .node(.list), .node(.scrollView): true
        case .node(.label), .node(.image), .node(.button), .node(.progressBar), .node(.spacer), .listRow: false
        }
    }
}

extension SceneAppearance {
    /// Whether the item at `path` is drawn the same under both.
    func sameLook(as other: SceneAppearance, at path: [Int]) -> Bool {
        buttonStyles[path] == other.buttonStyles[path] && labelColors[path] == other.labelColors[path]
    }
}
