/// One line of the event log (docs/formats.md, Event log):
/// `{"t_ms": ..., "target": ..., "event": ..., ...}`: a typed `KioskEvent` and when it happened.
public struct RuntimeEvent: Equatable, Sendable {
    public var timeMS: Double
    public var event: KioskEvent

    public init(timeMS: Double, _ event: KioskEvent) {
        self.timeMS = timeMS; self.event = event
    }

    public var target: String { event.target }
    /// The line's `event` word.
    public var name: String { event.name }
    public var fields: [(String, JSONValue)] { event.fields }

    /// The line as JSON: the only place its wire form is put together.
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
    public func emit(_ event: KioskEvent, at t: Instant) {
        emit(RuntimeEvent(timeMS: t.milliseconds, event))
    }
    public func addListener(_ l: @escaping (RuntimeEvent) -> Void) { listeners.append(l) }
    /// Drops the kept history (the device path streams events and keeps none).
    public func discardHistory() { events.removeAll(keepingCapacity: true) }
}
