import DrawerRuntime

extension Kiosk {
    /// Drives a running real-time kiosk from other threads and tasks, while ``Kiosk/run()``
    /// blocks the thread that made it: the way a program feeds its own data (a departure
    /// feed, a sensor) to the screen. `Sendable`: hand it to a `Task` or a thread.
    ///
    /// ```swift
    /// let kiosk = try Kiosk.headless(app: app)        // or Kiosk.onDisplay(app:board:)
    /// let remote = kiosk.remote
    /// Task.detached {
    ///     for await departure in feed {
    ///         try await remote.send(.setValues(["next": .text(departure)]))
    ///     }
    ///     remote.stop()
    /// }
    /// try kiosk.run()                                  // returns after remote.stop()
    /// ```
    ///
    /// Commands are carried out on the loop's thread between frames, in the order they were
    /// sent, through the one place commands act (as the control socket's). At most
    /// ``queueCapacity`` wait at a time: a sender far faster than the loop is refused rather
    /// than buffered without end. Commands sent before ``Kiosk/run()`` wait for it; once the
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
        /// calling thread when it could not be queued (the run is over, the queue is full).
        /// Service commands work here (status, screenshot, brightness, blank, wake, reload);
        /// `subscribe` does not: ``events(bufferingNewest:)`` streams the events.
        public func post(_ command: ControlCommand, completion: (@Sendable (Result<JSONValue, KioskError>) -> Void)? = nil) {
            switch command {
            case .subscribe, .unsubscribe:
                completion?(.failure(KioskError("subscribe is the control socket's; Kiosk.Remote.events(bufferingNewest:) streams every event")))
                return
            default: break
            }
            let reply: RemoteInbox.Reply = { result in completion?(result.map { JSONValue.object($0) }) }
            if let refusal = inbox.put(.command(command, reply)) { completion?(.failure(KioskError(refusal))) }
        }

        /// Sends `command` and waits until the loop has carried it out; returns the reply's
        /// fields (see ``post(_:completion:)``) or throws why it was refused. Cancelling the
        /// waiting task does not take back a command already queued.
        @discardableResult
        public func send(_ command: ControlCommand) async throws(KioskError) -> JSONValue {
            let result: Result<JSONValue, KioskError> = await withCheckedContinuation { done in
                post(command) { done.resume(returning: $0) }
            }
            return try result.get()
        }

        /// Stops the loop as SIGTERM does: ``Kiosk/run()`` returns once the commands sent
        /// before this one were carried out; those sent after it are refused. Before
        /// ``Kiosk/run()``, the run stops as soon as it starts.
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
