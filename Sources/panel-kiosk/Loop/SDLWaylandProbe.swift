import CSDL2
#if canImport(Glibc)
import Glibc
#endif

/// SDL 2.26 (Debian bookworm's) dies with SIGSEGV inside `SDL_Init` on some Wayland
/// compositors (weston's headless backend, which offers no seat, is one), and a crash there
/// would take the preview with it. So on a Wayland-only desktop, SDL's video is first started
/// once in a forked child: if the child dies, the preview says so and does not start SDL
/// itself. With an X display SDL takes X11 first and no probe is made.
enum SDLWaylandProbe {
    /// Why SDL cannot start here, or nil when it can (or when no probe was needed). Called
    /// before this process starts SDL (again) and while it runs no thread of its own: the child
    /// of a threaded process may only run what the other threads left consistent.
    static func problem(sdl: SDLLibrary, environment: [String: String]) -> String? {
        let wayland = environment["WAYLAND_DISPLAY", default: ""]
        guard environment["DISPLAY", default: ""].isEmpty, !wayland.isEmpty else { return nil }
        return run(sdl, wayland)
    }

    private static func run(_ sdl: SDLLibrary, _ wayland: String) -> String? {
        let child = fork()
        if child == 0 {
            // The child: start SDL's video and leave without running the parent's exit work. A
            // crash here is the answer, not a report: no backtrace, no core file.
            for sig in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT] { signal(sig, SIG_DFL) }
            var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
            setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
            let ok = sdl.initialize(SDL_INIT_VIDEO) == 0
            _exit(ok ? 0 : 1)
        }
        guard child > 0 else { return nil }     // no child: try SDL here, as without the probe
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        guard signal != 0, signal != 0x7F else { return nil }   // it exited: SDL's own error comes from here
        let name = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
        return "SDL crashed (\(name)) starting its video on the Wayland display \(wayland): "
            + "this SDL cannot use that compositor (SDL 2.26 does this on one without a seat, e.g. weston's headless backend); "
            + "set DISPLAY to use X11 (XWayland), or use `panel-kiosk run --headless` or `panel-kiosk render`"
    }
}
