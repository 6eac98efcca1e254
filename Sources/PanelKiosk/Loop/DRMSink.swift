import DrawerRuntime
import PanelDRM
import PanelInput
import PanelRenderer
#if canImport(Glibc)
import Glibc
#endif

/// The display as the loop's frame sink and clock: page flips on a DRM/KMS output, timed by
/// the kernel's vblank events. Also the display's side of things that can go wrong: a device
/// or connector that goes away or comes back, a flip that never completes, the CRTC on or off
/// as blanking and the connector want, and reading back what it shows.
final class DRMSink: FrameSink {
    let output: DRMOutput
    private weak var owner: FrameSinkOwner?
    /// Kernel uevents, to notice the display device going away while nothing is drawn.
    private var uevents: UeventMonitor?
    private let displayDevice: DeviceNumber?
    /// A flip that never completes (a wedged driver, a device gone mid-frame) ends the loop
    /// after this long instead of hanging it. Generous: a loaded board still flips within it.
    let flipTimeoutNS: UInt64 = 2_000_000_000
    /// What the idle blanker wants the CRTC to be; `syncCRTC` makes it so once no flip is pending.
    private var wantCRTCActive = true
    /// False while our connector reports no display (cable out, monitor off): the CRTC is
    /// turned off and nothing is drawn, but the screens, their state and the input live on.
    private(set) var displayConnected = true
    /// Set when the display came back or its link went Bad: the mode is set again (which
    /// retrains the link) at the next moment no flip is pending.
    private var modeStale = false
    /// A CRTC that refused to turn off stays lit rather than being retried on every wake-up.
    private var crtcOffRefused = false
    private var failed = false
    /// `run --capture-scanout`: where to write what the CRTC scans out, before the output closes.
    var captureScanoutPath: String?
    /// `run --capture-writeback`: where to write what the CRTC composes (writeback connector).
    var captureWritebackPath: String?

    /// The output configuration a board file asks for.
    static func outputConfiguration(for board: BoardConfig) throws -> DRMOutputConfiguration {
        let parsed = DRMOutputConfiguration.parse(
            device: try DRMSink.devicePath(for: board), connector: board.connector,
            mode: board.mode.map { m in "\(m.width)x\(m.height)" + (m.refreshHz.map { "@\($0)" } ?? "") } ?? "auto",
            rotation: board.rotation.rawValue, format: board.pixelFormat == "rgb565" ? .rgb565 : .xrgb8888,
            bufferCount: board.buffers)
        switch parsed {
        case .success(var c): c.rotateIn = RotationPlace(rawValue: board.rotateIn) ?? .auto; return c
        case .failure(let e): throw Failure("board \(board.name): \(e)")
        }
    }
    /// The board's `device`, or with `device = "auto"` and a `driver`, the first primary node
    /// whose kernel driver has that name (boards with several DRM devices, e.g. a Pi 5's
    /// RP1 DSI next to the HDMI controller).
    static func devicePath(for board: BoardConfig) throws -> String {
        guard board.device == "auto", let want = board.driver else { return board.device }
        var seen: [String] = []
        for path in (try? drmPrimaryNodes()) ?? [] {
            guard let dev = try? DRMDevice(path: path, master: false) else { continue }
            defer { dev.close() }
            let name = (try? dev.driverName()) ?? "?"
            if name == want { return path }
            seen.append("\(path) (\(name))")
        }
        throw Failure("board \(board.name): no DRM device with driver '\(want)'; found: \(seen.isEmpty ? "none" : seen.joined(separator: ", "))")
    }

    init(output: DRMOutput) {
        self.output = output
        displayDevice = output.deviceNumber.map(DeviceNumber.init)
        do { uevents = try UeventMonitor() } catch {
            // Then a vanished display shows up only as a failing or never-completing flip.
            KioskLog.warning("kernel uevents unavailable (\(error)); display removal is noticed at the next frame")
        }
    }

    var description: String { "\(output.devicePath) (\(output.connectorName)) \(output.mode)" }
    var frameIntervalNS: UInt64 { output.mode.frameIntervalNanoseconds }
    var canPresent: Bool { output.canPresent }
    var isFlipPending: Bool { output.isFlipPending }
    var flipCount: Int { output.flipCount }
    var missedVblankCount: Int { output.missedVblankCount }

    func present(_ frame: PixmapView, damage: [IntRect]) throws {
        _ = try output.present(frame: frame, damage: damage)
    }

    func attach(to loop: LoopReactor, owner: FrameSinkOwner) throws {
        self.owner = owner
        do {
            guard let drmFD = output.fileDescriptor else { throw Failure("\(output.devicePath): device closed") }
            try loop.watch(drmFD) { [unowned self] in self.flipsReady() }
            if let uevents { try loop.watch(uevents.fd) { [unowned self] in self.ueventsReady() } }
        } catch let e as SystemError { throw Failure("\(e)") }
    }

    private func fail(_ message: String) {
        guard !failed else { return }
        failed = true
        owner?.sinkFailed(message)
    }

    private func flipsReady() {
        let flips: [FlipEvent]
        do { flips = try output.handleEvents() } catch { fail("\(error)"); return }
        syncCRTC()
        if !flips.isEmpty { owner?.framesShown(vblanksNS: flips.map(\.timestamp)) }
    }

    var nextDeadline: UInt64? { output.pendingFlipRequestedAt.map { $0 + flipTimeoutNS } }

    /// A flip queued `flipTimeoutNS` ago and still pending: the device is gone or the driver
    /// stopped completing flips. Either way no frame will ever show again, so stop (the
    /// watchdog would kill a service that hung here; a kiosk started by hand must not hang).
    func poll(now: UInt64) {
        guard !failed, let requested = output.pendingFlipRequestedAt, now >= requested + flipTimeoutNS else { return }
        do {
            try output.checkDeviceResponds()
            fail("page flip on \(output.devicePath) (\(output.connectorName)): not completed after \(flipTimeoutNS / 1_000_000) ms; the display stopped responding")
        } catch {
            fail("\(error)")
        }
    }

    func setScreenActive(_ on: Bool) {
        wantCRTCActive = on
        if on { crtcOffRefused = false }   // the next blanking tries again
        syncCRTC()
    }

    /// Kernel uevents about our DRM device. Removed (unplugged, driver unbound): end with an
    /// error naming it; the service manager restarts the kiosk, which then waits for a
    /// display. Changed (a hotplug): look at our connector.
    private func ueventsReady() {
        guard let uevents else { return }
        var connectorsChanged = false
        for e in uevents.read() where e.subsystem == "drm" {
            guard let displayDevice, e.deviceNumber == displayDevice else { continue }
            if e.action == "remove" {
                fail("display \(output.devicePath) (\(output.connectorName)) was removed (\(e.devpath))")
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
    private func connectorChanged() {
        let probe: ConnectorProbe
        do { probe = try output.probeConnector() } catch { fail("\(error)"); return }
        let name = "display \(output.devicePath) (\(output.connectorName))"
        if !probe.connected {
            guard displayConnected else { return }
            displayConnected = false
            KioskLog.warning("\(name) disconnected; running dark until it is back")
            owner?.sinkStatus("\(name) disconnected; waiting for it", displayStopped: true)
        } else {
            guard probe.offersCurrentSize else {
                let offered = probe.modes.map(\.description).joined(separator: " ")
                fail("\(name) came back without a \(output.mode.width)x\(output.mode.height) mode (offers: \(offered.isEmpty ? "none" : offered)); exiting so a restart can use the new size")
                return
            }
            guard !displayConnected || probe.linkBad else { return }
            KioskLog.notice("\(name) \(displayConnected ? "link is Bad; setting the mode again" : "connected again")")
            displayConnected = true
            crtcOffRefused = false
            modeStale = true
            owner?.sinkStatus("showing on \(output.connectorName) \(output.mode)", displayStopped: false)
        }
        syncCRTC()
    }

    /// Turns the CRTC on or off as the blanker and the connector want, setting the mode again
    /// first after a replug. Off waits for the pending flip (called again when it completes);
    /// a failure to turn off is logged and the screen stays lit (the backlight is off anyway);
    /// a failure to turn on ends the loop, since the kiosk would stay dark (the service
    /// manager restarts it).
    private func syncCRTC() {
        let want = crtcOffRefused || (wantCRTCActive && displayConnected)
        if want && modeStale {
            guard !output.isFlipPending else { return }
            do {
                try output.setModeAgain()
                modeStale = false
                KioskLog.notice("\(output.connectorName): mode \(output.mode) set again")
                owner?.needsFullRepaint()
            } catch { fail("\(error)") }
            return
        }
        guard want != output.isActive else { return }
        if !want && output.isFlipPending { return }
        do {
            try output.setActive(want)
            KioskLog.info("\(output.connectorName): CRTC \(want ? "on" : "off")")
            if want { owner?.sinkReady() }
        } catch {
            if want { fail("\(error)"); return }
            KioskLog.warning("warning: CRTC off: \(error)")
            crtcOffRefused = true
        }
    }

    func finish() -> String? {
        if let captureScanoutPath, let e = capture(to: captureScanoutPath, what: "scanout", rotation: output.bufferRotation,
                                                   { () throws(DRMError) in try self.output.captureScanout() }) { return e }
        if let captureWritebackPath, let e = capture(to: captureWritebackPath, what: "writeback", rotation: output.configuration.rotation,
                                                     { () throws(DRMError) in try self.output.captureWriteback() }) { return e }
        return nil
    }

    /// `run --capture-scanout` / `--capture-writeback`: reads back the displayed buffer (in
    /// the copy's orientation) or the composed output (the panel's orientation), turns it back
    /// to the UI's orientation and writes it as PNG.
    private func capture(to path: String, what: String, rotation: DisplayRotation,
                         _ read: () throws(DRMError) -> ScanoutCapture) -> String? {
        do {
            let capture = try read()
            guard let pixmap = capture.framePixmap(rotation: rotation) else {
                return "capture \(what): cannot allocate a \(capture.width)x\(capture.height) image"
            }
            try PNGCodec.encode(pixmap.view, to: path, ignoringAlpha: true)
            return nil
        } catch {
            return "capture \(what) to \(path): \(error)"
        }
    }

    func close() throws { try output.close() }

    var statistics: [(String, JSONValue)] {
        [("device", .string(output.devicePath)), ("driver", .string(output.driver)),
         ("connector", .string(output.connectorName)), ("mode", .string(output.mode.description)),
         ("rotation", .number(Double(output.configuration.rotation.rawValue))),
         ("rotate_in", .string(output.rotatesInPlane ? "plane" : "copy"))]
    }
}
