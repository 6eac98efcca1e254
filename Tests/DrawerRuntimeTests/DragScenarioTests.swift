import DrawerRuntime
import PanelRenderer
import XCTest

/// End to end through the public API, the way a component uses it: touch events → pan
/// recognizer → nested-scroll split between a sheet (AnimatedValue) and its list
/// (ScrollPhysics) → release → spring / fling → frames until everything rests.
final class DragScenarioTests: XCTestCase {
    struct Frame: Equatable { var t: Int64; var origin: UInt64; var offset: UInt64 }

    /// A sheet with anchors 20 (expanded) and 400 (collapsed) holding a 30-row list.
    func runScenario(seed: UInt64) -> (frames: [Frame], origin: Double, offset: Double) {
        let anchors = [20.0, 400.0]
        var origin = AnimatedValue(400)
        var list = ScrollPhysics(contentLength: 30 * 44, viewportLength: 380)
        var pan = PanRecognizer(configuration: .init(axis: .vertical))
        var nested: NestedScrollCoordinator?
        var lastTranslation = 0.0
        var frames: [Frame] = []

        // Script: finger up 700 pt over 600 ms, then down 200 pt over 300 ms, release moving down;
        // a second finger lands mid-way and is ignored. Irregular ~60 Hz reports with jitter.
        var rng = SeededGenerator(seed: seed)
        var events: [TouchEvent] = [TouchEvent(id: 1, phase: .down, location: Point(160, 450), time: .zero)]
        var t = 0.0, y = 450.0
        while t < 0.9 {
            t += (1 / 60.0) * (1 + 0.3 * rng.next())
            y = t < 0.6 ? 450 - 700 * (t / 0.6) : 450 - 700 + 200 * ((t - 0.6) / 0.3)
            events.append(TouchEvent(id: 1, phase: .move, location: Point(160 + rng.next(), y + 0.5 * rng.next()), time: .seconds(t)))
            if events.count == 20 { events.append(TouchEvent(id: 2, phase: .down, location: Point(40, 40), time: .seconds(t))) }
        }
        events.append(TouchEvent(id: 1, phase: .up, location: Point(160, y), time: .seconds(t + 0.004)))

        func apply(_ split: NestedScrollSplit, _ n: NestedScrollCoordinator) {
            // Overflow shown by the container is rubber-banded past its limit.
            var o = n.containerPosition
            if n.overflowOwner == .container { o += RubberBand.squareRoot(n.overflow) }
            origin.drag(to: o)
            list.drag(by: split.content + (n.overflowOwner == .content ? split.overflowDelta : 0))
        }

        let frame = TimeSpan.frame(hz: 60)
        var now = Instant.zero
        var index = 0
        while now < .seconds(6) {
            // Events up to this frame, then the frame.
            while index < events.count && events[index].time <= now {
                let e = events[index]; index += 1
                switch pan.handle(e) {
                case .began?:
                    let grab = origin.beginDrag(at: e.time)
                    list.beginDrag(at: e.time)
                    nested = NestedScrollCoordinator(policy: .resizeFirst, containerPosition: grab, containerRange: 20...400,
                                                     contentOffset: list.offset, contentRange: list.range)
                    lastTranslation = 0
                case .changed(let u)?:
                    let delta = u.translation.y - lastTranslation
                    lastTranslation = u.translation.y
                    if var n = nested { let s = n.drag(by: delta); nested = n; apply(s, n) }
                case .ended(let u)?:
                    guard let n = nested else { break }
                    if n.releaseRecipient == .content {
                        list.endDrag(fingerVelocity: u.velocity.y, at: e.time)
                        origin.animate(to: 20, spring: Spring(duration: 0.5, dampingRatio: 0.85), velocity: 0, at: e.time)
                    } else {
                        list.endDrag(fingerVelocity: 0, at: e.time)
                        let projected = Deceleration.fast.project(position: origin.value, velocity: u.velocity.y)
                        let target = anchors.min { abs($0 - projected) < abs($1 - projected) }!
                        origin.animate(to: target, spring: Spring(duration: 0.5, dampingRatio: 0.85), velocity: u.velocity.y, at: e.time)
                    }
                    nested = nil
                default: break
                }
            }
            origin.advance(to: now)
            list.advance(to: now)
            frames.append(Frame(t: now.nanoseconds, origin: origin.value.bitPattern, offset: list.offset.bitPattern))
            if index == events.count && !origin.needsFrames && !list.needsFrames { break }
            now = now + frame
        }
        return (frames, origin.value, list.offset)
    }

    func testScriptedDragIsBitIdenticalAcrossRuns() {
        let a = runScenario(seed: 42), b = runScenario(seed: 42)
        XCTAssertEqual(a.frames, b.frames)
        XCTAssertGreaterThan(a.frames.count, 60)
    }

    func testScriptedDragEndsInALegalRestingState() {
        let r = runScenario(seed: 42)
        XCTAssertTrue([20.0, 400.0].contains(r.origin), "sheet rests on an anchor, got \(r.origin)")
        XCTAssertGreaterThanOrEqual(r.offset, 0)
        XCTAssertLessThanOrEqual(r.offset, 30 * 44 - 380)
        // Up 700 (380 to the sheet, 320 to the list), then down 200 (list back to 120):
        // released while the list had the last movement → the list flings, the sheet stays expanded.
        XCTAssertEqual(r.origin, 20)
    }

    func testEverySeedRestsLegally() {
        for seed: UInt64 in 1...10 {
            let r = runScenario(seed: seed)
            XCTAssertTrue([20.0, 400.0].contains(r.origin))
            XCTAssertTrue((0...(30 * 44 - 380)).contains(r.offset))
        }
    }
}
