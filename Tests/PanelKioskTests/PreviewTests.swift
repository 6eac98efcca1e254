import Foundation
import PanelRenderer
import XCTest

/// `panel-kiosk preview` in a real X server (Xvfb, from scripts/setup): the window shows what
/// `render` draws, a mouse drag moves the drawer, a saved edit shows, a broken file keeps the
/// last good screen under a bar with its problems. Screenshots are the X server's own (xwd),
/// not the program's idea of what it showed.
final class PreviewTests: XCTestCase {
    /// An Xvfb server on a display number of its own, stopped at the end.
    final class XServer {
        let display: String
        private let process: Process

        init() throws {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else {
                throw XCTSkip("Xvfb is not installed (scripts/setup installs it)")
            }
            let n = (90..<190).first { !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock") } ?? 190
            display = ":\(n)"
            process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
            process.arguments = [display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Ready when a client gets an answer (a socket file may be a stale one of a
            // server that just stopped).
            for _ in 0..<200 {
                if let r = try? run("xdotool", ["getdisplaygeometry"]), r.status == 0 { return }
                usleep(25_000)
            }
            throw XCTSkip("Xvfb did not start on \(display)")
        }

        deinit {
            process.terminate()
            process.waitUntilExit()
        }

        /// Runs an X client (xdotool, xwd) against this server.
        func run(_ tool: String, _ args: [String]) throws -> (status: Int32, stdout: Data) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
            p.arguments = args
            p.environment = ["DISPLAY": display, "PATH": "/usr/bin:/bin"]
            let out = Pipe()
            p.standardOutput = out
            p.standardError = FileHandle.nullDevice
            try p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return (p.terminationStatus, data)
        }

        /// What the X server shows in `window`, as xwd dumps it (ZPixmap, 24/32 bits per
        /// pixel); nil while the window is not on the screen yet.
        func screenshot(window: String) -> Pixmap? {
            guard let (status, data) = try? run("xwd", ["-silent", "-id", window]), status == 0 else { return nil }
            return try? XWD.decode([UInt8](data))
        }
    }

    /// The X Window Dump format: a big-endian header, the window name, a colour map, then the
    /// pixels, bytes_per_line each row.
    enum XWD {
        struct Failure: Error { var message: String }
        static func decode(_ b: [UInt8]) throws -> Pixmap {
            func u32(_ i: Int) -> Int { Int(b[i * 4]) << 24 | Int(b[i * 4 + 1]) << 16 | Int(b[i * 4 + 2]) << 8 | Int(b[i * 4 + 3]) }
            guard b.count >= 100 else { throw Failure(message: "not an xwd dump") }
            let headerSize = u32(0), format = u32(2), width = u32(4), height = u32(5), byteOrder = u32(7)
            let bitsPerPixel = u32(11), bytesPerLine = u32(12), colours = u32(19)
            guard format == 2, bitsPerPixel == 32 || bitsPerPixel == 24, let pixmap = Pixmap(width: width, height: height) else {
                throw Failure(message: "xwd format \(format), \(bitsPerPixel) bits per pixel: not read here")
            }
            let start = headerSize + colours * 12, step = bitsPerPixel / 8
            guard b.count >= start + bytesPerLine * height else { throw Failure(message: "xwd dump cut short") }
            for y in 0..<height {
                for x in 0..<width {
                    let i = start + y * bytesPerLine + x * step
                    // Masks are the usual 0xFF0000, 0xFF00, 0xFF: blue is the lowest byte.
                    let (r, g, bl) = byteOrder == 0 ? (b[i + 2], b[i + 1], b[i]) : (b[i + step - 3], b[i + step - 2], b[i + step - 1])
                    pixmap[x, y] = 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(bl)
                }
            }
            return pixmap
        }
    }

    /// The preview running on `x` with `app`; its stderr in a file.
    final class PreviewProcess {
        let process = Process()
        let stderrPath: String

        init(_ x: XServer, args: [String], dir: String) throws {
            stderrPath = dir + "/preview.stderr"
            _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
            process.executableURL = URL(fileURLWithPath: CLI.binary)
            process.arguments = args
            process.environment = ["DISPLAY": x.display, "PATH": "/usr/bin:/bin", "HOME": dir]
            process.currentDirectoryURL = URL(fileURLWithPath: dir)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
            try process.run()
        }

        var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

        func stop() -> Int32 {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    /// Polls `check` every 50 ms for up to `seconds`; returns how long it took (ms) or nil. The
    /// bounds are generous (a loaded machine), the time taken is printed as a figure.
    /// The id of the first visible window whose name contains `name`; empty when there is none.
    func visibleWindow(_ x: XServer, named name: String) throws -> String {
        String(decoding: try x.run("xdotool", ["search", "--onlyvisible", "--name", name]).stdout, as: UTF8.self)
            .split(separator: "\n").first.map(String.init) ?? ""
    }

    /// A window's size as xdotool says it ("800x480").
    func windowSize(_ x: XServer, _ window: String) throws -> String {
        let out = String(decoding: try x.run("xdotool", ["getwindowgeometry", window]).stdout, as: UTF8.self)
        return out.split(separator: "\n").first { $0.contains("Geometry:") }.map { $0.split(separator: " ").last.map(String.init) ?? "" } ?? out
    }

    /// Waits up to 30 s for the preview's window; its id, or empty when it never came.
    func previewWindow(_ x: XServer) throws -> String {
        var window = ""
        _ = try waitFor(30) {
            window = try visibleWindow(x, named: "panel-kiosk preview")
            return !window.isEmpty
        }
        return window
    }

    func waitFor(_ seconds: Double, _ check: () throws -> Bool) rethrows -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            if try check() { return Date().timeIntervalSince(start) * 1000 }
            usleep(50_000)
        }
        return try check() ? Date().timeIntervalSince(start) * 1000 : nil
    }

    func differing(_ a: Pixmap?, _ b: Pixmap) -> Int {
        guard let a, let d = ImageDifference(a.view, b.view) else { return Int.max }
        return d.pixelsOff
    }

    /// `render`'s final frame of the app at `path` (800x480).
    func rendered(_ path: String) throws -> Pixmap {
        let out = CLI.tempDir()
        let r = try CLI.run(["render", "--config", path, "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try PNGCodec.decode(path: out + "/final.png")
    }

    func testPreviewShowsRendersPixelsFollowsEditsAndTheMouse() throws {
        let x = try XServer()
        let dir = CLI.tempDir()
        let app = dir + "/app.toml"
        let original = try String(contentsOfFile: CLI.root + "/examples/drawer.toml", encoding: .utf8)
        try original.write(toFile: app, atomically: true, encoding: .utf8)
        let preview = try PreviewProcess(x, args: ["preview", "--config", app, "--events", dir + "/events.jsonl",
                                                   "--record", dir + "/drag.touch"], dir: dir)
        defer { _ = preview.stop() }
        let window = try previewWindow(x)
        XCTAssertFalse(window.isEmpty, "no preview window (running: \(preview.process.isRunning)): \(preview.stderr)")
        guard !window.isEmpty else { return }

        // 1. The window shows what render draws.
        let expected = try rendered(app)
        let shown = waitFor(30) { differing(x.screenshot(window: window), expected) <= 384 }
        let off = differing(x.screenshot(window: window), expected)
        XCTAssertNotNil(shown, "the window differs from render's final.png: \(off) pixels")

        // 2. A saved edit shows (a new background), as render draws the new file.
        let edited = original.replacingOccurrences(of: "[background]", with: "[background]\ncolor = \"#336699\"")
            .replacingOccurrences(of: "\ngradient", with: "\n# gradient")
        try edited.write(toFile: app, atomically: true, encoding: .utf8)
        let expectedEdit = try rendered(app)
        XCTAssertGreaterThan(differing(expected, expectedEdit), 1000, "the edit changes the screen")
        let editMS = waitFor(15) { differing(x.screenshot(window: window), expectedEdit) <= 384 }
        XCTAssertNotNil(editMS, "the edit did not show: \(preview.stderr)")
        print("PREVIEW: an edit of the app file showed in \(Int(editMS ?? -1)) ms (target: 500 ms)")

        // 3. A broken file: the last good screen stays, under a bar with the problem.
        try "name = \"Broken\"\n[[component]\n".write(toFile: app, atomically: true, encoding: .utf8)
        let barMS = waitFor(15) {
            guard let s = x.screenshot(window: window) else { return false }
            let bar = s.color(x: 400, y: 4)
            return bar.r > 100 && bar.g < 60 && s.color(x: 400, y: 300) == expectedEdit.color(x: 400, y: 300)
        }
        XCTAssertNotNil(barMS, "no problem bar over the last good screen")
        XCTAssertNotNil(waitFor(10) { preview.stderr.contains("app.toml:2:") }, "stderr names file and line: \(preview.stderr)")
        // Fixed again: the bar goes.
        try edited.write(toFile: app, atomically: true, encoding: .utf8)
        XCTAssertNotNil(waitFor(15) { differing(x.screenshot(window: window), expectedEdit) <= 384 }, "the bar stayed after the fix")

        // 4. The mouse is a finger: a drag up on the drawer opens it.
        _ = try x.run("xdotool", ["mousemove", "--window", window, "400", "440", "mousedown", "1"])
        for y in stride(from: 420, through: 140, by: -20) {
            _ = try x.run("xdotool", ["mousemove", "--window", window, "400", "\(y)"])
            usleep(10_000)
        }
        _ = try x.run("xdotool", ["mouseup", "1"])
        let opened = waitFor(15) {
            let events = (try? String(contentsOfFile: dir + "/events.jsonl", encoding: .utf8)) ?? ""
            return events.contains(#""event": "position_did_change", "position": "open""#)
        }
        XCTAssertNotNil(opened, "the drag did not open the drawer: \((try? String(contentsOfFile: dir + "/events.jsonl", encoding: .utf8)) ?? "")")
        XCTAssertEqual(preview.stop(), 0, "SIGTERM ends the preview cleanly: \(preview.stderr)")

        // 5. The drag was recorded as a touch script; render replays it to the same end.
        let recorded = try String(contentsOfFile: dir + "/drag.touch", encoding: .utf8)
        // The mouse's finger is numbered as every source's fingers are (TouchSlots: from 1).
        XCTAssertTrue(recorded.contains(" down 1 400 440"), recorded)
        let replay = try CLI.run(["render", "--config", app, "--script", dir + "/drag.touch", "--out", dir + "/replay",
                                  "--state", dir + "/replay.json"])
        XCTAssertEqual(replay.status, 0, replay.stderr)
        let state = try String(contentsOfFile: dir + "/replay.json", encoding: .utf8)
        XCTAssertTrue(state.contains(#""position": "open""#), "the replayed drag opens the drawer too: \(state)")
    }

    /// `preview --data F` shows the data file's values and follows its edits; S writes the
    /// screen as a PNG; D tints what a frame repaints (for half a second); Z cycles the window's size.
    func testPreviewDataFileAndKeys() throws {
        let x = try XServer()
        let dir = CLI.tempDir()
        let source = try String(contentsOfFile: CLI.root + "/examples/departures.toml", encoding: .utf8)
            .replacingOccurrences(of: #"socket = "/tmp/panel-kiosk-departures.sock""#, with: #"socket = """#)
        /// The app with the clock value the data file says: what render draws for it.
        func expected(clock: String) throws -> Pixmap {
            let path = dir + "/expected-\(clock.replacingOccurrences(of: ":", with: "")).toml"
            try source.replacingOccurrences(of: #"clock = "--:--""#, with: "clock = \"\(clock)\"").write(toFile: path, atomically: true, encoding: .utf8)
            return try rendered(path)
        }
        let app = dir + "/app.toml", data = dir + "/data.json"
        try source.write(toFile: app, atomically: true, encoding: .utf8)
        try #"{"clock": "10:00"}"#.write(toFile: data, atomically: true, encoding: .utf8)
        let preview = try PreviewProcess(x, args: ["preview", "--config", app, "--data", data], dir: dir)
        defer { _ = preview.stop() }
        let window = try previewWindow(x)
        XCTAssertFalse(window.isEmpty, "no preview window: \(preview.stderr)")
        guard !window.isEmpty else { return }

        // 1. The data file's values are shown from the start, and an edit of it shows.
        let ten = try expected(clock: "10:00")
        XCTAssertNotNil(waitFor(30) { differing(x.screenshot(window: window), ten) <= 384 },
                        "the window does not show the data file's clock: \(differing(x.screenshot(window: window), ten)) pixels off; \(preview.stderr)")
        let eleven = try expected(clock: "11:11")
        XCTAssertGreaterThan(differing(ten, eleven), 100, "the clock changes the screen")
        try #"{"clock": "11:11"}"#.write(toFile: data, atomically: true, encoding: .utf8)
        let dataMS = waitFor(15) { differing(x.screenshot(window: window), eleven) <= 384 }
        XCTAssertNotNil(dataMS, "the data file's edit did not show: \(preview.stderr)")
        print("PREVIEW: an edit of the data file showed in \(Int(dataMS ?? -1)) ms (target: 500 ms)")

        // 2. S: a PNG of the screen, equal to what the X server shows.
        _ = try x.run("xdotool", ["key", "--window", window, "s"])
        XCTAssertNotNil(waitFor(15) { (try? PNGCodec.decode(path: dir + "/preview-1.png")) != nil }, "S wrote no preview-1.png: \(preview.stderr)")
        let screenshot = try PNGCodec.decode(path: dir + "/preview-1.png")
        XCTAssertLessThanOrEqual(differing(x.screenshot(window: window), screenshot), 384, "S's PNG is not the screen")
        XCTAssertLessThanOrEqual(differing(screenshot, eleven), 384, "S's PNG is not what render draws")
        XCTAssertTrue(preview.stderr.contains("wrote preview-1.png"), preview.stderr)

        // 3. D: the next change (the clock) is tinted where it repaints, and only there.
        _ = try x.run("xdotool", ["key", "--window", window, "d"])
        XCTAssertNotNil(waitFor(15) { preview.stderr.contains("repainted areas tinted") }, preview.stderr)
        usleep(100_000)
        XCTAssertLessThanOrEqual(differing(x.screenshot(window: window), eleven), 384, "D itself tints nothing: no frame was drawn")
        let twelve = try expected(clock: "12:12")
        try #"{"clock": "12:12"}"#.write(toFile: data, atomically: true, encoding: .utf8)
        var tinted = 0, elsewhere = Int.max
        let tintMS = waitFor(15) {
            guard let shot = x.screenshot(window: window) else { return false }
            // Magenta over the clock label (top right): redder than it is drawn.
            tinted = 0
            for y in 10..<60 { for x in 600..<790 where Int(shot.color(x: x, y: y).r) > Int(twelve.color(x: x, y: y).r) + 40 { tinted += 1 } }
            elsewhere = 0
            for y in 120..<400 { for x in 0..<800 where shot[x, y] != twelve[x, y] { elsewhere += 1 } }
            return tinted > 500
        }
        XCTAssertNotNil(tintMS, "no tint over the repainted clock (\(tinted) pixels): \(preview.stderr)")
        XCTAssertLessThanOrEqual(elsewhere, 100, "the board below the clock was not repainted, so not tinted")
        // The tint stays half a second, long enough to be seen, then goes.
        XCTAssertNotNil(waitFor(10) { differing(x.screenshot(window: window), twelve) <= 384 }, "the tint stayed")

        // 4. Z: 200 %, 50 %, back to 100 %.
        func size() throws -> String { try windowSize(x, window) }
        XCTAssertEqual(try size(), "800x480")
        for (n, want) in [(1, "1600x960"), (2, "400x240"), (3, "800x480")] {
            _ = try x.run("xdotool", ["key", "--window", window, "z"])
            let resized = try waitFor(15) { try size() == want }
            let now = try size()
            XCTAssertNotNil(resized, "Z \(n) times: \(now), not \(want); \(preview.stderr)")
        }
        XCTAssertEqual(preview.stop(), 0, preview.stderr)
    }

    /// `demo` (the README's main command) on a desktop with no display to drive shows the
    /// tour in a preview window: its first screen, and Right moves to the next.
    func testDemoOpensAWindowOnADesktop() throws {
        guard !FileManager.default.fileExists(atPath: "/dev/dri/card0") else { throw XCTSkip("a DRM display is here: demo drives it") }
        let x = try XServer()
        let dir = CLI.tempDir()
        let demo = try PreviewProcess(x, args: ["demo"], dir: dir)     // a fallback tour would land in dir
        defer { _ = demo.stop() }
        func window(_ name: String) throws -> String { try visibleWindow(x, named: "panel-kiosk preview: " + name) }
        let found = try waitFor(30) { !(try window("Departures board")).isEmpty }
        XCTAssertNotNil(found, "no departures window: \(demo.stderr)")
        // The keys first, at once: each screen has its own time (the departures board 7 s), and
        // a loaded machine could spend that on the screenshots below; a key that reached the
        // next screen instead would skip it.
        // Z doubles the window and D tints what is repainted; the next screen comes in the
        // same window, still doubled and still tinting (D there turns the tint off).
        let departures = try window("Departures board")
        _ = try x.run("xdotool", ["key", "--window", departures, "z"])
        XCTAssertNotNil(try waitFor(15) { try windowSize(x, departures) == "1600x960" }, "Z did not zoom: \(demo.stderr)")
        _ = try x.run("xdotool", ["key", "--window", departures, "d"])
        XCTAssertNotNil(waitFor(15) { demo.stderr.contains("repainted areas tinted") }, "D did not tint: \(demo.stderr)")
        _ = try x.run("xdotool", ["key", "--window", departures, "Right"])
        let next = try waitFor(15) { !(try window("Ticket")).isEmpty }
        XCTAssertNotNil(next, "Right did not move to the ticket screen: \(demo.stderr)")
        XCTAssertEqual(try window("Ticket"), departures, "the ticket came in another window")
        XCTAssertEqual(try windowSize(x, departures), "1600x960", "the zoom was lost with the screen")
        _ = try x.run("xdotool", ["key", "--window", departures, "d"])
        XCTAssertNotNil(waitFor(15) { demo.stderr.contains("repainted areas not tinted") },
                        "D on the next screen did not turn the tint off (the setting was lost with the screen): \(demo.stderr)")
        // The window and its keys are told once, not once per screen.
        XCTAssertEqual(demo.stderr.components(separatedBy: "preview: window").count - 1, 1, demo.stderr)
        // Z twice more: 50 %, then 100 % again for the screenshots below.
        for want in ["400x240", "800x480"] {
            _ = try x.run("xdotool", ["key", "--window", departures, "z"])
            XCTAssertNotNil(try waitFor(15) { try windowSize(x, departures) == want }, "Z did not make \(want): \(demo.stderr)")
        }
        // Left goes back, and the departures board's time starts again.
        _ = try x.run("xdotool", ["key", "--window", try window("Ticket"), "Left"])
        XCTAssertNotNil(try waitFor(15) { !(try window("Departures board")).isEmpty }, "Left did not go back: \(demo.stderr)")
        let id = try window("Departures board")
        // The tour's feed changes the board while it is shown: the clock moves on from 08:09
        // within its first second. Only this window's pictures count (a closed one gives none).
        _ = waitFor(5) { x.screenshot(window: id) != nil }
        let first = try XCTUnwrap(x.screenshot(window: id), "no screenshot of the departures window")
        let changed = waitFor(5) { x.screenshot(window: id).map { differing($0, first) > 50 } ?? false }
        XCTAssertNotNil(changed, "the departures board did not change while shown: \(demo.stderr)")
        // Left alone, a screen gives way to the next after its 7 s.
        let timed = try waitFor(25) { !(try window("Ticket")).isEmpty }
        XCTAssertNotNil(timed, "the departures board did not give way to the ticket on its own: \(demo.stderr)")
        print("DEMO: the window tour moved on by itself after \(Int(timed ?? -1)) ms (the departures board's time: 7000 ms)")
        XCTAssertFalse(demo.stderr.contains("refused"), demo.stderr)
        XCTAssertEqual(demo.stop(), 0, demo.stderr)
    }

    /// The kiosk binary does not need SDL (nor X11 or Wayland) to start: the preview opens
    /// libSDL2 itself.
    func testTheKioskBinaryDoesNotLinkSDL() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        p.arguments = [CLI.binary]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertTrue(text.contains("libc.so"), text)
        XCTAssertFalse(text.contains("libSDL2"), text)
    }

    /// A desktop display that cannot be reached, or an SDL told to use a driver that shows
    /// nothing, is said, never a window nobody sees.
    func testAnUnreachableDisplayOrAnInvisibleDriverIsSaid() throws {
        let config = CLI.root + "/examples/drawer.toml"
        let dir = CLI.tempDir()
        let gone = (200..<300).first { !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") } ?? 299
        let unreachable = try CLI.run(["preview", "--config", config],
                                      environment: ["DISPLAY": ":\(gone)", "PATH": "/usr/bin:/bin", "HOME": dir, "XDG_RUNTIME_DIR": dir])
        XCTAssertEqual(unreachable.status, 1, unreachable.stderr)
        XCTAssertTrue(unreachable.stderr.contains("cannot open a window on the desktop (DISPLAY=\":\(gone)\", WAYLAND_DISPLAY unset)")
                      && unreachable.stderr.contains("3 tries") && unreachable.stderr.contains("run --headless"), unreachable.stderr)
        for driver in ["offscreen", "dummy"] {
            let r = try CLI.run(["preview", "--config", config],
                                environment: ["DISPLAY": ":\(gone)", "SDL_VIDEODRIVER": driver, "PATH": "/usr/bin:/bin", "HOME": dir])
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stderr.contains("SDL started its \"\(driver)\" video driver, which shows nothing on a desktop"), r.stderr)
        }
        // The demo falls back to its offscreen tour, saying why.
        let demo = try CLI.run(["demo", "--out", dir + "/tour"],
                               environment: ["DISPLAY": ":\(gone)", "SDL_VIDEODRIVER": "offscreen", "PATH": "/usr/bin:/bin", "HOME": dir])
        XCTAssertEqual(demo.status, 0, demo.stderr)
        XCTAssertTrue(demo.stdout.contains("shows nothing on a desktop") && demo.stdout.contains("rendering the tour offscreen instead"), demo.stdout)
    }

    func testWithoutADesktopItSaysWhatToUseInstead() throws {
        // The test runner itself may run inside a desktop session; only judge the no-display case
        // (and never open a window that nobody closes).
        guard ProcessInfo.processInfo.environment["DISPLAY"] == nil, ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] == nil else {
            throw XCTSkip("this runner has a desktop display")
        }
        let r = try CLI.run(["preview", "--config", CLI.root + "/examples/drawer.toml"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("no desktop display") && r.stderr.contains("run --headless"), r.stderr)
    }
}
