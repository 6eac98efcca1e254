import XCTest
@testable import DrawerRuntime
import PanelRenderer

/// Which rows of the last frame a moving opaque layer lets the next frame move instead of
/// repaint (`DamageTracker.rowMove`): only whole-pixel vertical moves of a layer that kept its
/// size, within the damaged region, clear of whatever is drawn over it.
final class RowMoveTests: XCTestCase {
    let frame = IntRect(x: 0, y: 0, width: 800, height: 480)

    func testAWholePixelMoveUpMovesTheRowsThatStayOnScreen() {
        let m = DamageTracker.rowMove(old: Rect(0, 230, 800, 250), new: Rect(0, 223, 800, 250), scale: 1,
                                      within: frame, avoiding: .zero)
        XCTAssertEqual(m, RowMove(source: IntRect(x: 0, y: 230, width: 800, height: 250), dy: -7))
        XCTAssertEqual(m?.destination, IntRect(x: 0, y: 223, width: 800, height: 250))
    }

    func testAMoveDownDropsTheRowsThatFallOffTheFrame() {
        let m = DamageTracker.rowMove(old: Rect(0, 230, 800, 250), new: Rect(0, 240, 800, 250), scale: 1,
                                      within: frame, avoiding: .zero)
        XCTAssertEqual(m, RowMove(source: IntRect(x: 0, y: 230, width: 800, height: 240), dy: 10))
    }

    func testPointsAreScaledToPixels() {
        let m = DamageTracker.rowMove(old: Rect(0, 115, 400, 125), new: Rect(0, 111.5, 400, 125), scale: 2,
                                      within: frame, avoiding: .zero)
        XCTAssertEqual(m?.dy, -7)
    }

    func testNoMoveForFractionsSidewaysResizesOrSomethingOnTop() {
        let old = Rect(0, 230, 800, 250)
        XCTAssertNil(DamageTracker.rowMove(old: old, new: Rect(0, 222.5, 800, 250), scale: 1, within: frame, avoiding: .zero))
        XCTAssertNil(DamageTracker.rowMove(old: old, new: Rect(3, 223, 800, 250), scale: 1, within: frame, avoiding: .zero))
        XCTAssertNil(DamageTracker.rowMove(old: old, new: Rect(0, 223, 790, 250), scale: 1, within: frame, avoiding: .zero))
        XCTAssertNil(DamageTracker.rowMove(old: old, new: old, scale: 1, within: frame, avoiding: .zero))
        // A popup drawn over the layer would be carried along with its rows.
        XCTAssertNil(DamageTracker.rowMove(old: old, new: Rect(0, 223, 800, 250), scale: 1, within: frame,
                                           avoiding: Rect(100, 400, 600, 60)))
        // Above it, it is not.
        XCTAssertNotNil(DamageTracker.rowMove(old: old, new: Rect(0, 223, 800, 250), scale: 1, within: frame,
                                              avoiding: Rect(100, 20, 600, 60)))
    }
}
