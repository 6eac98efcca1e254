import DrawerRuntime
import XCTest

final class RubberBandTests: XCTestCase {
    func testSquareRoot() {
        XCTAssertEqual(RubberBand.squareRoot(100), 10)
        XCTAssertEqual(RubberBand.squareRoot(-100), -10)
        XCTAssertEqual(RubberBand.squareRoot(0), 0)
        for x in stride(from: 0.0, through: 500, by: 13.7) {
            XCTAssertEqual(RubberBand.squareRoot(x), x.squareRoot())
        }
    }

    func testHyperbolicMatchesFormula() {
        let d = 844.0, c = 0.32
        for x in stride(from: 0.0, through: 2000, by: 17.3) {
            XCTAssertEqual(RubberBand.hyperbolic(x, dimension: d, coefficient: c), x * d * c / (d + c * x), accuracy: 1e-9)
            XCTAssertEqual(RubberBand.hyperbolic(-x, dimension: d, coefficient: c), -(x * d * c / (d + c * x)), accuracy: 1e-9)
            XCTAssertLessThan(RubberBand.hyperbolic(x, dimension: d, coefficient: c), d)
        }
        // LNPopup derived example (docs/components.md, Popup bar PB15): ≈302 pt of finger →
        // ≈89 pt displayed by a rough estimate, 86.7 pt by the formula.
        XCTAssertEqual(RubberBand.hyperbolic(302, dimension: 844, coefficient: 0.32), 86, accuracy: 4)
    }

    func testLogarithmic() {
        let c = 0.055 * 267
        for x in stride(from: 0.0, through: 400, by: 9.1) {
            XCTAssertEqual(RubberBand.logarithmic(x, coefficient: c), c * log(1 + x / c), accuracy: 1e-9)
            XCTAssertEqual(RubberBand.logarithmic(-x, coefficient: c), -c * log(1 + x / c), accuracy: 1e-9)
            XCTAssertLessThanOrEqual(RubberBand.logarithmic(x, coefficient: c), x)
        }
        // Slope 1 at the limit: a tiny overshoot passes almost unchanged.
        XCTAssertEqual(RubberBand.logarithmic(0.01, coefficient: c), 0.01, accuracy: 1e-5)
    }

    func testBoundedKeepsSmallOvershootsAndNeverReachesItsLimit() {
        XCTAssertEqual(RubberBand.bounded(7, limit: 20), 7, "up to half the limit: as it is")
        XCTAssertEqual(RubberBand.bounded(-10, limit: 20), -10)
        XCTAssertEqual(RubberBand.bounded(60, limit: 20), 10 + 10 * (1 - exp(-5)), accuracy: 1e-12)
        var last = 0.0
        for x in stride(from: 0.0, through: 2000, by: 3.7) {
            let y = RubberBand.bounded(x, limit: 20)
            XCTAssertLessThanOrEqual(y, 20, "at most the limit (reached only in rounding)")
            XCTAssertGreaterThanOrEqual(y, last, "increasing")
            last = y
        }
        // Slope 1 on both sides of the join: no kink where the easing starts.
        let h = 1e-6
        XCTAssertEqual((RubberBand.bounded(10 + h, limit: 20) - RubberBand.bounded(10, limit: 20)) / h, 1, accuracy: 1e-4)
        XCTAssertEqual(RubberBand.bounded(50, limit: 0), 0, "no room: no overshoot")
    }

    func testClampAppliesOnlyOutside() {
        XCTAssertEqual(RubberBand.clamp(50, lower: 0, upper: 100, RubberBand.squareRoot), 50)
        XCTAssertEqual(RubberBand.clamp(200, lower: 0, upper: 100, RubberBand.squareRoot), 110)
        XCTAssertEqual(RubberBand.clamp(-100, lower: 0, upper: 100, RubberBand.squareRoot), -10)
    }
}
