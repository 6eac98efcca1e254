import DrawerRuntime
import PanelRenderer
import XCTest

/// One touch event for tests: finger `id` at (x, y) points, `ms` milliseconds in.
func touch(_ phase: TouchEvent.Phase, _ id: Int, _ x: Double, _ y: Double, ms: Int) -> TouchEvent {
    TouchEvent(id: id, phase: phase, location: Point(x, y), time: .milliseconds(ms))
}

final class SpringAndUnitsTests: XCTestCase {
    func testReducedMotionSpringHasNoOvershoot() {
        let s = Spring(duration: 0.5, dampingRatio: 0.6).withoutOvershoot
        XCTAssertEqual(s.dampingRatio, 1)
        XCTAssertEqual(s.duration, 0.5, "a fitted spring keeps its duration")
        let free = Spring(dampingRatio: 0.6, response: 0.5).withoutOvershoot
        XCTAssertEqual(free.dampingRatio, 1)
        XCTAssertEqual(free.response, 0.5)
    }

    func testUnknownPanelSizeUsesNominalDensity() {
        let u = PhysicalUnits(physicalMillimetres: .zero, pixels: Size(800, 480), scale: 2)
        XCTAssertEqual(u, .nominal(scale: 2))
    }
}
