import XCTest
import DrawerRuntime
@testable import PanelKiosk

/// The frame schedule's decisions (`FrameScheduler`), touch-to-glass latency bookkeeping
/// (`TouchLatency`) and scripted touches on the real clock (`ScriptTouchSource`), on a fake
/// clock: every time is a number handed in.
final class FrameScheduleTests: XCTestCase {
    let ms: UInt64 = 1_000_000
    let interval: UInt64 = 16_666_667

    func testImmediateDrawsAtOnceForTheNextVblank() {
        let s = FrameScheduler(mode: .immediate, frameIntervalNS: interval)
        let v: UInt64 = 1_000 * ms
        XCTAssertEqual(s.plan(afterVblank: v, now: v + ms), .init(startNS: v + ms, showNS: v + interval))
    }

    func testLateStartsTheBudgetBeforeTheVblank() {
        var s = FrameScheduler(mode: .late, frameIntervalNS: interval)
        for _ in 0..<20 { s.frameWorked(ns: 3 * ms) }
        s.frameWorked(ns: 4 * ms)
        // p95 of the work (3 ms: one slow frame in 21 is above it) plus the margin, which
        // starts at its 1 ms floor.
        XCTAssertEqual(s.budgetNS, 4 * ms)
        let v: UInt64 = 1_000 * ms
        XCTAssertEqual(s.plan(afterVblank: v, now: v + ms), .init(startNS: v + interval - 4 * ms, showNS: v + interval))
    }

    func testLateDrawsAtOnceUntilEnoughFramesAreTimed() {
        var s = FrameScheduler(mode: .late, frameIntervalNS: interval)
        let v: UInt64 = 1_000 * ms
        // No frame timed yet (only the start-up frame, which is not counted): nothing to
        // predict from, so at once, as the immediate schedule draws.
        for n in 0..<FrameScheduler.minimumWorkSamples {
            XCTAssertNil(s.budgetNS, "after \(n) frames")
            XCTAssertEqual(s.plan(afterVblank: v, now: v + ms), .init(startNS: v + ms, showNS: v + interval))
            s.frameWorked(ns: 2 * ms)
        }
        XCTAssertEqual(s.budgetNS, 3 * ms)
        XCTAssertEqual(s.plan(afterVblank: v, now: v + ms), .init(startNS: v + interval - 3 * ms, showNS: v + interval))
    }

    func testLateWithABudgetOfAWholeFrameDrawsAtOnce() {
        var s = FrameScheduler(mode: .late, frameIntervalNS: interval)
        s.frameWorked(ns: 20 * ms)
        let v: UInt64 = 1_000 * ms
        XCTAssertEqual(s.plan(afterVblank: v, now: v + ms), .init(startNS: v + ms, showNS: v + interval))
    }

    func testAStalledWakeUpAimsAtTheFirstVblankStillAhead() {
        var s = FrameScheduler(mode: .late, frameIntervalNS: interval)
        for _ in 0..<10 { s.frameWorked(ns: 2 * ms) }
        let v: UInt64 = 1_000 * ms
        // Woken 2.5 refreshes after the flip: the vblank one refresh ahead is the target, at once.
        let now = v + 5 * interval / 2
        let p = s.plan(afterVblank: v, now: now)
        XCTAssertEqual(p.showNS, v + 3 * interval)
        XCTAssertEqual(p.startNS, v + 3 * interval - 3 * ms)
        XCTAssertGreaterThanOrEqual(p.startNS, now)
    }

    func testAFrameWantedWithNoneOnItsWayAimsAtTheGridOfTheLastFlip() {
        var late = FrameScheduler(mode: .late, frameIntervalNS: interval)
        for _ in 0..<10 { late.frameWorked(ns: 2 * ms) }
        let v: UInt64 = 1_000 * ms
        // A touch 3 refreshes and a bit after the last flip: the vblank after it, started late.
        let now = v + 3 * interval + 2 * ms
        XCTAssertEqual(late.planWithoutFlip(lastVblankNS: v, now: now),
                       .init(startNS: v + 4 * interval - 3 * ms, showNS: v + 4 * interval))
        // No flip yet, or the last one too long ago to trust its grid: at once.
        XCTAssertNil(late.planWithoutFlip(lastVblankNS: nil, now: now))
        XCTAssertNil(late.planWithoutFlip(lastVblankNS: v, now: v + FrameScheduler.gridTrustNS + 1))
        // Immediate: always at once (the schedule before late latching).
        XCTAssertNil(FrameScheduler(mode: .immediate, frameIntervalNS: interval).planWithoutFlip(lastVblankNS: v, now: now))
    }

    func testAMissGrowsTheMarginAndMadeFramesShrinkItSlowly() {
        var s = FrameScheduler(mode: .late, frameIntervalNS: interval)
        let v: UInt64 = 1_000 * ms
        XCTAssertEqual(s.marginNS, FrameScheduler.minMarginNS)
        XCTAssertFalse(s.frameShown(planned: v, shown: v))
        XCTAssertEqual(s.marginNS, FrameScheduler.minMarginNS)
        // Three misses: 4 ms.
        for n in 1...3 {
            XCTAssertTrue(s.frameShown(planned: v, shown: v + interval))
            XCTAssertEqual(s.lateFrames, n)
            XCTAssertEqual(s.marginNS, FrameScheduler.minMarginNS + UInt64(n) * FrameScheduler.growStepNS)
        }
        let grown = s.marginNS
        // Ten good frames take back less than a fifth of it; 45 about half.
        for _ in 0..<10 { s.frameShown(planned: v, shown: v) }
        XCTAssertGreaterThan(s.marginNS, grown - grown / 5)
        for _ in 0..<35 { s.frameShown(planned: v, shown: v) }
        XCTAssertLessThan(s.marginNS, grown * 6 / 10)
        // Never below the floor, never above half a refresh.
        for _ in 0..<2000 { s.frameShown(planned: v, shown: v) }
        XCTAssertEqual(s.marginNS, FrameScheduler.minMarginNS)
        for _ in 0..<40 { s.frameShown(planned: v, shown: v + interval) }
        XCTAssertEqual(s.marginNS, interval / 2)
    }

    func testAFewScatteredMissesDoNotTurnLateIntoImmediate() {
        // 6 misses over a 4 s drag (240 frames), as a loaded host's preemption gives: the margin
        // stays a few ms, far from a refresh, and is back near its floor by the end.
        var s = FrameScheduler(mode: .late, frameIntervalNS: interval)
        let v: UInt64 = 1_000 * ms
        var highest: UInt64 = 0
        for i in 0..<240 {
            s.frameShown(planned: v, shown: i % 40 == 39 ? v + interval : v)
            highest = max(highest, s.marginNS)
        }
        XCTAssertEqual(s.lateFrames, 6)
        XCTAssertLessThan(highest, 4 * ms)
        XCTAssertLessThan(s.marginNS, 3 * ms)
    }

    func testMissedVblanksCountOnlyWhereATouchHadWaitedARefresh() {
        let p: UInt64 = 1_000 * ms
        func missed(_ gap: UInt64, touchAt t: UInt64) -> Int {
            FrameDriver.missedVblanks(previous: p, shown: p + gap * interval, oldestTouchNS: t, frameIntervalNS: interval)
        }
        // Every vblank got a frame.
        XCTAssertEqual(missed(1, touchAt: p - 5 * ms), 0)
        // One vblank skipped with the touch waiting since before the previous flip: one lost.
        XCTAssertEqual(missed(2, touchAt: p - 5 * ms), 1)
        // Skipped, but the touch came after the previous flip: the skipped vblank came less
        // than a refresh after it (the immediate schedule's normal frame for a touch after
        // its draw), not lost.
        XCTAssertEqual(missed(2, touchAt: p + 2 * ms), 0)
        // An idle second before a tap: none of its vblanks are lost.
        XCTAssertEqual(missed(60, touchAt: p + 59 * interval - 3 * ms), 0)
        // A drag stalled for 3 refreshes: the last two of the four skipped ones had the touch a
        // refresh old.
        XCTAssertEqual(missed(5, touchAt: p + 2 * interval - ms), 2)
    }

    func testAFrameThatCouldNotStartOnTimeLeavesTheMarginAlone() {
        var s = FrameScheduler(mode: .late, frameIntervalNS: interval)
        let v: UInt64 = 1_000 * ms
        let margin = s.marginNS
        // A tap after the start for the next vblank is drawn at once and misses it: late, but
        // the budget was never tried.
        XCTAssertTrue(s.frameShown(planned: v, shown: v + interval, startedOnTime: false))
        XCTAssertEqual(s.lateFrames, 1)
        XCTAssertEqual(s.marginNS, margin)
        XCTAssertFalse(s.frameShown(planned: v, shown: v, startedOnTime: false))
        XCTAssertEqual(s.marginNS, margin)
    }

    func testRecentWorkGivesTheSamePercentileAsSortingTheWindow() {
        // Against SampleWindow (which sorts a copy), over a window that wraps many times,
        // with repeated values (the binary search must drop one of equal ones, not two).
        var recent = RecentWork(capacity: 60)
        var window = SampleWindow(capacity: 60)
        var x: UInt64 = 12345
        for n in 1...500 {
            x = (x &* 6364136223846793005 &+ 1442695040888963407) >> 1
            let ns = (x % 40) * 250_000     // 0 to 9.75 ms in 40 steps: many equal values
            recent.add(ns)
            window.add(Double(ns))
            for p in [0.0, 0.5, 0.95, 1.0] {
                XCTAssertEqual(Double(recent.percentile(p)), window.percentile(p), "sample \(n), p \(p)")
            }
        }
        XCTAssertEqual(recent.count, 60)
        XCTAssertEqual(RecentWork(capacity: 60).percentile(0.95), 0)
    }

    func testAPinnedMarginDoesNotMove() {
        var s = FrameScheduler(mode: .late, frameIntervalNS: interval, pinnedMarginMS: 4)
        XCTAssertEqual(s.marginNS, 4 * ms)
        s.frameShown(planned: 0, shown: interval)
        XCTAssertEqual(s.marginNS, 4 * ms)
        XCTAssertEqual(s.lateFrames, 1)
    }

    func testLatencyIsCountedForTheFirstFrameThatIncludesAnEvent() {
        var l = TouchLatency()
        l.touched(atNS: 100 * ms)
        l.touched(atNS: 104 * ms)
        l.framePresented()
        l.touched(atNS: 110 * ms)          // after the frame was handed over: the next one
        l.frameShown(vblankNS: 116 * ms, frameIntervalNS: 16 * ms)
        XCTAssertEqual(l.milliseconds.count, 2)
        XCTAssertEqual(l.milliseconds.max, 16)
        XCTAssertEqual(l.frames.percentile(0), 0.75)
        l.framePresented()
        l.frameShown(vblankNS: 132 * ms, frameIntervalNS: 16 * ms)
        XCTAssertEqual(l.milliseconds.count, 3)
        XCTAssertEqual(l.frames.max, 1.375)
        // A frame shown with no events in it adds nothing.
        l.framePresented()
        l.frameShown(vblankNS: 148 * ms, frameIntervalNS: 16 * ms)
        XCTAssertEqual(l.milliseconds.count, 3)
    }

    func testScriptedTouchesComeDueOnTheClockWithTheirTimes() throws {
        let script = try TouchScript.parse("0 down 1 10 20\n8.5 move 1 12 20\n20 up 1\n", name: "t")
        let t = try ScriptTouchSource(script, start: .nanoseconds(Int64(1_000 * ms)))
        XCTAssertEqual(t.nextDue, .nanoseconds(Int64(1_000 * ms)))
        XCTAssertEqual(t.events(at: .nanoseconds(Int64(999 * ms))), [])
        XCTAssertEqual(t.events(at: .nanoseconds(Int64(1_009 * ms))), [.touch(finger: 1, phase: .down, x: 10, y: 20, timeUS: 1_000_000),
                                                                      .touch(finger: 1, phase: .move, x: 12, y: 20, timeUS: 1_008_500)])
        XCTAssertFalse(t.finished)
        XCTAssertEqual(t.events(at: .nanoseconds(Int64(1_030 * ms))), [.touch(finger: 1, phase: .up, x: 12, y: 20, timeUS: 1_020_000)])
        XCTAssertNil(t.nextDue)
        XCTAssertTrue(t.finished)
        XCTAssertThrowsError(try ScriptTouchSource(try TouchScript.parse("0 do drawer open\n", name: "c.touch"), start: .zero)) {
            XCTAssertTrue("\($0)".hasPrefix("c.touch:1: --play takes finger lines only"), "\($0)")
        }
    }
}
