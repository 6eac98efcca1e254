import Foundation
import XCTest
@testable import PanelRenderer

/// One reference PNG per primitive in Images/<topic>/<case>.png. The references were drawn by
/// this renderer, looked at, and cross-checked by the analytic tests (areas, half-covered
/// pixels) and the cairo comparison of the bench scene; these tests catch any later change.
/// Tolerance: at most 2/255 per channel on at most 0.1 % of pixels; on failure the tolerance,
/// the worst pixel and a diff image path are printed. PANEL_UPDATE_GOLDENS=1 rewrites them.
final class GoldenImageTests: XCTestCase {
    static let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Images").path

    func golden(_ topic: String, _ name: String, width: Int = 96, height: Int = 64,
                _ draw: (Canvas) throws -> Void) throws {
        let pixmap = Pixmap(width: width, height: height)!
        let canvas = Canvas(pixmap.view)
        canvas.clear(.white)
        try draw(canvas)
        let path = "\(Self.dir)/\(topic)/\(name).png"
        if ProcessInfo.processInfo.environment["PANEL_UPDATE_GOLDENS"] == "1" || !FileManager.default.fileExists(atPath: path) {
            try FileManager.default.createDirectory(atPath: "\(Self.dir)/\(topic)", withIntermediateDirectories: true)
            try PNGCodec.encode(pixmap.view, to: path)
            if ProcessInfo.processInfo.environment["PANEL_UPDATE_GOLDENS"] != "1" {
                XCTFail("no reference \(topic)/\(name).png: wrote one; look at it, then commit it")
            }
            return
        }
        let reference = try PNGCodec.decode(path: path)
        XCTAssertEqual(reference.width, width); XCTAssertEqual(reference.height, height)
        guard reference.width == width, reference.height == height else { return }
        let difference = try XCTUnwrap(withExtendedLifetime((pixmap, reference)) { ImageDifference(pixmap.view, reference.view) })
        let allowed = width * height / 1000
        if difference.pixelsOff > allowed {
            let out = NSTemporaryDirectory() + "golden-\(topic)-\(name)"
            try? PNGCodec.encode(pixmap.view, to: out + "-actual.png")
            try? PNGCodec.encode(difference.picture.view, to: out + "-diff.png")
            XCTFail("\(topic)/\(name): \(difference.pixelsOff) pixels differ by more than 2/255 (tolerance: \(allowed)); worst \(difference.worst) at \(difference.worstAt); see \(out)-actual.png and -diff.png")
        }
    }

    let blue = Color(rgb: 0x1E88E5), red = Color(rgb: 0xE53935)

    func testAAEdges() throws {
        try golden("fill", "triangle") { c in
            var p = Path(); p.moveTo(Point(8, 56)); p.lineTo(Point(48, 6.3)); p.lineTo(Point(88, 50.7)); p.close()
            c.fill(p, .solid(self.blue))
        }
        try golden("fill", "evenodd_star") { c in
            var p = Path()
            for i in 0..<5 {
                let a = Double(i) * 4 * Double.pi / 5 - Double.pi / 2
                let pt = Point(48 + 28 * cos(a), 32 + 28 * sin(a))
                if i == 0 { p.moveTo(pt) } else { p.lineTo(pt) }
            }
            p.close()
            c.fill(p, .solid(self.red), rule: .evenOdd)
        }
    }

    func testCurves() throws {
        try golden("fill", "curves") { c in
            var p = Path()
            p.moveTo(Point(6, 58)); p.cubicTo(Point(20, -10), Point(60, 80), Point(90, 8))
            p.quadTo(Point(70, 60), Point(6, 58)); p.close()
            c.fill(p, .solid(self.blue))
            c.fill(.ellipse(in: Rect(60, 30, 30, 20)), .solid(self.red.withOpacity(0.6)))
        }
    }

    func testStrokes() throws {
        for (cap, join, name) in [(LineCap.butt, LineJoin.miter, "butt_miter"), (.round, .round, "round_round"), (.square, .bevel, "square_bevel")] {
            try golden("stroke", name) { c in
                var p = Path(); p.moveTo(Point(14, 50)); p.lineTo(Point(40, 12)); p.lineTo(Point(82, 46))
                c.stroke(p, StrokeStyle(width: 9, cap: cap, join: join), .solid(self.blue))
                c.strokeLine(from: Point(10, 58), to: Point(86, 57.5), StrokeStyle(width: 1.5), .solid(.black))
            }
        }
    }

    func testGradients() throws {
        try golden("gradient", "linear_diagonal") { c in
            c.fillRoundedRect(Rect(4, 4, 88, 56), radii: CornerRadii(all: 12),
                              .linearGradient(start: Point(4, 4), end: Point(92, 60),
                                              stops: [GradientStop(offset: 0, color: self.red), GradientStop(offset: 1, color: self.blue)]))
        }
        try golden("gradient", "radial") { c in
            c.fillRect(Rect(0, 0, 96, 64), .radialGradient(center: Point(48, 32), radius: 40,
                stops: [GradientStop(offset: 0, color: .white), GradientStop(offset: 0.6, color: self.blue),
                        GradientStop(offset: 1, color: Color(rgb: 0x101020))]))
        }
    }

    func testShadows() throws {
        try golden("shadow", "rounded_rect_blur12") { c in
            let r = Rect(18, 14, 60, 34)
            c.drawShadow(roundedRect: r, radii: CornerRadii(all: 10), shadow: Shadow(color: Color.black.withOpacity(0.4), blur: 12, offset: Point(0, 4)))
            c.fillRoundedRect(r, radii: CornerRadii(all: 10), .solid(.white))
        }
    }

    func testClips() throws {
        try golden("clip", "rounded_clip") { c in
            c.clip(toRoundedRect: Rect(10, 8, 76, 48), radii: CornerRadii(topLeft: 20, topRight: 4, bottomRight: 20, bottomLeft: 4))
            c.fillRect(Rect(0, 0, 96, 64), .linearGradient(start: .zero, end: Point(0, 64),
                stops: [GradientStop(offset: 0, color: self.blue), GradientStop(offset: 1, color: self.red)]))
            c.stroke(.ellipse(in: Rect(30, 10, 60, 60)), StrokeStyle(width: 6), .solid(.white))
        }
    }

    func testTextAndOpacity() throws {
        let face = try FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        try golden("text", "dejavu_16", width: 160, height: 40) { c in
            drawText("Hamburgefonstiv", face: face, sizePx: 16, at: Point(6, 26), color: Color(rgb: 0x1C1C1E), into: c.target)
        }
        try golden("text", "layout_wrapped_rtl", width: 160, height: 64) { c in
            let shaper = TextShaper(fallbacks: [])
            let style = TextStyle(face: face, sizePx: 13)
            shaper.layout("Wrapped text with an ellipsis at the end of the second line", style: style, maxWidth: 148, maxLines: 2)
                .draw(into: c.target, origin: Point(6, 4), color: .black, clip: nil)
            shaper.layout("שלום עולם", style: style, maxWidth: 148, maxLines: 1, alignment: .right)
                .draw(into: c.target, origin: Point(6, 40), color: self.blue, clip: nil)
        }
    }

    func testImages() throws {
        let img = Pixmap(width: 8, height: 8)!
        for y in 0..<8 { for x in 0..<8 { img[x, y] = ((x + y) % 2 == 0 ? self.red : self.blue).premultiplied } }
        try golden("image", "bilinear_scaled") { c in c.drawImage(img, in: Rect(8, 8, 48, 48), sampling: .bilinear) }
        try golden("image", "nearest_rotated_half_opacity") { c in
            c.translate(60, 8)
            c.concatenate(.rotation(radians: Double.pi / 8))
            c.opacity = 0.5
            c.drawImage(img, in: Rect(0, 0, 32, 32), sampling: .nearest)
        }
    }
}
