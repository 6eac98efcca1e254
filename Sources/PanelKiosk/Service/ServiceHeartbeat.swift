import DrawerRuntime
/// What the kiosk loop tells systemd, in one place: READY=1 once the first page flip has
/// completed (a picture is on the glass, so `systemctl start` returns and a boot splash can
/// end), WATCHDOG=1 while `WatchdogMonitor` says the loop and frames are healthy, STATUS=
/// on changes, STOPPING=1 at shutdown.
///
/// The loop calls `flipSubmitted`/`flipCompleted` from its DRM code, `tick` on every
/// wake-up, and arms its timer for `nextDeadline`. Without NOTIFY_SOCKET it does nothing.
final class ServiceHeartbeat {
    let notifier: SystemdNotifier
    private(set) var monitor: WatchdogMonitor?
    private(set) var isReady = false
    private var readyStatus: String?
    private var lastStatus: String?

    /// `readyStatus` is the STATUS= sent with READY=1, e.g. "showing app.toml on DSI-1 800x480".
    init(notifier: SystemdNotifier, readyStatus: String? = nil) {
        self.notifier = notifier
        self.readyStatus = readyStatus
        monitor = notifier.watchdogPingInterval.map { WatchdogMonitor(pingInterval: $0) }
    }

    /// A flip was queued (atomic commit with PAGE_FLIP_EVENT, or drmModePageFlip).
    func flipSubmitted(at now: Instant) { monitor?.flipSubmitted(at: now) }

    /// The flip event arrived. The first one makes the service ready.
    func flipCompleted(at now: Instant) {
        monitor?.flipCompleted(at: now)
        if !isReady {
            isReady = true
            notifier.ready(status: readyStatus)
            lastStatus = readyStatus
        }
    }

    /// The display was turned off on purpose (blanked, VT switched away): no frames are owed.
    func displayStopped() { monitor?.displayStopped() }

    /// Call on every loop wake-up; sends WATCHDOG=1 when due and healthy.
    func tick(at now: Instant) {
        guard isReady, var m = monitor else { return }
        if m.tick(at: now) { notifier.watchdog() }
        monitor = m
    }

    /// When the loop must wake next for the watchdog (nil: no watchdog, or not ready yet).
    var nextDeadline: Instant? {
        guard isReady, let m = monitor else { return nil }
        return m.nextDeadline
    }

    /// STATUS=, sent only when it changes (e.g. "blanked after 300 s idle", "no display").
    func status(_ text: String) {
        guard text != lastStatus else { return }
        lastStatus = text
        notifier.status(text)
    }

    /// STOPPING=1 with a reason, at the start of a clean shutdown.
    func stopping(_ reason: String) { notifier.stopping(status: reason) }
}
