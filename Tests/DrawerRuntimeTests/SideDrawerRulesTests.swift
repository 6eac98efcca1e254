import XCTest
@testable import DrawerRuntime
import PanelRenderer

/// The side drawer's pure rules with the numbers of docs/components.md, Side drawer
/// (800×480 pt screen).
final class SideDrawerRulesTests: XCTestCase {
    func rules(_ configure: (inout SideDrawerConfig) -> Void = { _ in }) -> SideDrawerRules {
        var c = SideDrawerConfig()
        var side = SideDrawerSideConfig()
        side.stylers = [.parallax, .fade, .scale]
        c.sides = [.left: side, .right: side]
        configure(&c)
        return SideDrawerRules(config: c, env: Environment(size: Size(800, 480)))
    }

    func testStylersAtHalfClosedMatchTheWorkedExample() {
        // docs/components.md, Side drawer D15: reveal 267, pane at x = 133.5 → f 0.5 →
        // parallax −46.7, alpha 0.5, scale 0.95.
        let r = rules()
        let f = r.closedFraction(distance: 133.5, .left)
        XCTAssertEqual(f, 0.5)
        XCTAssertEqual(r.parallaxOffset(closedFraction: f, .left), -46.725, accuracy: 1e-9)
        XCTAssertEqual(r.parallaxOffset(closedFraction: f, .right), 46.725, accuracy: 1e-9, "toward its own edge")
        XCTAssertEqual(r.fadeAlpha(closedFraction: f, .left), 0.5)
        XCTAssertEqual(r.scale(closedFraction: f, .left), 0.95)
        XCTAssertEqual(r.closedFraction(distance: 0, .none), 1)
        XCTAssertEqual(r.closedFraction(distance: 820, .left), 0, "openWide clamps to 0")
    }

    func testResizeFollowsTheGapAndTheRegionSitsAtTheDrawersEdge() {
        let r = rules()
        XCTAssertEqual(r.resizedExtent(distance: 100, .left), 267, "never narrower than the reveal")
        XCTAssertEqual(r.resizedExtent(distance: 500, .left), 500, "as wide as the gap beyond it")
        XCTAssertEqual(r.drawerRegion(.right, extent: 267), Rect(533, 0, 267, 480))
        let v = rules { c in c.sides = [.top: SideDrawerSideConfig(), .bottom: SideDrawerSideConfig()] }
        // The reference's bottom case wrote x; the region here grows up from the bottom edge.
        XCTAssertEqual(v.drawerRegion(.bottom, extent: v.resizedExtent(distance: 400, .bottom)), Rect(0, 80, 800, 400))
    }

    func testFadeFloorsTheClosedAlphaInsteadOfDimmingTheOpenDrawer() {
        let r = rules { $0.sides[.left]?.closedAlpha = 0.2 }
        XCTAssertEqual(r.fadeAlpha(closedFraction: 1, .left), 0.2, accuracy: 1e-12, "closed: the floor")
        XCTAssertEqual(r.fadeAlpha(closedFraction: 0, .left), 1, "open: opaque (the reference gave 0.8)")
        XCTAssertEqual(r.fadeAlpha(closedFraction: 0.5, .left), 0.6, accuracy: 1e-12)
    }

    func testStateDistancesAndOpenWideForEveryDirection() {
        let h = rules()
        XCTAssertEqual(h.distance(of: .open, .left), 267)
        XCTAssertEqual(h.distance(of: .openWide, .right), 820)
        XCTAssertEqual(h.paneOffset(distance: 267, .right), -267)
        let v = rules { c in c.sides = [.top: SideDrawerSideConfig(), .bottom: SideDrawerSideConfig()] }
        XCTAssertEqual(v.distance(of: .open, .top), 300)
        // Bottom openWide moves the pane *up*, off the top (the reference moved it down).
        XCTAssertEqual(v.paneOffset(distance: v.distance(of: .openWide, .bottom), .bottom), -500)
        XCTAssertEqual(v.paneFrame(distance: 500, .bottom).maxY, -20)
    }

    func testReleaseDecisionFlingVersusNearest() {
        let r = rules()
        // (distance, velocity along the opening direction pt/s) → target. 300 pt/s is the
        // reference's 5 pt per event at 60 Hz.
        let cases: [(Double, Double, PaneState, String)] = [
            (100, 0, .closed, "slow, nearer closed"),
            (140, 0, .open, "slow, past half of 267"),
            (100, 301, .open, "fling open from a third of the way"),
            (250, -301, .closed, "fling closed from almost open"),
            (250, -299, .open, "just under the threshold: nearest"),
            (20, 299, .closed, "just under the threshold: nearest"),
            (140, -2000, .closed, "direction of the throw wins over distance"),
        ]
        for (s, v, expected, why) in cases {
            XCTAssertEqual(r.releaseDecision(distance: s, velocity: v, .left).target, expected, why)
        }
        // The reference's push: 5 × (v / 60) at the 320×568 reference area ≈ 0.46 v.
        XCTAssertEqual(r.flingPush(velocity: 600), 5 * 10 * 100 * 10_000 / (320 * 568), accuracy: 1e-9)
        // The pane leaves at the finger's velocity (never below the push): no kink at the lift.
        XCTAssertEqual(r.releaseDecision(distance: 100, velocity: 600, .left).initialVelocity, 600)
        XCTAssertEqual(r.releaseDecision(distance: 100, velocity: -600, .left).initialVelocity, -600)
        var strong = r
        strong.config.pushReferenceArea = 100 * 100            // a push stronger than the finger
        XCTAssertEqual(strong.releaseDecision(distance: 100, velocity: 600, .left).initialVelocity,
                       strong.flingPush(velocity: 600), accuracy: 1e-9)
        XCTAssertEqual(r.releaseDecision(distance: 100, velocity: 100, .left).initialVelocity, 100, "slow: carried too")
    }

    func testDragIsHardClampedAndDirectionComesFromTheFirstMovement() {
        let r = rules()
        XCTAssertEqual(r.direction(forFirstMovement: 3), .left)
        XCTAssertEqual(r.direction(forFirstMovement: -3), .right)
        XCTAssertEqual(r.dragDistance(start: 0, translation: 400, .left), 267, "no overshoot past open")
        XCTAssertEqual(r.dragDistance(start: 267, translation: -400, .left), 0, "never past closed into the right drawer")
        XCTAssertEqual(r.dragDistance(start: 0, translation: -100, .right), 100)
    }

    func testEdgeZoneInPointsAndMillimetres() {
        var r = rules { $0.paneDragRequiresScreenEdgePan = true }
        XCTAssertTrue(r.isInEdgeZone(Point(24, 200)))
        XCTAssertFalse(r.isInEdgeZone(Point(25, 200)))
        XCTAssertTrue(r.isInEdgeZone(Point(780, 200)), "the right drawer's edge")
        r.config.edgeZone = .millimetres(10)
        r.env.pointsPerMM = 4
        XCTAssertTrue(r.isInEdgeZone(Point(39, 200)))
        XCTAssertFalse(r.isInEdgeZone(Point(41, 200)))
    }

    func testDynamicsPutOneWallExactlyOnTheTarget() {
        let r = rules()
        let close = r.dynamics(to: .closed, from: 200, .left)
        XCTAssertEqual(close.gravity, -2000)
        XCTAssertEqual(close.boundary, 0...820)
        let open = r.dynamics(to: .open, from: 100, .left)
        XCTAssertEqual(open.gravity, 2000)
        XCTAssertEqual(open.boundary, 0...267)
        let back = r.dynamics(to: .open, from: 500, .left)
        XCTAssertEqual(back.target, 267)
        XCTAssertEqual(r.bounceVelocity, 60 * 100 * 10_000 / (320 * 568), accuracy: 1e-9)
    }
}
