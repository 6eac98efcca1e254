import Foundation
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// `TOMLParser` through `ConfigLoader.parse`: every TOML 1.0 construct, the positions that
/// diagnostics point at, each error with its line and column, and the inputs that crashed
/// or hung the TOMLKit/SourceLocator pair it replaced.
final class TOMLParserTests: XCTestCase {
    // MARK: Helpers

    private func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ConfigNode? {
        do { return try ConfigLoader.parse(text: text, file: "t.toml") } catch {
            XCTFail("unexpected error: \(error)", file: file, line: line)
            return nil
        }
    }

    /// The document as compact text: `{key = value, ...}`, strings quoted, dates as `date(...)`.
    private func render(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        parse(text, file: file, line: line).map(render) ?? "<error>"
    }

    private func render(_ node: ConfigNode) -> String {
        switch node.value {
        case .string(let s): s.debugDescription
        case .int(let i): String(i)
        case .double(let d): String(d)
        case .bool(let b): String(b)
        case .other(let s): "date(\(s))"
        case .array(let items): "[" + items.map(render).joined(separator: ", ") + "]"
        case .table(let items): "{" + items.map { "\($0.key) = \(render($0.node))" }.joined(separator: ", ") + "}"
        }
    }

    /// Every node's `line:col`, by path (`a.b`, `list[1]`), in tree order.
    private func positions(_ text: String) -> [String] {
        guard let root = parse(text) else { return [] }
        var out: [String] = []
        func walk(_ node: ConfigNode, _ path: String) {
            if !path.isEmpty { out.append("\(path) \(node.line):\(node.column)") }
            switch node.value {
            case .table(let items): for (k, n) in items { walk(n, path.isEmpty ? k : path + "." + k) }
            case .array(let items): for (i, n) in items.enumerated() { walk(n, "\(path)[\(i)]") }
            case .string, .int, .double, .bool, .other: break
            }
        }
        walk(root, "")
        return out
    }

    /// The one diagnostic for `input`, as `LINE:COL: message` without the "TOML syntax: " prefix.
    private func problem(_ input: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let node = try ConfigLoader.parse(bytes: input, file: "t.toml")
            XCTFail("accepted: \(render(node))", file: file, line: line)
            return ""
        } catch {
            XCTAssertEqual(error.items.count, 1, file: file, line: line)
            let d = error.items[0]
            XCTAssertTrue(d.message.hasPrefix("TOML syntax: "), d.message, file: file, line: line)
            return "\(d.line):\(d.column): " + d.message.dropFirst("TOML syntax: ".count)
        }
    }

    private func problem(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        problem(Array(text.utf8), file: file, line: line)
    }

    /// The crash reproducers from the bad-input finding; all but two are errors.
    static let reproducers = ["[[\n", "[", "[.a]", "[ .a]", "[=]", "[#]", "[.\"a\"]"]

    // MARK: Structure

    func testKeysCommentsAndTables() {
        XCTAssertEqual(render("""
            # a comment
            bare_key-1 = 1   # after a value
            "quoted key" = 2
            'literal "key"' = 3
            "" = 4
            1234 = 5
            a . b.  "c" = 6
            site."google.com" = true

            [table]
            x = 'y'
            [table.sub]
            z = 1
            [ spaced . "header" ]
            w = 2
            """), #"{bare_key-1 = 1, quoted key = 2, literal "key" = 3,  = 4, 1234 = 5, a = {b = {c = 6}}, "# +
            #"site = {google.com = true}, table = {x = "y", sub = {z = 1}}, spaced = {header = {w = 2}}}"#)
    }

    func testSuperTableDefinedAfterItsSubtableMovesToItsHeader() {
        XCTAssertEqual(render("[x.y.z]\na = 1\n[other]\n[x]\nb = 2\n"),
                       "{other = {}, x = {y = {z = {a = 1}}, b = 2}}")
        XCTAssertEqual(positions("[x.y.z]\na = 1\n[other]\n[x]\nb = 2\n"),
                       ["other 3:1", "x 4:1", "x.y 1:1", "x.y.z 1:1", "x.y.z.a 2:1", "x.b 5:1"])
    }

    func testDottedKeysMakeTablesThatHeadersMayExtendButNotDefine() {
        XCTAssertEqual(render("""
            [fruit]
            apple.color = "red"
            apple.taste.sweet = true
            [fruit.apple.texture]
            smooth = true
            """), #"{fruit = {apple = {color = "red", taste = {sweet = true}, texture = {smooth = true}}}}"#)
    }

    func testArrayOfTables() {
        let text = """
            [[fruit]]
            name = "apple"
            [fruit.physical]
            color = "red"
            [[fruit.variety]]
            name = "red delicious"
            [[fruit.variety]]
            name = "granny smith"

            [[fruit]]
            name = "banana"
            """
        XCTAssertEqual(render(text), #"{fruit = [{name = "apple", physical = {color = "red"}, "# +
                       #"variety = [{name = "red delicious"}, {name = "granny smith"}]}, {name = "banana"}]}"#)
        XCTAssertEqual(positions(text), [
            "fruit 1:1", "fruit[0] 1:1", "fruit[0].name 2:1", "fruit[0].physical 3:1", "fruit[0].physical.color 4:1",
            "fruit[0].variety 5:1", "fruit[0].variety[0] 5:1", "fruit[0].variety[0].name 6:1",
            "fruit[0].variety[1] 7:1", "fruit[0].variety[1].name 8:1", "fruit[1] 10:1", "fruit[1].name 11:1",
        ])
    }

    func testInlineTables() {
        XCTAssertEqual(render(#"a = {}\#nb = { x = 1, y.z = "s", n = { m = [1] } }\#npoint = {x=1,y=2}\#n"#),
                       #"{a = {}, b = {x = 1, y = {z = "s"}, n = {m = [1]}}, point = {x = 1, y = 2}}"#)
        XCTAssertEqual(positions("t = { a = 1, b = { c = 2 } }\n"), ["t 1:1", "t.a 1:7", "t.b 1:14", "t.b.c 1:20"])
    }

    func testArrays() {
        XCTAssertEqual(render("""
            empty = []
            ints = [ 1, 2, 3, ]
            mixed = [ "a", 1, 2.5, true, [ 'x' ], { k = 1 } ]
            multi = [   # comment after the bracket
              1,        # one
              # a comment line
              2
              ,
            ]
            nested = [[1, 2], [[3]]]
            """), #"{empty = [], ints = [1, 2, 3], mixed = ["a", 1, 2.5, true, ["x"], {k = 1}], "# +
                  "multi = [1, 2], nested = [[1, 2], [[3]]]}")
        XCTAssertEqual(positions("a = [ 1,\n  { b = 2 },\n\t\"é\" ]\n"),
                       ["a 1:1", "a[0] 1:7", "a[1] 2:3", "a[1].b 2:5", "a[2] 3:2"])
    }

    // MARK: Strings

    func testBasicAndLiteralStrings() {
        XCTAssertEqual(render(#"a = "tab\there \"q\" back\\slash \b\f\r\n é \u00E9 \U0001F600"\#n"#),
                       #"{a = "tab\there \"q\" back\\slash \u{08}\u{0C}\r\n é é 😀"}"#)
        XCTAssertEqual(render("a = 'C:\\path\\no \"escapes\"'\nb = \"\"\nc = ''\nd = \"tab\tok\"\n"),
                       #"{a = "C:\\path\\no \"escapes\"", b = "", c = "", d = "tab\tok"}"#)
    }

    func testMultilineBasicStrings() {
        XCTAssertEqual(render("a = \"\"\"\nfirst newline trimmed\nsecond\"\"\"\n"), #"{a = "first newline trimmed\nsecond"}"#)
        XCTAssertEqual(render("a = \"\"\"\\\n   joined \\\n\n\t  words\\   \n   .\"\"\"\n"), #"{a = "joined words."}"#)
        XCTAssertEqual(render("a = \"\"\"one \"quote\" and \"\"two\"\"\"\"\nb = \"\"\"x\"\"\"\"\"\n"),
                       #"{a = "one \"quote\" and \"\"two\"", b = "x\"\""}"#)
        XCTAssertEqual(render("a = \"\"\"\r\ncr\r\nlf\"\"\"\r\n"), #"{a = "cr\nlf"}"#)
        XCTAssertEqual(render("a = \"\"\"\\u0041\\\"\"\"\"\n"), #"{a = "A\""}"#)
    }

    func testMultilineLiteralStrings() {
        XCTAssertEqual(render("a = '''\nno \\escapes\\ here\n'''\nb = '''x''''\nc = '''y'''''\n"),
                       #"{a = "no \\escapes\\ here\n", b = "x\'", c = "y\'\'"}"#)
    }

    // MARK: Numbers, booleans, dates

    func testIntegers() {
        XCTAssertEqual(render("""
            a = 99
            b = +99
            c = -17
            d = 0
            e = -0
            f = 1_000_000
            g = 0xDEAD_beef
            h = 0o755
            i = 0b1101_0110
            max = 9223372036854775807
            min = -9223372036854775808
            hexmax = 0x7FFFFFFFFFFFFFFF
            """), "{a = 99, b = 99, c = -17, d = 0, e = 0, f = 1000000, g = 3735928559, h = 493, i = 214, " +
                  "max = 9223372036854775807, min = -9223372036854775808, hexmax = 9223372036854775807}")
    }

    func testFloats() {
        XCTAssertEqual(render("""
            a = 1.5
            b = -0.01
            c = 5e+22
            d = 1e06
            e = -2E-2
            f = 6.626e-34
            g = 224_617.445_991
            h = -0.0
            i = inf
            j = +inf
            k = -inf
            """), "{a = 1.5, b = -0.01, c = 5e+22, d = 1000000.0, e = -0.02, f = 6.626e-34, g = 224617.445991, " +
                  "h = -0.0, i = inf, j = inf, k = -inf}")
        guard let root = parse("n = nan\np = +nan\nm = -nan\n"), case .table(let items) = root.value else { return }
        for (key, node) in items {
            guard case .double(let d) = node.value else { XCTFail(key); continue }
            XCTAssertTrue(d.isNaN, key)
        }
    }

    func testBooleansAndDates() {
        XCTAssertEqual(render("""
            t = true
            f = false
            odt1 = 1979-05-27T07:32:00Z
            odt2 = 1979-05-27T00:32:00.999999-07:00
            odt3 = 1979-05-27 07:32:00+01:30
            ldt = 1979-05-27t07:32:00
            ld = 2024-02-29
            lt = 00:32:00.5
            leap = 1990-12-31T23:59:60Z
            """), "{t = true, f = false, odt1 = date(1979-05-27T07:32:00Z), odt2 = date(1979-05-27T00:32:00.999999-07:00), " +
                  "odt3 = date(1979-05-27 07:32:00+01:30), ldt = date(1979-05-27t07:32:00), ld = date(2024-02-29), " +
                  "lt = date(00:32:00.5), leap = date(1990-12-31T23:59:60Z)}")
    }

    // MARK: Line ends, encodings

    func testCRLFAndByteOrderMark() {
        XCTAssertEqual(positions("\u{FEFF}a = 1\r\n\r\n[t]\r\nb = [\r\n  2,\r\n]\r\n"),
                       ["a 1:1", "t 3:1", "t.b 4:1", "t.b[0] 5:3"])
        XCTAssertEqual(problem("a = 1\rb = 2\n"), "1:6: a carriage return (U+000D) must be followed by a newline")
        XCTAssertEqual(problem("a = \"\"\"x\ry\"\"\"\n"), "1:9: a carriage return (U+000D) must be followed by a newline")
    }

    func testNulAndInvalidUTF8AreErrorsWithTheirPlace() {
        XCTAssertEqual(problem("name = \"x\"\n\0\nbogus = 1\n"),
                       "2:1: NUL byte (U+0000) in the file; TOML text cannot contain it")
        XCTAssertEqual(problem("a = \"é\0\"\n"), "1:7: NUL byte (U+0000) in the file; TOML text cannot contain it")
        XCTAssertEqual(problem([0x61, 0x20, 0x3D, 0x20, 0x22, 0xC3, 0xA9, 0x0A, 0x62, 0xFF, 0x22, 0x0A]),
                       "2:2: invalid UTF-8 (byte 0xFF); TOML files must be UTF-8 text")
        XCTAssertEqual(problem([0x61, 0x3D, 0x22, 0xED, 0xA0, 0x80, 0x22]),       // an encoded surrogate
                       "1:4: invalid UTF-8 (byte 0xED); TOML files must be UTF-8 text")
    }

    func testControlCharacters() {
        XCTAssertEqual(problem("a = \"x\u{1}y\"\n"), #"1:7: control character U+0001 in a string (write it as an escape such as \t, \n or \u001B)"#)
        XCTAssertEqual(problem("a = 'x\u{7F}'\n"), #"1:7: control character U+007F in a string (write it as an escape such as \t, \n or \u001B)"#)
        XCTAssertEqual(problem("a = '''\n\u{1B}'''\n"), #"2:1: control character U+001B in a string (write it as an escape such as \t or \u001B)"#)
        XCTAssertEqual(problem("a = 1 # bell\u{7}\n"), "1:13: control character U+0007 is not allowed in a comment")
        XCTAssertEqual(problem("\u{C}a = 1\n"), "1:1: expected a key or a [table] header, found control character U+000C")
    }

    // MARK: Positions callers rely on

    func testPositionsPointAtKeysAndHeaders() {
        XCTAssertEqual(positions("""
            name = "x"
              indented.dotted = 1
            [display]
            rotation = 90
            [[component]]
            id = "a"
            [component.content]
            rows = [{ title = "a" },
                    { title = "b" }]
            [[component]]
            id = "b"
            """), [
                "name 1:1", "indented 2:3", "indented.dotted 2:3", "display 3:1", "display.rotation 4:1",
                "component 5:1", "component[0] 5:1", "component[0].id 6:1", "component[0].content 7:1",
                "component[0].content.rows 8:1", "component[0].content.rows[0] 8:9",
                "component[0].content.rows[0].title 8:11", "component[0].content.rows[1] 9:9",
                "component[0].content.rows[1].title 9:11", "component[1] 10:1", "component[1].id 11:1",
            ])
    }

    func testColumnsCountCharactersNotBytes() {
        XCTAssertEqual(positions("x = { \"é\" = 1, \"😀\" = 2, b = 3 }\n"), ["x 1:1", "x.é 1:7", "x.😀 1:16", "x.b 1:25"])
        XCTAssertEqual(problem("a = \"é😀\" b\n"), "1:10: expected a newline after the value of 'a', found 'b'")
    }

    func testLineCountAfterLineEndingBackslashAndMultilineStrings() {
        guard let root = parse("name = \"\"\"a\\\nb\"\"\"\n\nbogus = 1\n"), case .table(let items) = root.value else { return }
        XCTAssertEqual(items.map { "\($0.key) \($0.node.line):\($0.node.column)" }, ["name 1:1", "bogus 4:1"])
        XCTAssertEqual(render("name = \"\"\"a\\\nb\"\"\"\n\nbogus = 1\n"), #"{name = "ab", bogus = 1}"#)
        XCTAssertEqual(positions("a = '''\n\n'''\nb = \"\"\"\n\\\n\n  \"\"\"\nc = 1\n"), ["a 1:1", "b 4:1", "c 8:1"])
    }

    // MARK: The finding's reproducers

    func testHeadersThatDoNotStartWithAKeyAreErrors() {
        XCTAssertEqual(problem("[[\n"), "1:3: expected a key after '[[', found a newline")
        XCTAssertEqual(problem("["), "1:2: expected a key after '[', found end of file")
        XCTAssertEqual(problem("[.a]"), "1:2: expected a key after '[', found '.'")
        XCTAssertEqual(problem("[ .a]"), "1:3: expected a key after '[', found '.'")
        XCTAssertEqual(problem("[=]"), "1:2: expected a key after '[', found '='")
        XCTAssertEqual(problem("[#]"), "1:2: expected a key after '[', found '#'")
        XCTAssertEqual(problem("[.\"a\"]"), "1:2: expected a key after '[', found '.'")
        XCTAssertEqual(problem("name = \"x\"\n["), "2:2: expected a key after '[', found end of file")
        XCTAssertEqual(problem("name = \"x\"\n[[component]\n"), "2:12: expected ']]' to close [[component]], found a single ']'")
        XCTAssertEqual(problem("[a.]\n"), "1:4: expected a key after '.', found ']'")
        XCTAssertEqual(problem("[a\n"), "1:3: expected ']' to close [a], found a newline")
    }

    func testQuotesBeforeTheClosingDelimiterAreContent() {
        XCTAssertEqual(render("name = \"x\"\na = \"\"\"x\"\"\"\"\nb = \"]\"\n"), #"{name = "x", a = "x\"", b = "]"}"#)
    }

    func testDeepNestingIsAClearErrorNotACrashOrAHang() {
        let dotted = String(repeating: "a.", count: 1999) + "a = 1\n"
        XCTAssertEqual(problem(dotted), "1:257: nested deeper than 128 levels")
        XCTAssertEqual(problem("[" + String(repeating: "a.", count: 1999) + "a]\n"), "1:258: nested deeper than 128 levels")
        XCTAssertEqual(problem("a = " + String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000) + "\n"),
                       "1:133: nested deeper than 128 levels")
        XCTAssertEqual(problem("a = " + String(repeating: "{ b = ", count: 2000) + "1" + String(repeating: "}", count: 2000)),
                       "1:773: nested deeper than 128 levels")
        XCTAssertEqual(problem(String(repeating: "[", count: 2000)), "1:3: expected a key after '[[', found '['")
        // Levels add up across headers, dotted keys and values.
        XCTAssertEqual(problem("[" + String(repeating: "a.", count: 99) + "a]\n" + String(repeating: "b.", count: 27) + "b = [[1]]\n"),
                       "2:60: nested deeper than 128 levels")
        // Up to the limit is fine.
        XCTAssertNotNil(parse(String(repeating: "a.", count: 127) + "a = 1\n"))
        XCTAssertNotNil(parse("a = " + String(repeating: "[", count: 128) + String(repeating: "]", count: 128) + "\n"))
    }

    /// The deepest accepted document must not need more stack than a secondary thread has.
    /// Debug builds use a few KB per level; a 1 MiB stack leaves a wide margin at 128 levels.
    func testDeepestAcceptedNestingFitsInASmallStack() {
        let inputs = [
            "a = " + String(repeating: "[", count: 128) + String(repeating: "]", count: 128) + "\n",
            "a = " + String(repeating: "{ b = ", count: 127) + "1" + String(repeating: "}", count: 127) + "\n",
            "a = " + String(repeating: "[{ b = ", count: 64) + "1" + String(repeating: "}]", count: 64) + "\n",
        ]
        let done = DispatchSemaphore(value: 0)
        let results = Results()
        let thread = Thread {
            for input in inputs { results.add((try? ConfigLoader.parse(text: input, file: "t.toml")) != nil) }
            done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
        done.wait()
        XCTAssertEqual(results.values, [true, true, true])
    }

    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Bool] = []
        func add(_ value: Bool) { lock.withLock { stored.append(value) } }
        var values: [Bool] { lock.withLock { stored } }
    }

    func testLargeInputsParseInLinearTime() throws {
        // A regression guard against re-scanning or quadratic string building, so it reads the
        // clock; the bound is about twenty times what a debug build takes.
        let big = "a = \"" + String(repeating: "x", count: 5_000_000) + "\"\n"
        let started = ContinuousClock.now
        let root = try ConfigLoader.parse(text: big, file: "t.toml")
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(2))
        guard case .table(let items) = root.value, case .string(let s) = items.first?.node.value else {
            return XCTFail("no string")
        }
        XCTAssertEqual(s.utf8.count, 5_000_000)
    }

    // MARK: Table rules

    func testRedefinitionErrorsNameTheFirstDefinition() {
        XCTAssertEqual(problem("a = 1\nb = 2\n\na = 3\n"), "4:1: duplicate key 'a' (first defined at line 1)")
        XCTAssertEqual(problem("x.y = 1\nx . y = 2\n"), "2:1: duplicate key 'x.y' (first defined at line 1)")
        XCTAssertEqual(problem("[t]\na = 1\n[t]\n"), "3:1: table [t] is defined twice (first at line 1)")
        XCTAssertEqual(problem("[a.b]\n[a]\n[a]\n"), "3:1: table [a] is defined twice (first at line 2)")
        XCTAssertEqual(problem("[t]\nsub = 1\n[t.sub]\n"), "3:1: cannot use 't.sub' as a table: it is already an integer (line 2)")
        XCTAssertEqual(problem("a = \"s\"\na.b = 1\n"), "2:1: cannot use 'a' as a table: it is already a string (line 1)")
        XCTAssertEqual(problem("[fruit]\napple.color = \"red\"\n[fruit.apple]\n"),
                       "3:1: cannot define table [fruit.apple]: the dotted key at line 2 already made it")
        XCTAssertEqual(problem("[a.b.c]\nz = 9\n[a]\nb.c.t = 1\n"),
                       "4:1: cannot add to table 'b' with a dotted key: it belongs to the [table] header at line 1")
        XCTAssertEqual(problem("[t]\n[t.u]\n[[t]]\n"), "3:1: cannot add [[t]]: 't' is a table (line 1), not an array of tables")
        XCTAssertEqual(problem("[[t]]\n[t]\n"),
                       "2:1: cannot define table [t]: 't' is an array of tables (line 1); use [[t]] to add an element")
        XCTAssertEqual(problem("[x]\nt.y.z = 1\n[x.t.y]\n"),
                       "3:1: cannot define table [x.t.y]: the dotted key at line 2 already made it")
        XCTAssertEqual(problem("[[t]]\n[[t.u]]\n[t.u.v]\nw = 1\n[t.u.v]\n"),
                       "5:1: table [t.u.v] is defined twice (first at line 3)")
    }

    func testStaticArraysAndInlineTablesAreComplete() {
        XCTAssertEqual(problem("fruits = []\n[[fruits]]\n"),
                       "2:1: cannot add [[fruits]]: 'fruits' is a static array (line 1), not an array of tables")
        XCTAssertEqual(problem("t = { a = 1 }\n[t]\n"),
                       "2:1: cannot add to 't': it is an inline table (line 1), and inline tables are complete as written")
        XCTAssertEqual(problem("t = { a = 1 }\n[t.b]\n"),
                       "2:1: cannot add to 't': it is an inline table (line 1), and inline tables are complete as written")
        XCTAssertEqual(problem("t = { a = 1 }\nt.b = 2\n"),
                       "2:1: cannot add to 't': it is an inline table (line 1), and inline tables are complete as written")
        XCTAssertEqual(problem("t = { a = { b = 1 }, a.c = 2 }\n"),
                       "1:22: cannot add to 'a': it is an inline table (line 1), and inline tables are complete as written")
        XCTAssertEqual(problem("t = { a = 1, a = 2 }\n"), "1:14: duplicate key 'a' (first defined at line 1)")
        XCTAssertEqual(problem("a = [1]\n[a.b]\n"), "2:1: cannot use 'a' as a table: it is already an array (line 1)")
    }

    // MARK: Syntax errors

    func testStatementErrors() {
        XCTAssertEqual(problem("a = 1 b = 2\n"), "1:7: expected a newline after the value of 'a', found 'b'")
        XCTAssertEqual(problem("[t] x = 1\n"), "1:5: expected a newline after the table header, found 'x'")
        XCTAssertEqual(problem("key\n"), "1:4: expected '=' after the key 'key', found a newline")
        XCTAssertEqual(problem("a b = 1\n"), "1:3: expected '=' after the key 'a', found 'b'")
        XCTAssertEqual(problem("a =\n"), "1:4: expected a value after '=', found a newline")
        XCTAssertEqual(problem("a = # nothing\n"), "1:5: expected a value after '=', found '#'")
        XCTAssertEqual(problem("= 1\n"), "1:1: expected a key or a [table] header, found '='")
        XCTAssertEqual(problem("a. = 1\n"), "1:4: expected a key after '.', found '='")
        XCTAssertEqual(problem("\"\"\"k\"\"\" = 1\n"), "1:1: a multi-line string cannot be a key")
        XCTAssertEqual(problem("é = 1\n"), "1:1: expected a key or a [table] header, found 'é'")
        XCTAssertEqual(problem("a = value\n"), "1:5: invalid value 'value' (strings need quotes)")
        XCTAssertEqual(problem("a = True\n"), "1:5: invalid value 'True' (strings need quotes)")
    }

    func testArrayAndInlineTableErrors() {
        XCTAssertEqual(problem("a = [1 2]\n"), "1:8: expected ',' or ']' after an array element, found '2'")
        XCTAssertEqual(problem("a = [1,,2]\n"), "1:8: expected a value, found ','")
        XCTAssertEqual(problem("a = [1,\n2\n"), "3:1: expected ',' or ']' after an array element, found end of file")
        XCTAssertEqual(problem("a = { b = 1,\n c = 2 }\n"), "1:13: an inline table must be on one line: expected a key, found a newline")
        XCTAssertEqual(problem("a = { b = 1 # no\n}\n"), "1:13: an inline table must be on one line: expected ',' or '}', found '#'")
        XCTAssertEqual(problem("a = { b = 1, }\n"), "1:14: an inline table cannot end with ',' (TOML 1.0)")
        XCTAssertEqual(problem("a = { b = 1 c = 2 }\n"), "1:13: expected ',' or '}' in the inline table, found 'c'")
        XCTAssertEqual(problem("a = { , }\n"), "1:7: expected a key in the inline table, found ','")
    }

    func testStringErrors() {
        XCTAssertEqual(problem("a = \"abc\nb = 1\n"), "1:5: unterminated string: no closing \" before the end of the line")
        XCTAssertEqual(problem("a = 'abc"), "1:5: unterminated string: no closing ' before the end of the file")
        XCTAssertEqual(problem("a = 1\nb = \"\"\"abc\n\ndef\n"), "2:5: unterminated string: no closing \"\"\" before the end of the file")
        XCTAssertEqual(problem("a = '''abc''''''\n"), "1:11: three or more ' in a row inside a ''' string (use a \"\"\" string instead)")
        XCTAssertEqual(problem("a = \"\"\"abc\"\"\"\"\"\"\n"), "1:11: three or more \" in a row inside a \"\"\" string (escape one as \\\")")
        XCTAssertEqual(problem(#"a = "\x41""#), #"1:6: invalid escape '\x' (valid: \b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX)"#)
        XCTAssertEqual(problem(#"a = "\e""#), #"1:6: invalid escape '\e' (valid: \b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX)"#)
        XCTAssertEqual(problem("a = \"a\\ b\"\n"), #"1:7: invalid escape '\' followed by ' ' (valid: \b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX)"#)
        XCTAssertEqual(problem("a = \"\"\"a\\  b\"\"\"\n"), #"1:9: invalid escape: '\' followed by a space must end the line"#)
        XCTAssertEqual(problem(#"a = "\u12""#), #"1:6: \u needs 4 hex digits"#)
        XCTAssertEqual(problem(#"a = "\uD800""#), #"1:6: \uD800 is not a Unicode scalar value (surrogates and values above 10FFFF are not allowed)"#)
        XCTAssertEqual(problem(#"a = "\U00110000""#), #"1:6: \U00110000 is not a Unicode scalar value (surrogates and values above 10FFFF are not allowed)"#)
    }

    func testNumberErrors() {
        XCTAssertEqual(problem("a = 9223372036854775808\n"), "1:5: invalid number '9223372036854775808': outside the 64-bit integer range")
        XCTAssertEqual(problem("a = -9223372036854775809\n"), "1:5: invalid number '-9223372036854775809': outside the 64-bit integer range")
        XCTAssertEqual(problem("a = 0x1_0000_0000_0000_0000\n"), "1:5: invalid number '0x1_0000_0000_0000_0000': larger than a 64-bit integer")
        XCTAssertEqual(problem("a = 012\n"), "1:5: invalid number '012': leading zeros are not allowed")
        XCTAssertEqual(problem("a = 1__2\n"), "1:5: invalid number '1__2': '_' must be between two digits")
        XCTAssertEqual(problem("a = 1_\n"), "1:5: invalid number '1_': '_' must be between two digits")
        XCTAssertEqual(problem("a = 1_.5\n"), "1:5: invalid number '1_.5': '_' must be between two digits")
        XCTAssertEqual(problem("a = _1\n"), "1:5: invalid value '_1' (strings need quotes)")
        XCTAssertEqual(problem("a = -0x1\n"), "1:5: invalid number '-0x1': hexadecimal, octal and binary numbers cannot have a sign")
        XCTAssertEqual(problem("a = 0X1\n"), "1:5: invalid number '0X1': the prefixes are lowercase: 0x, 0o, 0b")
        XCTAssertEqual(problem("a = 0o8\n"), "1:5: invalid number '0o8': '8' is not an octal digit")
        XCTAssertEqual(problem("a = 0b\n"), "1:5: invalid number '0b': no digits after the prefix")
        XCTAssertEqual(problem("a = 1.\n"), "1:5: invalid number '1.': a '.' needs digits after it")
        XCTAssertEqual(problem("a = .5\n"), "1:5: invalid value '.5' (strings need quotes)")
        XCTAssertEqual(problem("a = +.5\n"), "1:5: invalid number '+.5': digits must come before '.' or an exponent")
        XCTAssertEqual(problem("a = 1e\n"), "1:5: invalid number '1e': the exponent needs digits")
        XCTAssertEqual(problem("a = 1.e5\n"), "1:5: invalid number '1.e5': a '.' needs digits after it")
        XCTAssertEqual(problem("a = 1e400\n"), "1:5: invalid number '1e400': too large for a 64-bit float")
        XCTAssertEqual(problem("a = Inf\n"), "1:5: invalid value 'Inf' (strings need quotes)")
    }

    func testDateErrors() {
        let hint = "(TOML dates look like 1979-05-27, 07:32:00 or 1979-05-27T07:32:00Z)"
        XCTAssertEqual(problem("a = 2023-02-29\n"), "1:5: invalid date/time '2023-02-29' \(hint)")
        XCTAssertEqual(problem("a = 1979-05-27T24:00:00\n"), "1:5: invalid date/time '1979-05-27T24:00:00' \(hint)")
        XCTAssertEqual(problem("a = 1979-05-27T07:32\n"), "1:5: invalid date/time '1979-05-27T07:32' \(hint)")
        XCTAssertEqual(problem("a = 1979-5-27\n"), "1:5: invalid date/time '1979-5-27' \(hint)")
        XCTAssertEqual(problem("a = 07:32:00+01:00\n"), "1:5: invalid date/time '07:32:00+01:00' \(hint)")
    }

    // MARK: Through the binary

    /// `check` on each reproducer exits 1 with a `FILE:LINE:COL:` diagnostic; under TOMLKit
    /// these aborted the process (SIGABRT in toml++).
    func testCheckReportsEachReproducerInsteadOfCrashing() throws {
        let dir = CLI.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cases = Self.reproducers.map { Array($0.utf8) } + [
            Array("name = \"x\"\n\0\nbogus = 1\n".utf8),
            Array("a = ".utf8) + Array(repeating: UInt8(ascii: "["), count: 2000) + Array(repeating: UInt8(ascii: "]"), count: 2000),
            Array((String(repeating: "a.", count: 1999) + "a = 1\n").utf8),
            [0x61, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0x22, 0x0A],
        ]
        for (n, bytes) in cases.enumerated() {
            let path = dir + "/case\(n).toml"
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            let r = try CLI.run(["check", path])
            XCTAssertEqual(r.status, 1, "case \(n): \(r.stderr)")
            XCTAssertTrue(r.stderr.range(of: #"^\#(path):[0-9]+:[0-9]+: TOML syntax: "#, options: .regularExpression) != nil,
                          "case \(n): \(r.stderr)")
        }
    }
}
