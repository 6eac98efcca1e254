import Foundation
@testable import PanelKiosk
import XCTest

/// Files the kiosk writes line by line (`--events`, `--trace`, `--record`) stay bounded on a
/// kiosk that runs for months: a log rotates to `PATH.1`, a touch recording stops.
final class LogLimitTests: XCTestCase {
    private func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func testALogRotatesAtItsLimitAndKeepsTheNewestLines() throws {
        let path = CLI.tempDir() + "/events.jsonl"
        let log = EventRecorder(path: path, limit: .init(bytes: 100, whenFull: .rotate))
        for i in 0..<50 { log.write("line \(i) padded to twenty") }   // 25 bytes each with the newline
        try log.close()
        let current = lines(path), previous = lines(path + ".1")
        // 4 lines fill 100 bytes; 50 lines make 12 full files and 2 lines in the 13th.
        XCTAssertEqual(current, ["line 48 padded to twenty", "line 49 padded to twenty"])
        XCTAssertEqual(previous, (44..<48).map { "line \($0) padded to twenty" })
        XCTAssertLessThanOrEqual(try FileManager.default.attributesOfItem(atPath: path + ".1")[.size] as? Int ?? .max, 100)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".1.1"))
    }

    func testARecordingStopsAtItsLimitWithoutFailing() throws {
        let path = CLI.tempDir() + "/touches.touch"
        let file = EventRecorder(path: path, what: "touch recording", limit: .init(bytes: 60, whenFull: .stop))
        for i in 0..<10 { file.write("\(i * 16) move 1 10 10 padded") }
        XCTAssertTrue(file.full)
        XCTAssertNoThrow(try file.close())   // a full recording is not a failed one: run exits 0
        let kept = lines(path)
        XCTAssertEqual(kept.count, 2, "\(kept)")
        XCTAssertEqual(kept.first, "0 move 1 10 10 padded")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".1"))
    }

    func testALogRemovedByHandStartsAnew() throws {
        let dir = CLI.tempDir(), path = dir + "/trace.jsonl"
        let log = EventRecorder(path: path, what: "motion trace", limit: .init(bytes: 30, whenFull: .rotate))
        log.write("first line of twenty")
        try FileManager.default.removeItem(atPath: path)
        log.write("second line of twenty")
        XCTAssertNoThrow(try log.close())
        XCTAssertEqual(lines(path), ["second line of twenty"])
    }

    func testTheDefaultLimitsAreTheDocumentedOnes() {
        XCTAssertEqual(EventRecorder.Limit.defaultBytes, 64 * 1024 * 1024)
        XCTAssertEqual(EventRecorder.Limit.rotating.whenFull, .rotate)
        XCTAssertEqual(EventRecorder.Limit.stopping.whenFull, .stop)
    }

    /// A message (a saved file's problems) is logged and kept for `status` as its first 20
    /// lines and a count of the rest: 15,000 problems made every `status` reply ~500 KB.
    func testALongMessageIsLoggedAndKeptAsItsFirstLinesAndACount() {
        let problems = (1...15_000).map { "app.toml:\($0):1: unknown key 'x\($0)'" }.joined(separator: "\n")
        let shown = KioskLog.bounded(problems)
        let lines = shown.split(separator: "\n")
        XCTAssertEqual(lines.count, KioskLog.maxMessageLines + 1)
        XCTAssertEqual(lines.first, "app.toml:1:1: unknown key 'x1'")
        XCTAssertEqual(lines.last, "… 14980 more lines not shown")
        XCTAssertLessThanOrEqual(shown.utf8.count, KioskLog.maxMessageBytes + 64)
        KioskLog.warning(problems)
        XCTAssertEqual(KioskLog.lastProblem?.message, shown, "status carries the bounded message")
    }

    /// One enormous line is cut on a character, never inside one.
    func testAnEnormousLineIsCutOnACharacter() {
        let line = String(repeating: "é", count: 10_000)   // 2 bytes each
        let shown = KioskLog.bounded(line)
        XCTAssertLessThanOrEqual(shown.utf8.count, KioskLog.maxMessageBytes + 3)
        XCTAssertTrue(shown.hasSuffix("é…"))
        XCTAssertEqual(KioskLog.bounded("a short message\nof two lines"), "a short message\nof two lines")
        let twenty = (1...20).map { "line \($0)" }.joined(separator: "\n")
        XCTAssertEqual(KioskLog.bounded(twenty), twenty, "20 lines are within the bound")
        XCTAssertEqual(KioskLog.bounded(twenty + "\nline 21").split(separator: "\n").last, "… 1 more line not shown")
    }
}
