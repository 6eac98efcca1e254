import DrawerRuntime
import Synchronization

extension Kiosk {
    /// Drives a running real-time kiosk from other threads and tasks, while ``Kiosk/run()``
    /// blocks the thread that made it: the way a program feeds its own data (a departure
    /// feed, a sensor) to the screen. `Sendable`: hand it to a `Task` or a thread.
    ///
    /// ```swift
    /// let kiosk = try Kiosk.headless(app: app)        // or Kiosk.onDisplay(app:board:)
    /// let remote = kiosk.remote
    /// // Detached: a plain Task made on the main thread runs on the main actor, which run()
    /// // blocks, so it would never start.
    /// Task.detached {
    ///     for await departure in feed {
    ///         try await remote.send(.setValues(["next": .text(departure)]))
    ///     }
    ///     remote.stop()
    /// }
    /// try kiosk.run()                                  // returns after remote.stop()
    /// ```
    ///
    /// Call ``Kiosk/run()`` on the thread that made the kiosk: SIGTERM, SIGINT and SIGHUP are
    /// held back on that thread for the loop to read (on another, SIGTERM kills the process).
    ///
    /// Commands are carried out on the loop's thread between frames, in the order they were
    /// sent, through the one place commands act (as the control socket's), for at most 2 ms
    /// per turn of the loop (the rest after the next frame). At most
    /// ``queueCapacity`` wait at a time: a sender far faster than the loop is not buffered
    /// without end (``send(_:)`` waits for room, ``post(_:completion:)`` is refused). Commands sent before ``Kiosk/run()`` wait for it; once the
    /// run is over (or for an offscreen kiosk, which has no loop) every command is refused,
    /// saying why, and event streams end.
    public final class Remote: Sendable {
        let inbox: RemoteInbox

        init(inbox: RemoteInbox) { self.inbox = inbox }

        /// How many commands may wait for the loop at a time.
        public static var queueCapacity: Int { RemoteInbox.capacity }

        /// Queues `command`. `completion` (optional) is called once: on the loop's thread
        /// with the reply's fields as the control socket gives them (an empty object for a
        /// component or content command, `{"status": {...}}` for `.service(.status)`,
        /// `{"path": ...}` for a screenshot) or why the command was refused; at once on the
        /// calling thread when it could not be queued (the run is over, the queue is full);
        /// on the thread that ends the run or frees the kiosk for commands still waiting then.
        /// On the loop's thread it must not block (no frame is drawn and no touch read
        /// meanwhile) nor wait for another reply (that reply would never come).
        /// Service commands work here (status, screenshot, brightness, blank, wake, reload:
        /// an app built in code is rebuilt from the `AppConfig` it was made with, as a file's
        /// from the file, so content set since goes and named values stay); `subscribe` does
        /// not: ``events(bufferingNewest:)`` streams the events.
        public func post(_ command: ControlCommand, completion: (@Sendable (Result<JSONValue, KioskError>) -> Void)? = nil) {
            switch command {
            case .subscribe, .unsubscribe:
                completion?(.failure(KioskError("subscribe is the control socket's; Kiosk.Remote.events(bufferingNewest:) streams every event")))
                return
            default: break
            }
            let reply: RemoteInbox.Reply = { result in completion?(result.map { JSONValue.object($0) }) }
            if let refusal = inbox.put(.command(command, reply)) { completion?(.failure(refusal)) }
        }

        /// Sends `command` and waits until the loop has carried it out; returns the reply's
        /// fields (see ``post(_:completion:)``) or throws why it was refused, with its
        /// ``KioskError/reason``: `.refused` (the command itself), `.closed` (the run is
        /// over: stop sending), `.cancelled`. When ``queueCapacity`` commands wait already,
        /// it waits for room first (a feed faster than the loop is slowed to the loop's
        /// pace instead of refused; ``post(_:completion:)`` refuses with `.queueFull`).
        /// Waiting senders get room oldest first; one whose room a `post` took waits first
        /// in line again.
        /// Cancelling the waiting task ends the wait at once; a command waiting for room is
        /// then not sent, but one already queued may still be carried out.
        @discardableResult
        public func send(_ command: ControlCommand) async throws(KioskError) -> JSONValue {
            var roomTaken = false
            while true {
                if let refusal = await inbox.waitForRoom(atFront: roomTaken) { throw refusal }
                let waiter = ReplyWaiter()
                let result: Result<JSONValue, KioskError> = await withTaskCancellationHandler {
                    await withCheckedContinuation { done in
                        guard waiter.wait(done) else {
                            // Cancelled with room for it: the room goes to the next sender.
                            inbox.passOnRoom()
                            return
                        }
                        post(command) { waiter.resume($0) }
                    }
                } onCancel: {
                    waiter.resume(.failure(KioskError("cancelled while waiting for the loop; the command may still be carried out", reason: .cancelled)))
                }
                // Another sender took the room first: wait again, first in line.
                if case .failure(let e) = result, e.reason == .queueFull { roomTaken = true; continue }
                return try result.get()
            }
        }

        /// Stops the loop as SIGTERM does: ``Kiosk/run()`` returns once the commands sent
        /// before this one were carried out; those sent after it are refused. Before
        /// ``Kiosk/run()``, the run stops as soon as it starts. Calling it again adds nothing.
        public func stop() { _ = inbox.put(.stop) }

        /// The events the components report, typed, in order, for a reader on another
        /// thread or task (``Kiosk/onEvent(_:)`` calls its handler on the loop's thread).
        /// A reader that falls behind keeps the newest `limit` events not read yet; older
        /// ones are dropped. The stream ends when the run is over; breaking out of the loop
        /// that reads it ends this stream only.
        public func events(bufferingNewest limit: Int = 256) -> AsyncStream<KioskEvent> {
            inbox.events(bufferingNewest: limit)
        }

        /// Whether commands are still taken: false once the run is over, and for an offscreen kiosk.
        public var isOpen: Bool { inbox.closedBecause == nil }
    }
}

/// One `send`'s continuation, resumed once: by the reply or by the task's cancellation,
/// whichever comes first (the other finds it gone).
private final class ReplyWaiter: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<Result<JSONValue, KioskError>, Never>?, early: Result<JSONValue, KioskError>?)>((nil, nil))

    /// Keeps `c` to resume; false (and `c` resumed) when cancelled before it was kept.
    func wait(_ c: CheckedContinuation<Result<JSONValue, KioskError>, Never>) -> Bool {
        let early: Result<JSONValue, KioskError>? = state.withLock { s in
            if let e = s.early { return e }
            s.continuation = c
            return nil
        }
        if let early { c.resume(returning: early); return false }
        return true
    }

    func resume(_ result: Result<JSONValue, KioskError>) {
        let c: CheckedContinuation<Result<JSONValue, KioskError>, Never>? = state.withLock { s in
            if let c = s.continuation { s.continuation = nil; s.early = result; return c }
            if s.early == nil { s.early = result }
            return nil
        }
        c?.resume(returning: result)
    }
}
