import DrawerRuntime
import PanelRenderer
import XCTest

final class TouchRecorderTests: XCTestCase {
    func testWritesContractScriptLinesInPixels() {
        var r = TouchRecorder(scale: 2)
        let start = Instant.seconds(1234.5)   // CLOCK_MONOTONIC-like origin
        r.record(TouchEvent(id: 1, phase: .down, location: Point(100, 200), time: start))
        r.record(TouchEvent(id: 1, phase: .move, location: Point(100.25, 190), time: start + .milliseconds(16.5)))
        r.record(TouchEvent(id: 1, phase: .up, location: Point(100.25, 190), time: start + .milliseconds(40)))
        r.record(TouchEvent(id: 2, phase: .cancel, location: .zero, time: start + .milliseconds(41)))
        let lines = r.text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        XCTAssertEqual(lines, ["0 down 1 200 400", "16.5 move 1 200.5 380", "40 up 1", "41 cancel 2"])
        XCTAssertEqual(r.count, 4)
    }

    func testNumbersRoundTrip() {
        var r = TouchRecorder()
        let e = TouchEvent(id: 3, phase: .move, location: Point(1.0 / 3, 2.0 / 3), time: .nanoseconds(16_666_667))
        r.record(TouchEvent(id: 3, phase: .down, location: .zero, time: .zero))
        let words = r.line(for: e).split(separator: " ")
        XCTAssertEqual(Double(String(words[0])), 16.666667)
        XCTAssertEqual(Double(String(words[3])), 1.0 / 3)
        XCTAssertEqual(Double(String(words[4])), 2.0 / 3)
    }
}
