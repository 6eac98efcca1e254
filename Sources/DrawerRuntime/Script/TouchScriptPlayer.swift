/// The one player of a touch script, whichever clock runs it: `render`'s simulated clock
/// (`OffscreenDriver`) and `run --headless --play`'s real one (`ScriptTouchSource`) both take
/// a script's lines from here, one at a time in time order, once the clock has reached them.
///
/// Finger lines become the `InputEvent`s a touchscreen gives, through `TouchSlots` as
/// libinput's are (the script's finger id is the slot, on device 0): so every touch source
/// numbers fingers the same way (a new finger id for every touch-down, counting from 1), and
/// an `up` or `cancel` ends where that finger was last seen. A script run through `render`
/// and through `run --play` therefore hands the runtime the same fingers.
public struct TouchScriptPlayer: Sendable {
    /// What a script line asks of the runtime once it is due.
    public enum Step: Equatable, Sendable {
        /// Touch events (none for a finger that is not down; two for a slot whose up was lost).
        case input([InputEvent])
        /// `do <target> <action> [<arg>...]`, at the line's time.
        case call(target: String, action: String, arguments: [String], at: Instant, line: Int)
        /// `send <json>`, at the line's time.
        case send(json: String, at: Instant, line: Int)
    }

    public let script: TouchScript
    /// The clock's time (ms) at the script's t = 0.
    public let startMS: Double
    /// The fingers down, by the script's finger ids (device 0, slot = id).
    public private(set) var touches: TouchSlots
    private var next = 0

    /// - Parameters:
    ///   - startMS: the clock's time (ms) the script's times count from.
    ///   - touches: fingers an earlier script left down (their slots stay taken).
    public init(_ script: TouchScript, startMS: Double, touches: TouchSlots = TouchSlots()) {
        self.script = script
        self.startMS = startMS
        self.touches = touches
    }

    /// The clock time (ms) of the next line, nil once every line was played.
    public var nextDueMS: Double? { next < script.lines.count ? startMS + script.lines[next].timeMS : nil }
    /// The clock time (ms) of the last line (`startMS` for an empty script).
    public var lastDueMS: Double { startMS + script.durationMS }
    /// Every line was played.
    public var finished: Bool { next >= script.lines.count }

    /// The next line due at or before clock time `nowMS` (ms), or nil when the next one is
    /// later. One at a time, so a caller whose `do` line fails stops right after it (the
    /// fingers down are then those of the lines before).
    public mutating func next(dueByMS nowMS: Double) -> Step? {
        guard next < script.lines.count else { return nil }
        let line = script.lines[next]
        let lineMS = startMS + line.timeMS
        guard lineMS <= nowMS else { return nil }
        next += 1
        // Microseconds, as a touchscreen's kernel timestamps.
        let us = UInt64(max(0, (lineMS * 1000).rounded()))
        switch line.verb {
        case .down(let f, let x, let y):
            return .input(touches.down(device: 0, slot: Self.slot(f), x: x, y: y, timeUS: us))
        case .move(let f, let x, let y):
            return .input(touches.move(device: 0, slot: Self.slot(f), x: x, y: y, timeUS: us))
        case .up(let f):
            return .input(touches.end(device: 0, slot: Self.slot(f), phase: .up, timeUS: us))
        case .cancel(let f):
            return .input(touches.end(device: 0, slot: Self.slot(f), phase: .cancel, timeUS: us))
        case .call(let target, let action, let arguments):
            return .call(target: target, action: action, arguments: arguments, at: .milliseconds(lineMS), line: line.lineNumber)
        case .send(let json):
            return .send(json: json, at: .milliseconds(lineMS), line: line.lineNumber)
        }
    }

    /// Cancels every finger still down, where each was last seen, at clock time `atMS`: a
    /// script cannot go on with a finger another script put down.
    public mutating func cancelFingersDown(atMS: Double) -> [InputEvent] {
        touches.removeDevice(0, timeUS: UInt64(max(0, (atMS * 1000).rounded())))
    }

    /// A script's finger id as the slot it takes.
    static func slot(_ finger: Int) -> Int32 { Int32(truncatingIfNeeded: finger) }
}
