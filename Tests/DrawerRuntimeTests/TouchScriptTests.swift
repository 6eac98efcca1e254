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

    /// Words are cut at a space even when a combining mark follows it (one Character, two
    /// scalars): `set_title ́Zoe` was one unknown action, `down 1 400 ́470` two arguments.
    func testASpaceBeforeACombiningMarkSeparatesWords() throws {
        let s = try TouchScript.parse("0 do player set_title \u{301}Zoe\n5 send  {\"cmd\": \"pop\"}\t\n# \u{301}a comment\n", name: "s.touch")
        XCTAssertEqual(s.lines.map(\.verb), [.call(target: "player", action: "set_title", arguments: ["\u{301}Zoe"]),
                                              .send(json: "{\"cmd\": \"pop\"}")])
        XCTAssertEqual(error("0 down 1 400 \u{301}470"), "script.touch:1: y must be a number, found '\u{301}470'")
        XCTAssertTrue(error("0 sender {}").hasPrefix("script.touch:1: unknown verb 'sender'"), error("0 sender {}"))
        XCTAssertTrue(error("0 send").hasSuffix("'send' takes a control command as JSON, as {\"cmd\": \"set\", ...}"), error("0 send"))
    }

    /// The error `text` gives, or "no error".
    private func error(_ text: String, name: String = "script.touch") -> String {
        do { _ = try TouchScript.parse(text, name: name); return "no error" } catch { return error.description }
    }

    func testErrorsNameTheLine() {
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

    /// Bad input found by generated files (the bad-input findings C4, H3, H5, W3, W13): each
    /// is a clear error at its line, never a trap, a hang or a huge allocation.
    func testBadInputIsAClearErrorAtItsLine() throws {
        func error(_ text: String) -> String { self.error(text, name: "s.touch") }
        // C4: the message for an earlier time past Int's range used to trap building itself.
        XCTAssertEqual(error("1e19 down 1 0 0\n5 up 1"), "s.touch:1: time 1e19 is past the longest script, 86400000 ms (24 hours)")
        // H3: simulated time is stepped frame by frame, so a script a million hours long would never end.
        XCTAssertEqual(error("0 down 1 400 470\n1e12 up 1"), "s.touch:2: time 1e12 is past the longest script, 86400000 ms (24 hours)")
        XCTAssertEqual(error("0 down 1 1e300 1"), "s.touch:1: x 1e300 is off any screen (at most ±1000000 px)")
        // W13: a NUL byte is not text.
        XCTAssertEqual(error("0 down 1 1 1\0junk"), "s.touch:1: a NUL byte in the line (is this a text file?)")
        // H5: a 1 MB line is refused before anything walks its characters; a long unknown verb
        // within the line limit gets no did-you-mean table and is quoted clipped.
        let long = String(repeating: "x", count: 1_000_000)
        XCTAssertEqual(error("0 \(long) 1"), "s.touch:1: a line of 1000004 bytes; lines are at most 65536")
        let verb = String(repeating: "x", count: 60_000)
        XCTAssertEqual(error("0 \(verb) 1"), "s.touch:1: unknown verb '\(String(repeating: "x", count: 60))… (59940 more characters)'")
    }

    func testCRLFLinesAreLines() throws {
        // W3: "\r\n" is one Character in Swift, so a CRLF file used to be one long line.
        let s = try TouchScript.parse("0 down 1 400 470\r\n10 up 1\r\n", name: "crlf.touch")
        XCTAssertEqual(s.lines.map(\.lineNumber), [1, 2])
        XCTAssertEqual(s.lines[1].verb, .up(finger: 1))
    }
}
