import DrawerRuntime
import XCTest

final class TimedAnimationTests: XCTestCase {
    func testCurvesEndpointsAndShape() {
        for c in [TimingCurve.linear, .easeIn, .easeOut, .easeInOut, .smoothstep] {
            XCTAssertEqual(c.progress(0), 0)
            XCTAssertEqual(c.progress(1), 1)
            var last = 0.0
            for k in 1...100 {
                let p = c.progress(Double(k) / 100)
                XCTAssertGreaterThanOrEqual(p, last - 1e-12, "\(c) monotonic")
                last = p
            }
        }
        XCTAssertEqual(TimingCurve.easeInOut.progress(0.5), 0.5, accuracy: 1e-9, "symmetric")
        XCTAssertLessThan(TimingCurve.easeIn.progress(0.25), 0.25)
        XCTAssertGreaterThan(TimingCurve.easeOut.progress(0.25), 0.25)
        XCTAssertEqual(TimingCurve.smoothstep.progress(0.25), 0.15625)
        XCTAssertEqual(TimingCurve.cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1).progress(0.3), 0.3, accuracy: 1e-9)
    }

    func testSwipeDownLinearDismiss() {
        // §4.6: 0.2 s linear slide from the release offset to the view's height.
        var y = AnimatedValue(300)
        y.animate(to: 844, duration: .milliseconds(200), curve: .linear, at: .milliseconds(1000))
        y.advance(to: .milliseconds(1100))
        XCTAssertEqual(y.value, 572, accuracy: 1e-9)
        XCTAssertTrue(y.needsFrames)
        y.advance(to: .milliseconds(1200))
        XCTAssertEqual(y.value, 844)
        XCTAssertTrue(y.isAtRest)
    }

    func testKeyframesBounce() {
        let humps: [Keyframes.Segment] = [
            .init(to: 50, duration: .milliseconds(133)), .init(to: 0, duration: .milliseconds(133)),
            .init(to: 25, duration: .milliseconds(133)), .init(to: 0, duration: .milliseconds(133)),
            .init(to: 12.5, duration: .milliseconds(133)), .init(to: 0, duration: .milliseconds(133)),
        ]
        var v = AnimatedValue(0)
        v.play(humps, at: .zero)
        v.advance(to: .milliseconds(133))
        XCTAssertEqual(v.value, 50)
        v.advance(to: .milliseconds(399))
        XCTAssertEqual(v.value, 25)
        v.advance(to: .milliseconds(800))
        XCTAssertEqual(v.value, 0)
        XCTAssertTrue(v.isAtRest)
    }

    func testCatchDuringTimedAnimation() {
        var v = AnimatedValue(0)
        v.animate(to: 100, duration: .milliseconds(200), curve: .easeInOut, at: .zero)
        let grab = v.beginDrag(at: .milliseconds(100))
        XCTAssertEqual(grab, 50, accuracy: 1e-9)
        XCTAssertFalse(v.needsFrames)
    }
}
