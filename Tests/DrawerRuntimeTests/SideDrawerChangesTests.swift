import XCTest
@testable import DrawerRuntime
import PanelRenderer

/// The side drawer's calls that change what it is made of (docs/components.md, Side drawer
/// D13, D28–D30): the unanimated pane replacement, bounce without a side, drawers set and
/// removed at run time, stylers set at run time. Simulated clock, no sleeps.
final class SideDrawerChangesTests: XCTestCase {
    var events = EventSink()

    func make(sides: [SideDrawerDirection] = [.left, .right], _ configure: (inout SideDrawerConfig) -> Void = { _ in }) -> SideDrawer {
        var c = SideDrawerConfig()
        c.sides = [:]
        for s in sides { c.sides[s] = SideDrawerSideConfig() }
        configure(&c)
        events = EventSink()
        let pages = [SideDrawer.Page(id: "home", title: "Home", content: nil),
                     SideDrawer.Page(id: "settings", title: "Settings", content: nil),
                     SideDrawer.Page(id: "alerts", title: "Alerts", content: nil)]
        return SideDrawer(id: "menu", config: c, pages: pages, drawers: [:],
                          env: Environment(size: Size(800, 480)), events: events)
    }


    func touch(_ d: SideDrawer, _ phase: TouchEvent.Phase, _ x: Double, at ms: Int) {
        d.advance(to: .milliseconds(ms))
        d.handle(TouchEvent(id: 1, phase: phase, location: Point(x, 240), time: .milliseconds(ms)))
    }

    func names() -> [String] {
        events.events.map { e in
            guard case .string(let s)? = e.field("state") else { return e.name }
            guard case .string(let dir)? = e.field("direction") else { return "\(e.name):\(s)" }
            return "\(e.name):\(s):\(dir)"
        }
    }

    func message(_ body: () throws -> Void) -> String {
        do { try body() } catch { return "\(error)" }
        return "(no error)"
    }

    // MARK: D13 unanimated replacement

    /// `setPaneViewController:animated:NO` only swaps the child: an open pane stays open at
    /// 267 in every frame after, and the delegate hears nothing.
    func testUnanimatedReplaceSwapsWhereTheOpenPaneIs() throws {
        let d = make()
        try d.perform("open", ["left", "instant"], at: .zero)
        let before = names()
        try d.perform("replace_pane", ["settings", "instant"], at: .milliseconds(100))
        XCTAssertEqual(d.currentPage?.id, "settings", "swapped in the same call")
        XCTAssertFalse(d.needsFrames, "no motion started")
        let offsets = stepFrames(d, from: 100, to: 1500)
        XCTAssertEqual(offsets.count, 84)
        XCTAssertEqual(Set(offsets), [267], "not one frame of motion")
        XCTAssertEqual(d.paneState, .open)
        XCTAssertEqual(names(), before, "no will-change or did-change")
    }

    func testUnanimatedReplaceOfTheClosedPaneAndOfThePageShown() throws {
        let d = make()
        try d.replacePane(with: "settings", animated: false, at: .zero)
        XCTAssertEqual(Set(stepFrames(d, from: 0, to: 500)), [0])
        XCTAssertEqual(d.currentPage?.id, "settings")
        // The page already shown: nothing at all (the animated call would close).
        try d.perform("replace_pane", ["settings", "instant"], at: .milliseconds(600))
        XCTAssertFalse(d.needsFrames)
        XCTAssertEqual(events.events.count, 0)
        XCTAssertTrue(message { try d.perform("replace_pane", ["home", "instnat"], at: .zero) }.contains("did you mean 'instant'"))
    }

    /// An unanimated replace during a slide-off: the page shows at once, and the swap at
    /// openWide brings that page too (not the one the slide-off was for).
    func testUnanimatedReplaceDuringASlideOffWins() throws {
        let d = make()
        try d.perform("replace_pane", ["settings"], at: .zero)
        stepFrames(d, from: 0, to: 200)
        try d.perform("replace_pane", ["alerts", "instant"], at: .milliseconds(200))
        XCTAssertEqual(d.currentPage?.id, "alerts")
        stepFrames(d, from: 200, to: 3000)
        XCTAssertEqual(d.currentPage?.id, "alerts")
        XCTAssertEqual(d.paneState, .closed)
        XCTAssertEqual(d.paneOffset, 0)
    }

    // MARK: D12 bounce without a side

    func testBounceNeedsNoSideWithOneDrawer() throws {
        let d = make(sides: [.right])
        try d.perform("bounce", [], at: .zero)
        let offsets = stepFrames(d, from: 0, to: 3000)
        // Push 60 at the reference area ≈ 330 pt/s against 2000 pt/s²: rises v²/2g ≈ 27 pt.
        XCTAssertEqual(-offsets.min()!, 27.2, accuracy: 1, "toward the right drawer, ≈ 27 pt")
        XCTAssertEqual(d.paneOffset, 0)
        XCTAssertFalse(d.needsFrames)
        // The typed call too.
        try d.apply(.bounce(side: .none), at: .milliseconds(4000))
        XCTAssertTrue(d.needsFrames)
    }

    func testBounceWithTwoDrawersAndNoSideNamesThem() {
        let d = make()
        let m = message { try d.perform("bounce", [], at: .zero) }
        XCTAssertTrue(m.contains("bounce needs a side") && m.contains("left and right"), m)
        XCTAssertEqual(message { try d.apply(.bounce(side: .none), at: .zero) }, m)
        XCTAssertFalse(d.needsFrames, "nothing moved")
        XCTAssertTrue(message { try d.perform("bounce", ["top"], at: .zero) }.contains("left, right"))
    }

    // MARK: D29 drawers set and removed at run time

    func testSetDrawerAddsADrawerThatAGestureOpens() throws {
        let d = make(sides: [.left]) { $0.sides[.left]?.revealWidth = 200 }
        try d.perform("set_drawer", ["right", "alerts"], at: .zero)
        XCTAssertEqual(d.sides, [.left, .right])
        XCTAssertEqual(d.drawerPages, [.right: "alerts"])
        // A flick to the left opens the new right drawer, with the reference's 267 pt.
        touch(d, .down, 700, at: 100)
        for i in 1...3 { touch(d, .move, 700 - Double(i) * 20, at: 100 + i * 16) }
        touch(d, .up, 640, at: 150)
        stepFrames(d, from: 150, to: 2000)
        XCTAssertEqual(d.paneState, .open)
        XCTAssertEqual(d.paneOffset, -267)
        // Replacing what a drawer shows keeps the pane where it is.
        try d.setDrawer(.right, page: "settings", at: .milliseconds(2100))
        XCTAssertEqual(d.drawerPages, [.right: "settings"])
        XCTAssertFalse(d.needsFrames)
        XCTAssertEqual(d.paneOffset, -267)
    }

    func testSetDrawerRefusals() {
        let d = make(sides: [.left])
        let m = message { try d.perform("set_drawer", ["top", "alerts"], at: .zero) }
        XCTAssertTrue(m.contains("has drawers on left") && m.contains("top drawer cannot join"), m)
        XCTAssertTrue(message { try d.perform("set_drawer", ["right", "home"], at: .zero) }.contains("shown in the pane"))
        XCTAssertTrue(message { try d.perform("set_drawer", ["right", "nowhere"], at: .zero) }.contains("home, settings, alerts"))
        XCTAssertTrue(message { try d.perform("set_drawer", ["right"], at: .zero) }.contains("<side> <page>"))
        XCTAssertTrue(message { try d.perform("set_drawer", ["right", "alerts", "now"], at: .zero) }.contains("'now'"))
        XCTAssertEqual(d.sides, [.left], "nothing changed")
        // One page, one place.
        XCTAssertNoThrow(try d.perform("set_drawer", ["right", "alerts"], at: .zero))
        XCTAssertTrue(message { try d.perform("set_drawer", ["left", "alerts"], at: .zero) }.contains("in the right drawer"))
        XCTAssertTrue(message { try d.perform("replace_pane", ["alerts"], at: .zero) }.contains("in the right drawer"))
    }

    /// The reference only forgets the drawer (a pane open toward it stays open over nothing);
    /// here the pane closes first, uninterruptibly, and the drawer goes at closed.
    func testRemovingTheOpenDrawerClosesFirst() throws {
        let d = make()
        try d.perform("open", ["left", "instant"], at: .zero)
        try d.perform("remove_drawer", ["left"], at: .milliseconds(100))
        XCTAssertEqual(d.sides, [.left, .right], "still drawn while the pane closes over it")
        XCTAssertTrue(message { try d.perform("open", ["left"], at: .milliseconds(150)) }.contains("is removing its left drawer"))
        touch(d, .down, 400, at: 200)                 // a finger on the closing pane is ignored
        touch(d, .move, 500, at: 250)
        touch(d, .up, 500, at: 300)
        let offsets = stepFrames(d, from: 300, to: 2000)
        XCTAssertEqual(offsets.last, 0)
        XCTAssertEqual(d.sides, [.right])
        XCTAssertEqual(Array(names().suffix(2)), ["pane_state_will_change:closed:left", "pane_state_did_change:closed:left"])
        // A drag toward the removed side does nothing now.
        touch(d, .down, 100, at: 2100)
        for i in 1...5 { touch(d, .move, 100 + Double(i) * 30, at: 2100 + i * 16) }
        XCTAssertEqual(d.paneOffset, 0)
        touch(d, .up, 250, at: 2200)
    }

    func testRemovingInstantlyAndRemovingAClosedDrawer() throws {
        let d = make()
        try d.perform("open", ["right", "instant"], at: .zero)
        try d.perform("remove_drawer", ["right", "instant"], at: .milliseconds(100))
        XCTAssertEqual(d.sides, [.left])
        XCTAssertEqual(d.paneOffset, 0)
        XCTAssertFalse(d.needsFrames)
        XCTAssertEqual(Array(names().suffix(2)), ["pane_state_will_change:closed:right", "pane_state_did_change:closed:right"])
        let count = events.events.count
        try d.removeDrawer(.left, at: .milliseconds(200))
        XCTAssertEqual(d.sides, [])
        XCTAssertEqual(events.events.count, count, "a closed drawer goes silently")
        XCTAssertTrue(message { try d.perform("remove_drawer", ["left"], at: .zero) }.contains("none"))
        XCTAssertTrue(message { try d.perform("open", [], at: .zero) }.contains("has no drawer now"))
    }

    /// A drawer set again where one was removed gets that side's options back (the
    /// reference keeps reveal width and stylers per direction).
    func testADrawerSetAgainKeepsItsSidesOptions() throws {
        let d = make(sides: [.left]) { $0.sides[.left]?.revealWidth = 200; $0.sides[.left]?.stylers = [.fade] }
        try d.perform("remove_drawer", ["left"], at: .zero)
        try d.perform("set_drawer", ["left", "settings"], at: .zero)
        try d.perform("open", ["instant"], at: .zero)
        XCTAssertEqual(d.paneOffset, 200)
        XCTAssertEqual(d.config.sides[.left]?.stylers, [.fade])
    }

    func testStateListsTheDrawers() throws {
        let d = make()
        try d.perform("remove_drawer", ["right"], at: .zero)
        guard case .object(let fields) = d.state() else { return XCTFail() }
        XCTAssertEqual(fields.first { $0.0 == "drawers" }?.1, .array([.string("left")]))
    }

    // MARK: D15 stylers at run time

    func testSetStylersFromWords() throws {
        let d = make()
        try d.perform("set_stylers", ["left", "parallax", "scale", "closed_scale=0.2", "parallax_offset_fraction=0.5"], at: .zero)
        let style = try XCTUnwrap(d.config.sides[.left]?.style)
        XCTAssertEqual(style.stylers, [.parallax, .scale])
        XCTAssertEqual(style.closedScale, 0.2)
        XCTAssertEqual(style.parallaxOffsetFraction, 0.5)
        XCTAssertEqual(style.closedAlpha, 0, "not named: kept")
        XCTAssertEqual(d.config.sides[.right]?.stylers, [], "the other side untouched")
        // The rules follow: f 0.5 → scale 1 − 0.5 × 0.2, parallax −267 × 0.5 × 0.5.
        let rules = SideDrawerRules(config: d.config, env: Environment(size: Size(800, 480)))
        XCTAssertEqual(rules.scale(closedFraction: 0.5, .left), 0.9, accuracy: 1e-12)
        XCTAssertEqual(rules.parallaxOffset(closedFraction: 0.5, .left), -66.75, accuracy: 1e-12)
        try d.perform("set_stylers", ["left", "resize", "shadow", "minimum_resize_reveal_width=100", "shadow_offset_y=-2.5"], at: .zero)
        let resized = SideDrawerRules(config: d.config, env: Environment(size: Size(800, 480)))
        // The reference's rule: below the minimum the reveal width, from it on the gap.
        XCTAssertEqual(resized.resizedExtent(distance: 99, .left), 267)
        XCTAssertEqual(resized.resizedExtent(distance: 100, .left), 100)
        XCTAssertEqual(resized.resizedExtent(distance: 300, .left), 300)
        XCTAssertEqual(d.config.sides[.left]?.shadowOffsetY, -2.5)
        try d.perform("set_stylers", ["left"], at: .zero)
        XCTAssertEqual(d.config.sides[.left]?.stylers, [], "none named: none")
    }

    func testSetStylersRefusals() {
        let d = make()
        func m(_ words: [String]) -> String { message { try d.perform("set_stylers", words, at: .zero) } }
        XCTAssertTrue(m(["left", "parralax"]).contains("did you mean 'parallax'"), m(["left", "parralax"]))
        XCTAssertTrue(m(["left", "closed_alpa=0.2"]).contains("did you mean 'closed_alpha'"))
        XCTAssertTrue(m(["left", "closed_alpha=2"]).contains("closed_alpha is 2.0; it takes 0...1"), m(["left", "closed_alpha=2"]))
        XCTAssertTrue(m(["left", "closed_alpha=nan"]).contains("closed_alpha"))
        XCTAssertTrue(m(["left", "closed_alpha=x"]).contains("takes a number"))
        XCTAssertTrue(m(["left", "fade", "fade"]).contains("said twice"))
        XCTAssertTrue(m(["top", "fade"]).contains("left, right"))
        var bad = SideDrawerSideConfig.Style()
        bad.shadowRadius = -1
        XCTAssertTrue(message { try d.apply(.setStyle(side: .left, style: bad), at: .zero) }.contains("shadow_radius"))
        XCTAssertEqual(d.config.sides[.left]?.style, SideDrawerSideConfig.Style(), "nothing changed")
    }
}

extension SideDrawerChangesTests {
    /// A reload keeps the drawers the program set or removed (where the new file still has
    /// their pages), as it keeps the page and the open side.
    func testAReloadKeepsTheDrawersSetAtRunTime() throws {
        let old = make()
        try old.perform("remove_drawer", ["right"], at: .zero)
        try old.perform("set_drawer", ["left", "alerts"], at: .zero)
        try old.perform("open", ["instant"], at: .zero)
        let new = make()
        new.carryState(from: old)
        XCTAssertEqual(new.sides, [.left])
        XCTAssertEqual(new.drawerPages, [.left: "alerts"])
        XCTAssertEqual(new.paneState, .open)
        XCTAssertEqual(new.paneOffset, 267)
    }
}
