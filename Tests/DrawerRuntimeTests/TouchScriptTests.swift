import XCTest
@testable import DrawerRuntime

final class TouchScriptTests: XCTestCase {
    func testParsesEveryVerbWithCommentsAndBlankLines() throws {
        let s = try TouchScript.parse("""
            # a swipe
            0 down 1 400 300

            16 move 1 400.5 280   # halfway
            33 up 1
            40 do drawer set_position open
            50 down 2 1 1
            60 cancel 2
            """, name: "s.touch")
        XCTAssertEqual(s.lines.count, 6)
        XCTAssertEqual(s.lines[1].verb, .move(finger: 1, x: 400.5, y: 280))
        XCTAssertEqual(s.lines[1].lineNumber, 4)
        XCTAssertEqual(s.lines[3].verb, .call(target: "drawer", action: "set_position", arguments: ["open"]))
        XCTAssertEqual(s.durationMS, 60)
    }

    func testErrorsNameTheLine() {
        func error(_ text: String) -> String {
            do { _ = try TouchScript.parse(text, name: "script.touch"); return "no error" } catch { return error.description }
        }
        XCTAssertEqual(error("0 down 1 1 1\n\n12 mvoe 1 2 2"), "script.touch:3: unknown verb 'mvoe' (did you mean 'move'?)")
        XCTAssertEqual(error("10 down 1 1 1\n5 up 1"), "script.touch:2: time 5 goes back (previous line was at 10 ms)")
        XCTAssertEqual(error("abc down 1 1 1"), "script.touch:1: expected a time in ms, found 'abc'")
        XCTAssertEqual(error("0 down 1 1"), "script.touch:1: 'down' takes <id> <x> <y>, found 2 argument(s)")
        XCTAssertEqual(error("0 move 1 1 1"), "script.touch:1: finger 1 moves but is not down")
        XCTAssertEqual(error("0 down x 1 1"), "script.touch:1: finger id must be an integer, found 'x'")
        XCTAssertEqual(error("0 down 1 1 nan"), "script.touch:1: y must be a number, found 'nan'")
        XCTAssertEqual(error("0 do drawer"), "script.touch:1: 'do' takes <target> <action> [<arg>...]")
        XCTAssertEqual(error("0 down 1 1 1\n1 down 1 2 2"), "script.touch:2: finger 1 is already down")
    }
}
