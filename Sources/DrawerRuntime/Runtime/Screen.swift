import PanelRenderer

/// The primary content under every component.
public enum Background: Sendable {
    case color(Color)
    /// Top to bottom, one colour per row.
    case verticalGradient(top: Color, bottom: Color)
    case image(Pixmap)
}

/// What shows the background content under the components: a bottom drawer swaps it
/// (`replace_background`, Pulley's primary content).
public protocol BackgroundHost: AnyObject {
    /// Shows `content` as the background content, the old one fading out over `fade`
    /// seconds (0: at once).
    func replaceBackgroundContent(_ content: ContentView?, fade: Double, at time: Instant)
}

/// Everything on the display: the background, its content, and the components over it in
/// z-order (last on top). Routes each gesture to one owner; moves time; draws.
public final class Screen: BackgroundHost {
    public private(set) var env: Environment
    public var background: Background
    public var backgroundContent: ContentView?
    public private(set) var components: [Component]
    public let events: EventSink
    /// The first finger owns the gesture; later fingers are ignored (public screens: palms,
    /// a second hand) unless this is false, in which case a new finger cancels and restarts.
    public var ignoreExtraFingers = true

    private var owner: (finger: Int, component: Component?)?
    /// The background's touches go through a gesture shell as the components' do: the first
    /// finger, a scroll view inside the background content, the pressed row.
    private var backgroundShell = GestureShell()
    /// The background's one slop (points): its taps, its scroll and its inner scroll views
    /// (docs/components.md, M4).
    let backgroundSlop = TouchSlop(points: 8)
    /// Where the finger that holds the background went down, while it may still tap or scroll
    /// the background content (nil once a scroll view inside it took the drag).
    private var backgroundPress: Point?
    /// The background content's scroll offset (points): content taller than its area scrolls
    /// under a vertical drag that no component takes, following the finger.
    public private(set) var backgroundScrollOffset = 0.0
    /// The drag scrolling the background content: the finger's last y (points).
    private var backgroundScrollY: Double?
    private var backgroundScrollRevision = 0
    private(set) public var now = Instant.zero

    public init(env: Environment, background: Background, backgroundContent: ContentView? = nil,
                components: [Component], events: EventSink) {
        self.env = env
        self.background = background
        self.backgroundContent = backgroundContent
        self.components = components
        self.events = events
        _ = backgroundContent?.layout(width: env.size.width, env: env)
        for case let drawer as BottomDrawer in components { drawer.backgroundHost = self }
    }

    /// The background content fading out under the new one (`replaceBackgroundContent`),
    /// with the fade's start, length (s) and progress (0 to 1).
    private var backgroundFade: (old: ContentView?, start: Instant, duration: Double, progress: Double)?
    /// Bumped whenever the background's pixels change by a swap or a step of its fade.
    private var backgroundSwaps = 0

    /// The area background content lays out in: the screen above what components keep
    /// covered at the bottom (a collapsed sheet).
    public var backgroundContentSize: Size {
        // The largest inset, found without a list of them: damage tracking asks every frame.
        var inset: Double?
        for c in components {
            let i = c.backgroundBottomInset
            if inset.map({ $0 < i }) ?? true { inset = i }
        }
        return Size(env.size.width, max(0, env.size.height - (inset ?? 0)))
    }

    public func component(_ id: String) -> Component? { components.first { $0.id == id } }

    public func resize(_ env: Environment) {
        self.env = env
        _ = backgroundContent?.layout(width: env.size.width, env: env)
        for c in components { c.layout(in: env) }
    }

    public var needsFrames: Bool {
        backgroundFade != nil || backgroundShell.isFlinging || components.contains { $0.needsFrames }
    }

    public func advance(to time: Instant) {
        now = max(now, time)
        if let f = backgroundFade {
            let p = (now - f.start).seconds / max(f.duration, 0.001)
            backgroundFade = p >= 1 ? nil : (f.old, f.start, f.duration, max(0, p))
            backgroundSwaps &+= 1
        }
        backgroundShell.advance(to: now)
        for c in components { c.advance(to: now) }
    }

    /// The whole background repaints while the old content fades out under the new one.
    public func replaceBackgroundContent(_ content: ContentView?, fade: Double, at time: Instant) {
        advance(to: time)
        let old = backgroundContent
        backgroundContent = content
        _ = content?.layout(width: env.size.width, env: env)
        backgroundShell.highlight.clear()
        backgroundFade = fade > 0 && old !== content ? (old, now, fade, 0) : nil
        backgroundSwaps &+= 1
    }
    /// Changes when the background content's pixels change without a component moving.
    public var backgroundRevision: Int { backgroundShell.revision &+ backgroundSwaps &+ backgroundScrollRevision }

    /// A touch in points with its own timestamp. Components are first brought to that time,
    /// so a finger that lands on a moving card catches it where it really is.
    public func handle(_ t: TouchEvent) {
        advance(to: t.time)
        if let o = owner, o.finger != t.id {
            guard t.phase == .down, !ignoreExtraFingers else { return }
            // Configured to let a new finger take over: end the old gesture cleanly first.
            let cancel = TouchEvent(id: o.finger, phase: .cancel, location: t.location, time: t.time)
            if let c = o.component { c.handle(cancel) } else { handleBackground(cancel) }
            owner = nil
        }
        switch t.phase {
        case .down:
            let target = components.last { $0.claims(t.location) }
            owner = (t.id, target)
            if let target { target.handle(t) } else { handleBackground(t) }
        case .move:
            if let c = owner?.component { c.handle(t) } else { handleBackground(t) }
        case .up, .cancel:
            if let c = owner?.component { c.handle(t) } else { handleBackground(t) }
            owner = nil
            backgroundPress = nil
            backgroundScrollY = nil
        }
    }

    /// A touch no component took, through the background's gesture shell: a scroll view
    /// inside the background content takes a drag that starts on it; otherwise the row under
    /// a finger that has not left the slop shows pressed and its lift there is a tap, and a
    /// vertical drag scrolls the whole background content.
    private func handleBackground(_ t: TouchEvent) {
        // Worked on a copy so that the hit test may read the screen while it runs; moved out,
        // not copied, or the tracker's sample buffer is copied on write at every touch.
        var shell = backgroundShell
        backgroundShell = .placeholder
        let (cancelsPress, step) = shell.intercept(t, slop: backgroundSlop.points, hit: backgroundHit(at:))
        backgroundShell = shell
        if cancelsPress { backgroundPress = nil }              // the scroll view's drag: no tap, no page scroll
        guard let step else { return }
        switch step {
        case .press(let p):
            backgroundPress = p
            backgroundShell.highlight.press(backgroundHit(at: p))
        case .move(let p):
            if let start = backgroundPress, backgroundSlop.isLeft(from: start, to: p) { backgroundShell.highlight.clear() }
            scrollBackground(to: p, at: t.time)
        case .release(let p, _, let cancelled):
            backgroundShell.highlight.clear()
            if let start = backgroundPress, backgroundSlop.isTap(from: start, to: p, cancelled: cancelled),
               let hit = backgroundHit(at: p), let action = hit.content.action(at: hit.local) {
                events.emit(.action(target: "background", id: action), at: t.time)
            }
        }
    }

    /// The background content under `p` (screen points) and `p` in its coordinates (scrolled);
    /// nil below its area (a collapsed sheet covers that).
    private func backgroundHit(at p: Point) -> ContentHit? {
        guard p.y < backgroundContentSize.height, let content = backgroundContent else { return nil }
        return (content, backgroundPoint(p))
    }

    /// A screen point in the background content's coordinates (scrolled).
    private func backgroundPoint(_ p: Point) -> Point { Point(p.x, p.y + shownBackgroundScroll) }

    /// The offset the background content shows: its area may have grown since it scrolled
    /// (a popup bar went away), leaving less to scroll.
    private var shownBackgroundScroll: Double { min(backgroundScrollOffset, backgroundMaxScrollOffset) }

    /// How far the background content can scroll in its area (points).
    public var backgroundMaxScrollOffset: Double {
        backgroundContent?.maxScrollOffset(viewportHeight: backgroundContentSize.height) ?? 0
    }

    /// A finger on the background that moved past the slop vertically scrolls the content
    /// under it point for point, clamped at its ends; each step is told to the components
    /// above (`contentBelowScrolled`: a popup bar minimizes, docs/components.md, PB31).
    private func scrollBackground(to p: Point, at time: Instant) {
        guard let start = backgroundPress, backgroundMaxScrollOffset > 0 else { return }
        guard let lastY = backgroundScrollY else {
            guard backgroundSlop.startsVerticalDrag(from: start, to: p) else { return }
            backgroundScrollY = p.y
            return                                         // the slop is not scrolled: no jump
        }
        backgroundScrollY = p.y
        let old = shownBackgroundScroll
        backgroundScrollOffset = min(max(old - (p.y - lastY), 0), backgroundMaxScrollOffset)
        let moved = backgroundScrollOffset - old
        guard moved != 0 else { return }
        backgroundScrollRevision &+= 1
        for c in components { c.contentBelowScrolled(by: moved, at: time) }
    }

    /// `do <target> <action> [args]`.
    public func perform(target: String, action: String, arguments: [String], at time: Instant) throws(ActionError) {
        advance(to: time)
        try requireComponent(target).perform(action, arguments, at: time)
    }

    /// The component `id`, brought to `time`, as the type its typed actions belong to, e.g.
    /// `try screen.component("drawer", as: BottomDrawer.self, at: now).setPosition(.open, at: now)`.
    /// Throws a message naming the id when there is none, or when it is another kind.
    public func component<C: Component>(_ id: String, as type: C.Type, at time: Instant) throws(ActionError) -> C {
        advance(to: time)
        let c = try requireComponent(id)
        guard let typed = c as? C else {
            throw ActionError("component '\(id)' is a \(c.kind), not a \(String(describing: type))")
        }
        return typed
    }

    /// The component `id`, or the error a script's `do` line gets for an unknown one.
    public func requireComponent(_ id: String) throws(ActionError) -> Component {
        guard let c = component(id) else {
            let ids = components.map(\.id)
            throw ActionError("no component '\(id)' (this app has: \(ids.joined(separator: ", ")))")
        }
        return c
    }

    /// Idle reset: every component back to its home state.
    public func resetAll(at time: Instant) {
        owner = nil
        backgroundShell.reset()
        for c in components { c.reset(at: time) }
        // The background content back at its top too: home is the screen as it starts.
        if backgroundScrollOffset != 0 {
            backgroundScrollOffset = 0
            backgroundScrollY = nil
            backgroundScrollRevision &+= 1
        }
    }

    /// The state file without `values`, which the runtime adds (docs/formats.md, State file).
    public func state(timeMS: Double) -> JSONValue {
        .object([
            ("t_ms", .number(timeMS)),
            ("size_px", .array([.number((env.size.width * env.scale).rounded()), .number((env.size.height * env.scale).rounded())])),
            ("scale", .number(env.scale)),
            ("components", .object(components.map { ($0.id, $0.state()) })),
        ])
    }

    /// Draws a full frame, or the part of it inside the canvas's clip. The canvas's transform
    /// maps points to pixels. Nothing is drawn where a layer above hides it for certain: the
    /// frame is cleared only where the background does not paint every pixel opaque, and the
    /// background and the components under an opaque block that spans the frame's whole
    /// width down to its bottom edge (a bottom drawer's card body, `firstHiddenRow`) are drawn
    /// only above it. A full repaint under a half-open drawer skips about half the frame.
    public func draw(_ canvas: Canvas) {
        draw(canvas, layers: 0..<layerCount, hiddenBy: components.count)
    }

    /// The background and the components: layer 0 is the background, layer k + 1 the
    /// component at index k.
    package var layerCount: Int { components.count + 1 }

    /// Draws `layers` inside the canvas's clip, each only above the rows that the opaque
    /// blocks of the components drawn after it hide, counting only components at indices
    /// below `blockers`: a kept picture of the lower layers draws every row of them, as a card
    /// above them may move off any row later. A component's `dimming` is laid just before it
    /// draws, except the first layer's when `dimmingLaid` (it was laid while the picture of
    /// the layers beneath was copied in).
    package func draw(_ canvas: Canvas, layers: Range<Int>, hiddenBy blockers: Int, dimmingLaid: Bool = false) {
        let frame = canvas.target.bounds
        canvas.save()
        canvas.transform = .scale(env.scale, env.scale)
        for index in layers {
            let hidden = firstHiddenRow(under: index, in: frame, blockers: blockers)
            let clipped = hidden < frame.maxY
            if clipped {
                canvas.save()
                canvas.clip(toDevice: IntRect(x: frame.x, y: frame.y, width: frame.width, height: hidden - frame.y))
            }
            if index == 0 {
                drawBackground(canvas, frame)
            } else {
                let c = components[index - 1]
                if let d = c.dimming, !(dimmingLaid && index == layers.lowerBound) { canvas.fillRect(env.bounds, .solid(d)) }
                if let sigma = c.backdropBlur {
                    c.useBlurredBackdrop(blurredBackdrop(under: index, sigma: sigma, width: frame.maxX, height: frame.maxY))
                }
                c.draw(canvas, env)
            }
            if clipped { canvas.restore() }
        }
        canvas.restore()
    }

    /// Blurred pictures of the layers beneath frosted components, by layer, with what they
    /// were made of.
    private var blurred: [Int: (key: BlurKey, picture: Pixmap)] = [:]
    /// Bumped when the background content's pixels change (`backgroundContentChanged`).
    private var backgroundGeneration = 0
    /// How many blurred pictures were made (tests: a drag must not blur every frame).
    package private(set) var blurredPicturesMade = 0

    /// What a blurred picture of the layers beneath `layer` shows: made anew when any of it
    /// changes. Compared with the screen as it is every time a frosted card is drawn, without
    /// building a key (`matches`); built only with a new picture.
    private struct BlurKey {
        var width: Int, height: Int, sigma: Double, palette: Color
        var backgroundRevision: Int, backgroundGeneration: Int, backgroundContent: ObjectIdentifier?
        /// The components beneath, bottom first: each one's `stateRevision` (or its `state()`
        /// entry when it has none) and `drawRevision`.
        var beneath: [(stateRevision: Int?, state: JSONValue, drawRevision: Int)]
    }

    /// The key of what the layers beneath `layer` show now.
    private func blurKey(under layer: Int, sigma: Double, width: Int, height: Int) -> BlurKey {
        BlurKey(width: width, height: height, sigma: sigma, palette: env.theme.palette.background,
                backgroundRevision: backgroundRevision, backgroundGeneration: backgroundGeneration,
                backgroundContent: backgroundContent.map(ObjectIdentifier.init),
                beneath: components.prefix(max(0, layer - 1)).map { c in
                    let revision = c.stateRevision
                    return (revision, revision == nil ? c.state() : .null, c.drawRevision)
                })
    }

    /// Whether `key` is what the layers beneath `layer` show now (allocates nothing for
    /// components with a `stateRevision`).
    private func blurKey(_ key: BlurKey, matches layer: Int, sigma: Double, width: Int, height: Int) -> Bool {
        let beneath = components.prefix(max(0, layer - 1))
        guard key.width == width, key.height == height, key.sigma == sigma, key.palette == env.theme.palette.background,
              key.backgroundRevision == backgroundRevision, key.backgroundGeneration == backgroundGeneration,
              key.backgroundContent == backgroundContent.map(ObjectIdentifier.init),
              key.beneath.count == beneath.count else { return false }
        for (kept, c) in zip(key.beneath, beneath) {
            let revision = c.stateRevision
            guard kept.stateRevision == revision, kept.drawRevision == c.drawRevision,
                  revision != nil || kept.state == c.state() else { return false }
        }
        return true
    }

    /// The live content of the background changed (a departure time): frosted cards blur
    /// it anew.
    public func backgroundContentChanged() { backgroundGeneration &+= 1 }

    /// Whether a component shows a frosted card over what lies beneath it.
    public var hasBlurredBackdrop: Bool { components.contains { $0.backdropBlur != nil } }

    /// The layers beneath `layer` (the background and the components under it), drawn whole
    /// into a frame-sized picture and blurred by `sigma` points: kept while they stay as
    /// they are, so a dragged card blurs once, not every frame.
    private func blurredBackdrop(under layer: Int, sigma: Double, width: Int, height: Int) -> Pixmap? {
        if let kept = blurred[layer], blurKey(kept.key, matches: layer, sigma: sigma * env.scale, width: width, height: height) {
            return kept.picture
        }
        let key = blurKey(under: layer, sigma: sigma * env.scale, width: width, height: height)
        guard width > 0, height > 0, let picture = Pixmap(width: width, height: height) else { return nil }
        let canvas = Canvas(picture.view)
        draw(canvas, layers: 0..<layer, hiddenBy: layer - 1)
        PixmapBlur.blur(picture.view, sigma: sigma * env.scale)
        blurred[layer] = (key, picture)
        blurredPicturesMade += 1
        return picture
    }

    /// The background gradient's stops, kept while its colours stay: a list built at every
    /// draw allocated.
    private var keptGradientStops: [GradientStop] = []

    private func gradientStops(_ top: Color, _ bottom: Color) -> [GradientStop] {
        let k = keptGradientStops
        if k.count != 2 || k[0].color != top || k[1].color != bottom {
            keptGradientStops = [GradientStop(offset: 0, color: top), GradientStop(offset: 1, color: bottom)]
        }
        return keptGradientStops
    }

    private func drawBackground(_ canvas: Canvas, _ frame: IntRect) {
        let bounds = env.bounds
        if !backgroundCovers(frame) { canvas.clear(env.theme.palette.background) }
        switch background {
        case .color(let c): canvas.fillRect(bounds, .solid(c))
        case .verticalGradient(let top, let bottom):
            canvas.fillRect(bounds, .linearGradient(start: Point(0, 0), end: Point(0, bounds.height),
                                                    stops: gradientStops(top, bottom)))
        case .image(let img):
            canvas.fillRect(bounds, .solid(env.theme.palette.background))
            canvas.drawImage(img, in: bounds)
        }
        let size = backgroundContentSize
        canvas.save()
        canvas.clip(to: Rect(0, 0, size.width, size.height))
        // A swap cross-fades as the drawer's content does: the old content fades out, the new
        // one in (Pulley's cross-dissolve).
        let base = canvas.opacity
        if let fade = backgroundFade {
            canvas.opacity = base * (1 - fade.progress)
            fade.old?.draw(canvas, size: size, scrollOffset: 0, env: env)
            canvas.opacity = base * fade.progress
        }
        backgroundContent?.draw(canvas, size: size, scrollOffset: shownBackgroundScroll, env: env)
        canvas.opacity = base
        canvas.restore()
    }

    /// Whether the background's fill leaves every pixel of `frame` opaque (then clearing the
    /// frame first would be a pass whose pixels are all painted over).
    package func backgroundCovers(_ frame: IntRect) -> Bool {
        let opaque: Bool
        switch background {
        case .color(let c): opaque = c.a == 255
        case .verticalGradient(let top, let bottom): opaque = top.a == 255 && bottom.a == 255
        case .image: opaque = env.theme.palette.background.a == 255
        }
        // Every pixel whole: the fill's edges lie on or past the frame's (a fractional edge
        // inside the frame would blend over what the clear left).
        return opaque && frame.x >= 0 && frame.y >= 0
            && env.size.width * env.scale >= Double(frame.maxX) - 1e-9
            && env.size.height * env.scale >= Double(frame.maxY) - 1e-9
    }

    /// The first pixel row of `frame` from which a component drawn after `layer` (0: the
    /// background; k + 1: the component at index k) hides it completely, or `frame.maxY` when
    /// none does. A component hides what lies under its `opaqueBlock` (a drawer's or a
    /// sheet's card body below its rounded corners); only a block that spans the frame's
    /// whole width down to its bottom edge is used, so what stays visible is a rectangle
    /// (the rows above it) and the clip stays a plain rectangle. Only components at indices
    /// below `blockers` count (all by default). Allocates nothing: it runs for every layer of
    /// every repaint.
    package func firstHiddenRow(under layer: Int, in frame: IntRect, blockers: Int = .max) -> Int {
        var top = frame.maxY
        let scale = env.scale
        let end = min(blockers, components.count)
        guard max(0, layer) < end else { return top }
        for i in max(0, layer)..<end {
            guard let o = components[i].opaqueBlock else { continue }
            let x0 = o.x * scale, x1 = o.maxX * scale, y0 = o.y * scale, y1 = o.maxY * scale
            if x0 <= Double(frame.x) + 1e-6, x1 >= Double(frame.maxX) - 1e-6, y1 >= Double(frame.maxY) - 1e-6,
               !y0.isNaN {
                // Only rows the block covers whole (clamped before converting: a
                // rubber-banded card may lie far outside the frame).
                let y = min(max((y0 - 1e-6).rounded(.up), Double(frame.y)), Double(frame.maxY))
                top = min(top, Int(y))
            }
        }
        return top
    }
}
