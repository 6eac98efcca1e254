import XCTest
@testable import DrawerRuntime
import PanelRenderer

/// The dismiss card through its touch and action entry points, on a test clock (H = 844).
final class SwipeDismissTests: XCTestCase {
    let env = Environment(size: Size(390, 844))

    func make(_ events: EventSink, sticky: Bool = false) -> SwipeDismiss {
        var c = SwipeDismissConfig()
        c.isSticky = sticky
        return SwipeDismiss(id: "m", config: c, title: "T", content: nil, text: nil, env: env, events: events)
    }
    func frames(_ s: SwipeDismiss, from: Double, to ms: Double) {
        var t = from
        while t < ms { t = min(ms, t + 1000.0 / 60); s.advance(to: .milliseconds(t)) }
    }
    func touch(_ s: SwipeDismiss, _ phase: TouchEvent.Phase, _ p: Point, ms: Double) {
        s.advance(to: .milliseconds(ms))
        s.handle(TouchEvent(id: 1, phase: phase, location: p, time: .milliseconds(ms)))
    }
    func statuses(_ e: EventSink) -> [String] {
        e.events.compactMap { if case .string(let s)? = $0.field("status") { return s }; return nil }
    }

    func testAFingerCatchesTheReturningCardWhereItIs() {
        let events = EventSink()
        let s = make(events, sticky: true)
        touch(s, .down, Point(200, 100), ms: 0)
        for i in 1...5 { touch(s, .move, Point(200, 100 + Double(i) * 40), ms: Double(i) * 30) }
        touch(s, .up, Point(200, 300), ms: 250)          // 200 < 253.2, finger rested: cancelled
        XCTAssertEqual(statuses(events), ["cancelled"])
        frames(s, from: 250, to: 350)                     // half way back: 100 → 50
        XCTAssertEqual(s.offset, 50, accuracy: 0.5)
        touch(s, .down, Point(200, 400), ms: 350)
        XCTAssertEqual(s.offset, 50, accuracy: 0.5, "caught, not jumped")
        touch(s, .move, Point(200, 420), ms: 380)          // sticky: +20 pt of finger = +10 pt
        XCTAssertEqual(s.offset, 60, accuracy: 0.5)
        // The raw translation counts from the catch: 2 × 50 + 20 = 120 < 253.2 → cancelled.
        touch(s, .up, Point(200, 420), ms: 500)
        XCTAssertEqual(statuses(events), ["cancelled", "cancelled"])
    }

    func testCloseButtonAndDismissActionSlideOutThenComplete() throws {
        let events = EventSink()
        let s = make(events)
        // Close button: 30 × 30, 10 pt from the right, centred in the 44 pt header below the grabber band.
        touch(s, .down, Point(390 - 25, 14 + 22), ms: 0)
        touch(s, .up, Point(390 - 25, 14 + 22), ms: 40)
        XCTAssertEqual(statuses(events), ["initiated"])
        frames(s, from: 40, to: 140)
        XCTAssertEqual(s.offset, 422, accuracy: 1, "ease-in-out: half of 844 at half the 0.2 s")
        XCTAssertEqual(s.alpha, 0.5, accuracy: 0.01)
        XCTAssertTrue(s.claims(Point(200, 600)), "a leaving card swallows touches")
        touch(s, .down, Point(200, 600), ms: 150)        // ignored: the slide finishes
        frames(s, from: 150, to: 260)
        XCTAssertEqual(statuses(events), ["initiated", "completed"])
        XCTAssertFalse(s.isPresented)
        XCTAssertFalse(s.claims(Point(200, 600)), "touches pass through once it is gone")
        try s.perform("present", [], at: .milliseconds(300))
        frames(s, from: 300, to: 1500)
        XCTAssertEqual(s.offset, 0)
        XCTAssertTrue(s.isPresented)
        try s.perform("dismiss", [], at: .milliseconds(1500))
        frames(s, from: 1500, to: 1800)
        XCTAssertEqual(statuses(events), ["initiated", "completed", "initiated", "completed"])
        XCTAssertThrowsError(try s.perform("open", [], at: .seconds(2)))
    }

    /// A 0.4 s slide out on UIKit's ease-in-out: 12.9 % of the way at a quarter of the time,
    /// half at half, 87.1 % at three quarters, and `completed` exactly at 0.4 s. The cancel's
    /// return runs on the same curve.
    func testTheSlideAndTheReturnRunOnUIKitsEaseInOutAndCompleteAtTheDuration() {
        let events = EventSink()
        var c = SwipeDismissConfig()
        c.animationDuration = 0.4
        let s = SwipeDismiss(id: "m", config: c, title: "T", content: nil, text: nil, env: env, events: events)
        try? s.perform("dismiss", [], at: .zero)
        XCTAssertEqual(statuses(events), ["initiated"])
        for (ms, fraction) in [(100.0, 0.1291619), (200, 0.5), (300, 0.8708381)] {
            s.advance(to: .milliseconds(ms))
            XCTAssertEqual(s.offset, 844 * fraction, accuracy: 0.01, "at \(ms) ms")
        }
        s.advance(to: .milliseconds(399.9))
        XCTAssertEqual(statuses(events), ["initiated"], "still sliding just before the duration")
        s.advance(to: .milliseconds(400))
        XCTAssertEqual(statuses(events), ["initiated", "completed"], "completed at the duration")
        XCTAssertEqual(events.events.last?.timeMS, 400)

        // Cancel: a slow 200 pt drag (finger at rest before the lift) returns on the curve.
        let back = EventSink()
        let r = SwipeDismiss(id: "m", config: c, title: "T", content: nil, text: nil, env: env, events: back)
        touch(r, .down, Point(200, 300), ms: 0)
        for i in 1...10 { touch(r, .move, Point(200, 300 + Double(i) * 20), ms: Double(i) * 20) }
        touch(r, .up, Point(200, 500), ms: 400)
        XCTAssertEqual(statuses(back), ["cancelled"])
        for (ms, fraction) in [(500.0, 0.1291619), (600, 0.5), (700, 0.8708381)] {
            r.advance(to: .milliseconds(ms))
            XCTAssertEqual(r.offset, 200 * (1 - fraction), accuracy: 0.01, "return at \(ms) ms")
        }
        r.advance(to: .milliseconds(800))
        XCTAssertEqual(r.offset, 0)
    }

    /// `set_gesture off` (the article's `removeSwipeDownToDismiss`): a drag down no longer
    /// moves the card and reports nothing; `set_gesture on` adds it back. The close button
    /// still works without it.
    func testTheGestureCanBeSwitchedOffAndOnAgain() throws {
        let events = EventSink()
        let s = make(events)
        try s.perform("set_gesture", ["off"], at: .zero)
        XCTAssertFalse(s.gestureEnabled)
        touch(s, .down, Point(200, 300), ms: 0)
        for i in 1...10 { touch(s, .move, Point(200, 300 + Double(i) * 40), ms: Double(i) * 16) }
        XCTAssertEqual(s.offset, 0, "the card stays")
        touch(s, .up, Point(200, 700), ms: 170)           // a 400 pt flick at 2500 pt/s
        frames(s, from: 170, to: 600)
        XCTAssertEqual(statuses(events), [], "no swipe, no status")
        XCTAssertTrue(s.isPresented)
        try s.perform("set_gesture", ["on"], at: .milliseconds(600))
        touch(s, .down, Point(200, 300), ms: 600)
        for i in 1...10 { touch(s, .move, Point(200, 300 + Double(i) * 40), ms: 600 + Double(i) * 16) }
        XCTAssertEqual(s.offset, 400, accuracy: 1e-9)
        touch(s, .up, Point(200, 700), ms: 770)
        XCTAssertEqual(statuses(events), ["initiated"])
        XCTAssertThrowsError(try s.perform("set_gesture", ["maybe"], at: .seconds(2))) {
            XCTAssertEqual("\($0)", "set_gesture takes on or off (the swipe-down gesture)")
        }
        XCTAssertThrowsError(try s.perform("set_gesture", ["on", "instant"], at: .seconds(2)))
    }

    /// Switched off in the middle of a drag: the drag is cancelled (`cancelled`) and the card
    /// returns, as a cancelled touch would; the close button still dismisses.
    func testSwitchingTheGestureOffMidDragCancelsIt() throws {
        let events = EventSink()
        let s = make(events)
        touch(s, .down, Point(200, 300), ms: 0)
        for i in 1...5 { touch(s, .move, Point(200, 300 + Double(i) * 20), ms: Double(i) * 16) }
        XCTAssertEqual(s.offset, 100, accuracy: 1e-9)
        s.setGesture(enabled: false, at: .milliseconds(90))
        XCTAssertEqual(statuses(events), ["cancelled"])
        touch(s, .move, Point(200, 500), ms: 100)
        frames(s, from: 100, to: 400)
        XCTAssertEqual(s.offset, 0, "back in place; the finger no longer moves it")
        touch(s, .up, Point(200, 500), ms: 400)
        XCTAssertEqual(statuses(events), ["cancelled"])
        XCTAssertEqual(s.state()["gesture"], .bool(false))
        touch(s, .down, Point(390 - 25, 14 + 22), ms: 500)
        touch(s, .up, Point(390 - 25, 14 + 22), ms: 540)
        XCTAssertEqual(statuses(events), ["cancelled", "initiated"], "the close button is not the gesture")
    }
}
