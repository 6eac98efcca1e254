import DrawerRuntime

/// `run --headless --play SCRIPT`: a touch script's finger lines played on the real clock,
/// as a touchscreen would send them: each event is due at the script's time after `startNS`
/// and carries that time as its timestamp (what the kernel stamps an evdev event with), so
/// touch-to-glass latency is measured as on the device. Pure: the loop asks what is due at
/// a time it gives.
package struct ScriptedTouches: Sendable {
    private let events: [(dueNS: UInt64, event: InputEvent)]
    private var next = 0

    /// Refuses `do` and `send` lines: a touchscreen sends none.
    package init(_ script: TouchScript, startNS: UInt64) throws {
        var out: [(UInt64, InputEvent)] = []
        var at: [Int: (x: Double, y: Double)] = [:]   // an up or cancel happens where the finger was
        for line in script.lines {
            let due = startNS + UInt64(max(0, line.timeMS) * 1e6)
            let us = due / 1000
            switch line.verb {
            case .down(let f, let x, let y):
                at[f] = (x, y)
                out.append((due, .touch(finger: f, phase: .down, x: x, y: y, timeUS: us)))
            case .move(let f, let x, let y):
                at[f] = (x, y)
                out.append((due, .touch(finger: f, phase: .move, x: x, y: y, timeUS: us)))
            case .up(let f):
                let p = at.removeValue(forKey: f) ?? (0, 0)
                out.append((due, .touch(finger: f, phase: .up, x: p.x, y: p.y, timeUS: us)))
            case .cancel(let f):
                let p = at.removeValue(forKey: f) ?? (0, 0)
                out.append((due, .touch(finger: f, phase: .cancel, x: p.x, y: p.y, timeUS: us)))
            case .call, .send:
                throw Failure("\(script.name):\(line.lineNumber): --play takes finger lines only (down, move, up, cancel): a touchscreen sends no calls or commands")
            }
        }
        events = out
    }

    /// When the next event is due; nil once all were delivered.
    var nextDueNS: UInt64? { next < events.count ? events[next].dueNS : nil }
    var finished: Bool { next >= events.count }
    /// When the last event is due.
    var lastDueNS: UInt64? { events.last?.dueNS }

    /// The events due at `nowNS`, oldest first.
    mutating func due(at nowNS: UInt64) -> [InputEvent] {
        var out: [InputEvent] = []
        while next < events.count && events[next].dueNS <= nowNS {
            out.append(events[next].event)
            next += 1
        }
        return out
    }
}
