import DrawerRuntime
import PanelRenderer
import XCTest

/// `SceneContent` with the real fonts: layout heights, wrapping that matches drawing, taps
/// (also scrolled), progress direction and the text cache.
final class SceneContentTests: XCTestCase {
    func renderer() throws -> TextRenderer {
        try XCTUnwrap(try? TextRenderer(theme: .light), "DejaVu fonts are needed (fonts-dejavu-core)")
    }

    func env(_ size: Size = Size(300, 400), scale: Double = 1, rtl: Bool = false) -> Environment {
        Environment(size: size, scale: scale, direction: rtl ? .rightToLeft : .leftToRight, theme: .light)
    }

    let paragraph = "Boats leave every twenty minutes from pier three; tickets are sold on board and at the gate."

    func testNaturalHeightIsPaddingPlusChildrenAndButtonsAreFingerSized() throws {
        let text = try renderer()
        let measurer = ShapedTextMeasurer(text: text)
        let root = SceneNode.vstack(spacing: 8, style: NodeStyle(padding: EdgeInsets(all: 10)), [
            .label("Title", size: 20, bold: true),
            .button(id: "go", "Go", action: "go"),
        ])
        let content = SceneContent(root: root, measurer: measurer)
        let height = content.layout(width: 300, env: env())
        let title = measurer.measure("Title", sizePt: 20, bold: true, maxWidth: 280)
        XCTAssertGreaterThan(title.height, 20)
        XCTAssertEqual(height, 10 + title.height + 8 + 44 + 10, accuracy: 1e-9)
        XCTAssertEqual(content.sceneLayout.item(id: "go")?.frame.height, 44, "a one-line button is 44 pt tall")
        XCTAssertEqual(content.maxScrollOffset(viewportHeight: 50), height - 50, accuracy: 1e-9)
        XCTAssertEqual(content.maxScrollOffset(viewportHeight: 1000), 0)
    }

    func testWrappedLabelTakesTheLinesItIsDrawnWith() throws {
        let text = try renderer()
        for scale in [1.0, 1.5, 2.0] {
            let measurer = ShapedTextMeasurer(text: text)
            let content = SceneContent(root: .vstack([.label(id: "p", paragraph, size: 16)]), measurer: measurer)
            let height = content.layout(width: 200, env: env(scale: scale))
            let frame = try XCTUnwrap(content.sceneLayout.item(id: "p")?.frame)
            // What drawing uses: the frame's width, at the display's pixel size.
            let drawn = measurer.layout(paragraph, sizePt: 16, bold: false, maxWidth: frame.width)
            XCTAssertGreaterThanOrEqual(drawn.lines.count, 3, "wraps in 200 pt at scale \(scale)")
            XCTAssertFalse(drawn.isTruncated)
            for line in drawn.lines { XCTAssertLessThanOrEqual(line.width, 200 * scale + 1e-6) }
            XCTAssertEqual(frame.height, drawn.height / scale, accuracy: 1e-9, "layout reserved exactly the drawn lines")
            XCTAssertEqual(height, frame.height, accuracy: 1e-9)
        }
    }

    func testMaxLinesClampsTheHeightAndEndsInAnEllipsis() throws {
        let measurer = ShapedTextMeasurer(text: try renderer())
        let content = SceneContent(root: .vstack([.label(id: "p", paragraph, size: 16, maxLines: 2)]), measurer: measurer)
        _ = content.layout(width: 200, env: env())
        let frame = try XCTUnwrap(content.sceneLayout.item(id: "p")?.frame)
        let drawn = measurer.layout(paragraph, sizePt: 16, bold: false, maxWidth: frame.width, maxLines: 2)
        XCTAssertEqual(drawn.lines.count, 2)
        XCTAssertTrue(drawn.isTruncated)
        XCTAssertEqual(frame.height, drawn.height, accuracy: 1e-9)
    }

    func testTapsFindButtonsAndRowsAlsoWhenScrolled() throws {
        let text = try renderer()
        let rows = (0..<10).map { ListRow(title: "Row \($0)", actionID: "row-\($0)") }
        let root = SceneNode.vstack(spacing: 0, [
            .button(id: "top", "Top", action: "top", style: NodeStyle(height: .points(50))),
            .scroll(id: "inner", style: NodeStyle(height: .points(132)), SceneNode(.list(ListSpec(rows: rows)))),
            .label("Footer"),
            SceneNode(.spacer, style: NodeStyle(height: .points(600))),
            .button(id: "bottom", "Bottom", action: "bottom", style: NodeStyle(height: .points(50))),
        ])
        let content = SceneContent(root: root, text: text)
        let height = content.layout(width: 300, env: env())
        XCTAssertEqual(content.action(at: Point(150, 25)), "top")
        XCTAssertEqual(content.action(at: Point(150, 50 + 22)), "row-0", "rows are 44 pt")
        XCTAssertEqual(content.action(at: Point(150, 50 + 44 + 22)), "row-1")
        // The page scrolled by the component: points arrive with its offset added.
        let bottomY = height - 25
        XCTAssertEqual(content.action(at: Point(150, bottomY)), "bottom")
        XCTAssertNil(content.action(at: Point(150, 50 + 132 + 300)), "spacer: nothing to tap")
        // The inner scroll view by 100 pt: row 2 (88...132) now sits at -12...32 in its viewport.
        content.setScrollOffset(100, scrollView: "inner")
        XCTAssertEqual(content.action(at: Point(150, 50 + 10)), "row-2")
        XCTAssertEqual(content.action(at: Point(150, 50 + 40)), "row-3")
        XCTAssertEqual(content.scrollView(at: Point(150, 50 + 40)), "inner")
        // Past the end it clamps: 10 rows · 44 − 132 = 308.
        content.setScrollOffset(1000, scrollView: "inner")
        XCTAssertEqual(content.scrollOffsets["inner"], 308)
        XCTAssertEqual(content.action(at: Point(150, 50 + 132 - 5)), "row-9")
        // Rows scrolled out above the viewport cannot be tapped through the button.
        XCTAssertEqual(content.action(at: Point(150, 25)), "top")
    }

    /// Draws `root` at 300 × 40 pt and returns the pixels.
    func draw(_ root: SceneNode, rtl: Bool, scale: Double = 1) throws -> (Pixmap, SceneContent) {
        let e = env(Size(300, 40), scale: scale, rtl: rtl)
        let content = SceneContent(root: root, text: try renderer())
        _ = content.layout(width: 300, env: e)
        let pixmap = try XCTUnwrap(Pixmap(width: Int(300 * scale), height: Int(40 * scale)))
        let canvas = Canvas(pixmap.view)
        canvas.clear(.white)
        canvas.transform = .scale(scale, scale)
        content.draw(canvas, size: e.size, scrollOffset: 0, env: e)
        return (pixmap, content)
    }

    func testProgressFillsFromTheLeadingEdge() throws {
        let bar = SceneNode.vstack(style: NodeStyle(padding: EdgeInsets(all: 10)), [SceneNode(.progressBar(value: 0.25))])
        let accent = Theme.lightPalette.accent, track = Theme.lightPalette.progressTrack
        let (ltr, _) = try draw(bar, rtl: false)
        // The bar is 280 pt wide from x = 10, 4 pt tall from y = 10: filled 10...80.
        XCTAssertEqual(ltr.color(x: 40, y: 12), accent)
        XCTAssertEqual(ltr.color(x: 250, y: 12), track)
        let (rtl, _) = try draw(bar, rtl: true)
        XCTAssertEqual(rtl.color(x: 260, y: 12), accent, "right-to-left: filled from the right (220...290)")
        XCTAssertEqual(rtl.color(x: 50, y: 12), track)
    }

    func testButtonsArePillsWithCentredTitles() throws {
        let row = SceneNode.hstack(spacing: 10, [
            .button("Filled", action: "a", style: NodeStyle(width: .fill)),
            .button("Tinted", action: "b", style: NodeStyle(width: .fill)),
        ])
        let e = env(Size(300, 44))
        let content = SceneContent(root: row, appearance: SceneAppearance(buttonStyles: [[1]: .tinted]),
                                   text: try renderer())
        _ = content.layout(width: 300, env: e)
        let pixmap = try XCTUnwrap(Pixmap(width: 300, height: 44))
        let canvas = Canvas(pixmap.view)
        canvas.clear(.white)
        content.draw(canvas, size: e.size, scrollOffset: 0, env: e)
        let accent = Theme.lightPalette.accent
        XCTAssertEqual(pixmap.color(x: 20, y: 22), accent, "filled pill")
        XCTAssertEqual(pixmap.color(x: 0, y: 0), .white, "rounded corner left clear")
        let tint = pixmap.color(x: 175, y: 22)
        XCTAssertTrue(tint.b > tint.r && tint.r > 200, "tinted pill is a pale accent: \(tint)")
        // White title ink in the middle of the filled pill, accent ink in the tinted one.
        var white = 0, blue = 0
        for y in 10..<34 {
            for x in 40..<105 where pixmap.color(x: x, y: y).r > 200 { white += 1 }
            for x in 195..<260 where pixmap.color(x: x, y: y).r < 100 { blue += 1 }
        }
        XCTAssertGreaterThan(white, 40)
        XCTAssertGreaterThan(blue, 40)
    }

    func testUnchangedLabelsAreShapedOnce() throws {
        let measurer = ShapedTextMeasurer(text: try renderer())
        let root = SceneNode.vstack(spacing: 4, [.label(paragraph, size: 16), .label("Second", maxLines: 1),
                                                 .button("Go", action: "go")])
        let content = SceneContent(root: root, measurer: measurer)
        let e = env(Size(300, 200))
        _ = content.layout(width: 300, env: e)
        let pixmap = try XCTUnwrap(Pixmap(width: 300, height: 200))
        let canvas = Canvas(pixmap.view)
        content.draw(canvas, size: e.size, scrollOffset: 0, env: e)
        let afterFirst = measurer.cachedLayoutCount
        for offset in [0.0, 3, 7] { content.draw(canvas, size: e.size, scrollOffset: offset, env: e) }
        XCTAssertEqual(measurer.cachedLayoutCount, afterFirst, "later frames reuse every shaped label")
    }
}

extension SceneContentTests {
    /// A text column beside a fixed picture wraps in the width left to it, and the row is as
    /// tall as those lines (needed the `stackNatural` fix in SceneLayout.swift).
    func testWrappingColumnInARowPushesTheNextItemDown() throws {
        let measurer = ShapedTextMeasurer(text: try renderer())
        let root = SceneNode.vstack(spacing: 10, [
            .hstack(spacing: 12, [
                SceneNode(.spacer, style: NodeStyle(width: .points(100), height: .points(20))),
                .label(id: "p", paragraph, size: 16, style: NodeStyle(width: .fill)),
            ]),
            .button(id: "next", "Next", action: "next"),
        ])
        let content = SceneContent(root: root, measurer: measurer)
        _ = content.layout(width: 300, env: env())
        let label = try XCTUnwrap(content.sceneLayout.item(id: "p")?.frame)
        XCTAssertEqual(label.minX, 112)
        XCTAssertEqual(label.width, 188)
        let drawn = measurer.layout(paragraph, sizePt: 16, bold: false, maxWidth: label.width)
        XCTAssertGreaterThanOrEqual(drawn.lines.count, 3)
        XCTAssertEqual(label.height, drawn.height, accuracy: 1e-9)
        XCTAssertEqual(content.sceneLayout.item(id: "next")?.frame.minY ?? 0, label.maxY + 10, accuracy: 1e-9)
    }

    // MARK: rows inserted at run time

    /// A list with a full progress bar under it; `rows` are the list's titles.
    func page(_ rows: [String]) -> SceneNode {
        .vstack(spacing: 0, [SceneNode(id: "stops", .list(ListSpec(rows: rows.map { ListRow(title: $0) }))),
                             SceneNode(.progressBar(value: 1))])
    }

    /// Where the progress bar under the list is drawn (its first accent row, points).
    func barTop(_ content: SceneContent) throws -> Int? {
        let e = env(Size(300, 400))
        let pixmap = try XCTUnwrap(Pixmap(width: 300, height: 400))
        let canvas = Canvas(pixmap.view)
        canvas.clear(.white)
        content.draw(canvas, size: e.size, scrollOffset: 0, env: e)
        return (0..<400).first { pixmap.color(x: 150, y: $0) == Theme.lightPalette.accent }
    }

    /// A row inserted into a list among a page's nodes: what is below it (the bar) slides
    /// down from where it was instead of jumping, and ends where a page made with that row
    /// from the start has it.
    func testWhatARowInsertMovesSlidesIntoPlace() throws {
        let content = SceneContent(root: page(["A", "B"]), text: try renderer())
        _ = content.layout(width: 300, env: env(Size(300, 400)))
        let before = try XCTUnwrap(try barTop(content))
        _ = content.replace(root: page(["New", "A", "B"]), appearance: SceneAppearance())
        content.slideAfterRowChange(durationMS: 250, at: .zero)
        XCTAssertTrue(content.isSliding)
        content.advance(to: .zero)
        XCTAssertEqual(try barTop(content), before, "the slide starts where the bar was")
        content.advance(to: .milliseconds(125))
        let rowHeight = Double(before) / 2, after = before + Int(rowHeight)     // two rows above the bar
        // Eased out: at half the time 1/8 of the way is left.
        XCTAssertEqual(Double(try XCTUnwrap(try barTop(content))), Double(after) - rowHeight / 8, accuracy: 1)
        content.advance(to: .milliseconds(250))
        XCTAssertFalse(content.isSliding)
        XCTAssertEqual(try barTop(content), after)
        // A change that is not a row edit moves nothing by itself (no slide asked for).
        _ = content.replace(root: page(["New", "A"]), appearance: SceneAppearance())
        content.slideAfterRowChange(durationMS: 0, at: .milliseconds(300))
        XCTAssertFalse(content.isSliding, "0 ms: it jumps")
        XCTAssertEqual(try barTop(content), before, "two rows again")
    }
}
