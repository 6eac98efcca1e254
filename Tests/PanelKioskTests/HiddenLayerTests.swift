import DrawerRuntime
import PanelRenderer
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import PanelKiosk
@testable import panel_kiosk

/// A frame skips what a layer above hides for certain (`Screen.firstHiddenRow`: the layers under
/// a drawer's or a sheet's card body; the clear under an opaque background). If anything it
/// skips were still visible, the frame would show what the buffer held before; so every frame
/// is drawn into a buffer full of one colour and into one full of another, and the two must
/// be the same pixels, while the drawer or the sheet rests in each stop, moves between them,
/// pushes and pops a page and is dragged, at scales that put its edges between pixels.
final class HiddenLayerTests: XCTestCase {
    private func assertFramesIgnoreThePreviousPixels(app: String, throughMotion: Bool = true,
                                                     sizes: [(Int, Int, Double)] = [(400, 240, 0.5), (600, 360, 0.75)],
                                                     file: StaticString = #filePath, line: UInt = #line) throws {
        for (w, h, scale) in sizes {
            let geometry = FrameGeometry(widthPx: w, heightPx: h, scale: scale, board: .offscreenDefault)
            let loaded = try AppConfig.load(path: CLI.root + "/examples/" + app)
            let screen = try SceneBuilder.build(app: loaded, geometry: geometry).screen
            let a = FrameRenderer(widthPx: w, heightPx: h)!, b = FrameRenderer(widthPx: w, heightPx: h)!
            var hiddenRows = 0, t = 0
            // A debug build draws slowly: frames are sampled every `step` ms.
            func frame(_ what: String, step: Int = 16) {
                screen.advance(to: .milliseconds(t))
                a.pixmap.view.fill(with: 0xFFFF_00FF)
                b.pixmap.view.fill(with: 0x0000_0000)
                a.draw(screen)
                b.draw(screen)
                XCTAssertEqual(memcmp(a.pixmap.pixels, b.pixmap.pixels, w * h * 4), 0,
                               "\(app) \(w)x\(h): \(what) at \(t) ms shows pixels of the frame before", file: file, line: line)
                hiddenRows = max(hiddenRows, h - screen.firstHiddenRow(under: 0, in: a.pixmap.bounds))
                t += step
            }
            frame("first frame")
            // Each component that can hide the background: the actions that move it through
            // its stops (at rest only, or with frames along the way and a drag after them).
            let plans: [(kind: String, steps: [(String, [String])], motionSteps: [(String, [String])])] = [
                ("bottom_drawer", [("set_position", ["collapsed"]), ("set_position", ["open"]), ("set_position", ["partiallyRevealed"])],
                 [("set_position", ["collapsed"]), ("set_position", ["open"]), ("set_position", ["partiallyRevealed"])]),
                ("sheet", [("snap", ["0"]), ("snap", ["2"]), ("snap", ["1"])],
                 [("snap", ["0"]), ("push", ["details"]), ("snap", ["2"]), ("pop", []), ("snap", ["1"])]),
            ]
            for plan in plans {
                guard let c = screen.components.first(where: { $0.kind.rawValue == plan.kind }) else { continue }
                for (action, args) in throughMotion ? plan.motionSteps : plan.steps {
                    try screen.perform(target: c.id, action: action, arguments: args, at: .milliseconds(t))
                    if throughMotion {
                        for k in 0..<6 { frame(k == 5 ? "at rest after \(action) \(args)" : "\(action) \(args)", step: k == 4 ? 1000 : 70) }
                    } else {
                        t += 2000; frame("at rest after \(action) \(args)")
                    }
                }
                if throughMotion {
                    try drag()
                    XCTAssertGreaterThan(hiddenRows, h / 3, "\(app) \(w)x\(h): the open \(plan.kind) hides most of the frame",
                                         file: file, line: line)
                }
            }
            func drag() throws {
                var y = 300.37
                screen.handle(TouchEvent(id: 1, phase: .down, location: Point(400, y), time: .milliseconds(t))); frame("touch-down")
                for step in [-13.3, -41.7, -52.9, -60.3, 22.4, 17.3] {
                    y += step
                    screen.handle(TouchEvent(id: 1, phase: .move, location: Point(400, y), time: .milliseconds(t))); frame("drag")
                }
                screen.handle(TouchEvent(id: 1, phase: .up, location: Point(400, y), time: .milliseconds(t)))
                for _ in 0..<4 { frame("settling", step: 90) }
            }
        }
    }

    func testTheDrawerAppNeverShowsSkippedPixels() throws {
        try assertFramesIgnoreThePreviousPixels(app: "drawer.toml")
    }

    func testTheSheetAppNeverShowsSkippedPixels() throws {
        try assertFramesIgnoreThePreviousPixels(app: "sheet.toml", sizes: [(600, 360, 0.75)])
    }

    /// Every example app (background content behind a drawer, the other components, images
    /// and translucent colours): its first frame and, with a drawer, each stop at rest.
    func testEveryExampleNeverShowsSkippedPixels() throws {
        let apps = ["content", "departures", "dismiss", "lobby", "menu", "player", "queue", "sheet", "showcase",
                    "tour-departures", "tour-music", "tour-settings", "tour-shop", "tour-ticket"]
        for app in apps { try assertFramesIgnoreThePreviousPixels(app: app + ".toml", throughMotion: false, sizes: [(800, 480, 1)]) }
    }

    /// Only a block across the whole width down to the bottom edge hides anything, and only
    /// the rows it covers whole.
    func testOnlyAFullWidthBlockDownToTheBottomHidesRows() throws {
        let geometry = FrameGeometry(widthPx: 800, heightPx: 480, scale: 1, board: .offscreenDefault)
        let app = try AppConfig.load(path: CLI.root + "/examples/drawer.toml")
        let screen = try SceneBuilder.build(app: app, geometry: geometry).screen
        let frame = IntRect(x: 0, y: 0, width: 800, height: 480)
        let body = try XCTUnwrap(screen.components[0].opaqueBlock)
        XCTAssertEqual(screen.firstHiddenRow(under: 0, in: frame), Int(body.y.rounded(.up)),
                       "the background ends where the card body begins")
        XCTAssertEqual(screen.firstHiddenRow(under: 1, in: frame), 480, "nothing hides the drawer itself")
        XCTAssertEqual(screen.firstHiddenRow(under: 0, in: IntRect(x: 0, y: 0, width: 801, height: 480)), 480)
    }
}

/// The frame is cleared first unless the background paints every pixel opaque.
final class BackgroundClearTests: XCTestCase {
    private func frames(_ background: Background, size: Size, scale: Double, widthPx: Int, heightPx: Int) -> (UInt32, UInt32) {
        let screen = Screen(env: Environment(size: size, scale: scale), background: background, components: [],
                            events: EventSink())
        let a = FrameRenderer(widthPx: widthPx, heightPx: heightPx)!, b = FrameRenderer(widthPx: widthPx, heightPx: heightPx)!
        a.pixmap.view.fill(with: 0xFFFF_00FF)
        b.pixmap.view.fill(with: 0x0000_0000)
        a.draw(screen)
        b.draw(screen)
        let last = widthPx * heightPx - 1
        XCTAssertEqual(memcmp(a.pixmap.pixels, b.pixmap.pixels, widthPx * heightPx * 4), 0, "\(background)")
        return (a.pixmap.pixels[0], a.pixmap.pixels[last])
    }

    func testATranslucentOrShortBackgroundIsDrawnOverAClearedFrame() {
        let theme = Environment(size: Size(10, 10)).theme.palette.background
        // Opaque and covering: the background alone decides every pixel.
        XCTAssertEqual(frames(.color(.white), size: Size(40, 30), scale: 1, widthPx: 40, heightPx: 30).0, Color.white.premultiplied)
        XCTAssertTrue(Screen(env: Environment(size: Size(40, 30)), background: .color(.white), components: [], events: EventSink())
            .backgroundCovers(IntRect(x: 0, y: 0, width: 40, height: 30)))
        // Translucent: over the theme's background colour, never over what was there.
        let half = Color(r: 255, g: 0, b: 0, a: 128)
        let (p, _) = frames(.color(half), size: Size(40, 30), scale: 1, widthPx: 40, heightPx: 30)
        XCTAssertEqual(p >> 24, 255, "cleared to the opaque theme background, then blended")
        XCTAssertFalse(Screen(env: Environment(size: Size(40, 30)), background: .color(half), components: [], events: EventSink())
            .backgroundCovers(IntRect(x: 0, y: 0, width: 40, height: 30)))
        _ = frames(.verticalGradient(top: half, bottom: .white), size: Size(40, 30), scale: 1, widthPx: 40, heightPx: 30)
        // Opaque but short of the frame's last row and column by a fraction of a pixel.
        let (_, corner) = frames(.color(.white), size: Size(39.5, 29.5), scale: 1, widthPx: 40, heightPx: 30)
        XCTAssertNotEqual(corner, 0xFFFF_00FF)
        XCTAssertEqual(theme.a, 255)
    }
}
