import XCTest
@testable import PanelRenderer

/// The bench-scene text (docs/bench.md: the rows, the mini-player and "Text rules") drawn by
/// `drawText` must match the cairo reference frame's pixels in each text region.
final class TextBenchRulesTests: XCTestCase {
    static let fonts = "/usr/share/fonts/truetype/dejavu/"
    static let reference = BenchSceneTests.refDir + "/cairo_full_800x480.png"

    struct Diff { var maxDiff = 0; var sum = 0; var over8 = 0; var pixels = 0; var inked = 0 }

    /// Compares RGB of `region` in `mine` and `ref`.
    func compare(_ mine: Pixmap, _ ref: Pixmap, _ region: IntRect, background: UInt32) -> Diff {
        var d = Diff()
        for y in region.y..<region.maxY {
            for x in region.x..<region.maxX {
                let a = mine[x, y], b = ref[x, y]
                if a != background { d.inked += 1 }
                var worst = 0
                for shift in [0, 8, 16] {
                    let da = abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF))
                    d.sum += da
                    worst = max(worst, da)
                }
                d.maxDiff = max(d.maxDiff, worst)
                if worst > 8 { d.over8 += 1 }
                d.pixels += 1
            }
        }
        return d
    }

    func assertMatches(text: String, font: String, sizePx: Double, pen: Point, color: Color,
                       background: Color, region: IntRect, ref: Pixmap,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let face = try FontFace(path: Self.fonts + font)
        let frame = try XCTUnwrap(Pixmap(width: ref.width, height: ref.height))
        frame.view.fill(with: background.premultiplied)
        drawText(text, face: face, sizePx: sizePx, at: pen, color: color, into: frame.view)
        let d = compare(frame, ref, region, background: background.premultiplied)
        let mean = Double(d.sum) / Double(d.pixels * 3)
        XCTAssertGreaterThan(d.inked, 200, "\(text): nothing drawn", file: file, line: line)
        // The scene's tolerances (docs/bench.md, Conformance) on the text region alone; today
        // the match is exact (max 0), so a max above 8 means a regression in glyph placement or
        // compositing.
        XCTAssertLessThanOrEqual(mean, 0.5, "\(text): mean diff \(mean)", file: file, line: line)
        XCTAssertLessThanOrEqual(Double(d.over8), 0.02 * Double(d.pixels), "\(text): \(d.over8) px off by > 8", file: file, line: line)
        XCTAssertLessThanOrEqual(d.maxDiff, 8, "\(text): max diff \(d.maxDiff)", file: file, line: line)
        print("bench text '\(text)': region \(region.width)x\(region.height), inked \(d.inked), max diff \(d.maxDiff), mean \(mean), >8: \(d.over8)")
    }

    func testDrawerRowsMatchCairoReference() throws {
        let ref = try PNGCodec.decode(path: Self.reference)
        XCTAssertEqual(ref.width, 800); XCTAssertEqual(ref.height, 480)
        let labels = ["Central Station Platform", "Riverside Park East Gate", "Harbour View Fish Market",
                      "City Hall Public Library", "Sunset Boulevard Theatre", "Kensington Market Square",
                      "Airport Terminal 2 Gates", "University Dental Clinic"]
        for (k, label) in labels.enumerated() {
            let ry = 192 + 20 + 32 * k
            // Rows ry+1 ..< ry+31 hold only white drawer and the label (separator at ry+31).
            try assertMatches(text: label, font: "DejaVuSans.ttf", sizePx: 16,
                              pen: Point(16, Double(ry + 21)), color: Color(rgb: 0x1C1C1E),
                              background: .white, region: IntRect(x: 8, y: ry + 1, width: 300, height: 30), ref: ref)
        }
    }

    func testMiniPlayerTitleAndSubtitleMatchCairoReference() throws {
        let ref = try PNGCodec.decode(path: Self.reference)
        // Popup (8, 116, 784, 64), body #F9F9FB; thumb ends at x = 60, progress bar at y = 172.
        try assertMatches(text: "Midnight City Drive", font: "DejaVuSans-Bold.ttf", sizePx: 15,
                          pen: Point(72, 144), color: Color(rgb: 0x1C1C1E), background: Color(rgb: 0xF9F9FB),
                          region: IntRect(x: 66, y: 128, width: 300, height: 20), ref: ref)
        try assertMatches(text: "The Night Owls - Live Set", font: "DejaVuSans.ttf", sizePx: 13,
                          pen: Point(72, 162), color: Color(rgb: 0x6E6E73), background: Color(rgb: 0xF9F9FB),
                          region: IntRect(x: 66, y: 149, width: 300, height: 18), ref: ref)
    }
}
