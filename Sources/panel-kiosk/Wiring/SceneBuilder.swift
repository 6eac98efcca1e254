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

    static func makeContent(_ spec: ContentSpec, text: TextRenderer, images: ImageLoader) throws -> ContentView {
        switch spec {
        case .list(let rows):
            return ListContent(rows: try rows.map {
                ListContent.Row(title: $0.title, subtitle: $0.subtitle,
                                icon: try $0.icon.map { try images.load($0) }, action: $0.action)
            }, text: text)
        default:
            throw Failure("content of kind \(spec) is not supported yet")
        }
    }
}

/// Decodes each image file once per build; errors name the file.
final class ImageLoader {
    private var cache: [String: Pixmap] = [:]
    func load(_ path: String) throws -> Pixmap {
        if let p = cache[path] { return p }
        do {
            let p = try PNGCodec.decode(path: path)
            cache[path] = p
            return p
        } catch { throw Failure("\(error)") }
    }
}
