/// Writes touch events as a touch script (docs/formats.md, Touch script), so a stream captured
/// on a kiosk in the field replays bit for bit through `panel-kiosk render --script`.
///
/// Times are milliseconds since `origin` (the first event's time by default); coordinates are
/// frame pixels (points × `scale`), as scripts use. Numbers print in Swift's shortest
/// round-trip form, so parsing them back gives the same Double.
public struct TouchRecorder: Sendable {
    /// Device pixels per point.
    public var scale: Double
    public private(set) var origin: Instant?
    public private(set) var text = "# touch script recorded by panel-kiosk (docs/formats.md, Touch script): t_ms verb id x_px y_px\n"
    public private(set) var count = 0

    public init(scale: Double = 1, origin: Instant? = nil) {
        self.scale = scale
        self.origin = origin
    }

    /// The script line for one event (without newline).
    public mutating func line(for e: TouchEvent) -> String {
        let start = origin ?? e.time
        origin = start
        let ms = Self.number(Double((e.time - start).nanoseconds) / 1e6)
        switch e.phase {
        case .down, .move:
            return "\(ms) \(e.phase.rawValue) \(e.id) \(Self.number(e.location.x * scale)) \(Self.number(e.location.y * scale))"
        case .up, .cancel:
            return "\(ms) \(e.phase.rawValue) \(e.id)"
        }
    }

    public mutating func record(_ e: TouchEvent) {
        text += line(for: e) + "\n"
        count += 1
    }

    /// A comment line (e.g. the board and app the recording came from).
    public mutating func note(_ comment: String) {
        for part in comment.split(separator: "\n", omittingEmptySubsequences: false) { text += "# \(part)\n" }
    }

    /// Integers without ".0"; everything else in shortest round-trip form.
    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }
}
