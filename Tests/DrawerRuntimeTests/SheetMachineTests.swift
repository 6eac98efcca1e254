import XCTest
@testable import DrawerRuntime
import PanelRenderer

/// The sheet's machine driven alone, without a screen, a class or content views: inputs on a
/// test clock, checked by the new state and the effects (docs/components.md, Sheet). The
/// safe frame F is 47...810 on a 390 × 844 pt view: default anchors at 67 and 766.
final class SheetMachineTests: XCTestCase {
    static let env = Environment(size: Size(390, 844), safeArea: EdgeInsets(top: 47, bottom: 34))

    /// What the `Sheet` class is to the machine: it builds the context (the top page's list)
    /// and applies the scroll effects, keeping every effect with its time.
    struct Rig {
        var machine: SheetMachine
        var rules: SheetRules
        /// Each page's scroll offset, as the effects left it, and how far it may scroll (pt).
        var scroll: [String: Double] = [:]
        var maxScroll: [String: Double] = [:]
        var log: [(ms: Double, effect: SheetMachine.Effect)] = []

        init(_ config: SheetConfig = SheetConfig(), env: Environment = SheetMachineTests.env) {
            rules = SheetRules(config: config, env: env)
            machine = SheetMachine(id: "s", root: "root", anchorIndex: config.initialAnchor ?? rules.lastIndex, rules: rules)
        }

        var context: SheetMachine.Context {
            let top = machine.stack.top
            return .init(rules: rules, touchSlop: 8, scrollOffset: scroll[top] ?? 0, maxScrollOffset: maxScroll[top] ?? 0)
        }

        @discardableResult
        mutating func send(_ input: SheetMachine.Input, ms: Double) -> [SheetMachine.Effect] {
            let effects = machine.handle(input, at: .milliseconds(ms), in: context)
            for e in effects {
                if case .scroll(let page, let offset) = e { scroll[page] = offset }
                log.append((ms, e))
            }
            return effects
        }

        mutating func press(_ x: Double, _ y: Double, ms: Double) { send(.touch(.press(Point(x, y))), ms: ms) }
        mutating func move(_ x: Double, _ y: Double, ms: Double) { send(.touch(.move(Point(x, y))), ms: ms) }
        @discardableResult
        mutating func release(_ x: Double, _ y: Double, vy: Double = 0, cancelled: Bool = false, ms: Double) -> [SheetMachine.Effect] {
            send(.touch(.release(Point(x, y), velocity: Point(0, vy), cancelled: cancelled)), ms: ms)
        }

        /// Frames of 1/60 s after `from` up to `to` ms, as the frame loop sends them.
        mutating func frames(from: Double, to: Double) {
            var t = from
            while t < to { t = min(to, t + 1000.0 / 60); send(.tick, ms: t) }
        }

        /// The events emitted so far, with their times.
        var events: [(ms: Double, event: KioskEvent)] {
            log.compactMap { if case .emit(let e) = $0.effect { return ($0.ms, e) }; return nil }
        }
        var eventList: [KioskEvent] { events.map(\.event) }

        var phaseName: String {
            switch machine.phase {
            case .resting: "resting"
            case .pressed: "pressed"
            case .dragging(_, _, .container): "dragging card"
            case .dragging(_, _, .content): "dragging list"
            case .settling: "settling"
            case .scrollFling: "gliding"
            }
        }
    }

    // MARK: Taps (S12) and the settle (S8)

    /// A tap on the collapsed card's header (766...810) expands: its will at the lift, the
    /// card exactly on 67 and its did on the first frame at or after 0.5 s (UIKit's 0.5 s
    /// spring, fitted).
    func testAHeaderTapExpandsAndTheDidComesHalfASecondLater() {
        var r = Rig()
        r.press(200, 790, ms: 0)
        XCTAssertEqual(r.phaseName, "pressed")
        XCTAssertEqual(r.release(201, 792, ms: 50), [.emit(.anchorWillChange(sheet: "s", from: 1, to: 0))])
        XCTAssertEqual(r.phaseName, "settling")
        XCTAssertEqual(r.machine.anchorIndex, 0, "the logical anchor is where it heads")
        r.frames(from: 50, to: 1000)
        XCTAssertEqual(r.phaseName, "resting")
        XCTAssertEqual(r.machine.origin, 67)
        let did = r.events.last
        XCTAssertEqual(did?.event, .anchorDidChange(sheet: "s", index: 0))
        XCTAssertGreaterThanOrEqual(did?.ms ?? 0, 550)
        XCTAssertLessThan(did?.ms ?? .infinity, 550 + 1000.0 / 60)
        XCTAssertEqual(r.eventList.count, 2)
    }

    /// At the top anchor the header tap does nothing, and without `expand_on_header_tap`
    /// neither does it below.
    func testAHeaderTapAtTheTopOrSwitchedOffStartsNothing() {
        var r = Rig()
        r.send(.snap(0, animated: false), ms: 0)
        r.press(200, 80, ms: 10)
        XCTAssertEqual(r.release(200, 80, ms: 20), [])
        XCTAssertEqual(r.phaseName, "resting")
        var off = SheetConfig()
        off.expandsOnHeaderTap = false
        var r2 = Rig(off)
        r2.press(200, 790, ms: 0)
        XCTAssertEqual(r2.release(200, 790, ms: 20), [])
        XCTAssertEqual(r2.machine.origin, 766)
    }

    /// At the top the dimming shows above the card: a tap there collapses (S12); switched
    /// off, it leaves the card where it is.
    func testADimmingTapCollapses() {
        var r = Rig()
        r.send(.snap(0, animated: false), ms: 0)
        r.press(200, 30, ms: 10)
        guard case .pressed(_, .dimming) = r.machine.phase else { return XCTFail("\(r.machine.phase)") }
        r.move(200, 300, ms: 20)
        XCTAssertEqual(r.phaseName, "pressed", "a press on the dimming never drags")
        XCTAssertEqual(r.machine.origin, 67)
        XCTAssertEqual(r.release(200, 30, ms: 30), [.emit(.anchorWillChange(sheet: "s", from: 0, to: 1))])
        var off = SheetConfig()
        off.collapsesOnDimmingTap = false
        var r2 = Rig(off)
        r2.send(.snap(0, animated: false), ms: 0)
        r2.press(200, 30, ms: 10)
        XCTAssertEqual(r2.release(200, 30, ms: 30), [])
        XCTAssertEqual(r2.machine.anchorIndex, 0)
    }

    /// A tap on the page's content names the point in the content's own coordinates, its
    /// scroll included (the class asks the content for the item's action there).
    func testAContentTapReportsThePointInTheContent() {
        var r = Rig()
        r.send(.snap(0, animated: false), ms: 0)
        r.scroll["root"] = 30
        r.maxScroll["root"] = 500
        r.press(100, 67 + 44 + 100, ms: 10)              // 100 pt below the header
        // The lift's point (4 pt away, within the slop): x 103, and 104 pt below the header + 30.
        XCTAssertEqual(r.release(103, 67 + 44 + 104, ms: 60), [.tapContent(page: "root", at: Point(103, 134))])
        r.press(100, 67 + 44 + 100, ms: 100)
        XCTAssertEqual(r.release(100, 67 + 44 + 100, cancelled: true, ms: 120), [], "a cancelled lift is no tap")
    }

    // MARK: Dragging (S4), snapping (S6), catching (S9)

    /// The card follows the finger once it left the 8 pt slop; released at 586 with 100 pt/s
    /// upward it expands (S6's worked example: projected 576 is nearest to 766, which lies
    /// behind the motion, so the next anchor up), and the spring starts at that velocity.
    func testADragFollowsTheFingerAndASlowFlickUpExpands() {
        var r = Rig()
        r.press(200, 780, ms: 0)
        r.move(200, 774, ms: 10)
        XCTAssertEqual(r.phaseName, "pressed", "6 pt is within the slop")
        r.move(200, 770, ms: 20)
        XCTAssertEqual(r.phaseName, "dragging card")
        XCTAssertEqual(r.machine.origin, 756, "the whole 10 pt from the press, not only the part past the slop")
        r.move(200, 600, ms: 100)
        XCTAssertEqual(r.machine.origin, 586)
        XCTAssertEqual(r.release(200, 600, vy: -100, ms: 110), [.emit(.anchorWillChange(sheet: "s", from: 1, to: 0))])
        guard case .settling(let motion) = r.machine.phase else { return XCTFail("\(r.machine.phase)") }
        XCTAssertEqual(motion.velocity, -100, accuracy: 1e-9, "pt/s, as released")
    }

    /// Without velocity the nearest anchor wins: from 586 that is 766, where the card came
    /// from, so no will and no did.
    func testAStillReleaseGoesBackToTheNearestAnchorSilently() {
        var r = Rig()
        r.press(200, 780, ms: 0)
        r.move(200, 600, ms: 100)
        XCTAssertEqual(r.release(200, 600, ms: 200), [])
        r.frames(from: 200, to: 1500)
        XCTAssertEqual(r.machine.origin, 766)
        XCTAssertEqual(r.eventList, [])
    }

    /// A cancelled touch has no trustworthy velocity: the nearest anchor, at rest speed, where
    /// the same lift not cancelled would have expanded.
    func testACancelledReleaseSnapsToTheNearestAnchorWithoutVelocity() {
        for cancelled in [false, true] {
            var r = Rig()
            r.press(200, 780, ms: 0)
            r.move(200, 514, ms: 100)                     // origin 500: nearer to 766 than to 67
            r.release(200, 514, vy: -3000, cancelled: cancelled, ms: 110)
            guard case .settling(let motion) = r.machine.phase else { return XCTFail("\(r.machine.phase)") }
            XCTAssertEqual(r.machine.anchorIndex, cancelled ? 1 : 0, "cancelled \(cancelled)")
            XCTAssertEqual(motion.velocity, cancelled ? 0 : -3000, "cancelled \(cancelled)")
        }
    }

    /// Past the bottom anchor the card shows √overshoot (S4: 100 pt of finger → 10 pt);
    /// without `bounces` it stops at the anchor.
    func testPastTheBottomAnchorTheCardRubberBands() {
        for bounces in [true, false] {
            var c = SheetConfig()
            c.bounces = bounces
            var r = Rig(c)
            r.press(200, 780, ms: 0)
            r.move(200, 880, ms: 50)
            XCTAssertEqual(r.machine.origin, bounces ? 776 : 766, accuracy: 1e-9, "bounces \(bounces)")
        }
    }

    /// A finger on a settling card stops it where it is at the touch's time (S9), not at the
    /// spring's end; lifted without moving, the card goes on to the anchor it was heading for
    /// and the did owed by the first will comes once.
    func testAFingerCatchesASettlingCardWhereItIs() {
        var r = Rig()
        r.send(.snap(0, animated: true), ms: 0)
        var twin = SpringMotion(points: 766, to: 67, spring: SheetConfig().spring, at: .zero)
        twin.advance(to: .milliseconds(200))
        r.press(200, twin.value + 20, ms: 200)
        XCTAssertEqual(r.phaseName, "pressed")
        XCTAssertEqual(r.machine.origin, twin.value, accuracy: 1e-9)
        XCTAssertGreaterThan(r.machine.origin - 67, 40, "short of the end value (sheets jumps there: S21)")
        r.frames(from: 200, to: 400)
        XCTAssertEqual(r.machine.origin, twin.value, accuracy: 1e-9, "held while the finger is down")
        XCTAssertEqual(r.release(200, twin.value + 20, ms: 400), [])
        r.frames(from: 400, to: 1500)
        XCTAssertEqual(r.machine.origin, 67)
        XCTAssertEqual(r.eventList, [.anchorWillChange(sheet: "s", from: 1, to: 0), .anchorDidChange(sheet: "s", index: 0)])
    }

    // MARK: Will/did pairing (S16)

    /// Thrown up, caught and pushed back down: a will for each new destination and one did,
    /// at the end, for where it came to rest.
    func testThrownUpCaughtAndPushedDownSaysTwoWillsAndOneDid() {
        var r = Rig()
        r.press(200, 780, ms: 0)
        r.move(200, 700, ms: 50)
        r.release(200, 700, vy: -1500, ms: 60)
        r.frames(from: 60, to: 160)
        let y = r.machine.origin + 20
        r.press(200, y, ms: 170)
        r.move(200, y + 40, ms: 200)
        r.release(200, y + 40, vy: 1500, ms: 210)
        r.frames(from: 210, to: 1500)
        XCTAssertEqual(r.eventList, [.anchorWillChange(sheet: "s", from: 1, to: 0), .anchorWillChange(sheet: "s", from: 0, to: 1),
                                     .anchorDidChange(sheet: "s", index: 1)])
        XCTAssertEqual(r.machine.anchor, WillDidPairing(committed: 1), "nothing owed at rest")
    }

    /// An instant snap sends both events at once; to where it already rests, nothing.
    func testAnInstantSnapSendsItsWillAndDidTogether() {
        var r = Rig()
        XCTAssertEqual(r.send(.snap(0, animated: false), ms: 5),
                       [.emit(.anchorWillChange(sheet: "s", from: 1, to: 0)), .emit(.anchorDidChange(sheet: "s", index: 0))])
        XCTAssertEqual(r.machine.origin, 67)
        XCTAssertEqual(r.send(.snap(0, animated: false), ms: 10), [])
        XCTAssertEqual(r.send(.snap(7, animated: false), ms: 20).count, 2, "clamped to the last anchor")
        XCTAssertEqual(r.machine.anchorIndex, 1)
    }

    /// New anchors under a finger renumber the card's destination without an event, and a
    /// did still owed (the finger caught a settling card) stays owed: the rest that ends the
    /// gesture sends it. (`WillDidPairing` has no silent re-aim; the machine's `renumber`.)
    func testNewAnchorsUnderTheFingerKeepAnOwedDid() {
        var r = Rig()
        r.send(.snap(0, animated: true), ms: 0)           // will 1 → 0, did owed
        r.frames(from: 0, to: 100)
        let y = r.machine.origin + 20
        r.press(200, y, ms: 100)
        r.move(200, y + 30, ms: 120)
        let before = r.machine.origin
        let previous = r.rules
        var c = SheetConfig()
        c.anchors = [.pointsFromTop(100), .pointsFromTop(400), .defaultCollapsed]   // 147, 447, 766
        r.rules = SheetRules(config: c, env: Self.env)
        XCTAssertEqual(r.send(.anchorsReplaced(previous: previous, snapTo: nil, animated: true), ms: 130), [])
        XCTAssertEqual(r.machine.origin, before, "the finger keeps the card")
        XCTAssertEqual(r.machine.anchorIndex, r.rules.nearestIndex(to: before))
        let index = r.machine.anchorIndex
        r.release(200, y + 30, ms: 140)                   // still: the nearest, which it already names
        r.frames(from: 140, to: 1500)
        XCTAssertEqual(r.machine.origin, r.rules.origins[index])
        XCTAssertEqual(r.eventList, [.anchorWillChange(sheet: "s", from: 1, to: 0), .anchorDidChange(sheet: "s", index: index)])
    }

    /// Without `snap_to`, a settling card goes to the new anchor nearest to where it was
    /// heading, re-aimed from where it is; `instant` lands it at once with the did owed.
    func testNewAnchorsWhileSettlingAimAtTheNearestToTheOldDestination() {
        var r = Rig()
        r.send(.snap(0, animated: true), ms: 0)
        r.frames(from: 0, to: 100)
        let at = r.machine.origin
        let previous = r.rules
        var c = SheetConfig()
        c.anchors = [.pointsFromTop(100), .ratio(0.5), .defaultCollapsed]            // 147, 428.5, 766
        r.rules = SheetRules(config: c, env: Self.env)
        r.send(.anchorsReplaced(previous: previous, snapTo: nil, animated: true), ms: 100)
        XCTAssertEqual(r.machine.anchorIndex, 0, "67 was the destination: 147 is nearest to it")
        XCTAssertEqual(r.machine.origin, at, "no jump")
        XCTAssertEqual(r.phaseName, "settling")
        let previous2 = r.rules
        r.send(.anchorsReplaced(previous: previous2, snapTo: 1, animated: false), ms: 120)
        XCTAssertEqual(r.machine.origin, 428.5)
        XCTAssertEqual(r.phaseName, "resting")
        XCTAssertEqual(r.eventList, [.anchorWillChange(sheet: "s", from: 1, to: 0), .anchorWillChange(sheet: "s", from: 0, to: 1),
                                     .anchorDidChange(sheet: "s", index: 1)])
    }

    // MARK: List hand-off (S5) and momentum (S7)

    /// At the top anchor a drag on a scrollable list scrolls it (the card stays), and released
    /// at 1000 pt/s it glides on at UIScrollView's normal rate (0.998 per ms, M5) until it is
    /// slower than 10 pt/s: (1000 − 10) / λ pt further, λ = −1000 · ln 0.998 per second.
    func testAListScrolledAtTheTopGlidesOnAtTheNormalRate() {
        var r = Rig()
        r.send(.snap(0, animated: false), ms: 0)
        r.maxScroll["root"] = 5000
        r.press(200, 500, ms: 0)
        for i in 1...10 { r.move(200, 500 - Double(i) * 10, ms: Double(i) * 10) }
        XCTAssertEqual(r.phaseName, "dragging list")
        XCTAssertEqual(r.machine.origin, 67)
        XCTAssertEqual(r.scroll["root"] ?? 0, 100, accuracy: 1e-9)
        XCTAssertEqual(r.release(200, 400, vy: -1000, ms: 100), [], "the card stays: no anchor events")
        XCTAssertEqual(r.phaseName, "gliding")
        r.frames(from: 100, to: 5000)
        XCTAssertEqual(r.phaseName, "resting")
        let lambda = -1000 * log(0.998)
        XCTAssertEqual(r.scroll["root"] ?? 0, 100 + (1000 - 10) / lambda, accuracy: 1)
    }

    /// Finger down on the list scrolls it back to its top first, then the card follows.
    func testFingerDownScrollsTheListBackFirstThenMovesTheCard() {
        var r = Rig()
        r.send(.snap(0, animated: false), ms: 0)
        r.maxScroll["root"] = 5000
        r.scroll["root"] = 40
        r.press(200, 500, ms: 0)
        r.move(200, 530, ms: 10)
        XCTAssertEqual(r.scroll["root"], 10)
        XCTAssertEqual(r.machine.origin, 67)
        r.move(200, 560, ms: 20)
        XCTAssertEqual(r.scroll["root"], 0)
        XCTAssertEqual(r.machine.origin, 67 + 20, accuracy: 1e-9)
        XCTAssertEqual(r.phaseName, "dragging card")
    }

    /// A glide stops dead at the list's end; a finger on a gliding list stops it at once.
    func testAGlideStopsAtTheEndAndUnderAFinger() {
        var r = Rig()
        r.send(.snap(0, animated: false), ms: 0)
        r.maxScroll["root"] = 150
        r.press(200, 500, ms: 0)
        r.move(200, 400, ms: 50)
        r.release(200, 400, vy: -2000, ms: 60)
        r.frames(from: 60, to: 2000)
        XCTAssertEqual(r.scroll["root"], 150)
        XCTAssertEqual(r.phaseName, "resting")

        r.maxScroll["root"] = 5000
        r.press(200, 500, ms: 3000)
        r.move(200, 400, ms: 3050)
        r.release(200, 400, vy: -2000, ms: 3060)
        r.frames(from: 3060, to: 3100)
        r.press(200, 500, ms: 3100)
        let held = r.scroll["root"]
        r.frames(from: 3100, to: 3300)
        XCTAssertEqual(r.scroll["root"], held, "stopped where it was")
        XCTAssertEqual(r.phaseName, "pressed")
    }

    /// Rows inserted above what shows move the gliding list's offset; the glide goes on from
    /// there at the same speed (a twin without the change stays the same distance behind).
    func testContentMovedUnderAGlideKeepsItsSpeed() {
        func glide(moving: Bool) -> Double {
            var r = Rig()
            r.send(.snap(0, animated: false), ms: 0)
            r.maxScroll["root"] = 5000
            r.press(200, 500, ms: 0)
            r.move(200, 400, ms: 50)
            r.release(200, 400, vy: -1000, ms: 60)
            r.frames(from: 60, to: 200)
            if moving {
                r.scroll["root"]! += 50
                r.maxScroll["root"] = 5050
                r.send(.contentMoved(page: "root", by: 50, maxOffset: 5050), ms: 200)
                r.send(.contentMoved(page: "other", by: 999, maxOffset: 9999), ms: 200)   // not the gliding list
            }
            r.frames(from: 200, to: 400)
            return r.scroll["root"]!
        }
        XCTAssertEqual(glide(moving: true) - glide(moving: false), 50, accuracy: 1e-9)
    }

    // MARK: Page stack (S14, S15)

    /// A push starts the page at its own top and slides it up over the content height (card
    /// height 777 pt − no chevron) on the 0.5 s spring; `pop` slides it back; at the root a
    /// pop says nothing; `instant` shows the change without a slide.
    func testPushAndPopSlideAndSayTheirDepth() {
        var r = Rig()
        r.scroll["a"] = 300
        XCTAssertEqual(r.send(.push(page: "a", animated: true), ms: 0),
                       [.scroll(page: "a", to: 0), .emit(.pagesChanged(sheet: "s", change: .push, depth: 2))])
        XCTAssertEqual(r.machine.stack.pages, ["root", "a"])
        XCTAssertEqual(r.machine.stack.visible.map(\.page), ["root", "a"])
        XCTAssertEqual(r.machine.stack.visible.last?.offset, 777, "from below the content bounds")
        r.frames(from: 0, to: 250)
        XCTAssertTrue(r.machine.stack.isSliding)
        r.frames(from: 250, to: 500 + 1000.0 / 60)
        XCTAssertFalse(r.machine.stack.isSliding, "over by 0.5 s")
        XCTAssertEqual(r.machine.stack.visible.map(\.page), ["a"])
        XCTAssertEqual(r.send(.pop(toDepth: 1, animated: true), ms: 1000), [.emit(.pagesChanged(sheet: "s", change: .pop, depth: 1))])
        XCTAssertEqual(r.machine.stack.visible.map(\.page), ["root", "a"], "the popped page slides out over the root")
        XCTAssertEqual(r.send(.pop(toDepth: 0, animated: true), ms: 1100), [], "the root is never popped")
        XCTAssertTrue(r.machine.stack.isSliding, "and the slide under way goes on")
        r.send(.push(page: "b", animated: false), ms: 1200)
        XCTAssertFalse(r.machine.stack.isSliding, "instant: no slide")
        XCTAssertEqual(r.machine.stack.pages, ["root", "b"])
    }

    /// The close button (44 pt around the 30 pt disc 10 pt below the card's top and from its
    /// trailing edge) pops the pushed page; on the root page that spot is the header.
    func testTheCloseButtonPopsThePushedPage() {
        var r = Rig()                                     // collapsed: the card's top at 766
        let p = Point(365 + 18, 791 + 18)                 // inside the 44 pt target, outside the disc
        r.press(p.x, p.y, ms: 0)
        guard case .pressed(_, .header) = r.machine.phase else { return XCTFail("\(r.machine.phase)") }
        XCTAssertEqual(r.release(p.x, p.y, cancelled: true, ms: 10), [])
        r.send(.push(page: "a", animated: false), ms: 100)
        r.press(p.x, p.y, ms: 200)
        guard case .pressed(_, .closeButton) = r.machine.phase else { return XCTFail("\(r.machine.phase)") }
        XCTAssertEqual(r.release(p.x, p.y, ms: 210), [.emit(.pagesChanged(sheet: "s", change: .pop, depth: 1))])
        XCTAssertEqual(r.machine.origin, 766, "the card stays")
        r.press(p.x + 5, p.y, ms: 300)                   // 1 pt right of the target, still the header
        guard case .pressed(_, .header) = r.machine.phase else { return XCTFail("outside the target: \(r.machine.phase)") }
    }

    /// `set_pages`: pages new to the stack start at their top, those already on it keep their
    /// place; a deeper stack slides its new top up, a shallower one its old top down.
    func testSetPagesResetsOnlyTheNewPages() {
        var r = Rig()
        r.send(.push(page: "a", animated: false), ms: 0)
        XCTAssertEqual(r.send(.setPages(["root", "a", "b"]), ms: 10),
                       [.scroll(page: "b", to: 0), .emit(.pagesChanged(sheet: "s", change: .setPages, depth: 3))])
        guard case .pushing(let page, _)? = r.machine.stack.sliding else { return XCTFail("a push slide") }
        XCTAssertEqual(page, "b")
        r.send(.setPages(["root"]), ms: 20)
        guard case .popping(let popped, _)? = r.machine.stack.sliding else { return XCTFail("a pop slide") }
        XCTAssertEqual(popped, "b")
        r.send(.setPages(["root"]), ms: 30)
        XCTAssertFalse(r.machine.stack.isSliding, "the same top does not move")
    }

    /// While a page slides its content is not interactive: a drag there moves the card only
    /// and a tap there reports nothing.
    func testContentIsNotInteractiveWhileAPageSlides() {
        var r = Rig()
        r.send(.snap(0, animated: false), ms: 0)
        r.maxScroll["a"] = 5000
        r.send(.push(page: "a", animated: true), ms: 0)
        r.press(200, 500, ms: 10)
        XCTAssertEqual(r.release(200, 500, ms: 20), [])
        r.press(200, 500, ms: 30)
        r.move(200, 400, ms: 40)
        guard case .dragging(_, false, _) = r.machine.phase else { return XCTFail("\(r.machine.phase)") }
        XCTAssertEqual(r.scroll["a"], 0)
        XCTAssertEqual(r.machine.origin, 67 - 10, accuracy: 1e-9, "the card rubber-bands: 100 pt shows as 10")
    }

    // MARK: Reset (S18), reload, relayout (S17)

    /// The idle reset pops to the root, scrolls the root to its top and settles, animated,
    /// to the initial anchor.
    func testResetPopsScrollsTheRootAndSettlesHome() {
        var r = Rig()
        r.send(.snap(0, animated: false), ms: 0)
        r.send(.push(page: "a", animated: false), ms: 0)
        XCTAssertEqual(r.send(.reset, ms: 100), [.emit(.pagesChanged(sheet: "s", change: .pop, depth: 1)), .scroll(page: "root", to: 0),
                                                 .emit(.anchorWillChange(sheet: "s", from: 0, to: 1))])
        r.frames(from: 100, to: 1000)
        XCTAssertEqual(r.machine.origin, 766)
        XCTAssertEqual(r.eventList.last, .anchorDidChange(sheet: "s", index: 1))
    }

    /// After a reload the sheet rests at the carried anchor (the nearest there is) with the
    /// carried pages, saying nothing, even over a motion under way.
    func testRestAtCarriesTheStateSilently() {
        var r = Rig()
        r.send(.snap(0, animated: true), ms: 0)
        XCTAssertEqual(r.send(.restAt(5, pages: ["root", "a"]), ms: 10), [])
        XCTAssertEqual(r.phaseName, "resting")
        XCTAssertEqual(r.machine.anchorIndex, 1)
        XCTAssertEqual(r.machine.origin, 766)
        XCTAssertEqual(r.machine.stack.pages, ["root", "a"])
        XCTAssertFalse(r.machine.stack.isSliding)
        r.frames(from: 10, to: 1000)
        XCTAssertEqual(r.eventList, [.anchorWillChange(sheet: "s", from: 1, to: 0)], "the reload dropped the owed did")
    }

    /// Turned to landscape mid-settle, the card keeps its place and speed and ends on the
    /// anchor's new place; at rest it moves there at once.
    func testARelayoutKeepsTheLogicalAnchor() {
        var r = Rig()
        let landscape = Environment(size: Size(844, 390), safeArea: EdgeInsets(bottom: 21))
        r.rules = SheetRules(config: SheetConfig(), env: landscape)
        r.send(.relayout, ms: 0)
        XCTAssertEqual(r.machine.origin, 390 - 21 - 44)
        r.send(.snap(0, animated: true), ms: 0)
        r.frames(from: 0, to: 100)
        let at = r.machine.origin
        r.rules = SheetRules(config: SheetConfig(), env: Self.env)
        XCTAssertEqual(r.send(.relayout, ms: 100), [])
        XCTAssertEqual(r.machine.origin, at, "no jump")
        r.frames(from: 100, to: 2000)
        XCTAssertEqual(r.machine.origin, 67)
        XCTAssertEqual(r.eventList, [.anchorWillChange(sheet: "s", from: 1, to: 0), .anchorDidChange(sheet: "s", index: 0)])
    }
}
