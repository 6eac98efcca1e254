import FoundationEssentials
import CSDL2
import PanelKiosk
#if canImport(Glibc)
import Glibc
#endif

/// One window on the desktop (SDL2 over X11 or Wayland) and SDL's video with it: started
/// once, kept while the window lives, so that the demo's tour shows all its screens in the
/// same window (a window manager does not place it anew, the zoom stays) and SDL connects to
/// the display server once. Each loop's `WindowSink` draws into it.
final class DesktopWindow {
    let sdl: SDLLibrary
    /// The window's size in UI pixels (the board's); the window itself is that times `zoom`.
    let widthPx: Int, heightPx: Int
    private(set) var zoom: Double
    /// Tint the rectangles each frame repaints (D): like the zoom, kept for the window's life,
    /// so the demo's next screen shows them too.
    var showsDamage = false
    /// Whether the keys were told (once per window, not per screen of the demo's tour).
    var keysTold = false
    /// Destroyed once, in deinit.
    private let window: OpaquePointer
    /// The video drivers a preview may use: the desktop's. SDL would otherwise fall back to
    /// its invisible "offscreen" driver when the X server refuses a connection, and show the
    /// screens nowhere.
    static let desktopDrivers = ["x11", "wayland"]

    init(widthPx: Int, heightPx: Int, zoom: Double, title: String) throws {
        // Every failure below undoes its own part and throws before self is whole (so deinit
        // does not run and nothing is undone twice).
        let sdl = try SDLLibrary.load()
        if let problem = SDLWaylandProbe.problem(sdl: sdl, environment: ProcessInfo.processInfo.environment) {
            throw Failure("preview: cannot open a window: \(problem)")
        }
        try Self.startVideo(sdl)
        let driver = sdl.videoDriver ?? "none"
        guard Self.desktopDrivers.contains(driver) else {
            sdl.quit()
            throw Failure("preview: cannot open a window: SDL started its \"\(driver)\" video driver, which shows nothing on a desktop "
                          + "(SDL_VIDEODRIVER is \"\(ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] ?? "")\"); "
                          + "unset it or set it to x11 or wayland")
        }
        let (w, h) = Self.windowSize(widthPx, heightPx, zoom)
        guard let window = sdl.createWindow(title, 0, 0, w, h, SDL_WINDOW_SHOWN.rawValue) else {
            let why = sdl.lastError
            sdl.quit()
            throw Failure("preview: cannot open a \(w)x\(h) window: SDL says \"\(why)\"")
        }
        self.sdl = sdl
        self.window = window
        self.widthPx = widthPx
        self.heightPx = heightPx
        self.zoom = zoom
    }

    deinit {
        sdl.destroyWindow(window)
        sdl.quit()
    }

    func setTitle(_ title: String) { sdl.setWindowTitle(window, title) }

    /// Cycles the zoom (100 %, 200 %, 50 %) and resizes the window to it.
    func nextZoom() {
        zoom = zoom == 1 ? 2 : zoom == 2 ? 0.5 : 1
        let (w, h) = Self.windowSize(widthPx, heightPx, zoom)
        sdl.setWindowSize(window, w, h)
    }

    /// What SDL shows in the window (re-fetched each time: a resize replaces it).
    var surface: UnsafeMutablePointer<SDL_Surface>? { sdl.windowSurface(window) }

    /// How many times SDL's video is started before the preview gives up, and the pause
    /// between (ms). An X server that is busy taking and dropping clients (Xvfb with a test
    /// polling it, measured: about 1 connection in 60) may hang up on a new one at once, and
    /// SDL then finds no driver; the next connection is taken.
    static let videoAttempts = 3
    static let videoRetryPauseMS = 100

    private static func startVideo(_ sdl: SDLLibrary) throws {
        var why = ""
        for attempt in 1...videoAttempts {
            setHints(sdl)       // SDL_Quit forgets them
            if sdl.initialize(SDL_INIT_VIDEO) == 0 { return }
            why = sdl.lastError
            sdl.quit()
            if attempt < videoAttempts { usleep(useconds_t(videoRetryPauseMS * 1000)) }
        }
        let environment = ProcessInfo.processInfo.environment
        let displays = ["DISPLAY", "WAYLAND_DISPLAY"].map { name in environment[name].map { "\(name)=\"\($0)\"" } ?? "\(name) unset" }
        throw Failure("preview: cannot open a window on the desktop (\(displays.joined(separator: ", "))): SDL says \"\(why)\" "
                      + "(\(videoAttempts) tries); use `panel-kiosk run --headless` or `panel-kiosk render`")
    }

    private static func setHints(_ sdl: SDLLibrary) {
        _ = sdl.setHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")          // SIGTERM/SIGINT stay the loop's
        _ = sdl.setHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        // The frame goes to the window as pixels (XShm on X11): no GL context, which would make
        // SDL create the window a second time and start a software GL's threads for nothing.
        _ = sdl.setHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        // X11 first when both are there (XWayland included): SDL's own order. The user's
        // SDL_VIDEODRIVER still wins over a hint; `init` refuses a driver that is not a desktop's.
        _ = sdl.setHint(SDL_HINT_VIDEODRIVER, Self.desktopDrivers.joined(separator: ","))
    }

    /// Shows `rects` (window pixels) of the surface.
    func update(_ rects: [SDL_Rect]) {
        guard !rects.isEmpty else { return }
        var rects = rects
        _ = sdl.updateWindowSurfaceRects(window, &rects, Int32(rects.count))
    }

    private static func windowSize(_ widthPx: Int, _ heightPx: Int, _ zoom: Double) -> (Int32, Int32) {
        (Int32((Double(widthPx) * zoom).rounded()), Int32((Double(heightPx) * zoom).rounded()))
    }
}
