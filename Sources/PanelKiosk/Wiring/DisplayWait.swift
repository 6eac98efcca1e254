import DrawerRuntime
import PanelDRM
import PanelInput
import PanelRenderer
#if canImport(Glibc)
import Glibc
#endif

/// Opening the display when there may be none yet: a kiosk powered up before its monitor, an
/// HDMI cable not yet in, a DSI driver still probing. Instead of failing (and being restarted
/// every few seconds by systemd, filling the journal), `run` says what it waits for and sleeps
/// until the kernel reports a DRM device or connector change, then tries again. No timer: an
/// idle wait costs nothing, except the watchdog pings systemd asks for.
///
/// The service counts as started while it waits (READY=1 with a STATUS= saying why the
/// screen is dark), so `systemctl start` returns and the start timeout does not kill it.
enum DisplayWait {
    /// After a uevent the node may exist before udev has given it to the `video` group, so a
    /// failure other than "no display" is retried for this long before it counts.
    static let settleNS: UInt64 = 3_000_000_000
    static let retryNS: UInt64 = 250_000_000

    /// The open output, or nil when SIGTERM or SIGINT arrived while waiting.
    static func open(_ configuration: DRMOutputConfiguration, wait: Bool) throws -> DRMOutput? {
        let absence: DRMError
        do { return try DRMOutput(configuration) } catch {
            guard wait, error.displayAbsent else { throw Failure("\(error)") }
            absence = error
        }
        let uevents: UeventMonitor, signals: SignalDescriptor
        do {
            uevents = try UeventMonitor()
            signals = try SignalDescriptor([SIGTERM, SIGINT, SIGHUP])
        } catch {
            throw Failure("\(absence) (and cannot wait for a display: \(error))")
        }
        let notifier = SystemdNotifier()
        var reason = "\(absence)"
        KioskLog.warning("no display yet (\(reason)); waiting for one to be connected")
        notifier.ready(status: "waiting for a display: \(reason)")
        let ping = notifier.watchdogPingInterval.map { UInt64(max(1, $0.nanoseconds)) }
        var lastPing = monotonicNanoseconds()
        // Set while retrying after a uevent failed for another reason than "no display": until when.
        var settling: UInt64?

        while true {
            let now = monotonicNanoseconds()
            var deadline: UInt64? = ping.map { lastPing + $0 }
            if settling != nil { deadline = min(deadline ?? .max, now + retryNS) }
            var fds = [pollfd(fd: uevents.fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)]
            let timeout = deadline.map { Int32(min(Int64(($0 > now ? $0 - now : 0) / 1_000_000) + 1, Int64(Int32.max))) } ?? -1
            if poll(&fds, 2, timeout) < 0 && errno != EINTR { throw Failure("poll while waiting for a display: \(String(cString: strerror(errno)))") }
            for s in signals.read() where s == SIGTERM || s == SIGINT {
                notifier.stopping(status: "stopped while waiting for a display")
                return nil
            }
            if let ping, monotonicNanoseconds() >= lastPing + ping {
                notifier.watchdog()
                lastPing = monotonicNanoseconds()
            }
            let drmChanged = uevents.read().contains { $0.subsystem == "drm" }
            guard drmChanged || settling != nil else { continue }
            do {
                let output = try DRMOutput(configuration)
                KioskLog.notice("display \(output.devicePath) (\(output.connectorName)) connected")
                return output
            } catch {
                if error.displayAbsent {
                    settling = nil
                    if "\(error)" != reason {
                        reason = "\(error)"
                        notifier.status("waiting for a display: \(reason)")
                    }
                    continue
                }
                let t = monotonicNanoseconds()
                if let until = settling, t >= until { throw Failure("\(error)") }
                settling = settling ?? t + settleNS
            }
        }
    }
}
