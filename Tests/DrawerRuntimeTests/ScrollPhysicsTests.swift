import DrawerRuntime
import XCTest

final class ScrollPhysicsTests: XCTestCase {
    private func runToRest(_ s: inout ScrollPhysics, from t0: Instant, hz: Double = 60) -> (Instant, [Double]) {
        var t = t0
        var values: [Double] = []
        while s.needsFrames && t < t0 + .seconds(10) {
            t = t + .frame(hz: hz)
            s.advance(to: t)
            values.append(s.offset)
        }
        return (t, values)
    }

    func testDragFollowsFingerAndRubberBandsPastEnds() {
        var s = ScrollPhysics(contentLength: 2000, viewportLength: 400)
        s.beginDrag(at: .zero)
        s.drag(by: -300)
        XCTAssertEqual(s.offset, 300)
        s.drag(by: 400)                          // 100 pt past the top
        XCTAssertEqual(s.offset, -RubberBand.hyperbolic(100, dimension: 400, coefficient: 0.55), accuracy: 1e-9)
        XCTAssertGreaterThan(s.offset, -100)
    }

    func testFlingDeceleratesToProjection() {
        var s = ScrollPhysics(contentLength: 20000, viewportLength: 400, offset: 1000)
        s.beginDrag(at: .zero)
        s.endDrag(fingerVelocity: -2000, at: .zero)   // finger up: content moves toward larger offsets
        XCTAssertTrue(s.needsFrames)
        _ = runToRest(&s, from: .zero)
        XCTAssertTrue(s.isAtRest)
        let projected = Deceleration.normal.project(position: 1000, velocity: 2000)
        XCTAssertEqual(s.offset, projected, accuracy: 10)
    }

    func testFlingIntoTopBouncesAndEndsExactlyAtZero() {
        var s = ScrollPhysics(contentLength: 2000, viewportLength: 400, offset: 100)
        s.beginDrag(at: .zero)
        s.endDrag(fingerVelocity: 1500, at: .zero)   // finger down: toward the top
        let (_, values) = runToRest(&s, from: .zero)
        XCTAssertLessThan(values.min()!, -1, "overshoots past the top")
        XCTAssertEqual(s.offset, 0, "then rests exactly at the top")
        XCTAssertEqual(s.velocity, 0)
    }

    func testReleaseWhileOverscrolledSpringsBack() {
        var s = ScrollPhysics(contentLength: 2000, viewportLength: 400, offset: 1600)
        s.beginDrag(at: .zero)
        s.drag(by: -120)
        XCTAssertGreaterThan(s.offset, 1600)
        s.endDrag(fingerVelocity: 0, at: .milliseconds(50))
        _ = runToRest(&s, from: .milliseconds(50))
        XCTAssertEqual(s.offset, 1600)
    }

    func testCatchMidFlingIsContinuous() {
        var s = ScrollPhysics(contentLength: 20000, viewportLength: 400, offset: 1000)
        s.beginDrag(at: .zero)
        s.endDrag(fingerVelocity: -3000, at: .zero)
        s.advance(to: .milliseconds(100))
        var probe = s
        probe.advance(to: .milliseconds(110))
        s.beginDrag(at: .milliseconds(110))
        XCTAssertEqual(s.offset, probe.offset, "caught where it was")
        XCTAssertFalse(s.needsFrames)
        s.drag(by: 10)
        XCTAssertEqual(s.offset, probe.offset - 10, accuracy: 1e-9)
    }

    func testCatchDuringBounceResumesWithoutJump() {
        var s = ScrollPhysics(contentLength: 2000, viewportLength: 400, offset: 0)
        s.beginDrag(at: .zero)
        s.drag(by: 150)
        s.endDrag(fingerVelocity: 0, at: .zero)
        s.advance(to: .milliseconds(60))
        let shown = s.offset
        XCTAssertLessThan(shown, 0)
        s.beginDrag(at: .milliseconds(60))
        s.drag(by: 0)
        XCTAssertEqual(s.offset, shown, accuracy: 1e-9)
    }

    func testFrameRateIndependentAndDeterministic() {
        func final(hz: Double) -> UInt64 {
            var s = ScrollPhysics(contentLength: 3000, viewportLength: 400, offset: 200)
            s.beginDrag(at: .zero)
            s.endDrag(fingerVelocity: -6000, at: .zero)  // projects to ≈3200, past the end
            _ = runToRest(&s, from: .zero, hz: hz)
            return s.offset.bitPattern
        }
        XCTAssertEqual(final(hz: 60), final(hz: 60))
        XCTAssertEqual(Double(bitPattern: final(hz: 60)), 2600, "bounced to rest at the bottom")
        XCTAssertEqual(final(hz: 60), final(hz: 50))
    }
}

final class NonFiniteMotionTests: XCTestCase {
    func testNaNVelocityNeverKeepsFramesRunning() {
        var s = ScrollPhysics(contentLength: 2000, viewportLength: 400, offset: 100)
        s.beginDrag(at: .zero)
        s.endDrag(fingerVelocity: .nan, at: .zero)
        s.advance(to: .milliseconds(16))
        XCTAssertFalse(s.needsFrames)
        var v = AnimatedValue(10)
        v.fling(velocity: .infinity, at: .zero)
        v.advance(to: .milliseconds(16))
        XCTAssertFalse(v.needsFrames)
        XCTAssertEqual(v.value, 10)
        var d = PaneDynamics(position: .nan, configuration: .init(gravity: -2000, boundary: 0...300), at: .zero)
        d.push(velocityChange: .nan, at: .zero)
        XCTAssertTrue(d.isAtRest)
        XCTAssertEqual(d.position, 0)
    }
}
