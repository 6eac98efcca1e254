import DrawerRuntime
import PanelRenderer
#if canImport(Glibc)
import Glibc
#endif

/// The display's side of the loop: a device or connector that goes away or comes back, a flip
/// that never completes, the CRTC on or off as blanking and the connector want, and reading
/// back what it shows.
extension KioskLoop {
    /// Kernel uevents about our DRM device. Removed (unplugged, driver unbound): end with an
    /// error naming it; the service manager restarts the kiosk, which then waits for a
    /// display. Changed (a hotplug): look at our connector.
    func ueventsReady() {
        guard let uevents else { return }
        var connectorsChanged = false
        for e in uevents.read() where e.subsystem == "drm" {
            guard let displayDevice, e.deviceNumber == displayDevice else { continue }
            if e.action == "remove" {
                failure = "display \(output.devicePath) (\(output.connectorName)) was removed (\(e.devpath))"
                loop.stop()
                return
            }
            // HOTPLUG=1 (and per-connector events, CONNECTOR=id) come as `change` on the card.
            if e.action == "change" { connectorsChanged = true }
        }
        if connectorsChanged { connectorChanged() }
    }

    /// The kernel says a connector changed: look at ours. Unplugged: keep running dark (a
    /// monitor switched off must not end the kiosk and lose its state). Back, or its link gone
    /// Bad: set the mode again and repaint everything. Back without the size we draw at (a
    /// different monitor): end with an error, so the service manager restarts the kiosk at
    /// the new size.
    func connectorChanged() {
        let probe: ConnectorProbe
        do { probe = try output.probeConnector() } catch { failure = "\(error)"; loop.stop(); return }
        let name = "display \(output.devicePath) (\(output.connectorName))"
        if !probe.connected {
            guard displayConnected else { return }
            displayConnected = false
            printError("panel-kiosk: \(name) disconnected; running dark until it is back")
            services.heartbeat.status("\(name) disconnected; waiting for it")
            services.heartbeat.displayStopped()
        } else {
            guard probe.offersCurrentSize else {
                let offered = probe.modes.map(\.description).joined(separator: " ")
                failure = "\(name) came back without a \(output.mode.width)x\(output.mode.height) mode (offers: \(offered.isEmpty ? "none" : offered)); exiting so a restart can use the new size"
                loop.stop()
                return
            }
            guard !displayConnected || probe.linkBad else { return }
            printError("panel-kiosk: \(name) \(displayConnected ? "link is Bad; setting the mode again" : "connected again")")
            displayConnected = true
            crtcOffRefused = false
            modeStale = true
            services.heartbeat.status("showing on \(output.connectorName) \(output.mode)")
        }
        syncCRTC()
        if needsDraw && !output.isFlipPending { drawAndPresent(at: monotonicNanoseconds()) }
    }

    /// A flip queued `flipTimeoutNS` ago and still pending: the device is gone or the driver
    /// stopped completing flips. Either way no frame will ever show again, so stop (the
    /// watchdog would kill a service that hung here; a kiosk started by hand must not hang).
    func checkFlipTimeout() {
        guard failure == nil, let requested = output.pendingFlipRequestedAt,
              monotonicNanoseconds() >= requested + flipTimeoutNS else { return }
        do {
            try output.checkDeviceResponds()
            failure = "page flip on \(output.devicePath) (\(output.connectorName)): not completed after \(flipTimeoutNS / 1_000_000) ms; the display stopped responding"
        } catch {
            failure = "\(error)"
        }
        loop.stop()
    }

    /// Turns the CRTC on or off as the blanker and the connector want, setting the mode again
    /// first after a replug. Off waits for the pending flip (called again from `flipsReady`);
    /// a failure to turn off is logged and the screen stays lit (the backlight is off anyway);
    /// a failure to turn on ends the loop, since the kiosk would stay dark (the service
    /// manager restarts it).
    func syncCRTC() {
        let want = crtcOffRefused || (wantCRTCActive && displayConnected)
        if want && modeStale {
            guard !output.isFlipPending else { return }
            do {
                try output.setModeAgain()
                modeStale = false
                needsDraw = true
                fullRepaint = true
                printError("panel-kiosk: \(output.connectorName): mode \(output.mode) set again")
            } catch { failure = "\(error)"; loop.stop() }
            return
        }
        guard want != output.isActive else { return }
        if !want && output.isFlipPending { return }
        do {
            try output.setActive(want)
            printError("panel-kiosk: \(output.connectorName): CRTC \(want ? "on" : "off")")
        } catch {
            if want { failure = "\(error)"; loop.stop(); return }
            services.logger.warning("CRTC off: \(error)")
            crtcOffRefused = true
        }
    }

    /// `run --capture-scanout` / `--capture-writeback`: reads back the displayed buffer (in
    /// the copy's orientation) or the composed output (the panel's orientation), turns it back
    /// to the UI's orientation and writes it as PNG.
    func capture(to path: String, what: String, rotation: DisplayRotation,
                 _ read: () throws(DRMError) -> ScanoutCapture) {
        do {
            let capture = try read()
            guard let pixmap = capture.framePixmap(rotation: rotation) else {
                failure = "capture \(what): cannot allocate a \(capture.width)x\(capture.height) image"; return
            }
            try PNGCodec.encode(pixmap.view, to: path, ignoringAlpha: true)
        } catch {
            failure = "capture \(what) to \(path): \(error)"
        }
    }
}
