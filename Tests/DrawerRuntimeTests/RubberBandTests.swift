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

    func testClampAppliesOnlyOutside() {
        XCTAssertEqual(RubberBand.clamp(50, lower: 0, upper: 100, RubberBand.squareRoot), 50)
        XCTAssertEqual(RubberBand.clamp(200, lower: 0, upper: 100, RubberBand.squareRoot), 110)
        XCTAssertEqual(RubberBand.clamp(-100, lower: 0, upper: 100, RubberBand.squareRoot), -10)
    }
}
