import XCTest
@testable import panel_kiosk

/// `panel-kiosk status` formats figures itself (the binary has no Foundation formatting).
final class StatusSummaryTests: XCTestCase {
    func testDecimals() {
        XCTAssertEqual(Status.decimal(16.666, places: 1), "16.7")
        XCTAssertEqual(Status.decimal(0.05, places: 2), "0.05")
        XCTAssertEqual(Status.decimal(2.5, places: 0), "3")
        XCTAssertEqual(Status.decimal(-1.25, places: 1), "-1.3")
        XCTAssertEqual(Status.decimal(-0.01, places: 1), "0.0")
        XCTAssertEqual(Status.decimal(9.999, places: 2), "10.00")
        XCTAssertEqual(Status.decimal(.infinity, places: 1), "inf")
    }
}
