import DrawerRuntime
import PanelRenderer
import XCTest

final class ContentGeometryTests: XCTestCase {
    func testContentModes() {
        let frame = Rect(0, 0, 200, 100), natural = Size(100, 100)
        XCTAssertEqual(ContentMode.fit.drawRect(natural: natural, in: frame), Rect(50, 0, 100, 100))
        XCTAssertEqual(ContentMode.fill.drawRect(natural: natural, in: frame), Rect(0, -50, 200, 200))
        XCTAssertEqual(ContentMode.stretch.drawRect(natural: natural, in: frame), frame)
        XCTAssertEqual(ContentMode.center.drawRect(natural: Size(20, 10), in: frame), Rect(90, 45, 20, 10))
    }

    func testProgressFillFollowsDirection() {
        let f = Rect(10, 0, 100, 4)
        XCTAssertEqual(ProgressGeometry.fillRect(f, value: 0.37, direction: .leftToRight), Rect(10, 0, 37, 4))
        XCTAssertEqual(ProgressGeometry.fillRect(f, value: 0.37, direction: .rightToLeft), Rect(73, 0, 37, 4))
        XCTAssertEqual(ProgressGeometry.fillRect(f, value: 7, direction: .leftToRight).width, 100)
        XCTAssertEqual(ProgressGeometry.fillRect(f, value: .nan, direction: .leftToRight).width, 0)
    }

    func testScrollIndicator() {
        XCTAssertNil(ScrollIndicatorGeometry.thumb(viewport: 400, content: 300, offset: 0))
        let top = ScrollIndicatorGeometry.thumb(viewport: 400, content: 1600, offset: 0)!
        XCTAssertEqual(top.start, 3)
        XCTAssertEqual(top.length, 394 * 0.25, accuracy: 1e-9)
        let bottom = ScrollIndicatorGeometry.thumb(viewport: 400, content: 1600, offset: 1200)!
        XCTAssertEqual(bottom.start + bottom.length, 397, accuracy: 1e-9)
        let pulled = ScrollIndicatorGeometry.thumb(viewport: 400, content: 1600, offset: -40)!
        XCTAssertLessThan(pulled.length, top.length, "shrinks while overscrolled")
    }

    func testSpringConveniencesAndSettleTime() {
        XCTAssertEqual(Spring(duration: 0.5, bounce: 0.15).dampingRatio, 0.85, accuracy: 1e-12)
        XCTAssertEqual(Spring(frequency: 3, dampingRatio: 1).response, 1.0 / 3, accuracy: 1e-12)
        var m = SpringMotion(from: 68, to: 264, spring: Spring(duration: 0.3, dampingRatio: 0.75), at: .zero)
        let settle = m.settleTime()!
        var t = Instant.zero
        while m.needsFrames { t = t + .milliseconds(4); m.advance(to: t) }
        XCTAssertEqual(t, settle, "the prediction is exact on the fixed grid")
    }
}
