import XCTest
@testable import DrawerRuntime
import PanelRenderer

/// The popup driven by timestamped touches and actions on a simulated clock (390×844 pt).
final class PopupTests: XCTestCase {
    var events = EventSink()

    /// A tall scrollable page: 2000 pt of content, no text.
    final class TallContent: ContentView {
        func layout(width: Double, env: Environment) -> Double { 2000 }
        func maxScrollOffset(viewportHeight: Double) -> Double { max(0, 2000 - viewportHeight) }
        func draw(_ canvas: Canvas, size: Size, scrollOffset: Double, env: Environment) {}
        func action(at p: Point) -> String? { "row-\(Int(p.y / 50))" }
    }

    func make(_ configure: (inout PopupConfig) -> Void = { _ in }) -> Popup {
        var c = PopupConfig()
        c.barStyle = .prominent
        c.initialState = .barPresented
        configure(&c)
        events = EventSink()
        return Popup(id: "player", config: c, content: TallContent(), env: Environment(size: Size(390, 844)), events: events)
    }

    func touch(_ p: Popup, _ phase: TouchEvent.Phase, _ y: Double, x: Double = 200, at ms: Double) {
        p.advance(to: .milliseconds(ms))
        p.handle(TouchEvent(id: 1, phase: phase, location: Point(x, y), time: .milliseconds(ms)))
    }

    func run(_ p: Popup, from: Double, to: Double) {
        var t = from
        while t <= to { p.advance(to: .milliseconds(t)); t += 1000 / 60 }
    }

    var names: [String] { events.events.map(\.name) }

    func testSnapClosesAtTheSnapPointBeforeTheFingerLifts() {
        let p = make { $0.initialState = .open; $0.interactionStyle = .snap }
        XCTAssertEqual(p.percent, 1)
        touch(p, .down, 300, at: 0)
        var closedAt: Double?
        var shownAtClose = 0.0
        var travel = 0.0
        var t = 0.0
        while travel < 400 {
            travel += 2; t += 4
            let before = p.percent
            touch(p, .move, 300 + travel, at: t)
            if closedAt == nil, names.contains("popup_will_close") {
                closedAt = travel
                shownAtClose = (1 - before) * 844
            }
        }
        XCTAssertEqual(closedAt ?? 0, 304, "first 2 pt step past 302.08")
        XCTAssertEqual(shownAtClose, 86.7, accuracy: 0.05, "content had visibly moved ≈ 87 pt at 302 pt of travel")
        XCTAssertEqual(names, ["popup_will_close"], "decided while the finger is still down")
        touch(p, .up, 700, at: t + 10)
        run(p, from: t + 10, to: t + 2000)
        XCTAssertEqual(p.popupState, .barPresented)
        XCTAssertEqual(names, ["popup_will_close", "popup_did_close"])
    }

    func testSnapReleaseBeforeTheSnapPointSpringsBackOpen() {
        let p = make { $0.initialState = .open; $0.interactionStyle = .snap }
        touch(p, .down, 300, at: 0)
        touch(p, .move, 420, at: 50)
        touch(p, .move, 500, at: 100)
        XCTAssertLessThan(p.percent, 1)
        touch(p, .up, 500, at: 200)
        run(p, from: 200, to: 2000)
        XCTAssertEqual(p.popupState, .open)
        XCTAssertEqual(p.percent, 1)
        XCTAssertEqual(names, [], "no will/did: the state never changed")
    }

    func testSnapOpensOnAnUpwardSwipeAfterTheDelayWithoutTracking() {
        let p = make()                                         // automatic: snap to open
        touch(p, .down, 810, at: 0)
        touch(p, .move, 790, at: 16)
        touch(p, .move, 700, at: 32)
        XCTAssertEqual(p.percent, 0, "not tracking the finger")
        run(p, from: 32, to: 160)
        XCTAssertEqual(names, [], "waits 0.15 s")
        run(p, from: 166, to: 170)
        XCTAssertEqual(names, ["popup_will_open"])
        touch(p, .up, 700, at: 180)
        run(p, from: 180, to: 2000)
        XCTAssertEqual(p.popupState, .open)
        XCTAssertEqual(names, ["popup_will_open", "popup_did_open"])
    }

    func testDownwardSwipeOnTheBarDoesNothingAndTapOpens() {
        let p = make()
        touch(p, .down, 800, at: 0)
        touch(p, .move, 830, at: 16)
        touch(p, .up, 830, at: 40)
        run(p, from: 40, to: 600)
        XCTAssertEqual(p.popupState, .barPresented)
        touch(p, .down, 810, at: 1000)
        touch(p, .up, 810, at: 1050)
        run(p, from: 1050, to: 3000)
        XCTAssertEqual(p.popupState, .open)
    }

    func testDragStyleReleaseThroughTouches() {
        // (finger travel up from the bar in pt, pause before lift?) → final state.
        let cases: [(Double, Bool, PopupState, String)] = [
            (100, true, .barPresented, "11.8 % at rest: back"),
            (200, true, .open, "23.7 % at rest: past 20 %, opens"),
            (60, false, .open, "a short flick up opens"),
        ]
        for (travel, pause, expected, why) in cases {
            let p = make { $0.interactionStyle = .drag }
            touch(p, .down, 810, at: 0)
            for i in 1...6 { touch(p, .move, 810 - travel * Double(i) / 6, at: Double(i) * 10) }
            XCTAssertEqual(p.percent, travel / 844, accuracy: 1e-9, "the bar follows the finger")
            touch(p, .up, 810 - travel, at: pause ? 200 : 70)
            run(p, from: 200, to: 3000)
            XCTAssertEqual(p.popupState, expected, why)
        }
    }

    func testDragCloseFromOpenWithDownwardVelocity() {
        let p = make { $0.initialState = .open }                // automatic: drag to close
        touch(p, .down, 300, at: 0)
        for i in 1...6 { touch(p, .move, 300 + Double(i) * 20, at: Double(i) * 10) }
        XCTAssertEqual(p.percent, 1 - 120 / 844, accuracy: 1e-9)
        touch(p, .up, 420, at: 70)
        run(p, from: 70, to: 2000)
        XCTAssertEqual(p.popupState, .barPresented)
        XCTAssertEqual(names, ["popup_will_close", "popup_did_close"])
    }

    func testTheCloseButtonClosesOnTapAndCanBeDragged() {
        let p = make { $0.initialState = .open }
        touch(p, .down, 24, x: 195, at: 0)
        for i in 1...5 { touch(p, .move, 24 + Double(i) * 20, x: 195, at: Double(i) * 10) }
        XCTAssertEqual(p.percent, 1 - 100 / 844, accuracy: 1e-9, "dragging the chevron drags the popup")
        XCTAssertTrue(p.isDragging, "the chevron is drawn flat")
        touch(p, .up, 124, x: 195, at: 60)
        run(p, from: 60, to: 2000)
        XCTAssertEqual(p.popupState, .barPresented)
        let q = make { $0.initialState = .open }
        touch(q, .down, 24, x: 195, at: 0)
        touch(q, .up, 24, x: 195, at: 50)
        run(q, from: 50, to: 2000)
        XCTAssertEqual(q.popupState, .barPresented, "a tap closes")
    }

    func testScrollContentClosesOnlyFromItsTopEdgeAndStaysPinned() {
        let p = make { $0.initialState = .open }
        // Scroll the content down by 100 pt (finger up).
        touch(p, .down, 600, at: 0)
        touch(p, .move, 550, at: 16)
        touch(p, .move, 500, at: 32)
        XCTAssertEqual(p.scrollOffset, 100)
        XCTAssertEqual(p.percent, 1)
        // Finger down 150 pt in the same gesture: 100 scrolls back to the top, 50 closes.
        touch(p, .move, 650, at: 48)
        XCTAssertEqual(p.scrollOffset, 0, "pinned at its top")
        XCTAssertEqual(p.percent, 1 - 50 / 844, accuracy: 1e-9, "no jump: the bar starts from the hand-off")
        touch(p, .move, 700, at: 64)
        XCTAssertEqual(p.scrollOffset, 0)
        XCTAssertEqual(p.percent, 1 - 100 / 844, accuracy: 1e-9)
    }

    func testQueueRunsOneOperationAtATimeAndCoalesces() throws {
        let p = make { $0.initialState = .hidden }
        try p.perform("open", [], at: .zero)                  // presents and opens in one transition
        try p.perform("close", [], at: .milliseconds(10))     // waits for it
        try p.perform("open", [], at: .milliseconds(20))      // drops the pending close
        run(p, from: 20, to: 5000)
        XCTAssertEqual(p.popupState, .open)
        XCTAssertEqual(names, ["popup_will_open", "bar_presented", "popup_did_open"])
        try p.perform("dismiss_bar", [], at: .milliseconds(6000))
        run(p, from: 6000, to: 9000)
        XCTAssertEqual(p.popupState, .hidden)
        XCTAssertEqual(Array(names.suffix(3)), ["popup_will_close", "popup_did_close", "bar_dismissed"])
    }

    func testGesturesDuringATransitionAreIgnored() throws {
        let p = make()
        try p.perform("open", [], at: .zero)
        touch(p, .down, 500, at: 100)
        touch(p, .move, 700, at: 150)
        touch(p, .up, 700, at: 200)
        run(p, from: 200, to: 3000)
        XCTAssertEqual(p.popupState, .open)
    }

    func testMarqueeNeedsFramesOnlyWhileTheBarShowsAnOverflowingTitle() throws {
        let text = try TextRenderer(theme: .light)
        var c = PopupConfig()
        c.initialState = .barPresented
        c.marquee = true
        c.title = "A very long title that cannot possibly fit in the bar of a small phone screen"
        let p = Popup(id: "player", config: c, content: nil, env: Environment(size: Size(390, 844)), events: events, text: text)
        XCTAssertTrue(p.needsFrames)
        try p.perform("set_title", ["Short"], at: .milliseconds(10))
        XCTAssertFalse(p.needsFrames)
        try p.perform("set_title", [c.title], at: .milliseconds(20))
        try p.perform("open", [], at: .milliseconds(30))
        run(p, from: 30, to: 3000)
        XCTAssertEqual(p.popupState, .open)
        XCTAssertFalse(p.needsFrames, "paused while open")
    }

    func testBarPagingSwipesToTheNextItemAndResistsAtTheEnds() {
        let p = make { $0.items = [PopupItem(title: "One"), PopupItem(title: "Two")] }
        let titles = p.barLayout(card: p.cardFrame).titles
        let y = titles.midY
        // Swipe right on the first item: nothing before it, so it resists and snaps back.
        touch(p, .down, y, x: titles.midX, at: 0)
        touch(p, .move, y, x: titles.midX + 100, at: 20)
        XCTAssertLessThan(p.pageOffset, 100, "rubber band at the first item")
        touch(p, .up, y, x: titles.midX + 100, at: 40)
        run(p, from: 40, to: 1000)
        XCTAssertEqual(p.itemIndex, 0)
        XCTAssertEqual(p.pageOffset, 0)
        // Swipe left past half a page: the next item.
        touch(p, .down, y, x: titles.maxX - 5, at: 1100)
        touch(p, .move, y, x: titles.maxX - 5 - titles.width * 0.6, at: 1200)
        XCTAssertEqual(p.pageOffset, -titles.width * 0.6, accuracy: 1e-9, "the titles follow the finger")
        touch(p, .move, y, x: titles.maxX - 5 - titles.width * 0.6, at: 1300)
        touch(p, .up, y, x: titles.maxX - 5 - titles.width * 0.6, at: 1400)
        run(p, from: 1400, to: 2500)
        XCTAssertEqual(p.itemIndex, 1)
        XCTAssertEqual(p.title, "Two")
        XCTAssertEqual(p.popupState, .barPresented, "paging never opens the popup")
        XCTAssertEqual(names, ["bar_item_changed"])
    }

    func testIdleResetMidDragReturnsHome() {
        let p = make { $0.interactionStyle = .drag }
        touch(p, .down, 810, at: 0)
        touch(p, .move, 700, at: 20)
        touch(p, .move, 500, at: 40)
        XCTAssertGreaterThan(p.percent, 0.3)
        p.reset(at: .milliseconds(50))
        touch(p, .move, 300, at: 60)                          // the abandoned finger no longer drives it
        run(p, from: 60, to: 2000)
        XCTAssertEqual(p.popupState, .barPresented)
        XCTAssertEqual(p.percent, 0)
    }

    func testRightToLeftMirrorsTheBarButKeepsTheMediaButtonsInOrder() {
        var c = PopupConfig()
        c.initialState = .barPresented
        c.buttons = [.previous, .play, .next]
        let ltr = Popup(id: "p", config: c, content: nil, env: Environment(size: Size(800, 480)), events: events)
        let rtl = Popup(id: "p", config: c, content: nil,
                        env: Environment(size: Size(800, 480), direction: .rightToLeft), events: events)
        let a = ltr.barLayout(card: ltr.cardFrame), b = rtl.barLayout(card: rtl.cardFrame)
        XCTAssertLessThan(a.image.x, a.titles.x, "LTR: artwork leading (left)")
        XCTAssertGreaterThan(b.image.x, b.titles.x, "RTL: artwork on the right")
        XCTAssertGreaterThan(a.buttons[0].x, a.titles.maxX, "LTR: buttons trailing (right)")
        XCTAssertLessThan(b.buttons[2].maxX, b.titles.x, "RTL: buttons on the left")
        XCTAssertEqual(b.buttons.map(\.x), b.buttons.map(\.x).sorted(), "previous, play, next still left to right")
        XCTAssertEqual(a.titles.width, b.titles.width)
    }
}
