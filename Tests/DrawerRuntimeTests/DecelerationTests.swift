import DrawerRuntime
import XCTest

final class DecelerationTests: XCTestCase {
    func testProjectionFormula() {
        XCTAssertEqual(Deceleration.fast.project(position: 300, velocity: 2000), 300 + 0.099 * 2000, accuracy: 1e-9)
        XCTAssertEqual(Deceleration.normal.project(position: 0, velocity: -1000), -499, accuracy: 1e-9)
        XCTAssertEqual(Deceleration.normal.rate, 0.998)
        XCTAssertEqual(Deceleration.fast.rate, 0.99)
    }

    func testDecaySimulationStopsNearProjection() {
        for d in [Deceleration.normal, .fast] {
            var sim = Simulation(function: DecayFunction(deceleration: d), state: MotionState(value: 0, velocity: 1500), at: .zero)
            var t = Instant.zero
            while !sim.isAtRest && t < .seconds(20) { t = t + .frame(hz: 60); sim.advance(to: t) }
            XCTAssertTrue(sim.isAtRest)
            XCTAssertEqual(sim.velocity, 0)
            let projected = d.project(position: 0, velocity: 1500)
            XCTAssertEqual(sim.value, projected, accuracy: projected * 0.01, "\(d)")
        }
    }
}
