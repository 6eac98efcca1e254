import XCTest
@testable import DrawerRuntime
import PanelRenderer

/// The sheet's run-time anchors, `pop_to`, and the floating style (docs/components.md, Sheet
/// S15, S27, S28), on a test clock. The safe frame F is 47...810 on an 844 pt tall view:
/// default anchors at 67 and 766.
final class SheetOptionsTests: XCTestCase {
    let env = Environment(size: Size(390, 844), safeArea: EdgeInsets(top: 47, bottom: 34))

    func makeSheet(_ events: EventSink = EventSink(), config: SheetConfig = SheetConfig(),
                   pages: [SheetPage] = [SheetPage(id: "root")]) -> Sheet {
        Sheet(id: "s", config: config, pages: pages, text: nil, env: env, events: events)
    }
    func frames(_ s: Sheet, from: Double, to ms: Double) {
        var t = from
        while t < ms { t = min(ms, t + 1000.0 / 60); s.advance(to: .milliseconds(t)) }
    }
    func touch(_ s: Sheet, _ phase: TouchEvent.Phase, _ y: Double, ms: Double) {
        s.advance(to: .milliseconds(ms))
        s.handle(TouchEvent(id: 1, phase: phase, location: Point(200, y), time: .milliseconds(ms)))
    }
    func names(_ e: EventSink) -> [String] {
        e.events.map { ev in
            let detail = ["from", "to", "index", "depth"].compactMap { k -> String? in
                if case .number(let n)? = ev.field(k) { return "\(k)=\(Int(n))" }; return nil
            }
            return ([ev.name] + detail).joined(separator: " ")
        }
    }

    // MARK: set_anchors (S28)

    /// Without `snap_to` the card goes to the new anchor nearest to where it rests: resting
    /// collapsed at 766, three anchors (67, 428.5, 766) keep it at 766, now index 2.
    func testNewAnchorsKeepTheCardAtTheNearestByDefault() throws {
        let events = EventSink()
        let s = makeSheet(events)
        XCTAssertEqual(s.origin, 766)
        try s.perform("set_anchors", ["default_expanded", "ratio", "0.5", "default_collapsed"], at: .zero)
        XCTAssertEqual(s.rules.origins, [67, 428.5, 766])
        XCTAssertEqual(s.anchorIndex, 2)
        XCTAssertEqual(s.origin, 766, "not moved")
        XCTAssertEqual(names(events), ["anchor_will_change from=1 to=2", "anchor_did_change index=2"])
        // At 766 the nearest of (67, 500, 766) is 766 itself.
        try s.perform("set_anchors", ["from_top", "20", "from_top", "453", "default_collapsed"], at: .seconds(1))
        XCTAssertEqual(s.anchorIndex, 2)
        try s.setAnchors([.defaultExpanded, .pointsFromBottom(310)], at: .seconds(2))
        XCTAssertEqual(s.rules.origins, [67, 500])
        XCTAssertEqual(s.anchorIndex, 1, "766 is nearer to 500 than to 67")
        frames(s, from: 2000, to: 3500)
        XCTAssertEqual(s.origin, 500, "springs up to the new anchor")
        XCTAssertEqual(s.cardFrame.height, 844 - 67 + 40, "the card stays as tall as the view below the top anchor")
    }

    /// `snap_to 0` is sheets' default (`setAnchors(_:animated:snapTo: = 0)`): the top anchor.
    /// The card's height follows the new top anchor; `instant` jumps.
    func testSnapToPicksTheIndexAndTheCardHeightFollowsTheTopAnchor() throws {
        let events = EventSink()
        let s = makeSheet(events)
        try s.perform("set_anchors", ["from_top", "200", "default_collapsed", "snap_to", "0", "instant"], at: .zero)
        XCTAssertEqual(s.origin, 247)
        XCTAssertEqual(s.anchorIndex, 0)
        XCTAssertEqual(s.rules.cardHeight, 844 - 247)
        XCTAssertEqual(s.rules.contentViewportHeight, 844 - 247 - 44)
        XCTAssertEqual(names(events), ["anchor_will_change from=1 to=0", "anchor_did_change index=0"])
        try s.perform("set_anchors", ["ratio", "0.1", "ratio", "0.9", "snap_to", "1"], at: .seconds(1))
        XCTAssertEqual(s.anchorIndex, 1)
        XCTAssertTrue(s.needsFrames, "animated by default")
        frames(s, from: 1000, to: 2500)
        XCTAssertEqual(s.origin, 47 + 0.9 * 763, accuracy: 1e-9)
        XCTAssertEqual(names(events).suffix(2), ["anchor_will_change from=0 to=1", "anchor_did_change index=1"])
    }

    /// A finger keeps the card while the anchors change; its release snaps among the new ones.
    func testANewAnchorListUnderTheFingerAppliesAtRelease() throws {
        let s = makeSheet()
        touch(s, .down, 780, ms: 0)
        for i in 1...10 { touch(s, .move, 780 - Double(i) * 30, ms: Double(i) * 20) }
        let held = s.origin
        try s.setAnchors([.pointsFromTop(100), .pointsFromTop(400), .defaultCollapsed], at: .milliseconds(200))
        XCTAssertEqual(s.origin, held, "the finger keeps the card")
        touch(s, .up, 480, ms: 600)                       // at rest: nearest of 147 / 447 / 766 to 466
        frames(s, from: 600, to: 2000)
        XCTAssertEqual(s.origin, 447)
        XCTAssertEqual(s.anchorIndex, 1)
    }

    func testBadAnchorListsAreRefusedWithTheirReason() {
        let s = makeSheet()
        XCTAssertThrowsError(try s.perform("set_anchors", [], at: .zero)) {
            XCTAssertTrue("\($0)".hasPrefix("set_anchors takes one or more anchors"), "\($0)")
        }
        XCTAssertThrowsError(try s.perform("set_anchors", ["ratio", "1.5"], at: .zero)) {
            XCTAssertTrue("\($0)".hasPrefix("set_anchors: 'ratio 1.5' is not an anchor; use default_expanded"), "\($0)")
        }
        XCTAssertThrowsError(try s.perform("set_anchors", ["default_expanded", "snap_to", "3"], at: .zero)) {
            XCTAssertEqual("\($0)", "set_anchors: snap_to takes an index of the new anchors, 0...0 (0 is the top-most)")
        }
        XCTAssertThrowsError(try s.perform("set_anchors", ["snap_to", "0", "default_expanded"], at: .zero))
        XCTAssertEqual(s.rules.origins, [67, 766], "nothing changed")
    }

    // MARK: pop_to

    func testPopToAPageOnTheStack() throws {
        let events = EventSink()
        let s = makeSheet(events, pages: [SheetPage(id: "root"), SheetPage(id: "a"), SheetPage(id: "b"), SheetPage(id: "c")])
        try s.perform("set_pages", ["root", "a", "b", "c"], at: .zero)
        try s.perform("pop_to", ["a"], at: .seconds(1))
        XCTAssertEqual(s.stack.pages.map(\.id), ["root", "a"])
        XCTAssertEqual(names(events).last, "pop depth=2")
        try s.pop(to: "a", at: .seconds(2))
        XCTAssertEqual(names(events).filter { $0.hasPrefix("pop") }.count, 1, "already the top page: nothing")
        XCTAssertThrowsError(try s.perform("pop_to", ["nowhere"], at: .seconds(3))) {
            XCTAssertEqual("\($0)", "pop_to: no page 'nowhere' on sheet 's' (its pages: a, b, c, root)")
        }
        XCTAssertThrowsError(try s.perform("pop_to", ["c"], at: .seconds(3))) {
            XCTAssertEqual("\($0)", "pop_to: page 'c' is not on sheet 's''s stack (on it: root, a)")
        }
        try s.perform("pop_to", ["root", "instant"], at: .seconds(4))
        XCTAssertEqual(s.depth, 1)
        XCTAssertFalse(s.stack.isSliding, "instant: no slide")
    }

    // MARK: close button (S15)

    func testTheCloseButtonIsTenPointsBelowTheCardTopWithOrWithoutTheChevron() {
        for chevron in [false, true] {
            var c = SheetConfig()
            c.hasChevron = chevron
            let rules = SheetRules(config: c, env: env)
            XCTAssertEqual(rules.closeButtonFrame(cardOrigin: 67), Rect(390 - 40, 77, 30, 30), "chevron \(chevron)")
        }
    }

    // MARK: floating style (S27)

    /// Inset 8 pt on the sides and the bottom with all corners rounded at and below the
    /// second anchor, full width with square bottom corners at the top anchor, in between
    /// interpolated by the ratio.
    func testAFloatingCardGrowsToFullWidthAsItReachesTheTopAnchor() {
        var c = SheetConfig()
        c.style = .floating
        c.anchors = [.defaultExpanded, .ratio(0.5), .defaultCollapsed]
        let r = SheetRules(config: c, env: env)           // origins 67, 428.5, 766
        XCTAssertEqual(r.cardFrame(origin: 428.5), Rect(8, 428.5, 374, 844 - 8 - 428.5))
        XCTAssertEqual(r.bottomCornerRadius(origin: 428.5), 10)
        XCTAssertEqual(r.cardFrame(origin: 766), Rect(8, 766, 374, 70), "below the second anchor: the full inset")
        let mid = (67 + 428.5) / 2
        XCTAssertEqual(r.floatingInset(origin: mid), 4, accuracy: 1e-9)
        XCTAssertEqual(r.cardFrame(origin: mid), Rect(4, mid, 382, 844 - 4 - mid))
        XCTAssertEqual(r.bottomCornerRadius(origin: mid), 5, accuracy: 1e-9)
        XCTAssertEqual(r.cardFrame(origin: 67), Rect(0, 67, 390, 844 - 67 + 40), "at the top: edge to edge, as standard")
        XCTAssertEqual(r.bottomCornerRadius(origin: 67), 0)
        XCTAssertEqual(r.contentWidth, 374, "laid out once at the floating width")
        XCTAssertEqual(r.contentX(origin: 67), 8, "centred in the full-width card")
        XCTAssertEqual(r.contentX(origin: 428.5), 8)
        var standard = c
        standard.style = .standard
        XCTAssertEqual(SheetRules(config: standard, env: env).cardFrame(origin: 428.5), Rect(0, 428.5, 390, 844 - 67 + 40))
    }

    /// Touches in a floating card's side gap reach the background while nothing is dimmed.
    func testTheFloatingGapPassesTouchesThrough() {
        var c = SheetConfig()
        c.style = .floating
        let s = makeSheet(config: c)
        XCTAssertFalse(s.claims(Point(4, 790)))
        XCTAssertTrue(s.claims(Point(12, 790)))
        XCTAssertFalse(s.claims(Point(200, 840)), "below the card's bottom inset")
    }
}
