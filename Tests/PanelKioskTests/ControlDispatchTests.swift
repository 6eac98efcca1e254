import PanelRenderer
import DrawerRuntime
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// A control-socket command does what the same `do` line of a touch script does.
final class ControlDispatchTests: XCTestCase {
    func screen() throws -> Screen { try Self.showcase() }

    static func showcase() throws -> Screen { try built().screen }

    static func built(path: String = "examples/showcase.toml") throws -> SceneBuilder.Built {
        let app = try AppConfig.load(path: CLI.root + "/" + path)
        return try SceneBuilder.build(app: app, geometry: FrameGeometry(widthPx: 800, heightPx: 480, scale: 1,
                                                                          board: .offscreenDefault))
    }

    func testCommandsDriveComponents() throws {
        let b = try Self.built(), s = b.screen, live = b.live
        try ControlDispatch.perform(.setDrawerPosition(target: "drawer", position: .open, animated: false), on: s, live: live, at: .zero)
        try ControlDispatch.perform(.open(target: "menu", side: .left, animated: false), on: s, live: live, at: .zero)
        try ControlDispatch.perform(.setPopupItem(target: "player", title: "Tidal Clock", subtitle: nil, progress: 0.5),
                                    on: s, live: live, at: .zero)
        s.advance(to: .seconds(3))
        let state = s.state(timeMS: 3000)
        XCTAssertEqual(state["components"]?["drawer"]?["position"], "open")
        XCTAssertEqual(state["components"]?["menu"]?["pane_state"], "open")
        XCTAssertEqual(state["components"]?["player"]?["title"], "Tidal Clock")
        XCTAssertEqual(state["components"]?["player"]?["progress"], 0.5)
    }

    /// `close` dismisses a swipe-to-dismiss card and `open` presents it again (the demo's window
    /// tour sends them; they were refused as "not a Popup").
    func testCloseAndOpenDriveASwipeToDismissCard() throws {
        let app = try AppConfig.load(path: CLI.root + "/examples/tour-ticket.toml")
        let b = try SceneBuilder.build(app: app, geometry: FrameGeometry(widthPx: 800, heightPx: 480, scale: 1,
                                                                        board: .offscreenDefault))
        let s = b.screen
        XCTAssertEqual(s.state(timeMS: 0)["components"]?["ticket"]?["presented"], .bool(true))
        try ControlDispatch.perform(.close(target: "ticket", animated: true), on: s, live: b.live, at: .zero)
        s.advance(to: .seconds(3))
        XCTAssertEqual(s.state(timeMS: 3000)["components"]?["ticket"]?["presented"], .bool(false))
        try ControlDispatch.perform(.open(target: "ticket", side: nil, animated: true), on: s, live: b.live, at: .seconds(3))
        s.advance(to: .seconds(6))
        XCTAssertEqual(s.state(timeMS: 6000)["components"]?["ticket"]?["presented"], .bool(true))
    }

    /// `open` with no side opens a side drawer that has one (the socket's `side` is optional,
    /// and Home Assistant's select sends none); a script may leave it out too.
    func testOpenWithoutASideOpensTheOnlyDrawer() throws {
        let b = try Self.built(path: "examples/tour-settings.toml"), s = b.screen
        try ControlDispatch.perform(.open(target: "menu", side: nil, animated: true), on: s, live: b.live, at: .zero)
        s.advance(to: .seconds(2))
        XCTAssertEqual(s.state(timeMS: 2000)["components"]?["menu"]?["pane_state"], "open")
        XCTAssertEqual(s.state(timeMS: 2000)["components"]?["menu"]?["direction"], "left")
        try s.perform(target: "menu", action: "close", arguments: ["instant"], at: .seconds(2))
        try s.perform(target: "menu", action: "open", arguments: ["instant"], at: .seconds(2))
        XCTAssertEqual(s.state(timeMS: 2000)["components"]?["menu"]?["pane_state"], "open", "do menu open instant")
        XCTAssertThrowsError(try s.perform(target: "menu", action: "open", arguments: ["right"], at: .seconds(2))) {
            XCTAssertTrue("\($0)".contains("has no right drawer"), "\($0)")
        }
        XCTAssertThrowsError(try s.perform(target: "menu", action: "open", arguments: ["lfet"], at: .seconds(2))) {
            XCTAssertTrue("\($0)".contains("open takes a direction: left, not 'lfet'"), "\($0)")
        }
    }

    /// `"animated": false` on a swipe-to-dismiss card's `close` and `open` jumps, as on every
    /// other component: it was dropped, and the card slid while the reply said ok.
    func testCardCloseAndOpenHonourAnimatedFalse() throws {
        let b = try Self.built(path: "examples/tour-ticket.toml"), s = b.screen
        var statuses: [(ms: Double, status: String)] = []
        s.events.addListener { e in
            if e.target == "ticket", case .string(let st)? = e.fields.first(where: { $0.0 == "status" })?.1 {
                statuses.append((e.timeMS, st))
            }
        }
        try ControlDispatch.perform(.close(target: "ticket", animated: false), on: s, live: b.live, at: .milliseconds(100))
        var ticket = s.state(timeMS: 100)["components"]?["ticket"]
        XCTAssertEqual(ticket?["presented"], .bool(false))
        XCTAssertEqual(statuses.map(\.status), ["initiated", "completed"])
        XCTAssertEqual(statuses.map(\.ms), [100, 100])
        XCTAssertFalse(s.needsFrames, "nothing left to animate")
        try ControlDispatch.perform(.open(target: "ticket", side: nil, animated: false), on: s, live: b.live, at: .milliseconds(200))
        ticket = s.state(timeMS: 200)["components"]?["ticket"]
        XCTAssertEqual(ticket?["presented"], .bool(true))
        XCTAssertEqual(ticket?["offset_pt"], 0)
        XCTAssertFalse(s.needsFrames)
        // Animated, it still slides: the offset is between its ends a frame later.
        try ControlDispatch.perform(.close(target: "ticket", animated: true), on: s, live: b.live, at: .milliseconds(300))
        s.advance(to: .milliseconds(350))
        guard case .number(let offset)? = s.state(timeMS: 350)["components"]?["ticket"]?["offset_pt"] else { return XCTFail("no offset") }
        XCTAssertGreaterThan(offset, 0)
        XCTAssertTrue(s.needsFrames)
        // Hidden at once while it slides: `completed` once, no second `initiated`.
        try s.perform(target: "ticket", action: "dismiss", arguments: ["instant"], at: .milliseconds(360))
        XCTAssertEqual(statuses.map(\.status), ["initiated", "completed", "initiated", "completed"])
        XCTAssertEqual(s.state(timeMS: 360)["components"]?["ticket"]?["presented"], .bool(false))
    }

    /// Every option of every Home Assistant select is a command the component carries out,
    /// ending in the state the option names. The side drawer's "open" was refused for ever
    /// ("open takes a direction"), and nothing had tried it.
    func testEveryHomeAssistantSelectOptionIsCarriedOut() throws {
        var tried = 0
        for path in ["examples/showcase.toml", "examples/tour-settings.toml", "examples/menu.toml", "examples/sheet.toml",
                     "examples/player.toml", "examples/drawer.toml", "examples/lobby.toml"] {
            let b = try Self.built(path: path), s = b.screen
            var t = 0.0
            for c in s.components {
                let info = HADiscovery.ComponentInfo(component: c)
                guard let select = HADiscovery.select(for: info) else { continue }
                for option in select.options {
                    let state = { s.state(timeMS: t * 1000)["components"]?[c.id] }
                    let popupState: String? = if case .string(let p)? = state()?["state"] { p } else { nil }
                    guard let command = HADiscovery.command(for: info, option: option, currentPopupState: popupState) else {
                        XCTFail("\(path): \(c.id): option '\(option)' has no command"); continue
                    }
                    do { try ControlDispatch.perform(command, on: s, live: b.live, at: .seconds(t)) } catch {
                        XCTFail("\(path): \(c.id): option '\(option)' refused: \(error)"); continue
                    }
                    // Frame by frame, as the loop ticks: a side switch is a close, then an open.
                    for _ in 0..<180 { t += 1.0 / 60; s.advance(to: .seconds(t)) }
                    let now = state()
                    switch c.kind {
                    case .bottomDrawer: XCTAssertEqual(now?["position"], .string(option), "\(path): \(c.id)")
                    case .sheet: XCTAssertEqual(now?["anchor_index"], .number(Double(option) ?? -1), "\(path): \(c.id)")
                    case .popup: XCTAssertEqual(now?["state"], .string(option), "\(path): \(c.id)")
                    case .sideDrawer:
                        XCTAssertEqual(now?["pane_state"], .string(option == "closed" ? "closed" : "open"), "\(path): \(c.id) \(option)")
                        if option.hasPrefix("open ") { XCTAssertEqual(now?["direction"], .string(String(option.dropFirst(5)))) }
                    case .swipeDismiss: XCTFail("\(path): \(c.kind) has a select")
                    }
                    tried += 1
                }
            }
        }
        XCTAssertGreaterThan(tried, 20)
    }

    func testUnknownTargetAndBadArgumentsAreErrorsNotCrashes() throws {
        let b = try Self.built(), s = b.screen, live = b.live
        XCTAssertThrowsError(try ControlDispatch.perform(.pop(target: "nope", animated: true), on: s, live: live, at: .zero)) {
            XCTAssertTrue(($0 as? ActionError)?.message.hasPrefix("no component 'nope'") ?? false, "\($0)")
        }
        XCTAssertThrowsError(try ControlDispatch.perform(.snapSheet(target: "sheet", anchor: 9, animated: true), on: s, live: live, at: .zero))
        XCTAssertThrowsError(try ControlDispatch.perform(.push(target: "drawer", page: "x", animated: true), on: s, live: live, at: .zero)) {
            XCTAssertEqual(($0 as? ActionError)?.message, "component 'drawer' is a bottom_drawer, not a Sheet")
        }
        // Drawers on two sides: which one is the program's to say, and the message names the field.
        XCTAssertThrowsError(try ControlDispatch.perform(.open(target: "menu", side: nil, animated: true), on: s, live: live, at: .zero)) {
            let m = ($0 as? ActionError)?.message ?? ""
            XCTAssertTrue(m.hasPrefix("open needs a side: side drawer 'menu' has drawers on left and right"), m)
            XCTAssertTrue(m.contains("\"side\": \"left\""), m)
        }
    }
}

/// Escape / Back closes the top-most open thing, one per press.
final class BackNavigationTests: XCTestCase {
    func testBackUndoesTopMostFirst() throws {
        let s = try ControlDispatchTests.showcase()
        try s.perform(target: "menu", action: "open", arguments: ["left", "instant"], at: .zero)
        try s.perform(target: "drawer", action: "set_position", arguments: ["open", "instant"], at: .zero)
        try s.perform(target: "sheet", action: "push", arguments: ["details"], at: .zero)
        try s.perform(target: "player", action: "open", arguments: [], at: .zero)
        s.advance(to: .seconds(2))
        var handled: [String] = []
        var t = 2.0
        while let id = s.back(at: .seconds(t)) {
            handled.append(id)
            t += 2
            s.advance(to: .seconds(t))
            if handled.count > 10 { break }
        }
        // Z-order from the top: the open popup closes, the sheet pops its page (it already
        // rests at its lowest anchor), the open drawer drops to partial, the menu closes.
        XCTAssertEqual(handled, ["player", "sheet", "drawer", "menu"])
        XCTAssertNil(s.back(at: .seconds(t)), "nothing open: Back does nothing")
        let state = s.state(timeMS: t * 1000)
        XCTAssertEqual(state["components"]?["menu"]?["pane_state"], "closed")
        XCTAssertEqual(state["components"]?["player"]?["state"], "barPresented")
        XCTAssertEqual(state["components"]?["sheet"]?["stack_depth"], 1)
    }
}

/// Background content lays out above a collapsed sheet (sheets' safe-area inset).
final class BackgroundInsetTests: XCTestCase {
    func testCollapsedSheetInsetsTheBackgroundContent() throws {
        let app = try AppConfig.load(path: CLI.root + "/examples/lobby.toml")
        let screen = try SceneBuilder.build(app: app, geometry: FrameGeometry(widthPx: 800, heightPx: 480, scale: 1,
                                                                               board: .offscreenDefault)).screen
        XCTAssertEqual(screen.backgroundContentSize, Size(800, 480 - 44))
        try screen.perform(target: "notices", action: "snap", arguments: ["0"], at: .zero)
        screen.advance(to: .seconds(3))
        XCTAssertEqual(screen.backgroundContentSize, Size(800, 480 - 44), "the inset follows the resting (collapsed) anchor, not the card")
    }
}

/// A flick carries its speed into the settle (B18); the overshoot past the tallest stop is
/// bounded by the room above it, so the drawer's top edge never leaves the screen.
final class FlickOvershootTests: XCTestCase {
    /// The highest visible height a flick at `speed` (pt/s, up) from partial reaches.
    private func peak(_ speed: Double) throws -> Double {
        let app = try AppConfig.load(path: CLI.root + "/examples/drawer.toml")
        let screen = try SceneBuilder.build(app: app, geometry: FrameGeometry(widthPx: 800, heightPx: 480, scale: 1,
                                                                               board: .offscreenDefault)).screen
        func height() -> Double {
            if case .number(let n)? = screen.state(timeMS: 0)["components"]?["drawer"]?["visible_height_pt"] { return n }
            return -1
        }
        var y = 300.0, t = 0.0
        screen.handle(TouchEvent(id: 1, phase: .down, location: Point(400, y), time: .milliseconds(t)))
        for _ in 1...6 {
            t += 8; y -= speed * 0.008
            screen.advance(to: .milliseconds(t))
            screen.handle(TouchEvent(id: 1, phase: .move, location: Point(400, y), time: .milliseconds(t)))
        }
        screen.handle(TouchEvent(id: 1, phase: .up, location: Point(400, y), time: .milliseconds(t)))
        var top = height()
        for _ in 0..<120 { t += 1000.0 / 60; screen.advance(to: .milliseconds(t)); top = max(top, height()) }
        XCTAssertEqual(height(), 460, "at rest, open")
        return top
    }

    func testAFastFlickNeverTakesTheTopEdgeOffTheScreen() throws {
        // A user's review: 3000-5000 pt/s took it to 493-565 pt on a 480 pt screen.
        for speed in [3000.0, 5000, 8000] {
            let p = try peak(speed)
            XCTAssertLessThan(p, 480, "\(speed) pt/s")
            XCTAssertGreaterThan(p, 470, "\(speed) pt/s: still a visible overshoot")
        }
        // A gentle one (4 pt past open with UIKit's spring fitted into 0.3 s; 7 pt when the
        // duration was read as the response) shows as it was.
        XCTAssertEqual(try peak(2000), 464.1, accuracy: 0.1)
    }

    /// The sheet the same: a 3000 pt/s flick from its middle anchor put its top edge 30 pt
    /// above the screen.
    func testAFastFlickKeepsTheSheetOnTheScreen() throws {
        let app = try AppConfig.load(path: CLI.root + "/examples/sheet.toml")
        let screen = try SceneBuilder.build(app: app, geometry: FrameGeometry(widthPx: 800, heightPx: 480, scale: 1,
                                                                               board: .offscreenDefault)).screen
        func origin() -> Double {
            if case .number(let n)? = screen.state(timeMS: 0)["components"]?["sheet"]?["origin_pt"] { return n }
            return .nan
        }
        try screen.perform(target: "sheet", action: "snap", arguments: ["1", "instant"], at: .zero)
        var y = 300.0, t = 100.0, highest = origin()
        screen.handle(TouchEvent(id: 1, phase: .down, location: Point(400, y), time: .milliseconds(t)))
        for _ in 1...6 {
            t += 8; y -= 3000 * 0.008
            screen.advance(to: .milliseconds(t))
            screen.handle(TouchEvent(id: 1, phase: .move, location: Point(400, y), time: .milliseconds(t)))
        }
        screen.handle(TouchEvent(id: 1, phase: .up, location: Point(400, y), time: .milliseconds(t)))
        for _ in 0..<120 { t += 1000.0 / 60; screen.advance(to: .milliseconds(t)); highest = min(highest, origin()) }
        XCTAssertEqual(origin(), 20, "at rest on the top anchor")
        XCTAssertGreaterThan(highest, 0, "the top edge stayed on the screen")
        XCTAssertLessThan(highest, 15, "still a visible overshoot")
    }
}

/// Public screens: the first finger owns the gesture; a second hand neither jumps nor
/// cancels it, and a cancelled touch leaves every component at rest in a legal place.
final class MultiTouchTests: XCTestCase {
    func testSecondFingerIsIgnoredAndCancelSettles() throws {
        let app = try AppConfig.load(path: CLI.root + "/examples/drawer.toml")
        let screen = try SceneBuilder.build(app: app, geometry: FrameGeometry(widthPx: 800, heightPx: 480, scale: 1,
                                                                               board: .offscreenDefault)).screen
        func touch(_ id: Int, _ phase: TouchEvent.Phase, _ x: Double, _ y: Double, _ ms: Int) {
            screen.handle(TouchEvent(id: id, phase: phase, location: Point(x, y), time: .milliseconds(ms)))
        }
        touch(1, .down, 400, 300, 0)
        touch(1, .move, 400, 280, 16)
        touch(1, .move, 400, 260, 33)
        let height = { (screen.state(timeMS: 0)["components"]?["drawer"]?["visible_height_pt"]).flatMap { v -> Double? in
            if case .number(let n) = v { return n } else { return nil } } ?? -1 }
        XCTAssertEqual(height(), 264 + 40)
        touch(2, .down, 100, 50, 40)          // a palm on the map
        touch(2, .move, 100, 400, 50)
        touch(2, .up, 100, 400, 60)
        XCTAssertEqual(height(), 264 + 40, "the second finger moved nothing")
        touch(1, .move, 400, 250, 66)
        XCTAssertEqual(height(), 264 + 50, "the first finger still drives")
        touch(1, .cancel, 400, 250, 80)       // the device cancelled the touch
        screen.advance(to: .seconds(3))
        XCTAssertFalse(screen.needsFrames)
        let position = screen.state(timeMS: 0)["components"]?["drawer"]?["position"]
        XCTAssertTrue(position == "partiallyRevealed" || position == "open", "\(String(describing: position))")
        XCTAssertTrue([264.0, 460.0].contains(height()), "at a stop: \(height())")
    }
}
