import ArgumentParser
import PanelKiosk
import PanelRenderer
import CProcessArguments
#if canImport(Glibc)
import Glibc
#endif

@main
struct PanelKiosk: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "panel-kiosk",
        abstract: "Touch drawers, sheets and popups for Linux kiosks, drawn straight to DRM/KMS.",
        discussion: """
            Files: an app file (screens and components), a theme file, a board file (the hardware).

            `panel-kiosk demo` shows everything on this machine: the real display when there is \
            one, else offscreen PNGs in ./demo-out/.
            """,
        version: KioskVersion.current,
        // Every subcommand names itself (`commandName`): otherwise ArgumentParser derives the
        // name from the type with `String(describing:)`, whose dynamic casts scan every protocol
        // conformance in the binary, for each subcommand at every start: a third of the time
        // `run` spent parsing its arguments before its first frame.
        subcommands: [Demo.self, Run.self, Preview.self, Render.self, Check.self, Probe.self, Bench.self, Plot.self, Status.self, Send.self])

    /// CLOCK_MONOTONIC when `main` began, before the arguments are parsed and any file is read:
    /// `first_flip_ms` (run --stats) counts from here, so it includes everything the kiosk does
    /// before its first frame. What precedes `main` (the loader mapping and relocating the
    /// binary and its libraries, the Swift runtime's set-up: a few milliseconds natively, over
    /// 100 ms under QEMU's TCG) is `before_main_ms`. Written once, before any other code runs.
    nonisolated(unsafe) private static var mainStartNS: UInt64 = 0

    /// When this process's `main` began; when a command runs inside another program (the tests),
    /// the moment of asking.
    static var startNS: UInt64 { mainStartNS != 0 ? mainStartNS : monotonicNanoseconds() }

    /// From the kernel's start of this process to `main`, in 10 ms steps (see `ProcessStart`);
    /// nil inside another program (the tests) or without /proc.
    static var beforeMainMS: Double? {
        guard mainStartNS != 0, let start = ProcessStart.monotonicNanoseconds(), start <= mainStartNS else { return nil }
        return Double(mainStartNS - start) / 1e6
    }

    /// The arguments after the program's name. Swift's `CommandLine` reads them from
    /// /proc/self/cmdline on Linux, and finds none where /proc is not mounted (a chroot while
    /// an image is built): the kiosk then printed its help and exited 0 for every command, so a
    /// `check` in an image build passed without checking. The C library's own argv (kept before
    /// `main` by CProcessArguments) does not need /proc.
    static func commandLineArguments() -> [String] {
        let count = Int(panel_process_argc())
        guard count > 0 else { return Array(CommandLine.arguments.dropFirst()) }
        return (1..<count).map { i in panel_process_argv(Int32(i)).map { String(cString: $0) } ?? "" }
    }

    /// ArgumentParser's usual main, except that it notes when it began (above) and that under
    /// journald (JOURNAL_STREAM names stderr) each line of a failure's message gets the error
    /// priority `<3>` (docs/deploy.md, Logs).
    static func main() {
        mainStartNS = monotonicNanoseconds()
        // A reader that goes away (`run ... | head -1`, a log pipe restarted) must cost a
        // failed write (EPIPE), not the kiosk: SIGPIPE's default action ends the process.
        signal(SIGPIPE, SIG_IGN)
        // Likewise a file-size limit (ulimit -f, a quota-like RLIMIT_FSIZE): a write that
        // fails (EFBIG) with the earlier file kept, not a process killed mid-write.
        signal(SIGXFSZ, SIG_IGN)
        do {
            // `run` in its plain form skips ArgumentParser's reflection (RunCommand+Quick.swift).
            let arguments = commandLineArguments()
            var command: ParsableCommand = try Run.quickParse(arguments) ?? parseAsRoot(arguments)
            try command.run()
        } catch {
            let message = fullMessage(for: error)
            let code = exitCode(for: error)
            if code != .success, !message.isEmpty, KioskLog.writesToJournal {
                KioskLog.errorLines(message)
                Glibc.exit(code.rawValue)
            }
            exit(withError: error)
        }
    }
}
