import DrawerRuntime
import PanelRenderer
import XCTest

/// Pulley's options the drawer took over from issue 39, against Pulley's figures: changing
/// the supported positions at run time, unanimated content replacement, background pages
/// cross-faded for the animation duration, the frosted card and the card's corners cutting
/// its content (docs/components.md, Bottom drawer B2, B5, B16, B27, B28).
final class BottomDrawerPulleyTests: XCTestCase {
    /// 800 x 480 pt at scale 1: stops 68 / 264 / 460.
    let env = Environment(size: Size(800, 480), theme: .light)
    let red = Color(rgb: 0xFF0000), blue = Color(rgb: 0x0000FF), bg = Color(rgb: 0x336699)

    func measurer() throws -> ShapedTextMeasurer {
        ShapedTextMeasurer(text: try XCTUnwrap(try? TextRenderer(theme: .light), "DejaVu fonts are needed (fonts-dejavu-core)"))
    }

    /// A block of one colour, `height` pt tall and as wide as it is laid out.
    func block(_ color: Color, height: Double, _ m: ShapedTextMeasurer) -> ContentView {
        // Inside a plain root: a root fills the whole view.
        SceneContent(root: .vstack([.vstack(style: NodeStyle(padding: EdgeInsets(top: height / 2, bottom: height / 2),
                                                              background: color), [])]),
                     measurer: m)
    }

    func drawer(_ config: BottomDrawerConfig = BottomDrawerConfig(), content: ContentView? = nil,
                events: EventSink = EventSink()) -> BottomDrawer {
        BottomDrawer(id: "d", config: config, content: content, env: env, events: events)
    }

    func names(_ events: EventSink) -> [String] {
        events.events.map { e in
            ([e.name] + e.fields.map { if case .string(let s) = $0.1 { s } else { "?" } }).joined(separator: " ")
        }
    }

    // MARK: set_positions (Pulley's setNeedsSupportedDrawerPositionsUpdate)

    func testUnsupportedPositionJumpsToTheLowestSupportedOneAtOnce() throws {
        var config = BottomDrawerConfig()
        config.initial = .partiallyRevealed
        let events = EventSink()
        let d = drawer(config, events: events)
        XCTAssertEqual(d.height, 264)
        try d.apply(.setPositions([.open, .partiallyRevealed]), at: .milliseconds(100))
        XCTAssertEqual(d.position, .partiallyRevealed, "still supported: it stays")
        XCTAssertEqual(names(events), [])
        try d.apply(.setPositions([.collapsed, .open, .closed]), at: .milliseconds(200))
        // Unanimated: at its stop the same instant, will and did together (an instant set_position).
        XCTAssertEqual(d.position, .collapsed)
        XCTAssertEqual(d.height, 68)
        XCTAssertFalse(d.needsFrames)
        XCTAssertEqual(names(events), ["position_will_change partiallyRevealed collapsed", "position_did_change collapsed"])
        XCTAssertEqual(events.events.map(\.timeMS), [200, 200])
        // Closed is never where it falls back to: the lowest supported but closed.
        try d.apply(.setPositions([.open, .closed]), at: .milliseconds(300))
        XCTAssertEqual(d.position, .open)
        XCTAssertEqual(d.height, 460)
        XCTAssertEqual(d.supportedPositions, [.open, .closed])
        // A drawer with one position cannot be dragged: a drag moves nothing.
        d.handle(TouchEvent(id: 1, phase: .down, location: Point(400, 100), time: .milliseconds(400)))
        d.handle(TouchEvent(id: 1, phase: .move, location: Point(400, 200), time: .milliseconds(420)))
        XCTAssertEqual(d.height, 460)
        d.handle(TouchEvent(id: 1, phase: .up, location: Point(400, 200), time: .milliseconds(440)))
    }

    func testSetPositionsFromAScriptLineAndItsMistakes() throws {
        let d = drawer()
        try d.perform("set_positions", ["open", "collapsed"], at: .zero)
        XCTAssertEqual(d.supportedPositions, [.open, .collapsed])
        let before = d.state()
        XCTAssertEqual(try d.action(named: "set_positions", ["partiallyRevealed"]), .setPositions([.partiallyRevealed]))
        for (words, message) in [
            ([String](), "set_positions takes one or more of collapsed, partiallyRevealed, open, closed"),
            (["opne"], "set_positions: 'opne' is not collapsed, partiallyRevealed, open or closed (did you mean 'open'?)"),
            (["open", "open"], "set_positions: 'open' is said twice"),
            (["closed"], "set_positions needs at least one of collapsed, partiallyRevealed, open"),
        ] {
            XCTAssertThrowsError(try d.perform("set_positions", words, at: .zero), "\(words)") {
                XCTAssertEqual(($0 as? ActionError)?.message, message)
            }
        }
        XCTAssertEqual(d.state(), before, "a refused line changes nothing")
    }

    /// After set_positions the snap rule uses the new stops: with partial gone, a 90 pt drag
    /// up from collapsed (released at 158 pt, once nearest partial) is nearest collapsed and
    /// past the 20 pt threshold: one stop up, open.
    func testTheSnapRuleUsesTheNewPositions() throws {
        let d = drawer()
        try d.apply(.setPositions([.collapsed, .open]), at: .zero)
        d.handle(TouchEvent(id: 1, phase: .down, location: Point(400, 420), time: .milliseconds(0)))
        d.handle(TouchEvent(id: 1, phase: .move, location: Point(400, 380), time: .milliseconds(200)))
        d.handle(TouchEvent(id: 1, phase: .move, location: Point(400, 330), time: .milliseconds(400)))
        d.handle(TouchEvent(id: 1, phase: .up, location: Point(400, 330), time: .milliseconds(600)))
        XCTAssertEqual(d.position, .open)
    }

    // MARK: replace_content, unanimated

    func testUnanimatedReplaceContentSwapsAtOnce() throws {
        let m = try measurer()
        let events = EventSink()
        let d = drawer(content: block(red, height: 600, m), events: events)
        d.pages["blue"] = block(blue, height: 600, m)
        XCTAssertEqual(try d.action(named: "replace_content", ["blue", "instant"]),
                       .replaceContent(page: "blue", position: nil, animated: false))
        XCTAssertEqual(try d.action(named: "replace_content", ["blue", "open", "instant"]),
                       .replaceContent(page: "blue", position: .open, animated: false))
        XCTAssertThrowsError(try d.action(named: "replace_content", ["blue", "open", "slowly"])) {
            XCTAssertEqual(($0 as? ActionError)?.message,
                           "replace_content: 'slowly' is not a word it takes; after its arguments it takes only 'instant'")
        }
        try d.perform("replace_content", ["blue", "open", "instant"], at: .milliseconds(50))
        XCTAssertFalse(d.needsFrames, "no cross-fade and no spring")
        XCTAssertEqual(d.position, .open)
        XCTAssertEqual(d.height, 460)
        XCTAssertEqual(names(events), ["position_will_change collapsed open", "position_did_change open"])
        // The first frame after the swap shows the new content alone, fully.
        let frame = FrameRenderer(widthPx: 800, heightPx: 480)!
        frame.draw(Screen(env: env, background: .color(bg), components: [d], events: events))
        XCTAssertEqual(frame.pixmap.color(x: 400, y: 300), blue)
        // Animated, the old content still shows half-way through the 0.3 s cross-fade.
        d.pages["red"] = block(red, height: 600, m)
        try d.perform("replace_content", ["red"], at: .milliseconds(100))
        d.advance(to: .milliseconds(250))
        XCTAssertTrue(d.needsFrames)
        frame.draw(Screen(env: env, background: .color(bg), components: [d], events: events))
        let mid = frame.pixmap.color(x: 400, y: 300)
        XCTAssertTrue(mid.r > 60 && mid.b > 60, "red and blue mixed: \(mid)")
    }

    // MARK: replace_background (Pulley's setPrimaryContentViewController)

    func testBackgroundPageCrossFadesForTheAnimationDuration() throws {
        let m = try measurer()
        let events = EventSink()
        let d = drawer(events: events)
        d.backgroundPages["map"] = block(red, height: 300, m)
        d.backgroundPages["list"] = block(blue, height: 300, m)
        let screen = Screen(env: env, background: .color(bg), backgroundContent: block(blue, height: 300, m),
                            components: [d], events: events)
        let frame = FrameRenderer(widthPx: 800, heightPx: 480)!
        func pixel(at ms: Double) -> Color {
            screen.advance(to: .milliseconds(ms))
            frame.draw(screen)
            return frame.pixmap.color(x: 400, y: 100)
        }
        XCTAssertEqual(pixel(at: 0), blue)
        let revision = screen.backgroundRevision
        try d.perform("replace_background", ["map"], at: .milliseconds(100))
        XCTAssertNotEqual(screen.backgroundRevision, revision, "the background repaints")
        XCTAssertTrue(screen.needsFrames)
        // Half-way (150 of 300 ms): the old blue at half over the background colour, the new
        // red at half over that: r = 0.5 x 255 + 0.25 x 0x33, b = 0.5 x (0.5 x 255 + 0.5 x 0x99).
        let mid = pixel(at: 250)
        XCTAssertEqual(Double(mid.r), 140.25, accuracy: 3, "\(mid)")
        XCTAssertEqual(Double(mid.b), 102, accuracy: 3, "\(mid)")
        XCTAssertEqual(pixel(at: 400), red, "over at 300 ms")
        XCTAssertFalse(screen.needsFrames)
        XCTAssertTrue(d.state().encoded.contains(#""background_page": "map""#), d.state().encoded)
        // Unanimated: at once.
        try d.perform("replace_background", ["list", "instant"], at: .milliseconds(500))
        XCTAssertFalse(screen.needsFrames)
        XCTAssertEqual(pixel(at: 500), blue)
        XCTAssertThrowsError(try d.perform("replace_background", ["sea"], at: .milliseconds(600))) {
            XCTAssertEqual(($0 as? ActionError)?.message, "drawer 'd' has no background page 'sea' (background_pages: list, map)")
        }
        XCTAssertThrowsError(try drawer().perform("replace_background", ["map"], at: .zero)) {
            XCTAssertEqual(($0 as? ActionError)?.message, "drawer 'd' has no background page 'map' (it has no background_pages)")
        }
    }

    // MARK: the card's corners

    /// A panel (corners rounded all round) and a drawer without grabber (content 8 pt below
    /// the top, inside the 13 pt corners) over content of one colour: the pixels outside the
    /// rounded shape show what lies under the card, never the content.
    func testContentIsCutToTheCardsRoundedCorners() throws {
        let m = try measurer()
        for mode in [DrawerDisplayMode.panel, .drawer] {
            var config = BottomDrawerConfig()
            config.displayMode = mode
            config.showsGrabber = false
            config.shadowOpacity = 0
            config.initial = .open
            let d = drawer(config, content: block(red, height: 2000, m))
            let frame = FrameRenderer(widthPx: 800, heightPx: 480)!
            frame.draw(Screen(env: env, background: .color(bg), components: [d], events: EventSink()))
            let card = d.cardFrame
            let x0 = Int(card.x), y0 = Int(card.y), x1 = Int(card.maxX) - 1
            // Content starts 8 pt below the top edge: its first row at the corners.
            let top = y0 + 8
            // (Their centres lie 0.3 pt outside the curve: a trace of the card's edge, no content.)
            for (x, y) in [(x0, top), (x1, top)] {
                let c = frame.pixmap.color(x: x, y: y)
                XCTAssertLessThan(c.r, 128, "\(mode): (\(x), \(y)) lies outside the rounded corner: \(c)")
            }
            XCTAssertEqual(frame.pixmap.color(x: x0 + 13, y: top), red, "\(mode): content inside")
            if mode == .panel {
                let bottom = Int(card.maxY) - 1
                XCTAssertEqual(card.maxY, 470, "the panel's figures (30...470)")
                for x in [x0, x1] { XCTAssertEqual(frame.pixmap.color(x: x, y: bottom), bg, "panel: bottom corner at x \(x)") }
                XCTAssertEqual(frame.pixmap.color(x: x0 + 13, y: bottom), red)
            }
        }
    }

    // MARK: blur

    /// A frosted drawer at partial (card top at 480 - 264 = 216) over a black background with
    /// a white block above y 240: the card shows the block's edge blurred (σ 20 pt), tinted by
    /// the white card at 0.6. Far from the edge it is black under the tint: 0.6 x 255 = 153;
    /// 10 pt inside the block's edge a Gaussian keeps 69 % of the white: 153 + 0.4 x 176 = 223;
    /// 10 pt outside 31 %: 153 + 0.4 x 79 = 185.
    func testFrostedCardShowsWhatLiesBeneathBlurredAndTinted() throws {
        let m = try measurer()
        var config = BottomDrawerConfig()
        config.initial = .partiallyRevealed
        config.blur = true
        config.shadowOpacity = 0
        XCTAssertEqual(config.blurRadius, 20)
        XCTAssertEqual(config.blurTint, 0.6)
        let d = drawer(config)
        XCTAssertEqual(d.backdropBlur, 20)
        XCTAssertNil(d.movingLayer, "its pixels do not move with it")
        let screen = Screen(env: env, background: .color(.black), backgroundContent: block(.white, height: 240, m),
                            components: [d], events: EventSink())
        let frame = FrameRenderer(widthPx: 800, heightPx: 480)!
        frame.draw(screen)
        let far = frame.pixmap.color(x: 400, y: 470)
        XCTAssertEqual(Double(far.r), 153, accuracy: 1, "\(far)")
        let inside = frame.pixmap.color(x: 400, y: 230), outside = frame.pixmap.color(x: 400, y: 250)
        XCTAssertEqual(Double(inside.r), 223, accuracy: 8, "the white block's blurred edge shows through: \(inside)")
        XCTAssertEqual(Double(outside.r), 185, accuracy: 8, "\(outside)")
        XCTAssertEqual(frame.pixmap.color(x: 400, y: 100), .white, "the background outside the card is sharp")
        // Without blur the card is the plain white card.
        d.config.blur = false
        frame.draw(screen)
        XCTAssertEqual(frame.pixmap.color(x: 400, y: 470), .white)
    }
}
