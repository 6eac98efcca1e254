#if canImport(Glibc)
import Glibc
#endif
import Foundation
import XCTest

/// `panel-kiosk send` against a real headless kiosk (the binary, its loop and socket): replies
/// printed as the kiosk wrote them, the exit status saying whether all were done, events with
/// --subscribe, commands from standard input, and a clear message when there is no kiosk.
/// Waits poll with generous deadlines; nothing asserts a duration.
final class SendCommandTests: XCTestCase {
    func testSendPrintsRepliesEventsAndExitStatus() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let text = try String(contentsOfFile: CLI.root + "/examples/drawer.toml", encoding: .utf8)
        let i = text.range(of: "[[component]]")!.lowerBound
        let socket = dir.file("control.sock")
        dir.write("app.toml", String(text[..<i]) + "[control]\nsocket = \"\(socket)\"\n\n" + String(text[i...]))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["run", "--headless", "--size", "800x480", "--config", dir.file("app.toml")]
        p.standardError = Pipe()
        try p.run()
        defer { if p.isRunning { p.terminate(); p.waitUntilExit() } }
        let end = Date().addingTimeInterval(30)
        while access(socket, F_OK) != 0 && Date() < end { usleep(20_000) }

        let done = try CLI.run(["send", "--socket", socket, #"{"cmd": "set_position", "target": "drawer", "position": "open"}"#])
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertEqual(done.stdout, "{\"ok\":true}\n")

        let mixed = try CLI.run(["send", "--socket", socket, #"{"cmd": "status"}"#, "{\"cmd\":\n \"nope\"}"])
        XCTAssertEqual(mixed.status, 1, "one refused: \(mixed.stdout)")
        let replies = mixed.stdout.split(separator: "\n")
        XCTAssertEqual(replies.count, 2, mixed.stdout)
        XCTAssertTrue(replies.first?.hasPrefix("{\"ok\":true,\"status\":{") ?? false, mixed.stdout)
        XCTAssertEqual(replies.last, #"{"ok":false,"error":"unknown command \"nope\""}"#)

        // Subscribed first, so the events the command causes come too: will, then did.
        let events = try CLI.run(["send", "--socket", socket, "--subscribe", "--count", "2",
                                  #"{"cmd": "set_position", "target": "drawer", "position": "collapsed"}"#])
        XCTAssertEqual(events.status, 0, events.stderr)
        let lines = events.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0 == "{\"ok\":true}" }.count, 1, events.stdout)
        XCTAssertTrue(lines.contains { $0.contains("\"event\": \"position_will_change\"") && $0.contains("\"to\": \"collapsed\"") }, events.stdout)
        XCTAssertTrue(lines.contains { $0.contains("\"event\": \"position_did_change\"") }, events.stdout)

        dir.write("commands.jsonl", "{\"cmd\": \"set_position\", \"target\": \"drawer\", \"position\": \"open\"}\n\n{\"cmd\": \"blank\"}\n")
        let piped = try CLI.run(program: "/bin/sh", ["-c", "\"$0\" send --socket \"$1\" - < \"$2\"", CLI.binary, socket, dir.file("commands.jsonl")])
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(piped.stdout, "{\"ok\":true}\n{\"ok\":true,\"blank\":true}\n")
    }

    func testNoKioskIsExitTwoWithAMessage() throws {
        let none = try CLI.run(["send", "--socket", "/nonexistent/control.sock", #"{"cmd": "status"}"#])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("cannot connect to /nonexistent/control.sock"), none.stderr)
        XCTAssertTrue(none.stderr.contains("is panel-kiosk running"), none.stderr)
        let nothing = try CLI.run(["send"])
        XCTAssertEqual(nothing.status, 64, nothing.stderr)
        XCTAssertTrue(nothing.stderr.contains("give a command"), nothing.stderr)
    }
}
