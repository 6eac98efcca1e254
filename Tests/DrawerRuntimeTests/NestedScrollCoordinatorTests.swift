import DrawerRuntime
import XCTest

final class NestedScrollCoordinatorTests: XCTestCase {
    /// A bottom sheet: origin 20 (expanded) ... 400 (collapsed); a list of 1000 pt extra content.
    private func sheet(_ policy: NestedScrollPolicy, at position: Double = 400, offset: Double = 0) -> NestedScrollCoordinator {
        NestedScrollCoordinator(policy: policy, containerPosition: position, containerRange: 20...400,
                                contentOffset: offset, contentRange: 0...1000)
    }

    func testResizeFirstBothDirectionsInOneGesture() {
        var c = sheet(.resizeFirst)
        var handOffSteps = 0
        // Finger up 500 pt in 24 pt steps (the last step is partial).
        var moved = 0.0
        while moved > -500 {
            let d = max(-24, -500 - moved)
            let s = c.drag(by: d)
            XCTAssertEqual(s.container + s.content + s.overflowDelta, d, accuracy: 1e-12)
            if s.container != 0 && s.content != 0 { handOffSteps += 1 }
            moved += d
        }
        XCTAssertEqual(c.containerPosition, 20, "container moved first, to its limit")
        XCTAssertEqual(c.contentOffset, 120, "then the content scrolled the rest")
        XCTAssertEqual(handOffSteps, 1, "the hand-off happened inside one finger step")
        XCTAssertEqual(c.releaseRecipient, .content)
        // Same gesture, finger comes back down 300 pt: content back to its top first, then the container.
        var sawContentBeforeContainer = false
        moved = 0
        while moved < 300 {
            let s = c.drag(by: 24 < 300 - moved ? 24 : 300 - moved)
            if s.content > 0 && c.containerPosition == 20 { sawContentBeforeContainer = true }
            moved += s.container + s.content + s.overflowDelta
        }
        XCTAssertTrue(sawContentBeforeContainer)
        XCTAssertEqual(c.contentOffset, 0)
        XCTAssertEqual(c.containerPosition, 200)
        XCTAssertEqual(c.releaseRecipient, .container)
    }

    func testScrollFirstScrollsContentToItsEndBeforeResizing() {
        var c = sheet(.scrollFirst, at: 300, offset: 900)
        let s = c.drag(by: -150)
        XCTAssertEqual(s.content, -100)
        XCTAssertEqual(s.container, -50)
        XCTAssertEqual(c.contentOffset, 1000)
        XCTAssertEqual(c.containerPosition, 250)
        // Down again: content first in both policies.
        let back = c.drag(by: 1100)
        XCTAssertEqual(back.content, 1000)
        XCTAssertEqual(back.container, 100)
        XCTAssertEqual(c.containerPosition, 350)
    }

    func testOverflowGoesToLastInChainAndIsTakenBackFirst() {
        var c = sheet(.resizeFirst)
        let down = c.drag(by: 40)               // collapsed, content at top: nothing can move
        XCTAssertEqual(down.overflowDelta, 40)
        XCTAssertEqual(c.overflowOwner, .container)
        XCTAssertEqual(c.releaseRecipient, .container)
        let up = c.drag(by: -60)                // reverse: 40 of overflow back, then 20 of container
        XCTAssertEqual(up.overflowDelta, -40)
        XCTAssertEqual(up.container, -20)
        XCTAssertEqual(c.overflow, 0)
        XCTAssertEqual(c.containerPosition, 380)
        // At the other extreme the content shows the overflow (it bounces at its bottom).
        var e = sheet(.resizeFirst, at: 20, offset: 1000)
        _ = e.drag(by: -30)
        XCTAssertEqual(e.overflowOwner, .content)
    }

    func testOverflowNobodyShowsIsDroppedSoAReversalMovesAtOnce() {
        var c = NestedScrollCoordinator(policy: .resizeFirst, containerPosition: 20, containerRange: 20...400,
                                        contentOffset: 1000, contentRange: 0...1000, showsOverflow: [])
        let past = c.drag(by: -50)
        XCTAssertEqual(past.dropped, -50)
        XCTAssertEqual(c.overflow, 0)
        XCTAssertNil(c.overflowOwner)
        let back = c.drag(by: 10)
        XCTAssertEqual(back.content, 10, "no 50 pt owed first")
        XCTAssertEqual(c.contentOffset, 990)
    }

    func testAListWithNothingToScrollPassesItsOverflowToTheContainer() {
        // Sheets: a short page cannot absorb a push past the top anchor; the card rubber-bands.
        var c = NestedScrollCoordinator(policy: .resizeFirst, containerPosition: 20, containerRange: 20...400,
                                        contentOffset: 0, contentRange: 0...0, showsOverflow: [.container])
        let s = c.drag(by: -30)
        XCTAssertEqual(s.overflowDelta, -30)
        XCTAssertEqual(c.overflowOwner, .container)
        XCTAssertEqual(c.releaseRecipient, .container)
        // With something to scroll, the list takes it and (not showing overflow) drops it.
        var d = NestedScrollCoordinator(policy: .resizeFirst, containerPosition: 20, containerRange: 20...400,
                                        contentOffset: 100, contentRange: 0...100, showsOverflow: [.container])
        XCTAssertEqual(d.drag(by: -30).dropped, -30)
        XCTAssertEqual(d.overflow, 0)
        XCTAssertEqual(d.releaseRecipient, .content)
    }

    /// Who followed the finger in a step (the trace's `dragging` or `scrolling`): the one that
    /// took its last part, the one whose rubber band stretched, nobody when all was dropped.
    func testFollowerIsWhoTookTheStepsLastPart() {
        var c = NestedScrollCoordinator(policy: .resizeFirst, containerPosition: 100, containerRange: 0...400,
                                        contentOffset: 0, contentRange: 0...50, showsOverflow: [])
        func step(_ delta: Double) -> NestedScrollParticipant? {
            _ = c.drag(by: delta)
            return c.follower
        }
        XCTAssertNil(c.follower, "before any step")
        XCTAssertEqual(step(-60), .container)
        XCTAssertEqual(step(-60), .content, "40 to the container, then 20 to the list")
        XCTAssertNil(step(0), "no step: the caller keeps who followed")
        XCTAssertEqual(step(-100), .content, "30 to the list, the rest dropped")
        XCTAssertNil(step(-10), "all dropped: nothing moved")
        XCTAssertEqual(step(70), .container, "the list back to its top, then the container")
        var banded = NestedScrollCoordinator(policy: .resizeFirst, containerPosition: 0, containerRange: 0...400,
                                             contentOffset: 0, contentRange: 0...0, showsOverflow: [.container])
        _ = banded.drag(by: -10)
        XCTAssertEqual(banded.follower, .container, "its rubber band stretched")
    }

    func testDeterministic() {
        func run() -> [UInt64] {
            var c = sheet(.resizeFirst)
            var out: [UInt64] = []
            for k in 0..<200 {
                let d = 13.37 * (k < 120 ? -1 : 1.3)
                let s = c.drag(by: d)
                out.append(s.container.bitPattern); out.append(s.content.bitPattern)
            }
            return out
        }
        XCTAssertEqual(run(), run())
    }
}

final class NestedScrollCaughtMidFlightTests: XCTestCase {
    func testContainerCaughtPastItsLimitDoesNotJump() {
        // A ζ < 1 spring overshot the expanded anchor (20) to 14 when the finger caught it.
        var c = NestedScrollCoordinator(policy: .resizeFirst, containerPosition: 14, containerRange: 20...400,
                                        contentOffset: 0, contentRange: 0...500)
        XCTAssertEqual(c.overflow, -6)
        XCTAssertEqual(c.overflowOwner, .container)
        let s = c.drag(by: 1)
        XCTAssertEqual(s.overflowDelta, 1)
        XCTAssertEqual(s.container, 0)
        XCTAssertEqual(s.content, 0)
        XCTAssertEqual(c.containerPosition + c.overflow, 15, "shown position moves by exactly the finger's 1 pt")
    }

    func testContentCaughtWhileBouncing() {
        var c = NestedScrollCoordinator(policy: .resizeFirst, containerPosition: 20, containerRange: 20...400,
                                        contentOffset: -30, contentRange: 0...500)
        XCTAssertEqual(c.overflowOwner, .content)
        XCTAssertEqual(c.overflow, 30, "content pulled down past its top = finger moved down")
        let s = c.drag(by: -10)
        XCTAssertEqual(s.overflowDelta, -10)
        XCTAssertEqual(c.overflow, 20)
    }
}
