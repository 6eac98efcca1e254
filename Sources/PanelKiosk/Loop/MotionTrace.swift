import DrawerRuntime
import PanelRenderer

/// `--trace FILE.jsonl`: a line per frame of what every component's motion does, to see why
/// a motion feels wrong and to draw it (`panel-kiosk plot`). A line looks like
///
///     {"t_ms": 416.667, "fingers": [{"id": 1, "x_pt": 240, "y_pt": 388}],
///      "components": {"drawer": {"phase": "dragging",
///        "position": {"visible_height_pt": 312.5, "scroll_offset_pt": 0, ...},
///        "velocity": {"visible_height_pt": -842.1, "scroll_offset_pt": 0, ...}}}}
///
/// `position` is every number of the component's state entry (the same names as the state
/// file; `_pt` ones are points). `velocity` is how fast each changed since the previous line,
/// per second (pt/s for `_pt` ones), or null on the first line: what the screen shows,
/// whatever model moves it. `fingers` are the fingers down, in points. Lines are written as
/// frames are made, each flushed, so a trace of a kiosk that crashed ends at its last frame.
final class MotionTrace {
    private let log: EventRecorder
    private var previous: (timeMS: Double, positions: [String: [String: Double]])?

    init(path: String) {
        log = EventRecorder(path: path, what: "motion trace")
    }

    /// The frame at `timeMS` (ms); a time not after the previous line's is not written again.
    func record(timeMS: Double, screen: Screen, fingers: [Int: Point]) {
        if let p = previous, timeMS <= p.timeMS { return }
        var positions: [String: [String: Double]] = [:]
        var entries: [(String, JSONValue)] = []
        for c in screen.components {
            var position: [(String, JSONValue)] = [], velocity: [(String, JSONValue)] = []
            var values: [String: Double] = [:]
            if case .object(let fields) = c.state() {
                for case (let key, .number(let v)) in fields {
                    values[key] = v
                    position.append((key, .number(v)))
                    if let p = previous, let before = p.positions[c.id]?[key] {
                        velocity.append((key, .number((v - before) / ((timeMS - p.timeMS) / 1000))))
                    } else {
                        velocity.append((key, .null))
                    }
                }
            }
            positions[c.id] = values
            entries.append((c.id, .object([("phase", .string(c.motionPhase.rawValue)),
                                           ("position", .object(position)), ("velocity", .object(velocity))])))
        }
        let down = fingers.keys.sorted().map { id -> JSONValue in
            let p = fingers[id]!
            return .object([("id", .number(Double(id))), ("x_pt", .number(p.x)), ("y_pt", .number(p.y))])
        }
        log.write(JSONValue.object([("t_ms", .number(timeMS)), ("fingers", .array(down)),
                                    ("components", .object(entries))]).encoded)
        previous = (timeMS, positions)
    }

    /// Why the trace cannot be written, if it cannot.
    var failure: String? { log.failure }

    /// Reports a trace that could not be written (a full disk).
    func close() throws { try log.close() }
}
