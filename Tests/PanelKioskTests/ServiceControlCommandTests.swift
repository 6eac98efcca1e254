import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// Parsing of control-socket lines into commands, with the exact error messages.
final class ServiceControlCommandTests: XCTestCase {
    private func parse(_ s: String) -> ControlCommand.Parsed { ControlCommand.parse(line: Array(s.utf8)) }
    private func command(_ s: String, file: StaticString = #filePath, line: UInt = #line) -> ControlCommand? {
        switch parse(s).result {
        case .success(let c): return c
        case .failure(let e): XCTFail("\(s): \(e)", file: file, line: line); return nil
        }
    }
    private func error(_ s: String) -> String? {
        if case .failure(let e) = parse(s).result { return e.message }
        return nil
    }

    func testEveryCommand() {
        XCTAssertEqual(command(#"{"cmd":"set_popup_item","target":"player","title":"Song","subtitle":"Artist","progress":0.37}"#),
                       .setPopupItem(target: "player", title: "Song", subtitle: "Artist", progress: 0.37))
        XCTAssertEqual(command(#"{"cmd":"set_popup_item","target":"player","progress":1}"#),
                       .setPopupItem(target: "player", title: nil, subtitle: nil, progress: 1))
        XCTAssertEqual(command(#"{"cmd":"present_bar","target":"player"}"#), .presentBar(target: "player", animated: true))
        XCTAssertEqual(command(#"{"cmd":"dismiss_bar","target":"player","animated":false}"#), .dismissBar(target: "player", animated: false))
        XCTAssertEqual(command(#"{"cmd":"open","target":"player"}"#), .open(target: "player", side: nil, animated: true))
        XCTAssertEqual(command(#"{"cmd":"open","target":"menu","side":"left"}"#), .open(target: "menu", side: .left, animated: true))
        XCTAssertEqual(command(#"{"cmd":"close","target":"menu"}"#), .close(target: "menu", animated: true))
        XCTAssertEqual(command(#"{"cmd":"push","target":"sheet","page":"details"}"#), .push(target: "sheet", page: "details", animated: true))
        XCTAssertEqual(command(#"{"cmd":"pop","target":"sheet"}"#), .pop(target: "sheet", animated: true))
        XCTAssertEqual(command(#"{"cmd":"set_position","target":"drawer","position":"partiallyRevealed"}"#),
                       .setDrawerPosition(target: "drawer", position: .partiallyRevealed, animated: true))
        XCTAssertEqual(command(#"{"cmd":"replace_content","target":"menu","page":"settings"}"#), .replaceContent(target: "menu", page: "settings"))
        XCTAssertEqual(command(#"{"cmd":"snap","target":"sheet","anchor":0}"#), .snapSheet(target: "sheet", anchor: 0, animated: true))
        XCTAssertEqual(command(#"{"cmd":"subscribe"}"#), .subscribe)
        XCTAssertEqual(command(#"{"cmd":"unsubscribe"}"#), .unsubscribe)
    }

    func testIdIsKeptEvenOnErrors() {
        XCTAssertEqual(parse(#"{"cmd":"pop","target":"sheet","id":7}"#).id, .number(7))
        let bad = parse(#"{"cmd":"pop","id":"a"}"#)
        XCTAssertEqual(bad.id, .string("a"))
        XCTAssertEqual(bad.result, .failure(.init("\"pop\" needs \"target\" (a string)")))
    }

    func testExactErrorMessages() {
        XCTAssertEqual(error(#"{"cmd":"pop","target":"#), "malformed JSON at column 23: the text ends where a value should be")
        XCTAssertEqual(error("\u{FF}\u{FE}"), "malformed JSON at column 1: unexpected character where a value should be")
        XCTAssertEqual(error(#"{"cmd":"pop","target":"a","target":"b"}"#),
                       "malformed JSON at column 27: the key \"target\" appears twice in one object")
        XCTAssertEqual(error(#"["pop"]"#), "a command must be a JSON object")
        XCTAssertEqual(error(#"{"target":"sheet"}"#), "missing \"cmd\"")
        XCTAssertEqual(error(#"{"cmd":5}"#), "\"cmd\" must be a string")
        XCTAssertEqual(error(#"{"cmd":"psuh","target":"sheet"}"#), "unknown command \"psuh\" (did you mean \"push\"?)")
        XCTAssertEqual(error(#"{"cmd":"explode"}"#), "unknown command \"explode\"")
        XCTAssertEqual(error(#"{"cmd":"set_popup_item","target":"player","titel":"x"}"#),
                       "unknown field \"titel\" in \"set_popup_item\" (did you mean \"title\"?)")
        XCTAssertEqual(error(#"{"cmd":"set_popup_item","target":"player"}"#),
                       "\"set_popup_item\" needs at least one of \"title\", \"subtitle\", \"progress\", \"playing\"")
        XCTAssertEqual(error(#"{"cmd":"set_popup_item","target":"player","progress":1.5}"#), "\"progress\" must be a number from 0 to 1")
        XCTAssertEqual(error(#"{"cmd":"set_popup_item","target":"player","progress":"half"}"#), "\"progress\" must be a number")
        XCTAssertEqual(error(#"{"cmd":"set_popup_item","target":"player","title":3}"#), "\"title\" must be a string")
        XCTAssertEqual(error(#"{"cmd":"push","target":"sheet"}"#), "\"push\" needs \"page\" (a string)")
        XCTAssertEqual(error(#"{"cmd":"close","target":"menu","animated":"yes"}"#), "\"animated\" must be true or false")
        XCTAssertEqual(error(#"{"cmd":"set_position","target":"drawer"}"#),
                       "\"set_position\" needs \"position\" (one of \"collapsed\", \"partiallyRevealed\", \"open\", \"closed\")")
        XCTAssertEqual(error(#"{"cmd":"set_position","target":"drawer","position":"opne"}"#),
                       "\"position\" must be one of \"collapsed\", \"partiallyRevealed\", \"open\", \"closed\" (did you mean \"open\"?)")
        XCTAssertEqual(error(#"{"cmd":"open","target":"menu","side":"up"}"#),
                       "\"side\" must be one of \"left\", \"right\", \"top\", \"bottom\"")
        XCTAssertEqual(error(#"{"cmd":"snap","target":"sheet"}"#), "\"snap\" needs \"anchor\" (an anchor index, 0 = top-most)")
        XCTAssertEqual(error(#"{"cmd":"snap","target":"sheet","anchor":1.5}"#), "\"anchor\" must be a whole number from 0")
    }

    /// A `\u0000` in a path was cut at the system call: a screenshot to `x.png\u0000.toml`
    /// wrote `x.png` and replied with the other name; `set` accepted such an image path.
    func testAPathWithANulIsRefusedByName() {
        let nul = "contains a NUL character (\\u0000), which no file path can hold"
        XCTAssertEqual(error(#"{"cmd":"screenshot","path":"/tmp/x.png\u0000.toml"}"#), "\"path\" " + nul)
        XCTAssertEqual(error(#"{"cmd":"set","id":"logo","path":"logo.png\u0000"}"#), "\"path\" " + nul)
        XCTAssertEqual(error(#"{"cmd":"update_row","id":"list","at":0,"icon":"a\u0000b.png"}"#), "\"icon\" " + nul)
        XCTAssertEqual(error(#"{"cmd":"insert_rows","id":"list","at":0,"rows":[{"title":"t","icon":"\u0000"}]}"#),
                       "\"rows\"[0]: \"icon\" " + nul)
        // Without the NUL each is accepted.
        XCTAssertNil(error(#"{"cmd":"screenshot","path":"/tmp/x.png"}"#))
        XCTAssertNil(error(#"{"cmd":"set","id":"logo","path":"logo.png"}"#))
    }

    /// The sheet's `set_anchors` and `pop_to`, swipe-to-dismiss's `set_gesture`
    /// (docs/components.md, Sheet S28, Swipe to dismiss W17), and what is wrong with bad ones.
    func testSetAnchorsPopToAndSetGesture() {
        XCTAssertEqual(command(#"{"cmd":"set_anchors","target":"sheet","anchors":["default_expanded","ratio 0.6","from_bottom 44"]}"#),
                       .setAnchors(target: "sheet", anchors: [.defaultExpanded, .ratio(0.6), .pointsFromBottom(44)], snapTo: nil, animated: true))
        XCTAssertEqual(command(#"{"cmd":"set_anchors","target":"sheet","anchors":["from_top 100"],"snap_to":0,"animated":false}"#),
                       .setAnchors(target: "sheet", anchors: [.pointsFromTop(100)], snapTo: 0, animated: false))
        XCTAssertEqual(command(#"{"cmd":"pop_to","target":"sheet","page":"root"}"#), .popTo(target: "sheet", page: "root", animated: true))
        XCTAssertEqual(command(#"{"cmd":"set_gesture","target":"modal","enabled":false}"#), .setGesture(target: "modal", enabled: false))
        XCTAssertEqual(error(#"{"cmd":"set_anchors","target":"sheet"}"#),
                       #""set_anchors" needs "anchors" (an array of anchors as in the app file, e.g. ["default_expanded", "ratio 0.5"])"#)
        XCTAssertEqual(error(#"{"cmd":"set_anchors","target":"sheet","anchors":[]}"#), #""anchors" must list 1 to 100 anchors"#)
        XCTAssertEqual(error(#"{"cmd":"set_anchors","target":"sheet","anchors":["ratio 2"]}"#),
                       #""anchors" must list anchors, each one of default_expanded, default_collapsed, "ratio R" (R in 0...1), "from_top P" or "from_bottom P" (P in 0...100000 pt)"#)
        XCTAssertEqual(error(#"{"cmd":"set_anchors","target":"sheet","anchors":["default_expanded"],"snap_to":1}"#),
                       #""snap_to" must be an index of the new anchors, 0 to 0"#)
        XCTAssertEqual(error(#"{"cmd":"pop_to","target":"sheet"}"#), #""pop_to" needs "page" (a string)"#)
        XCTAssertEqual(error(#"{"cmd":"set_gesture","target":"modal"}"#), #""set_gesture" needs "enabled" (true or false)"#)
        XCTAssertEqual(error(#"{"cmd":"set_gesture","target":"modal","enabled":"off"}"#), #""enabled" must be true or false"#)
    }

    func testDeepNestingIsRefusedWithoutRecursion() {
        let deep = String(repeating: "[", count: 60_000) + String(repeating: "]", count: 60_000)
        XCTAssertEqual(error(deep), "malformed JSON at column 33: nested more than 32 deep")
        XCTAssertEqual(error(#"{"cmd":"pop","target":"s","x":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}"#),
                       "unknown field \"x\" in \"pop\"")
    }

    func testReplyLines() {
        XCTAssertEqual(ControlSocket.replyLine(.success(()), id: nil), "{\"ok\":true}\n")
        XCTAssertEqual(ControlSocket.replyLine(.success(()), id: .number(3)), "{\"ok\":true,\"id\":3}\n")
        XCTAssertEqual(ControlSocket.replyLine(.failure(.init("a \"quoted\"\nthing")), id: .string("x")),
                       "{\"ok\":false,\"error\":\"a \\\"quoted\\\"\\nthing\",\"id\":\"x\"}\n")
    }

    func testOnlyForegroundCommandsWakeTheScreen() {
        XCTAssertTrue(ControlCommand.presentBar(target: "player", animated: true).wakesScreen)
        XCTAssertTrue(ControlCommand.open(target: "menu", side: .left, animated: true).wakesScreen)
        XCTAssertFalse(ControlCommand.setPopupItem(target: "player", title: nil, subtitle: nil, progress: 0.5).wakesScreen)
        XCTAssertFalse(ControlCommand.dismissBar(target: "player", animated: true).wakesScreen)
    }
}
