/// Where the runtime's input comes from: one of the three seams of the loop (with the frame
/// clock and the frame sink; docs/architecture.md, One runtime, three seams).
///
/// Every source hands over the same `InputEvent`s: UI pixels, the kernel's (or the script's)
/// microsecond timestamp, fingers numbered by `TouchSlots` (a new id for every touch-down,
/// from 1), an `up` or `cancel` where that finger was last seen. The sources today are
/// libinput (touchscreens, pens, a mouse, Escape/Back), a touch script on the real clock
/// (`run --headless --play`) and the preview's window; a source of the future (a hardware
/// control, a keyboard) is one more conformance. The loop waits on a source's descriptor
/// when it has one, wakes at its `nextDue` when it knows one, and takes its events at every
/// wake-up either way.
///
/// A class-bound protocol: a source owns devices or a cursor into a script, and the loop
/// keeps it for the whole run.
public protocol TouchSource: AnyObject {
    /// A descriptor that becomes readable when events wait (libinput's), nil for a source
    /// that is due at times or polled.
    var readableDescriptor: Int32? { get }
    /// When the source's next event is due on the loop's clock, if it knows (a script).
    var nextDue: Instant? { get }
    /// Whether the source has nothing more to give, ever (a script played to its end).
    var finished: Bool { get }
    /// Every event the source has by `now`, oldest first.
    func events(at now: Instant) -> [InputEvent]
}

/// `run --headless --play SCRIPT`: a touch script's finger lines played on the loop's real
/// clock, as a touchscreen would send them. Each event is due at the script's time after
/// `start` and carries that time as its timestamp (what the kernel stamps an evdev event
/// with), so touch-to-glass latency is measured as on the device. The lines go through the
/// same `TouchScriptPlayer` as `render`'s, so the fingers are numbered as there.
public final class ScriptTouchSource: TouchSource {
    private var player: TouchScriptPlayer

    /// Refuses `do` and `send` lines (`TouchScriptError` naming the first): a touchscreen
    /// sends none.
    public init(_ script: TouchScript, start: Instant) throws(TouchScriptError) {
        if let line = script.lines.first(where: { if case .call = $0.verb { true } else if case .send = $0.verb { true } else { false } }) {
            throw TouchScriptError(file: script.name, line: line.lineNumber,
                                   message: "--play takes finger lines only (down, move, up, cancel): a touchscreen sends no calls or commands")
        }
        player = TouchScriptPlayer(script, startMS: start.milliseconds)
    }

    public var readableDescriptor: Int32? { nil }
    public var nextDue: Instant? { player.nextDueMS.map { Self.instant(ms: $0) } }
    /// When the last line is due.
    public var lastDue: Instant { Self.instant(ms: player.lastDueMS) }
    public var finished: Bool { player.finished }

    public func events(at now: Instant) -> [InputEvent] {
        var out: [InputEvent] = []
        while let step = player.next(dueByMS: now.milliseconds) {
            switch step {
            case .input(let events): out += events
            case .call, .send: break    // refused at init
            }
        }
        return out
    }

    /// A clock time in ms as an instant, rounded up to the nanosecond, so a timer armed for it
    /// never fires before the line is due.
    private static func instant(ms: Double) -> Instant { Instant(nanoseconds: saturatingNanoseconds((ms * 1e6).rounded(.up))) }
}
