import DrawerRuntime
import PanelKiosk
import PanelRenderer
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The demo's tour in a preview window: each screen of `DemoTour` in turn, for its
/// `windowMS` (a frame limit at the window's refresh rate) or until a tour key asks for
/// another; after the last, the first again. Closing the window or a signal ends it. The
/// screen's content changes come over its control socket from a feed thread, exactly as the
/// device's own program would send them.
struct WindowTour {
    let examples: String
    let geometry: FrameGeometry
    /// Printed once the first window is open (not before: it may not open).
    var announcement: String?
    /// Whether a screen was opened (a failure after that is not "no window here").
    private(set) var shownAny = false

    init(examples: String, geometry: FrameGeometry) {
        self.examples = examples
        self.geometry = geometry
    }

    mutating func run() throws {
        var index = 0
        let socket = "/tmp/panel-kiosk-demo-\(getpid()).sock"
        // One window for the whole tour: each screen's loop draws into it.
        var desktop: DesktopWindow?
        while true {
            let screen = DemoTour.screens[index]
            var app = try loadApp(examples + "/" + screen.file)
            app.controlSocket = socket
            let refreshHz = geometry.board.mode?.refreshHz ?? 60
            let options = KioskLoop.Options(startNS: monotonicNanoseconds(), frameLimit: screen.windowMS * refreshHz / 1000)
            let window = try desktop ?? DesktopWindow(widthPx: geometry.widthPx, heightPx: geometry.heightPx, zoom: 1,
                                                      title: KioskLoop.windowTitle(app))
            desktop = window
            let kiosk = try KioskLoop.inWindow(window, app: app, geometry: geometry, options)
            if !shownAny, let announcement { print(announcement) }
            shownAny = true
            guard let sink = kiosk.sink as? WindowSink else { return }
            sink.tourKeys = true
            printError("panel-kiosk: demo: \(index + 1)/\(DemoTour.screens.count): \(screen.title) (\(screen.file))")
            let feed = TourFeed(socket: socket, lines: screen.feed)
            feed.start()
            let failure = kiosk.run()
            feed.stop()
            if let failure { throw Failure(failure.description) }
            let count = DemoTour.screens.count
            switch sink.tourStep {
            case .next?: index = (index + 1) % count
            case .previous?: index = (index + count - 1) % count
            case nil:
                // Stopped by the frame limit (its time is up), else by the window's close
                // button or a signal: the end.
                guard sink.flipCount >= options.frameLimit ?? Int.max else { return }
                index = (index + 1) % count
            }
        }
    }
}

/// Sends a screen's control commands to its socket at their times, from a thread of its own
/// (the loop owns the main thread); reads each reply so none pile up. Stops when told or when
/// the kiosk closes the socket.
final class TourFeed: Sendable {
    private let socket: String
    private let lines: [Line]
    private let stopped = Atomic<Bool>(false)
    /// The thread, once started; joined by `stop`.
    private let thread = Mutex<pthread_t?>(nil)

    struct Line: Sendable { var ms: Int; var line: String }

    init(socket: String, lines: [(ms: Int, line: String)]) {
        self.socket = socket
        self.lines = lines.map { Line(ms: $0.ms, line: $0.line) }
    }

    private var isStopped: Bool { stopped.load(ordering: .acquiring) }

    func start() {
        guard !lines.isEmpty else { return }
        let context = Unmanaged.passRetained(self).toOpaque()
        var id = pthread_t()
        let made = pthread_create(&id, nil, { context in
            let feed = Unmanaged<TourFeed>.fromOpaque(context!).takeRetainedValue()
            feed.feed()
            return nil
        }, context)
        if made == 0 {
            thread.withLock { $0 = id }
        } else {
            Unmanaged<TourFeed>.fromOpaque(context).release()   // no thread: the screen just shows
        }
    }

    func stop() {
        stopped.store(true, ordering: .releasing)
        if let id = thread.withLock({ t -> pthread_t? in defer { t = nil }; return t }) { pthread_join(id, nil) }
    }

    private func feed() {
        let start = monotonicNanoseconds()
        var fd: Int32 = -1
        // The kiosk makes its socket as it starts: try for up to 3 s.
        for _ in 0..<150 where !isStopped {
            fd = Self.connect(socket)
            if fd >= 0 { break }
            usleep(20_000)
        }
        guard fd >= 0 else { return }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        for next in lines {
            let ms = next.ms, line = next.line
            while !isStopped && monotonicNanoseconds() < start + UInt64(ms) * 1_000_000 { usleep(10_000) }
            if isStopped { return }
            let bytes = Array((line + "\n").utf8)
            guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else { return }
            var reply = [UInt8](repeating: 0, count: 4096)
            var got: [UInt8] = []
            while !got.contains(UInt8(ascii: "\n")) {
                let n = recv(fd, &reply, reply.count, 0)
                guard n > 0 else { return }
                got += reply[0..<n]
            }
            if !String(decoding: got, as: UTF8.self).contains("\"ok\":true") {
                printError("panel-kiosk: demo: the tour's command \(line) was refused: \(String(decoding: got, as: UTF8.self))")
            }
        }
    }

    private static func connect(_ path: String) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return -1 }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return -1 }
        let ok = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        } == 0
        if !ok { close(fd); return -1 }
        return fd
    }
}
