import XCTest
@testable import DrawerRuntime
import PanelRenderer

/// sheets' rules with the worked numbers of docs/components.md, Sheet: an 844 pt phone screen
/// with a 47 pt top and 34 pt bottom safe area, so the default anchors sit at 67 (20 from the
/// top) and 766 (44 from the bottom).
final class SheetRulesTests: XCTestCase {
    let phone = Environment(size: Size(390, 844), safeArea: EdgeInsets(top: 47, bottom: 34))
    var rules: SheetRules { SheetRules(config: SheetConfig(), env: phone) }

    func rules(_ anchors: [SheetAnchor], bounces: Bool = true, corners: Bool = false) -> SheetRules {
        var c = SheetConfig()
        c.anchors = anchors; c.bounces = bounces; c.animatesCorners = corners
        return SheetRules(config: c, env: phone)
    }

    func testAnchorsResolveInTheSafeAreaInAnyOrder() {
        XCTAssertEqual(rules.origins, [67, 766])
        let r = rules([.defaultCollapsed, .ratio(0.5), .pointsFromBottom(100), .pointsFromTop(10), .defaultExpanded])
        // F = 47...810 (763 tall): ratio 0.5 → 428.5, 100 from bottom → 710, 10 from top → 57.
        XCTAssertEqual(r.origins, [57, 67, 428.5, 710, 766])
        XCTAssertEqual(r.cardHeight, 844 - 57, "fixed height: view height minus the top-most anchor")
        XCTAssertEqual(r.backgroundInset, 44, "background content lays out above the collapsed card")
    }

    func testSnapRuleWorkedExamples() {
        let cases: [(origin: Double, v: Double, expected: Int, why: String)] = [
            (600, -100, 0, "100 pt/s up: projects to 590.1, nearest 766 lies behind the motion: next anchor up"),
            (600, 0, 1, "zero velocity: the nearest anchor (766)"),
            (300, 0, 0, "zero velocity from 300: nearest is 67"),
            (300, 100, 1, "100 pt/s down from 300: nearest 67 lies behind: next anchor down"),
            (200, 2000, 1, "2000 pt/s down from 200 projects to 398: nearest is 67 (331 vs 368), behind the motion → 766"),
            (700, -8000, 0, "a hard flick up projects far above: top"),
            (67, -500, 0, "already at the top, flicking up: stays (no anchor beyond)"),
            (766, 500, 1, "already at the bottom, flicking down: stays"),
        ]
        for c in cases {
            XCTAssertEqual(rules.snapIndex(origin: c.origin, velocity: c.v), c.expected, c.why)
        }
    }

    func testSnapTieGoesToTheTopMostAnchorAndVelocityIsPtPerSecond() {
        // Midway between 67 and 766 is 416.5: the first minimum (top-most) wins.
        XCTAssertEqual(rules.snapIndex(origin: 416.5, velocity: 0), 0)
        // Projection uses 0.099 × v(pt/s) (= 99 × v(pt/ms)): 1000 pt/s down from 300 → 399.
        XCTAssertEqual(Deceleration.fast.project(position: 300, velocity: 1000), 399, accuracy: 1e-9)
    }

    func testRubberBandIsSquareRootOfTheOvershoot() {
        XCTAssertEqual(rules.displayedOrigin(raw: 67 - 100), 57, accuracy: 1e-9, "100 pt past the top shows 10 pt")
        XCTAssertEqual(rules.displayedOrigin(raw: 766 + 25), 771, accuracy: 1e-9, "25 pt past the bottom shows 5 pt")
        XCTAssertEqual(rules.displayedOrigin(raw: 400), 400)
        let clamped = rules([.defaultExpanded, .defaultCollapsed], bounces: false)
        XCTAssertEqual(clamped.displayedOrigin(raw: -33), 67, "bounces off: clamp")
        XCTAssertEqual(clamped.displayedOrigin(raw: 900), 766)
        for o in [40.0, 57, 67, 300, 766, 780] {
            XCTAssertEqual(rules.displayedOrigin(raw: rules.rawOrigin(displayed: o)), o, accuracy: 1e-9,
                           "catching an overshooting card keeps it where it is")
        }
    }

    func testDimmingAndCornersFollowTheRatioClamped() {
        XCTAssertEqual(rules.dimmingAlpha(origin: 67), 0.3, accuracy: 1e-12)
        XCTAssertEqual(rules.dimmingAlpha(origin: 766), 0)
        XCTAssertEqual(rules.dimmingAlpha(origin: (67 + 766) / 2), 0.15, accuracy: 1e-12)
        XCTAssertEqual(rules.dimmingAlpha(origin: 30), 0.3, "clamped above the top anchor")
        XCTAssertEqual(rules.dimmingAlpha(origin: 800), 0, "clamped below the second anchor")
        let three = rules([.defaultExpanded, .ratio(0.5), .defaultCollapsed], corners: true)
        XCTAssertEqual(three.dimmingAlpha(origin: three.origins[1]), 0, "0 from the second anchor down")
        XCTAssertEqual(three.cornerRadius(origin: 67), 10)
        XCTAssertEqual(three.cornerRadius(origin: 766), 0, "never negative (sheets goes negative below anchor 1)")
        XCTAssertEqual(rules.cornerRadius(origin: 766), 10, "without animatesCorners the radius stays 10")
    }

    func testOneAnchorDoesNotCrashAndDimsSanely() {
        let one = rules([.ratio(0.5)])
        XCTAssertEqual(one.origins, [428.5])
        XCTAssertEqual(one.dimmingAlpha(origin: 428.5), 0.3, accuracy: 1e-12, "its one resting place is expanded")
        // Dragged down, the dimming fades toward the bottom of the safe area.
        XCTAssertEqual(one.dimmingAlpha(origin: 428.5 + 763 / 4), 0.3 * (1 - (763.0 / 4) / (810 - 428.5)), accuracy: 1e-12)
        XCTAssertEqual(one.snapIndex(origin: 500, velocity: 3000), 0)
        XCTAssertEqual(one.snapIndex(origin: 300, velocity: -3000), 0)
        XCTAssertEqual(one.displayedOrigin(raw: 428.5 + 100), 438.5, accuracy: 1e-9, "both ends rubber-band")
    }
}
