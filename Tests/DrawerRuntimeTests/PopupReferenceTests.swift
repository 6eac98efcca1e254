import XCTest
@testable import DrawerRuntime
import PanelRenderer

/// The popup against LNPopupController's own figures: the safe area it keeps, present-and-open
/// in one transition, the unanimated calls, the play/pause state, the bar's appearance and
/// minimization (390 x 844 pt, a floating bar: 64 pt tall, docked at the bottom).
final class PopupReferenceTests: XCTestCase {
    var events = EventSink()
    let env = Environment(size: Size(390, 844))

    func make(_ configure: (inout PopupConfig) -> Void = { _ in }) -> Popup {
        var c = PopupConfig()
        c.initialState = .barPresented
        configure(&c)
        events = EventSink()
        return Popup(id: "player", config: c, content: nil, env: env, events: events)
    }

    /// Frames at 60 Hz from `from` to `to` (ms).
    func run(_ p: Popup, from: Double, to: Double) {
        var t = from
        while t <= to { p.advance(to: .milliseconds(t)); t += 1000 / 60 }
    }

    var names: [String] { events.events.map(\.name) }
    func time(of name: String) -> Double? { events.events.first { $0.name == name }?.timeMS }

    // MARK: 1. The container's safe area grows by the presented bar

    func testThePresentedBarInsetsTheBackgroundAndFollowsTheSlide() throws {
        let p = make { $0.initialState = .hidden }
        XCTAssertEqual(p.backgroundBottomInset, 0, "hidden: nothing kept covered")
        try p.apply(.presentBar(), at: .zero)
        run(p, from: 0, to: 100)
        let sliding = p.backgroundBottomInset
        XCTAssertGreaterThan(sliding, 0)
        XCTAssertLessThan(sliding, 64, "mid-slide: the layout moves with the bar")
        run(p, from: 100, to: 2000)
        XCTAssertEqual(p.popupState, .barPresented)
        XCTAssertEqual(p.backgroundBottomInset, 64, "the bar's height (its frame: 58 + 6, the card's 4 pt insets included)")
        try p.apply(.open(), at: .seconds(2))
        run(p, from: 2000, to: 4000)
        XCTAssertEqual(p.popupState, .open)
        XCTAssertEqual(p.backgroundBottomInset, 64, "opening the popup keeps it: the bar is still presented")
        try p.apply(.dismissBar(), at: .seconds(4))
        run(p, from: 4000, to: 8000)
        XCTAssertEqual(p.popupState, .hidden)
        XCTAssertEqual(p.backgroundBottomInset, 0, "back at rest after the dismissal")
    }

    func testTheInsetCountsTheBottomSafeArea() {
        var c = PopupConfig()
        c.initialState = .barPresented
        let p = Popup(id: "p", config: c, content: nil, env: Environment(size: Size(390, 844), safeArea: EdgeInsets(top: 0, left: 0, bottom: 34, right: 0)),
                      events: events)
        XCTAssertEqual(p.backgroundBottomInset, 64 + 34, "the bar docks above the safe area, which stays covered too")
    }

    // MARK: 2. Present and open in one animation

    func testOpenOnAHiddenBarIsOneTransition() throws {
        // The time a programmatic open from the bar takes: the reference's 0.5 s.
        let q = make()
        try q.apply(.open(), at: .zero)
        run(q, from: 0, to: 3000)
        let openFromBar = try XCTUnwrap(time(of: "popup_did_open"))

        let p = make { $0.initialState = .hidden }
        try p.apply(.open(), at: .zero)
        XCTAssertEqual(names, ["popup_will_open"], "will-open at once, before anything moves")
        p.advance(to: .milliseconds(100))
        XCTAssertGreaterThan(p.percent, 0, "the popup opens from the first frame, not after the bar's slide")
        XCTAssertGreaterThan(p.hiddenShift, 0, "while the bar is still coming in")
        XCTAssertLessThan(p.barFrame.minY, 844)
        run(p, from: 100, to: 3000)
        XCTAssertEqual(p.popupState, .open)
        XCTAssertEqual(names, ["popup_will_open", "bar_presented", "popup_did_open"])
        let didOpen = try XCTUnwrap(time(of: "popup_did_open"))
        XCTAssertEqual(time(of: "bar_presented"), didOpen, "both of the reference's animators end together")
        XCTAssertEqual(didOpen, openFromBar, accuracy: 1000 / 60 + 0.01, "one transition, as long as an open from the bar")
        XCTAssertEqual(didOpen, 500, accuracy: 1000 / 60 + 0.01, "LNPopupBarTransitionDuration, 0.5 s")
        XCTAssertEqual(p.hiddenShift, 0)
        XCTAssertEqual(p.percent, 1)
    }

    // MARK: 3. The default close button

    func testTheDefaultCloseButtonIsTheGrabber() {
        XCTAssertEqual(PopupConfig().closeButtonStyle, .grabber, "LNPopupController's pre-glass default since iOS 17")
        let p = make { $0.initialState = .open }
        XCTAssertEqual(p.closeButtonFrame, Rect(195 - 21, 12, 42, 25), "42 x 25, centred, 12 pt below the top")
    }

    // MARK: 4. Unanimated calls

    func testUnanimatedCallsJumpWithTheReferencesEvents() throws {
        let p = make { $0.initialState = .hidden }
        try p.apply(.presentBar(animated: false), at: .milliseconds(10))
        XCTAssertEqual(p.popupState, .barPresented, "at once, no frame needed")
        XCTAssertEqual(p.hiddenShift, 0)
        XCTAssertFalse(p.needsFrames, "no frames of motion")
        XCTAssertEqual(p.backgroundBottomInset, 64)
        try p.apply(.open(animated: false), at: .milliseconds(20))
        XCTAssertEqual(p.popupState, .open)
        XCTAssertEqual(p.percent, 1)
        XCTAssertFalse(p.needsFrames)
        try p.apply(.close(animated: false), at: .milliseconds(30))
        XCTAssertEqual(p.popupState, .barPresented)
        XCTAssertEqual(p.percent, 0)
        try p.apply(.open(animated: false), at: .milliseconds(40))
        try p.apply(.dismissBar(animated: false), at: .milliseconds(50))
        XCTAssertEqual(p.popupState, .hidden, "closed first, then dismissed, both at once")
        XCTAssertEqual(p.hiddenShift, PopupRules(config: p.config, env: env).hiddenShift)
        XCTAssertFalse(p.needsFrames)
        let log = events.events.map { "\(Int($0.timeMS)) \($0.name)" }
        XCTAssertEqual(log, ["10 bar_presented",
                             "20 popup_will_open", "20 popup_did_open",
                             "30 popup_will_close", "30 popup_did_close",
                             "40 popup_will_open", "40 popup_did_open",
                             "50 popup_will_close", "50 popup_did_close", "50 bar_dismissed"])
        // Present and open unanimated: the open completes inside the bar's presentation.
        try p.apply(.open(animated: false), at: .milliseconds(60))
        XCTAssertEqual(p.popupState, .open)
        XCTAssertEqual(Array(names.suffix(3)), ["popup_will_open", "popup_did_open", "bar_presented"])
    }

    func testAnUnanimatedCallWaitsForTheRunningAnimation() throws {
        let p = make()
        try p.apply(.open(), at: .zero)
        try p.apply(.close(animated: false), at: .milliseconds(100))
        XCTAssertEqual(p.popupState, .barPresented, "still opening: the queue runs one operation at a time")
        run(p, from: 100, to: 3000)
        XCTAssertEqual(p.popupState, .barPresented)
        let did = try XCTUnwrap(time(of: "popup_did_open"))
        XCTAssertEqual(Array(events.events.suffix(2)).map(\.timeMS), [did, did], "the jump happens as the open completes")
    }

    func testScriptWordsForInstantCalls() throws {
        let p = make()
        XCTAssertEqual(try p.action(named: "open", ["instant"]), .open(animated: false))
        XCTAssertEqual(try p.action(named: "close", []), .close(animated: true))
        XCTAssertEqual(try p.action(named: "present_bar", ["instant"]), .presentBar(animated: false))
        XCTAssertEqual(try p.action(named: "dismiss_bar", ["instant"]), .dismissBar(animated: false))
        XCTAssertThrowsError(try p.action(named: "open", ["instnat"])) {
            XCTAssertEqual(($0 as? ActionError)?.message,
                           "open: 'instnat' is not a word it takes (did you mean 'instant'?); after its arguments it takes only 'instant'")
        }
    }

    // MARK: 5. Playing state and appearance

    func testPlayingDrivesThePlayPauseGlyphAndATapTogglesIt() throws {
        let p = make { $0.buttons = [.play, .next] }
        XCTAssertFalse(p.playing)
        XCTAssertEqual(p.shownButton(.play), .play, "paused: ▶")
        try p.setItem(playing: true, at: .zero)
        XCTAssertEqual(p.shownButton(.play), .pause, "playing: ❚❚")
        XCTAssertEqual(p.shownButton(.next), .next, "other buttons are what they are")
        XCTAssertEqual(try p.action(named: "set_playing", ["false"]), .setItem(title: nil, subtitle: nil, progress: nil, playing: false))
        XCTAssertThrowsError(try p.action(named: "set_playing", ["yes"]))
        // A tap on the button: reports what it asked for and flips at once.
        let b = p.barLayout(card: p.cardFrame).buttons[0]
        let before = p.state()
        p.advance(to: .milliseconds(100))
        p.handle(TouchEvent(id: 1, phase: .down, location: Point(b.midX, b.midY), time: .milliseconds(100)))
        p.handle(TouchEvent(id: 1, phase: .up, location: Point(b.midX, b.midY), time: .milliseconds(150)))
        XCTAssertFalse(p.playing)
        XCTAssertEqual(events.events.last?.name, "action")
        XCTAssertEqual(events.events.last?.field("id"), .string("pause"), "it showed pause: the tap pauses")
        XCTAssertNotEqual(p.state(), before, "the state changed: the bar repaints in this frame")
        XCTAssertFalse(p.needsFrames, "no animation: one repaint")
    }

    func testAppearanceWordsAndTheirErrors() throws {
        let a = try PopupBarAppearance.parse(words: ["title_size", "17", "title_weight", "regular", "title_color", "#FFD60A",
                                                     "background", "#1C1C1E", "shadow_offset", "0,4", "frosted", "true"])
        XCTAssertEqual(a.titleSize, 17)
        XCTAssertEqual(a.titleWeight, .regular)
        XCTAssertEqual(a.titleColor, Color(rgb: 0xFFD60A))
        XCTAssertEqual(a.backgroundColor, Color(rgb: 0x1C1C1E))
        XCTAssertEqual(a.shadow, PopupBarShadow(color: Color.black.withOpacity(0.17), blur: 12, offset: Point(0, 4)),
                       "one part of the shadow changes; the others keep the reference's")
        XCTAssertEqual(a.frosted, true)
        for (words, message) in [
            (["title_size", "90"], "title_size is '90'; it takes a number from 6 to 40"),
            (["title_colour", "#FFFFFF"], "the bar's appearance has no 'title_colour' (did you mean 'title_color'?); it takes " + PopupBarAppearance.keys.joined(separator: ", ")),
            (["title_weight", "heavy"], "title_weight is 'heavy'; it takes regular, medium, semibold, bold"),
            (["background"], "set_appearance takes key and value pairs, such as 'title_size 17 title_color #FFD60A'"),
            (["background", "red"], "background is 'red'; it takes a colour in hex, RRGGBB or RRGGBBAA (the '#' may be left out)"),
            (["shadow_offset", "4"], "shadow_offset is '4'; it takes x,y in points, such as 0,8 (each -100 to 100)"),
        ] {
            XCTAssertThrowsError(try PopupBarAppearance.parse(words: words)) {
                XCTAssertEqual(($0 as? ActionError)?.message, message)
            }
        }
        // Applied: laid over what was set, fonts measured anew.
        let p = make()
        try p.perform("set_appearance", ["title_size", "17", "title_weight", "regular"], at: .zero)
        XCTAssertEqual(p.config.titleFont.size, 17)
        XCTAssertFalse(p.config.titleFont.bold)
        XCTAssertEqual(p.config.subtitleFont.size, 12.5, "the style's subtitle stays")
        try p.perform("set_appearance", ["subtitle_color", "FF0000"], at: .zero)   // a script writes no '#' 
        XCTAssertEqual(p.config.titleFont.size, 17, "a later call keeps what an earlier one set")
        XCTAssertEqual(p.config.appearance.subtitleColor, Color(rgb: 0xFF0000))
    }

    // MARK: 6. Minimization

    func testMinimizesOnScrollDownAndComesBackOnScrollUpOrATap() throws {
        let p = make { $0.minimizeOnScroll = true }
        let full = p.cardFrame
        p.contentBelowScrolled(by: 30, at: .zero)
        XCTAssertTrue(p.minimized)
        XCTAssertTrue(p.needsFrames)
        XCTAssertEqual(names, ["bar_minimized"])
        run(p, from: 0, to: 2000)
        XCTAssertEqual(p.minimizeFraction, 1)
        XCTAssertFalse(p.needsFrames)
        let pill = p.cardFrame
        XCTAssertEqual(pill.height, 40, "a 40 pt pill")
        XCTAssertEqual(pill.maxY, full.maxY, "on the card's bottom edge")
        XCTAssertEqual(pill.midX, full.midX, accuracy: 1e-9, "centred")
        XCTAssertLessThan(pill.width, full.width * 0.61, "narrower")
        XCTAssertNil(p.buttonIndex(at: Point(full.maxX - 20, full.midY)), "no buttons in the pill")
        p.contentBelowScrolled(by: 10, at: .seconds(2))
        XCTAssertEqual(names, ["bar_minimized"], "further scrolling down changes nothing")
        p.contentBelowScrolled(by: -5, at: .seconds(2))
        XCTAssertFalse(p.minimized)
        run(p, from: 2000, to: 4000)
        XCTAssertEqual(p.cardFrame, full)
        // A tap on the pill brings the bar back instead of opening the popup.
        p.contentBelowScrolled(by: 30, at: .seconds(4))
        run(p, from: 4000, to: 6000)
        let c = p.cardFrame
        p.handle(TouchEvent(id: 1, phase: .down, location: Point(c.midX, c.midY), time: .milliseconds(6000)))
        p.handle(TouchEvent(id: 1, phase: .up, location: Point(c.midX, c.midY), time: .milliseconds(6050)))
        run(p, from: 6050, to: 8000)
        XCTAssertFalse(p.minimized)
        XCTAssertEqual(p.popupState, .barPresented, "the tap did not open the popup")
        XCTAssertEqual(names, ["bar_minimized", "bar_expanded", "bar_minimized", "bar_expanded"])
    }

    func testWithoutTheKeyScrollingLeavesTheBarAlone() {
        let p = make()
        p.contentBelowScrolled(by: 30, at: .zero)
        XCTAssertFalse(p.minimized, "minimize_on_scroll is off by default")
        let open = make { $0.minimizeOnScroll = true; $0.initialState = .open }
        open.contentBelowScrolled(by: 30, at: .zero)
        XCTAssertFalse(open.minimized, "only a presented bar minimizes")
    }
}
