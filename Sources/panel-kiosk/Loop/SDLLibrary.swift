import CSDL2
import PanelKiosk
#if canImport(Glibc)
import Glibc
#endif

/// libSDL2, opened when a window is wanted (`preview`, `demo` on a desktop) rather than
/// linked: a kiosk image runs `run` without SDL or any X11/Wayland library installed. The
/// module `CSDL2` gives the types and constants; these are the few functions the window uses.
struct SDLLibrary {
    typealias Surface = UnsafeMutablePointer<SDL_Surface>
    let setHint: @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> SDL_bool
    let initialize: @convention(c) (UInt32) -> Int32
    let quit: @convention(c) () -> Void
    let error: @convention(c) () -> UnsafePointer<CChar>?
    let createWindow: @convention(c) (UnsafePointer<CChar>?, Int32, Int32, Int32, Int32, UInt32) -> OpaquePointer?
    let destroyWindow: @convention(c) (OpaquePointer?) -> Void
    let setWindowSize: @convention(c) (OpaquePointer?, Int32, Int32) -> Void
    let setWindowTitle: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Void
    let windowSurface: @convention(c) (OpaquePointer?) -> Surface?
    let updateWindowSurfaceRects: @convention(c) (OpaquePointer?, UnsafePointer<SDL_Rect>?, Int32) -> Int32
    let surfaceFrom: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, Int32, Int32, UInt32) -> Surface?
    let surface: @convention(c) (UInt32, Int32, Int32, Int32, UInt32) -> Surface?
    let freeSurface: @convention(c) (Surface?) -> Void
    let setSurfaceBlendMode: @convention(c) (Surface?, SDL_BlendMode) -> Int32
    let blitScaled: @convention(c) (Surface?, UnsafePointer<SDL_Rect>?, Surface?, UnsafeMutablePointer<SDL_Rect>?) -> Int32
    let pollEvent: @convention(c) (UnsafeMutablePointer<SDL_Event>?) -> Int32
    let currentVideoDriver: @convention(c) () -> UnsafePointer<CChar>?

    static let soname = "libSDL2-2.0.so.0"

    /// Opens the library (kept open for the life of the process: SDL keeps threads and state).
    static func load() throws -> SDLLibrary {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            let why = dlerror().map { String(cString: $0) } ?? "not found"
            throw Failure("a window needs SDL2 (\(why)); on Debian: apt install libsdl2-2.0-0")
        }
        func symbol<T>(_ name: String, _: T.Type) throws -> T {
            guard let p = dlsym(handle, name) else { throw Failure("\(soname) has no \(name): SDL 2.0.10 or later is needed") }
            return unsafeBitCast(p, to: T.self)
        }
        return SDLLibrary(
            setHint: try symbol("SDL_SetHint", (@convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> SDL_bool).self),
            initialize: try symbol("SDL_Init", (@convention(c) (UInt32) -> Int32).self),
            quit: try symbol("SDL_Quit", (@convention(c) () -> Void).self),
            error: try symbol("SDL_GetError", (@convention(c) () -> UnsafePointer<CChar>?).self),
            createWindow: try symbol("SDL_CreateWindow",
                                     (@convention(c) (UnsafePointer<CChar>?, Int32, Int32, Int32, Int32, UInt32) -> OpaquePointer?).self),
            destroyWindow: try symbol("SDL_DestroyWindow", (@convention(c) (OpaquePointer?) -> Void).self),
            setWindowSize: try symbol("SDL_SetWindowSize", (@convention(c) (OpaquePointer?, Int32, Int32) -> Void).self),
            setWindowTitle: try symbol("SDL_SetWindowTitle", (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Void).self),
            windowSurface: try symbol("SDL_GetWindowSurface", (@convention(c) (OpaquePointer?) -> Surface?).self),
            updateWindowSurfaceRects: try symbol("SDL_UpdateWindowSurfaceRects",
                                                 (@convention(c) (OpaquePointer?, UnsafePointer<SDL_Rect>?, Int32) -> Int32).self),
            surfaceFrom: try symbol("SDL_CreateRGBSurfaceWithFormatFrom",
                                    (@convention(c) (UnsafeMutableRawPointer?, Int32, Int32, Int32, Int32, UInt32) -> Surface?).self),
            surface: try symbol("SDL_CreateRGBSurfaceWithFormat", (@convention(c) (UInt32, Int32, Int32, Int32, UInt32) -> Surface?).self),
            freeSurface: try symbol("SDL_FreeSurface", (@convention(c) (Surface?) -> Void).self),
            setSurfaceBlendMode: try symbol("SDL_SetSurfaceBlendMode", (@convention(c) (Surface?, SDL_BlendMode) -> Int32).self),
            blitScaled: try symbol("SDL_UpperBlitScaled",
                                   (@convention(c) (Surface?, UnsafePointer<SDL_Rect>?, Surface?, UnsafeMutablePointer<SDL_Rect>?) -> Int32).self),
            pollEvent: try symbol("SDL_PollEvent", (@convention(c) (UnsafeMutablePointer<SDL_Event>?) -> Int32).self),
            currentVideoDriver: try symbol("SDL_GetCurrentVideoDriver", (@convention(c) () -> UnsafePointer<CChar>?).self))
    }

    /// The video driver SDL started ("x11", "wayland", ...), nil before `SDL_Init`.
    var videoDriver: String? { currentVideoDriver().map { String(cString: $0) } }

    /// SDL's last error message.
    var lastError: String { error().map { String(cString: $0) } ?? "unknown" }
}
