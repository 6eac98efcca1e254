import DrawerRuntime
import PanelRenderer
import XCTest
@testable import PanelKiosk

/// A `spacer` in a horizontal stack pushes the items apart, as SwiftUI's `Spacer` in an
/// `HStack` and Flutter's `Spacer` in a `Row` do (docs/config.md, Content): the other items
/// keep their natural width and the spacers share the rest. A row without a spacer shares
/// its width equally, as it always did.
final class RowSpacerTests: XCTestCase {
    /// The frames by id of `row` laid out alone on an 800 x 480 pt screen.
    private func frames(_ row: ContentSpec) throws -> [String: Rect] {
        let text = try TextRenderer(theme: .light)
        let (root, _) = try ContentBuilder(text: text, images: ImageLoader()).sceneTree(row, values: [:])
        let layout = SceneLayout.layout(root, in: Rect(0, 0, 800, 480),
                                        context: LayoutContext(measurer: ShapedTextMeasurer(text: text)))
        var out: [String: Rect] = [:]
        for item in layout.items { if let id = item.id { out[id] = item.frame } }
        return out
    }

    func testASpacerPushesTheLabelsToTheEnds() throws {
        let f = try frames(.stack([.label("LEFT", id: "left"), .spacer(), .label("RIGHT", id: "right")],
                                  axis: .horizontal, spacing: 0, padding: 0))
        let left = try XCTUnwrap(f["left"]), right = try XCTUnwrap(f["right"])
        XCTAssertEqual(left.minX, 0)
        XCTAssertLessThan(left.width, 100, "LEFT keeps its natural width")
        XCTAssertEqual(right.maxX, 800, accuracy: 0.001, "RIGHT sits at the right edge (was at \(right.minX)-\(right.maxX))")
        XCTAssertLessThan(right.width, 100, "RIGHT keeps its natural width")
    }

    func testSpacersShareTheFreeWidthAndBarsShareItWithThem() throws {
        // Two spacers split the free width in two: the middle button is centred.
        let centred = try frames(.stack([.spacer(), .button("Go", action: "go", id: "go"), .spacer()],
                                        axis: .horizontal, spacing: 0, padding: 0))
        let go = try XCTUnwrap(centred["go"])
        XCTAssertEqual(go.midX, 400, accuracy: 0.001)
        XCTAssertLessThan(go.width, 200)
        // A progress bar has no natural width: it takes a share beside the spacer.
        let bar = try frames(.stack([.label("Volume", id: "l"), .progress(0.5, id: "bar"), .spacer()],
                                    axis: .horizontal, spacing: 10, padding: 0))
        let l = try XCTUnwrap(bar["l"]), b = try XCTUnwrap(bar["bar"])
        XCTAssertEqual(b.width, (800 - 20 - l.width) / 2, accuracy: 0.001)
        XCTAssertEqual(b.minX, l.maxX + 10, accuracy: 0.001)
    }

    func testARowWithoutASpacerStillSharesItsWidthEqually() throws {
        let f = try frames(.stack([.label("A", id: "a"), .button("B", action: "b", id: "b"), .label("C", id: "c")],
                                  axis: .horizontal, spacing: 10, padding: 0))
        for id in ["a", "b", "c"] {
            XCTAssertEqual(try XCTUnwrap(f[id]).width, (800 - 20) / 3, accuracy: 0.001, id)
        }
        XCTAssertEqual(try XCTUnwrap(f["c"]).maxX, 800, accuracy: 0.001)
    }
}
