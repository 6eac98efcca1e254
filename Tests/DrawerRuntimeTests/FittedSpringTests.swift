import DrawerRuntime
import XCTest

/// UIKit's duration-based springs end at their duration (docs/components.md, M6): the figures
/// of the references' own calls, measured on the fixed simulation grid with a fake clock.
final class FittedSpringTests: XCTestCase {
    /// Frames at `hz` from the motion's start until it rests; the instant it was first seen at
    /// rest and every value seen.
    private func frames(_ motion: inout SpringMotion, hz: Double = 60) -> (rest: Instant?, values: [Double]) {
        var values: [Double] = []
        var t = motion.time
        while t < .seconds(5) {
            t = t + .frame(hz: hz)
            motion.advance(to: t)
            values.append(motion.value)
            if motion.isAtRest { return (t, values) }
        }
        return (nil, values)
    }

    /// Pulley's settle (0.3 s, ζ 0.75), sheets' snap (0.5 s, 0.85), LNPopupController's
    /// gesture and programmatic transitions (0.5 s, 0.87 and 1.0): at rest on the first 60 Hz
    /// frame at or after the duration, moving on the frame before.
    func testEndsAtTheReferencesDurations() {
        for (duration, zeta, from, to) in [(0.3, 0.75, 68.0, 264.0), (0.3, 0.75, 264, 777), (0.5, 0.85, 766, 67),
                                           (0.5, 0.87, 0, 1), (0.5, 1.0, 1, 0), (0.2, 1.0, 0, 844)] {
            var m = SpringMotion(from: from, to: to, spring: Spring(duration: duration, dampingRatio: zeta), at: .zero)
            XCTAssertEqual(m.settleTime(), .seconds(duration), "\(duration) s, ζ \(zeta)")
            let (rest, values) = frames(&m)
            let frame = TimeSpan.frame(hz: 60)
            XCTAssertNotNil(rest)
            XCTAssertGreaterThanOrEqual(rest!, .seconds(duration), "\(duration) s, ζ \(zeta): not before the duration")
            XCTAssertLessThan(rest!, .seconds(duration) + frame, "\(duration) s, ζ \(zeta): within one frame of it")
            XCTAssertEqual(m.value, to)
            XCTAssertNotEqual(values[values.count - 2], to, "still moving on the frame before")
        }
    }

    /// The old reading (duration as the response) ended Pulley's settle at 550 ms: the
    /// fitted spring is stiffer, by the formula of `FittedSpring`.
    func testStiffnessFollowsTheEnvelopeFormula() {
        let s = Spring(duration: 0.3, dampingRatio: 0.75)
        let omega = log(0.75 / (0.001 * (1 - 0.75 * 0.75).squareRoot())) / (0.75 * 0.3)
        XCTAssertEqual(s.stiffness, omega * omega, accuracy: 1e-9)
        XCTAssertEqual(s.damping, 2 * 0.75 * omega, accuracy: 1e-9)
        XCTAssertEqual(omega, 31.25, accuracy: 0.01)
        let critical = Spring(duration: 0.5, dampingRatio: 1)
        let x = 0.5 * critical.stiffness.squareRoot()   // ωT
        XCTAssertEqual((1 + x) * exp(-x), FittedSpring.tolerance, accuracy: 1e-9)
    }

    /// The overshoot is UIKit's: for a motion from rest it depends on ζ alone,
    /// e^(−πζ/√(1−ζ²)) of the distance (2.8 % for Pulley's 0.75, 1.4 % at 0.8 ... 0.4 % at 0.87).
    func testOvershootIsTheDampingRatiosWhateverTheDuration() {
        for (duration, zeta) in [(0.3, 0.75), (0.5, 0.85), (0.5, 0.87), (1.2, 0.5)] {
            var m = SpringMotion(from: 0, to: 100, spring: Spring(duration: duration, dampingRatio: zeta), at: .zero)
            var peak = 0.0
            var t = Instant.zero
            while !m.isAtRest { t = t + .milliseconds(1); m.advance(to: t); peak = max(peak, m.value) }
            let expected = 100 * exp(-Double.pi * zeta / (1 - zeta * zeta).squareRoot())
            XCTAssertEqual(peak - 100, expected, accuracy: expected * 0.01 + 0.01, "\(duration) s, ζ \(zeta)")
        }
    }

    /// What is left at the duration, snapped away, is below 0.1 % of the travel: no visible jump.
    func testRemainderAtTheDurationIsBelowTheTolerance() {
        var m = SpringMotion(from: 68, to: 777, spring: Spring(duration: 0.3, dampingRatio: 0.75), at: .zero)
        m.advance(to: .seconds(0.3) - .milliseconds(1))
        XCTAssertFalse(m.isAtRest)
        XCTAssertLessThan(abs(m.value - 777), (777 - 68) * FittedSpring.tolerance)
        m.advance(to: .seconds(0.3))
        XCTAssertTrue(m.isAtRest)
        XCTAssertEqual(m.value, 777)
    }

    /// A released drag's speed still feeds the spring, and the motion still ends at the duration.
    func testReleaseVelocityKeepsTheDuration() {
        var m = SpringMotion(from: 300, to: 264, velocity: 2000, spring: Spring(duration: 0.3, dampingRatio: 0.75), at: .zero)
        m.advance(to: .milliseconds(8))
        XCTAssertGreaterThan(m.value, 300, "it keeps going the finger's way first")
        m.advance(to: .milliseconds(299))
        XCTAssertEqual(m.value, 264, accuracy: 0.5)
        m.advance(to: .milliseconds(300))
        XCTAssertTrue(m.isAtRest)
    }

    /// A new spring starts a new duration (UIKit begins from the current state); re-aiming
    /// alone (a relayout) keeps the moment it ends.
    func testRetargetWithASpringStartsANewDuration() {
        let pulley = Spring(duration: 0.3, dampingRatio: 0.75)
        var m = SpringMotion(from: 68, to: 777, spring: pulley, at: .zero)
        m.retarget(to: 264, spring: pulley, at: .milliseconds(200))
        XCTAssertEqual(m.settleTime(), .milliseconds(500))
        var n = SpringMotion(from: 68, to: 777, spring: pulley, at: .zero)
        n.retarget(to: 760, at: .milliseconds(200))
        XCTAssertEqual(n.settleTime(), .milliseconds(300))
        n.advance(to: .milliseconds(300))
        XCTAssertEqual(n.value, 760)
    }

    /// A stall past the duration ends on the target (UIKit's animations run on the clock).
    func testStallPastTheDurationEndsOnTarget() {
        var m = SpringMotion(from: 0, to: 100, spring: Spring(duration: 2, dampingRatio: 1), at: .zero)
        m.advance(to: .milliseconds(16))
        m.advance(to: .seconds(10))
        XCTAssertTrue(m.isAtRest)
        XCTAssertEqual(m.value, 100)
    }

    /// Frame timing does not change a fitted motion either: the same bits at 30, 60 and 144 Hz.
    func testFrameRateIndependent() {
        func sample(hz: Double) -> [UInt64] {
            var m = SpringMotion(from: 20, to: 500, velocity: -900, spring: Spring(duration: 0.5, dampingRatio: 0.85), at: .zero)
            var out: [UInt64] = []
            var t = Instant.zero, check = Instant.milliseconds(50)
            while t < .seconds(0.6) {
                t = min(t + .frame(hz: hz), check)
                m.advance(to: t)
                if t == check { out.append(m.value.bitPattern); check = check + .milliseconds(50) }
            }
            return out
        }
        XCTAssertEqual(sample(hz: 60), sample(hz: 30))
        XCTAssertEqual(sample(hz: 60), sample(hz: 144))
    }

    /// Out-of-range input from a file is clamped and still ends: ζ above 1 is UIKit's 1.
    func testClampsAndStillEnds() {
        for (duration, zeta) in [(0.0, 0.75), (-1, 0.5), (Double.nan, 0.8), (4, 1.5), (0.3, Double.infinity)] {
            var m = SpringMotion(from: 0, to: 50, spring: Spring(duration: duration, dampingRatio: zeta), at: .zero)
            XCTAssertNotNil(frames(&m).rest, "\(duration) s, ζ \(zeta)")
            XCTAssertEqual(m.value, 50)
        }
        XCTAssertEqual(Spring(duration: 0.3, dampingRatio: 1.5).dampingRatio, 1)
        XCTAssertEqual(Spring(duration: 100, dampingRatio: 0.8).duration, 10, "at most 10 s")
    }
}
