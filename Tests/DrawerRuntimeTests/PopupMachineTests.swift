import XCTest
@testable import DrawerRuntime
import PanelRenderer

/// The popup's state machine driven alone: no `Popup` class, no screen, no text renderer, no
/// content view. Inputs go in on a fake clock (ms); the tests read the state and the effects.
/// 390×844 pt, a prominent bar (LNPopupController's figures: docs/components.md, Popup bar).
final class PopupMachineTests: XCTestCase {
    typealias Machine = PopupMachine

    /// A machine with the context a popup would hand it, and every effect with its time.
    struct Driver {
        var machine: Machine
        var context: Machine.Context
        var log: [(ms: Double, event: KioskEvent)] = []

        init(env: Environment = Environment(size: Size(390, 844)), maxScrollOffset: Double = 1340,
             _ configure: (inout PopupConfig) -> Void = { _ in }) {
            var c = PopupConfig()
            c.barStyle = .prominent
            c.initialState = .barPresented
            configure(&c)
            let rules = PopupRules(config: c, env: env)
            machine = Machine(id: "player", config: c, rules: rules)
            context = Machine.Context(config: c, rules: rules, titleWidth: 80, maxScrollOffset: maxScrollOffset)
        }

        /// Feeds one input at `ms` (with `action` as the content's action under a lift);
        /// returns its events.
        @discardableResult
        mutating func feed(_ input: Machine.Input, action: String? = nil, at ms: Double) -> [KioskEvent] {
            var context = context
            context.actionUnderTouch = action
            let events = machine.handle(input, at: .milliseconds(ms), in: context).map { effect in
                switch effect {
                case .emit(let e): e
                }
            }
            log += events.map { (ms, $0) }
            return events
        }

        mutating func press(_ x: Double, _ y: Double, at ms: Double) -> [KioskEvent] { feed(.touch(.press(Point(x, y))), at: ms) }
        mutating func move(_ x: Double, _ y: Double, at ms: Double) -> [KioskEvent] { feed(.touch(.move(Point(x, y))), at: ms) }
        mutating func release(_ x: Double, _ y: Double, velocity: Point = .zero, cancelled: Bool = false,
                              action: String? = nil, at ms: Double) -> [KioskEvent] {
            feed(.touch(.release(Point(x, y), velocity: velocity, cancelled: cancelled)), action: action, at: ms)
        }

        /// Ticks at 60 Hz from `from` through `to` (ms).
        mutating func run(from: Double, to: Double) {
            var t = from
            while t <= to { feed(.tick, at: t); t += 1000 / 60 }
        }

        /// The popup changes said so far, in order.
        var changes: [KioskEvent.PopupChange] {
            log.compactMap { if case .popup(_, let change) = $0.event { change } else { nil } }
        }
        /// When `change` was first said (ms).
        func time(of change: KioskEvent.PopupChange) -> Double? {
            log.first { if case .popup(_, change) = $0.event { true } else { false } }?.ms
        }
        var bar: Rect { machine.barFrame(context.rules) }
        var layout: Machine.BarLayout {
            machine.barLayout(card: machine.cardFrame(context.rules, titleWidth: context.titleWidth), context.rules.env)
        }
    }

    func popup(_ change: KioskEvent.PopupChange) -> KioskEvent { .popup(popup: "player", change: change) }

    // MARK: Programmatic operations and the queue (PB2, PB32)

    func testAnOpenFromCodeSaysWillAtOnceAndDidAfterTheReferenceHalfSecond() {
        var d = Driver()
        XCTAssertEqual(d.feed(.enqueue(.init(.open)), at: 100), [popup(.willOpen)])
        guard case .transitioning(_, to: .open) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(d.machine.pairing.announced, .open, "the will waits for its did")
        XCTAssertEqual(d.machine.popupState, .barPresented, "the public state changes with the did")
        d.run(from: 100, to: 2000)
        let did = try? XCTUnwrap(d.time(of: .didOpen))
        XCTAssertGreaterThanOrEqual((did ?? 0) - 100, 500 - 0.001, "LNPopupController's 0.5 s")
        XCTAssertLessThan((did ?? .infinity) - 100, 500 + 1000 / 60, "within a frame of it")
        XCTAssertEqual(d.changes, [.willOpen, .didOpen])
        XCTAssertEqual(d.machine.popupState, .open)
        XCTAssertEqual(d.machine.percent, 1)
        XCTAssertNil(d.machine.pairing.announced)
    }

    func testTheQueueRunsOneAtATimeCoalescesAndClosesBeforeADismiss() {
        var d = Driver { $0.initialState = .hidden }
        XCTAssertEqual(d.feed(.enqueue(.init(.open)), at: 0), [popup(.willOpen)], "presented and opened in one transition")
        guard case .presentingOpen(_, let fromShift) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(fromShift, d.context.rules.hiddenShift)
        XCTAssertEqual(d.feed(.enqueue(.init(.close)), at: 10), [], "waits for the running transition")
        d.feed(.enqueue(.init(.open)), at: 20)
        XCTAssertEqual(d.machine.queue.pending, [.open], "the open dropped the pending close")
        d.run(from: 20, to: 3000)
        XCTAssertEqual(d.changes, [.willOpen, .barPresented, .didOpen], "the bar's animator completes first")
        XCTAssertEqual(d.time(of: .barPresented), d.time(of: .didOpen))
        XCTAssertEqual(d.machine.hiddenShift, 0)
        XCTAssertTrue(d.machine.queue.isEmpty)
        XCTAssertEqual(d.feed(.enqueue(.init(.dismiss)), at: 5000), [popup(.willClose)])
        XCTAssertEqual(d.machine.queue.pending, [.dismiss], "the dismiss waits at the front for the close")
        d.run(from: 5000, to: 8000)
        XCTAssertEqual(Array(d.changes.suffix(3)), [.willClose, .didClose, .barDismissed])
        let closed = d.time(of: .didClose) ?? 0, dismissed = d.time(of: .barDismissed) ?? 0
        XCTAssertGreaterThanOrEqual(dismissed - closed, 500 - 0.001, "the bar slides out for 0.5 s after the close")
        XCTAssertLessThan(dismissed - closed, 500 + 1000 / 60)
        XCTAssertEqual(d.machine.popupState, .hidden)
        XCTAssertEqual(d.machine.hiddenShift, d.context.rules.hiddenShift)
    }

    func testUnanimatedOperationsJumpWithTheirEventsTogether() {
        var d = Driver { $0.initialState = .hidden }
        XCTAssertEqual(d.feed(.enqueue(.init(.open, animated: false)), at: 0),
                       [popup(.willOpen), popup(.didOpen), popup(.barPresented)], "LN's order: the open completes inside the bar's")
        guard case .idle = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(d.machine.popupState, .open)
        XCTAssertEqual(d.machine.percent, 1)
        XCTAssertEqual(d.machine.hiddenShift, 0)
        XCTAssertEqual(d.feed(.enqueue(.init(.dismiss, animated: false)), at: 10),
                       [popup(.willClose), popup(.didClose), popup(.barDismissed)])
        XCTAssertEqual(d.machine.popupState, .hidden)
        XCTAssertEqual(d.machine.hiddenShift, d.context.rules.hiddenShift)
        XCTAssertEqual(d.machine.marqueeStart, .milliseconds(10))
        XCTAssertEqual(d.feed(.enqueue(.init(.close, animated: false)), at: 20), [], "already there")
    }

    // MARK: Touches on the bar

    func testATapOnTheBarOpensAndAMovedOrCancelledOneDoesNot() {
        var d = Driver()
        XCTAssertEqual(d.press(200, 810, at: 0), [])
        guard case .pressedBar(start: Point(200, 810)) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(d.release(204, 814, at: 50), [popup(.willOpen)], "within the 8 pt slop: a tap")
        d.run(from: 50, to: 2000)
        XCTAssertEqual(d.changes, [.willOpen, .didOpen])

        var moved = Driver()
        _ = moved.press(200, 810, at: 0)
        _ = moved.move(200, 830, at: 16)                       // downward past the slop: nothing
        guard case .ignoring = moved.machine.phase else { return XCTFail("\(moved.machine.phase)") }
        XCTAssertEqual(moved.release(200, 830, at: 40), [])
        var cancelled = Driver()
        _ = cancelled.press(200, 810, at: 0)
        XCTAssertEqual(cancelled.release(200, 810, cancelled: true, at: 40), [], "a cancelled touch is no tap")
        guard case .idle = cancelled.machine.phase else { return XCTFail("\(cancelled.machine.phase)") }
    }

    func testSnapStyleOpensAfterTheDelayWithoutTrackingTheFinger() {
        var d = Driver()                                       // automatic: snap to open
        _ = d.press(200, 810, at: 0)
        _ = d.move(200, 790, at: 16)
        guard case .waitingToOpen(until: Instant.milliseconds(166)) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        _ = d.move(200, 600, at: 32)
        XCTAssertEqual(d.machine.percent, 0, "not tracking the finger")
        XCTAssertEqual(d.release(200, 600, at: 60), [], "the open happens anyway")
        XCTAssertEqual(d.feed(.tick, at: 165), [], "0.15 s after the swipe")
        XCTAssertEqual(d.feed(.tick, at: 166), [popup(.willOpen)])
    }

    func testDragStyleFollowsTheFingerAndTheReleaseDecides() {
        var d = Driver { $0.interactionStyle = .drag }
        _ = d.press(200, 810, at: 0)
        for i in 1...4 { _ = d.move(200, 810 - Double(i) * 50, at: Double(i) * 10) }
        guard case .draggingOpen(originY: 810) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(d.machine.percent, 200 / 844, accuracy: 1e-12, "the bar's bottom is under the finger")
        XCTAssertTrue(d.machine.isDragging)
        XCTAssertEqual(d.release(200, 610, at: 200), [popup(.willOpen)], "23.7 % at rest: past the 20 % threshold")

        var down = Driver { $0.interactionStyle = .drag }
        _ = down.press(200, 810, at: 0)
        _ = down.move(200, 610, at: 10)
        XCTAssertEqual(down.release(200, 610, velocity: Point(0, 500), at: 20), [], "thrown down: back to the bar, no will")
        guard case .transitioning(let motion, to: .barPresented) = down.machine.phase else { return XCTFail("\(down.machine.phase)") }
        XCTAssertEqual(motion.velocity, -500 / 844, accuracy: 1e-12, "the finger's 500 pt/s carried, in fractions per second")
        down.run(from: 20, to: 2000)
        XCTAssertEqual(down.changes, [], "it never left the bar: no did either")
        XCTAssertEqual(down.machine.percent, 0)
    }

    func testACancelledDragGoesBackWhereItStartedWithoutItsVelocity() {
        var d = Driver { $0.interactionStyle = .drag }
        _ = d.press(200, 810, at: 0)
        _ = d.move(200, 400, at: 10)
        XCTAssertEqual(d.release(200, 400, velocity: Point(0, -3000), cancelled: true, at: 20), [])
        guard case .transitioning(let motion, to: .barPresented) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(motion.velocity, 0)
    }

    func testBarButtonsReportTheirActionAndPlayPauseToggles() {
        var d = Driver { $0.buttons = [.play, .next] }
        let play = d.layout.buttons[0]
        _ = d.press(play.midX, play.midY, at: 0)
        guard case .pressedButton(0, _) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(d.release(play.midX, play.midY, at: 50), [.action(target: "player", id: "play")])
        XCTAssertTrue(d.machine.playing)
        XCTAssertEqual(d.machine.shownButton(.play), .pause, "the slot shows pause while playing")
        _ = d.press(play.midX, play.midY, at: 100)
        XCTAssertEqual(d.release(play.midX, play.midY, at: 150), [.action(target: "player", id: "pause")])
        XCTAssertFalse(d.machine.playing)
        _ = d.press(play.midX, play.midY, at: 200)
        _ = d.move(play.midX, play.midY - 20, at: 216)
        XCTAssertEqual(d.release(play.midX, play.midY - 20, at: 250), [], "a finger that slid off taps nothing")
    }

    func testPagingSettlesOnTheNextItemAndSaysSo() {
        var d = Driver { $0.items = [PopupItem(title: "One"), PopupItem(title: "Two", subtitle: "B")] }
        let titles = d.layout.titles
        _ = d.press(titles.maxX - 5, titles.midY, at: 0)
        _ = d.move(titles.maxX - 5 - titles.width * 0.6, titles.midY, at: 100)
        guard case .paging = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(d.machine.pageOffset, -titles.width * 0.6, accuracy: 1e-9, "the titles follow the finger")
        XCTAssertEqual(d.release(titles.maxX - 5 - titles.width * 0.6, titles.midY, at: 200), [])
        guard case .pageSettling(_, step: 1) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        d.run(from: 200, to: 1500)
        XCTAssertEqual(d.log.map(\.event), [.barItemChanged(popup: "player", index: 1, title: "Two")])
        XCTAssertEqual(d.machine.itemIndex, 1)
        XCTAssertEqual(d.machine.subtitle, "B")
        XCTAssertEqual(d.machine.pageOffset, 0)
        XCTAssertEqual(d.machine.popupState, .barPresented, "paging never opens the popup")
    }

    // MARK: Touches on the open page

    func testSnapCloseDecidesPastTheSnapPointAndIgnoresTheRestOfTheGesture() {
        var d = Driver { $0.initialState = .open; $0.interactionStyle = .snap }
        _ = d.press(200, 300, at: 0)
        var travel = 0.0, t = 0.0
        var closedAt: Double?
        while closedAt == nil, travel < 400 {
            travel += 2; t += 4
            if d.move(200, 300 + travel, at: t) == [popup(.willClose)] { closedAt = travel }
        }
        XCTAssertEqual(closedAt, 304, "the first 2 pt step past 302.08 pt")
        XCTAssertTrue(d.machine.ignoringFinger)
        let percent = d.machine.percent
        XCTAssertEqual(d.move(200, 800, at: t + 4), [])
        XCTAssertEqual(d.machine.percent, percent, "the rest of the gesture moves nothing")
        XCTAssertEqual(d.release(200, 800, at: t + 10), [])
        XCTAssertFalse(d.machine.ignoringFinger, "the next press is listened to")
        d.run(from: t + 10, to: t + 2000)
        XCTAssertEqual(d.changes, [.willClose, .didClose])
    }

    func testScrollingTheContentHandsTheDragToClosingAtItsTop() {
        var d = Driver { $0.initialState = .open }
        _ = d.press(200, 600, at: 0)
        XCTAssertTrue(d.machine.holdsContentPress)
        _ = d.move(200, 550, at: 16)
        _ = d.move(200, 500, at: 32)
        XCTAssertEqual(d.machine.scrollOffset, 100)
        XCTAssertEqual(d.machine.percent, 1)
        _ = d.move(200, 650, at: 48)                           // 100 pt back to the top, 50 pt closing
        guard case .draggingClosed(originY: 600) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(d.machine.scrollOffset, 0)
        XCTAssertEqual(d.machine.percent, 1 - 50 / 844, accuracy: 1e-12)

        var short = Driver(maxScrollOffset: 30) { $0.initialState = .open }
        _ = short.press(200, 600, at: 0)
        _ = short.move(200, 500, at: 16)
        XCTAssertEqual(short.machine.scrollOffset, 30, "the context's scroll range bounds the content")
    }

    func testATapOnTheContentReportsTheContentsAction() {
        var d = Driver { $0.initialState = .open }
        _ = d.press(200, 600, at: 0)
        XCTAssertEqual(d.release(203, 604, action: "row-7", at: 50), [.action(target: "player", id: "row-7")])
        _ = d.press(200, 600, at: 100)
        XCTAssertEqual(d.release(200, 600, cancelled: true, action: "row-7", at: 150), [], "cancelled by an inner scroll view")
        _ = d.press(200, 600, at: 200)
        XCTAssertEqual(d.release(200, 600, action: nil, at: 250), [], "nothing with an action there")
    }

    // MARK: Motions and fingers

    func testAPressDuringATransitionIsIgnoredToItsLift() {
        var d = Driver()
        _ = d.feed(.enqueue(.init(.open)), at: 0)
        d.run(from: 0, to: 100)
        XCTAssertEqual(d.press(200, 500, at: 100), [])
        XCTAssertTrue(d.machine.ignoringFinger, "PB3: the reference's gestures are off while it animates")
        guard case .transitioning(_, to: .open) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(d.move(200, 800, at: 110), [])
        XCTAssertEqual(d.release(200, 800, velocity: Point(0, 4000), at: 120), [])
        XCTAssertFalse(d.machine.ignoringFinger)
        d.run(from: 120, to: 2000)
        XCTAssertEqual(d.changes, [.willOpen, .didOpen], "the open finished as if untouched")
    }

    func testAnAbandonedGestureReturnsHomeWithoutAWill() {
        var d = Driver { $0.interactionStyle = .drag }
        _ = d.press(200, 810, at: 0)
        _ = d.move(200, 500, at: 20)
        XCTAssertEqual(d.feed(.abandonGesture, at: 50), [])
        guard case .transitioning(_, to: .barPresented) = d.machine.phase else { return XCTFail("\(d.machine.phase)") }
        XCTAssertEqual(d.move(200, 300, at: 60), [], "the abandoned finger no longer drives it")
        d.run(from: 60, to: 2000)
        XCTAssertEqual(d.machine.percent, 0)
        XCTAssertEqual(d.changes, [])
    }

    // MARK: Edits, minimization, reload, layout

    func testMinimizationIsATimedMotionAndATapOnThePillExpands() {
        var d = Driver()
        XCTAssertEqual(d.feed(.edit(.setMinimized(true)), at: 0), [popup(.barMinimized)])
        XCTAssertTrue(d.machine.isMoving)
        d.run(from: 0, to: 250)
        XCTAssertGreaterThan(d.machine.minimizeFraction, 0)
        XCTAssertLessThan(d.machine.minimizeFraction, 1)
        d.run(from: 250, to: 1000)
        XCTAssertEqual(d.machine.minimizeFraction, 1)
        XCTAssertNil(d.machine.minimizeMotion)
        XCTAssertFalse(d.machine.isMoving)
        let pill = d.machine.cardFrame(d.context.rules, titleWidth: d.context.titleWidth)
        XCTAssertEqual(pill.height, PopupRules.pillHeight)
        XCTAssertNil(d.machine.buttonIndex(at: Point(pill.maxX - 10, pill.midY), d.context.rules, titleWidth: 80), "the pill has no buttons")
        _ = d.press(pill.midX, pill.midY, at: 1100)
        XCTAssertEqual(d.release(pill.midX, pill.midY, at: 1150), [popup(.barExpanded)], "a tap brings the bar back; no open")
        XCTAssertEqual(d.machine.popupState, .barPresented)
    }

    func testContentBelowScrollingMinimizesOnlyWhenAsked() {
        var off = Driver()
        XCTAssertEqual(off.feed(.edit(.contentBelowScrolled(dy: 40)), at: 0), [])
        var on = Driver { $0.minimizeOnScroll = true }
        XCTAssertEqual(on.feed(.edit(.contentBelowScrolled(dy: 40)), at: 0), [popup(.barMinimized)])
        XCTAssertEqual(on.feed(.edit(.contentBelowScrolled(dy: 10)), at: 10), [], "already going there")
        XCTAssertEqual(on.feed(.edit(.contentBelowScrolled(dy: -5)), at: 20), [popup(.barExpanded)])
    }

    func testSetItemClampsTheProgressAndRestartsTheMarqueeOnlyForText() {
        var d = Driver()
        d.feed(.edit(.setItem(title: nil, subtitle: nil, progress: 5, playing: true)), at: 100)
        XCTAssertEqual(d.machine.progress, 1)
        XCTAssertTrue(d.machine.playing)
        XCTAssertEqual(d.machine.marqueeStart, .zero)
        d.feed(.edit(.setItem(title: "Tidal Clock", subtitle: nil, progress: -1, playing: nil)), at: 200)
        XCTAssertEqual(d.machine.title, "Tidal Clock")
        XCTAssertEqual(d.machine.progress, 0)
        XCTAssertEqual(d.machine.marqueeStart, .milliseconds(200))
    }

    func testAReloadCarriesWhereAMotionWasGoingWithoutEvents() {
        var old = Driver { $0.initialState = .hidden }
        _ = old.feed(.enqueue(.init(.open)), at: 0)
        old.feed(.edit(.setItem(title: "Kept", subtitle: nil, progress: 0.4, playing: true)), at: 10)
        old.run(from: 10, to: 100)
        var new = Driver { $0.initialState = .hidden }
        new.machine.carry(from: old.machine, new.context)
        guard case .idle = new.machine.phase else { return XCTFail("\(new.machine.phase)") }
        XCTAssertEqual(new.machine.popupState, .open, "the motion's destination")
        XCTAssertEqual(new.machine.percent, 1)
        XCTAssertEqual(new.machine.hiddenShift, 0)
        XCTAssertNil(new.machine.pairing.announced, "no did owed")
        XCTAssertEqual(new.machine.title, "Kept")
        XCTAssertEqual(new.machine.progress, 0.4)
        XCTAssertTrue(new.machine.playing)
    }

    func testARelayoutMovesARestingPopupOnly() {
        var d = Driver { $0.initialState = .hidden }
        let before = d.machine.hiddenShift
        d.context.rules = PopupRules(config: d.context.config,
                                     env: Environment(size: Size(390, 844), safeArea: EdgeInsets(top: 0, left: 0, bottom: 34, right: 0)))
        XCTAssertEqual(d.feed(.relayout, at: 0), [])
        XCTAssertEqual(d.machine.hiddenShift, before + 34, "hidden below the new safe area")
        _ = d.feed(.enqueue(.init(.present)), at: 10)
        d.run(from: 10, to: 100)
        let sliding = d.machine.hiddenShift
        d.feed(.relayout, at: 100)
        XCTAssertEqual(d.machine.hiddenShift, sliding, "a motion keeps going where it was going")
    }
}
