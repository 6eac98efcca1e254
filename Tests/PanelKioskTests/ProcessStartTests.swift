#if canImport(Glibc)
import Glibc
import XCTest
@testable import PanelKiosk
import PanelRenderer

/// `ProcessStart`: the kernel's start time of this process, for `run --stats`' `before_main_ms`.
final class ProcessStartTests: XCTestCase {
    func testReadsTheStartTimeFieldPastACommandNameWithSpacesAndParentheses() {
        let line = "4242 (odd) name (x)) S 1 4242 4242 0 -1 4194560 1000 0 0 0 5 3 0 0 20 0 1 0 987654 100000 500 "
            + "18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 0 0 0 0 0 0"
        XCTAssertEqual(ProcessStart.startTicks(stat: line), 987654)
        XCTAssertNil(ProcessStart.startTicks(stat: "4242 (short) S 1 2 3"))
        XCTAssertNil(ProcessStart.startTicks(stat: "no parenthesis"))
    }

    /// This test process started before now, and not before the machine did.
    func testThisProcessStartedBeforeNow() throws {
        let start = try XCTUnwrap(ProcessStart.monotonicNanoseconds())
        let now = monotonicNanoseconds()
        XCTAssertLessThanOrEqual(start, now)
        XCTAssertGreaterThan(start, 0)
    }
}
#endif
