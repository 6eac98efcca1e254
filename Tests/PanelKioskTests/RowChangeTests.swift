import DrawerRuntime
import Foundation
import PanelRenderer
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// Rows inserted or removed at run time. Above what a scrolled list shows, they leave the
/// screen as it was: the component's scroll offset moves with the rows (drawer, sheet with a
/// gliding list); a list at its top shows new rows at the top. Elsewhere what they move
/// slides into place, in a component's list and in a list inside a stack alike.
final class RowChangeTests: XCTestCase {
    static let rowHeight = 52.0

    /// A component of `kind` showing a 40-row list with id `places`.
    func app(_ kind: String) -> String {
        let rows = (0..<40).map { "[[X]]\ntitle = \"Row \($0)\"\nsubtitle = \"stop \($0)\"\n" }
        switch kind {
        case "bottom_drawer":
            return """
            name = "Anchor"
            [[component]]
            id = "c"
            kind = "bottom_drawer"
            initial = "open"
            [component.content]
            id = "places"
            kind = "list"

            """ + rows.joined(separator: "\n").replacingOccurrences(of: "[[X]]", with: "[[component.content.rows]]")
        default:
            return """
            name = "Anchor"
            [[component]]
            id = "c"
            kind = "sheet"
            [[component.pages]]
            id = "root"
            title = "Places"
            [component.pages.content]
            id = "places"
            kind = "list"

            """ + rows.joined(separator: "\n").replacingOccurrences(of: "[[X]]", with: "[[component.pages.content.rows]]")
        }
    }

    /// The final frame and runtime after `script` (render's path, in process).
    func run(_ app: String, _ script: String) throws -> (Pixmap, KioskRuntime) {
        let dir = CLI.tempDir()
        try app.write(toFile: dir + "/app.toml", atomically: true, encoding: .utf8)
        let outcome = try OffscreenRun().run(app: try AppConfig.load(path: dir + "/app.toml"),
                                             geometry: FrameGeometry(widthPx: 480, heightPx: 800, scale: 1, board: .offscreenDefault),
                                             script: try TouchScript.parse(script, name: "anchor.touch"), into: dir + "/out")
        return (outcome.runtime.frame.pixmap, outcome.runtime)
    }

    func offset(_ runtime: KioskRuntime) -> Double {
        guard case .number(let v)? = runtime.state(timeMS: 0)["components"]?["c"]?["scroll_offset_pt"] else { return .nan }
        return v
    }

    func differingPixels(_ a: Pixmap, _ b: Pixmap) -> Int {
        var n = 0
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { n += 1 } }
        return n
    }

    /// A slow drag up on the open drawer's list: it scrolls 200 pt, and the finger stops
    /// before lifting (Pulley has no fling; nothing moves afterwards).
    let scrollDrawer = (["0 down 1 240 600"] + (1...10).map { "\($0 * 20) move 1 240 \(600 - $0 * 20)" }
                        + ["400 up 1"]).joined(separator: "\n")

    /// A line that changes nothing, so both runs of a comparison have the same length.
    static func nothing(_ ms: Int) -> String { #"\#(ms) send {"cmd": "set_values", "values": {}}"# }

    func row(_ title: String) -> String { "{\"title\": \"\(title)\", \"subtitle\": \"new\"}" }

    func testDrawerRowsInsertedAboveTheViewportLeaveTheScreenAsItWas() throws {
        let (still, before) = try run(app("bottom_drawer"), scrollDrawer + "\n" + Self.nothing(1000))
        XCTAssertEqual(offset(before), 200, "the drag scrolled the list")
        let insert = #"1000 send {"cmd": "insert_rows", "id": "places", "at": 1, "rows": [\#(row("A")), \#(row("B")), \#(row("C"))]}"#
        let (inserted, after) = try run(app("bottom_drawer"), scrollDrawer + "\n" + insert)
        XCTAssertEqual(offset(after), 200 + 3 * Self.rowHeight, "the offset follows the rows")
        XCTAssertEqual(differingPixels(still, inserted), 0, "the rows on screen stay where they were")
        // Removed above: the offset goes back up by the rows that went.
        let remove = #"1000 send {"cmd": "remove_rows", "id": "places", "at": 0, "count": 2}"#
        let (removed, afterRemove) = try run(app("bottom_drawer"), scrollDrawer + "\n" + remove)
        XCTAssertEqual(offset(afterRemove), 200 - 2 * Self.rowHeight)
        XCTAssertEqual(differingPixels(still, removed), 0)
    }

    /// The departures board's way: the whole rows array sent again, the first two gone and
    /// two new at the end. The row at the viewport's top is found in the new rows.
    func testRowsReplacedKeepTheRowAtTheTop() throws {
        let (still, _) = try run(app("bottom_drawer"), scrollDrawer + "\n" + Self.nothing(1000))
        let rows = ((2..<40).map { "{\"title\": \"Row \($0)\", \"subtitle\": \"stop \($0)\"}" } + [row("Y"), row("Z")])
        let set = "1000 send {\"cmd\": \"set\", \"id\": \"places\", \"rows\": [\(rows.joined(separator: ", "))]}"
        let (replaced, runtime) = try run(app("bottom_drawer"), scrollDrawer + "\n" + set)
        XCTAssertEqual(offset(runtime), 200 - 2 * Self.rowHeight)
        XCTAssertEqual(differingPixels(still, replaced), 0)
    }

    /// At the very top new rows show (a feed); below the viewport nothing on screen moves.
    func testAListAtItsTopShowsNewRowsAndRowsBelowDoNotMoveIt() throws {
        let top = #"1000 send {"cmd": "insert_rows", "id": "places", "at": 0, "rows": [\#(row("Newest"))]}"#
        let (_, atTop) = try run(app("bottom_drawer"), top)
        XCTAssertEqual(offset(atTop), 0, "a list at its top stays there and shows the new row")
        let (still, _) = try run(app("bottom_drawer"), scrollDrawer + "\n" + Self.nothing(1000))
        let below = #"1000 send {"cmd": "insert_rows", "id": "places", "at": 30, "rows": [\#(row("Late"))]}"#
        let (belowFrame, belowRuntime) = try run(app("bottom_drawer"), scrollDrawer + "\n" + below)
        XCTAssertEqual(offset(belowRuntime), 200)
        XCTAssertEqual(differingPixels(still, belowFrame), 0, "row 30 is off screen")
    }

    /// A sheet's list gliding after a flick when rows arrive above it: the glide goes on from
    /// the same place on screen and ends exactly the inserted rows further on.
    func testAGlidingSheetListGlidesOnOverInsertedRows() throws {
        var flick = ["0 do c snap 0 instant", "100 down 1 240 700"]
        for i in 1...6 { flick.append("\(100 + i * 10) move 1 240 \(700 - i * 10)") }
        flick.append("170 up 1")
        let (_, plain) = try run(app("sheet"), flick.joined(separator: "\n") + "\n" + Self.nothing(300))
        let insert = #"300 send {"cmd": "insert_rows", "id": "places", "at": 0, "rows": [\#(row("A")), \#(row("B"))]}"#
        let (_, anchored) = try run(app("sheet"), flick.joined(separator: "\n") + "\n" + insert)
        let glide = offset(plain)
        XCTAssertGreaterThan(glide, 300, "the flick glides past the finger's travel")
        XCTAssertLessThan(glide, 40 * Self.rowHeight - 800, "and stops before the end of the list")
        // The glide restarts its fixed-step integration at the insert, so where it comes to
        // rest may differ by a few hundredths of a point; without the anchor it is 104 off.
        XCTAssertEqual(offset(anchored), glide + 2 * Self.rowHeight, accuracy: 0.5)
    }

    /// `slide_ms` sets how long the rows below an insert slide; 0 makes them jump.
    func testSlideTimeIsTheLists() throws {
        for (key, sliding) in [("", true), ("slide_ms = 0", false)] {
            let dir = CLI.tempDir()
            try app("bottom_drawer").replacingOccurrences(of: "kind = \"list\"", with: "kind = \"list\"\n\(key)")
                .write(toFile: dir + "/app.toml", atomically: true, encoding: .utf8)
            let runtime = try KioskRuntime(app: try AppConfig.load(path: dir + "/app.toml"),
                                           geometry: FrameGeometry(widthPx: 480, heightPx: 800, scale: 1, board: .offscreenDefault),
                                           eventsPath: nil, now: .zero)
            _ = try runtime.execute(.insertRows(id: "places", at: 0, rows: [.init(title: "New")], animated: true), at: .zero)
            XCTAssertEqual(runtime.isMoving, sliding, key)
            _ = runtime.drawFrame(showingAt: .milliseconds(249))
            XCTAssertEqual(runtime.isMoving, sliding, "\(key): still sliding just before 250 ms")
            _ = runtime.drawFrame(showingAt: .milliseconds(250))
            XCTAssertFalse(runtime.isMoving, key)
        }
        let dir = CLI.tempDir()
        try app("bottom_drawer").replacingOccurrences(of: "kind = \"list\"", with: "kind = \"list\"\nslide_ms = 5000")
            .write(toFile: dir + "/app.toml", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try AppConfig.load(path: dir + "/app.toml")) {
            XCTAssertTrue("\($0)".contains("slide_ms"), "\($0)")
        }
    }

    /// A list inside the background's stack slides what follows it too, and ends showing
    /// exactly what a file with the new row shows.
    func testAListInAStackSlidesAndEndsAsTheFileWouldShowIt() throws {
        func page(_ rows: [String]) -> String {
            """
            name = "Stack"
            [background.content]
            kind = "stack"
            [[background.content.items]]
            id = "stops"
            kind = "list"
            rows = [\(rows.map { "{ title = \"\($0)\" }" }.joined(separator: ", "))]
            [[background.content.items]]
            kind = "label"
            text = "Below the list"
            """
        }
        let dir = CLI.tempDir()
        try page(["A", "B"]).write(toFile: dir + "/app.toml", atomically: true, encoding: .utf8)
        let runtime = try KioskRuntime(app: try AppConfig.load(path: dir + "/app.toml"),
                                       geometry: FrameGeometry(widthPx: 480, heightPx: 800, scale: 1, board: .offscreenDefault),
                                       eventsPath: nil, now: .zero)
        _ = runtime.drawFrame(showingAt: .zero)
        _ = try runtime.execute(.insertRows(id: "stops", at: 0, rows: [.init(title: "New")], animated: true), at: .milliseconds(10))
        XCTAssertTrue(runtime.isMoving, "the label below slides down")
        let mid = runtime.drawFrame(showingAt: .milliseconds(100))
        XCTAssertFalse(mid.isEmpty)
        _ = runtime.drawFrame(showingAt: .milliseconds(260))
        XCTAssertFalse(runtime.isMoving)
        let (fromFile, _) = try run(page(["New", "A", "B"]), "")
        XCTAssertEqual(differingPixels(runtime.frame.pixmap, fromFile), 0)
    }

    // MARK: the list alone

    func rows(_ titles: [String]) -> [ListContent.Row] { titles.map { ListContent.Row(title: $0) } }

    func list(_ titles: [String]) throws -> ListContent {
        let list = ListContent(rows: rows(titles), text: try TextRenderer(theme: .light))
        _ = list.layout(width: 300, env: Environment(size: Size(300, 200), scale: 1, theme: .light))
        return list
    }

    func testTheAnchorIsTheRowAtTheViewportTop() throws {
        let titles = (0..<20).map { "r\($0)" }
        // Part-way into row 3 (offset 170): three rows above row 2 move it by three rows.
        var l = try list(titles)
        _ = l.replace(rows: rows(["a", "b", "c"] + titles))
        XCTAssertEqual(l.anchoredScrollOffset(170, viewportHeight: 200), 170 + 3 * 52)
        // Without a change the offset is only clamped; the change is anchored once.
        XCTAssertEqual(l.anchoredScrollOffset(170, viewportHeight: 200), 170)
        XCTAssertEqual(l.anchoredScrollOffset(5000, viewportHeight: 200), Double(23 * 52 - 200))
        // The anchor row removed: the offset stays (clamped), nothing better is known.
        l = try list(titles)
        _ = l.replace(rows: rows(Array(titles[0..<3] + titles[4...])))
        XCTAssertEqual(l.anchoredScrollOffset(170, viewportHeight: 200), 170)
        // Rows that look the same: the nearest to the old place wins.
        l = try list(["x", "x", "x", "x", "x"])
        _ = l.replace(rows: rows(["y", "x", "x", "x", "x", "x"]))
        XCTAssertEqual(l.anchoredScrollOffset(60, viewportHeight: 100), 60)
        // Two changes before a frame anchor against the rows the offset referred to.
        l = try list(titles)
        _ = l.replace(rows: rows(["a"] + titles))
        _ = l.replace(rows: rows(["a", "b"] + titles))
        XCTAssertEqual(l.anchoredScrollOffset(104, viewportHeight: 200), 104 + 2 * 52)
    }

    func testAnAnchoredChangeDropsTheSlide() throws {
        let titles = (0..<20).map { "r\($0)" }
        let l = try list(titles)
        _ = l.replace(rows: rows(["a"] + titles))
        l.slideAfterRowChange(durationMS: 250, at: .zero)
        XCTAssertTrue(l.isSliding)
        _ = l.anchoredScrollOffset(300, viewportHeight: 200)
        XCTAssertFalse(l.isSliding, "the rows on screen did not move: nothing slides")
        let m = try list(titles)
        _ = m.replace(rows: rows(Array(titles[..<10]) + ["z"] + titles[10...]))
        m.slideAfterRowChange(durationMS: 250, at: .zero)
        _ = m.anchoredScrollOffset(300, viewportHeight: 200)
        XCTAssertTrue(m.isSliding, "a change below the top row slides as before")
        let n = try list(titles)
        _ = n.replace(rows: rows(titles + ["z"]))
        n.slideAfterRowChange(durationMS: 250, at: .zero)
        XCTAssertFalse(n.isSliding, "rows added at the end move nothing: no frames for it")
        m.advance(to: .milliseconds(250))
        XCTAssertFalse(m.isSliding)
    }
}
