/// The popup's serialized operations (docs/components.md, Popup bar PB2): one runs at a
/// time, the next starts when the running animation completes, and enqueuing coalesces what
/// is pending.
public struct PopupQueue: Equatable, Sendable {
    public enum Operation: String, Equatable, Sendable { case present, dismiss, open, close }

    public private(set) var pending: [Operation] = []

    public init() {}

    /// `open` drops pending open/close; `close` drops pending close/open; `present` drops
    /// pending present/dismiss; `dismiss` drops pending present/open/close/dismiss.
    public mutating func enqueue(_ op: Operation) {
        let dropped: Set<Operation>
        switch op {
        case .open, .close: dropped = [.open, .close]
        case .present: dropped = [.present, .dismiss]
        case .dismiss: dropped = [.present, .open, .close, .dismiss]
        }
        pending.removeAll { dropped.contains($0) }
        pending.append(op)
    }

    /// Puts an operation back at the front (an `open` that first needs the bar presented).
    public mutating func pushFront(_ op: Operation) { pending.insert(op, at: 0) }

    public mutating func next() -> Operation? { pending.isEmpty ? nil : pending.removeFirst() }
    public var isEmpty: Bool { pending.isEmpty }
}
