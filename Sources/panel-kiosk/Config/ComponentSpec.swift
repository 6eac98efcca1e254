import DrawerRuntime
import PanelRenderer

/// One `[[component]]` of an app file, validated, ready to be built into a live component.
/// Each kind contributes a parser (in its own `ComponentSpec+Kind.swift`) to `parsers`.
struct ComponentSpec: Sendable {
    var id: String
    var kind: String
    /// Makes the live component for a screen.
    var make: @Sendable (_ env: Environment, _ events: EventSink, _ content: ContentMaker) throws -> Component

    typealias Parser = @Sendable (_ id: String, _ table: inout TableReader, _ baseDir: String) -> ComponentSpec

    /// Every component kind an app file may use, by its `kind` string.
    static let parsers: [String: Parser] = [
        "bottom_drawer": parseBottomDrawer,
        "sheet": parseSheet,
        "swipe_dismiss": parseSwipeDismiss,
        "side_drawer": parseSideDrawer,
        "popup": parsePopup,
    ]
}

/// Builds content views from specs during `SceneBuilder.build` (fonts and images loaded once).
struct ContentMaker {
    let text: TextRenderer
    let images: ImageLoader
    func make(_ spec: ContentSpec) throws -> ContentView { try SceneBuilder.makeContent(spec, text: text, images: images) }
    func make(_ spec: ContentSpec?) throws -> ContentView? { try spec.map(make) }
    func image(_ path: String) throws -> Pixmap { try images.load(path) }
}
