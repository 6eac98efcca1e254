import PanelRenderer

/// Runs a screen on simulated time (contract §2): frames every 1000/fps ms from t = 0,
/// script lines delivered in time order before the first frame at or after their time,
/// then time runs on until nothing moves (at most 10 s more).
public struct OffscreenDriver {
    public var fps: Double = 60
    /// Frame times (ms) to hand to `onFrame`, besides the final one.
    public var captureTimesMS: [Double] = []
    public var captureEveryFrame = false
    public var settleLimitMS: Double = 10_000

    public init() {}

    public struct Result {
        public var finalTimeMS: Double
        public var frames: Int
    }

    /// - Parameters:
    ///   - onFrame: called with a frame's time (ms), whether it was asked for (`--at`,
    ///     `--every-frame`) and whether it is the final frame; the caller draws `screen`
    ///     and writes it where it wants.
    public func run(screen: Screen, script: TouchScript,
                    onFrame: (_ timeMS: Double, _ captured: Bool, _ isFinal: Bool) throws -> Void) throws -> Result {
        let period = 1000.0 / fps
        var pending = script.lines[...]
        var pendingCaptures = captureTimesMS.sorted()[...]
        let lastScript = script.durationMS
        var index = 0
        var fingers: [Int: Point] = [:]
        let scale = screen.env.scale

        while true {
            let t = Double(index) * period
            while let line = pending.first, line.timeMS <= t {
                pending = pending.dropFirst()
                let at = Instant.milliseconds(line.timeMS)
                switch line.verb {
                case .down(let f, let x, let y), .move(let f, let x, let y):
                    let p = Point(x / scale, y / scale)
                    fingers[f] = p
                    let phase: TouchEvent.Phase = if case .down = line.verb { .down } else { .move }
                    screen.handle(TouchEvent(id: f, phase: phase, location: p, time: at))
                case .up(let f), .cancel(let f):
                    let p = fingers.removeValue(forKey: f) ?? .zero
                    let phase: TouchEvent.Phase = if case .up = line.verb { .up } else { .cancel }
                    screen.handle(TouchEvent(id: f, phase: phase, location: p, time: at))
                case .call(let target, let action, let args):
                    do {
                        try screen.perform(target: target, action: action, arguments: args, at: at)
                    } catch {
                        throw TouchScriptError(file: script.name, line: line.lineNumber, message: error.message)
                    }
                }
            }
            screen.advance(to: .milliseconds(t))
            var capture = captureEveryFrame
            while let c = pendingCaptures.first, c <= t { pendingCaptures = pendingCaptures.dropFirst(); capture = true }
            let done = pending.isEmpty && pendingCaptures.isEmpty && t >= lastScript && !screen.needsFrames
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
