import DrawerRuntime
import PanelRenderer

/// The five components made in code: the same specs an app file's `[[component]]` tables
/// become (each kind's parser ends in one of these), so a component built here behaves and
/// draws as one read from a file.
extension ComponentSpec {
    /// A page of a component that has several (a sheet's stack, a side drawer's panes, a
    /// bottom drawer's `replace_content` pages).
    public struct Page: Sendable {
        /// What `push` and `replace_content` name.
        public var id: String
        /// Shown in a sheet's header or a side drawer's pane title (nil: none).
        public var title: String?
        public var content: ContentSpec?

        public init(id: String, title: String? = nil, content: ContentSpec?) {
            self.id = id; self.title = title; self.content = content
        }
    }

    /// A bottom drawer (docs/components.md, Bottom drawer) showing `content`, with `pages`
    /// that `replace_content` can swap in and `backgroundPages` that `replace_background`
    /// shows under it (Pulley's primary content).
    public static func bottomDrawer(id: String, config: BottomDrawerConfig = BottomDrawerConfig(),
                                    content: ContentSpec?, pages: [Page] = [], backgroundPages: [Page] = []) -> ComponentSpec {
        ComponentSpec(id: id, kind: .bottomDrawer,
                      contents: [content] + pages.map(\.content) + backgroundPages.map(\.content)) { env, events, maker in
            let drawer = BottomDrawer(id: id, config: config, content: try maker.make(content), env: env, events: events)
            for page in pages { drawer.pages[page.id] = try maker.make(page.content) }
            for page in backgroundPages { drawer.backgroundPages[page.id] = try maker.make(page.content) }
            return drawer
        }
    }

    /// A sheet (docs/components.md, Sheet): cards stopping at anchors; the first page is the
    /// root, the others are what `push` names. `config.closeImagePath` names a PNG for the
    /// close buttons, held to an icon's limits (at most 1024 px a side, kept at most 256).
    public static func sheet(id: String, config: SheetConfig = SheetConfig(), pages: [Page]) -> ComponentSpec {
        ComponentSpec(id: id, kind: .sheet, contents: pages.map(\.content)) { env, events, maker in
            let built = try pages.map { SheetPage(id: $0.id, title: $0.title, content: try maker.make($0.content)) }
            var budget = IconBudget()
            let close = try config.closeImagePath.map { try maker.images.loadIcon($0, budget: &budget) }
            return Sheet(id: id, config: config, pages: built, closeImage: close, text: maker.text, env: env, events: events)
        }
    }

    /// Side drawers (docs/components.md, Side drawer): `pages` are the main panes (the first
    /// shows), `drawers` what slides in from each side.
    public static func sideDrawer(id: String, config: SideDrawerConfig = SideDrawerConfig(), pages: [Page] = [],
                                  drawers: [SideDrawerDirection: ContentSpec]) -> ComponentSpec {
        let panes = pages.isEmpty ? [Page(id: "main", title: "", content: nil)] : pages
        return ComponentSpec(id: id, kind: .sideDrawer,
                             contents: drawers.values.map(Optional.some) + panes.map(\.content)) { env, events, maker in
            var made: [SideDrawerDirection: ContentView] = [:]
            for (d, spec) in drawers { made[d] = try maker.make(spec) }
            let livePages = try panes.map { SideDrawer.Page(id: $0.id, title: $0.title ?? $0.id, content: try maker.make($0.content)) }
            return SideDrawer(id: id, config: config, pages: livePages, drawers: made, env: env, events: events, text: maker.text)
        }
    }

    /// A card dismissed by swiping it down (docs/components.md, Swipe down to dismiss).
    public static func swipeDismiss(id: String, config: SwipeDismissConfig = SwipeDismissConfig(), title: String? = nil,
                                    content: ContentSpec?) -> ComponentSpec {
        ComponentSpec(id: id, kind: .swipeDismiss, contents: [content]) { env, events, maker in
            SwipeDismiss(id: id, config: config, title: title, content: try maker.make(content), text: maker.text,
                         env: env, events: events)
        }
    }

    /// A popup bar that opens into a full card (docs/components.md, Popup bar).
    public static func popup(id: String, config: PopupConfig = PopupConfig(), content: ContentSpec?) -> ComponentSpec {
        ComponentSpec(id: id, kind: .popup, contents: [content]) { env, events, maker in
            let art = try config.imagePath.map { try maker.image($0) }
            return Popup(id: id, config: config, content: try maker.make(content), artwork: art,
                         env: env, events: events, text: maker.text)
        }
    }
}
