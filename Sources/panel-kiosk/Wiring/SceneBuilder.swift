import DrawerRuntime
import PanelRenderer

/// Turns a validated app file into a live screen: theme, fonts, images, components.
struct SceneBuilder {
    struct Built {
        var screen: Screen
        var text: TextRenderer
    }

    static func build(app: AppConfig, geometry: FrameGeometry) throws -> Built {
        var theme: Theme = app.appearance == "dark" ? .dark : .light
        if let path = app.themePath {
            do { theme = try ThemeFile.load(path: path, appearance: app.appearance) } catch {
                throw Failure(error.description)
            }
        }
        let text: TextRenderer
        do { text = try TextRenderer(theme: theme) } catch { throw Failure("theme '\(theme.name)': \(error)") }
        let env = Environment(size: geometry.sizePt, scale: geometry.scale, direction: app.direction,
                              pointsPerMM: geometry.pointsPerMM, theme: theme)
        let images = ImageLoader()
        let events = EventSink()
        var components: [Component] = []
        let maker = ContentMaker(text: text, images: images)
        for spec in app.components {
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
        let bgContent = try app.backgroundContent.map { try makeContent($0, text: text, images: images) }
        let screen = Screen(env: env, background: background, backgroundContent: bgContent,
                            components: components, events: events)
        screen.ignoreExtraFingers = geometry.board.ignoreExtraFingers
        return Built(screen: screen, text: text)
    }

    /// A content view for `spec`: a top-level list stays a `ListContent` (its rows follow the
    /// theme's row height); everything else becomes scene nodes drawn by `SceneContent`.
    static func makeContent(_ spec: ContentSpec, text: TextRenderer, images: ImageLoader) throws -> ContentView {
        if case .list(let rows) = spec {
            return ListContent(rows: try rows.map {
                ListContent.Row(title: $0.title, subtitle: $0.subtitle,
                                icon: try $0.icon.map { try images.loadIcon($0) }, action: $0.action)
            }, text: text)
        }
        var appearance = SceneAppearance()
        let root = try sceneNode(spec, path: [], inRow: false, &appearance)
        return SceneContent(root: root, appearance: appearance, text: text)
    }

    /// The scene node for `spec` at `path` (child indices from the root, as layout numbers
    /// items), recording theme-dependent choices in `appearance`. `inRow`: a child of a
    /// horizontal stack, where everything but images shares the width the images leave
    /// (so a text column beside a picture wraps instead of running off the row).
    static func sceneNode(_ spec: ContentSpec, path: [Int], inRow: Bool,
                          _ appearance: inout SceneAppearance) throws -> SceneNode {
        switch spec {
        case .list(let rows):
            return SceneNode(.list(ListSpec(rows: rows.map {
                ListRow(title: $0.title, subtitle: $0.subtitle, icon: $0.icon, actionID: $0.action)
            })), style: NodeStyle(width: inRow ? .fill : .auto))
        case .stack(let axis, let spacing, let padding, let background, let radius, let align, let children):
            let cross: CrossAlignment
            switch align {
            case .start: cross = .leading
            case .center: cross = .center
            case .end: cross = .trailing
            case .stretch: cross = .stretch
            }
            var nodes: [SceneNode] = []
            for (i, c) in children.enumerated() {
                nodes.append(try sceneNode(c, path: path + [i], inRow: axis == .horizontal, &appearance))
            }
            let stack = StackSpec(axis: axis == .vertical ? .vertical : .horizontal, spacing: spacing, alignment: cross)
            return SceneNode(.stack(stack), style: NodeStyle(width: inRow ? .fill : .auto, padding: EdgeInsets(all: padding),
                                                              background: background, cornerRadius: radius), children: nodes)
        case .label(let text, let size, let bold, let color, let tone, let align, let maxLines):
            let alignment: LabelAlignment = align == .start ? .leading : align == .center ? .center : .trailing
            if color == nil {
                appearance.labelColors[path] = tone == .primary ? .text : tone == .secondary ? .secondaryText : .accent
            }
            return SceneNode(.label(LabelSpec(text: text, fontSize: size ?? 17, bold: bold, color: color ?? .black,
                                              alignment: alignment, maxLines: maxLines > 0 ? maxLines : nil)),
                             style: NodeStyle(width: inRow ? .fill : .auto))
        case .image(let path, let width, let height, let mode, let radius):
            let px: (width: Int, height: Int)
            do { px = try PNGCodec.imageSize(path: path) } catch { throw Failure("\(error)") }
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
            return SceneNode(.image(ImageSpec(path: path, contentMode: contentMode, naturalSize: natural)),
                             style: NodeStyle(width: w.map { .points($0) } ?? .auto, height: h.map { .points($0) } ?? .auto,
                                              cornerRadius: radius))
        case .button(let title, let action, let style):
            if style == .tinted { appearance.buttonStyles[path] = .tinted }
            return SceneNode(.button(ButtonSpec(title: title, actionID: action)),
                             style: NodeStyle(width: inRow ? .fill : .auto))
        case .progress(let value):
            return SceneNode(.progressBar(value: value), style: NodeStyle(width: inRow ? .fill : .auto, height: .points(6)))
        case .spacer(let height):
            return .spacer(NodeStyle(width: .fill, height: height.map { .points($0) } ?? .fill))
        case .scroll(let content, let height):
            let child = try sceneNode(content, path: path + [0], inRow: false, &appearance)
            return .scroll(id: "scroll" + path.map { ".\($0)" }.joined(), axis: .vertical,
                           style: NodeStyle(width: inRow ? .fill : .auto, height: height.map { .points($0) } ?? .auto), child)
        }
    }
}

/// Decodes each image file once per build; errors name the file. Images over the pixel
/// budget are refused from their header, before their pixels are allocated.
final class ImageLoader {
    private var cache: [String: Pixmap] = [:]
    private var icons: [String: Pixmap] = [:]
    /// Icons are drawn row-sized (a row's height less its padding, a few dozen points), so
    /// they are kept at most this many pixels on a side: six 4096x4096 icons would otherwise
    /// stay decoded at 64 MiB each.
    static let iconSidePx = 256

    func load(_ path: String) throws -> Pixmap {
        if let p = cache[path] { return p }
        do {
            let p = try PNGCodec.decode(path: path)
            cache[path] = p
            return p
        } catch { throw Failure("\(error)") }
    }

    /// An icon, scaled down (aspect kept) to at most `iconSidePx` on a side.
    func loadIcon(_ path: String) throws -> Pixmap {
        if let p = icons[path] { return p }
        let decoded: Pixmap
        do { decoded = try PNGCodec.decode(path: path) } catch { throw Failure("\(error)") }
        var icon = decoded
        let side = Self.iconSidePx
        if decoded.width > side || decoded.height > side {
            let fit = ImageScaler.aspectFit(sourceWidth: decoded.width, sourceHeight: decoded.height, width: side, height: side)
            guard let s = ImageScaler.scaled(decoded.view, width: fit.width, height: fit.height) else {
                throw Failure("\(path): cannot scale the icon to \(fit.width)x\(fit.height) px")
            }
            icon = s
        }
        icons[path] = icon
        return icon
    }
}
