import DrawerRuntime
import PanelRenderer

/// One `[[component]]` of an app file, validated, ready to be built into a live component.
/// Each kind contributes a parser (in its own `ComponentSpec+Kind.swift`) to `parsers`.
public struct ComponentSpec: Sendable {
    /// Unique in the app; commands and events name the component by it.
    public var id: String
    /// The app file's `kind`.
    public internal(set) var kind: ComponentKind
    /// Every content tree the component shows (its content, pages, panes), for checks that
    /// look across the whole app file (duplicate ids, placeholders without a value).
    var contents: [ContentSpec] = []
    /// Makes the live component for a screen.
    var make: @Sendable (_ env: Environment, _ events: EventSink, _ content: ContentMaker) throws -> Component

    init(id: String, kind: ComponentKind, contents: [ContentSpec?],
         make: @escaping @Sendable (_ env: Environment, _ events: EventSink, _ content: ContentMaker) throws -> Component) {
        self.id = id; self.kind = kind; self.contents = contents.compactMap { $0 }; self.make = make
    }

    typealias Parser = @Sendable (_ id: String, _ table: inout TableReader, _ baseDir: String) -> ComponentSpec

    /// The parser of each component kind an app file may use.
    static func parser(for kind: ComponentKind) -> Parser {
        switch kind {
        case .bottomDrawer: parseBottomDrawer
        case .sheet: parseSheet
        case .swipeDismiss: parseSwipeDismiss
        case .sideDrawer: parseSideDrawer
        case .popup: parsePopup
        }
    }
}

/// Builds content views from specs during `SceneBuilder.build` (fonts and images loaded once).
struct ContentMaker {
    let text: TextRenderer
    let images: ImageLoader
    /// Where every content view is registered, so the device's program can change it.
    let live: LiveContent
    /// The id of the component being built.
    let host: String
    func make(_ spec: ContentSpec) throws -> ContentView { try live.make(spec, host: host) }
    func make(_ spec: ContentSpec?) throws -> ContentView? { try spec.map(make) }
    func image(_ path: String) throws -> Pixmap { try images.load(path) }
}
