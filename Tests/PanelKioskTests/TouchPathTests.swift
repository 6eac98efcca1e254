import DrawerRuntime
import Foundation
import PanelKiosk
import XCTest

/// One touch path: a touch script played by `render` (simulated clock) and by `run --headless
/// --play` (the real-time loop, the real clock) goes through the same player and the same
/// finger numbering (`TouchScriptPlayer`, `TouchSlots`), so the runtime sees the same fingers
/// and raises the same events. The script uses finger ids that are not the ones the runtime
/// gives (5, 2, 3: the runtime numbers touch-downs 1, 2, 3, 4, as libinput's slots are), an
/// extra finger the drawer ignores, a reused id, a tap and a fling.
final class TouchPathTests: XCTestCase {
    static let script = """
        # finger 5 drags the drawer open while finger 2 touches too (an extra finger, ignored)
        0 down 5 400 260
        16 move 5 400 240
        33 move 5 400 200
        50 move 5 400 150
        60 down 2 600 300
        66 move 5 400 100
        83 move 5 400 60
        90 move 2 600 250
        100 up 5
        120 up 2
        # finger 5 again (a new finger for the runtime): a tap on a row
        1500 down 5 300 110
        1560 up 5
        # a fling down to collapsed
        2200 down 3 400 100
        2216 move 3 400 140
        2233 move 3 400 200
        2250 move 3 400 300
        2266 move 3 400 380
        2270 up 3

        """

    func testRenderAndPlayedRunHandTheRuntimeTheSameFingersAndEvents() throws {
        let dir = TempDir()
        defer { dir.remove() }
        dir.write("s.touch", Self.script)
        let config = CLI.root + "/examples/drawer.toml"
        let rendered = try CLI.run(["render", "--config", config, "--size", "800x480", "--script", dir.file("s.touch"),
                                    "--out", dir.path, "--events", dir.file("r.jsonl"), "--trace", dir.file("rt.jsonl")])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let played = try CLI.run(["run", "--headless", "--size", "800x480", "--config", config, "--play", dir.file("s.touch"),
                                  "--events", dir.file("p.jsonl"), "--trace", dir.file("pt.jsonl"), "--record", dir.file("rec.touch")])
        XCTAssertEqual(played.status, 0, played.stderr)

        // The same events in the same order; only their times differ (render's clock starts
        // at 0 and frames fall on its grid, the played run's on the real clock's vblanks).
        let renderEvents = try Self.lines(dir.file("r.jsonl")).map(Self.withoutTime)
        let playedEvents = try Self.lines(dir.file("p.jsonl")).map(Self.withoutTime)
        XCTAssertEqual(renderEvents.count, 5, "\(renderEvents)")
        XCTAssertEqual(playedEvents, renderEvents)
        XCTAssertTrue(renderEvents.contains { $0.contains("\"event\"=action") && $0.contains("place-2") }, "\(renderEvents)")

        // The fingers: every (finger id, position) the played run's trace shows, render's
        // shows too (a played run on a slow machine draws fewer frames, so it may show fewer).
        let renderFingers = try Self.fingers(dir.file("rt.jsonl"))
        let playedFingers = try Self.fingers(dir.file("pt.jsonl"))
        XCTAssertEqual(Set(renderFingers.map(\.id)), [1, 2, 3, 4], "the runtime numbers touch-downs from 1")
        XCTAssertFalse(playedFingers.isEmpty)
        for f in playedFingers { XCTAssertTrue(renderFingers.contains(f), "played finger \(f) is not render's") }

        // And the touches the runtime got, recorded by the played run, carry those ids.
        let recorded = try TouchScript.parse(try String(contentsOfFile: dir.file("rec.touch"), encoding: .utf8), name: "rec")
        let downs = recorded.lines.compactMap { line -> Int? in if case .down(let f, _, _) = line.verb { f } else { nil } }
        XCTAssertEqual(downs, [1, 2, 3, 4])
    }

    /// A `--play` script with a `do` line is refused before the loop starts, by the source
    /// itself (the message names the line).
    func testPlayRefusesCallsAtTheSource() {
        let script = try! TouchScript.parse("0 down 1 10 10\n5 send {\"cmd\": \"status\"}\n10 up 1\n", name: "x.touch")
        XCTAssertThrowsError(try ScriptTouchSource(script, start: .zero)) {
            XCTAssertEqual("\($0)", "x.touch:2: --play takes finger lines only (down, move, up, cancel): a touchscreen sends no calls or commands")
        }
    }

    private static func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// An event line as sorted key=value pairs without `t_ms`.
    private static func withoutTime(_ line: String) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return "not JSON: \(line)" }
        return object.filter { $0.key != "t_ms" }.sorted { $0.key < $1.key }.map { "\"\($0.key)\"=\($0.value)" }.joined(separator: " ")
    }

    struct Finger: Hashable, CustomStringConvertible {
        var id: Int, x: Double, y: Double
        var description: String { "\(id)@(\(x), \(y))" }
    }

    /// Every finger (id and position) a trace's lines show.
    private static func fingers(_ path: String) throws -> Set<Finger> {
        var out = Set<Finger>()
        for line in try lines(path) {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            for f in object["fingers"] as? [[String: Any]] ?? [] {
                out.insert(Finger(id: (f["id"] as? NSNumber)?.intValue ?? -1, x: (f["x_pt"] as? NSNumber)?.doubleValue ?? .nan,
                                  y: (f["y_pt"] as? NSNumber)?.doubleValue ?? .nan))
            }
        }
        return out
    }
}
