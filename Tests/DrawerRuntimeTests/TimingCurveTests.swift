import XCTest
@testable import DrawerRuntime

/// UIKit's ease-in-out (docs/components.md, Swipe to dismiss W6, W7), against values solved
/// independently (bisection on x(t) to 1e-15, then y(t)).
final class TimingCurveTests: XCTestCase {
    func testEaseInOutAtTheQuartersOfTheDuration() {
        let c = TimingCurve.easeInOut
        XCTAssertEqual(c.progress(0.25), 0.1291619310473198, accuracy: 1e-9)
        XCTAssertEqual(c.progress(0.5), 0.5, accuracy: 1e-12)
        XCTAssertEqual(c.progress(0.75), 0.8708380689526802, accuracy: 1e-9)
        XCTAssertEqual(c.progress(0.1), 0.019722453548311196, accuracy: 1e-9, "slow start")
        XCTAssertEqual(c.progress(0), 0)
        XCTAssertEqual(c.progress(1), 1)
        XCTAssertEqual(c.progress(-0.5), 0, "before the start")
        XCTAssertEqual(c.progress(1.5), 1, "after the end")
    }

    func testProgressNeverGoesBackAndALinearCurveIsTheIdentity() {
        var last = 0.0
        for i in 0...1000 {
            let p = TimingCurve.easeInOut.progress(Double(i) / 1000)
            XCTAssertGreaterThanOrEqual(p, last)
            last = p
        }
        let linear = TimingCurve(1.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3)
        for x in [0.1, 0.37, 0.9] { XCTAssertEqual(linear.progress(x), x, accuracy: 1e-9) }
    }
}
