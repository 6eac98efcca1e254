#if canImport(Glibc)
import Glibc
#endif
import DrawerRuntime
import FoundationEssentials
import PanelDRM
import PanelRenderer

/// What the services ask of the loop, handed to them with each call that may need it:
/// service commands and screenshots.
protocol KioskOperations: AnyObject {
    func perform(_ command: ServiceCommand, at now: Instant) -> KioskServices.ServiceAnswer
    /// The PNG bytes of what the display shows now, upright.
    func screenshotPNG() throws -> [UInt8]
    /// The screen's components as Home Assistant discovery describes them.
    var componentInfos: [HADiscovery.ComponentInfo] { get }
}

/// The socket's service commands (`ServiceCommand`), answered by the loop, which has the
/// sink, the runtime and the services they need.
extension KioskLoop: KioskOperations {
    var componentInfos: [HADiscovery.ComponentInfo] {
        runtime.screen.components.map(HADiscovery.ComponentInfo.init(component:))
    }

    /// Touch-to-glass latency p50/p99 (ms) for `status`: the one place it is read from;
    /// nil until a touch has been shown (`touchLatency`, the same figures as `--stats`).
    var touchLatencyMS: (p50: Double, p99: Double)? {
        let ms = touchLatency.milliseconds
        return ms.count == 0 ? nil : (ms.percentile(0.5), ms.percentile(0.99))
    }

    func perform(_ command: ServiceCommand, at now: Instant) -> KioskServices.ServiceAnswer {
        switch command {
        case .status:
            return (.success([("status", statusReport(at: driver.nowNS).json)]), [])
        case .screenshot(let path):
            let target = path ?? Self.defaultScreenshotPath(controlSocket: services.control?.path,
                                                            environment: ProcessInfo.processInfo.environment)
            do {
                try writeScreenshot(to: target)
                return (.success([("path", .string(target))]), [])
            } catch {
                return (.failure(.init("screenshot to \(target): \(error)")), [])
            }
        case .brightness(let percent):
            guard var backlight = services.backlight else {
                return (.failure(.init("no backlight: \(sink is DRMSink ? "the board file's [display] backlight names none that exists (HDMI monitors have none)" : "a display that is not the device's has none")")), [])
            }
            do {
                if let percent { try backlight.setPercent(percent) }
                services.backlight = backlight
                if let percent { KioskLog.info("brightness set to \(percent) %") }
                return (.success([("brightness", .number(Double(try backlight.percent()))),
                                  ("blank", .bool(runtime.blanker.isBlank))]), [])
            } catch {
                return (.failure(.init("backlight: \(error)")), [])
            }
        case .blank:
            let actions = runtime.applyOwnActions(runtime.blanker.blankNow(), at: now)
            if !actions.isEmpty { KioskLog.notice("screen blanked by command") }
            return (.success([("blank", .bool(true))]), actions)
        case .wake:
            let wasBlank = runtime.blanker.isBlank
            let actions = runtime.applyOwnActions(runtime.blanker.activity(at: now), at: now)
            if wasBlank { KioskLog.notice("screen woken by command") }
            return (.success([("blank", .bool(false))]), actions)
        case .reload:
            guard reload(reason: "reload command") else {
                let why = KioskLog.lastProblem?.message ?? "see the log"
                return (.failure(.init("reload refused; keeping the running screens: \(why)")), [])
            }
            return (.success([]), [])
        }
    }

    /// Without a path: `screenshot.png` in the service's runtime directory (RUNTIME_DIRECTORY,
    /// /run/panel-kiosk under the shipped unit), else next to the control socket.
    static func defaultScreenshotPath(controlSocket: String?, environment: [String: String]) -> String {
        if let dirs = environment["RUNTIME_DIRECTORY"], let first = dirs.split(separator: ":").first, first.hasPrefix("/") {
            return first.hasSuffix("/") ? "\(first)screenshot.png" : "\(first)/screenshot.png"
        }
        if let socket = controlSocket, let slash = socket.lastIndex(of: "/") {
            return String(socket[..<slash]) + "/screenshot.png"
        }
        return "/run/panel-kiosk/screenshot.png"
    }

    /// What the display shows now, upright (the UI's orientation), as PNG at `path`, whole or
    /// not at all (`WholeFile`). The path comes from a socket client: only a new file or an
    /// existing PNG is replaced (a device node, the app file, anything else is refused).
    func writeScreenshot(to path: String) throws {
        var st = stat()
        if stat(path, &st) == 0 {
            guard (st.st_mode & S_IFMT) == S_IFREG else {
                throw Failure("\(path) is not a regular file (a folder, a device or a FIFO); a screenshot makes a new file or replaces a PNG")
            }
            if st.st_size > 0, !Self.isPNG(path) {
                throw Failure("\(path) exists and is not a PNG; a screenshot makes a new file or replaces a PNG, never another file")
            }
        }
        let png = try screenshotPNG()
        do { try WholeFile.write(png, to: path) } catch { throw Failure(error.description) }
        KioskLog.info("screenshot written to \(path)")
    }

    /// Whether the file at `path` starts with PNG's signature.
    static func isPNG(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 8)
        let n = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, 8) }
        return n == 8 && head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    }

    /// The PNG bytes of what the display shows now, upright.
    func screenshotPNG() throws -> [UInt8] {
        guard let screen = sink as? ScreenshotSource else { throw Failure("this display cannot be read back") }
        let pixmap = try screen.shownPixmap()
        return try withExtendedLifetime(pixmap) { try PNGCodec.encodeData(pixmap.view, ignoringAlpha: true) }
    }

    /// The figures and health verdict `status` answers (docs/formats.md, Status).
    func statusReport(at nowNS: UInt64) -> StatusReport {
        let source = sink as? ScreenshotSource
        let modeText = sink.statistics.first { $0.0 == "mode" }.map { if case .string(let s) = $0.1 { s } else { "" } } ?? ""
        let monitorLimit = services.heartbeat.monitor.map { $0.maxFlipWait.seconds * 1000 }
        let lastError = KioskLog.lastProblem.map { (message: $0.message, ageS: Double(nowNS &- $0.atNS) / 1e9) }
        let state = runtime.state(timeMS: runtime.screen.now.milliseconds)
        return StatusReport(
            app: runtime.appName, board: services.boardName, version: KioskVersion.current,
            display: .init(kind: source?.displayKind ?? "unknown", description: sink.description, mode: modeText,
                           connected: source?.displayConnected ?? true),
            blank: runtime.blanker.isBlank,
            framesDrawn: runtime.framesDrawn, flips: sink.flipCount, missedVblanks: sink.missedVblankCount,
            lastFlipAgeMS: lastVblankNS.map { Double(nowNS &- $0) / 1e6 },
            flipWaitMS: source?.flipWaitingSinceNS.map { nowNS > $0 ? Double(nowNS - $0) / 1e6 : 0 },
            touchLatencyMS: touchLatencyMS,
            uptimeS: Double(nowNS &- startNS) / 1e9,
            memoryRSSKB: ProcessMemory.current()?.residentKiB,
            brightnessPercent: try? services.backlight?.percent(),
            lastError: lastError,
            components: state["components"] ?? .object([]),
            mqtt: services.mqtt.map { (broker: $0.brokerName, connected: $0.connected, refused: $0.refusedTotal, dropped: $0.droppedTotal) },
            flipLimitMS: monitorLimit ?? StatusReport.defaultFlipLimitMS)
    }
}

/// What `status` and `screenshot` need of a sink beyond `FrameSink`.
package protocol ScreenshotSource: AnyObject {
    /// `drm`, `headless` or `window`.
    var displayKind: String { get }
    /// False while the display is unplugged (only the DRM sink knows).
    var displayConnected: Bool { get }
    /// When the frame handed over was queued, or the vblank it waits for (nil: none waits).
    var flipWaitingSinceNS: UInt64? { get }
    /// What the display shows now, upright.
    func shownPixmap() throws -> Pixmap
}

extension HeadlessSink: ScreenshotSource {
    package var displayKind: String { "headless" }
    package var displayConnected: Bool { true }
    package var flipWaitingSinceNS: UInt64? { pendingVblankNS }
    package func shownPixmap() throws -> Pixmap {
        guard let copy = Pixmap(width: widthPx, height: heightPx) else { throw Failure("cannot allocate a \(widthPx)x\(heightPx) image") }
        copy.view.copy(from: shownFrame, to: (0, 0))
        return copy
    }
}

extension DRMSink: ScreenshotSource {
    package var displayKind: String { "drm" }
    package var flipWaitingSinceNS: UInt64? { output.pendingFlipRequestedAt }
    /// Reads back the framebuffer the CRTC scans out now (not the one a pending flip brings),
    /// as `--capture-scanout` does at exit.
    package func shownPixmap() throws -> Pixmap {
        let capture = try ScanoutCapture.capture(device: output.device, crtcID: output.selection.crtc.id)
        guard let pixmap = capture.framePixmap(rotation: output.bufferRotation) else {
            throw Failure("cannot allocate a \(capture.width)x\(capture.height) image")
        }
        return pixmap
    }
}
