import DrawerRuntime
import XCTest

final class SpringMotionTests: XCTestCase {
    /// Steps `motion` in frames of `frame` until rest (or `limit`), returning every value seen.
    @discardableResult
    private func run(_ motion: inout SpringMotion, frame: TimeSpan = .frame(hz: 60),
                     limit: TimeSpan = .seconds(5)) -> [Double] {
        var values: [Double] = []
        let end = motion.time + limit
        var t = motion.time
        while motion.needsFrames && t < end {
            t = t + frame
            motion.advance(to: t)
            values.append(motion.value)
        }
        return values
    }

    func testMappingMatchesDocumentedFormulas() {
        let s = Spring(dampingRatio: 0.85, response: 0.5)
        XCTAssertNil(s.duration, "a free spring")
        XCTAssertEqual(s.response, 0.5)
        XCTAssertEqual(s.stiffness, pow(2 * .pi / 0.5, 2), accuracy: 1e-9)
        XCTAssertEqual(s.damping, 4 * .pi * 0.85 / 0.5, accuracy: 1e-12)
        XCTAssertEqual(s.damping, 2 * 0.85 * s.stiffness.squareRoot(), accuracy: 1e-9)
    }

    func testReachesExactRest() {
        for zeta in [0.5, 0.75, 0.85, 1.0, 1.5] {
            var m = SpringMotion(from: 68, to: 264, spring: Spring(duration: 0.3, dampingRatio: zeta), at: .zero)
            run(&m)
            XCTAssertTrue(m.isAtRest, "ζ \(zeta)")
            XCTAssertFalse(m.needsFrames)
            XCTAssertEqual(m.value, 264, "exact target, ζ \(zeta)")
            XCTAssertEqual(m.velocity, 0)
            XCTAssertLessThan(m.time, .seconds(2.5), "ζ \(zeta) settles in reasonable time")
            // And stays there.
            m.advance(by: .seconds(1))
            XCTAssertEqual(m.value, 264)
        }
    }

    func testAgreesWithClosedFormCriticallyDamped() {
        // x(t) = (x0 + (v0 + ω x0) t) e^(−ωt) around the target, ω = 2π / response.
        let x0 = -150.0, v0 = 800.0, response = 0.4
        var m = SpringMotion(from: x0, to: 0, velocity: v0, spring: Spring(dampingRatio: 1, response: response), at: .zero)
        let w = 2 * Double.pi / response
        for ms in stride(from: 7, through: 600, by: 37) {
            m.advance(to: .milliseconds(ms))
            let t = Double(ms) / 1000
            let exact = (x0 + (v0 + w * x0) * t) * exp(-w * t)
            XCTAssertEqual(m.value, exact, accuracy: 1e-4, "t = \(ms) ms") // RK4 at 4 ms: ~1e-5 pt
        }
    }

    func testCarriesInitialVelocityInPointsPerSecond() {
        // Released while moving away from the target at 2000 pt/s: first it keeps going.
        var m = SpringMotion(from: 300, to: 264, velocity: 2000, spring: Spring(duration: 0.3, dampingRatio: 1), at: .zero)
        m.advance(to: .milliseconds(8))
        XCTAssertGreaterThan(m.value, 300)
        // Over the first millisecond the body moves by ≈ v·dt: 2 pt, as pt/s demands.
        var n = SpringMotion(from: 0, to: 0, velocity: 2000, at: .zero)
        n.advance(to: .milliseconds(1))
        XCTAssertEqual(n.value, 2, accuracy: 0.05)
        run(&m)
        XCTAssertEqual(m.value, 264)
    }

    func testOvershootOnlyWhenUnderdamped() {
        var under = SpringMotion(from: 0, to: 100, spring: Spring(duration: 0.5, dampingRatio: 0.5), at: .zero)
        XCTAssertGreaterThan(run(&under).max()!, 101)
        var critical = SpringMotion(from: 0, to: 100, spring: Spring(duration: 0.5, dampingRatio: 1), at: .zero)
        let values = run(&critical)
        XCTAssertLessThanOrEqual(values.max()!, 100)
        // Monotonic approach.
        XCTAssertEqual(values, values.sorted())
    }

    func testFrameRateIndependentAndDeterministic() {
        func sample(hz: Double) -> [UInt64] {
            var m = SpringMotion(from: 20, to: 500, velocity: -900, spring: Spring(duration: 0.5, dampingRatio: 0.85), at: .zero)
            var out: [UInt64] = []
            var t = Instant.zero
            let frame = TimeSpan.frame(hz: hz)
            var nextCheck = Instant.milliseconds(100)
            while t < .seconds(1.2) {
                // Land exactly on every 100 ms check point as well as on frames.
                let next = min(t + frame, nextCheck)
                t = next
                m.advance(to: t)
                if t == nextCheck { out.append(m.value.bitPattern); nextCheck = nextCheck + .milliseconds(100) }
            }
            return out
        }
        let a = sample(hz: 60)
        XCTAssertEqual(a, sample(hz: 60), "same inputs, same bits")
        XCTAssertEqual(a, sample(hz: 30), "frame timing does not change the trajectory")
        XCTAssertEqual(a, sample(hz: 144))
    }

    func testRetargetMidFlightIsContinuous() {
        var m = SpringMotion(from: 68, to: 777, velocity: 0, spring: Spring(duration: 0.3, dampingRatio: 0.75), at: .zero)
        m.advance(to: .milliseconds(120))
        let before = (m.value, m.velocity)
        m.retarget(to: 264, at: .milliseconds(120))
        XCTAssertEqual(m.value, before.0)
        XCTAssertEqual(m.velocity, before.1)
        XCTAssertTrue(m.needsFrames)
        // One millisecond later it has barely moved: no jump.
        m.advance(to: .milliseconds(121))
        XCTAssertLessThan(abs(m.value - before.0), abs(before.1) * 0.001 + 0.1)
        run(&m)
        XCTAssertEqual(m.value, 264)
    }

    func testRetargetBetweenFramesAdvancesFirst() {
        // A finger catches the motion at 130 ms while the last frame was at 117 ms.
        var m = SpringMotion(from: 0, to: 400, spring: .standard, at: .zero)
        m.advance(to: .milliseconds(117))
        var reference = m
        reference.advance(to: .milliseconds(130))
        m.retarget(to: 0, at: .milliseconds(130))
        XCTAssertEqual(m.value, reference.value)
        XCTAssertEqual(m.velocity, reference.velocity)
    }

    func testStartingAtRest() {
        let m = SpringMotion(from: 10, to: 10, at: .zero)
        XCTAssertTrue(m.isAtRest)
        XCTAssertFalse(m.needsFrames)
    }

    func testLongStallDoesNotJump() {
        // A free spring: a fitted one ends at its deadline whatever the stall (FittedSpringTests).
        var m = SpringMotion(from: 0, to: 100, spring: Spring(dampingRatio: 1, response: 2), at: .zero)
        m.advance(to: .milliseconds(16))
        let v = m.value
        m.advance(to: .seconds(10)) // a 10 s stall: only 1 s of it is simulated
        XCTAssertLessThan(m.value, 100)
        XCTAssertGreaterThan(m.value, v)
    }
}

final class SpringClampTests: XCTestCase {
    func testAbsurdSpringsAreClampedAndStillSettle() {
        for (zeta, response) in [(1.0, 0.0), (50.0, 0.01), (-1.0, 0.3), (Double.nan, Double.infinity), (3.0, 0.001)] {
            let s = Spring(dampingRatio: zeta, response: response)
            var m = SpringMotion(from: 0, to: 100, spring: s, at: .zero)
            var t = Instant.zero
            while m.needsFrames && t < .seconds(30) { t = t + .frame(hz: 60); m.advance(to: t) }
            XCTAssertEqual(m.value, 100, "ζ \(zeta) response \(response) → \(s)")
        }
    }
}

extension SpringClampTests {
    func testNonFiniteInputRestsInsteadOfSpinning() {
        let m = SpringMotion(from: .nan, to: 50, velocity: .infinity, at: .zero)
        XCTAssertTrue(m.isAtRest)
        XCTAssertEqual(m.value, 50)
    }
}
