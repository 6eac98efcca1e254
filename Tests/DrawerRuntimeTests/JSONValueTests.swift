import XCTest
@testable import DrawerRuntime

final class JSONValueTests: XCTestCase {
    func testEncodingIsStableAndReadable() {
        let v: JSONValue = .object([("t_ms", 1830), ("name", "a\"b\n"), ("x", .number(0.1 + 0.2)),
                                    ("list", .array([true, .null, .number(-2.5)]))])
        XCTAssertEqual(v.encoded, #"{"t_ms": 1830, "name": "a\"b\n", "x": 0.3, "list": [true, null, -2.5]}"#)
        XCTAssertEqual(JSONValue.format(440.00000001), "440")
        XCTAssertEqual(JSONValue.format(.nan), "null")
    }
}
