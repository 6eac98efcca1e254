#if canImport(Glibc)
import Glibc
#endif
import Foundation
import XCTest
@testable import PanelKiosk

/// 16 clients pipelining screenshots at a real headless kiosk (the binary, its loop and
/// socket) while another asks for `status`: the loop keeps its frames going and answers the
/// status at once, because commands run within a time budget per wake-up, the clients take
/// turns and at most one expensive command runs per wake-up (KioskServices.runCommands).
/// Before, 15 clients of 256 screenshots held the loop for 59 s, past the unit's 10 s
/// watchdog. Figures are printed, not asserted; what is asserted is that every command is
/// answered and that no wait came near the watchdog.
///
/// `PANEL_KIOSK_SOCKET_FLOOD=N` sends N screenshots per client (scripts/test: 256, the
/// issue's figure, in the release build); 16 by default.
final class SocketFloodTests: XCTestCase {
    func testScreenshotFloodKeepsFramesAndStatusAnswers() throws {
        let perClient = ProcessInfo.processInfo.environment["PANEL_KIOSK_SOCKET_FLOOD"].flatMap(Int.init) ?? 16
        let clients = 16
        let dir = TempDir()
        defer { dir.remove() }
        let text = try String(contentsOfFile: CLI.root + "/examples/drawer.toml", encoding: .utf8)
        let i = text.range(of: "[[component]]")!.lowerBound
        dir.write("app.toml", String(text[..<i]) + "[control]\nsocket = \"\(dir.file("control.sock"))\"\n\n" + String(text[i...]))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        // --frames: every frame drawn (a still screen draws none), so flip intervals measure
        // the loop; far more than the run needs, it ends with SIGTERM.
        p.arguments = ["run", "--headless", "--size", "800x480", "--config", dir.file("app.toml"), "--stats", dir.file("stats.json"),
                       "--frames", "10000000"]
        p.standardError = FileHandle.nullDevice
        try p.run()
        defer { if p.isRunning { p.terminate() } }
        var waited = Date()
        while access(dir.file("control.sock"), F_OK) != 0 {
            if Date().timeIntervalSince(waited) > 30 { return XCTFail("no control socket") }
            usleep(20_000)
        }
        // A first status: the loop is up.
        let probe = TestClient(path: dir.file("control.sock"))
        probe.send("{\"cmd\":\"status\",\"id\":0}\n")
        waited = Date()
        var probeText = ""
        while !probeText.contains("\"id\":0}") && Date().timeIntervalSince(waited) < 30 { probeText += probe.readAvailable() ?? ""; usleep(10_000) }
        XCTAssertTrue(probeText.contains("\"ok\":true"), probeText)
        _ = probe

        let flooders = (0..<clients).map { _ in TestClient(path: dir.file("control.sock")) }
        for (n, c) in flooders.enumerated() {
            let lines = (0..<perClient).map { "{\"cmd\":\"screenshot\",\"path\":\"\(dir.file("shot-\(n).png"))\",\"id\":\($0)}\n" }.joined()
            XCTAssertEqual(c.send(lines), lines.utf8.count, "pipelined whole")
        }
        // While they wait: a status, timed from send to reply.
        usleep(50_000)
        let asker = TestClient(path: dir.file("control.sock"))
        let asked = Date()
        asker.send("{\"cmd\":\"status\",\"id\":1}\n")
        var statusText = ""
        var statusS: Double?
        var got = [String](repeating: "", count: clients)
        let start = Date()
        func answered(_ n: Int) -> Int { got[n].split(separator: "\n").count }
        while Date().timeIntervalSince(start) < 600 {
            if statusS == nil {
                statusText += asker.readAvailable() ?? ""
                if statusText.contains("\"id\":1}") { statusS = Date().timeIntervalSince(asked) }
            }
            for (n, c) in flooders.enumerated() { got[n] += c.readAvailable() ?? "" }
            if statusS != nil && (0..<clients).allSatisfy({ answered($0) == perClient }) { break }
            usleep(5_000)
        }
        let floodS = Date().timeIntervalSince(start)
        XCTAssertNotNil(statusS, "status never answered")
        XCTAssertTrue(statusText.contains("\"ok\":true"), statusText)
        for n in 0..<clients {
            XCTAssertEqual(answered(n), perClient, "client \(n) got every reply")
            XCTAssertEqual(got[n].components(separatedBy: "\"ok\":true").count - 1, perClient, "client \(n): \(got[n].prefix(300))")
        }
        // The unit's watchdog is 10 s (systemd/panel-kiosk.service): a status answered well
        // within it means the loop kept turning.
        XCTAssertLessThan(statusS ?? .infinity, 10, "status waited near the watchdog")
        p.terminate()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        var flips = "?"
        if case .object(let s)? = ParsedJSON.parse(Array((dir.read("stats.json") ?? "").utf8)), case .object(let f)? = s["flip_interval_ms"] {
            func ms(_ key: String) -> String { if case .number(let v)? = f[key] { String(format: "%.1f", v) } else { "?" } }
            flips = "p50 \(ms("p50")) p99 \(ms("p99")) max \(ms("max"))"
        }
        print("SOCKET-FLOOD: \(clients) clients x \(perClient) screenshots answered in \(String(format: "%.1f", floodS)) s; "
              + "a status sent meanwhile answered in \(String(format: "%.1f", (statusS ?? .nan) * 1000)) ms; "
              + "flip interval ms at 60 Hz over the run: \(flips)")
    }
}
