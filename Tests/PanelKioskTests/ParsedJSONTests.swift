import XCTest
@testable import panel_kiosk
@testable import PanelKiosk

/// The control socket's and the data file's JSON reader (no Foundation in the binary).
final class ParsedJSONTests: XCTestCase {
    private func parse(_ s: String) -> ParsedJSON? { ParsedJSON.parse(Array(s.utf8)) }
    private func explain(_ s: String) -> ParsedJSON.SyntaxError? {
        do { _ = try ParsedJSON.parseOrExplain(Array(s.utf8)); return nil } catch { return error }
    }

    func testValuesOfEveryKind() {
        XCTAssertEqual(parse(#" {"a": [1, -2.5e3, true, false, null, "x"], "b": {}} "#),
                       .object(["a": .array([.number(1), .number(-2500), .bool(true), .bool(false), .null, .string("x")]),
                                "b": .object([:])]))
        XCTAssertEqual(parse("[]"), .array([]))
        XCTAssertEqual(parse("0"), .number(0))
        XCTAssertEqual(parse("-0.5"), .number(-0.5))
        XCTAssertEqual(parse(#""top""#), .string("top"))
    }

    func testStringEscapesAndUnicode() {
        XCTAssertEqual(parse(#""a\"b\\c\/d\n\t\r\b\f""#), .string("a\"b\\c/d\n\t\r\u{8}\u{c}"))
        XCTAssertEqual(parse(#""\u00e9\u20AC""#), .string("é€"))
        XCTAssertEqual(parse(#""\ud83d\ude00""#), .string("😀"))
        XCTAssertEqual(parse("\"Zürich ✓\""), .string("Zürich ✓"))
        XCTAssertNil(parse(#""\ud83d""#), "a lone high surrogate")
        XCTAssertNil(parse(#""\ude00""#), "a lone low surrogate")
        XCTAssertNil(parse(#""\x""#))
        XCTAssertNil(parse("\"a\nb\""), "a raw newline inside a string")
        XCTAssertNil(ParsedJSON.parse([0x22, 0xFF, 0x22]), "not UTF-8")
    }

    func testWhatIsNotJSON() {
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "01", "1.", "1e", "+1", "tru", "nul", "[1 2]",
                    "{} {}", "'a'", "{a: 1}", "1e999", "NaN", "\"abc"] {
            XCTAssertNil(parse(bad), bad)
        }
    }

    func testTheErrorSaysWhereAndWhy() {
        XCTAssertEqual(explain("{\n  \"a\": 1,\n  \"b\": \n}"), .init(offset: 20, message: "unexpected character where a value should be"))
        XCTAssertEqual(explain("[1, 2"), .init(offset: 5, message: "the text ends inside an array"))
        XCTAssertEqual(explain("{\"a\": 1 \"b\": 2}"), .init(offset: 8, message: "expected ',' or '}'"))
        XCTAssertEqual(explain("[1] x")?.message, "more text after the JSON value")
    }

    func testNestingIsBoundedWithoutDeepRecursion() {
        let ok = String(repeating: "[", count: ParsedJSON.maxDepth) + String(repeating: "]", count: ParsedJSON.maxDepth)
        XCTAssertNotNil(parse(ok))
        let deep = String(repeating: "[", count: ParsedJSON.maxDepth + 1) + String(repeating: "]", count: ParsedJSON.maxDepth + 1)
        XCTAssertEqual(explain(deep)?.message, "nested more than \(ParsedJSON.maxDepth) deep")
        // A million brackets stop at the limit, not at the stack's end.
        XCTAssertNil(parse(String(repeating: "[", count: 1_000_000)))
    }

    /// Which of two values was meant cannot be known (parsers differ): refused, at the second.
    func testDuplicateKeysAreRefused() {
        XCTAssertNil(parse(#"{"a": 1, "a": 2}"#))
        XCTAssertEqual(explain(#"{"a": 1, "a": 2}"#)?.message, #"the key "a" appears twice in one object"#)
        XCTAssertEqual(explain(#"{"a": 1, "a": 2}"#)?.offset, 9)
        XCTAssertNotNil(parse(#"{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}"#), "the same key in different objects is fine")
    }
}
