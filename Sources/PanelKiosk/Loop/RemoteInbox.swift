import CLinux
import DrawerRuntime
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Commands handed to a real-time loop from other threads and tasks (`Kiosk.Remote`): a
/// bounded queue behind a lock, and an eventfd in the loop's epoll that says something is in
/// it. The loop takes items for up to 2 ms at each wake-up and answers each on its own
/// thread. Closed when the loop's run is over (or for an offscreen kiosk, from the start):
/// what was still queued is answered with the reason, and so is everything sent afterwards.
/// Also hands the loop's events to the streams other threads read (`Kiosk.Remote.events`).
package final class RemoteInbox: Sendable {
    /// What a command's sender is told: the socket's reply fields, or why it was refused.
    package typealias Reply = @Sendable (Result<[(String, JSONValue)], KioskError>) -> Void

    package enum Item: Sendable {
        case command(ControlCommand, Reply)
        case stop
    }

    /// Commands waiting at most (a sender faster than the loop is refused, not buffered
    /// without end): at a frame's pace that is 17 s of one command per frame.
    package static let capacity = 1024

    private struct State {
        var items: [Item] = []
        /// Where the next item is taken from (`items` is compacted when it runs dry).
        var head = 0
        /// A stop is queued already: more stops add nothing (five million of them took 1 GB).
        var stopQueued = false
        /// Why nothing is taken any more (nil: open).
        var closedBecause: String?
        var streams: [Int: AsyncStream<KioskEvent>.Continuation] = [:]
        var nextStream = 0
        /// Senders waiting for room in a full queue, oldest first (`waitForRoom`). A cancelled
        /// one leaves at once, so the list holds only tasks still waiting (a sender that
        /// retries with a timeout while the loop is stalled does not grow it).
        var roomWaiters: [RoomWaiter] = []
    }
    private let state: Mutex<State>
    /// Readable while items wait (-1: no descriptor, a closed inbox that never had a loop).
    package let fd: Int32

    /// An open inbox with its eventfd.
    package init() throws {
        let fd = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard fd >= 0 else { throw Failure("eventfd: \(String(cString: strerror(errno)))") }
        self.fd = fd
        state = Mutex(State())
    }

    /// An inbox closed from the start, for a kiosk with no loop to answer.
    package init(closedBecause reason: String) {
        fd = -1
        state = Mutex(State(closedBecause: reason))
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    /// Queues `item`; nil, or why it was not queued (closed, or full).
    package func put(_ item: Item) -> KioskError? {
        let refusal: KioskError? = state.withLock { s in
            if let why = s.closedBecause { return KioskError(why, reason: .closed) }
            switch item {
            case .command:
                if s.items.count - s.head >= Self.capacity {
                    return KioskError("\(Self.capacity) commands are already waiting for the kiosk's loop (is it running?); this one was not queued",
                                      reason: .queueFull)
                }
            case .stop:
                if s.stopQueued { return nil }
                s.stopQueued = true
            }
            s.items.append(item)
            return nil
        }
        guard refusal == nil else { return refusal }
        var one: UInt64 = 1
        _ = write(fd, &one, 8)      // only fails when the counter is full, which still wakes the loop
        return nil
    }

    /// Clears the descriptor's readiness (the loop's side, when `fd` is readable), before
    /// the items are taken: one put after this wakes the loop again.
    package func acknowledge() {
        var count: UInt64 = 0
        _ = read(fd, &count, 8)
    }

    /// Waits while the queue is full: nil once there is room (a `put` may still find it
    /// full, when another sender took the room first), or why no room will come: the inbox
    /// closed, or the waiting task was cancelled. `atFront`: a sender whose room was taken
    /// by another waits first in line again, not behind those who came after it.
    package func waitForRoom(atFront: Bool = false) async -> KioskError? {
        // Room now: no wait, whatever the task's cancellation (the sender looks at that next).
        let now: KioskError?? = state.withLock { s in
            if let why = s.closedBecause { return .some(KioskError(why, reason: .closed)) }
            return s.items.count - s.head < Self.capacity ? .some(nil) : nil
        }
        if let now { return now }
        let waiter = RoomWaiter()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (done: CheckedContinuation<KioskError?, Never>) in
                guard waiter.wait(done) else { return }
                // Looked at and joined under one lock: a `next` cannot make room unseen between.
                let now: KioskError?? = state.withLock { s in
                    if let why = s.closedBecause { return .some(KioskError(why, reason: .closed)) }
                    if s.items.count - s.head < Self.capacity { return .some(nil) }
                    // Cancelled since `wait`: its cancellation has already looked for it in
                    // the list, so it must not join. (Cancellation answers, then takes this
                    // lock to leave: either it answered before this look, or it leaves after.)
                    if waiter.isResumed { return nil }
                    if atFront { s.roomWaiters.insert(waiter, at: 0) } else { s.roomWaiters.append(waiter) }
                    return nil
                }
                if let now { _ = waiter.resume(now) }
            }
        } onCancel: {
            if waiter.resume(KioskError("cancelled while waiting for room in the queue; the command was not sent", reason: .cancelled)) {
                state.withLock { s in s.roomWaiters.removeAll { $0 === waiter } }
            }
        }
    }

    /// Wakes the oldest sender waiting for room, if there is room: the place an item
    /// taken by `next` freed, or one a woken sender will not use (cancelled before it
    /// queued its command). A sender cancelled after it was taken from the list, before
    /// it was woken, passes the place on to the next (else that one could wait with room
    /// in the queue, and after enough such losses the queue could run dry with senders
    /// still waiting).
    package func passOnRoom() {
        while true {
            let waiter: RoomWaiter? = state.withLock { s in
                guard s.closedBecause == nil, s.items.count - s.head < Self.capacity, !s.roomWaiters.isEmpty
                else { return nil }
                return s.roomWaiters.removeFirst()
            }
            guard let waiter else { return }
            if waiter.resume(nil) { return }
        }
    }

    /// The oldest item queued, if any (the loop's side).
    package func next() -> Item? {
        let (item, freed): (Item?, Bool) = state.withLock { s in
            guard s.head < s.items.count else { return (nil, false) }
            let item = s.items[s.head]
            s.head += 1
            // Taken items leave the array: at once when it runs dry, else every `capacity`
            // of them (a queue never empty under a steady sender would grow without end).
            if s.head == s.items.count {
                s.items.removeAll(keepingCapacity: s.items.count <= Self.capacity)
                s.head = 0
            } else if s.head >= Self.capacity {
                s.items.removeFirst(s.head)
                s.head = 0
            }
            return (item, !s.roomWaiters.isEmpty)
        }
        // One place freed: for the oldest waiting sender.
        if freed { passOnRoom() }
        return item
    }

    /// Makes `fd` readable again: items are left for the next turn of the loop.
    package func wakeAgain() {
        var one: UInt64 = 1
        _ = write(fd, &one, 8)
    }

    /// No more items: those still queued are answered with `reason`, later ones refused with
    /// it, and every event stream ends.
    package func close(because reason: String) {
        let (items, streams, waiters): ([Item], [AsyncStream<KioskEvent>.Continuation], [RoomWaiter]) = state.withLock { s in
            guard s.closedBecause == nil else { return ([], [], []) }
            s.closedBecause = reason
            defer { s.items = []; s.head = 0; s.streams = [:]; s.roomWaiters = [] }
            return (Array(s.items[s.head...]), Array(s.streams.values), s.roomWaiters)
        }
        for case .command(_, let reply) in items { reply(.failure(KioskError(reason, reason: .closed))) }
        for stream in streams { stream.finish() }
        for w in waiters { _ = w.resume(KioskError(reason, reason: .closed)) }
    }

    /// Items the array holds, taken ones not yet dropped included (for tests).
    var storedItems: Int { state.withLock { $0.items.count } }

    /// Senders in the list of those waiting for room (for tests).
    var roomWaiterCount: Int { state.withLock { $0.roomWaiters.count } }

    /// Why the inbox takes nothing any more; nil while open.
    package var closedBecause: String? { state.withLock { $0.closedBecause } }

    // MARK: events

    /// A new stream of the loop's events, keeping the newest `limit` a slow reader has not
    /// taken yet (older ones are dropped, so a reader that stops reading holds no memory
    /// without end). Already finished when the inbox is closed.
    package func events(bufferingNewest limit: Int) -> AsyncStream<KioskEvent> {
        let (stream, continuation) = AsyncStream<KioskEvent>.makeStream(bufferingPolicy: .bufferingNewest(max(1, limit)))
        let key: Int? = state.withLock { s in
            guard s.closedBecause == nil else { return nil }
            let key = s.nextStream
            s.nextStream += 1
            s.streams[key] = continuation
            return key
        }
        guard let key else { continuation.finish(); return stream }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.streams.removeValue(forKey: key) }
        }
        return stream
    }

    /// Whether any stream reads events (the loop skips making them otherwise).
    package var hasReaders: Bool { state.withLock { !$0.streams.isEmpty } }

    /// Hands `event` to every stream (the loop's thread).
    package func publish(_ event: KioskEvent) {
        let streams = state.withLock { Array($0.streams.values) }
        for stream in streams { stream.yield(event) }
    }
}

/// One sender waiting for room (`RemoteInbox.waitForRoom`), resumed once: by room, by the
/// inbox closing or by the task's cancellation, whichever comes first.
final class RoomWaiter: Sendable {
    /// The continuation once kept, and the answer once given (`.some(nil)`: room).
    private let state = Mutex<(continuation: CheckedContinuation<KioskError?, Never>?, answer: KioskError??)>((nil, nil))

    /// Keeps `c`; false (and `c` resumed) when the answer came before it was kept (the task
    /// was cancelled first).
    func wait(_ c: CheckedContinuation<KioskError?, Never>) -> Bool {
        let early: KioskError?? = state.withLock { s in
            if let a = s.answer { return .some(a) }
            s.continuation = c
            return nil
        }
        if let early { c.resume(returning: early); return false }
        return true
    }

    var isResumed: Bool { state.withLock { $0.answer != nil } }

    /// Gives the waiting task `answer`; false when it had one already.
    func resume(_ answer: KioskError?) -> Bool {
        let (c, first): (CheckedContinuation<KioskError?, Never>?, Bool) = state.withLock { s in
            guard s.answer == nil else { return (nil, false) }
            s.answer = .some(answer)
            defer { s.continuation = nil }
            return (s.continuation, true)
        }
        c?.resume(returning: answer)
        return first
    }
}
