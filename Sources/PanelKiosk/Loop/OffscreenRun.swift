import DrawerRuntime
import PanelRenderer
#if canImport(Glibc)
import Glibc
#endif

/// `render` and the demo's offscreen tour: the shared `KioskRuntime` played from a touch
/// script on the simulated clock, frames written as PNG into a folder. A frame written is
/// drawn as the device draws one (`KioskRuntime.drawFrame`: the damage since the frame drawn
/// before, moved rows, the backdrop), not redrawn whole; the frames between are advanced
/// only.
package struct OffscreenRun {
    package var fps = 60.0
    package var captureTimesMS: [Double] = []
    package var captureEveryFrame = false
    package var eventsPath: String?
    package var tracePath: String?
    /// Where the clock starts (`OffscreenDriver.startMS`): a program's next render of the
    /// same kiosk goes on from its last.
    package var startMS = 0.0

    package init() {}

    package struct Outcome {
        package var runtime: KioskRuntime
        package var result: OffscreenDriver.Result
        /// The PNGs written, in order (final.png last).
        package var written: [String]
        /// `frame-NNNNNN.png` files of an earlier run into the same folder, removed.
        package var removedStale = 0
    }

    package func run(app: AppConfig, geometry: FrameGeometry, script: TouchScript, into dir: String) throws -> Outcome {
        try makeDirectory(dir)   // first: the event log may live in it
        let runtime = try KioskRuntime(app: app, geometry: geometry, eventsPath: eventsPath, tracePath: tracePath,
                                       now: .milliseconds(0))
        return try run(runtime, script: script, into: dir)
    }

    /// Plays `script` on a runtime made at time 0 (a program may have changed it since).
    package func run(_ runtime: KioskRuntime, script: TouchScript, into dir: String) throws -> Outcome {
        var touches = TouchSlots()
        return try run(runtime, script: script, into: dir, touches: &touches)
    }

    /// The same, with the fingers an earlier run of this runtime left down; `touches` holds
    /// those down at the end, also when a script line fails partway.
    package func run(_ runtime: KioskRuntime, script: TouchScript, into dir: String,
                     touches: inout TouchSlots) throws -> Outcome {
        try makeDirectory(dir)
        var driver = OffscreenDriver()
        defer { touches = driver.touches }
        driver.fps = fps
        driver.captureTimesMS = captureTimesMS
        driver.captureEveryFrame = captureEveryFrame
        driver.startMS = startMS
        driver.touches = touches
        var written: [String] = []
        let result: OffscreenDriver.Result
        do {
            result = try driver.run(runtime, script: script) { t, captured, isFinal in
                _ = runtime.drawFrame(showingAt: .milliseconds(t))
                if captured { written.append(try Self.write(runtime, to: "\(dir)/frame-\(Self.frameName(t)).png")) }
                if isFinal { written.append(try Self.write(runtime, to: "\(dir)/final.png")) }
            }
        } catch let e as TouchScriptError { throw Failure(e.description) }
        try runtime.recorder.close()
        try runtime.trace?.close()
        let stale = Self.removeStaleFrames(in: dir, keeping: Set(written))
        return Outcome(runtime: runtime, result: result, written: written, removedStale: stale)
    }

    /// Removes the `frame-NNNNNN.png` files in `dir` this run did not write: a folder reused
    /// after a longer run kept that run's later frames beside this one's, and a video made
    /// of `frame-*.png` showed both. Only names of exactly that form are touched (the frame
    /// files `render` makes); returns how many went.
    static func removeStaleFrames(in dir: String, keeping written: Set<String>) -> Int {
        guard let d = opendir(dir) else { return 0 }
        var stale: [String] = []
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard isFrameName(name), !written.contains("\(dir)/\(name)") else { continue }
            stale.append("\(dir)/\(name)")
        }
        closedir(d)
        return stale.filter { unlink($0) == 0 }.count
    }

    /// `frame-` and six or more digits and `.png`, as `frameName` makes them.
    static func isFrameName(_ name: String) -> Bool {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst(6).dropLast(4)
        return digits.count >= 6 && digits.allSatisfy { $0.isASCII && $0.isNumber }
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
