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

    func testAnimationsTakeTheDurationLinearOutEasedBack() {
        let r = rules()
        XCTAssertEqual(r.dismissOffset(from: 200, elapsed: 0), 200)
        XCTAssertEqual(r.dismissOffset(from: 200, elapsed: 0.1) ?? -1, 522, accuracy: 1e-9, "linear: half way at 0.1 s")
        XCTAssertNil(r.dismissOffset(from: 200, elapsed: 0.2), "finished at the 0.2 s duration")
        XCTAssertEqual(r.returnOffset(from: 100, elapsed: 0.1) ?? -1, 50, accuracy: 1e-9)
        XCTAssertNil(r.returnOffset(from: 100, elapsed: 0.2))
        var c = SwipeDismissConfig(); c.fades = false
        XCTAssertEqual(SwipeDismissRules(config: c, height: 844).alpha(offset: 400), 1, "no fade")
    }
}
