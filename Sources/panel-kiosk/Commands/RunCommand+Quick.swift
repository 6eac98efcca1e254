import ArgumentParser
import PanelKiosk

/// `run` as a service starts it (`run --config FILE --board FILE`), read without
/// ArgumentParser's machinery. ArgumentParser finds a command's options by reflecting over it
/// and casting each property to its protocols (every cast scans the binary's conformance
/// records) and tries the completion-script commands first; under QEMU's TCG that took more
/// than 100 ms of the time before the first frame, every start.
///
/// Still one grammar: this reads only the plain form, long options of `run` each given once
/// as `--name value` or `--name=value`, and builds the same `Run` ArgumentParser would. For
/// anything else (help, version, a short or unknown option, a repeated option, a missing or
/// option-like value, a value of the wrong type, anything `validate()` refuses) it returns
/// nil and ArgumentParser parses the arguments, so every message and every other form stays
/// its own. `QuickRunParseTests` checks that both read the same names and build equal
/// commands, and that this declines what ArgumentParser rejects.
extension Run {
    /// The options of `run` that take a value, by the names ArgumentParser gives them.
    static let quickValueOptions: Set<String> = [
        "config", "board", "frames", "stats", "events", "record", "trace", "state", "capture-scanout",
        "capture-writeback", "schedule", "play", "size", "scale",
    ]
    /// The flags of `run`.
    static let quickFlags: Set<String> = ["headless"]

    /// The `run` command `arguments` (without the program's name) ask for, or nil when they
    /// are not in the plain form (see above).
    static func quickParse(_ arguments: [String]) -> Run? {
        guard arguments.first == "run" else { return nil }
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var i = 1
        while i < arguments.count {
            let argument = arguments[i]
            guard argument.hasPrefix("--") else { return nil }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if quickFlags.contains(name) {
                guard value == nil, flags.insert(name).inserted else { return nil }
            } else if quickValueOptions.contains(name) {
                if value == nil {
                    i += 1
                    guard i < arguments.count else { return nil }
                    value = arguments[i]
                }
                guard let value, !value.isEmpty, !value.hasPrefix("-"), values[name] == nil else { return nil }
                values[name] = value
            } else {
                return nil
            }
            i += 1
        }
        guard let config = values["config"] else { return nil }
        var run = Run()
        run.config = config
        run.board = values["board"]
        run.stats = values["stats"]
        run.events = values["events"]
        run.record = values["record"]
        run.trace = values["trace"]
        run.state = values["state"]
        run.captureScanout = values["capture-scanout"]
        run.captureWriteback = values["capture-writeback"]
        run.headless = flags.contains("headless")
        run.schedule = values["schedule"] ?? Run.defaultSchedule
        run.play = values["play"]
        run.size = values["size"]
        if let text = values["frames"] {
            guard let frames = Int(text) else { return nil }
            run.frames = frames
        } else {
            run.frames = nil
        }
        if let text = values["scale"] {
            guard let scale = Double(text) else { return nil }
            run.scale = scale
        } else {
            run.scale = nil
        }
        do { try run.validate() } catch { return nil }
        return run
    }
}
