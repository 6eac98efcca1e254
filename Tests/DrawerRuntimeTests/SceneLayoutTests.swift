import DrawerRuntime
import PanelRenderer
import XCTest

final class SceneLayoutTests: XCTestCase {
    let context = LayoutContext(measurer: ApproximateTextMeasurer())

    private func rtl(_ c: LayoutContext) -> LayoutContext { var c = c; c.direction = .rightToLeft; return c }

    func testVerticalStackPaddingSpacingAndFlex() {
        let root = SceneNode.vstack(spacing: 8, style: NodeStyle(padding: EdgeInsets(all: 10)), [
            .label(id: "title", "Hello", size: 20),                               // 5 chars · 12 = 60 wide, 24 tall
            .spacer(),
            .button(id: "ok", "OK", action: "ok", style: NodeStyle(height: .points(50))),
        ])
        let layout = SceneLayout.layout(root, in: Rect(0, 0, 300, 400), context: context)
        XCTAssertEqual(layout.items[0].frame, Rect(0, 0, 300, 400))
        XCTAssertEqual(layout.item(id: "title")?.frame, Rect(10, 10, 280, 24), "stretched across, natural height")
        // The spacer takes what is left: 380 − 24 − 50 − 2·8 = 290.
        XCTAssertEqual(layout.items[2].frame, Rect(10, 42, 280, 290))
        XCTAssertEqual(layout.item(id: "ok")?.frame, Rect(10, 340, 280, 50))
        XCTAssertEqual(layout.item(id: "title")?.textAlignment, .left)
    }

    func testFlexWeightsAndFixedSizes() {
        let root = SceneNode.hstack([
            SceneNode(.spacer, style: NodeStyle(width: .points(40))),
            SceneNode(id: "a", .spacer, style: NodeStyle(width: .flex(1))),
            SceneNode(id: "b", .spacer, style: NodeStyle(width: .flex(3))),
        ])
        let layout = SceneLayout.layout(root, in: Rect(0, 0, 440, 100), context: context)
        XCTAssertEqual(layout.item(id: "a")?.frame, Rect(40, 0, 100, 100))
        XCTAssertEqual(layout.item(id: "b")?.frame, Rect(140, 0, 300, 100))
    }

    func testRightToLeftMirrorsStacksAndAlignment() {
        let root = SceneNode.hstack(spacing: 10, style: NodeStyle(padding: EdgeInsets(top: 0, left: 5, bottom: 0, right: 5)), [
            .label(id: "icon", "AB", size: 10),                                  // 12 wide
            .label(id: "text", "Title", size: 10, style: NodeStyle(width: .fill)),
        ])
        let bounds = Rect(0, 0, 200, 40)
        let ltr = SceneLayout.layout(root, in: bounds, context: context)
        let r = SceneLayout.layout(root, in: bounds, context: rtl(context))
        for id in ["icon", "text"] {
            let a = ltr.item(id: id)!.frame, b = r.item(id: id)!.frame
            XCTAssertEqual(b.x, bounds.maxX - a.maxX, accuracy: 1e-9, "\(id) mirrored")
            XCTAssertEqual(b.width, a.width)
        }
        XCTAssertEqual(ltr.item(id: "icon")?.frame.x, 5)
        XCTAssertEqual(r.item(id: "icon")?.frame.maxX, 195)
        XCTAssertEqual(r.item(id: "text")?.textAlignment, .right)
        // Leading alignment in a vertical stack hugs the right edge in RTL.
        let column = SceneNode.vstack(alignment: .leading, [.label(id: "l", "Hi", size: 10)])
        XCTAssertEqual(SceneLayout.layout(column, in: bounds, context: rtl(context)).item(id: "l")?.frame.maxX, 200)
        XCTAssertEqual(SceneLayout.layout(column, in: bounds, context: context).item(id: "l")?.frame.x, 0)
    }

    func testSafeAreaInsets() {
        let safe = EdgeInsets(top: 24, left: 0, bottom: 34, right: 0)
        let plain = SceneNode.vstack([.spacer()])
        XCTAssertEqual(SceneLayout.layout(plain, in: Rect(0, 0, 400, 800), safeArea: safe, context: context).items[0].frame,
                       Rect(0, 24, 400, 742))
        var bleed = SceneNode.vstack([SceneNode(id: "body", .spacer, style: NodeStyle(width: .fill, height: .fill))])
        bleed.style.ignoresSafeArea = true
        let l = SceneLayout.layout(bleed, in: Rect(0, 0, 400, 800), safeArea: safe, context: context)
        XCTAssertEqual(l.items[0].frame, Rect(0, 0, 400, 800), "background under the bezel")
        XCTAssertEqual(l.item(id: "body")?.frame, Rect(0, 24, 400, 742), "content inside the safe area")
    }

    func testMillimetreSizes() {
        // 800 px over 154 mm at scale 2: 400 pt wide, 2.597 pt per mm.
        let units = PhysicalUnits(physicalMillimetres: Size(154, 86), pixels: Size(800, 480), scale: 2)
        var c = context
        c.units = units
        let root = SceneNode.vstack([SceneNode(id: "target", .spacer, style: NodeStyle(height: .millimetres(9)))])
        let h = SceneLayout.layout(root, in: Rect(0, 0, 400, 240), context: c).item(id: "target")!.frame.height
        XCTAssertEqual(h, 9 * 400 / 154, accuracy: 1e-9)
        XCTAssertEqual(mmToPoints(9, physicalMillimetres: 154, sizePoints: 400), h, accuracy: 1e-9)
    }

    func testLabelWrapsAndMaxLines() {
        // 40 chars at 10 pt = 240 pt wide; in 100 pt: 16 chars per line, 3 lines of 12 pt.
        let text = String(repeating: "x", count: 40)
        let root = SceneNode.vstack([.label(id: "w", text, size: 10), .label(id: "m", text, size: 10, maxLines: 2)])
        let l = SceneLayout.layout(root, in: Rect(0, 0, 100, 300), context: context)
        XCTAssertEqual(l.item(id: "w")?.frame.height, 36)
        XCTAssertEqual(l.item(id: "m")?.frame.height, 24)
    }

    func testScrollViewOffsetClipAndHitTesting() {
        let rows = (0..<30).map { ListRow(title: "Row \($0)", actionID: "row-\($0)") }
        let root = SceneNode.vstack([
            .button(id: "top", "Top", action: "top", style: NodeStyle(height: .points(50))),
            .scroll(id: "list", style: NodeStyle(height: .fill), SceneNode(.list(ListSpec(rows: rows)))),
        ])
        var c = context
        c.scrollOffsets = ["list": 100]
        let l = SceneLayout.layout(root, in: Rect(0, 0, 320, 450), context: c)
        let scroll = l.item(id: "list")!
        XCTAssertEqual(scroll.frame, Rect(0, 50, 320, 400))
        XCTAssertEqual(scroll.contentSize, Size(320, 30 * 44))
        XCTAssertEqual(scroll.maxScrollOffset, 30 * 44 - 400)
        // Point (10, 60) is 10 pt into the viewport: content y 110 → row 2.
        let hit = l.hitTest(Point(10, 60))
        XCTAssertEqual(hit?.actionID, "row-2")
        XCTAssertEqual(hit?.scrollViewID, "list")
        XCTAssertEqual(l.hitTest(Point(10, 10))?.actionID, "top")
        XCTAssertNil(l.hitTest(Point(10, 10))?.scrollViewID)
        // Row 0 is scrolled above the viewport: hidden under the button, so it cannot be hit.
        let row0 = l.items.first { $0.actionID == "row-0" }!
        XCTAssertLessThan(row0.frame.maxY, 50)
        // Offsets are clamped to the content.
        c.scrollOffsets = ["list": 99_999]
        let bottom = SceneLayout.layout(root, in: Rect(0, 0, 320, 450), context: c)
        XCTAssertEqual(bottom.items.first { $0.actionID == "row-29" }!.frame.maxY, 450)
    }

    func testPassiveContentIsNotHit() {
        let root = SceneNode.vstack([.label("Just text")])
        XCTAssertNil(SceneLayout.layout(root, in: Rect(0, 0, 100, 100), context: context).hitTest(Point(5, 5)))
    }

    func testLayoutIsPureAndDeterministic() {
        let root = SceneNode.vstack(spacing: 3.3, [.label("Some wrapped text here", size: 13.7), .spacer(),
                                                  .button("Go", action: "go")])
        let a = SceneLayout.layout(root, in: Rect(0, 0, 123.4, 321), context: context)
        let b = SceneLayout.layout(root, in: Rect(0, 0, 123.4, 321), context: context)
        XCTAssertEqual(a, b)
    }
}

final class ListRowHeightTests: XCTestCase {
    func testRowHeightDefaultsFollowSubtitles() {
        XCTAssertEqual(ListSpec(rows: [ListRow(title: "a")]).resolvedRowHeight, 44)
        XCTAssertEqual(ListSpec(rows: [ListRow(title: "a", subtitle: "b")]).resolvedRowHeight, 60)
        XCTAssertEqual(ListSpec(rows: [ListRow(title: "a")], rowHeight: 52).resolvedRowHeight, 52)
        let root = SceneNode.vstack([SceneNode(id: "l", .list(ListSpec(rows: [ListRow(title: "a", subtitle: "b", actionID: "x")])))])
        let l = SceneLayout.layout(root, in: Rect(0, 0, 300, 500), context: LayoutContext(measurer: ApproximateTextMeasurer()))
        XCTAssertEqual(l.item(id: "l")?.frame.height, 60)
        XCTAssertEqual(l.hitTest(Point(5, 59))?.actionID, "x")
        XCTAssertNil(l.hitTest(Point(5, 61)))
    }
}
