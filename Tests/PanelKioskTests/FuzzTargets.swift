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
    case toml, app, theme, board, script, control, png, data, trace

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
