import XCTest
import DrawerRuntime
import PanelRenderer

/// Each component's typed actions (the Swift API) do what the same `do` line does, a `do` line
/// that cannot be parsed says what the action takes, and Back asks the component itself.
final class TypedActionTests: XCTestCase {
    let env = Environment(size: Size(390, 844))

    func testBottomDrawerTypedAndStringFormsAgree() throws {
        let typed = BottomDrawer(id: "d", config: BottomDrawerConfig(), content: nil, env: env, events: EventSink())
        let parsed = BottomDrawer(id: "d", config: BottomDrawerConfig(), content: nil, env: env, events: EventSink())
        try typed.setPosition(.open, animated: false, at: .zero)
        try parsed.perform("set_position", ["open", "instant"], at: .zero)
        XCTAssertEqual(typed.position, .open)
        XCTAssertEqual(typed.state(), parsed.state())
        XCTAssertEqual(try parsed.action(named: "replace_content", ["p", "collapsed"]),
                       .replaceContent(page: "p", position: .collapsed))
        XCTAssertThrowsError(try parsed.perform("set_position", ["sideways"], at: .zero)) {
            XCTAssertEqual(($0 as? ActionError)?.message, "set_position takes one of collapsed, partiallyRevealed, open, closed")
        }
        XCTAssertThrowsError(try typed.replaceContent(with: "nowhere", at: .zero)) {
            XCTAssertEqual(($0 as? ActionError)?.message, "drawer 'd' has no page 'nowhere' (it has no pages)")
        }
        // Back: open → partially revealed, then nothing left to undo.
        XCTAssertTrue(typed.handleBack(at: .zero))
        typed.advance(to: .seconds(3))
        XCTAssertEqual(typed.position, .partiallyRevealed)
        XCTAssertFalse(typed.handleBack(at: .seconds(3)))
    }

    func testSheetPushPopAndSnapTyped() throws {
        let pages = [SheetPage(id: "root"), SheetPage(id: "details")]
        let s = Sheet(id: "s", config: SheetConfig(), pages: pages, text: nil, env: env, events: EventSink())
        try s.push("details", animated: false, at: .zero)
        XCTAssertEqual(s.depth, 2)
        XCTAssertEqual(s.topPage.id, "details")
        XCTAssertThrowsError(try s.push("details", at: .zero)) {
            XCTAssertEqual(($0 as? ActionError)?.message, "page 'details' is already on sheet 's''s stack")
        }
        XCTAssertThrowsError(try s.perform("pop", ["fast"], at: .zero)) {
            XCTAssertEqual(($0 as? ActionError)?.message, "pop: 'fast' is not a word it takes; after its arguments it takes only 'instant'")
        }
        XCTAssertThrowsError(try s.action(named: "snap", ["1", "instnat"])) {
            XCTAssertEqual(($0 as? ActionError)?.message,
                           "snap: 'instnat' is not a word it takes (did you mean 'instant'?); after its arguments it takes only 'instant'")
        }
        XCTAssertThrowsError(try s.action(named: "pop", ["instant", "instant"])) {
            XCTAssertEqual(($0 as? ActionError)?.message, "pop: 'instant' is said twice")
        }
        XCTAssertThrowsError(try s.action(named: "expand", ["now"]))
        XCTAssertTrue(s.handleBack(at: .zero), "Back pops the pushed page")
        s.advance(to: .seconds(2))
        XCTAssertEqual(s.depth, 1)
        try s.snap(to: 0, animated: false, at: .seconds(2))
        XCTAssertEqual(s.anchorIndex, 0)
        XCTAssertThrowsError(try s.apply(.snap(anchor: 9, animated: true), at: .seconds(2)))
        XCTAssertTrue(s.handleBack(at: .seconds(2)), "Back lowers a raised card")
        s.advance(to: .seconds(4))
        XCTAssertEqual(s.anchorIndex, SheetRules(config: SheetConfig(), env: env).lastIndex)
        XCTAssertFalse(s.handleBack(at: .seconds(4)))
    }

    func testPopupSetItemTypedAndParsed() throws {
        var c = PopupConfig()
        c.initialState = .barPresented
        let p = Popup(id: "player", config: c, content: nil, env: env, events: EventSink())
        try p.setItem(title: "Tidal", progress: 2, at: .zero)
        XCTAssertEqual(p.title, "Tidal")
        XCTAssertEqual(p.progress, 1, "clamped to 0...1")
        try p.perform("set_title", ["Tidal", "Clock"], at: .zero)
        XCTAssertEqual(p.title, "Tidal Clock")
        XCTAssertThrowsError(try p.setItem(progress: .nan, at: .zero)) {
            XCTAssertEqual(($0 as? ActionError)?.message, "set_progress takes a number from 0 to 1")
        }
        XCTAssertEqual(p.progress, 1, "a bad progress changes nothing")
        // A script's `set_progress` takes 0...1, as the control socket's set_popup_item does.
        XCTAssertThrowsError(try p.action(named: "set_progress", ["5"]))
        XCTAssertThrowsError(try p.action(named: "set_progress", ["0.5", "extra"]))
        XCTAssertEqual(try p.action(named: "set_progress", ["0.5"]), .setItem(title: nil, subtitle: nil, progress: 0.5))
        XCTAssertThrowsError(try p.action(named: "open", ["now"]))
        XCTAssertFalse(p.handleBack(at: .zero), "the bar alone is not something to go back from")
        try p.apply(.open(), at: .zero)
        p.advance(to: .seconds(2))
        XCTAssertEqual(p.popupState, .open)
        XCTAssertTrue(p.handleBack(at: .seconds(2)))
        p.advance(to: .seconds(4))
        XCTAssertEqual(p.popupState, .barPresented)
    }

    func testSideDrawerOpenTypedAndItsErrors() throws {
        var c = SideDrawerConfig()
        c.sides = [.left: SideDrawerSideConfig()]
        let d = SideDrawer(id: "menu", config: c, pages: [.init(id: "home", title: "Home", content: nil)], drawers: [:],
                           env: Environment(size: Size(800, 480)), events: EventSink())
        try d.open(.left, animated: false, at: .zero)
        XCTAssertEqual(d.paneState, .open)
        XCTAssertThrowsError(try d.open(.right, at: .zero)) {
            XCTAssertEqual(($0 as? ActionError)?.message, "side drawer 'menu' has no right drawer (it has left)")
        }
        // One side: `open` alone opens it (the socket's `side` is optional).
        XCTAssertEqual(try d.action(named: "open", []), .open(side: .left, wide: false, animated: true, interruptible: nil))
        XCTAssertThrowsError(try d.perform("open", ["up"], at: .zero)) {
            XCTAssertEqual(($0 as? ActionError)?.message, "open takes a direction: left, not 'up'")
        }
        XCTAssertEqual(try d.action(named: "close", ["instant", "uninterruptible"]), .close(animated: false, interruptible: false))
        XCTAssertThrowsError(try d.action(named: "close", ["uninteruptible"])) {
            XCTAssertEqual(($0 as? ActionError)?.message,
                           "close: 'uninteruptible' is not a word it takes (did you mean 'uninterruptible'?); after its arguments it takes only 'instant' or 'uninterruptible'")
        }
        XCTAssertThrowsError(try d.action(named: "open", ["left", "bogus"]))
        XCTAssertThrowsError(try d.action(named: "bounce", ["left", "extra"])) {
            XCTAssertEqual(($0 as? ActionError)?.message, "bounce: 'extra' is not a word it takes; after its arguments it takes nothing more")
        }
        XCTAssertTrue(d.handleBack(at: .zero))
        d.advance(to: .seconds(3))
        XCTAssertEqual(d.paneState, .closed)
        XCTAssertFalse(d.handleBack(at: .seconds(3)))
    }

    func testSwipeDismissPresentAndDismissTyped() throws {
        var c = SwipeDismissConfig()
        c.initiallyPresented = false
        let s = SwipeDismiss(id: "m", config: c, title: nil, content: nil, text: nil, env: env, events: EventSink())
        XCTAssertFalse(s.handleBack(at: .zero), "nothing presented")
        s.present(at: .zero)
        s.advance(to: .seconds(2))
        XCTAssertTrue(s.isPresented)
        XCTAssertTrue(s.handleBack(at: .seconds(2)))
        s.advance(to: .seconds(4))
        XCTAssertFalse(s.isPresented)
        XCTAssertThrowsError(try s.perform("open", [], at: .seconds(4))) {
            XCTAssertEqual(($0 as? ActionError)?.message, "swipe_dismiss has no action 'open' (present, dismiss, both take instant; set_gesture on|off)")
        }
    }
}

/// Swipe to dismiss shares one gesture between its list and the card (docs/components.md,
/// Swipe to dismiss W3, Shared rules M9), in both directions.
final class SwipeDismissHandOffTests: XCTestCase {
    let env = Environment(size: Size(390, 844))

    func touch(_ s: SwipeDismiss, _ phase: TouchEvent.Phase, _ y: Double, ms: Double) {
        s.advance(to: .milliseconds(ms))
        s.handle(TouchEvent(id: 1, phase: phase, location: Point(200, y), time: .milliseconds(ms)))
    }

    func testDraggingTheCardBackAboveItsPlaceScrollsTheListWithTheRest() {
        let s = SwipeDismiss(id: "m", config: SwipeDismissConfig(), title: nil, content: SheetTests.Tall(5000), text: nil,
                             env: env, events: EventSink())
        touch(s, .down, 400, ms: 0)
        touch(s, .move, 500, ms: 30)
        XCTAssertEqual(s.offset, 100, accuracy: 1e-9, "the list is at its top: the card follows the finger")
        XCTAssertEqual(s.motionPhase, .dragging)
        touch(s, .move, 200, ms: 60)                       // 300 up: 100 bring the card back, 200 scroll
        XCTAssertEqual(s.offset, 0, accuracy: 1e-9)
        XCTAssertEqual(s.scrollOffset, 200, accuracy: 1e-9)
        XCTAssertEqual(s.motionPhase, .scrolling)
        touch(s, .move, 450, ms: 90)                       // 250 down: 200 scroll back, 50 move the card
        XCTAssertEqual(s.scrollOffset, 0, accuracy: 1e-9)
        XCTAssertEqual(s.offset, 50, accuracy: 1e-9)
    }

    func testWithNothingToScrollTheFingerPaysBackItsTravelAboveThePlaceFirst() {
        let s = SwipeDismiss(id: "m", config: SwipeDismissConfig(), title: nil, content: nil, text: nil,
                             env: env, events: EventSink())
        touch(s, .down, 400, ms: 0)
        touch(s, .move, 350, ms: 30)
        XCTAssertEqual(s.offset, 0, "upward travel stops at the card's place (W2)")
        touch(s, .move, 430, ms: 60)                       // 80 down: 50 pay back, 30 move the card
        XCTAssertEqual(s.offset, 30, accuracy: 1e-9)
    }
}
