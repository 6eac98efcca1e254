import DrawerRuntime
import PanelRenderer
import XCTest

final class TouchSanitizerTests: XCTestCase {
    func testWellFormedStreamPassesUnchanged() {
        var s = TouchSanitizer()
        let events = [touch(.down, 1, 0, 0, ms: 0), touch(.move, 1, 0, 5, ms: 8), touch(.up, 1, 0, 5, ms: 16)]
        XCTAssertEqual(events.flatMap { s.process($0) }, events)
        XCTAssertEqual(s.dropped, 0)
    }

    func testExtraFingersAndOrphansDroppedAndCounted() {
        var s = TouchSanitizer(maximumFingers: 2)
        _ = s.process(touch(.down, 1, 0, 0, ms: 0))
        _ = s.process(touch(.down, 2, 0, 0, ms: 1))
        XCTAssertEqual(s.process(touch(.down, 3, 0, 0, ms: 2)), [], "third finger: palm or crowd")
        XCTAssertEqual(s.process(touch(.move, 3, 0, 9, ms: 3)), [])
        XCTAssertEqual(s.process(touch(.up, 3, 0, 9, ms: 4)), [])
        XCTAssertEqual(s.process(touch(.move, 7, 0, 9, ms: 5)), [], "never went down")
        XCTAssertEqual(s.dropped, 4)
        XCTAssertEqual(s.activeIDs, [1, 2])
    }

    func testRepeatedDownCancelsFirstContact() {
        var s = TouchSanitizer()
        _ = s.process(touch(.down, 1, 10, 10, ms: 0))
        _ = s.process(touch(.move, 1, 10, 30, ms: 8))
        XCTAssertEqual(s.process(touch(.down, 1, 50, 50, ms: 20)),
                       [touch(.cancel, 1, 10, 30, ms: 20), touch(.down, 1, 50, 50, ms: 20)])
    }

    func testTimeNeverRunsBackwards() {
        var s = TouchSanitizer()
        _ = s.process(touch(.down, 1, 0, 0, ms: 100))
        XCTAssertEqual(s.process(touch(.move, 1, 0, 5, ms: 90)).first?.time, .milliseconds(100))
    }

    func testCancelAllAndExpiry() {
        var s = TouchSanitizer(staleAfter: .seconds(5))
        _ = s.process(touch(.down, 1, 1, 1, ms: 0))
        _ = s.process(touch(.down, 2, 2, 2, ms: 1000))
        XCTAssertEqual(s.nextExpiry, .milliseconds(5000) + .nanoseconds(1))
        XCTAssertEqual(s.expire(at: .milliseconds(5000)), [])
        XCTAssertEqual(s.expire(at: .milliseconds(5500)), [touch(.cancel, 1, 1, 1, ms: 5500)])
        XCTAssertEqual(s.cancelAll(at: .milliseconds(5600)), [touch(.cancel, 2, 2, 2, ms: 5600)])
        XCTAssertEqual(s.activeIDs, [])
        XCTAssertNil(s.nextExpiry)
    }

    func testCancelReachesRecognizerCleanly() {
        var s = TouchSanitizer()
        var pan = PanRecognizer()
        var out: [PanEvent] = []
        for e in [touch(.down, 1, 0, 0, ms: 0), touch(.move, 1, 0, 40, ms: 16)] {
            for f in s.process(e) { if let p = pan.handle(f) { out.append(p) } }
        }
        for f in s.cancelAll(at: .milliseconds(30)) { if let p = pan.handle(f) { out.append(p) } }
        guard case .cancelled? = out.last else { return XCTFail("\(out)") }
        XCTAssertEqual(pan.state, .idle)
    }
}
