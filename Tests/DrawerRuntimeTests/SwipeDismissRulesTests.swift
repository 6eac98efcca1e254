import XCTest
@testable import DrawerRuntime

/// The article's rules with the worked numbers of docs/components.md, Swipe to dismiss W5
/// (H = 844 pt).
final class SwipeDismissRulesTests: XCTestCase {
    func rules(sticky: Bool = false, fraction: Double = 0.30) -> SwipeDismissRules {
        var c = SwipeDismissConfig()
        c.isSticky = sticky; c.offsetFraction = fraction
        return SwipeDismissRules(config: c, height: 844)
    }

    func testStickyThreeHundredPointDragDismissesOnTheRawTranslation() {
        let r = rules(sticky: true)
        XCTAssertEqual(r.offset(translation: 300), 150, "the view moves half the finger's travel")
        XCTAssertEqual(r.alpha(offset: 150), 0.8223, accuracy: 0.0001)
        XCTAssertEqual(r.distanceThreshold, 253.2, accuracy: 1e-9)
        XCTAssertTrue(r.shouldDismiss(translation: 300, velocity: 0), "300 > 253.2 even though the view moved 150")
    }

    func testReleaseDecisionTable() {
        let r = rules()
        let cases: [(t: Double, v: Double, dismiss: Bool, why: String)] = [
            (200, 0, false, "slow 200 pt drag: 200 < 253.2"),
            (253.2, 0, false, "exactly the threshold is not beyond it"),
            (254, 0, true, "past 30 % of 844"),
            (40, 1500, true, "short fast flick: 1500 > 1300 pt/s"),
            (40, 1300, false, "exactly the minimum velocity is not beyond it"),
            (-200, -3000, false, "upward drags never dismiss"),
            (0, -1500, false, "an upward flick never dismisses"),
        ]
        for c in cases { XCTAssertEqual(r.shouldDismiss(translation: c.t, velocity: c.v), c.dismiss, c.why) }
    }

    func testOffsetClampsUpwardAndFractionClampsToNinetyPercent() {
        XCTAssertEqual(rules().offset(translation: -50), 0)
        XCTAssertEqual(rules(sticky: true).offset(translation: -50), 0)
        XCTAssertEqual(rules(fraction: 2).distanceThreshold, 844 * 0.9, accuracy: 1e-9)
        XCTAssertEqual(rules(fraction: -1).distanceThreshold, 0)
        XCTAssertEqual(rules(sticky: true).translation(offset: 150), 300, "catching a sticky view")
    }

    /// With the release velocity carried: the slide starts at the finger's speed and still
    /// ends after the duration; a finger over twice the linear speed is taken at twice.
    func testTheSlideOutCanStartAtTheFingersSpeed() {
        let r = rules()          // H = 844, 0.2 s: the linear slide from 200 runs at 3220 pt/s
        let dt = 1e-6
        for v in [0.0, 1500, 5000] {
            let start = (r.dismissOffset(from: 200, velocity: v, elapsed: dt)! - 200) / dt
            XCTAssertEqual(start, v, accuracy: 1, "starts at \(v) pt/s")
            XCTAssertEqual(r.dismissOffset(from: 200, velocity: v, elapsed: 0.2 - dt)!, 844, accuracy: 0.01)
            XCTAssertNil(r.dismissOffset(from: 200, velocity: v, elapsed: 0.2))
        }
        let fast = (r.dismissOffset(from: 200, velocity: 9000, elapsed: dt)! - 200) / dt
        XCTAssertEqual(fast, 2 * 3220, accuracy: 1, "capped at twice the linear speed: it never passes H")
        XCTAssertEqual(r.dismissOffset(from: 200, velocity: -800, elapsed: 0.1)!, 200 + 644 / 4, accuracy: 1e-9,
                       "a finger going up: from rest")
    }

    /// Both animations run on UIView.animate's default curve, ease-in-out (the Bézier
    /// (0.42, 0, 0.58, 1), not linear and not smoothstep), and end at the 0.2 s duration.
    func testAnimationsTakeTheDurationOnUIKitsEaseInOut() {
        let r = rules()
        XCTAssertEqual(r.dismissOffset(from: 200, elapsed: 0), 200)
        XCTAssertEqual(r.dismissOffset(from: 200, elapsed: 0.05) ?? -1, 200 + 644 * 0.129162, accuracy: 1e-3,
                       "a quarter of the time: 12.9 % of the way (linear would be 25 %)")
        XCTAssertEqual(r.dismissOffset(from: 200, elapsed: 0.1) ?? -1, 522, accuracy: 1e-9, "half way at 0.1 s")
        XCTAssertEqual(r.dismissOffset(from: 200, elapsed: 0.15) ?? -1, 200 + 644 * 0.870838, accuracy: 1e-3)
        XCTAssertNil(r.dismissOffset(from: 200, elapsed: 0.2), "finished at the 0.2 s duration")
        XCTAssertEqual(r.returnOffset(from: 100, elapsed: 0.05) ?? -1, 100 * (1 - 0.129162), accuracy: 1e-3,
                       "the cancel's return on the same curve (smoothstep would give 84.4)")
        XCTAssertEqual(r.returnOffset(from: 100, elapsed: 0.1) ?? -1, 50, accuracy: 1e-9)
        XCTAssertNil(r.returnOffset(from: 100, elapsed: 0.2))
        var c = SwipeDismissConfig(); c.fades = false
        XCTAssertEqual(SwipeDismissRules(config: c, height: 844).alpha(offset: 400), 1, "no fade")
    }
}
