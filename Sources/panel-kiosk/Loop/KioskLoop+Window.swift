import DrawerRuntime
import PanelKiosk
import PanelRenderer

/// The desktop preview's loop: the CLI's own, since only `panel-kiosk preview` opens a window.
extension KioskLoop {
    /// A desktop window at the board's size (`panel-kiosk preview`); the rest as headless: the
    /// control socket, blanking, reload, and the app file's problems shown over the screen.
    static func inWindow(app: AppConfig, geometry: FrameGeometry, zoom: Double, _ options: Options) throws -> KioskLoop {
        let desktop = try DesktopWindow(widthPx: geometry.widthPx, heightPx: geometry.heightPx, zoom: zoom,
                                        title: windowTitle(app))
        return try inWindow(desktop, app: app, geometry: geometry, options)
    }

    /// The loop of `app` in a window already open (`desktop`, at `geometry`'s pixel size): the
    /// demo's tour shows each screen in the same window. The window takes the app's title.
    static func inWindow(_ desktop: DesktopWindow, app: AppConfig, geometry: FrameGeometry, _ options: Options) throws -> KioskLoop {
        desktop.setTitle(windowTitle(app))
        let sink = try WindowSink(desktop: desktop, refreshHz: geometry.board.mode?.refreshHz ?? 60)
        if !desktop.keysTold {
            desktop.keysTold = true
            KioskLog.info("preview: \(sink.description); mouse = finger, Esc = Back, S = screenshot, D = repainted areas, Z = zoom")
        }
        let kiosk = try withoutDisplay(sink: sink, app: app, geometry: geometry, options, status: "previewing \(app.name)", touch: nil)
        kiosk.runtime.showsProblems = true
        kiosk.driver.add(sink)      // the window's mouse, fingers and Escape
        return kiosk
    }

    static func windowTitle(_ app: AppConfig) -> String { "panel-kiosk preview: \(app.name)" }
}

extension WindowSink: CapturingSink {}

extension WindowSink: ScreenshotSource {
    package var displayKind: String { "window" }
    package var displayConnected: Bool { true }
    package var flipWaitingSinceNS: UInt64? { clock.pendingVblankNS }
    package func shownPixmap() throws -> Pixmap { try clock.shownPixmap() }
}
