/// The popup's serialized operations (docs/components.md, Popup bar PB2): one runs at a
/// time, the next starts when the running animation completes, and enqueuing coalesces what
/// is pending.
public struct PopupQueue: Equatable, Sendable {
    public enum Operation: String, Equatable, Sendable { case present, dismiss, open, close }

    /// An operation as it was asked for: animated, or a jump (LNPopupController's
    /// `animated: false`, docs/components.md, Popup bar PB32).
    public struct Request: Equatable, Sendable {
        public var operation: Operation
        public var animated: Bool
        public init(_ operation: Operation, animated: Bool = true) { self.operation = operation; self.animated = animated }
    }

    public private(set) var requests: [Request] = []
    /// The pending operations in order.
    public var pending: [Operation] { requests.map(\.operation) }

    public init() {}

    /// `open` drops pending open/close; `close` drops pending close/open; `present` drops
    /// pending present/dismiss; `dismiss` drops pending present/open/close/dismiss.
    public mutating func enqueue(_ op: Operation, animated: Bool = true) {
        let dropped: Set<Operation>
        switch op {
        case .open, .close: dropped = [.open, .close]
        case .present: dropped = [.present, .dismiss]
        case .dismiss: dropped = [.present, .open, .close, .dismiss]
        }
        requests.removeAll { dropped.contains($0.operation) }
        requests.append(Request(op, animated: animated))
    }

    /// Puts an operation back at the front (a `dismiss` that first needs the popup closed).
    public mutating func pushFront(_ request: Request) { requests.insert(request, at: 0) }

    public mutating func next() -> Request? { requests.isEmpty ? nil : requests.removeFirst() }
    public var isEmpty: Bool { requests.isEmpty }
}
