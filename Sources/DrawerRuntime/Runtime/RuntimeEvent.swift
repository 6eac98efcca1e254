/// One line of the event log (docs/formats.md, Event log):
/// `{"t_ms": ..., "target": ..., "event": ..., ...}`.
public struct RuntimeEvent: Equatable, Sendable {
    public var timeMS: Double
    public var target: String
    public var name: String
    public var fields: [(String, JSONValue)]

    public init(timeMS: Double, target: String, name: String, fields: [(String, JSONValue)] = []) {
        self.timeMS = timeMS; self.target = target; self.name = name; self.fields = fields
    }

    public static func == (a: RuntimeEvent, b: RuntimeEvent) -> Bool { a.json == b.json }

    public var json: JSONValue {
        .object([("t_ms", .number(timeMS)), ("target", .string(target)), ("event", .string(name))] + fields)
    }

    public func field(_ key: String) -> JSONValue? { fields.first { $0.0 == key }?.1 }
}

/// Where components report what happened. A class so every component of a scene shares one
/// ordered log; listeners (the event file, the control socket) read from it.
public final class EventSink {
    /// The most recent events, oldest first: at least the last `historyLimit` (tests and
    /// `state` read them), never more than twice that. A kiosk emits events for months; the
    /// whole history was kept and grew by every gesture (found by the day-long soak test).
    public private(set) var events: [RuntimeEvent] = []
    public let historyLimit: Int
    private var listeners: [(RuntimeEvent) -> Void] = []

    public init(historyLimit: Int = 256) { self.historyLimit = max(1, historyLimit) }

    public func emit(_ e: RuntimeEvent) {
        events.append(e)
        // Trimmed in halves, so each event costs O(1) on average.
        if events.count > 2 * historyLimit { events.removeFirst(events.count - historyLimit) }
        for l in listeners { l(e) }
    }
    public func emit(at t: Instant, target: String, _ name: String, _ fields: [(String, JSONValue)] = []) {
        emit(RuntimeEvent(timeMS: t.milliseconds, target: target, name: name, fields: fields))
    }
    public func addListener(_ l: @escaping (RuntimeEvent) -> Void) { listeners.append(l) }
    /// Drops the kept history (the device path streams events and keeps none).
    public func discardHistory() { events.removeAll(keepingCapacity: true) }
}
