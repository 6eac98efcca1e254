#if canImport(Glibc)
import Glibc
#endif
import Foundation
import XCTest
import PanelRenderer
@testable import PanelKiosk
@testable import panel_kiosk

/// `run --headless`: the device's loop with frames in memory, on a machine with no display.
/// The device's own program is developed against it, so its control socket must behave as on
/// the device: commands, error replies, the event stream, reload, SIGTERM. Waits here poll
/// with generous deadlines for what the kiosk says it did; nothing asserts a duration.
final class HeadlessRunTests: XCTestCase {
    private func app(in dir: TempDir) -> String {
        let text = try! String(contentsOfFile: CLI.root + "/examples/drawer.toml", encoding: .utf8)
        let i = text.range(of: "[[component]]")!.lowerBound
        dir.write("app.toml", String(text[..<i]) + "[control]\nsocket = \"\(dir.file("control.sock"))\"\n\n" + String(text[i...]))
        return dir.file("app.toml")
    }

    /// Polls `condition` every 20 ms until it holds or `seconds` pass.
    private func waitFor(_ seconds: Double, _ what: String, _ condition: () -> Bool) {
        let end = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > end { XCTFail("gave up waiting for \(what) after \(seconds) s"); return }
            usleep(20_000)
        }
    }

    /// Waits for `n` replies on the session; returns every reply so far.
    private func replies(_ session: SocketSession, _ n: Int) -> [String] {
        waitFor(30, "\(n) replies") { session.poll(); return session.replies.count >= n }
        return session.replies
    }

    func testTheControlSocketDrivesAHeadlessKioskAsOnTheDevice() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let config = app(in: dir)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["run", "--headless", "--size", "800x480", "--config", config,
                       "--events", dir.file("events.jsonl"), "--state", dir.file("state.json"),
                       "--stats", dir.file("stats.json"), "--capture-scanout", dir.file("last.png")]
        let err = Pipe()
        p.standardError = err
        try p.run()
        defer { if p.isRunning { p.terminate() } }
        waitFor(30, "the control socket") { access(dir.file("control.sock"), F_OK) == 0 }

        let session = SocketSession(path: dir.file("control.sock"))
        let client = session.client
        func replies(_ n: Int) -> [String] { self.replies(session, n) }
        client.send("{\"cmd\": \"subscribe\", \"id\": 1}\n")
        client.send("{\"cmd\": \"set_position\", \"target\": \"drawer\", \"position\": \"open\", \"id\": 2}\n")
        client.send("{\"cmd\": \"psuh\", \"target\": \"drawer\"}\n")
        client.send("{\"cmd\": \"set_position\", \"target\": \"nope\", \"position\": \"open\"}\n")
        client.send("{not json\n")
        let r = replies(5)
        XCTAssertEqual(r.count, 5, "\(session.received)")
        XCTAssertTrue(r[0].contains("\"ok\":true") && r[0].contains("\"id\":1"), r[0])
        XCTAssertTrue(r[1].contains("\"ok\":true") && r[1].contains("\"id\":2"), r[1])
        XCTAssertTrue(r[2].contains("did you mean"), r[2])
        XCTAssertTrue(r[3].contains("no component 'nope'"), r[3])
        XCTAssertTrue(r[4].contains("\"ok\":false"), r[4])
        // The animation runs on the headless frame clock and ends at rest, streamed to us.
        waitFor(30, "the drawer to come to rest open") {
            session.poll()
            return session.received.contains { $0.contains("\"position_did_change\"") && $0.contains("\"open\"") }
        }

        // SIGHUP reloads the app file; the drawer keeps its position and the socket serves on.
        let errors = StderrReader(err)
        var stderr: String { errors.text }
        func readStderr() { errors.poll() }
        kill(p.processIdentifier, SIGHUP)
        waitFor(30, "the reload") { readStderr(); return stderr.contains("reloaded") }
        client.send("{\"cmd\": \"subscribe\", \"id\": 3}\n")
        XCTAssertEqual(replies(6).count, 6)

        // A half-typed save (an editor writing the file with a lone "[" at its end): the
        // watcher reloads, the file is reported with its line, and the screens stay.
        let good = try String(contentsOfFile: config, encoding: .utf8)
        dir.write("app.toml", good + "\n[")
        waitFor(30, "the half-typed file to be reported") { readStderr(); return stderr.contains("keeping the running screens") }
        XCTAssertTrue(stderr.contains("app.toml:"), stderr)
        XCTAssertTrue(stderr.contains("TOML syntax"), stderr)
        client.send("{\"cmd\": \"subscribe\", \"id\": 4}\n")
        XCTAssertEqual(replies(7).count, 7, "the socket still answers after the bad save")
        dir.write("app.toml", good)   // fixed again: the next save reloads

        p.terminate()   // SIGTERM
        p.waitUntilExit()
        errors.readToEnd()
        XCTAssertEqual(p.terminationStatus, 0, stderr)
        XCTAssertTrue(stderr.contains("headless"), stderr)

        let state = dir.read("state.json") ?? ""
        XCTAssertTrue(state.contains("\"open\""), state)
        let stats = dir.read("stats.json") ?? ""
        XCTAssertTrue(stats.contains("\"device\": \"headless\""), stats)
        let events = dir.read("events.jsonl") ?? ""
        XCTAssertTrue(events.contains("\"position_did_change\", \"position\": \"open\""), events)

        // The last frame shown equals render's final frame of the same command from a script:
        // one runtime draws both.
        dir.write("open.touch", "0 do drawer set_position open\n")
        let rendered = try CLI.run(["render", "--config", config, "--size", "800x480", "--script", dir.file("open.touch"),
                                    "--out", dir.path])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let a = try PNGCodec.decode(path: dir.file("last.png")), b = try PNGCodec.decode(path: dir.file("final.png"))
        XCTAssertEqual(a.width, 800); XCTAssertEqual(a.height, 480)
        XCTAssertEqual(b.width, 800); XCTAssertEqual(b.height, 480)
        var differing = 0
        for y in 0..<min(a.height, b.height) { for x in 0..<min(a.width, b.width) where a[x, y] != b[x, y] { differing += 1 } }
        XCTAssertEqual(differing, 0, "pixels differing between headless's last frame and render's final.png")
    }

    /// The departures example as the device runs it: content set over the socket and fed
    /// through the data file; a malformed data file is reported with its line and column and
    /// the values shown stay; the last frame equals render's of the same changes.
    func testLiveContentOverTheSocketAndTheDataFile() throws {
        let dir = TempDir()
        defer { dir.remove() }
        var text = try String(contentsOfFile: CLI.root + "/examples/departures.toml", encoding: .utf8)
        text = text.replacingOccurrences(of: "socket = \"/tmp/panel-kiosk-departures.sock\"", with: "socket = \"\(dir.file("control.sock"))\"")
        dir.write("app.toml", text + "\n[data]\nfile = \"feed.json\"\n")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["run", "--headless", "--size", "800x480", "--config", dir.file("app.toml"),
                       "--state", dir.file("state.json"), "--capture-scanout", dir.file("last.png")]
        let err = Pipe()
        p.standardError = err
        try p.run()
        defer { if p.isRunning { p.terminate() } }
        waitFor(30, "the control socket") { access(dir.file("control.sock"), F_OK) == 0 }
        let errors = StderrReader(err)
        var stderr: String { errors.text }
        func readStderr() { errors.poll() }

        let session = SocketSession(path: dir.file("control.sock"))
        let client = session.client
        func replies(_ n: Int) -> [String] { self.replies(session, n) }
        client.send(#"{"cmd": "set", "id": "notice", "text": "Lift at platform 4 out of order"}"# + "\n")
        client.send(#"{"cmd": "set_values", "values": {"next_train": "08:12", "departures": [{"title": "08:12  S1  Airport", "subtitle": "Platform 3"}]}}"# + "\n")
        client.send(#"{"cmd": "set", "id": "nxet", "text": "x"}"# + "\n")
        let r = replies(3)
        XCTAssertTrue(r[0].contains("\"ok\":true"), r[0])
        XCTAssertTrue(r[1].contains("\"ok\":true"), r[1])
        XCTAssertTrue(r[2].contains("no content node 'nxet' (did you mean 'next'?)"), r[2])

        // The feed writes the data file atomically (a new file renamed over it).
        func feed(_ json: String) {
            dir.write("feed.tmp", json)
            rename(dir.file("feed.tmp"), dir.file("feed.json"))
        }
        feed(#"{"clock": "08:09"}"#)
        waitFor(30, "the data file to be applied") { readStderr(); return stderr.contains("applied data file") }
        feed("{\n  \"clock\": \"08:11\",\n  \"next_train\": \n}")
        waitFor(30, "the malformed data file to be reported") { readStderr(); return stderr.contains("keeping the values shown") }
        XCTAssertTrue(stderr.contains("feed.json:4:1: not valid JSON"), stderr)
        feed(#"{"clock": "08:10"}"#)
        waitFor(30, "the data file to be valid again") { readStderr(); return stderr.contains("is valid again") }
        feed("[1, 2]")
        waitFor(30, "a data file that is no object") { readStderr(); return stderr.contains("feed.json:1:1: a data file is one JSON object of named values") }
        XCTAssertTrue(stderr.contains("not an array"), stderr)
        XCTAssertTrue(stderr.contains("feed.json is not there yet; showing [values] until it is written"), stderr)
        feed("{\"clock\": \"08:13\",\n \"clock\": \"08:14\"}")
        waitFor(30, "a key given twice") { readStderr(); return stderr.contains("feed.json:2:2: not valid JSON: the key \"clock\" appears twice") }
        // The feeder removes its file (stopped, or cleaning up): said once, values kept.
        unlink(dir.file("feed.json"))
        waitFor(30, "the removal to be said") { readStderr(); return stderr.contains("data file \(dir.file("feed.json")) was removed; keeping the values shown") }

        // A reload takes the screens; a changed [data] file is said to need a restart rather
        // than look applied.
        dir.write("app.toml", text + "\n[data]\nfile = \"other.json\"\n")
        kill(p.processIdentifier, SIGHUP)
        waitFor(30, "the reload's warning") { readStderr(); return stderr.contains("[data] file changed; that takes a restart") }
        feed(#"{"clock": "08:10"}"#)
        // The removed file written again: applied, the removal said once.
        waitFor(30, "the first data file, still the one fed") { readStderr(); return stderr.components(separatedBy: "is valid again").count >= 3 }
        XCTAssertEqual(stderr.components(separatedBy: "was removed").count, 2, stderr)

        p.terminate()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, stderr)
        let state = dir.read("state.json") ?? ""
        XCTAssertTrue(state.contains(#""clock": "08:10""#), "the last good values stay: \(state)")
        XCTAssertTrue(state.contains(#""next_train": "08:12""#), state)

        // render with the same changes as send lines draws the same last frame.
        dir.write("same.touch", """
        0 send {"cmd": "set", "id": "notice", "text": "Lift at platform 4 out of order"}
        0 send {"cmd": "set_values", "values": {"clock": "08:10", "next_train": "08:12", "departures": [{"title": "08:12  S1  Airport", "subtitle": "Platform 3"}]}}
        """)
        let rendered = try CLI.run(["render", "--config", dir.file("app.toml"), "--size", "800x480", "--script", dir.file("same.touch"),
                                    "--out", dir.path])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let a = try PNGCodec.decode(path: dir.file("last.png")), b = try PNGCodec.decode(path: dir.file("final.png"))
        var differing = 0
        for y in 0..<min(a.height, b.height) { for x in 0..<min(a.width, b.width) where a[x, y] != b[x, y] { differing += 1 } }
        XCTAssertEqual(differing, 0, "pixels differing between the headless kiosk's last frame and render's")
    }

    /// `run --headless --play`: the script's touches reach the screen on the real clock, every
    /// one is counted in touch_latency once a frame including it is shown, and the run ends
    /// after the script. The figures themselves are printed by scripts/latency-bench, not
    /// asserted (a busy host changes them).
    func testPlayedTouchesAreMeasuredAndTheRunEnds() throws {
        let dir = TempDir()
        defer { dir.remove() }
        dir.write("swipe.touch", "0 down 1 400 400\n" + (1...20).map { "\($0 * 8) move 1 400 \(400 - $0 * 10)" }.joined(separator: "\n") + "\n170 up 1\n")
        for schedule in ["late", "immediate"] {
            let r = try CLI.run(["run", "--headless", "--size", "800x480", "--config", CLI.root + "/examples/drawer.toml",
                                 "--play", dir.file("swipe.touch"), "--schedule", schedule,
                                 "--stats", dir.file("stats.json"), "--events", dir.file("events.jsonl")])
            XCTAssertEqual(r.status, 0, r.stderr)
            let stats = try String(contentsOfFile: dir.file("stats.json"), encoding: .utf8)
            XCTAssertTrue(stats.contains("\"schedule\": \"\(schedule)\""), stats)
            XCTAssertTrue(stats.contains("\"touch_latency_ms\": {\"count\": 22,"), stats)
            XCTAssertTrue(stats.contains("\"touch_latency_frames\": {\"count\": 22,"), stats)
            let events = try String(contentsOfFile: dir.file("events.jsonl"), encoding: .utf8)
            XCTAssertTrue(events.contains("\"position\": \"open\""), events)
        }
        dir.write("call.touch", "0 down 1 400 400\n5 do drawer open\n")
        let r = try CLI.run(["run", "--headless", "--config", CLI.root + "/examples/drawer.toml", "--play", dir.file("call.touch")])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("call.touch:2: --play takes finger lines only"), r.stderr)
        let bad = try CLI.run(["run", "--headless", "--config", CLI.root + "/examples/drawer.toml", "--schedule", "soon"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("soon"), bad.stderr)
    }

    func testHeadlessWithABoardWhoseModeIsAutoSaysWhatToDo() throws {
        let dir = TempDir()
        defer { dir.remove() }
        dir.write("board.toml", "name = \"auto\"\n[display]\nmode = \"auto\"\n")
        let r = try CLI.run(["run", "--headless", "--board", dir.file("board.toml"), "--config", CLI.root + "/examples/drawer.toml"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("mode is 'auto'"), r.stderr)
    }
}

/// What a child kiosk writes to stderr, read as it comes without blocking.
private final class StderrReader {
    private let pipe: Pipe
    private var fd: Int32 { pipe.fileHandleForReading.fileDescriptor }
    private(set) var text = ""

    init(_ pipe: Pipe) {
        self.pipe = pipe
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    /// Takes what has arrived so far.
    func poll() {
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return }
            text += String(decoding: buf[0..<n], as: UTF8.self)
        }
    }

    /// Takes the rest, once the child has exited.
    func readToEnd() {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        text += String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}

/// A client of the kiosk's control socket and every line it has received.
private final class SocketSession {
    let client: TestClient
    private(set) var received: [String] = []
    init(path: String) { client = TestClient(path: path) }
    /// Takes the lines that have arrived.
    func poll() { received += client.lines() }
    /// The replies among them (event lines have no "ok").
    var replies: [String] { received.filter { $0.contains("\"ok\"") } }
}
