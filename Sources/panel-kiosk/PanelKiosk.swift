import ArgumentParser
import Foundation

@main
struct PanelKiosk: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "panel-kiosk",
        abstract: "Touch drawers, sheets and popups for Linux kiosks, drawn straight to DRM/KMS.",
        discussion: """
            Files: an app file (screens and components), a theme file, a board file (the hardware).
            `panel-kiosk demo` shows everything on this machine: the real display when there is
            one, else offscreen PNGs in ./demo-out/.
            """,
        version: "0.1.0",
        subcommands: [Demo.self, Run.self, Preview.self, Render.self, Check.self, Probe.self, Bench.self, Plot.self, Status.self])

    /// ArgumentParser's usual main, except that under journald (JOURNAL_STREAM names
    /// stderr) each line of a failure's message gets the error priority `<3>` (docs/deploy.md, Logs).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let message = fullMessage(for: error)
            let code = exitCode(for: error)
            if code != .success, !message.isEmpty, KioskLog.writesToJournal {
                KioskLog.errorLines(message)
                Foundation.exit(code.rawValue)
            }
            exit(withError: error)
        }
    }
}
