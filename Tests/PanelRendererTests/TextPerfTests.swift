import XCTest
import PanelRenderer
#if canImport(Glibc)
import Glibc
#endif

/// Micro-benchmarks of the text path, skipped unless PANEL_TEXT_BENCH=1. Meaningful only in
/// a release build:
///
///     PANEL_TEXT_BENCH=1 swift test -c release -Xswiftc -enable-testing \
///         --filter PanelRendererTests.TextPerfTests
///
/// Times are thread CPU time (CLOCK_THREAD_CPUTIME_ID), best of several rounds, so a busy
/// build machine inflates them less than wall time would. Nothing is asserted about speed.
final class TextPerfTests: XCTestCase {
    static let labels = ["Central Station Platform", "Riverside Park East Gate", "Harbour View Fish Market",
                         "City Hall Public Library", "Sunset Boulevard Theatre", "Kensington Market Square",
                         "Airport Terminal 2 Gates", "University Dental Clinic"]

    private func cpuNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
    /// Best per-item time of `rounds` rounds of `body`, which does `items` items, in µs.
    private func best(rounds: Int = 5, items: Int, _ body: () -> Void) -> Double {
        var b = Double.infinity
        for _ in 0..<rounds {
            let t0 = cpuNow(); body(); b = min(b, (cpuNow() - t0) / Double(items))
        }
        return b * 1e6
    }

    func testTextFigures() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["PANEL_TEXT_BENCH"] == "1", "set PANEL_TEXT_BENCH=1")
        let face = try FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        let frame = try XCTUnwrap(Pixmap(width: 800, height: 480))
        frame.view.fill(with: Color.white.premultiplied)
        let color = Color(rgb: 0x1C1C1E)
        func drawRows() {
            for (k, l) in Self.labels.enumerated() {
                drawText(l, face: face, sizePx: 16, at: Point(16, Double(233 + 32 * k)), color: color, into: frame.view)
            }
        }
        drawRows()
        let cached = best(items: 1000 * 192) { for _ in 0..<1000 { drawRows() } }

        let glyphs = Array(Set(Self.labels.flatMap { $0.unicodeScalars.compactMap { face.glyphIndex(for: $0) } }))
        var raster = Double.infinity
        for _ in 0..<100 {
            face.purgeGlyphCache()
            let t0 = cpuNow()
            for g in glyphs { _ = face.glyphImage(g, size64: 16 * 64) }
            raster = min(raster, (cpuNow() - t0) / Double(glyphs.count) * 1e6)
        }

        let shaper = TextShaper()
        let style = TextStyle(face: face, sizePx: 16)
        let layouts = Self.labels.map { shaper.layout($0, style: style) }
        let layoutDraw = best(items: 1000 * 192) {
            for _ in 0..<1000 {
                for (k, l) in layouts.enumerated() { l.draw(into: frame.view, origin: Point(16.3, Double(215 + 32 * k)), color: color) }
            }
        }
        let shape = best(items: 200 * 8) { for _ in 0..<200 { for l in Self.labels { _ = shaper.layout(l, style: style) } } }
        print("""
            text figures (µs, thread CPU time, best of 5):
              cached 16 px glyph, drawText (bench rules):  \(cached)
              cached 16 px glyph, TextLayout.draw (1/4 px): \(layoutDraw)
              first rasterization, 16 px unhinted:          \(raster)
              shape + layout a 24-character label:          \(shape)
            """)
    }
}
