import DrawerRuntime
import PanelRenderer

/// Turns a validated app file into a live screen: theme, fonts, images, components.
struct SceneBuilder {
    struct Built {
        var screen: Screen
        var text: TextRenderer
        var live: LiveContent
    }

    /// - Parameter values: the named values to start with; nil: the app file's `[values]`
    ///   (a reload passes the running values, so what the device's program set stays).
    static func build(app: AppConfig, geometry: FrameGeometry, values: [String: LiveValue]? = nil) throws -> Built {
        var theme: Theme = app.appearance == "dark" ? .dark : .light
        if let given = app.theme {
            theme = given
        } else if let path = app.themePath {
            do { theme = try ThemeFile.load(path: path, appearance: app.appearance) } catch {
                throw Failure("the theme file \(path), named by \(app.path.isEmpty ? "the app" : app.path):\n\(error.description)")
            }
        }
        let text: TextRenderer
        do { text = try TextRenderer(theme: theme) } catch { throw Failure("theme '\(theme.name)': \(error)") }
        let env = Environment(size: geometry.sizePt, scale: geometry.scale, direction: app.direction,
                              pointsPerMM: geometry.pointsPerMM, theme: theme)
        let images = ImageLoader()
        let events = EventSink()
        var components: [Component] = []
        let live = LiveContent(builder: ContentBuilder(text: text, images: images), baseDir: directory(of: app.path),
                               values: (values ?? [:]).merging(app.values) { running, _ in running })
        for spec in app.components {
            let maker = ContentMaker(text: text, images: images, live: live, host: spec.id)
            do { components.append(try spec.make(env, events, maker)) } catch let f as Failure {
                throw Failure("\(app.path): component '\(spec.id)': \(f.description)")
            }
        }
        let background: Background
        switch app.background {
        case nil: background = .color(theme.palette.background)
        case .color(let c): background = .color(c)
        case .gradient(let top, let bottom): background = .verticalGradient(top: top, bottom: bottom)
        case .image(let path): background = .image(try images.load(path))
        }
        let bgContent = try app.backgroundContent.map { try live.make($0, host: LiveContent.backgroundHost) }
        let screen = Screen(env: env, background: background, backgroundContent: bgContent,
                            components: components, events: events)
        screen.ignoreExtraFingers = geometry.board.ignoreExtraFingers
        return Built(screen: screen, text: text, live: live)
    }
}

/// Makes content views from specs with the current named values, and remakes what they
/// show when the spec or a value changes (`LiveContent`). The same path builds an app file
/// read at start and one changed at run time, so both draw the same pixels.
struct ContentBuilder {
    let text: TextRenderer
    let images: ImageLoader

    /// A content view for `spec`: a top-level list stays a `ListContent` (its rows follow the
    /// theme's row height); everything else becomes scene nodes drawn by `SceneContent`.
    func makeView(_ spec: ContentSpec, values: [String: LiveValue]) throws -> ContentView {
        if case .list = spec.kind {
            return ListContent(rows: try listRows(spec, values: values), text: text)
        }
        let (root, appearance) = try sceneTree(spec, values: values)
        return SceneContent(root: root, appearance: appearance, text: text)
    }

    /// What a view shows for a spec, made but not yet shown: making can fail (an image that
    /// went away), showing cannot, so a change is all made before any of it is shown.
    enum Prepared {
        case rows([ListContent.Row])
        case scene(SceneNode, SceneAppearance)
    }

    func prepare(_ spec: ContentSpec, values: [String: LiveValue]) throws -> Prepared {
        if case .list = spec.kind { return .rows(try listRows(spec, values: values)) }
        let (root, appearance) = try sceneTree(spec, values: values)
        return .scene(root, appearance)
    }

    /// Shows `prepared` in `view` (made by `makeView` from a spec of the same kind), keeping
    /// its scroll offsets. Returns the area that changed, in the content's unscrolled points.
    func apply(_ prepared: Prepared, to view: ContentView) -> Rect {
        switch prepared {
        case .rows(let rows): return (view as? ListContent)?.replace(rows: rows) ?? LiveContent.everywhere
        case .scene(let root, let appearance):
            return (view as? SceneContent)?.replace(root: root, appearance: appearance) ?? LiveContent.everywhere
        }
    }

    /// The rows of a top-level list, icons loaded (none when it is hidden). Its icons share
    /// one budget here too: rows inserted a few per command may add up to any number.
    private func listRows(_ spec: ContentSpec, values: [String: LiveValue]) throws -> [ListContent.Row] {
        guard !spec.hidden, case .list(let rows, _) = spec.kind else { return [] }
        var budget = IconBudget()
        return try Self.rows(rows, values: values).map {
            ListContent.Row(title: $0.title, subtitle: $0.subtitle,
                            icon: try $0.icon.map { try images.loadIcon($0, budget: &budget) }, action: $0.action)
        }
    }

    /// A list's rows as shown: its own with their placeholders filled, or the bound value's.
    static func rows(_ rows: ContentSpec.Rows, values: [String: LiveValue]) -> [ContentSpec.Row] {
        switch rows {
        case .given(let given):
            return given.map {
                ContentSpec.Row(title: Template.render($0.title, values), subtitle: $0.subtitle.map { Template.render($0, values) },
                                icon: $0.icon, action: $0.action)
            }
        case .bound(let name):
            if case .rows(let r)? = values[name] { return r }
            return []
        }
    }

    /// The scene tree for `spec` and the theme-dependent choices made for it.
    func sceneTree(_ spec: ContentSpec, values: [String: LiveValue]) throws -> (SceneNode, SceneAppearance) {
        var appearance = SceneAppearance()
        guard !spec.hidden else { return (.vstack([]), appearance) }
        let root = try sceneNode(spec, path: [], in: .column, values: values, &appearance)
        return (root, appearance)
    }

    /// The scene node for `spec` at `path` (child indices from the root, as layout numbers
    /// items), recording theme-dependent choices in `appearance`. `place`: how the stack it is
    /// in gives it its width (`RowPlace`). Hidden children are left out, so they take no space.
    private func sceneNode(_ spec: ContentSpec, path: [Int], in place: RowPlace, values: [String: LiveValue],
                           _ appearance: inout SceneAppearance) throws -> SceneNode {
        let width = place.width(of: spec)
        switch spec.kind {
        case .list(let rows, _):
            return SceneNode(id: spec.id, .list(ListSpec(rows: Self.rows(rows, values: values).map {
                ListRow(title: $0.title, subtitle: $0.subtitle, icon: $0.icon, actionID: $0.action)
            })), style: NodeStyle(width: width))
        case .stack(let axis, let spacing, let padding, let background, let radius, let align, let children):
            let cross: CrossAlignment
            switch align {
            case .start: cross = .leading
            case .center: cross = .center
            case .end: cross = .trailing
            case .stretch: cross = .stretch
            }
            let childPlace = RowPlace(axis, children)
            var nodes: [SceneNode] = []
            for c in children where !c.hidden {
                nodes.append(try sceneNode(c, path: path + [nodes.count], in: childPlace, values: values, &appearance))
            }
            let stack = StackSpec(axis: axis == .vertical ? .vertical : .horizontal, spacing: spacing, alignment: cross)
            return SceneNode(id: spec.id, .stack(stack), style: NodeStyle(width: width, padding: EdgeInsets(all: padding),
                                                                           background: background, cornerRadius: radius), children: nodes)
        case .label(let text, let size, let bold, let color, let tone, let align, let maxLines):
            let alignment: LabelAlignment = align == .start ? .leading : align == .center ? .center : .trailing
            if color == nil {
                appearance.labelColors[path] = tone == .primary ? .text : tone == .secondary ? .secondaryText : .accent
            }
            return SceneNode(id: spec.id, .label(LabelSpec(text: Template.render(text, values), fontSize: size ?? 17, bold: bold,
                                                           color: color ?? .black, alignment: alignment,
                                                           maxLines: maxLines > 0 ? maxLines : nil)),
                             style: NodeStyle(width: width))
        case .image(let path, let width, let height, let mode, let radius):
            let px: (width: Int, height: Int)
            do { px = try images.size(path) } catch { throw Failure("\(error)") }
            let natural = Size(Double(px.width), Double(px.height))
            // One side given: the other keeps the picture's aspect ratio.
            var w = width, h = height
            if let width, height == nil, natural.width > 0 { h = width * natural.height / natural.width }
            if let height, width == nil, natural.height > 0 { w = height * natural.width / natural.height }
            let contentMode: ContentMode
            switch mode {
            case .fit: contentMode = .fit
            case .fill: contentMode = .fill
            case .stretch: contentMode = .stretch
            case .center: contentMode = .center
            }
            return SceneNode(id: spec.id, .image(ImageSpec(path: path, contentMode: contentMode, naturalSize: natural)),
                             style: NodeStyle(width: w.map { .points($0) } ?? .auto, height: h.map { .points($0) } ?? .auto,
                                              cornerRadius: radius))
        case .button(let title, let action, let style):
            if style == .tinted { appearance.buttonStyles[path] = .tinted }
            return SceneNode(id: spec.id, .button(ButtonSpec(title: Template.render(title, values), actionID: action)),
                             style: NodeStyle(width: width))
        case .progress(let value):
            return SceneNode(id: spec.id, .progressBar(value: value), style: NodeStyle(width: width, height: .points(6)))
        case .spacer(let height):
            return SceneNode(id: spec.id, .spacer, style: NodeStyle(width: .fill, height: height.map { .points($0) } ?? .fill))
        case .scroll(let content, let height):
            let child = content.hidden ? SceneNode.vstack([])
                : try sceneNode(content, path: path + [0], in: .column, values: values, &appearance)
            // A scroll view keeps its offset by id across updates: its own id when it has one.
            return .scroll(id: spec.id ?? ("scroll" + path.map { ".\($0)" }.joined()), axis: .vertical,
                           style: NodeStyle(width: width, height: height.map { .points($0) } ?? .auto), child)
        }
    }
}

/// Decodes each image file once per build; errors name the file. Images over the pixel
/// budget are refused from their header, before their pixels are allocated.
final class ImageLoader {
    private var cache: [String: Pixmap] = [:]
    private struct Icon { var pixmap: Pixmap; var lastUse: UInt64 }
    private var icons: [String: Icon] = [:]
    private var clock: UInt64 = 0
    /// Icons are drawn row-sized (a row's height less its padding, a few dozen points), so
    /// they are kept at most this many pixels on a side: six 4096x4096 icons would otherwise
    /// stay decoded at 64 MiB each.
    static let iconSidePx = 256

    private var sizes: [String: (width: Int, height: Int)] = [:]
    /// Icons kept: they are keyed by path, and rows set at run time may name a new picture
    /// every time. Rows already shown keep their own pixels.
    static let maxEntries = 256
    /// Header sizes kept (a few bytes each): enough for every row of a full list, whose
    /// icons are all counted against its budget at each change.
    static let maxSizes = 4 * LiveLimits.maxRows

    /// The pixel size from the PNG's header, read once per path.
    func size(_ path: String) throws -> (width: Int, height: Int) {
        if let s = sizes[path] { return s }
        let s = try PNGCodec.imageSize(path: path)
        if sizes.count >= Self.maxSizes { sizes.removeAll(keepingCapacity: true) }
        sizes[path] = s
        return s
    }

    /// Forgets what was read from `path` (it may hold a new picture now).
    func forget(_ path: String) {
        cache[path] = nil
        icons[path] = nil
        sizes[path] = nil
    }

    func load(_ path: String) throws -> Pixmap {
        if let p = cache[path] { return p }
        do {
            let p = try CheckedImages.take(path) ?? PNGCodec.decode(path: path)
            cache[path] = p
            return p
        } catch { throw Failure("\(error)") }
    }

    /// An icon, scaled down (aspect kept) to at most `iconSidePx` on a side; its size, from
    /// the header, counts against `budget` (its list's) whether it is kept decoded or not,
    /// so a list is refused or shown the same with a cold cache.
    func loadIcon(_ path: String, budget: inout IconBudget) throws -> Pixmap {
        let px: (width: Int, height: Int)
        do { px = try size(path) } catch { throw Failure("\(error)") }
        if let why = budget.refusal(path: path, width: px.width, height: px.height) { throw Failure("\(path): \(why)") }
        clock += 1
        if icons[path] != nil {
            icons[path]!.lastUse = clock
            return icons[path]!.pixmap
        }
        let decoded: Pixmap
        do { decoded = try CheckedImages.take(path) ?? PNGCodec.decode(path: path) } catch { throw Failure("\(error)") }
        var icon = decoded
        let side = Self.iconSidePx
        if decoded.width > side || decoded.height > side {
            let fit = ImageScaler.aspectFit(sourceWidth: decoded.width, sourceHeight: decoded.height, width: side, height: side)
            guard let s = ImageScaler.scaled(decoded.view, width: fit.width, height: fit.height) else {
                throw Failure("\(path): cannot scale the icon to \(fit.width)x\(fit.height) px")
            }
            icon = s
        }
        // The least recently used goes: emptying the whole cache made the next build of
        // every list decode all its icons again.
        if icons.count >= Self.maxEntries, let oldest = icons.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            icons[oldest.key] = nil
        }
        icons[path] = Icon(pixmap: icon, lastUse: clock)
        return icon
    }
}
