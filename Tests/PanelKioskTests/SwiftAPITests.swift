#if canImport(Glibc)
import Glibc
#endif
import DrawerRuntime
import PanelKiosk   // the public API only: what a package depending on panel-kiosk sees
import PanelRenderer
import XCTest

/// The Swift API (`Kiosk`, apps built in code) against the app file path it must equal.
final class SwiftAPITests: XCTestCase {
    private let toml = """
        name = "Same"
        appearance = "dark"

        [[component]]
        id = "drawer"
        kind = "bottom_drawer"
        positions = ["collapsed", "partiallyRevealed", "open"]
        initial = "partiallyRevealed"

        [component.content]
        kind = "stack"

        [[component.content.items]]
        id = "title"
        kind = "label"
        text = "Departures"
        bold = true

        [[component.content.items]]
        id = "board"
        kind = "list"

        [[component.content.items.rows]]
        title = "08:12  S1  Airport"
        subtitle = "Platform 3"
        """

    private func codeApp() -> AppConfig {
        var app = TestApps.drawerWithBoard(name: "Same")
        app.appearance = "dark"
        return app
    }

    private let swipeUp = "0 down 1 400 300\n16 move 1 400 250\n32 move 1 400 180\n48 move 1 400 100\n64 up 1\n"

    private func tempDir() throws -> String {
        let dir = NSTemporaryDirectory() + "swift-api-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    /// An app built in code draws and moves exactly as the same app read from a file.
    func testAnAppBuiltInCodeRendersAsTheSameAppFile() throws {
        let dir = try tempDir()
        let fromFile = try Kiosk(app: try AppConfig.parse(toml: toml, path: dir + "/same.toml"))
        let fromCode = try Kiosk(app: codeApp())
        var events: [[KioskEvent]] = [[], []]
        fromFile.onEvent { events[0].append($0) }
        fromCode.onEvent { events[1].append($0) }
        let script = try TouchScript.parse(swipeUp, name: "swipe")
        let a = try fromFile.render(script: script, into: dir + "/file")
        let b = try fromCode.render(script: script, into: dir + "/code")
        XCTAssertEqual(a.frames, b.frames)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/file/final.png")),
                       try Data(contentsOf: URL(fileURLWithPath: dir + "/code/final.png")), "the two final frames differ")
        XCTAssertEqual(events[0], events[1])
        XCTAssertEqual(events[1].last, .positionDidChange(drawer: "drawer", position: .open), "\(events[1])")
    }

    /// Content set through the typed calls shows, and a handler's commands act between steps.
    func testTypedContentCallsAndEventHandlers() throws {
        let dir = try tempDir()
        let kiosk = try Kiosk(app: codeApp())
        try kiosk.insertRows("board", at: 0, [ContentSpec.Row(title: "08:09  RE4  Harbour")], animated: false)
        try kiosk.set("title", text: "Now leaving")
        var seen: [KioskEvent] = []
        kiosk.onEvent { event in
            seen.append(event)
            if case .positionDidChange(_, .open) = event { try? kiosk.setPosition("drawer", .collapsed, animated: false) }
        }
        try kiosk.render(script: try TouchScript.parse(swipeUp, name: "swipe"), into: dir)
        // The handler's command runs after the step that reported `open`, in order.
        XCTAssertEqual(seen, [.positionWillChange(drawer: "drawer", from: .partiallyRevealed, to: .open),
                              .positionDidChange(drawer: "drawer", position: .open),
                              .positionWillChange(drawer: "drawer", from: .open, to: .collapsed),
                              .positionDidChange(drawer: "drawer", position: .collapsed)], "\(seen)")
        // A wrong id is an error naming it, and changes nothing.
        XCTAssertThrowsError(try kiosk.set("nowhere", text: "x")) { XCTAssertTrue("\($0)".contains("nowhere"), "\($0)") }
        XCTAssertThrowsError(try kiosk.setPosition("nobody", .open))
    }

    /// A handler removed gets no more events: one removing itself after its first, one
    /// removed by the handler before it within the same event, one removed before any.
    func testEventHandlersCanBeRemoved() throws {
        let kiosk = try Kiosk(app: codeApp())
        var once: [KioskEvent] = [], all: [KioskEvent] = [], victim: [KioskEvent] = [], never: [KioskEvent] = []
        var onceID: Kiosk.EventHandlerID?
        var victimID: Kiosk.EventHandlerID?
        let neverID = kiosk.onEvent { never.append($0) }
        kiosk.removeEventHandler(neverID)
        onceID = kiosk.onEvent { event in
            once.append(event)
            if let id = onceID { kiosk.removeEventHandler(id) }
            if let id = victimID { kiosk.removeEventHandler(id) }
            kiosk.removeEventHandler(neverID)   // gone already: nothing
        }
        victimID = kiosk.onEvent { victim.append($0) }
        kiosk.onEvent { all.append($0) }
        try kiosk.render(script: try TouchScript.parse(swipeUp, name: "swipe"), into: try tempDir())
        XCTAssertEqual(all.count, 2, "\(all)")
        XCTAssertEqual(once, Array(all.prefix(1)))
        XCTAssertEqual(victim, [], "removed by the handler before it, within the first event")
        XCTAssertEqual(never, [])
    }

    /// An id names its own kiosk's handler only: given to another kiosk it removes nothing
    /// there. (Each kiosk numbered its handlers from 1, so a second kiosk's first handler,
    /// or a real-time kiosk's own feed of `remote.events`, went.)
    func testAnotherKiosksHandlerIDRemovesNothing() throws {
        let a = try Kiosk(app: codeApp()), b = try Kiosk(app: codeApp())
        let idA = a.onEvent { _ in }
        var seenByB: [KioskEvent] = []
        b.onEvent { seenByB.append($0) }
        b.removeEventHandler(idA)
        try b.render(script: try TouchScript.parse(swipeUp, name: "swipe"), into: try tempDir())
        XCTAssertEqual(seenByB.count, 2, "\(seenByB)")
    }

    /// Renders go on from each other on one clock: open by a swipe, render; collapse in code,
    /// render again. The pictures and times are those of one script that sends the collapse
    /// at the first render's last frame.
    func testASecondRenderGoesOnFromTheFirst() throws {
        func pixels(_ p: Pixmap) -> [UInt32] { (0..<p.height).flatMap { y in (0..<p.width).map { p[$0, y] } } }
        let kiosk = try Kiosk(app: codeApp())
        let first = try kiosk.render(script: try TouchScript.parse(swipeUp, name: "swipe"), into: try tempDir())
        let opened = pixels(kiosk.frame)
        try kiosk.setPosition("drawer", .collapsed)
        let second = try kiosk.render(into: try tempDir())
        XCTAssertGreaterThan(second.finalTimeMS, first.finalTimeMS + 100, "the collapse animated after the first render's end")

        let once = try Kiosk(app: codeApp())
        let collapse = #"send {"cmd": "set_position", "target": "drawer", "position": "collapsed"}"#
        let whole = try once.render(script: try TouchScript.parse(swipeUp + "\(first.finalTimeMS) \(collapse)\n", name: "whole"),
                                    into: try tempDir())
        XCTAssertEqual(whole.finalTimeMS, second.finalTimeMS, accuracy: 0.001)
        XCTAssertEqual(pixels(kiosk.frame), pixels(once.frame), "the same picture as one script")
        XCTAssertNotEqual(pixels(kiosk.frame), opened)

    }

    /// A finger a render's script left down (dragging the open drawer) is cancelled when the
    /// next render starts: the drawer settles instead of staying where the finger held it.
    func testAFingerLeftDownIsCancelledByTheNextRender() throws {
        func pixels(_ p: Pixmap) -> [UInt32] { (0..<p.height).flatMap { y in (0..<p.width).map { p[$0, y] } } }
        let kiosk = try Kiosk(app: codeApp())
        try kiosk.render(script: try TouchScript.parse(swipeUp, name: "swipe"), into: try tempDir())
        let open = pixels(kiosk.frame)
        try kiosk.render(script: try TouchScript.parse("0 down 1 400 200\n16 move 1 400 230\n32 move 1 400 260\n48 move 1 400 290\n",
                                                       name: "held"), into: try tempDir())
        let held = pixels(kiosk.frame)
        XCTAssertNotEqual(held, open, "the finger holds the drawer lower")
        try kiosk.render(into: try tempDir())
        XCTAssertNotEqual(pixels(kiosk.frame), held, "the drawer moved on once the finger was cancelled")
        // The same finger goes down again in a later script.
        try kiosk.render(script: try TouchScript.parse("0 down 1 400 300\n50 up 1\n", name: "tap"), into: try tempDir())
    }

    /// A shipped app file, loaded and then changed in code before it runs.
    func testLoadAnAppFileThenChangeItInCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var app = try AppConfig.load(path: root.path + "/examples/drawer.toml")
        XCTAssertEqual(app[component: "drawer"]?.kind, .bottomDrawer)
        app.components.append(.popup(id: "player", content: .label("Now playing", id: "np")))
        app.appearance = "dark"
        let kiosk = try Kiosk(app: app, widthPx: 400, heightPx: 700, scale: 1)
        try kiosk.setPopupItem("player", title: "Tidal Clock", progress: 0.5)
        try kiosk.set("np", text: "Tidal Clock")
        try kiosk.render(into: try tempDir())
        XCTAssertEqual(kiosk.frame.width, 400)
        XCTAssertEqual(kiosk.frame.height, 700)
    }

    /// A theme made in code is the one drawn, and the real-time loop runs a code-built app
    /// headless (frames in memory at 60 Hz) as `run --headless` runs a file.
    func testThemeInCodeAndTheHeadlessLoop() throws {
        var app = codeApp()
        var theme = Theme.dark
        theme.palette.background = Color(hex: "#FF0000")!
        app.theme = theme
        app.controlSocket = ""      // no socket: the test needs none
        let kiosk = try Kiosk.headless(app: app, widthPx: 320, heightPx: 240, frameLimit: 3)
        try kiosk.run()
        XCTAssertEqual(kiosk.frame[0, 0], 0xFFFF_0000, String(kiosk.frame[0, 0], radix: 16))
        XCTAssertThrowsError(try kiosk.render(into: try tempDir()), "a loop kiosk has no offscreen render")
        XCTAssertThrowsError(try Kiosk(app: app).run(), "an offscreen kiosk has no loop")
    }

    /// Values no app file could give, handed over through the API: each throws (or is held
    /// to its range) where it trapped, hung or overflowed the stack (a library user's review).
    func testHostileValuesThrowInsteadOfTrapping() throws {
        let kiosk = try Kiosk(app: codeApp())
        let row = ContentSpec.Row(title: "x")
        XCTAssertThrowsError(try kiosk.insertRows("board", at: -1, [row]))
        XCTAssertThrowsError(try kiosk.removeRows("board", at: -1))
        XCTAssertThrowsError(try kiosk.removeRows("board", at: 0, count: -1))
        XCTAssertThrowsError(try kiosk.removeRows("board", at: 1, count: .max)) { e in
            XCTAssertEqual("\(e)", "list 'board': rows 1..<Int.max are not all there (it has 1)")
        }
        XCTAssertThrowsError(try kiosk.updateRow("board", at: -1, ControlCommand.RowChange(title: "y")))
        for fps in [0, .nan, -60, .infinity, 1e6] {
            XCTAssertThrowsError(try kiosk.render(fps: fps, into: try tempDir()), "fps \(fps)")
        }
        XCTAssertThrowsError(try kiosk.render(into: ""), "\"\" wrote /final.png")
        XCTAssertThrowsError(try kiosk.render(into: "/proc/no-such-folder"))
        let built = TouchScript(lines: [TouchScript.Line(timeMS: 0, verb: .down(finger: 1, x: 400, y: 440)),
                                        TouchScript.Line(timeMS: 1e300, verb: .up(finger: 1))], name: "built")
        XCTAssertThrowsError(try kiosk.render(script: built, into: try tempDir())) { e in
            XCTAssertTrue("\(e)".hasPrefix("built:2: time 1e+300 ms is not within"), "\(e)")
        }
        var edited = built
        edited.lines[1].timeMS = 80
        try kiosk.render(script: edited, into: try tempDir())      // the failed ones did not spend the one render
        XCTAssertThrowsError(try kiosk.execute(.service(.status))) { e in XCTAssertTrue("\(e)".contains("control socket"), "\(e)") }
        XCTAssertThrowsError(try kiosk.execute(.subscribe))
        // As the socket holds them: a text's 4 KiB, a progress 0...1.
        XCTAssertThrowsError(try kiosk.set("title", text: String(repeating: "a", count: 5000))) { e in
            XCTAssertEqual("\(e)", "'title': \"text\" is 5000 bytes; a text is at most 4096")
        }
        var withPopup = codeApp()
        withPopup.components.append(.popup(id: "player", content: .stack([.label("x"), .progress(0.5, id: "bar")])))
        let popupKiosk = try Kiosk(app: withPopup)
        XCTAssertThrowsError(try popupKiosk.setPopupItem("player", progress: 5))
        XCTAssertThrowsError(try popupKiosk.set("bar", ControlCommand.ContentProperties(value: .nan)))
        XCTAssertThrowsError(try popupKiosk.set("bar", ControlCommand.ContentProperties(value: -1)))

        // An endless slide, an endless idle reset, a NaN delay: held, no trap.
        var app = codeApp()
        app.components = [.bottomDrawer(id: "drawer", config: BottomDrawerConfig(), content: .list([row], id: "board", slideMS: .infinity))]
        app.idleResetS = .infinity
        let endless = try Kiosk(app: app)
        try endless.insertRows("board", at: 0, [row])
        let result = try endless.render(into: try tempDir())
        XCTAssertLessThanOrEqual(result.finalTimeMS, 3000, "the slide is held to 2 s")

        // Content nested deeper than any app file can: refused, not a stack overflow.
        var deep = ContentSpec.label("x")
        for _ in 0..<3000 { deep = .stack([deep], padding: 0) }
        var nested = AppConfig(name: "deep")
        nested.backgroundContent = deep
        XCTAssertThrowsError(try Kiosk(app: nested)) { e in XCTAssertTrue("\(e)".contains("nested 129 deep; at most 128"), "\(e)") }
    }

    /// The loop's signals are held back only while it is made and runs: the caller's Ctrl-C
    /// worked no more after a failed start or after run() returned.
    func testTheCallersSignalsComeBack() throws {
        func blocked() -> Bool {
            var mask = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &mask)
            return sigismember(&mask, SIGTERM) == 1 || sigismember(&mask, SIGINT) == 1
        }
        XCTAssertFalse(blocked())
        var app = codeApp()
        app.controlSocket = "/nonexistent-panel-kiosk/control.sock"
        XCTAssertThrowsError(try Kiosk.headless(app: app, widthPx: 320, heightPx: 240, frameLimit: 1))
        XCTAssertFalse(blocked(), "after a failed start")
        app.controlSocket = ""
        let kiosk = try Kiosk.headless(app: app, widthPx: 320, heightPx: 240, frameLimit: 2)
        XCTAssertTrue(blocked(), "held back for the loop")
        try kiosk.run()
        XCTAssertFalse(blocked(), "after run()")
    }

    /// What an app file is refused for, code is refused for too, before anything runs.
    /// The sheet's `setAnchors` and `popTo` and the card's `setGesture` in Swift act as the
    /// socket's commands do, and a wrong page is an error naming it.
    func testSheetAndCardCallsInSwift() throws {
        var app = AppConfig(name: "Calls")
        var floating = SheetConfig()
        floating.style = .floating
        app.components = [
            .sheet(id: "sheet", config: floating, pages: [ComponentSpec.Page(id: "root", content: nil),
                                                          ComponentSpec.Page(id: "more", content: nil)]),
            .swipeDismiss(id: "card", content: nil),
        ]
        let kiosk = try Kiosk(app: app)
        var seen: [KioskEvent] = []
        kiosk.onEvent { seen.append($0) }
        try kiosk.setAnchors("sheet", [.pointsFromTop(100), .ratio(0.5), .defaultCollapsed], snapTo: 0, animated: false)
        try kiosk.push("sheet", page: "more", animated: false)
        try kiosk.popTo("sheet", page: "root", animated: false)
        XCTAssertThrowsError(try kiosk.popTo("sheet", page: "nowhere")) { XCTAssertTrue("\($0)".contains("'nowhere'"), "\($0)") }
        try kiosk.setGesture("card", enabled: false)
        XCTAssertThrowsError(try kiosk.setGesture("sheet", enabled: false), "a sheet has no swipe gesture")
        try kiosk.render(script: try TouchScript.parse("0 down 1 200 100\n50 move 1 200 300\n100 move 1 200 500\n200 up 1\n", name: "swipe"),
                         into: try tempDir())
        XCTAssertEqual(seen, [.anchorWillChange(sheet: "sheet", from: 1, to: 0), .anchorDidChange(sheet: "sheet", index: 0),
                              .pagesChanged(sheet: "sheet", change: .push, depth: 2), .pagesChanged(sheet: "sheet", change: .pop, depth: 1)],
                       "no dismissal status: the swipe is off; \(seen)")
    }

    func testAnAppWithDuplicateIdsIsRefused() {
        var app = codeApp()
        app.components.append(.swipeDismiss(id: "drawer", content: .label("{missing}")))
        XCTAssertThrowsError(try Kiosk(app: app)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("duplicate component id 'drawer'"), text)
            XCTAssertTrue(text.contains("{missing}"), text)
        }
    }
}
