import XCTest
@testable import PanelRenderer

final class TextLayoutTests: XCTestCase {
    static let dir = "/usr/share/fonts/truetype/dejavu/"
    let sans = try! FontFace(path: TextLayoutTests.dir + "DejaVuSans.ttf")
    let mono = try! FontFace(path: TextLayoutTests.dir + "DejaVuSansMono.ttf")
    lazy var shaper = TextShaper(fallbacks: [mono])

    func style(_ size: Double = 16, kerning: Bool = true) -> TextStyle {
        TextStyle(face: sans, sizePx: size, kerning: kerning)
    }

    func testMeasureWithoutKerningEqualsHmtxSum() {
        let s = "Central Station Platform"
        XCTAssertEqual(shaper.measure(s, style: style(kerning: false)),
                       simpleTextWidth(s, face: sans, sizePx: 16), accuracy: 1e-9)
        XCTAssertEqual(shaper.measure("", style: style()), 0)
        // "A" is 1401 units: 1401 * 16 / 2048.
        XCTAssertEqual(shaper.measure("A", style: style()), 1401.0 * 16 / 2048, accuracy: 1e-9)
    }

    func testKerningMakesAVNarrower() {
        let a = shaper.measure("A", style: style()), v = shaper.measure("V", style: style())
        let av = shaper.measure("AV", style: style())
        XCTAssertLessThan(av, a + v - 0.5, "AV should kern by more than half a pixel at 16 px")
        XCTAssertEqual(shaper.measure("AV", style: style(kerning: false)), a + v, accuracy: 1e-9)
    }

    func testHebrewShapesRightToLeft() throws {
        let text = "\u{05E9}\u{05DC}\u{05D5}\u{05DD}"  // shalom
        let line = shaper.shape(text, style: style())
        XCTAssertTrue(line.isRightToLeft)
        XCTAssertEqual(line.glyphs.count, 4)
        // Visual order: the leftmost glyph is the last letter.
        XCTAssertEqual(line.glyphs.map(\.cluster), [3, 2, 1, 0])
        XCTAssertTrue(line.glyphs.allSatisfy { $0.face === sans })
        XCTAssertEqual(line.glyphs.first?.glyph, sans.glyphIndex(for: "\u{05DD}"))
        XCTAssertGreaterThan(line.width, 20)
    }

    func testArabicJoinsAndRunsRightToLeft() throws {
        let text = "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}"  // marhaba
        let line = shaper.shape(text, style: style())
        XCTAssertTrue(line.isRightToLeft)
        XCTAssertEqual(line.glyphs.first?.cluster, 4)
        XCTAssertEqual(line.glyphs.last?.cluster, 0)
        // Joining picks contextual forms: the first letter (rightmost) is not its cmap glyph.
        XCTAssertNotEqual(line.glyphs.last?.glyph, sans.glyphIndex(for: "\u{0645}"))
    }

    func testMixedLatinAndHebrewKeepsLatinOrder() {
        let line = shaper.shape("ab \u{05E9}\u{05DC} cd", style: style())
        XCTAssertFalse(line.isRightToLeft)
        // Visual: a b space [lamed shin] space c d
        XCTAssertEqual(line.glyphs.map(\.cluster), [0, 1, 2, 4, 3, 5, 6, 7])
    }

    func testFallbackFaceSuppliesMissingGlyph() throws {
        XCTAssertNil(sans.glyphIndex(for: "\u{2312}"))
        let line = shaper.shape("a\u{2312}b", style: style())
        XCTAssertEqual(line.glyphs.count, 3)
        XCTAssertTrue(line.glyphs[0].face === sans)
        XCTAssertTrue(line.glyphs[1].face === mono)
        XCTAssertEqual(line.glyphs[1].glyph, mono.glyphIndex(for: "\u{2312}"))
        XCTAssertTrue(line.glyphs[2].face === sans)
        // Without fallbacks it is the primary's .notdef.
        XCTAssertEqual(TextShaper().shape("\u{2312}", style: style()).glyphs.first?.glyph, 0)
    }

    func testWrappingNeverExceedsTheLimit() {
        let text = "The quick brown fox jumps over the lazy dog while the kiosk waits for a tap on Platform 7"
        for limit in [60.0, 97.5, 140, 233] {
            let l = shaper.layout(text, style: style(), maxWidth: limit)
            XCTAssertGreaterThan(l.lines.count, 1)
            for line in l.lines { XCTAssertLessThanOrEqual(line.width, limit + 1e-9, "limit \(limit)") }
            // Every non-space character is on exactly one line, in order.
            let scalars = Array(text.unicodeScalars)
            let shown = l.lines.flatMap { $0.range.map { scalars[$0] } }.filter { $0 != " " }
            XCTAssertEqual(String(String.UnicodeScalarView(shown)), text.replacingOccurrences(of: " ", with: ""))
            XCTAssertEqual(l.height, Double(l.lines.count) * l.metrics.lineHeight, accuracy: 1e-9)
        }
    }

    func testLongWordBreaksBetweenCharacters() {
        let l = shaper.layout("Supercalifragilisticexpialidocious", style: style(), maxWidth: 50)
        XCTAssertGreaterThan(l.lines.count, 3)
        for line in l.lines { XCTAssertLessThanOrEqual(line.width, 50) }
        XCTAssertEqual(l.lines.map(\.range.count).reduce(0, +), 34)
    }

    func testEllipsisFitsAndEndsInEllipsisGlyph() throws {
        let text = "Kensington Market Square, Platform 4"
        for limit in [30.0, 80, 150] {
            let l = shaper.layout(text, style: style(), maxWidth: limit, maxLines: 1)
            XCTAssertEqual(l.lines.count, 1)
            XCTAssertLessThanOrEqual(l.width, limit)
            XCTAssertTrue(l.isTruncated)
            XCTAssertEqual(l.lines[0].glyphs.last?.glyph, sans.glyphIndex(for: "\u{2026}"))
        }
        let fits = shaper.layout("Short", style: style(), maxWidth: 200, maxLines: 1)
        XCTAssertFalse(fits.isTruncated)
        // Wrapped text cut at two lines: the second line carries the ellipsis.
        let two = shaper.layout(text + " and beyond the river", style: style(), maxWidth: 120, maxLines: 2)
        XCTAssertEqual(two.lines.count, 2)
        XCTAssertTrue(two.lines[1].isTruncated)
        XCTAssertLessThanOrEqual(two.width, 120)
        // No truncation: the line is kept whole.
        XCTAssertGreaterThan(shaper.layout(text, style: style(), maxWidth: 80, maxLines: 1, truncation: .none).width, 80)
    }

    func testAlignmentAndBaselines() {
        let l = shaper.layout("Hi\nthere", style: style(), maxWidth: 100, alignment: .center)
        XCTAssertEqual(l.lines.count, 2)
        XCTAssertEqual(l.lineX(0), (100 - l.lines[0].width) / 2, accuracy: 1e-9)
        let r = shaper.layout("Hi", style: style(), maxWidth: 100, alignment: .right)
        XCTAssertEqual(r.lineX(0) + r.lines[0].width, 100, accuracy: 1e-9)
        let heb = shaper.layout("\u{05E9}\u{05DC}\u{05D5}\u{05DD}", style: style(), maxWidth: 100, alignment: .leading)
        XCTAssertTrue(heb.isRightToLeft)
        XCTAssertEqual(heb.lineX(0) + heb.lines[0].width, 100, accuracy: 1e-9)
        XCTAssertEqual(shaper.layout("Hi", style: style(), maxWidth: 100, alignment: .leading).lineX(0), 0)
        XCTAssertEqual(l.firstBaseline, 1901.0 * 16 / 2048, accuracy: 1e-9)
        XCTAssertEqual(l.baseline(ofLine: 1) - l.baseline(ofLine: 0), l.metrics.lineHeight, accuracy: 1e-9)
        XCTAssertEqual(l.origin(forFirstBaseline: Point(5, 40)).y + l.firstBaseline, 40, accuracy: 1e-9)
    }

    /// With kerning and sub-pixel positioning off, a layout draws the bench rules' pixels.
    func testLayoutDrawMatchesBenchReferenceRow() throws {
        let ref = try PNGCodec.decode(path: BenchSceneTests.refDir + "/cairo_full_800x480.png")
        let frame = try XCTUnwrap(Pixmap(width: 800, height: 480))
        frame.view.fill(with: Color.white.premultiplied)
        var st = style(kerning: false)
        st.subpixelPositioning = false
        let l = shaper.layout("Central Station Platform", style: st)
        l.draw(into: frame.view, origin: l.origin(forFirstBaseline: Point(16, 233)), color: Color(rgb: 0x1C1C1E))
        var inked = 0
        for y in 213..<243 { for x in 8..<308 {
            XCTAssertEqual(frame[x, y] & 0xFFFFFF, ref[x, y] & 0xFFFFFF, "\(x),\(y)")
            if frame[x, y] != Color.white.premultiplied { inked += 1 }
        } }
        XCTAssertGreaterThan(inked, 500)
    }

    func testSubpixelLayoutDrawsInsideItsBoundsAndClip() throws {
        let p = try XCTUnwrap(Pixmap(width: 200, height: 60))
        p.view.fill(with: Color.white.premultiplied)
        let l = shaper.layout("Wrapped label text here", style: style(14), maxWidth: 90)
        let origin = Point(10.3, 4.6)
        l.draw(into: p.view, origin: origin, color: .black, clip: IntRect(x: 0, y: 0, width: 200, height: 30))
        let b = l.bounds(at: origin)
        var ink = 0
        for y in 0..<60 { for x in 0..<200 where p[x, y] != Color.white.premultiplied {
            ink += 1
            XCTAssertTrue(y < 30 && x >= b.x && x < b.maxX && y >= b.y && y < b.maxY, "ink at \(x),\(y)")
        } }
        XCTAssertGreaterThan(ink, 100)
    }

    /// Coverage added into a mask and blended once equals drawing the layout directly.
    func testCoverageMaskMatchesDirectDraw() throws {
        let l = shaper.layout("Coverage AVA fi", style: style(15))
        let origin = Point(3.4, 2.2)
        let mask = try XCTUnwrap(Mask(width: 160, height: 30))
        l.addCoverage(into: mask, origin: origin)
        let a = try XCTUnwrap(Pixmap(width: 160, height: 30)), b = try XCTUnwrap(Pixmap(width: 160, height: 30))
        a.view.fill(with: Color.white.premultiplied); b.view.fill(with: Color.white.premultiplied)
        l.draw(into: a.view, origin: origin, color: Color(rgb: 0x334455))
        b.view.blendMask(mask, x: 0, y: 0, color: Color(rgb: 0x334455))
        var inked = 0
        for y in 0..<30 { for x in 0..<160 {
            XCTAssertEqual(a[x, y], b[x, y], "\(x),\(y)")
            if mask[x, y] != 0 { inked += 1 }
        } }
        XCTAssertGreaterThan(inked, 300)
    }

    func testLayoutCacheReusesAndEvicts() {
        let cache = TextLayoutCache(shaper: shaper, capacity: 4)
        let a = cache.layout("Now playing", style: style(), maxWidth: 80)
        let b = cache.layout("Now playing", style: style(), maxWidth: 80)
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(a.lines.map(\.width), b.lines.map(\.width))
        _ = cache.layout("Now playing", style: style(), maxWidth: 60)       // different width
        _ = cache.layout("Now playing", style: style(kerning: false))       // different style
        _ = cache.layout("Now playing", style: style(14))                   // different size
        XCTAssertEqual(cache.count, 4)
        _ = cache.layout("Next", style: style())                            // over capacity
        XCTAssertLessThanOrEqual(cache.count, 4)
        XCTAssertGreaterThanOrEqual(cache.count, 2)
        cache.removeAll()
        XCTAssertEqual(cache.count, 0)
    }
}
