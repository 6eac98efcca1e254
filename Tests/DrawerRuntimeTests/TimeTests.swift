import DrawerRuntime
import XCTest

final class TimeTests: XCTestCase {
    func testInstantAndSpanArithmetic() {
        let t = Instant.milliseconds(250)
        XCTAssertEqual(t.nanoseconds, 250_000_000)
        XCTAssertEqual(t.seconds, 0.25)
        XCTAssertEqual(Instant.milliseconds(16.5).nanoseconds, 16_500_000)
        XCTAssertEqual(t + .milliseconds(50), .milliseconds(300))
        XCTAssertEqual(Instant.milliseconds(300) - t, .milliseconds(50))
        XCTAssertEqual(TimeSpan.frame(hz: 60).nanoseconds, 16_666_667)
        XCTAssertLessThan(Instant.zero, t)
        XCTAssertEqual(TimeSpan.seconds(1.5).milliseconds, 1500)
    }
}
