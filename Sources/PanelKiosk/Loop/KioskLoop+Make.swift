import DrawerRuntime
import PanelRenderer

/// The two ways to make the real-time loop: on the display, or headless in memory.
extension KioskLoop {
    package struct Options {
        package var startNS: UInt64
        package var frameLimit: Int?
        package var eventsPath: String?
        package var tracePath: String?
        package var recordPath: String?
        /// At a clean exit: what the CRTC scans out (headless: the last frame shown).
        package var captureScanoutPath: String?
        /// At a clean exit: what the CRTC composes (display only).
        package var captureWritebackPath: String?
        /// When frames are drawn (`run --schedule`).
        package var schedule = FrameScheduler.Mode.late

        package init(startNS: UInt64, frameLimit: Int? = nil, eventsPath: String? = nil) {
            self.startNS = startNS; self.frameLimit = frameLimit; self.eventsPath = eventsPath
        }
    }

    /// The board's display (DRM/KMS) as the sink. With `wait` and the board's consent it waits
    /// for a display that is not there yet; nil when stopped while waiting.
    package static func onDisplay(app: AppConfig, board: BoardConfig, wait: Bool, _ options: Options) throws -> KioskLoop? {
        guard let output = try DisplayWait.open(try DRMSink.outputConfiguration(for: board),
                                                wait: wait && board.waitForDisplay) else { return nil }
        let sink = DRMSink(output: output)
        sink.captureScanoutPath = options.captureScanoutPath
        sink.captureWritebackPath = options.captureWritebackPath
        let geometry = FrameGeometry(widthPx: output.frameWidth, heightPx: output.frameHeight,
                                     scale: board.scale, board: board)
        do {
            let runtime = try KioskRuntime(app: app, geometry: geometry, eventsPath: options.eventsPath,
                                           tracePath: options.tracePath, recordPath: options.recordPath, now: .now())
            let services = try KioskServices(app: app, board: board,
                                             readyStatus: "showing \(app.name) on \(output.connectorName) \(output.mode)")
            return try KioskLoop(runtime: runtime, sink: sink, services: services,
                                 touch: TouchSetup(board: board, uiWidthPx: geometry.widthPx, uiHeightPx: geometry.heightPx),
                                 startNS: options.startNS, frameLimit: options.frameLimit,
                                 schedule: options.schedule, frameDeadlineMS: board.frameDeadlineMS)
        } catch {
            try? sink.close()   // the console gets its display back
            throw error
        }
    }

    /// Frames in memory at the board's refresh rate (`run --headless`); the rest as on the
    /// device: touch from libinput where there is a device, the control socket, blanking, reload.
    package static func headless(app: AppConfig, geometry: FrameGeometry, _ options: Options) throws -> KioskLoop {
        let sink = try HeadlessSink(widthPx: geometry.widthPx, heightPx: geometry.heightPx,
                                    refreshHz: geometry.board.mode?.refreshHz ?? 60)
        KioskLog.info("headless: \(sink.description)")
        return try withoutDisplay(sink: sink, app: app, geometry: geometry, options, status: "showing \(app.name) headless",
                                  touch: TouchSetup(board: geometry.board, uiWidthPx: geometry.widthPx, uiHeightPx: geometry.heightPx))
    }

    /// The loop around a sink that is not the device's display: no virtual terminal, no
    /// backlight; everything else as on the device.
    package static func withoutDisplay(sink: FrameSink & CapturingSink, app: AppConfig, geometry: FrameGeometry, _ options: Options,
                                       status: String, touch: TouchSetup?) throws -> KioskLoop {
        sink.captureScanoutPath = options.captureScanoutPath
        let runtime = try KioskRuntime(app: app, geometry: geometry, eventsPath: options.eventsPath,
                                       tracePath: options.tracePath, recordPath: options.recordPath, now: .now())
        let services = try KioskServices(app: app, board: geometry.board,
                                         readyStatus: "\(status) at \(geometry.widthPx)x\(geometry.heightPx)", headless: true)
        return try KioskLoop(runtime: runtime, sink: sink, services: services, touch: touch,
                             startNS: options.startNS, frameLimit: options.frameLimit,
                             schedule: options.schedule, frameDeadlineMS: geometry.board.frameDeadlineMS)
    }
}

/// A sink that can write the last frame it showed at exit (`--capture-scanout`).
package protocol CapturingSink: AnyObject {
    var captureScanoutPath: String? { get set }
}
extension HeadlessSink: CapturingSink {}

/// A board file, its problems as one message.
package func loadBoard(_ path: String) throws -> BoardConfig {
    do { return try BoardConfig.load(path: path) } catch { throw Failure(error.description) }
}
