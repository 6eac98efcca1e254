import DrawerRuntime
import PanelRenderer

/// `render` and the demo's offscreen tour: the shared `KioskRuntime` played from a touch
/// script on the simulated clock, frames written as PNG into a folder.
package struct OffscreenRun {
    package var fps = 60.0
    package var captureTimesMS: [Double] = []
    package var captureEveryFrame = false
    package var eventsPath: String?
    package var tracePath: String?

    package init() {}

    package struct Outcome {
        package var runtime: KioskRuntime
        package var result: OffscreenDriver.Result
        /// The PNGs written, in order (final.png last).
        package var written: [String]
    }

    package func run(app: AppConfig, geometry: FrameGeometry, script: TouchScript, into dir: String) throws -> Outcome {
        try makeDirectory(dir)   // first: the event log may live in it
        let runtime = try KioskRuntime(app: app, geometry: geometry, eventsPath: eventsPath, tracePath: tracePath,
                                       now: .milliseconds(0))
        return try run(runtime, script: script, into: dir)
    }

    /// Plays `script` on a runtime made at time 0 (a program may have changed it since).
    package func run(_ runtime: KioskRuntime, script: TouchScript, into dir: String) throws -> Outcome {
        try makeDirectory(dir)
        var driver = OffscreenDriver()
        driver.fps = fps
        driver.captureTimesMS = captureTimesMS
        driver.captureEveryFrame = captureEveryFrame
        var written: [String] = []
        let result: OffscreenDriver.Result
        do {
            result = try driver.run(runtime, script: script) { t, captured, isFinal in
                runtime.drawWhole(at: .milliseconds(t))
                if captured { written.append(try Self.write(runtime, to: "\(dir)/frame-\(Self.frameName(t)).png")) }
                if isFinal { written.append(try Self.write(runtime, to: "\(dir)/final.png")) }
            }
        } catch let e as TouchScriptError { throw Failure(e.description) }
        try runtime.recorder.close()
        try runtime.trace?.close()
        return Outcome(runtime: runtime, result: result, written: written)
    }

    private static func write(_ runtime: KioskRuntime, to path: String) throws -> String {
        do { try PNGCodec.encode(runtime.frame.pixmap.view, to: path) } catch { throw Failure("\(error)") }
        return path
    }

    /// `frame-000250.png` for the frame at 250 ms.
    static func frameName(_ t: Double) -> String {
        let s = String(Int(t.rounded()))
        return String(repeating: "0", count: max(0, 6 - s.count)) + s
    }
}
