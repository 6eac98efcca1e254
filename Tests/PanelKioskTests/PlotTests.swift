import Foundation
import PanelKiosk
import PanelRenderer
import XCTest

/// `panel-kiosk plot`: a checked-in trace of a fling on the bottom drawer (rendered from
/// examples/drawer.toml with an 8-step upward flick) drawn and compared with the reference
/// image (Goldens/plot-drawer-fling.png, also shown in the README): at most 2/255 per channel
/// on at most 0.1 % of the pixels. PANEL_UPDATE_GOLDENS=1 rewrites the reference.
final class PlotTests: XCTestCase {
    static let goldens = Golden.folder

    func testDrawerFlingPlotMatchesTheReference() throws {
        let out = CLI.tempDir() + "/plot.png"
        let r = try CLI.run(["plot", Self.goldens + "/drawer-fling.trace.jsonl", "--out", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("plotted drawer (42 frames)"), r.stdout)
        try Golden.assertMatches(try PNGCodec.decode(path: out), "plot-drawer-fling")
    }

    /// What the plot is made of: the positions that move, the finger, and the marks.
    func testPlotPicksWhatMoves() throws {
        let out = CLI.tempDir() + "/plot.png"
        let trace = Self.goldens + "/drawer-fling.trace.jsonl"
        XCTAssertEqual(try CLI.run(["plot", trace, "--out", out, "--component", "drawer", "--size", "600x400"]).status, 0)
        XCTAssertEqual(try PNGCodec.decode(path: out).width, 600)
        let wrong = try CLI.run(["plot", trace, "--out", out, "--component", "drawr"])
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.stderr.contains("no component 'drawr' in the trace (it has drawer); did you mean 'drawer'?"), wrong.stderr)
    }

    /// Every phase change is marked where it happens (README, docs/formats.md): the drag
    /// starting after the slop and the list taking over included, not only the lift's
    /// decision and the rest. `pressed` is the touch-down, marked as "down".
    func testEveryPhaseChangeIsMarked() throws {
        let dir = CLI.tempDir()
        let steps: [(Double, String, Bool)] = [(0, "rest", false), (16, "pressed", true), (32, "dragging", true),
                                               (48, "dragging", true), (64, "scrolling", true), (80, "dragging", true),
                                               (96, "settling", false), (112, "gliding", false), (128, "rest", false)]
        let lines = steps.enumerated().map { k, s in
            let finger = s.2 ? #"[{"id": 1, "x_pt": 400, "y_pt": \#(400 - k * 10)}]"# : "[]"
            return #"{"t_ms": \#(s.0), "fingers": \#(finger), "components": {"c": {"phase": "\#(s.1)", "position": {"a_pt": \#(k * 10)}, "velocity": {"a_pt": null}}}}"#
        }
        try lines.joined(separator: "\n").write(toFile: dir + "/t.jsonl", atomically: true, encoding: .utf8)
        let marks = try MotionPlot(tracePath: dir + "/t.jsonl", component: nil).markers.map { "\(Int($0.x)) \($0.label)" }
        XCTAssertEqual(marks, ["16 down", "32 dragging", "64 scrolling", "80 dragging", "96 up", "96 settling",
                               "112 gliding", "128 rest"])
        // The checked-in fling: its drag starts at the first move past the slop.
        let fling = try MotionPlot(tracePath: Self.goldens + "/drawer-fling.trace.jsonl", component: nil).markers
        XCTAssertEqual(fling.first { $0.label == "dragging" }?.x, 116.667)
    }

    func testABadTraceNamesItsLine() throws {
        let dir = CLI.tempDir()
        try "{\"t_ms\": 0, \"fingers\": [], \"components\": {}}\n{\"t_ms\": 16\n".write(toFile: dir + "/t.jsonl", atomically: true, encoding: .utf8)
        let r = try CLI.run(["plot", dir + "/t.jsonl", "--out", dir + "/p.png"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("\(dir)/t.jsonl:2: not a motion trace line"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/p.png"))
        // Out of order, one frame, huge numbers: drawn, not a crash.
        let odd = [#"{"t_ms": 50, "fingers": [], "components": {"c": {"phase": "settling", "position": {"a_pt": 1.7e308}, "velocity": {"a_pt": null}}}}"#,
                   #"{"t_ms": 10, "fingers": [{"id": 1, "x_pt": 3, "y_pt": 4}], "components": {"c": {"phase": "rest", "position": {"a_pt": -1.7e308}, "velocity": {"a_pt": 1e300}}}}"#]
        for lines in [odd, [odd[0]]] {
            try lines.joined(separator: "\n").write(toFile: dir + "/o.jsonl", atomically: true, encoding: .utf8)
            XCTAssertEqual(try CLI.run(["plot", dir + "/o.jsonl", "--out", dir + "/o.png"]).status, 0)
        }
        try "".write(toFile: dir + "/e.jsonl", atomically: true, encoding: .utf8)
        XCTAssertTrue(try CLI.run(["plot", dir + "/e.jsonl", "--out", dir + "/p.png"]).stderr.contains("the trace is empty"))
    }
    /// A `run` trace's times are the monotonic clock's (ms since boot): its axis is drawn from
    /// its first line (the labels, 4106200 and up, ran into each other and off the chart); a
    /// `render` trace's from 0 as before.
    func testARunTraceIsDrawnFromItsFirstLine() throws {
        let dir = CLI.tempDir()
        func trace(from t0: Double) -> String {
            (0..<3).map { k in
                #"{"t_ms": \#(t0 + 16.7 * Double(k)), "fingers": [], "components": {"c": {"phase": "settling", "position": {"a_pt": \#(k * 10)}, "velocity": {"a_pt": null}}}}"#
            }.joined(separator: "\n")
        }
        try trace(from: 4_106_327.772).write(toFile: dir + "/run.jsonl", atomically: true, encoding: .utf8)
        try trace(from: 16.7).write(toFile: dir + "/render.jsonl", atomically: true, encoding: .utf8)
        XCTAssertEqual(try MotionPlot(tracePath: dir + "/run.jsonl", component: nil).timeOriginMS, 4_106_327.772)
        XCTAssertEqual(try MotionPlot(tracePath: dir + "/render.jsonl", component: nil).timeOriginMS, 0)
        let r = try CLI.run(["plot", dir + "/run.jsonl", "--out", dir + "/run.png"])
        XCTAssertEqual(r.status, 0, r.stderr)
    }
}
