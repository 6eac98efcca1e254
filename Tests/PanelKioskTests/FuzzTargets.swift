#if canImport(Glibc)
import Glibc
#endif
import DrawerRuntime
import Foundation
import PanelRenderer
@testable import PanelKiosk
@testable import panel_kiosk

/// Every parser that takes input from outside the process, as a function of raw bytes: the
/// fuzz targets of scripts/fuzz, and the replay of their corpus and of every crash they found
/// (`FuzzTests`). A target may throw (bad input is reported) but must never trap, hang or
/// allocate without bound.
enum FuzzTarget: String, CaseIterable, Sendable {
    case toml, app, theme, board, script, control, png, data, trace, socket

    /// A scratch folder for the targets that read files (the loaders take paths, as `run` does).
    private static let scratch: String = {
        let dir = NSTemporaryDirectory() + "panel-kiosk-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()

    private static func file(_ name: String, _ bytes: [UInt8]) -> String {
        let path = scratch + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// A screen for the control commands to act on: the drawer example.
    /// The departures example: components to drive and content with ids and values to set.
    nonisolated(unsafe) private static var runtime: KioskRuntime? = {
        guard let app = try? AppConfig.load(path: CLI.root + "/examples/departures.toml") else { return nil }
        let geometry = FrameGeometry(widthPx: 800, heightPx: 480, scale: 1, board: .offscreenDefault)
        return try? KioskRuntime(app: app, geometry: geometry, eventsPath: nil, now: .zero)
    }()

    /// The plot's label face, opened once.
    nonisolated(unsafe) private static var plotFace: (FontLibrary, FontFace)? = {
        guard let fonts = try? FontLibrary(), let face = try? fonts.face(path: Theme.dejaVuSans) else { return nil }
        return (fonts, face)
    }()

    func run(_ bytes: [UInt8]) {
        switch self {
        case .toml:
            _ = try? ConfigLoader.parse(bytes: bytes, file: "fuzz.toml")
        case .app:
            _ = try? AppConfig.load(path: Self.file("app.toml", bytes))
        case .theme:
            _ = try? ThemeFile.load(path: Self.file("theme.toml", bytes), appearance: "dark")
        case .board:
            _ = try? BoardConfig.load(path: Self.file("board.toml", bytes))
        case .script:
            _ = try? TouchScript.parse(String(decoding: bytes, as: UTF8.self), name: "fuzz.touch")
        case .control:
            // The socket splits lines at "\n" and caps them at 64 KiB before parsing.
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).prefix(64) {
                // A line cut at the limit: its id is read from what came before the cut.
                _ = ParsedJSON.leadingMember("id", in: line.prefix(line.count / 2))
                let parsed = ControlCommand.parse(line: line.prefix(65_536))
                if case .success(let command) = parsed.result, let runtime = Self.runtime {
                    _ = try? runtime.execute(command, at: .milliseconds(0))
                    _ = runtime.drawFrame(showingAt: .milliseconds(16))
                }
            }
        case .png:
            _ = try? PNGCodec.decode(data: bytes, name: "fuzz.png")
        case .data:
            // A [data] file another program wrote, applied to the departures board.
            if let values = try? DataFile.read(Self.file("data.json", bytes)), let runtime = Self.runtime {
                _ = try? runtime.execute(.setValues(values), at: .milliseconds(0))
                _ = runtime.drawFrame(showingAt: .milliseconds(16))
            }
        case .socket:
            // The control socket protocol against the real-time loop (`run --headless` in this
            // process, SocketFuzzKiosk): the input is one client's stream, cut into writes at
            // the points the input's first bytes choose, half-closed, and every reply read
            // until the kiosk closes the connection. A loop that stops answering is a hang.
            SocketFuzzKiosk.shared.play(bytes)
        case .trace:
            // `plot` of a trace file, drawn small.
            if let plot = try? MotionPlot(tracePath: Self.file("trace.jsonl", bytes), component: nil), let (_, face) = Self.plotFace {
                _ = try? plot.draw(width: 240, height: 200, face: face)
            }
        }
    }

    /// `Tests/Fuzz/corpus/<target>` (seeds, kept small) and `Tests/Fuzz/regressions/<target>`
    /// (every input that ever crashed, hung or blew up a target).
    static func inputs(_ kind: String, _ target: FuzzTarget) -> [String] {
        let dir = CLI.root + "/Tests/Fuzz/\(kind)/\(target.rawValue)"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.sorted().map { dir + "/" + $0 }
    }
}

/// A headless kiosk (the departures example, its control socket in a scratch folder) running
/// its real-time loop on a thread of its own for the `socket` fuzz target: what `run
/// --headless` does, in this process so libFuzzer sees the loop's code.
final class SocketFuzzKiosk: @unchecked Sendable {
    static let shared = SocketFuzzKiosk()
    private let socketPath: String
    private let scratch: String

    private init() {
        scratch = NSTemporaryDirectory() + "panel-kiosk-socket-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        socketPath = scratch + "/control.sock"
        guard var app = try? AppConfig.load(path: CLI.root + "/examples/departures.toml") else {
            fatalError("socket fuzz: examples/departures.toml does not load")
        }
        app.controlSocket = socketPath
        let path = socketPath
        let configured = app
        let thread = Thread {
            let app = configured
            guard let kiosk = try? Kiosk.headless(app: app) else { fatalError("socket fuzz: no headless kiosk") }
            do { try kiosk.run() } catch { fatalError("socket fuzz: the loop stopped: \(error)") }
            fatalError("socket fuzz: the loop returned")
        }
        thread.start()
        for _ in 0..<3000 where access(path, F_OK) != 0 { usleep(10_000) }
    }

    /// Screenshots and reloads are left out: a screenshot with a path would write PNGs
    /// anywhere this process may, and under the address sanitizer one screenshot and one
    /// reload of the departures board took over 10 s together, which libFuzzer reports as a
    /// hang (they have their own tests: SocketFloodTests, ReloadTests). Decided by the parser
    /// the socket uses, so no spelling gets past it.
    private static func harmless(_ line: ArraySlice<UInt8>) -> Bool {
        switch ControlCommand.parse(line: line).result {
        case .success(.service(.screenshot)), .success(.service(.reload)): false
        case .success, .failure: true
        }
    }

    func play(_ bytes: [UInt8]) {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).filter(Self.harmless)
        var stream = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        // A subscriber is kept open after it half-closes; the last word unsubscribes, so the
        // kiosk closes the connection once everything is answered.
        stream += Array("\n{\"cmd\":\"unsubscribe\"}\n".utf8)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0, let address = UnixAddress(socketPath) else { return }
        defer { close(fd) }
        guard address.withSockaddr({ connect(fd, $0, $1) }) == 0 else {
            // A full client table answers and closes; anything else means the loop is gone.
            fatalError("socket fuzz: cannot connect: \(String(cString: strerror(errno)))")
        }
        var timeout = timeval(tv_sec: 8, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // Writes cut where the input says: the socket must join partial lines.
        let cut = max(1, Int(bytes.first ?? 64))
        var offset = 0
        while offset < stream.count {
            let n = min(cut, stream.count - offset)
            let sent = stream.withUnsafeBytes { send(fd, $0.baseAddress! + offset, n, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { break }      // the kiosk closed us (too many lines in flight): fine
            offset += sent
        }
        shutdown(fd, Int32(SHUT_WR))
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { continue }
            if n == 0 { return }                                   // answered everything, closed
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { fatalError("socket fuzz: no reply for 8 s: the loop stalled") }
            return                                                 // reset: it dropped us
        }
    }
}
