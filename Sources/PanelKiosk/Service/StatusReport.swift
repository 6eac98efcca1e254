#if canImport(Glibc)
import Glibc
#endif
import DrawerRuntime

/// What `status` answers (docs/formats.md, Status): the kiosk's figures and the health
/// verdict that `panel-kiosk status` turns into its exit code. A value gathered by the loop
/// (`KioskLoop.statusReport(at:)`); the verdict is pure logic on its fields.
struct StatusReport: Sendable {
    /// The display the loop draws to.
    struct Display: Sendable {
        /// `drm`, `headless` or `window`.
        var kind: String
        /// e.g. "/dev/dri/card0 (HDMI-A-1) 1920x1080@60".
        var description: String
        var mode: String
        /// False while the connector reports no display (cable out, monitor off).
        var connected: Bool
    }

    var app: String
    var board: String
    var version: String
    var display: Display
    /// The screen was blanked on purpose (idle blanking or `blank`): no frames are owed.
    var blank: Bool
    var framesDrawn: Int
    var flips: Int
    var missedVblanks: Int
    /// Since the last frame reached the glass (nil: none yet).
    var lastFlipAgeMS: Double?
    /// How long the frame handed over has waited for its vblank (nil: none waiting).
    var flipWaitMS: Double?
    /// Touch-to-glass latency; nil until the loop measures it (`KioskLoop.touchLatencyMS`).
    var touchLatencyMS: (p50: Double, p99: Double)?
    var uptimeS: Double
    /// Resident memory (kB), from /proc/self/statm.
    var memoryRSSKB: Int?
    /// The backlight's brightness in percent (nil: no backlight).
    var brightnessPercent: Int?
    /// The last error or warning logged, and how long ago.
    var lastError: (message: String, ageS: Double)?
    /// Each component's state (docs/formats.md, State file, `components`).
    var components: JSONValue
    /// The MQTT bridge (nil: no `[mqtt]`): connected or not, and commands refused over its
    /// limits and messages dropped while the broker was not taking them, since start. Not
    /// part of the verdict: the UI does not need the broker.
    var mqtt: (broker: String, connected: Bool, refused: Int, dropped: Int)?
    /// A frame may wait this long for its flip before the display counts as stuck: the
    /// watchdog's interval (`WatchdogMonitor.maxFlipWait`), `defaultFlipLimit` without one.
    var flipLimitMS: Double

    /// Without a systemd watchdog: as long as the shipped unit's ping interval.
    static let defaultFlipLimitMS = 5000.0

    /// nil when the UI is on the glass: the loop answered (it made this report), no frame
    /// waits for its flip longer than `flipLimitMS`, the display is connected, and a frame
    /// has been shown (or the screen is blank on purpose). Else why not, in words that stay
    /// the same for alerts.
    var problem: String? {
        if !display.connected { return "display disconnected: \(display.description)" }
        if let wait = flipWaitMS, wait > flipLimitMS {
            return "display not responding: a frame has waited \(Int(wait)) ms for its page flip (limit \(Int(flipLimitMS)) ms)"
        }
        if flips == 0 && !blank && uptimeS * 1000 > flipLimitMS {
            return "no frame shown \(Int(uptimeS)) s after start"
        }
        return nil
    }

    var json: JSONValue {
        func number(_ v: Double?) -> JSONValue { v.map { .number($0) } ?? .null }
        return .object([
            ("healthy", .bool(problem == nil)),
            ("problem", problem.map(JSONValue.string) ?? .null),
            ("app", .string(app)), ("board", .string(board)), ("version", .string(version)),
            ("display", .object([("kind", .string(display.kind)), ("description", .string(display.description)),
                                 ("mode", .string(display.mode)), ("connected", .bool(display.connected))])),
            ("blank", .bool(blank)),
            ("frames", .number(Double(framesDrawn))), ("flips", .number(Double(flips))),
            ("missed_vblanks", .number(Double(missedVblanks))),
            ("last_flip_age_ms", number(lastFlipAgeMS)),
            ("flip_wait_ms", number(flipWaitMS)),
            ("flip_limit_ms", .number(flipLimitMS)),
            ("touch_latency_ms", touchLatencyMS.map { .object([("p50", .number($0.p50)), ("p99", .number($0.p99))]) } ?? .null),
            ("uptime_s", .number(uptimeS)),
            ("memory_rss_kb", number(memoryRSSKB.map(Double.init))),
            ("brightness", number(brightnessPercent.map(Double.init))),
            ("last_error", lastError.map { .object([("message", .string($0.message)), ("age_s", .number($0.ageS))]) } ?? .null),
            ("components", components),
            ("mqtt", mqtt.map { .object([("broker", .string($0.broker)), ("connected", .bool($0.connected)),
                                         ("refused", .number(Double($0.refused))),
                                         ("dropped", .number(Double($0.dropped)))]) } ?? .null),
        ])
    }
}

/// Backlight brightness as the `brightness` command speaks it: percent of max_brightness.
extension Backlight {
    /// The brightness in percent, rounded; while blank or fading, the level it comes back to.
    func percent() throws(ServiceError) -> Int {
        let maxValue = try maxBrightness()
        guard maxValue > 0 else { return 0 }
        let value = if let savedBrightness { savedBrightness } else { try brightness() }
        return Int((Double(value) * 100 / Double(maxValue)).rounded())
    }

    /// Sets the brightness to `percent` of max_brightness (at least 1 step above 0 unless
    /// 0 % is asked). While blank or fading it becomes the level the screen wakes to.
    mutating func setPercent(_ percent: Int) throws(ServiceError) {
        let maxValue = try maxBrightness()
        let p = min(max(percent, 0), 100)
        var value = Int((Double(maxValue) * Double(p) / 100).rounded())
        if p > 0 && value == 0 && maxValue > 0 { value = 1 }
        if savedBrightness != nil { restoreLevel(value) } else { try setBrightness(value) }
    }
}
