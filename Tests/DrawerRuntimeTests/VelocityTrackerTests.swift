import DrawerRuntime
import PanelRenderer
import XCTest

final class VelocityTrackerTests: XCTestCase {
    /// Largest relative error seen in a test, printed for the record.
    private var worst = 0.0
    override func tearDown() {
        if worst > 0 { print("VelocityTrackerTests \(name): worst relative error \(worst * 100)%") }
        worst = 0
    }

    /// Constant speed 900 pt/s at a 30° angle.
    let constant = Trajectory(
        position: { t in Point(100 + 900 * t * 0.866, 400 - 900 * t * 0.5) },
        velocity: { _ in Point(900 * 0.866, -900 * 0.5) })

    /// A realistic flick: the finger accelerates (constant acceleration) from rest over the
    /// whole 250 ms stroke and lifts at its top speed, 1600 pt/s upward.
    let flick = Trajectory(
        position: { t in Point(200, 600 - 0.5 * 6400 * t * t) },
        velocity: { t in Point(0, -6400 * t) })

    private func measure(_ traj: Trajectory, hz: Double, duration: Double,
                         timeJitter: Double = 0, positionNoise: Double = 0, seed: UInt64 = 7) -> (Point, Point) {
        var tracker = VelocityTracker()
        for (p, t) in sampleTouches(traj, hz: hz, duration: duration, timeJitter: timeJitter,
                                    positionNoise: positionNoise, seed: seed) {
            tracker.add(p, at: t)
        }
        return (tracker.velocity(at: .seconds(duration)), traj.velocity(duration))
    }

    private func assertClose(_ measured: Point, _ truth: Point, _ label: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        let error = (measured - truth).length
        worst = max(worst, error / truth.length)
        XCTAssert(error <= 0.05 * truth.length,
                  "\(label): measured \(measured) vs true \(truth) (error \(error) pt/s > 5%)", file: file, line: line)
    }

    func testConstantSpeedAtCommonRates() {
        for hz in [30.0, 60.0, 125.0, 200.0, 25.0] {
            let (v, truth) = measure(constant, hz: hz, duration: 0.3)
            assertClose(v, truth, "constant \(hz) Hz")
        }
    }

    func testConstantSpeedWithJitteredTimestampsAndPositions() {
        var perRate: [Double: Double] = [:]
        defer { print("jittered constant, worst by rate:", perRate.sorted { $0.key < $1.key }.map { "\($0.key) Hz \(($0.value * 1000).rounded() / 10)%" }) }
        for hz in [25.0, 30.0, 60.0, 125.0, 200.0] {
            for seed: UInt64 in 1...20 {
                // ±35% timestamp jitter, ±0.5 pt position noise (a half-pixel digitizer).
                let (v, truth) = measure(constant, hz: hz, duration: 0.3, timeJitter: 0.35,
                                         positionNoise: 0.5, seed: seed)
                assertClose(v, truth, "jittered \(hz) Hz seed \(seed)")
                perRate[hz] = max(perRate[hz] ?? 0, (v - truth).length / truth.length)
            }
        }
    }

    func testAcceleratingReleaseReportsReleaseSpeed() {
        for hz in [25.0, 30.0, 60.0, 125.0, 200.0] {
            let (v, truth) = measure(flick, hz: hz, duration: 0.25)
            assertClose(v, truth, "flick \(hz) Hz")
            for seed: UInt64 in 1...20 {
                let (vj, _) = measure(flick, hz: hz, duration: 0.25, timeJitter: 0.3, positionNoise: 0.5, seed: seed)
                assertClose(vj, truth, "jittered flick \(hz) Hz seed \(seed)")
            }
        }
    }

    func testPauseBeforeLiftGivesZero() {
        for hz in [30.0, 60.0, 125.0] {
            var tracker = VelocityTracker()
            let samples = sampleTouches(constant, hz: hz, duration: 0.3)
            for (p, t) in samples { tracker.add(p, at: t) }
            // The finger stops: no more reports (libinput reports motion only), lifts 100 ms later.
            XCTAssertEqual(tracker.velocity(at: .seconds(0.4)), .zero, "\(hz) Hz silent pause")

            // A digitizer that keeps reporting the still finger: fit over stationary samples.
            var still = VelocityTracker()
            for (p, t) in samples { still.add(p, at: t) }
            let rest = samples.last!.0
            var t = 0.3
            while t < 0.4 { t += 1 / hz; still.add(rest, at: .seconds(t)) }
            XCTAssertLessThan(still.velocity(at: .seconds(t)).length, 1, "\(hz) Hz reporting pause")
        }
    }

    func testVelocityDecaysWithThePauseBeforeLift() {
        for hz in [25.0, 60.0, 125.0] {
            var tracker = VelocityTracker()
            for (p, t) in sampleTouches(constant, hz: hz, duration: 0.3) { tracker.add(p, at: t) }
            let full = constant.velocity(0).length
            var last = Double.infinity
            for pauseMs in stride(from: 0, through: 100, by: 5) {
                let v = tracker.velocity(at: .seconds(0.3) + .milliseconds(pauseMs)).length
                XCTAssertLessThanOrEqual(v, last * 1.001 + 1e-9, "\(hz) Hz: never grows with the pause (beyond window rounding)")
                last = v
                if Double(pauseMs) <= 1000 / hz { XCTAssertEqual(v, full, accuracy: full * 0.01, "\(hz) Hz, one report late is no pause") }
                if pauseMs >= 60 && hz > 25 { XCTAssertEqual(v, 0, "\(hz) Hz after \(pauseMs) ms") }
                if pauseMs >= 75 { XCTAssertEqual(v, 0) }
            }
        }
    }

    func testFewSamplesAndReset() {
        var tracker = VelocityTracker()
        XCTAssertEqual(tracker.velocity(at: .zero), .zero)
        tracker.add(Point(0, 0), at: .milliseconds(0))
        XCTAssertEqual(tracker.velocity(at: .milliseconds(0)), .zero)
        tracker.add(Point(10, 0), at: .milliseconds(10))
        XCTAssertEqual(tracker.velocity(at: .milliseconds(10)).x, 1000, accuracy: 1e-9)
        tracker.reset()
        XCTAssertEqual(tracker.velocity(at: .milliseconds(10)), .zero)
    }

    func testOutOfOrderSampleIgnored() {
        var tracker = VelocityTracker()
        tracker.add(Point(0, 0), at: .milliseconds(0))
        tracker.add(Point(10, 0), at: .milliseconds(10))
        tracker.add(Point(500, 0), at: .milliseconds(5))
        XCTAssertEqual(tracker.velocity(at: .milliseconds(10)).x, 1000, accuracy: 1e-9)
    }

    func testDeterministic() {
        let a = measure(flick, hz: 60, duration: 0.25, timeJitter: 0.3, positionNoise: 0.5, seed: 3).0
        let b = measure(flick, hz: 60, duration: 0.25, timeJitter: 0.3, positionNoise: 0.5, seed: 3).0
        XCTAssertEqual(a.x.bitPattern, b.x.bitPattern)
        XCTAssertEqual(a.y.bitPattern, b.y.bitPattern)
    }
}
