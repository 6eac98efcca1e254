import Foundation
import XCTest

/// `render --trace`: a fling on each of the five components, read back from the trace. What
/// the finger does carries on without a jump: nothing moves at touch-down, the first frame
/// after the lift moves about as far as the finger's last step, the speed just after the lift
/// is the finger's (the release velocity is in the motion), and the motion comes to rest
/// without a last snap.
final class MotionTraceTests: XCTestCase {
    struct Frame {
        var tMS: Double
        var phase: String
        var position: Double
        var velocity: Double?
        var finger: (x: Double, y: Double)?
    }

    /// Renders `app` (an example with `changes` applied) with a straight 8-step fling from
    /// (x, y) by (dx, dy) points per 16 ms step, and reads the trace of `component`'s `key`.
    func fling(_ example: String, _ changes: [(String, String)] = [], component: String, key: String,
               from x: Int, _ y: Int, step dx: Int, _ dy: Int) throws -> [Frame] {
        var app = try String(contentsOfFile: CLI.root + "/examples/" + example, encoding: .utf8)
        for (a, b) in changes { app = app.replacingOccurrences(of: a, with: b) }
        let dir = CLI.tempDir()
        try app.write(toFile: dir + "/app.toml", atomically: true, encoding: .utf8)
        var script = ["100 down 1 \(x) \(y)"]
        for i in 1...8 { script.append("\(100 + i * 16) move 1 \(x + i * dx) \(y + i * dy)") }
        script.append("\(100 + 8 * 16 + 4) up 1")
        try script.joined(separator: "\n").write(toFile: dir + "/s.touch", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "--config", dir + "/app.toml", "--script", dir + "/s.touch",
                             "--out", dir + "/out", "--trace", dir + "/trace.jsonl"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = try String(contentsOfFile: dir + "/trace.jsonl", encoding: .utf8).split(separator: "\n")
        return try lines.map { line in
            let d = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let c = try XCTUnwrap((d["components"] as? [String: Any])?[component] as? [String: Any], "\(component) in \(line)")
            let finger = (d["fingers"] as? [[String: Any]])?.first.map {
                (x: ($0["x_pt"] as? NSNumber)?.doubleValue ?? .nan, y: ($0["y_pt"] as? NSNumber)?.doubleValue ?? .nan)
            }
            return Frame(tMS: (d["t_ms"] as? NSNumber)?.doubleValue ?? .nan, phase: c["phase"] as? String ?? "",
                         position: try XCTUnwrap(((c["position"] as? [String: Any])?[key] as? NSNumber)?.doubleValue),
                         velocity: ((c["velocity"] as? [String: Any])?[key] as? NSNumber)?.doubleValue, finger: finger)
        }
    }

    /// The checks every component's fling passes; `fingerStep` is the finger's travel per
    /// frame along the component's axis (points).
    func assertContinuous(_ frames: [Frame], fingerStep: Double, _ what: String,
                          file: StaticString = #filePath, line: UInt = #line) throws {
        let down = try XCTUnwrap(frames.firstIndex { $0.finger != nil }, "\(what): no finger in the trace", file: file, line: line)
        let lastHeld = try XCTUnwrap(frames.lastIndex { $0.finger != nil }, file: file, line: line)
        let rest = try XCTUnwrap(frames.lastIndex { $0.phase != "rest" }.map { $0 + 1 }, "\(what): never moved", file: file, line: line)
        // A trace that never rests (or too short to judge) fails here rather than crashing below.
        guard down >= 1, lastHeld + 2 < frames.count, rest < frames.count, rest >= 2 else {
            XCTFail("\(what): \(frames.count) frames, touch-down at \(down), lift after \(lastHeld), rest at \(rest)", file: file, line: line)
            return
        }
        XCTAssertEqual(frames[down].position, frames[down - 1].position, "\(what): a touch-down moves nothing",
                       file: file, line: line)
        XCTAssertEqual(frames[lastHeld].phase, "dragging", "\(what): the component followed the finger", file: file, line: line)
        // The lift: the first frame without the finger moves about one finger step (a spring
        // starting at the finger's speed), not a jump.
        let liftStep = abs(frames[lastHeld + 1].position - frames[lastHeld].position)
        XCTAssertLessThanOrEqual(liftStep, fingerStep * 1.25, "\(what): a jump at the lift", file: file, line: line)
        XCTAssertGreaterThan(liftStep, fingerStep * 0.75, "\(what): a stop at the lift", file: file, line: line)
        let before = try XCTUnwrap(frames[lastHeld].velocity, file: file, line: line)
        let after = try XCTUnwrap(frames[lastHeld + 2].velocity, file: file, line: line)
        XCTAssertEqual(after, before, accuracy: abs(before) * 0.25,
                       "\(what): the speed after the lift (\(after) pt/s) is the finger's (\(before) pt/s)", file: file, line: line)
        // Coming to rest: the last step is no bigger than the one before it (no final snap).
        let last = abs(frames[rest].position - frames[rest - 1].position)
        let previous = abs(frames[rest - 1].position - frames[rest - 2].position)
        XCTAssertLessThanOrEqual(last, max(fingerStep, previous * 1.25), "\(what): a snap at rest", file: file, line: line)
    }

    func testBottomDrawerFling() throws {
        // Lifted 76 pt below open at 900 pt/s: room to carry the finger's speed. (From 21 pt
        // below open at 1500 pt/s the overshoot is bounded by the 20 pt left above open, and
        // the speed two frames on is not the finger's: FlickOvershootTests.)
        let frames = try fling("drawer.toml", component: "drawer", key: "visible_height_pt", from: 400, 440, step: 0, -15)
        try assertContinuous(frames, fingerStep: 15, "bottom drawer")
    }

    func testSheetFling() throws {
        let frames = try fling("sheet.toml", component: "sheet", key: "origin_pt", from: 400, 450, step: 0, -20)
        try assertContinuous(frames, fingerStep: 20, "sheet")
    }

    func testSideDrawerFling() throws {
        let frames = try fling("menu.toml", component: "menu", key: "pane_offset_pt", from: 100, 240, step: 25, 0)
        try assertContinuous(frames, fingerStep: 25, "side drawer")
    }

    func testPopupFling() throws {
        // The drag style tracks the finger (the default opens an upward swipe untracked).
        let frames = try fling("player.toml", [("initial = \"barPresented\"", "initial = \"barPresented\"\ninteraction_style = \"drag\"")],
                               component: "player", key: "bar_top_pt", from: 400, 450, step: 0, -25)
        try assertContinuous(frames, fingerStep: 25, "popup")
    }

    func testSwipeDismissFling() throws {
        let carried = try fling("dismiss.toml", [("id = \"modal\"", "id = \"modal\"\nuse_release_velocity = true")],
                                component: "modal", key: "offset_pt", from: 400, 200, step: 0, 20)
        try assertContinuous(carried, fingerStep: 20, "swipe to dismiss")
        // The reference's slide (the default) runs on UIKit's ease-in-out: it starts from rest
        // at the lift, dropping this finger's 1200 pt/s, then overtakes it to end at the
        // duration; which is why the option exists.
        let eased = try fling("dismiss.toml", component: "modal", key: "offset_pt", from: 400, 200, step: 0, 20)
        let lift = try XCTUnwrap(eased.lastIndex { $0.finger != nil })
        XCTAssertLessThan(try XCTUnwrap(eased[lift + 2].velocity), 0.5 * 1200, "eases in from rest")
        let fastest = eased[(lift + 1)...].compactMap(\.velocity).max() ?? 0
        XCTAssertGreaterThan(fastest, 1200, "then faster than the finger")
    }

    /// The trace's other fields: the phases a fling goes through, the finger in points, and
    /// velocity null on the first line.
    func testTraceLines() throws {
        let frames = try fling("drawer.toml", component: "drawer", key: "visible_height_pt", from: 400, 440, step: 0, -25)
        XCTAssertNil(frames[0].velocity)
        var phases: [String] = []
        for f in frames where phases.last != f.phase { phases.append(f.phase) }
        XCTAssertEqual(phases, ["rest", "pressed", "dragging", "settling", "rest"])
        let held = frames.compactMap(\.finger)
        XCTAssertEqual(held.first?.y, 440)
        // The last move and the lift land in the same frame: the last frame held shows the 7th.
        XCTAssertEqual(held.last?.y, 440 - 7 * 25)
        XCTAssertEqual(zip(frames, frames.dropFirst()).allSatisfy { $0.tMS < $1.tMS }, true)
    }

    /// A trace or recording that cannot be written is said at start, naming the option and
    /// the folder (a usage error, before anything is read or drawn).
    func testAnUnwritableTraceOrRecordingIsAnErrorAtStart() throws {
        for option in ["--trace", "--record"] {
            let args = option == "--trace"
                ? ["render", "--config", CLI.root + "/examples/drawer.toml", "--out", CLI.tempDir(), option, "/nonexistent/f"]
                : ["run", "--headless", "--frames", "1", "--config", CLI.root + "/examples/drawer.toml", option, "/nonexistent/f"]
            let r = try CLI.run(args)
            XCTAssertEqual(r.status, 64, option)
            XCTAssertTrue(r.stderr.contains("\(option): the folder /nonexistent does not exist"), "\(option): \(r.stderr)")
        }
    }
}
