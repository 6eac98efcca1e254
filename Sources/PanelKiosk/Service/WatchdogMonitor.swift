import DrawerRuntime
/// Decides when the kiosk may send WATCHDOG=1: only while the event loop runs (it is the loop
/// that calls `tick`) and frames reach the screen. A frame is "owed" from the moment the loop
/// submits a page flip until the flip completes; if one is owed for longer than
/// `maxFlipWait` the display path is stuck (driver hang, lost DRM master) and pings stop, so
/// systemd's watchdog restarts us. With nothing to draw (idle, or the screen blanked) no
/// frame is owed and the loop alone keeps us healthy.
///
/// Pure logic on injected time; the loop arms a timer for `nextDeadline`.
struct WatchdogMonitor: Sendable {
    let pingInterval: TimeSpan
    let maxFlipWait: TimeSpan
    private(set) var lastPing: Instant?
    private(set) var flipOwedSince: Instant?
    private(set) var lastFlip: Instant?

    /// `pingInterval` is normally `SystemdNotifier.watchdogPingInterval`; `maxFlipWait`
    /// defaults to the ping interval (≥ 1 s), many frames' worth at any refresh rate.
    init(pingInterval: TimeSpan, maxFlipWait: TimeSpan? = nil) {
        self.pingInterval = pingInterval
        self.maxFlipWait = maxFlipWait ?? max(pingInterval, .seconds(1))
    }

    /// The loop submitted a page flip (atomic commit or drmModePageFlip).
    mutating func flipSubmitted(at now: Instant) {
        if flipOwedSince == nil { flipOwedSince = now }
    }

    /// The flip event arrived: the frame is on screen.
    mutating func flipCompleted(at now: Instant) {
        flipOwedSince = nil
        lastFlip = now
    }

    /// The display was switched off on purpose (blanked, VT switched away): nothing is owed.
    mutating func displayStopped() { flipOwedSince = nil }

    /// Whether the display path is healthy at `now`.
    func isHealthy(at now: Instant) -> Bool {
        guard let since = flipOwedSince else { return true }
        return now - since <= maxFlipWait
    }

    /// Called by the loop on every wake-up; returns true when WATCHDOG=1 is due and healthy
    /// (and records the ping).
    mutating func tick(at now: Instant) -> Bool {
        guard isHealthy(at: now) else { return false }
        if let last = lastPing, now - last < pingInterval { return false }
        lastPing = now
        return true
    }

    /// When the loop should wake to ping next (nil: ping at the next wake-up).
    var nextDeadline: Instant? { lastPing.map { $0 + pingInterval } }
}
