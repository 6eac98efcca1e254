/// The control-socket commands about the kiosk itself rather than its components
/// (docs/deploy.md, "Operating a kiosk"):
///
///     {"cmd":"status"}                         the health verdict and figures (docs/formats.md, Status)
///     {"cmd":"screenshot"}                     {"cmd":"screenshot","path":"/tmp/now.png"}
///     {"cmd":"brightness"}                     {"cmd":"brightness","percent":40}
///     {"cmd":"blank"}                          {"cmd":"wake"}
///     {"cmd":"reload"}
///
/// They travel as `ControlCommand.service` so the socket's framing, ids and reply order stay
/// one thing; the loop answers them (`KioskLoop.perform(_:at:)`), with extra reply fields.
public enum ServiceCommand: Equatable, Sendable {
    /// Writes a PNG of what the display shows, upright, to `path` (nil: `screenshot.png` in
    /// the runtime directory) and replies with the path.
    case screenshot(path: String?)
    /// Replies with the backlight's brightness in percent, after setting it when `percent`
    /// is given (0...100).
    case brightness(percent: Int?)
    /// Blanks the screen now, as the idle blanker does after `blank_after_s`.
    case blank
    /// Wakes a blanked screen (counts as activity for the idle timers).
    case wake
    case status
    /// Reads the app file again, as SIGHUP does; an invalid file is refused with its problems.
    case reload

    /// The `cmd` that names it.
    var name: String {
        switch self {
        case .screenshot: "screenshot"
        case .brightness: "brightness"
        case .blank: "blank"
        case .wake: "wake"
        case .status: "status"
        case .reload: "reload"
        }
    }

    /// The `cmd` names and the fields each accepts besides `cmd` and `id`.
    static let fields: [String: [String]] = [
        "screenshot": ["path"], "brightness": ["percent"], "blank": [], "wake": [], "status": [], "reload": [],
    ]

    /// Whether the command costs a frame's worth of time or more (a screenshot encodes a PNG,
    /// ~14 ms at 800x480; a reload reads and builds the app): the loop runs at most one of
    /// these per wake-up, after the cheap ones (`KioskServices.runCommands`).
    var isExpensive: Bool {
        switch self {
        case .screenshot, .reload: true
        case .brightness, .blank, .wake, .status: false
        }
    }

    /// Whether the command changes what the screen shows or how (refused by a read-only
    /// remote, the MQTT bridge's `read_only`); reading brightness does not.
    var changesScreen: Bool {
        switch self {
        case .screenshot, .status: false
        case .brightness(let percent): percent != nil
        case .blank, .wake, .reload: true
        }
    }

    /// Parses a command whose `cmd` is one of `fields`' names; unknown fields are refused as
    /// for every other command.
    static func parse(cmd: String, _ obj: [String: ParsedJSON]) throws(ControlCommand.ControlError) -> ServiceCommand {
        let allowed = fields[cmd] ?? []
        for key in obj.keys.sorted() where key != "cmd" && key != "id" && !allowed.contains(key) {
            var msg = "unknown field \"\(key)\" in \"\(cmd)\""
            if let near = ControlCommand.suggestion(key, in: allowed) { msg += " (did you mean \"\(near)\"?)" }
            throw ControlCommand.ControlError(msg)
        }
        switch cmd {
        case "screenshot":
            guard let v = obj["path"] else { return .screenshot(path: nil) }
            if case .string(let path) = v, path.utf8.contains(0) {
                // The kernel reads a path up to its first NUL: "x.png\u0000.toml" wrote x.png.
                throw ControlCommand.ControlError("\"path\" contains a NUL character (\\u0000), which no file path can hold")
            }
            guard case .string(let path) = v, path.hasPrefix("/"), path.utf8.count < 4096, !path.hasSuffix("/") else {
                throw ControlCommand.ControlError("\"path\" must be an absolute file path (a PNG is written there)")
            }
            return .screenshot(path: path)
        case "brightness":
            guard let v = obj["percent"] else { return .brightness(percent: nil) }
            guard case .number(let d) = v, d.isFinite, d == d.rounded(), (0...100).contains(d) else {
                throw ControlCommand.ControlError("\"percent\" must be a whole number from 0 to 100")
            }
            return .brightness(percent: Int(d))
        case "blank": return .blank
        case "wake": return .wake
        case "reload": return .reload
        default:   // "status", the only name left in `fields`
            return .status
        }
    }
}

extension ControlCommand {
    /// A service command that costs a frame's worth of time or more (`ServiceCommand.isExpensive`);
    /// the components' commands are cheap (a row edit is bounded by the row limits).
    var isExpensive: Bool {
        if case .service(let s) = self { return s.isExpensive }
        return false
    }
}
