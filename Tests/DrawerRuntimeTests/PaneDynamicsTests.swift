import DrawerRuntime
import XCTest

final class PaneDynamicsTests: XCTestCase {
    let gravity = DynamicsUnits.gravity(magnitude: 2)   // MSDynamics master: 2000 pt/s²

    private func run(_ d: inout PaneDynamics, hz: Double = 60, seconds: Double = 5) -> [Double] {
        var out: [Double] = []
        let end = d.time + .seconds(seconds)
        var t = d.time
        while t < end { t = t + .frame(hz: hz); d.advance(to: t); out.append(d.position) }
        return out
    }

    func testUnits() {
        XCTAssertEqual(gravity, 2000)
        XCTAssertEqual(DynamicsUnits.pushVelocityChange(magnitude: 1, itemArea: 100 * 100), 100)
        XCTAssertEqual(DynamicsUnits.pushVelocityChange(magnitude: 60, itemArea: 800 * 480), 60 * 100 * 10_000 / 384_000, accuracy: 1e-9)
    }

    func testFallsClosedAndRestsExactlyWithoutJitter() {
        // Open pane (267) released toward closed (0); walls at closed and openWide (800 + 20).
        let c = PaneDynamics.Configuration(gravity: -gravity, boundary: 0...820)
        var d = PaneDynamics(position: 267, configuration: c, at: .zero)
        let values = run(&d)
        XCTAssertTrue(d.isAtRest)
        XCTAssertFalse(d.needsFrames)
        XCTAssertEqual(d.position, 0)
        XCTAssertEqual(d.velocity, 0)
        // Free fall time √(2·267/2000) ≈ 517 ms: at rest from the first frame after it, and every
        // frame after that is exactly 0 — no 0.5-2 px creep.
        let firstZero = values.firstIndex(of: 0)!
        XCTAssertEqual(Double(firstZero + 1) / 60, (2 * 267 / 2000.0).squareRoot(), accuracy: 1.0 / 60 + 0.004)
        XCTAssertTrue(values[firstZero...].allSatisfy { $0 == 0 })
        XCTAssertEqual(values.min(), 0, "never passes the wall")
    }

    func testFallsOpenOntoFarWall() {
        // Target open: gravity away from the drawer edge, far wall at the reveal width.
        let c = PaneDynamics.Configuration(gravity: gravity, boundary: 0...267)
        var d = PaneDynamics(position: 40, velocity: 300, configuration: c, at: .zero)
        _ = run(&d)
        XCTAssertEqual(d.position, 267)
        XCTAssertTrue(d.isAtRest)
    }

    func testBounceWithElasticitySettlesExactly() {
        // MSDynamics bounce: gravity back to closed, push toward open, elasticity 0.5.
        let c = PaneDynamics.Configuration(gravity: -gravity, boundary: 0...820, elasticity: 0.5)
        var d = PaneDynamics(position: 0, configuration: c, at: .zero)
        XCTAssertTrue(d.isAtRest, "resting on the closed wall")
        d.push(velocityChange: DynamicsUnits.pushVelocityChange(magnitude: 60, itemArea: 320 * 568), at: .milliseconds(10))
        XCTAssertTrue(d.needsFrames)
        let values = run(&d, seconds: 4)
        XCTAssertGreaterThan(values.max()!, 20, "shoots open")
        XCTAssertGreaterThanOrEqual(values.min()!, 0, "never below the wall")
        XCTAssertGreaterThanOrEqual(d.impacts, 3, "bounces a few times")
        XCTAssertTrue(d.isAtRest)
        XCTAssertEqual(d.position, 0)
        // Stays exactly there.
        d.advance(by: .seconds(10))
        XCTAssertEqual(d.position, 0)
    }

    func testFirstImpactSpeedMatchesFreeFall() {
        // Drop from 200 pt: impact speed √(2 g h); with elasticity 0.5 the first hop rises h/4.
        let c = PaneDynamics.Configuration(gravity: -gravity, boundary: 0...820, elasticity: 0.5)
        var d = PaneDynamics(position: 200, configuration: c, at: .zero)
        var peakAfterFirstBounce = 0.0
        var t = Instant.zero
        while t < .seconds(0.8) {
            t = t + .milliseconds(1)
            d.advance(to: t)
            if d.impacts == 1 { peakAfterFirstBounce = max(peakAfterFirstBounce, d.position) }
        }
        XCTAssertEqual(peakAfterFirstBounce, 50, accuracy: 0.05)
    }

    func testFrameRateIndependentAndDeterministic() {
        func trace(hz: Double) -> [UInt64] {
            let c = PaneDynamics.Configuration(gravity: -gravity, boundary: 0...820, elasticity: 0.5)
            var d = PaneDynamics(position: 130, velocity: 900, configuration: c, at: .zero)
            var out: [UInt64] = []
            var t = Instant.zero
            var check = Instant.milliseconds(100)
            while t < .seconds(3) {
                t = min(t + .frame(hz: hz), check)
                d.advance(to: t)
                if t == check { out.append(d.position.bitPattern); check = check + .milliseconds(100) }
            }
            return out
        }
        XCTAssertEqual(trace(hz: 60), trace(hz: 60))
        XCTAssertEqual(trace(hz: 60), trace(hz: 30))
        XCTAssertEqual(trace(hz: 60), trace(hz: 120))
    }

    func testNaNNeverKeepsThePaneMoving() {
        var d = PaneDynamics(position: .nan, configuration: .init(gravity: -2000, boundary: 0...300), at: .zero)
        d.push(velocityChange: .nan, at: .zero)
        XCTAssertTrue(d.isAtRest)
        XCTAssertEqual(d.position, 0)
    }
}
