import DrawerRuntime
import PanelRenderer
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import PanelKiosk
@testable import panel_kiosk

/// Frames of a moving screen copy what lies beneath the layers that changed from the frame's
/// backdrop (`FrameRenderer`): the background and the components under a dragged drawer, with
/// the drawer's dimming laid while copying. Every such frame must equal a full redraw, also
/// when what lies beneath changes in the middle of the motion (content from the device's
/// program, a lower component moving while one above it moves), and the backdrop must really
/// be used (or the test would prove nothing).
final class BackdropTests: XCTestCase {
    /// Plays frames through the runtime's own `drawFrame` (damage, moved rows, backdrop) and
    /// compares each with the same screen drawn whole into another buffer.
    private final class Player {
        let runtime: KioskRuntime
        let full: FrameRenderer
        let w: Int, h: Int
        var t = 0.0
        var frames = 0
        let name: String

        init(app: String, w: Int, h: Int, scale: Double) throws {
            let loaded = try AppConfig.load(path: app.hasPrefix("/") ? app : CLI.root + "/examples/" + app)
            runtime = try KioskRuntime(app: loaded, geometry: FrameGeometry(widthPx: w, heightPx: h, scale: scale, board: .offscreenDefault),
                                       eventsPath: nil, now: .zero)
            full = FrameRenderer(widthPx: w, heightPx: h)!
            self.w = w; self.h = h
            name = "\(app) \(w)x\(h)"
        }

        func frame(_ what: String, step: Double = 16, file: StaticString = #filePath, line: UInt = #line) {
            _ = runtime.drawFrame(showingAt: .milliseconds(t), monotonicNS: { 0 })
            full.draw(runtime.screen)
            XCTAssertEqual(memcmp(runtime.frame.pixmap.pixels, full.pixmap.pixels, w * h * 4), 0,
                           "\(name): \(what) at \(t) ms differs from a full redraw", file: file, line: line)
            frames += 1
            t += step
        }

        func touch(_ phase: TouchEvent.Phase, _ x: Double, _ y: Double) {
            _ = runtime.deliver(.touch(finger: 1, phase: phase, x: x, y: y, timeUS: UInt64(t * 1000)))
        }

        /// Frames 33 ms apart (a debug build draws slowly) until nothing moves.
        func settle(_ what: String) {
            var n = 0
            while runtime.isMoving && n < 100 { frame(what, step: 33); n += 1 }
            frame("\(what), at rest")
        }

        /// A finger down at (x, y) pixels, moved by each of `steps` (pixels down) with a
        /// frame after each move (`beforeFrame` runs first, with the move's index), lifted,
        /// and frames until the screen is at rest.
        func drag(x: Double, y: Double, steps: [Double], _ what: String,
                  beforeFrame: (Int) throws -> Void = { _ in }) rethrows {
            var y = y
            touch(.down, x, y); frame("\(what): touch-down")
            for (i, step) in steps.enumerated() {
                y += step
                touch(.move, x, y)
                try beforeFrame(i)
                frame(what)
            }
            touch(.up, x, y)
            settle("\(what): released")
        }

        var backdropFrames: Int { runtime.frame.framesOverBackdrop }
    }

    /// The drawer dragged from partial up under the dimming and down again at finger
    /// positions between pixels, released, settling: at scales that put its edges on whole
    /// pixels and between them (pixel sizes small for the debug build).
    func testDrawerDragUnderTheDimmingEqualsFullRedraws() throws {
        for (w, h, scale) in [(400, 240, 0.5), (480, 288, 0.6)] {
            let p = try Player(app: "drawer.toml", w: w, h: h, scale: scale)
            p.settle("first frames")
            try p.drag(x: 400 * scale, y: 300.37 * scale,
                   steps: [13.3, 9.71, -7.5, -31.3, -45.17, -52.9, -60.3, -38.8, 22.4, 41.7, 17.3, -25.5].map { $0 * scale }, "drag")
            XCTAssertGreaterThan(p.backdropFrames, 12, "\(p.name): the drag's frames are drawn over the backdrop")
        }
    }

    /// A frosted drawer (`blur = true`) dragged up under the dimming and down, and content
    /// changed beneath it mid-drag: every frame equals a full redraw, and the blurred picture
    /// of the background is made once for the drag, not per frame, and anew for the change.
    func testFrostedDrawerDragEqualsFullRedrawsAndBlursOnce() throws {
        let dir = CLI.tempDir()
        try """
            [background]
            color = "#202020"
            [background.content]
            kind = "stack"
            [[background.content.items]]
            id = "clock"
            kind = "label"
            text = "08:12"
            size = 60
            [[background.content.items]]
            kind = "button"
            title = "Tickets"
            action = "tickets"
            [[component]]
            id = "drawer"
            kind = "bottom_drawer"
            initial = "partiallyRevealed"
            blur = true
            blur_radius = 8
            [component.content]
            kind = "list"
            rows = [{ title = "S1 Airport" }, { title = "S2 Harbour" }, { title = "S3 Stadium" }]
            """.write(toFile: dir + "/frosted.toml", atomically: true, encoding: .utf8)
        let p = try Player(app: dir + "/frosted.toml", w: 400, h: 240, scale: 0.5)
        p.settle("first frames")
        let made = p.runtime.screen.blurredPicturesMade
        XCTAssertEqual(made, 1, "one blurred picture for the first frames")
        try p.drag(x: 200, y: 150, steps: [-10.3, -21.7, -30.1, -25.5, 14.2, 33.3, 20.9].map { $0 * 0.5 }, "frosted drag")
        XCTAssertEqual(p.runtime.screen.blurredPicturesMade, made, "a drag over an unchanged background blurs nothing anew")
        try p.drag(x: 200, y: 150, steps: [-10, -20, -20, -20], "frosted drag with a change", beforeFrame: { i in
            if i == 1 { _ = try p.runtime.execute(.set(id: "clock", ControlCommand.ContentProperties(text: "08:13")), at: .milliseconds(p.t)) }
        })
        XCTAssertEqual(p.runtime.screen.blurredPicturesMade, made + 1, "the changed clock is blurred anew, once")
    }

    /// The card jumps far up in one frame (set at once, or a fast flick between two frames),
    /// so the frame asks for backdrop rows far above the ones it has, while the card covers
    /// the rows between; then it comes down over them. Those rows must hold the background,
    /// not what the buffer held before.
    func testCardThatJumpsUpThenComesDownShowsTheBackground() throws {
        let p = try Player(app: "drawer.toml", w: 400, h: 240, scale: 0.5)
        p.settle("first frames")
        // A little drag below partial: the backdrop's rows start near the partial stop.
        try p.drag(x: 200, y: 150, steps: [4.5, 4.5, 4.5], "drag below partial")
        let before = p.backdropFrames
        try p.runtime.perform(target: "drawer", action: "set_position", arguments: ["open", "instant"], at: .milliseconds(p.t))
        p.frame("opened at once")
        // Down from open, slowly, over the rows the jump passed.
        try p.drag(x: 200, y: 30, steps: Array(repeating: 8.25, count: 14), "dragged down from open")
        XCTAssertGreaterThan(p.backdropFrames - before, 10, "\(p.name): the drag down is drawn over the backdrop")
    }

    /// Each example with a component that moves over others: its actions played with frames
    /// along the way, one component after another, so the layers beneath change between
    /// motions (the backdrop is made anew) and stay still during one.
    func testEveryMotionOfTheShowcaseEqualsFullRedraws() throws {
        let p = try Player(app: "showcase.toml", w: 400, h: 240, scale: 0.5)
        p.settle("first frames")
        let steps: [(String, String, [String])] = [
            ("drawer", "set_position", ["open"]), ("sheet", "snap", ["0"]), ("player", "open", []),
            ("player", "close", []), ("menu", "open", ["left"]),
        ]
        for (target, action, args) in steps {
            do { try p.runtime.perform(target: target, action: action, arguments: args, at: .milliseconds(p.t)) } catch {
                XCTFail("\(target) \(action) \(args): \(error)"); continue
            }
            for _ in 0..<4 { p.frame("\(target) \(action) \(args)", step: 33) }
            // A second component starts while the first still moves: the layers beneath the
            // lower one change under the upper one's motion.
            if target == "sheet" {
                try? p.runtime.perform(target: "drawer", action: "set_position", arguments: ["partiallyRevealed"], at: .milliseconds(p.t))
            }
            p.settle("after \(target) \(action) \(args)")
        }
        XCTAssertGreaterThan(p.backdropFrames, 20, "\(p.name): frames are drawn over the backdrop")
    }

    /// The device's program changes the background's content while the drawer is dragged
    /// under the dimming: the backdrop must not show the old content.
    func testContentChangedBeneathADragIsShown() throws {
        let p = try Player(app: "departures.toml", w: 400, h: 240, scale: 0.5)
        p.settle("first frames")
        var sent = 0
        try p.drag(x: 200, y: 220, steps: Array(repeating: -11.5, count: 16), "drag with updates") { i in
            guard i % 5 == 2 else { return }
            sent += 1
            _ = try p.runtime.execute(.setValues(["clock": .text(String(format: "08:%02d:%02d", sent, sent * 7 % 60)),
                                                   "next_train": .text(String(format: "08:%02d", 10 + sent))]),
                                      at: .milliseconds(p.t))
        }
        XCTAssertEqual(sent, 3)
        XCTAssertGreaterThan(p.backdropFrames, 8, "\(p.name): the drag's frames are drawn over the backdrop")
    }

    /// A sheet dragged and pushing a page over the map; the sheet app at a scale that puts
    /// its edges between pixels.
    func testSheetMotionEqualsFullRedraws() throws {
        let p = try Player(app: "sheet.toml", w: 450, h: 270, scale: 0.5625)
        p.settle("first frames")
        for (action, args) in [("snap", ["0"]), ("push", ["details"]), ("pop", []), ("snap", ["1"])] {
            try p.runtime.perform(target: "sheet", action: action, arguments: args, at: .milliseconds(p.t))
            p.settle("\(action) \(args)")
        }
        try p.drag(x: 225, y: 150, steps: [-13.3, -41.7, -52.9, 22.4, 17.3, 60.1], "drag")
        XCTAssertGreaterThan(p.backdropFrames, 10, "\(p.name): frames are drawn over the backdrop")
    }
}
