import PanelRenderer

/// What a touch script drives: the executable's `KioskRuntime` (the same object the device's
/// loop feeds), which passes touches through the idle blanker to the screen.
public protocol ScriptedScreen: AnyObject {
    /// A touch, in UI pixels with a microsecond timestamp, exactly as a touchscreen's arrive.
    func scriptTouch(_ event: InputEvent)
    /// A script's `do` line.
    func scriptCall(target: String, action: String, arguments: [String], at time: Instant) throws(ActionError)
    /// A script's `send` line: a control command as JSON.
    func scriptSend(_ json: String, at time: Instant) throws(ActionError)
    /// Time moves on to the frame at `time` (animations, the blanker's timers).
    func advance(to time: Instant)
    /// Something still animates.
    var isMoving: Bool { get }
}

/// The simulated clock and the touch-script source (docs/formats.md, Offscreen clock): frames
/// every 1000/fps ms from t = `startMS` (0 for `render`), script lines delivered in time order before the first frame
/// at or after their time, then time runs on until nothing moves (at most 10 s more).
///
/// Script lines are played by `TouchScriptPlayer`, the same player as `run --headless
/// --play`'s: finger lines become the `InputEvent`s a touchscreen gives, numbered by the same
/// `TouchSlots` the libinput source uses (an `up` or `cancel` ends where that finger was last
/// seen).
public struct OffscreenDriver {
    public var fps: Double = 60
    /// Frame times (ms) to hand to `onFrame`, besides the final one.
    public var captureTimesMS: [Double] = []
    public var captureEveryFrame = false
    public var settleLimitMS: Double = 10_000
    /// The clock's time (ms) at the first frame; script times count from it. 0 for `render`;
    /// later for a program's next render of the same screen, which goes on from its last.
    public var startMS: Double = 0
    /// The fingers down, carried from one run to the next of the same screen: one a run left
    /// down is cancelled when the next starts (a script cannot go on with a finger another
    /// script put down).
    public var touches = TouchSlots()

    public init() {}

    public struct Result {
        public var finalTimeMS: Double
        public var frames: Int
    }

    /// - Parameters:
    ///   - onFrame: called with a frame's time (ms), whether it was asked for (`--at`,
    ///     `--every-frame`) and whether it is the final frame; the caller draws the screen
    ///     and writes it where it wants.
    public mutating func run(_ target: ScriptedScreen, script: TouchScript,
                             onFrame: (_ timeMS: Double, _ captured: Bool, _ isFinal: Bool) throws -> Void) throws -> Result {
        let period = 1000.0 / fps
        var player = TouchScriptPlayer(script, startMS: startMS, touches: touches)
        // The fingers down at the end are the caller's, also when a line fails partway.
        defer { touches = player.touches }
        var pendingCaptures = captureTimesMS.sorted()[...]
        let lastScript = player.lastDueMS
        var index = 0
        player.cancelFingersDown(atMS: startMS).forEach(target.scriptTouch)

        while true {
            let t = startMS + Double(index) * period
            while let step = player.next(dueByMS: t) {
                switch step {
                case .input(let events):
                    events.forEach(target.scriptTouch)
                case .call(let name, let action, let args, let at, let line):
                    do { try target.scriptCall(target: name, action: action, arguments: args, at: at) } catch {
                        throw TouchScriptError(file: script.name, line: line, message: error.message)
                    }
                case .send(let json, let at, let line):
                    do { try target.scriptSend(json, at: at) } catch {
                        throw TouchScriptError(file: script.name, line: line, message: error.message)
                    }
                }
            }
            target.advance(to: .milliseconds(t))
            var capture = captureEveryFrame
            while let c = pendingCaptures.first, c <= t { pendingCaptures = pendingCaptures.dropFirst(); capture = true }
            let done = player.finished && pendingCaptures.isEmpty && t >= lastScript && !target.isMoving
            let timedOut = t >= lastScript + settleLimitMS && pendingCaptures.isEmpty
            if done || timedOut {
                try onFrame(t, capture, true)
                return Result(finalTimeMS: t, frames: index + 1)
            }
            if capture { try onFrame(t, true, false) }
            index += 1
        }
    }
}
