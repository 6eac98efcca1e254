import Foundation
import PanelRenderer
import XCTest

/// Swipe to dismiss through the real binary with the worked numbers of docs/components.md,
/// Swipe to dismiss W5 (H = 844).
final class SwipeDismissRenderTests: XCTestCase {
    func app(sticky: Bool = false, rows: Int = 3, presented: Bool = true) -> String {
        var s = """
            [[component]]
            id = "modal"
            kind = "swipe_dismiss"
            title = "Modal"
            sticky = \(sticky)
            presented = \(presented)
            [component.content]
            kind = "list"
            """
        for i in 0..<rows { s += "\n[[component.content.rows]]\ntitle = \"Row \(i)\"\n" }
        return s
    }

    /// A slow drag of `distance` pt from y = 100, resting 100 ms before `end` ("up", "cancel" or "").
    func slowDrag(_ distance: Double, end: String = "up") -> String {
        var lines = ["0 down 1 200 100"]
        for i in 1...10 { lines.append("\(i * 30) move 1 200 \(100 + distance * Double(i) / 10)") }
        if !end.isEmpty { lines.append("400 \(end) 1") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `gesture = false` in the app file starts without the swipe (a 300 pt drag leaves the
    /// card in place, no status); `set_gesture` on the socket adds it, a `do` line removes it.
    func testTheGestureFromTheAppFileTheSocketAndADoLine() throws {
        let off = app().replacingOccurrences(of: "presented = true", with: "presented = true\ngesture = false")
        let still = try RenderRun.run(app: off, script: slowDrag(300), size: "390x844")
        XCTAssertEqual(still.names("modal"), [], "no swipe")
        XCTAssertEqual(still.number("modal", "offset_pt"), 0)
        XCTAssertEqual(still.component("modal")["gesture"] as? Bool, false)
        let on = try RenderRun.run(app: off, script: "0 send {\"cmd\":\"set_gesture\",\"target\":\"modal\",\"enabled\":true}\n"
                                   + slowDrag(300).replacingOccurrences(of: "0 down", with: "10 down"), size: "390x844")
        XCTAssertEqual(on.names("modal"), ["status status=initiated", "status status=completed"])
        let offAgain = try RenderRun.run(app: app(), script: "0 do modal set_gesture off\n" + slowDrag(300).replacingOccurrences(of: "0 down", with: "10 down"),
                                         size: "390x844")
        XCTAssertEqual(offAgain.names("modal"), [])
        XCTAssertEqual(offAgain.component("modal")["gesture"] as? Bool, false)
    }

    func testStickyThreeHundredPointDragDismissesOn844() throws {
        let held = try RenderRun.run(app: app(sticky: true), script: slowDrag(300, end: ""), size: "390x844")
        XCTAssertEqual(held.number("modal", "offset_pt"), 150, "the view moved half the finger's 300 pt")
        XCTAssertEqual(held.number("modal", "alpha"), 0.822, accuracy: 0.001)
        XCTAssertEqual(held.names("modal"), [], "nothing while dragging")
        let released = try RenderRun.run(app: app(sticky: true), script: slowDrag(300), size: "390x844")
        XCTAssertEqual(released.names("modal"), ["status status=initiated", "status status=completed"],
                       "300 > 253.2 on the raw translation")
        XCTAssertEqual(released.component("modal")["presented"] as? Bool, false)
        XCTAssertEqual(released.number("modal", "offset_pt"), 844)
        XCTAssertEqual(released.number("modal", "alpha"), 0)
        let times = released.events.map { ($0["t_ms"] as? NSNumber)?.doubleValue ?? 0 }
        XCTAssertEqual(times[1] - times[0], 200, accuracy: 17, "a 0.2 s slide")
    }

    func testSlowTwoHundredPointDragCancelsAndReturns() throws {
        let run = try RenderRun.run(app: app(), script: slowDrag(200), size: "390x844")
        XCTAssertEqual(run.names("modal"), ["status status=cancelled"], "200 < 253.2 and slow")
        XCTAssertEqual(run.number("modal", "offset_pt"), 0)
        XCTAssertEqual(run.component("modal")["presented"] as? Bool, true)
        XCTAssertEqual(run.component("modal")["last_status"] as? String, "cancelled")
    }

    func testFastShortFlickDismisses() throws {
        // 60 pt in 40 ms: 1500 pt/s > 1300 pt/s, far below 253.2 pt.
        let script = "0 down 1 200 100\n10 move 1 200 115\n20 move 1 200 130\n30 move 1 200 145\n40 move 1 200 160\n40 up 1\n"
        let run = try RenderRun.run(app: app(), script: script, size: "390x844")
        XCTAssertEqual(run.names("modal"), ["status status=initiated", "status status=completed"])
    }

    func testUpwardDragsNeverDismiss() throws {
        let script = "0 down 1 200 700\n10 move 1 200 650\n20 move 1 200 550\n30 move 1 200 400\n30 up 1\n"
        // Short content: the card itself is dragged up (clamped at 0) and the release cancels.
        let fits = try RenderRun.run(app: app(), script: script, size: "390x844")
        XCTAssertEqual(fits.names("modal"), ["status status=cancelled"])
        XCTAssertEqual(fits.number("modal", "offset_pt"), 0)
        // Long content: the list scrolls instead; no status at all.
        let scrolls = try RenderRun.run(app: app(rows: 40), script: script, size: "390x844")
        XCTAssertEqual(scrolls.names("modal"), [])
        XCTAssertGreaterThan(scrolls.number("modal", "scroll_offset_pt"), 300, "scrolled 300, then its momentum")
        XCTAssertEqual(scrolls.component("modal")["presented"] as? Bool, true)
    }

    func testTouchCancelGivesCancelled() throws {
        let run = try RenderRun.run(app: app(), script: slowDrag(400, end: "cancel"), size: "390x844")
        XCTAssertEqual(run.names("modal"), ["status status=cancelled"], "even past the distance threshold")
        XCTAssertEqual(run.number("modal", "offset_pt"), 0)
    }

    func testListScrollsThenHandsOverToTheDismissalInOneGesture() throws {
        // 40 rows: the list scrolls up 200 pt, then the same finger comes down 300 pt:
        // 200 scroll the list back to its top, the last 100 move the card.
        var lines = ["0 down 1 200 600"]
        for i in 1...10 { lines.append("\(i * 20) move 1 200 \(600 - i * 20)") }
        for i in 1...10 { lines.append("\(200 + i * 20) move 1 200 \(400 + i * 30)") }
        let held = try RenderRun.run(app: app(rows: 40), script: lines.joined(separator: "\n") + "\n", size: "390x844")
        XCTAssertEqual(held.number("modal", "scroll_offset_pt"), 0)
        XCTAssertEqual(held.number("modal", "offset_pt"), 100)
    }

    func testPresentSlidesItIn() throws {
        let before = try RenderRun.run(app: app(presented: false), script: "0 down 1 5 5\n10 up 1\n")
        XCTAssertEqual(before.component("modal")["presented"] as? Bool, false)
        XCTAssertEqual(before.number("modal", "offset_pt"), 480)
        let run = try RenderRun.run(app: app(presented: false), script: "0 do modal present\n", at: [100])
        XCTAssertEqual(run.component("modal")["presented"] as? Bool, true)
        XCTAssertEqual(run.number("modal", "offset_pt"), 0)
        XCTAssertEqual(run.number("modal", "alpha"), 1)
    }

    // MARK: Frames (light and dark)

    func testFramesAtRestAndMidGestureInBothThemes() throws {
        let example = try String(contentsOfFile: CLI.root + "/examples/dismiss.toml", encoding: .utf8)
        // A slow 100 pt drag held: offset 100, alpha (480 − 100) / 480 = 0.79.
        var lines = ["0 down 1 700 150"]
        for i in 1...5 { lines.append("\(i * 20) move 1 700 \(150 + i * 20)") }
        for (appearance, card) in [("light", Color(rgb: 0xFFFFFF)), ("dark", Color(rgb: 0x1C1C1E))] {
            let app = example.replacingOccurrences(of: #"appearance = "light""#, with: #"appearance = "\#(appearance)""#)
            let run = try RenderRun.run(app: app, script: lines.joined(separator: "\n") + "\n", at: [0, 100])
            XCTAssertEqual(run.number("modal", "offset_pt"), 100)
            let rest = try run.frame("frame-000000.png")
            XCTAssertEqual(rest.color(x: 700, y: 300), card, "\(appearance): full-screen card at rest")
            XCTAssertEqual(rest.color(x: 700, y: 2), card, "\(appearance): it covers the top too")
            let mid = try run.frame("frame-000100.png")
            let bgTop = mid.color(x: 700, y: 2)
            XCTAssertEqual(Int(bgTop.r), 0xF6, accuracy: 3, "\(appearance): the background shows above the moved card")
            // The card fades: 0.79 card over the gradient at that row.
            let alpha = 380.0 / 480
            let p = mid.color(x: 700, y: 300)
            let bgRow300 = 0xF6 + (0xD9 - 0xF6) * 300.0 / 479
            XCTAssertEqual(Double(p.r), alpha * Double(card.r) + (1 - alpha) * bgRow300, accuracy: 4,
                           "\(appearance): faded card")
        }
    }
}
