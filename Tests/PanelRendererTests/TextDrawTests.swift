import XCTest
@testable import PanelRenderer

/// drawText's fast blend must give what Core's reference `blendMask` gives, for opaque and
/// translucent colours, and must respect clips.
final class TextDrawTests: XCTestCase {
    let face = try! FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")

    private func background(_ p: Pixmap) {
        for y in 0..<p.height { for x in 0..<p.width {
            p[x, y] = Color(r: UInt8(x * 5 & 0xFF), g: UInt8(y * 9 & 0xFF), b: 200).premultiplied
        } }
    }

    func testSingleGlyphEqualsBlendMask() throws {
        for color in [Color(rgb: 0x1C1C1E), Color(r: 0, g: 122, b: 255, a: 140)] {
            let a = try XCTUnwrap(Pixmap(width: 40, height: 30)), b = try XCTUnwrap(Pixmap(width: 40, height: 30))
            background(a); background(b)
            drawText("g", face: face, sizePx: 20, at: Point(10.3, 20), color: color, into: a.view)
            let glyph = try XCTUnwrap(face.glyphIndex(for: "g"))
            let img = face.glyphImage(glyph, size64: 20 * 64)
            b.view.blendMask(try XCTUnwrap(img.mask), x: 10 + img.left, y: 20 - img.top, color: color)
            for y in 0..<30 { for x in 0..<40 { XCTAssertEqual(a[x, y], b[x, y], "\(x),\(y)") } }
        }
    }

    func testClipAndViewEdgesAreRespected() throws {
        let p = try XCTUnwrap(Pixmap(width: 60, height: 20))
        p.view.fill(with: Color.white.premultiplied)
        let clip = IntRect(x: 10, y: 0, width: 20, height: 20)
        drawText("WWWWWW", face: face, sizePx: 16, at: Point(-5, 15), color: .black, into: p.view, clip: clip)
        var inside = 0
        for y in 0..<20 { for x in 0..<60 {
            let inClip = x >= 10 && x < 30
            if !inClip { XCTAssertEqual(p[x, y], Color.white.premultiplied, "ink outside clip at \(x),\(y)") }
            if inClip && p[x, y] != Color.white.premultiplied { inside += 1 }
        } }
        XCTAssertGreaterThan(inside, 20)
        // Fully outside: no crash, nothing drawn.
        drawText("Hello", face: face, sizePx: 16, at: Point(500, -300), color: .black, into: p.view)
    }

    func testPenAdvanceFollowsHmtx() {
        // "AV" without kerning: 1401 + 1401 units at 16 px / 2048.
        let end = drawText("AV", face: face, sizePx: 16, at: Point(3, 10), color: .clear,
                           into: Pixmap(width: 1, height: 1)!.view)
        XCTAssertEqual(end, 3 + 2 * 1401.0 * 16 / 2048, accuracy: 1e-9)
        XCTAssertEqual(simpleTextWidth("AV", face: face, sizePx: 16), 2 * 1401.0 * 16 / 2048, accuracy: 1e-9)
    }

    /// Overlapping glyph boxes: coverage is added (saturating) before one blend, as
    /// pixman_composite_glyphs does; separate glyphs blend straight from their masks.
    func testOverlappingGlyphCoverageIsSummedOnce() throws {
        let m1 = try XCTUnwrap(Mask(width: 4, height: 2)), m2 = try XCTUnwrap(Mask(width: 4, height: 2))
        for i in 0..<8 { m1.bytes[i] = 100; m2.bytes[i] = 200 }
        let p = try XCTUnwrap(Pixmap(width: 20, height: 4))
        p.view.fill(with: Color.white.premultiplied)
        let paint = GlyphPaintTable().paint(.black)
        var run = GlyphRunCompositor(view: p.view, paint: paint, clip: p.bounds, scratch: GlyphScratch())
        run.add(m1, x: 0, y: 0)
        run.add(m2, x: 2, y: 1)   // overlaps columns 2-3, row 1
        run.add(m1, x: 12, y: 0)  // separate
        run.flush()
        let ref = try XCTUnwrap(Pixmap(width: 20, height: 4))
        ref.view.fill(with: Color.white.premultiplied)
        let sum = try XCTUnwrap(Mask(width: 6, height: 3))
        for y in 0..<2 { for x in 0..<4 { sum[x, y] = 100 } }
        for y in 1..<3 { for x in 2..<6 { sum[x, y] = UInt8(min(255, Int(sum[x, y]) + 200)) } }
        ref.view.blendMask(sum, x: 0, y: 0, color: .black)
        ref.view.blendMask(m1, x: 12, y: 0, color: .black)
        for y in 0..<4 { for x in 0..<20 { XCTAssertEqual(p[x, y], ref[x, y], "\(x),\(y)") } }
        XCTAssertEqual(p[2, 1], Color.black.premultiplied)  // 100 + 200 saturates
    }

    /// Drawing with a horizontal band clip equals the full drawing inside the band, for
    /// bands that cut the text, touch its edges, or miss it (lines outside are skipped).
    func testBandClipsMatchFullDrawInsideTheBand() throws {
        let shaper = TextShaper()
        let layout = shaper.layout("Ågjy Éq \u{0645}\u{0631}", style: TextStyle(face: face, sizePx: 18))
        let full = try XCTUnwrap(Pixmap(width: 140, height: 40))
        full.view.fill(with: Color.white.premultiplied)
        let fullEnd = drawText("Ågjy Éq|", face: face, sizePx: 18, at: Point(2, 22), color: .black, into: full.view)
        layout.draw(into: full.view, origin: Point(70, 4), color: .black)
        for y0 in stride(from: 0, to: 40, by: 3) {
            let band = IntRect(x: 0, y: y0, width: 140, height: 2)
            let p = try XCTUnwrap(Pixmap(width: 140, height: 40))
            p.view.fill(with: Color.white.premultiplied)
            let end = drawText("Ågjy Éq|", face: face, sizePx: 18, at: Point(2, 22), color: .black, into: p.view, clip: band)
            // A line the band misses is only advanced over, to the same pen position.
            XCTAssertEqual(end, fullEnd, "band \(y0): pen after the line")
            layout.draw(into: p.view, origin: Point(70, 4), color: .black, clip: band)
            for y in 0..<40 { for x in 0..<140 {
                let expected = y >= y0 && y < y0 + 2 ? full[x, y] : Color.white.premultiplied
                XCTAssertEqual(p[x, y], expected, "band \(y0): \(x),\(y)")
            } }
        }
    }

    func testSimplePathFallsBackPerCharacter() throws {
        let mono = try FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
        let text = "a\u{2312}b"  // U+2312 ARC is only in DejaVu Sans Mono
        let withFallback = simpleTextWidth(text, face: face, fallbacks: [mono], sizePx: 16)
        let arc = try XCTUnwrap(mono.glyphIndex(for: "\u{2312}"))
        let expected = simpleTextWidth("ab", face: face, sizePx: 16) + Double(mono.advanceUnits(arc)) * 16 / 2048
        XCTAssertEqual(withFallback, expected, accuracy: 1e-9)
        let a = try XCTUnwrap(Pixmap(width: 60, height: 20)), b = try XCTUnwrap(Pixmap(width: 60, height: 20))
        a.view.fill(with: Color.white.premultiplied); b.view.fill(with: Color.white.premultiplied)
        let end = drawText(text, face: face, fallbacks: [mono], sizePx: 16, at: Point(2, 15), color: .black, into: a.view)
        XCTAssertEqual(end, 2 + expected, accuracy: 1e-9)
        // Same pixels as drawing the three pieces by hand.
        var x = drawText("a", face: face, sizePx: 16, at: Point(2, 15), color: .black, into: b.view)
        x = drawText("\u{2312}", face: mono, sizePx: 16, at: Point(x, 15), color: .black, into: b.view)
        drawText("b", face: face, sizePx: 16, at: Point(x, 15), color: .black, into: b.view)
        var differ = 0
        for y in 0..<20 { for x in 0..<60 where a[x, y] != b[x, y] { differ += 1 } }
        XCTAssertLessThanOrEqual(differ, 4, "only pixels where neighbouring glyphs overlap may differ")
        XCTAssertNotEqual(a[10, 10], 0)
    }
}
