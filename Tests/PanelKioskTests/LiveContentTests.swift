import DrawerRuntime
import Foundation
import PanelRenderer
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// Content changed at run time (`send` lines, the socket's commands, the data file) draws
/// the same pixels as an app file that had the new content from the start, repaints only
/// what changed, and refuses bad changes without touching the screen.
final class LiveContentTests: XCTestCase {
    /// What the fixture app shows; each test changes some of it at run time and compares
    /// with a file that says the same from the start.
    struct Fixture {
        var label = "Platform 3"
        var tone = "secondary"
        var rows = [("Airport", "on time"), ("Harbour", "on time"), ("University", "+5 min")]
        var progress = 0.25
        var image = "a.png"
        var buttonHidden = false
        var buttonTitle = "Refresh"
        var nextTrain = "08:12"
        var departures = [("08:12 S1", "Airport"), ("08:15 RE4", "Harbour")]

        func toml(dir: String) -> String {
            func rowTables(_ key: String, _ rows: [(String, String)]) -> String {
                rows.map { "[[\(key)]]\ntitle = \"\($0.0)\"\nsubtitle = \"\($0.1)\"\n" }.joined(separator: "\n")
            }
            let values = departures.map { "{ title = \"\($0.0)\", subtitle = \"\($0.1)\" }" }.joined(separator: ", ")
            return """
            name = "Live"
            [values]
            next_train = "\(nextTrain)"
            departures = [\(values)]

            [background.content]
            kind = "stack"
            [[background.content.items]]
            id = "headline"
            kind = "label"
            text = "Next train: {next_train}"
            [[background.content.items]]
            id = "platform"
            kind = "label"
            text = "\(label)"
            tone = "\(tone)"
            [[background.content.items]]
            id = "load"
            kind = "progress"
            value = \(progress)
            [[background.content.items]]
            id = "photo"
            kind = "image"
            path = "\(dir)/\(image)"
            width = 40
            [[background.content.items]]
            id = "refresh"
            kind = "button"
            title = "\(buttonTitle)"
            action = "refresh"
            hidden = \(buttonHidden)
            [[background.content.items]]
            id = "board"
            kind = "list"
            rows = "{departures}"

            [[component]]
            id = "drawer"
            kind = "bottom_drawer"
            initial = "partiallyRevealed"
            [component.content]
            id = "places"
            kind = "list"
            \(rowTables("component.content.rows", rows))
            """
        }
    }

    var dir = ""

    override func setUpWithError() throws {
        dir = CLI.tempDir()
        for (name, rgb) in [("a.png", 0xCC3300 as UInt32), ("b.png", 0x0033CC)] {
            let p = try XCTUnwrap(Pixmap(width: 20, height: 10))
            for y in 0..<10 { for x in 0..<20 { p[x, y] = 0xFF00_0000 | rgb } }
            try PNGCodec.encode(p.view, to: "\(dir)/\(name)")
        }
    }

    /// The final frame of `fixture` after playing `script` (render's path, in process).
    func render(_ fixture: Fixture, script: String = "") throws -> (Pixmap, KioskRuntime) {
        let path = "\(dir)/app-\(UUID().uuidString).toml"
        try fixture.toml(dir: dir).write(toFile: path, atomically: true, encoding: .utf8)
        let app = try AppConfig.load(path: path)
        let outcome = try OffscreenRun().run(app: app, geometry: FrameGeometry(widthPx: 480, heightPx: 640, scale: 1, board: .offscreenDefault),
                                             script: try TouchScript.parse(script, name: "live.touch"), into: dir + "/out")
        return (outcome.runtime.frame.pixmap, outcome.runtime)
    }

    func assertSamePixels(_ live: Pixmap, _ file: Pixmap, _ what: String, file f: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(live.width, file.width, file: f, line: line)
        var differing = 0
        for y in 0..<live.height { for x in 0..<live.width where live[x, y] != file[x, y] { differing += 1 } }
        XCTAssertEqual(differing, 0, "\(what): \(differing) pixels differ from the app file with that content", file: f, line: line)
    }

    /// `send` lines at 100 ms, then compared with `expected` from the start.
    func check(_ what: String, _ sends: [String], expected: Fixture, file: StaticString = #filePath, line: UInt = #line) throws {
        let script = sends.map { "100 send \($0)" }.joined(separator: "\n")
        let (live, _) = try render(Fixture(), script: script)
        let (fromFile, _) = try render(expected)
        assertSamePixels(live, fromFile, what, file: file, line: line)
        // And the change is visible at all (a test that cannot fail proves nothing).
        let (before, _) = try render(Fixture())
        var differing = 0
        for y in 0..<live.height { for x in 0..<live.width where live[x, y] != before[x, y] { differing += 1 } }
        XCTAssertGreaterThan(differing, 0, "\(what) changed nothing on screen", file: file, line: line)
    }

    func testLabelText() throws {
        var f = Fixture(); f.label = "Platform 4 (changed)"
        try check("label text", [#"{"cmd": "set", "id": "platform", "text": "Platform 4 (changed)"}"#], expected: f)
    }

    func testLabelTone() throws {
        var f = Fixture(); f.tone = "accent"
        try check("label tone", [#"{"cmd": "set", "id": "platform", "tone": "accent"}"#], expected: f)
    }

    func testRowsReplaced() throws {
        var f = Fixture(); f.rows = [("Zoo", "closed"), ("Stadium", "on time")]
        try check("rows replaced", [#"{"cmd": "set", "id": "places", "rows": [{"title": "Zoo", "subtitle": "closed"}, {"title": "Stadium", "subtitle": "on time"}]}"#],
                  expected: f)
    }

    func testRowsInsertedRemovedUpdated() throws {
        var f = Fixture(); f.rows = [("Museum", "new"), ("Airport", "on time"), ("University", "cancelled")]
        try check("row edits", [
            #"{"cmd": "insert_rows", "id": "places", "at": 0, "rows": [{"title": "Museum", "subtitle": "new"}]}"#,
            #"{"cmd": "remove_rows", "id": "places", "at": 2, "count": 1}"#,
            #"{"cmd": "update_row", "id": "places", "at": 2, "subtitle": "cancelled"}"#,
        ], expected: f)
    }

    func testProgress() throws {
        var f = Fixture(); f.progress = 0.9
        try check("progress", [#"{"cmd": "set", "id": "load", "value": 0.9}"#], expected: f)
    }

    func testImage() throws {
        var f = Fixture(); f.image = "b.png"
        try check("image", [#"{"cmd": "set", "id": "photo", "path": "\#(dir)/b.png"}"#], expected: f)
    }

    func testHiddenTakesNoSpace() throws {
        var f = Fixture(); f.buttonHidden = true
        try check("hidden", [#"{"cmd": "set", "id": "refresh", "hidden": true}"#], expected: f)
    }

    func testButtonTitle() throws {
        var f = Fixture(); f.buttonTitle = "Reload now"
        try check("button title", [#"{"cmd": "set", "id": "refresh", "title": "Reload now"}"#], expected: f)
    }

    func testNamedValuesAndBoundRowsInOneFrame() throws {
        var f = Fixture(); f.nextTrain = "08:15"; f.departures = [("08:15 RE4", "Harbour"), ("08:21 S3", "University"), ("08:30 S1", "Airport")]
        try check("named values", [
            #"{"cmd": "set_values", "values": {"next_train": "08:15", "departures": [{"title": "08:15 RE4", "subtitle": "Harbour"}, {"title": "08:21 S3", "subtitle": "University"}, {"title": "08:30 S1", "subtitle": "Airport"}]}}"#,
        ], expected: f)
    }

    /// A row insert slides the rows below into place; the component's position stays.
    func testInsertSlidesAndKeepsTheComponentsState() throws {
        let script = """
        0 do drawer set_position partiallyRevealed instant
        100 send {"cmd": "insert_rows", "id": "places", "at": 0, "rows": [{"title": "Museum"}]}
        """
        let (_, runtime) = try render(Fixture(), script: script)
        XCTAssertEqual(runtime.state(timeMS: 0)["components"]?["drawer"]?["position"], "partiallyRevealed",
                       "content changes never move a component")
        // Mid-slide the runtime keeps drawing; afterwards it rests.
        XCTAssertFalse(runtime.isMoving)
    }

    // MARK: damage

    /// A changed label repaints its own line, not the screen; the same label change with
    /// the same length of text repaints nothing else.
    func testLabelChangeRepaintsOnlyItsArea() throws {
        let path = "\(dir)/app.toml"
        try Fixture().toml(dir: dir).write(toFile: path, atomically: true, encoding: .utf8)
        let runtime = try KioskRuntime(app: try AppConfig.load(path: path),
                                       geometry: FrameGeometry(widthPx: 480, heightPx: 640, scale: 1, board: .offscreenDefault),
                                       eventsPath: nil, now: .zero)
        _ = runtime.drawFrame(showingAt: .milliseconds(0))
        var t = 16.0
        while runtime.isMoving { _ = runtime.drawFrame(showingAt: .milliseconds(t)); t += 16 }
        XCTAssertEqual(runtime.drawFrame(showingAt: .milliseconds(t)), [], "at rest nothing is drawn")
        _ = try runtime.execute(.set(id: "platform", .init(text: "Platform 9")), at: .milliseconds(t))
        let region = runtime.drawFrame(showingAt: .milliseconds(t + 16))
        XCTAssertEqual(region.count, 1)
        let r = try XCTUnwrap(region.first)
        // The label's line: the stack's 16 pt padding, below the headline, about one line tall.
        XCTAssertLessThanOrEqual(r.height, 30, "one line of text, not the page: \(r)")
        XCTAssertGreaterThan(r.y, 16, "below the headline: \(r)")
        XCTAssertLessThan(r.width * r.height, 480 * 640 / 20, "a small part of the frame: \(r)")
        // Its pixels equal a full repaint of the same screen.
        let incremental = runtime.frame.pixmap
        let copy = try XCTUnwrap(Pixmap(width: 480, height: 640))
        for y in 0..<640 { for x in 0..<480 { copy[x, y] = incremental[x, y] } }
        runtime.drawWhole(at: .milliseconds(t + 16))
        assertSamePixels(copy, runtime.frame.pixmap, "incremental repaint")
    }

    // MARK: errors change nothing

    func testBadCommandsAreErrorsAndChangeNothing() throws {
        let path = "\(dir)/app.toml"
        try Fixture().toml(dir: dir).write(toFile: path, atomically: true, encoding: .utf8)
        let runtime = try KioskRuntime(app: try AppConfig.load(path: path),
                                       geometry: FrameGeometry(widthPx: 480, heightPx: 640, scale: 1, board: .offscreenDefault),
                                       eventsPath: nil, now: .zero)
        runtime.drawWhole(at: .zero)
        let before = (0..<(480 * 640)).map { runtime.frame.pixmap[$0 % 480, $0 / 480] }
        let valuesBefore = runtime.live.values
        let cases: [(String, String)] = [
            (#"{"cmd": "set", "id": "platfrom", "text": "x"}"#, "no content node 'platfrom' (did you mean 'platform'?)"),
            (#"{"cmd": "set", "id": "platform", "value": 0.5}"#, "'platform' is a label, which has no \"value\""),
            (#"{"cmd": "set", "id": "platform", "text": 7}"#, "\"text\" must be a string"),
            (#"{"cmd": "set", "id": "platform", "text": "\#(String(repeating: "x", count: 5000))"}"#, "\"text\" is 5000 bytes; a text is at most 4096"),
            (#"{"cmd": "set", "id": "load", "value": 1.5}"#, "\"value\" must be a number from 0 to 1"),
            (#"{"cmd": "set", "id": "photo", "path": "/nonexistent.png"}"#, "'photo': \"path\" = '/nonexistent.png'"),
            // What check and a reload refuse, a live path refuses with the same words: an IDAT
            // bomb, a truncated PNG (both were taken with ok and shown as a placeholder).
            (#"{"cmd": "set", "id": "photo", "path": "\#(CLI.root)/Tests/BadInput/i1-idat-bomb.png"}"#,
             "i1-idat-bomb.png': " + (imageProblem(CLI.root + "/Tests/BadInput/i1-idat-bomb.png") ?? "(no problem?)")),
            (#"{"cmd": "set", "id": "photo", "path": "\#(CLI.root)/Tests/BadInput/trunc.png"}"#,
             "trunc.png': " + (imageProblem(CLI.root + "/Tests/BadInput/trunc.png") ?? "(no problem?)")),
            (#"{"cmd": "remove_rows", "id": "places", "at": 2, "count": 5}"#, "list 'places': rows 2..<7 are not all there (it has 3)"),
            (#"{"cmd": "update_row", "id": "places", "at": 3, "title": "x"}"#, "list 'places': no row 3 (it has 3)"),
            (#"{"cmd": "insert_rows", "id": "board", "at": 0, "rows": [{"title": "x"}]}"#, "list 'board' shows the value 'departures'"),
            (#"{"cmd": "insert_rows", "id": "platform", "at": 0, "rows": [{"title": "x"}]}"#, "'platform' is a label, not a list"),
            (#"{"cmd": "set_values", "values": {"next_train": {"a": 1}}}"#, "values do not nest"),
            (#"{"cmd": "set_values", "values": {"next_train": [{"title": "x"}]}}"#, "value 'next_train' holds text, not rows"),
            (#"{"cmd": "set_values", "values": {"departures": [{"title": "ok"}, {"titel": "x"}]}}"#, "\"departures\"[1] has an unknown field \"titel\""),
            (#"{"cmd": "set_values", "values": {\#((0..<1000).map { "\"v\($0)\": \"x\"" }.joined(separator: ", "))}}"#,
             "that makes 1002 named values; an app has at most 1000"),
            (#"{"cmd": "set", "id": "places", "rows": [\#(Array(repeating: #"{"title":"r"}"#, count: 1001).joined(separator: ","))]}"#,
             "\"rows\" has 1001 rows; a list has at most 1000"),
        ]
        for (json, expected) in cases {
            let parsed = ControlCommand.parse(line: Array(json.utf8))
            let message: String
            switch parsed.result {
            case .failure(let e): message = e.message
            case .success(let command):
                do { _ = try runtime.execute(command, at: .milliseconds(10)); message = "(accepted)" } catch { message = error.message }
            }
            XCTAssertTrue(message.contains(expected), "\(json.prefix(80)): got \(message)")
        }
        XCTAssertEqual(runtime.live.values, valuesBefore)
        runtime.drawWhole(at: .milliseconds(10))
        let after = (0..<(480 * 640)).map { runtime.frame.pixmap[$0 % 480, $0 / 480] }
        XCTAssertTrue(before == after, "an error changes nothing on screen")
    }

    // MARK: the app file

    func testCheckReportsDuplicateIdsAndValuesThatAreMissing() throws {
        let path = "\(dir)/bad.toml"
        try """
        [values]
        next = "1"
        [background.content]
        kind = "stack"
        [[background.content.items]]
        id = "a"
        kind = "label"
        text = "{nxet} and {next}"
        [[background.content.items]]
        id = "a"
        kind = "label"
        text = "{{literal}} {broken"
        [[background.content.items]]
        kind = "list"
        rows = "{missing_rows}"
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue((r.stdout + r.stderr).contains("bad.toml:10:1: duplicate content id 'a' (first at line 6)"), r.stdout + r.stderr)
        XCTAssertTrue((r.stdout + r.stderr).contains("bad.toml:8:1: 'text' shows '{nxet}', which has no value: add it to [values] (did you mean '{next}'?)"), r.stdout + r.stderr)
        XCTAssertTrue((r.stdout + r.stderr).contains("'text': a '{' with no '}'; write '{{' for a brace"), r.stdout + r.stderr)
        XCTAssertTrue((r.stdout + r.stderr).contains("'rows' is bound to '{missing_rows}', which has no value"), r.stdout + r.stderr)
    }

    /// A data file is reported where the problem is written: a syntax error where parsing
    /// stopped, a wrong value at its own key (the first such key in the file).
    func testDataFileProblemsNameTheirLine() throws {
        let path = "\(dir)/data.json"
        func problem(_ text: String) -> String {
            try? text.write(toFile: path, atomically: true, encoding: .utf8)
            do { _ = try DataFile.read(path); return "no error" } catch { return error.description.replacingOccurrences(of: dir + "/", with: "") }
        }
        XCTAssertEqual(problem("{\n  \"who\": \"me\",\n  \"departures\": [{\"title\": 3}]\n}\n"),
                       #"data.json:3:3: "departures"[0]: "title" must be a string"#)
        XCTAssertEqual(problem(#"{"a": "x:\"y\"", "b": {"c": 1}, "d": [1]}"#),
                       #"data.json:1:18: "b" must be a text, a number, a boolean or an array of rows (values do not nest)"#,
                       "the first wrong key in the file, past a string holding quotes and a colon")
        XCTAssertTrue(problem("{\n\"a\": 1,\n\"b\": }").hasPrefix("data.json:3:"), problem("{\n\"a\": 1,\n\"b\": }"))
        XCTAssertEqual(problem("[1]"), #"data.json:1:1: a data file is one JSON object of named values ({"name": value, ...}), not an array"#)
        XCTAssertEqual(problem("{\"a\": 1, \"a\": 2}"), #"data.json:1:10: not valid JSON: the key "a" appears twice in one object"#)
        XCTAssertEqual(problem(#"{"ok": "yes"}"#), "no error")
    }

    /// The limit on a text holds after its values are filled in: each part was within it,
    /// the whole was not (1365 `{a}` with a 4000-byte `a`: 5.5 MB to shape).
    func testAFilledInTextIsHeldToTheTextLimit() throws {
        let many = String(repeating: "{a}", count: 1365)
        let x = Template.render(many, ["a": .text(String(repeating: "x", count: 4000))])
        XCTAssertEqual(x.utf8.count, LiveLimits.maxTextBytes)
        // Cut at a character: "é" is two bytes, and a half one would show as a replacement mark.
        let e = Template.render("!{a}", ["a": .text(String(repeating: "é", count: 3000))])
        XCTAssertEqual(e.utf8.count, LiveLimits.maxTextBytes - 1)
        XCTAssertEqual(e, "!" + String(repeating: "é", count: (LiveLimits.maxTextBytes - 1) / 2))
        XCTAssertEqual(Template.render("{a} {b}", ["a": .text("1"), "b": .text("2")]), "1 2", "short texts are whole")
    }

    func testLiteralBracesAndNumbersAsValues() throws {
        XCTAssertEqual(Template.render("{{x}} {n}°", ["n": .text("21")]), "{x} 21°")
        // The brace scan that lets plain texts skip parsing, on texts that are not ASCII,
        // long enough to be stored out of line, and made from a slice of another's bytes.
        // (Every String is contiguous on Linux: the scan's fallback for a non-contiguous one
        // runs only where strings can be bridged, and is not reached here.)
        XCTAssertEqual(Template.render("Gleis 4 → Zürich Hbf, ab 12:04 über Olten", ["n": .text("1")]),
                       "Gleis 4 → Zürich Hbf, ab 12:04 über Olten")
        XCTAssertEqual(Template.render("Zürich → {n}", ["n": .text("Bern")]), "Zürich → Bern")
        XCTAssertEqual(Template.render("}}", [:]), "}")
        XCTAssertFalse(Template.hasBraces(""))
        XCTAssertTrue(Template.hasBraces(String(repeating: "é", count: 40) + "}"))
        XCTAssertTrue(Template.hasBraces(String("x{y".utf8.dropFirst())!))
        let list = ContentSpec(.list(rows: .given([ContentSpec.Row(title: "plain", subtitle: "Ab {time}")]), slideMS: 0),
                               id: "l", hidden: false, origin: SourcePosition())
        XCTAssertEqual(LiveContent.names(in: list), ["time"])
        XCTAssertEqual(Template.binding("{departures}"), "departures")
        XCTAssertNil(Template.binding("Next {departures}"))
        let v = try ControlCommand.values(from: .object(["n": .number(21), "f": .number(2.5), "b": .bool(true)]))
        XCTAssertEqual(v, ["n": .text("21"), "f": .text("2.5"), "b": .text("true")])
    }

    // MARK: through the binary

    /// `render --script` with `send` lines and `--state` showing the values.
    func testRenderPlaysSendLinesAndStateHasValues() throws {
        let script = "\(dir)/feed.touch"
        try """
        # a '#' inside the JSON is not a comment
        50 send {"cmd": "set_values", "values": {"clock": "09:41 #1"}}
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "--config", CLI.root + "/examples/departures.toml", "--script", script,
                             "--out", dir + "/cli", "--state", dir + "/state.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let state = try String(contentsOfFile: dir + "/state.json", encoding: .utf8)
        XCTAssertTrue(state.contains(#""clock": "09:41 #1""#), state)
        try "10 send {\"cmd\": \"set\", \"id\": \"nxet\", \"text\": \"x\"}\n".write(toFile: script, atomically: true, encoding: .utf8)
        let bad = try CLI.run(["render", "--config", CLI.root + "/examples/departures.toml", "--script", script, "--out", dir + "/cli"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("feed.touch:1: no content node 'nxet' (did you mean 'next'?)"), bad.stderr)
    }
}

/// The cost of live content on the device's frame path, printed as a figure (not asserted:
/// a busy machine would break a timed assertion). `scripts/test` runs it in the release build.
final class LiveContentBenchTests: XCTestCase {
    /// One second of the departures board at 60 Hz with 100 `set_values` in it (the clock,
    /// the next train and all departure rows), each frame drawn with its damage as on the
    /// device: the extra frame time against the same second with no updates.
    func testHundredSetValuesPerSecondOnTheDeparturesBoard() throws {
        let app = try AppConfig.load(path: CLI.root + "/examples/departures.toml")
        let geometry = FrameGeometry(widthPx: 800, heightPx: 480, scale: 1, board: .offscreenDefault)
        func second(updates: Int) throws -> (meanMS: Double, maxMS: Double, damagedPx: Int) {
            let runtime = try KioskRuntime(app: app, geometry: geometry, eventsPath: nil, now: .zero)
            _ = runtime.drawFrame(showingAt: .zero)
            var total = 0.0, worst = 0.0, pixels = 0, sent = 0
            for frame in 1...60 {
                let t = Double(frame) * 1000 / 60
                let start = monotonicNanoseconds()
                while sent < updates * frame / 60 {
                    sent += 1
                    let rows = (0..<8).map { i in
                        ContentSpec.Row(title: String(format: "08:%02d  S%d  Airport", (sent + i * 3) % 60, i + 1),
                                        subtitle: "Platform \(i % 4 + 1) · +\(sent % 7) min")
                    }
                    _ = try runtime.execute(.setValues(["clock": .text(String(format: "08:%02d:%02d", sent / 60, sent % 60)),
                                                        "next_train": .text(String(format: "08:%02d", sent % 60)),
                                                        "departures": .rows(rows)]), at: .milliseconds(t))
                }
                for r in runtime.drawFrame(showingAt: .milliseconds(t)) { pixels += r.width * r.height }
                let ms = Double(monotonicNanoseconds() - start) / 1e6
                total += ms
                worst = max(worst, ms)
            }
            return (total / 60, worst, pixels / 60)
        }
        _ = try second(updates: 100)   // warm the glyph cache
        let idle = try second(updates: 0), busy = try second(updates: 100)
        print(String(format: "LIVE-CONTENT: 100 set_values/s on departures at 800x480: %.3f ms per frame (max %.3f, %d px repainted per frame); with no updates %.3f ms; cost %.3f ms per frame",
                     busy.meanMS, busy.maxMS, busy.damagedPx, idle.meanMS, busy.meanMS - idle.meanMS))
        XCTAssertGreaterThan(busy.damagedPx, 0, "updates repaint something")
        XCTAssertLessThan(busy.damagedPx, 800 * 480, "updates repaint part of the frame, not all of it")
    }
}
