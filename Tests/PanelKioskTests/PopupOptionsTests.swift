import DrawerRuntime
import Foundation
import PanelRenderer
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// The popup bar's LNPopupController options through every surface: the app file (with
/// `file:line:col` errors), the control socket, touch scripts, and the pixels they give
/// (800 x 480 at scale 1: pixels are points; the floating bar's frame is y 416 ... 480, its
/// card x 30 ... 770, y 420 ... 476).
final class PopupOptionsTests: XCTestCase {
    /// A popup app: the bar presented over `background`, with `keys` added to the component.
    static func app(keys: String = "", background: String = ##"color = "#FFFFFF""##, content: String = "") -> String {
        """
        name = "Popup options"
        appearance = "light"
        [background]
        \(background)
        \(content)
        [[component]]
        id = "player"
        kind = "popup"
        initial = "barPresented"
        title = "Harbour Lights"
        subtitle = "The Night Ferries"
        buttons = ["play", "next"]
        \(keys)
        """
    }

    /// Background content: a label pushed to the bottom edge of the content's area.
    static let bottomLabel = """
        [background.content]
        kind = "stack"
        items = [
          { kind = "spacer" },
          { kind = "label", text = "BOTTOM EDGE LABEL", size = 20, bold = true, color = "#FF00FF" },
        ]
        """

    /// Background content taller than the screen: a list that scrolls.
    static let longList = """
        [background.content]
        kind = "list"
        rows = [\((1...30).map { "{ title = \"Row \($0)\" }" }.joined(separator: ", "))]
        """

    func run(_ toml: String, _ script: String = "") throws -> (frame: Pixmap, runtime: KioskRuntime) {
        let dir = CLI.tempDir()
        try toml.write(toFile: dir + "/app.toml", atomically: true, encoding: .utf8)
        let outcome = try OffscreenRun().run(app: try AppConfig.load(path: dir + "/app.toml"),
                                             geometry: FrameGeometry(widthPx: 800, heightPx: 480, scale: 1, board: .offscreenDefault),
                                             script: try TouchScript.parse(script, name: "s"), into: dir + "/out")
        return (outcome.runtime.frame.pixmap, outcome.runtime)
    }

    func popup(_ runtime: KioskRuntime) throws -> Popup { try XCTUnwrap(runtime.screen.component("player") as? Popup) }

    /// The label's magenta ink in rows `ys` (nothing else on these screens is magenta).
    func ink(_ p: Pixmap, rows ys: Range<Int>) -> Int {
        var n = 0
        for y in ys { for x in 0..<p.width where isInk(p.color(x: x, y: y)) { n += 1 } }
        return n
    }
    func isInk(_ c: Color) -> Bool { c.r > 200 && c.b > 200 && c.g < 120 }
    /// The lowest row holding the label's ink.
    func lowestInkRow(_ p: Pixmap) -> Int? {
        (0..<p.height).last { y in (0..<p.width).contains { isInk(p.color(x: $0, y: y)) } }
    }

    // MARK: 1. The safe area kept for the bar

    func testTheBackgroundLaysOutAboveThePresentedBarAndComesBackAfterDismiss() throws {
        // Presented: the label's ink sits above the bar's top (416), none is under the card.
        let presented = try run(Self.app(content: Self.bottomLabel))
        XCTAssertEqual(presented.runtime.screen.backgroundContentSize, Size(800, 416))
        XCTAssertGreaterThan(ink(presented.frame, rows: 370..<416), 100, "the label is visible, above the bar")
        let above = try XCTUnwrap(lowestInkRow(presented.frame))
        XCTAssertLessThan(above, 416, "all of it above the bar's top")
        // Dismissed: at rest the label is back at the screen's bottom edge.
        let dismissed = try run(Self.app(content: Self.bottomLabel), "0 do player dismiss_bar")
        XCTAssertEqual(try popup(dismissed.runtime).popupState, .hidden)
        XCTAssertEqual(dismissed.runtime.screen.backgroundContentSize, Size(800, 480))
        XCTAssertEqual(ink(dismissed.frame, rows: 370..<416), 0, "the label left its place above the bar")
        XCTAssertGreaterThan(ink(dismissed.frame, rows: 430..<470), 100, "the layout is back: the label at the bottom")
        let bottom = try XCTUnwrap(lowestInkRow(dismissed.frame))
        XCTAssertEqual(bottom - above, 64, accuracy: 1, "moved by the bar's height")
        // Mid-slide the layout is between the two (it moves with the bar).
        let dir = CLI.tempDir()
        try Self.app(content: Self.bottomLabel).write(toFile: dir + "/app.toml", atomically: true, encoding: .utf8)
        var r = OffscreenRun()
        r.captureTimesMS = [100]
        _ = try r.run(app: try AppConfig.load(path: dir + "/app.toml"),
                      geometry: FrameGeometry(widthPx: 800, heightPx: 480, scale: 1, board: .offscreenDefault),
                      script: try TouchScript.parse("0 do player dismiss_bar", name: "s"), into: dir + "/out")
        let mid = try XCTUnwrap(lowestInkRow(try PNGCodec.decode(path: dir + "/out/frame-000100.png")))
        XCTAssertGreaterThan(mid, above + 2, "100 ms into the dismissal the label is on its way down with the bar")
        XCTAssertLessThan(mid, bottom - 2)
    }

    // MARK: 4. Unanimated calls from the socket and the script

    func testAnimatedFalseFromTheSocketJumps() throws {
        let b = try ControlDispatchTests.built(path: "examples/player.toml")
        try ControlDispatch.perform(.open(target: "player", side: nil, animated: false), on: b.screen, live: b.live, at: .zero)
        let p = try XCTUnwrap(b.screen.component("player") as? Popup)
        XCTAssertEqual(p.popupState, .open, "at once, before any frame")
        XCTAssertFalse(p.needsFrames)
        try ControlDispatch.perform(.dismissBar(target: "player", animated: false), on: b.screen, live: b.live, at: .milliseconds(5))
        XCTAssertEqual(p.popupState, .hidden)
        try ControlDispatch.perform(.presentBar(target: "player", animated: false), on: b.screen, live: b.live, at: .milliseconds(6))
        XCTAssertEqual(p.popupState, .barPresented)
        try ControlDispatch.perform(.close(target: "player", animated: false), on: b.screen, live: b.live, at: .milliseconds(7))
        XCTAssertEqual(b.screen.events.events.map(\.name),
                       ["popup_will_open", "popup_did_open", "popup_will_close", "popup_did_close", "bar_dismissed", "bar_presented"])
        // The touch script: `instant`, and no frame between the call and the state.
        let out = try run(Self.app(), "0 do player open instant")
        XCTAssertEqual(try popup(out.runtime).popupState, .open)
        XCTAssertEqual(out.frame.color(x: 790, y: 5), Color(rgb: 0xFFFFFF), "the open page fills the screen")
    }

    // MARK: 5. Playing, appearance: app file, socket, pixels

    func testAppFileKeys() throws {
        let out = try run(Self.app(keys: """
            playing = true
            minimize_on_scroll = true
            [component.appearance]
            title_size = 17
            title_weight = "regular"
            title_color = "#00C000"
            subtitle_size = 11
            subtitle_weight = "bold"
            subtitle_color = "#C00000"
            background = "#FF0000"
            shadow_color = "#0000FFFF"
            shadow_blur = 8
            shadow_offset = [0, 0]
            frosted = false
            """))
        let p = try popup(out.runtime)
        XCTAssertTrue(p.playing)
        XCTAssertTrue(p.config.minimizeOnScroll)
        XCTAssertEqual(p.config.closeButtonStyle, .grabber, "not given: the reference's default")
        XCTAssertEqual(p.config.titleFont.size, 17)
        XCTAssertFalse(p.config.titleFont.bold)
        XCTAssertEqual(p.config.subtitleFont.size, 11)
        XCTAssertTrue(p.config.subtitleFont.bold)
        let a = p.config.appearance
        XCTAssertEqual(a.titleColor, Color(rgb: 0x00C000))
        XCTAssertEqual(a.subtitleColor, Color(rgb: 0xC00000))
        XCTAssertEqual(a.backgroundColor, Color(rgb: 0xFF0000))
        XCTAssertEqual(a.shadow, PopupBarShadow(color: Color(rgb: 0x0000FF), blur: 8, offset: Point(0, 0)))
        XCTAssertEqual(a.frosted, false)
        // Pixels: the card is the appearance's red, the shadow blue beside it, the title green.
        let f = out.frame
        XCTAssertEqual(f.color(x: 400, y: 425), Color(rgb: 0xFF0000), "background")
        let beside = f.color(x: 27, y: 448)
        XCTAssertGreaterThan(Int(beside.b), Int(beside.r) + 20, "a blue shadow just left of the card: \(beside)")
        var green = 0, red = 0
        for y in 420..<476 { for x in 90..<600 {
            let c = f.color(x: x, y: y)
            if c.g > 100 && c.r < 150 { green += 1 }
            if c == Color(rgb: 0xFF0000) { red += 1 }
        } }
        XCTAssertGreaterThan(green, 30, "the title in its colour")
        XCTAssertGreaterThan(red, 1000)
    }

    func testAFrostedBarLetsTheBackgroundShowThrough() throws {
        let solid = try run(Self.app(keys: "[component.appearance]\nbackground = \"#FFFFFF\"", background: ##"color = "#0000FF""##))
        let frosted = try run(Self.app(keys: "[component.appearance]\nbackground = \"#FFFFFF\"\nfrosted = true",
                                       background: ##"color = "#0000FF""##))
        XCTAssertEqual(solid.frame.color(x: 400, y: 425), Color(rgb: 0xFFFFFF))
        let c = frosted.frame.color(x: 400, y: 425)
        // 78 % white over blue: r = g ≈ 0.78 × 255 = 199, b = 255.
        XCTAssertEqual(Double(c.r), 199, accuracy: 2, "\(c)")
        XCTAssertEqual(Double(c.g), 199, accuracy: 2)
        XCTAssertGreaterThan(Int(c.b), Int(c.r) + 40, "tinted by what lies beneath")
    }

    /// The frosted bar blurs what lies beneath (LN's blur effect, PB30): over a background
    /// picture half red, half blue, split at x 400, the bar's pixels at the split mix the two,
    /// while far from it they are a plain translucent fill over one colour.
    func testAFrostedBarBlursWhatLiesBeneath() throws {
        let dir = CLI.tempDir()
        let split = try XCTUnwrap(Pixmap(width: 800, height: 480))
        for y in 0..<480 { for x in 0..<800 { split[x, y] = x < 400 ? 0xFFFF_0000 : 0xFF00_00FF } }
        try PNGCodec.encode(split.view, to: dir + "/split.png")
        let keys = "[component.appearance]\nbackground = \"#FFFFFF\"\nfrosted = true"
        let frosted = try run(Self.app(keys: keys, background: "image = \"\(dir)/split.png\""))
        // Far from the split: 78 % white over pure red (r 255, g = b ≈ 199).
        let left = frosted.frame.color(x: 250, y: 425)
        XCTAssertEqual(Double(left.g), 199, accuracy: 3, "\(left)")
        XCTAssertEqual(Double(left.r), 255, accuracy: 3, "\(left)")
        // At the split: the blur brought blue in and took red out (a plain fill over the
        // picture's left half kept r 255, b 199).
        let edge = frosted.frame.color(x: 400, y: 425)
        XCTAssertGreaterThan(Double(edge.b), 199 + 0.22 * 255 * 0.3, "blue blurred in from the right: \(edge)")
        XCTAssertLessThan(Double(edge.r), 255 - 0.22 * 255 * 0.3, "red blurred out: \(edge)")
    }

    func testBadAppearanceValuesNameTheirPlace() {
        let path = CLI.tempDir() + "/app.toml"
        try? Self.app(keys: """
            playing = "yes"
            [component.appearance]
            title_size = 90
            title_weight = "heavy"
            background = "red"
            shadow_offset = [0, 500]
            blur = true
            """).write(toFile: path, atomically: true, encoding: .utf8)
        let diags = Check.validate(path).map { $0.description.replacingOccurrences(of: path, with: "app.toml") }
        XCTAssertEqual(diags, [
            "app.toml:13:1: 'playing' must be true or false, found a string",
            "app.toml:15:1: 'title_size' = 90 is out of range 6...40",
            "app.toml:16:1: 'title_weight' = 'heavy' is not one of 'regular', 'medium', 'semibold', 'bold'",
            "app.toml:17:1: 'background' must be a colour like \"#RRGGBB\" or \"#RRGGBBAA\"",
            "app.toml:18:1: 'shadow_offset' takes [x, y] in points, each -100 to 100",
            "app.toml:19:1: unknown key 'blur' in component 'player'.appearance",
        ])
    }

    func testThePlayButtonFollowsPlayingAndATapRepaintsItAtOnce() throws {
        // The first button's centre: buttons x 682 ... 762 (two of 40 pt, 8 pt from the card's
        // end), centre (702, 448). ▶ fills its centre; ❚❚ leaves a gap there.
        let card = Color(rgb: 0xF9F9FB), ink = Color(rgb: 0x000000)
        let paused = try run(Self.app())
        XCTAssertNotEqual(paused.frame.color(x: 702, y: 448), card, "▶ while paused")
        let playing = try run(Self.app(), "0 do player set_playing true")
        XCTAssertEqual(playing.frame.color(x: 702, y: 448), card, "❚❚: the gap between its bars")
        XCTAssertNotEqual(playing.frame.color(x: 697, y: 448), card, "its left bar")
        XCTAssertNotEqual(ink, card)
        // Tapped while playing: pauses, reports "pause", and the next frame shows ▶.
        let tapped = try run(Self.app(keys: "playing = true"), "100 down 1 702 448\n150 up 1")
        XCTAssertFalse(try popup(tapped.runtime).playing)
        XCTAssertNotEqual(tapped.frame.color(x: 702, y: 448), card, "▶ again")
        let action = try XCTUnwrap(tapped.runtime.screen.events.events.last { $0.name == "action" })
        XCTAssertEqual(action.field("id"), .string("pause"))
    }

    func testSocketCommandsForTheNewOptions() {
        func parse(_ s: String) -> Result<ControlCommand, ControlCommand.ControlError> { ControlCommand.parse(line: Array(s.utf8)).result }
        XCTAssertEqual(try parse(#"{"cmd":"set_popup_item","target":"player","playing":true}"#).get(),
                       .setPopupItem(target: "player", title: nil, subtitle: nil, progress: nil, playing: true))
        var a = PopupBarAppearance()
        a.titleSize = 17
        a.titleColor = Color(rgb: 0xFFD60A)
        a.shadow = PopupBarShadow(color: PopupBarAppearance.defaultShadow.color, blur: 12, offset: Point(0, 4))
        a.frosted = true
        XCTAssertEqual(try parse(##"{"cmd":"set_popup_appearance","target":"player","title_size":17,"title_color":"#FFD60A","shadow_offset":[0,4],"frosted":true}"##).get(),
                       .setPopupAppearance(target: "player", appearance: a))
        XCTAssertEqual(try parse(#"{"cmd":"minimize_bar","target":"player"}"#).get(), .minimizeBar(target: "player"))
        XCTAssertEqual(try parse(#"{"cmd":"expand_bar","target":"player"}"#).get(), .expandBar(target: "player"))
        for (line, message) in [
            (#"{"cmd":"set_popup_item","target":"player","playing":"yes"}"#, "\"playing\" must be true or false"),
            (#"{"cmd":"set_popup_appearance","target":"player","title_size":90}"#, "title_size is '90.0'; it takes a number from 6 to 40"),
            (#"{"cmd":"set_popup_appearance","target":"player"}"#, "\"set_popup_appearance\" needs at least one of " + PopupBarAppearance.keys.map { "\"\($0)\"" }.joined(separator: ", ")),
            (#"{"cmd":"set_popup_appearance","target":"player","blur":true}"#, "unknown field \"blur\" in \"set_popup_appearance\""),
        ] {
            guard case .failure(let e) = parse(line) else { XCTFail(line); continue }
            XCTAssertEqual(e.message, message)
        }
    }

    func testSocketAppearanceAndMinimizeReachThePopup() throws {
        let b = try ControlDispatchTests.built(path: "examples/player.toml")
        var a = PopupBarAppearance()
        a.backgroundColor = Color(rgb: 0x112233)
        try ControlDispatch.perform(.setPopupAppearance(target: "player", appearance: a), on: b.screen, live: b.live, at: .zero)
        try ControlDispatch.perform(.setPopupItem(target: "player", title: nil, subtitle: nil, progress: nil, playing: true),
                                    on: b.screen, live: b.live, at: .zero)
        try ControlDispatch.perform(.minimizeBar(target: "player"), on: b.screen, live: b.live, at: .zero)
        let p = try XCTUnwrap(b.screen.component("player") as? Popup)
        XCTAssertEqual(p.config.appearance.backgroundColor, Color(rgb: 0x112233))
        XCTAssertTrue(p.playing)
        XCTAssertTrue(p.minimized)
        try ControlDispatch.perform(.expandBar(target: "player"), on: b.screen, live: b.live, at: .zero)
        XCTAssertFalse(p.minimized)
    }

    func testTheScriptAndTheSwiftAPISetTheNewOptions() throws {
        let red = Color(rgb: 0xFF0000)
        // A touch script: colours without their '#', which starts a comment there.
        let scripted = try run(Self.app(), "0 do player set_appearance background FF0000 title_size 13\n0 do player set_playing true")
        let p = try popup(scripted.runtime)
        XCTAssertEqual(scripted.frame.color(x: 400, y: 425), red)
        XCTAssertEqual(p.config.titleFont.size, 13)
        XCTAssertTrue(p.playing)
        XCTAssertEqual(scripted.frame.color(x: 702, y: 448), red, "❚❚: the gap between its bars shows the card")
        // The Swift API.
        let kiosk = try Kiosk(app: try AppConfig.parse(toml: Self.app(), path: CLI.tempDir() + "/app.toml"))
        var look = PopupBarAppearance()
        look.backgroundColor = red
        try kiosk.setPopupAppearance("player", look)
        try kiosk.setPopupItem("player", playing: true)
        try kiosk.setPopupBarMinimized("player", true)
        try kiosk.render(into: CLI.tempDir())
        XCTAssertEqual(kiosk.frame.color(x: 400, y: 440), red, "the red pill")
        XCTAssertNotEqual(kiosk.frame.color(x: 120, y: 472), red, "narrower than the card")
        try kiosk.setPopupBarMinimized("player", false)
        try kiosk.open("player", animated: false)
        var huge = PopupBarAppearance()
        huge.titleSize = 400
        XCTAssertThrowsError(try kiosk.setPopupAppearance("player", huge)) { e in
            XCTAssertEqual("\(e)", "set_appearance: a font size is 400.0; it takes 6 to 40 pt")
        }
    }

    // MARK: 6. Minimization

    func testScrollingTheContentUnderTheBarMinimizesIt() throws {
        let drag = (0...8).map { "\($0 * 16) \($0 == 0 ? "down" : "move") 1 400 \(300 - $0 * 20)" }.joined(separator: "\n") + "\n150 up 1"
        let out = try run(Self.app(keys: "minimize_on_scroll = true", content: Self.longList), drag)
        let p = try popup(out.runtime)
        XCTAssertGreaterThan(out.runtime.screen.backgroundScrollOffset, 100, "the list scrolled with the finger")
        XCTAssertTrue(p.minimized)
        XCTAssertEqual(p.minimizeFraction, 1, "at rest in the pill")
        let f = out.frame, card = Color(rgb: 0xF9F9FB)
        XCTAssertEqual(f.color(x: 400, y: 440), card, "the pill: centred on the card's bottom edge (y 436 ... 476)")
        XCTAssertNotEqual(f.color(x: 120, y: 472), card, "narrower than the card")
        XCTAssertNotEqual(f.color(x: 400, y: 428), card, "40 pt tall, not 56")
        // Scrolled back up: the full bar.
        let back = drag + "\n" + (0...8).map { "\(1000 + $0 * 16) \($0 == 0 ? "down" : "move") 1 400 \(100 + $0 * 20)" }.joined(separator: "\n") + "\n1150 up 1"
        let expanded = try run(Self.app(keys: "minimize_on_scroll = true", content: Self.longList), back)
        XCTAssertFalse(try popup(expanded.runtime).minimized)
        XCTAssertEqual(expanded.frame.color(x: 120, y: 472), card, "the full card again")
        // The idle reset brings the content back to its top and the bar back to full.
        out.runtime.screen.resetAll(at: .seconds(20))
        XCTAssertEqual(out.runtime.screen.backgroundScrollOffset, 0)
        XCTAssertFalse(p.minimized)
        // Without the key the bar stays as it is.
        let off = try run(Self.app(content: Self.longList), drag)
        XCTAssertFalse(try popup(off.runtime).minimized)
        XCTAssertEqual(off.frame.color(x: 120, y: 472), card)
    }
}
