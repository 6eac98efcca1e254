#if canImport(Glibc)
import Glibc
#endif
import Foundation
import PanelRenderer
import XCTest
@testable import panel_kiosk
@testable import PanelKiosk

/// The operations commands on a real headless kiosk (the binary, its loop and socket), and
/// `panel-kiosk status` as a health check against it: healthy, stalled (SIGSTOP), gone.
/// Waits poll with generous deadlines; nothing asserts a duration.
final class OpsHeadlessTests: XCTestCase {
    private func waitFor(_ seconds: Double, _ what: String, _ condition: () -> Bool) {
        let end = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > end { XCTFail("gave up waiting for \(what) after \(seconds) s"); return }
            usleep(20_000)
        }
    }

    /// Sends one request and returns its reply line (the one with `"id":<id>`).
    private func ask(_ client: TestClient, _ json: String, id: Int) -> String {
        client.send(json.dropLast() + ",\"id\":\(id)}\n")
        var got = ""
        var reply: String?
        waitFor(30, "the reply to \(json)") {
            got += client.readAvailable() ?? ""
            reply = got.split(separator: "\n").map(String.init).first { $0.hasSuffix("\"id\":\(id)}") }
            return reply != nil
        }
        return reply ?? ""
    }

    private func startKiosk(_ dir: TempDir, extraArgs: [String] = []) throws -> (Process, Pipe) {
        let text = try String(contentsOfFile: CLI.root + "/examples/drawer.toml", encoding: .utf8)
        let i = text.range(of: "[[component]]")!.lowerBound
        dir.write("app.toml", String(text[..<i]) + "[control]\nsocket = \"\(dir.file("control.sock"))\"\n\n" + String(text[i...]))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["run", "--headless", "--size", "800x480", "--config", dir.file("app.toml")] + extraArgs
        let err = Pipe()
        p.standardError = err
        try p.run()
        waitFor(30, "the control socket") { access(dir.file("control.sock"), F_OK) == 0 }
        return (p, err)
    }

    func testStatusCommandsAndTheHealthCheck() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let (p, err) = try startKiosk(dir, extraArgs: ["--capture-scanout", dir.file("exit.png")])
        defer { if p.isRunning { kill(p.processIdentifier, SIGCONT); p.terminate() } }
        let socket = dir.file("control.sock")

        // Healthy: the loop answers and its frame is on the (memory) glass.
        var healthy: CLI.Result!
        waitFor(30, "a healthy verdict") {
            healthy = try? CLI.run(["status", "--socket", socket])
            return healthy?.status == 0
        }
        XCTAssertEqual(healthy.status, 0, healthy.stdout + healthy.stderr)
        XCTAssertTrue(healthy.stdout.hasPrefix("healthy\n"), healthy.stdout)
        XCTAssertTrue(healthy.stdout.contains("app Drawer"), healthy.stdout)
        XCTAssertTrue(healthy.stdout.contains("drawer: "), healthy.stdout)

        let json = try CLI.run(["status", "--socket", socket, "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        guard case .object(let status)? = ParsedJSON.parse(Array(json.stdout.utf8.dropLast())) else {
            return XCTFail("not one JSON object: \(json.stdout)")
        }
        XCTAssertEqual(status["healthy"], .bool(true))
        XCTAssertEqual(status["problem"], .null)
        XCTAssertEqual(status["app"], .string("Drawer"))
        XCTAssertEqual(status["version"], .string(PanelKiosk.configuration.version))
        XCTAssertEqual(status["touch_latency_ms"], .null, "null until the loop measures it")
        guard case .object(let display)? = status["display"], case .number(let rss)? = status["memory_rss_kb"],
              case .number(let flips)? = status["flips"], case .object(let components)? = status["components"] else {
            return XCTFail("fields missing: \(json.stdout)")
        }
        XCTAssertEqual(display["kind"], .string("headless"))
        XCTAssertEqual(display["connected"], .bool(true))
        XCTAssertGreaterThan(rss, 1000)
        XCTAssertGreaterThanOrEqual(flips, 1)
        XCTAssertNotNil(components["drawer"])

        let client = TestClient(path: socket)
        var id = 0
        func request(_ json: String) -> String { id += 1; return ask(client, json, id: id) }
        XCTAssertEqual(request(#"{"cmd":"brightness"}"#),
                       "{\"ok\":false,\"error\":\"no backlight: a display that is not the device's has none\",\"id\":\(id)}")
        XCTAssertEqual(request(#"{"cmd":"blank"}"#), "{\"ok\":true,\"blank\":true,\"id\":\(id)}")
        let blank = try CLI.run(["status", "--socket", socket, "--json"])
        XCTAssertEqual(blank.status, 0, "blank on purpose is healthy: \(blank.stdout)")
        XCTAssertTrue(blank.stdout.contains("\"blank\": true"), blank.stdout)
        XCTAssertEqual(request(#"{"cmd":"wake"}"#), "{\"ok\":true,\"blank\":false,\"id\":\(id)}")
        // A reload that renames the app: status says the new name (it kept the first).
        let appText = try String(contentsOfFile: dir.file("app.toml"), encoding: .utf8)
        dir.write("app.toml", appText.replacingOccurrences(of: "name = \"Drawer\"", with: "name = \"Renamed\""))
        XCTAssertEqual(request(#"{"cmd":"reload"}"#), "{\"ok\":true,\"id\":\(id)}")
        let renamed = try CLI.run(["status", "--socket", socket, "--json"])
        XCTAssertTrue(renamed.stdout.contains("\"app\": \"Renamed\""), renamed.stdout)
        XCTAssertTrue(request(#"{"cmd":"set_position","target":"drawer","position":"open","animated":false}"#).contains("\"ok\":true"))

        // Stalled: the process is there and its socket accepts, but the loop does not turn.
        kill(p.processIdentifier, SIGSTOP)
        let stalled = try CLI.run(["status", "--socket", socket, "--timeout", "1"])
        kill(p.processIdentifier, SIGCONT)
        XCTAssertEqual(stalled.status, 2, stalled.stdout)
        XCTAssertEqual(stalled.stdout, "unhealthy: no answer from \(socket) within 1000 ms: the kiosk's loop is stalled\n")
        let stalledJSON = try { () throws -> CLI.Result in
            kill(p.processIdentifier, SIGSTOP)
            defer { kill(p.processIdentifier, SIGCONT) }
            return try CLI.run(["status", "--socket", socket, "--timeout", "0.5", "--json"])
        }()
        XCTAssertEqual(stalledJSON.status, 2)
        XCTAssertTrue(stalledJSON.stdout.hasPrefix("{\"healthy\": false, \"problem\": \"no answer from"), stalledJSON.stdout)
        var again: CLI.Result!
        waitFor(30, "healthy again after SIGCONT") {
            again = try? CLI.run(["status", "--socket", socket])
            return again?.status == 0
        }

        // The screenshot over the socket is the frame --capture-scanout writes at exit (the
        // drawer jumped open and nothing moves, so it is the same frame).
        let shot = request("{\"cmd\":\"screenshot\",\"path\":\"\(dir.file("shot.png"))\"}")
        XCTAssertEqual(shot, "{\"ok\":true,\"path\":\"\(dir.file("shot.png"))\",\"id\":\(id)}")
        let fallback = request(#"{"cmd":"screenshot"}"#)
        XCTAssertEqual(fallback, "{\"ok\":true,\"path\":\"\(dir.file("screenshot.png"))\",\"id\":\(id)}",
                       "without a path: next to the socket when there is no RUNTIME_DIRECTORY")
        p.terminate()
        p.waitUntilExit()
        let log = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(p.terminationStatus, 0, log)
        for line in ["panel-kiosk: screen blanked by command", "panel-kiosk: screen woken by command",
                     "panel-kiosk: reloaded \(dir.file("app.toml")) (reload command)", "panel-kiosk: screenshot written to \(dir.file("shot.png"))"] {
            XCTAssertTrue(log.contains(line + "\n"), "missing \"\(line)\" in:\n\(log)")
        }
        XCTAssertFalse(log.contains("<6>"), "no priority prefixes when stderr is not the journal")
        let a = try PNGCodec.decode(path: dir.file("shot.png")), b = try PNGCodec.decode(path: dir.file("exit.png"))
        XCTAssertEqual(a.width, 800); XCTAssertEqual(a.height, 480)
        XCTAssertEqual(b.width, a.width); XCTAssertEqual(b.height, a.height)
        var differing = 0
        for y in 0..<min(a.height, b.height) { for x in 0..<min(a.width, b.width) where a[x, y] != b[x, y] { differing += 1 } }
        XCTAssertEqual(differing, 0, "pixels differing between the socket's screenshot and --capture-scanout")

        // Gone: nothing listens any more.
        let gone = try CLI.run(["status", "--socket", socket])
        XCTAssertEqual(gone.status, 2)
        XCTAssertTrue(gone.stdout.hasPrefix("unhealthy: cannot connect to \(socket): "), gone.stdout)
        XCTAssertTrue(gone.stdout.contains("is panel-kiosk running"), gone.stdout)
    }

    /// Under journald (JOURNAL_STREAM names stderr) every line carries its priority; a
    /// failure at exit is `<3>`. The stream here is a pipe the test names as the journal's.
    func testPriorityPrefixesWhenJournaldReadsStderr() throws {
        func run(_ args: [String]) throws -> (Int32, String) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CLI.binary)
            p.arguments = args
            let err = Pipe()
            var st = stat()
            XCTAssertEqual(fstat(err.fileHandleForWriting.fileDescriptor, &st), 0)
            p.environment = ProcessInfo.processInfo.environment.merging(["JOURNAL_STREAM": "\(st.st_dev):\(st.st_ino)"]) { $1 }
            p.standardError = err
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            return (p.terminationStatus, text)
        }
        let dir = TempDir()
        defer { dir.remove() }
        let (ok, log) = try run(["run", "--headless", "--frames", "2", "--config", CLI.root + "/examples/drawer.toml"])
        XCTAssertEqual(ok, 0, log)
        XCTAssertTrue(log.hasPrefix("<6>panel-kiosk: headless: memory (headless) 800x480@60\n"), log)
        let (failed, fatal) = try run(["run", "--headless", "--config", dir.file("missing.toml")])
        XCTAssertEqual(failed, 1)
        XCTAssertEqual(fatal, "<3>Error: \(dir.file("missing.toml")):1:1: cannot read \(dir.file("missing.toml")): No such file or directory\n")
        dir.write("bad.toml", "x = [\n")
        let (bad, problems) = try run(["check", dir.file("bad.toml")])
        XCTAssertEqual(bad, 1)
        XCTAssertTrue(problems.split(separator: "\n").allSatisfy { $0.hasPrefix("<3>") }, problems)
    }
}
