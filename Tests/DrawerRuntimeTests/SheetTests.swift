import XCTest
@testable import DrawerRuntime
import PanelRenderer

/// The sheet component driven through its touch and layout entry points, on a test clock.
final class SheetTests: XCTestCase {
    let env = Environment(size: Size(390, 844), safeArea: EdgeInsets(top: 47, bottom: 34))

    func makeSheet(_ events: EventSink = EventSink(), pages: [SheetPage] = [SheetPage(id: "root")]) -> Sheet {
        Sheet(id: "s", config: SheetConfig(), pages: pages, text: nil, env: env, events: events)
    }

    /// Steps frames of 1/60 s up to `ms`, as the frame loop does.
    func frames(_ s: Sheet, from: Double, to ms: Double) {
        var t = from
        while t < ms { t = min(ms, t + 1000.0 / 60); s.advance(to: .milliseconds(t)) }
    }

    func touch(_ s: Sheet, _ phase: TouchEvent.Phase, _ y: Double, ms: Double) {
        s.advance(to: .milliseconds(ms))
        s.handle(TouchEvent(id: 1, phase: phase, location: Point(200, y), time: .milliseconds(ms)))
    }

    func testReleaseVelocityReachesTheSpringInPointsPerSecond() {
        let s = makeSheet()
        XCTAssertEqual(s.origin, 766)
        // Drag the header up at a steady 1000 pt/s, release at origin 600.
        touch(s, .down, 780, ms: 0)
        for i in 1...10 { touch(s, .move, 780 - Double(i) * 16.6, ms: Double(i) * 16.6) }
        let before = s.origin
        touch(s, .up, 780 - 166, ms: 166)
        s.advance(to: .milliseconds(170))
        // 4 ms later the card has moved on at about the finger's speed (4 pt), plus what the
        // 0.5 s fitted spring's pull adds over 4 ms (½·k·533 pt·dt² − ½·c·v·dt² ≈ 1.05 pt): 5 pt,
        // not the 1.3 pt of a start from rest nor pt/ms read as a normalised velocity (sheets:
        // docs/components.md, Sheet S19).
        XCTAssertEqual(before - s.origin, 5.05, accuracy: 0.3)
        XCTAssertEqual(s.anchorIndex, 0)
    }

    final class Tall: ContentView {
        let height: Double
        init(_ height: Double) { self.height = height }
        func layout(width: Double, env: Environment) -> Double { height }
        func maxScrollOffset(viewportHeight: Double) -> Double { max(0, height - viewportHeight) }
        func draw(_ canvas: Canvas, size: Size, scrollOffset: Double, env: Environment) {}
        func action(at p: Point) -> String? { nil }
    }

    /// Past the top anchor: a page with nothing to scroll lets the card rubber-band, and the
    /// way back takes that stretch back first; a scrollable page absorbs the push (no bounce,
    /// nothing owed), so turning back scrolls it at once.
    func testPushPastTheTopRubberBandsOrIsAbsorbedAndTurningBackHasNoDeadZone() {
        let short = makeSheet(pages: [SheetPage(id: "root", content: Tall(10))])
        short.transition(.snap(0, animated: false), at: .zero)
        let top = short.origin
        touch(short, .down, top + 200, ms: 0)
        for i in 1...10 { touch(short, .move, top + 200 - Double(i) * 10, ms: Double(i) * 16) }
        XCTAssertLessThan(short.origin, top, "the card stretches above its top anchor")
        XCTAssertEqual(short.origin, top - 10, accuracy: 1e-9, "100 pt past shows as sqrt(100)")
        touch(short, .move, top + 200 - 100 + 60, ms: 200)
        XCTAssertEqual(short.origin, top - 40.0.squareRoot(), accuracy: 1e-9, "60 of the 100 taken back first")
        touch(short, .up, top + 160, ms: 216)

        let long = makeSheet(pages: [SheetPage(id: "root", content: Tall(5000))])
        long.transition(.snap(0, animated: false), at: .zero)
        touch(long, .down, top + 200, ms: 0)
        for i in 1...60 { touch(long, .move, top + 200 - Double(i) * 100, ms: Double(i) * 16) }
        XCTAssertEqual(long.origin, top, "the card stays at its top anchor")
        let end = long.stack.top.scrollOffset
        XCTAssertGreaterThan(end, 0)
        touch(long, .move, top + 200 - 6000 + 30, ms: 1000)
        XCTAssertEqual(long.stack.top.scrollOffset, end - 30, accuracy: 1e-9, "30 pt back is 30 pt of list, at once")
        touch(long, .up, top + 200 - 6000 + 30, ms: 1400)
    }

    /// The motion trace's phase says who follows the finger (docs/formats.md, Motion trace):
    /// `scrolling` while the page's list does, `dragging` while the card does, switching as
    /// the one gesture hands over, and a finger that holds still keeps the phase it had.
    func testTheTracePhaseSaysWhetherTheCardOrItsListFollowsTheFinger() {
        let s = makeSheet(pages: [SheetPage(id: "root", content: Tall(5000))])
        s.transition(.snap(0, animated: false), at: .zero)
        let top = s.origin, y0 = top + 200
        touch(s, .down, y0, ms: 0)
        XCTAssertEqual(s.motionPhase, .pressed)
        for i in 1...5 { touch(s, .move, y0 - Double(i) * 30, ms: Double(i) * 16) }
        XCTAssertEqual(s.origin, top, "the card stays at its top anchor")
        XCTAssertEqual(s.stack.top.scrollOffset, 150, accuracy: 1e-9)
        XCTAssertEqual(s.motionPhase, .scrolling)
        touch(s, .move, y0 - 150, ms: 100)                 // held still
        XCTAssertEqual(s.motionPhase, .scrolling)
        for i in 1...5 { touch(s, .move, y0 - 150 + Double(i) * 30, ms: 100 + Double(i) * 16) }
        XCTAssertEqual(s.stack.top.scrollOffset, 0, accuracy: 1e-9, "the list scrolled back to its top")
        XCTAssertEqual(s.motionPhase, .scrolling)
        for i in 1...3 { touch(s, .move, y0 + Double(i) * 30, ms: 200 + Double(i) * 16) }
        XCTAssertGreaterThan(s.origin, top, "then the card follows the finger down")
        XCTAssertEqual(s.motionPhase, .dragging)
        touch(s, .move, y0 + 60, ms: 270)                 // up again: the card first
        XCTAssertEqual(s.motionPhase, .dragging)
        for i in 1...4 { touch(s, .move, y0 + 60 - Double(i) * 30, ms: 270 + Double(i) * 16) }
        XCTAssertEqual(s.origin, top)
        XCTAssertGreaterThan(s.stack.top.scrollOffset, 0, "then the list")
        XCTAssertEqual(s.motionPhase, .scrolling)
        touch(s, .up, y0 - 60, ms: 340)
        XCTAssertEqual(s.motionPhase, .gliding, "the list flings on")
    }

    /// A page pushed (from the control socket) while the finger scrolls the list: the new page
    /// starts at its own top, it does not inherit the offset the finger gave the old one.
    func testAPagePushedMidDragKeepsItsOwnScrollOffset() throws {
        let root = SheetPage(id: "root", content: Tall(5000)), next = SheetPage(id: "next", content: Tall(5000))
        let s = makeSheet(pages: [root, next])
        s.transition(.snap(0, animated: false), at: .zero)
        let y0 = s.origin + 300
        touch(s, .down, y0, ms: 0)
        for i in 1...10 { touch(s, .move, y0 - Double(i) * 30, ms: Double(i) * 16) }
        XCTAssertEqual(root.scrollOffset, 300, accuracy: 1e-9, "the finger scrolled the root page")
        try s.perform("push", ["next"], at: .milliseconds(170))
        touch(s, .move, y0 - 310, ms: 180)
        XCTAssertLessThanOrEqual(next.scrollOffset, 10, "the pushed page took at most the finger's last 10 pt")
        XCTAssertEqual(root.scrollOffset, 300, accuracy: 1e-9, "the covered page keeps its place")
        touch(s, .up, y0 - 310, ms: 200)
    }

    func testResizeKeepsTheLogicalAnchor() {
        let s = makeSheet()
        s.layout(in: Environment(size: Size(844, 390), safeArea: EdgeInsets(bottom: 21)))
        XCTAssertEqual(s.anchorIndex, 1)
        XCTAssertEqual(s.origin, 390 - 21 - 44, "the collapsed anchor in the new safe frame")
        // Mid-animation, the spring re-aims at the anchor's new place.
        s.transition(.snap(0, animated: true), at: .milliseconds(10))
        s.advance(to: .milliseconds(100))
        s.layout(in: env)
        frames(s, from: 100, to: 3000)
        XCTAssertEqual(s.origin, 67)
        XCTAssertFalse(s.needsFrames)
    }

    func testIdleResetPopsToRootAndReturnsHome() {
        let events = EventSink()
        let s = makeSheet(events, pages: [SheetPage(id: "root"), SheetPage(id: "more")])
        XCTAssertNoThrow(try s.perform("push", ["more"], at: .zero))
        XCTAssertNoThrow(try s.perform("snap", ["0", "instant"], at: .zero))
        touch(s, .down, 300, ms: 100)
        touch(s, .move, 350, ms: 120)
        s.reset(at: .milliseconds(130))
        frames(s, from: 130, to: 3000)
        XCTAssertEqual(s.depth, 1)
        XCTAssertEqual(s.anchorIndex, 1)
        XCTAssertEqual(s.origin, 766)
        XCTAssertThrowsError(try s.perform("push", ["nope"], at: .seconds(3)))
        XCTAssertThrowsError(try s.perform("snap", ["2"], at: .seconds(3)))
        XCTAssertEqual(events.events.map(\.name).filter { $0 == "pop" }.count, 1)
    }
}
