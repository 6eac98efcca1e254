import ArgumentParser

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate app, theme and board files.",
        discussion: "Prints FILE:LINE:COL: message for every problem on stderr; exits 0 only if all files are valid.")

    @Argument(help: "App, theme or board files (TOML).")
    var files: [String]

    func run() throws {
        var problems = 0
        for file in files {
            let diagnostics = Check.validate(file)
            // Not problems: the file is valid, but on a device under the shipped unit these
            // paths would not be reached (docs/deploy.md, where files belong).
            for w in Check.serviceUnitWarnings(file) { printError(w.description) }
            if diagnostics.isEmpty {
                print("\(file): ok (\(Check.kind(of: file)) file)")
            } else {
                for d in diagnostics { printError(d.description) }
                problems += diagnostics.count
            }
        }
        if problems > 0 {
            printError("\(problems) problem\(problems == 1 ? "" : "s") found")
            throw ExitCode(1)
        }
    }

    /// What a file is, from its top-level keys: a board has [display], a theme [light]/[dark]
    /// or [fonts], an app [[component]]. A file with none of them (a misspelt `[dispaly]`) is
    /// the kind it reads best as, with the fewest problems: checked as an app file, a board
    /// with one typo gave a problem for each of its tables and none about the typo's meaning.
    static func kind(of file: String) -> String {
        guard let root = try? ConfigLoader.load(path: file), case .table(let items) = root.value else { return "app" }
        let keys = Set(items.map(\.key))
        if keys.contains("component") { return "app" }
        if keys.contains("display") || keys.contains("touch") { return "board" }
        if !keys.isDisjoint(with: ["light", "dark", "fonts", "sizes"]) { return "theme" }
        // What a kind does not know counts, a near miss of one of its own names half.
        func problems(_ parse: (DiagnosticSink) -> Void) -> Double {
            let sink = DiagnosticSink()
            parse(sink)
            return sink.sorted.filter { $0.message.hasPrefix("unknown key") }
                .reduce(0) { $0 + ($1.message.contains("did you mean") ? 0.5 : 1) }
        }
        let asApp = problems { _ = AppConfig.parse(root, path: file, sink: $0) }
        let asBoard = problems { _ = BoardConfig.parse(root, sink: $0) }
        let asTheme = problems { _ = ThemeFile.parse(root, appearance: "light", sink: $0) }
        if asBoard < asApp, asBoard <= asTheme { return "board" }
        if asTheme < asApp { return "theme" }
        return "app"
    }

    /// The paths an app file names that the shipped systemd unit would hide or refuse.
    static func serviceUnitWarnings(_ file: String) -> [Diagnostic] {
        guard kind(of: file) == "app", let root = try? ConfigLoader.load(path: file) else { return [] }
        return ServiceUnitPaths.warnings(root: root)
    }

    /// Every problem in `file` (and, for an app file, in the theme it names).
    static func validate(_ file: String) -> [Diagnostic] {
        let root: ConfigNode
        do { root = try ConfigLoader.load(path: file) } catch { return error.items }
        let sink = DiagnosticSink()
        switch kind(of: file) {
        case "board":
            _ = BoardConfig.parse(root, sink: sink)
        case "theme":
            _ = ThemeFile.parse(root, appearance: "light", sink: sink)
        default:
            let app = AppConfig.parse(root, path: file, sink: sink)
            // The data file is another program's: a bad one does not stop the kiosk, but
            // check says what is wrong with it, at its own line and column.
            if let data = app.dataFile, access(data, F_OK) == 0 {
                do { _ = try DataFile.read(data, sorts: app.expectedSorts) } catch {
                    sink.add(Diagnostic(file: error.file, line: error.line, column: error.column, message: error.message))
                }
            }
            if let theme = app.themePath {
                do { _ = try ThemeFile.load(path: theme, appearance: app.appearance) } catch {
                    for d in error.items { sink.add(d) }
                }
            }
        }
        return sink.sorted
    }
}

#if canImport(Glibc)
import Glibc
import PanelKiosk
#endif
