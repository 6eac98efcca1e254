import XCTest
@testable import DrawerRuntime

/// The event log's wire form is derived from the typed event in one place (`KioskEvent.name`
/// and `fields`): each kind of line, exactly as docs/formats.md ("Event log") gives it.
final class KioskEventTests: XCTestCase {
    func testEveryEventHasItsDocumentedLine() {
        let cases: [(KioskEvent, String)] = [
            (.positionWillChange(drawer: "d", from: .collapsed, to: .open),
             #"{"t_ms": 5, "target": "d", "event": "position_will_change", "from": "collapsed", "to": "open"}"#),
            (.positionDidChange(drawer: "d", position: .partiallyRevealed),
             #"{"t_ms": 5, "target": "d", "event": "position_did_change", "position": "partiallyRevealed"}"#),
            (.distanceChanged(drawer: "d", distancePt: 264.5),
             #"{"t_ms": 5, "target": "d", "event": "distance_changed", "distance_pt": 264.5}"#),
            (.anchorWillChange(sheet: "s", from: 1, to: 0),
             #"{"t_ms": 5, "target": "s", "event": "anchor_will_change", "from": 1, "to": 0}"#),
            (.anchorDidChange(sheet: "s", index: 2), #"{"t_ms": 5, "target": "s", "event": "anchor_did_change", "index": 2}"#),
            (.pagesChanged(sheet: "s", change: .push, depth: 2), #"{"t_ms": 5, "target": "s", "event": "push", "depth": 2}"#),
            (.pagesChanged(sheet: "s", change: .pop, depth: 1), #"{"t_ms": 5, "target": "s", "event": "pop", "depth": 1}"#),
            (.pagesChanged(sheet: "s", change: .setPages, depth: 3), #"{"t_ms": 5, "target": "s", "event": "set_pages", "depth": 3}"#),
            (.paneStateWillChange(sideDrawer: "m", state: .open, direction: .left),
             #"{"t_ms": 5, "target": "m", "event": "pane_state_will_change", "state": "open", "direction": "left"}"#),
            (.paneStateDidChange(sideDrawer: "m", state: .closed, direction: .right),
             #"{"t_ms": 5, "target": "m", "event": "pane_state_did_change", "state": "closed", "direction": "right"}"#),
            (.dismissStatus(component: "c", status: .cancelled), #"{"t_ms": 5, "target": "c", "event": "status", "status": "cancelled"}"#),
            (.popup(popup: "p", change: .barPresented), #"{"t_ms": 5, "target": "p", "event": "bar_presented"}"#),
            (.popup(popup: "p", change: .barDismissed), #"{"t_ms": 5, "target": "p", "event": "bar_dismissed"}"#),
            (.popup(popup: "p", change: .willOpen), #"{"t_ms": 5, "target": "p", "event": "popup_will_open"}"#),
            (.popup(popup: "p", change: .willClose), #"{"t_ms": 5, "target": "p", "event": "popup_will_close"}"#),
            (.popup(popup: "p", change: .didOpen), #"{"t_ms": 5, "target": "p", "event": "popup_did_open"}"#),
            (.popup(popup: "p", change: .didClose), #"{"t_ms": 5, "target": "p", "event": "popup_did_close"}"#),
            (.popup(popup: "p", change: .barMinimized), #"{"t_ms": 5, "target": "p", "event": "bar_minimized"}"#),
            (.popup(popup: "p", change: .barExpanded), #"{"t_ms": 5, "target": "p", "event": "bar_expanded"}"#),
            (.barItemChanged(popup: "p", index: 1, title: "Ünïcode \"q\""),
             #"{"t_ms": 5, "target": "p", "event": "bar_item_changed", "index": 1, "title": "Ünïcode \"q\""}"#),
            (.action(target: "background", id: "call"), #"{"t_ms": 5, "target": "background", "event": "action", "id": "call"}"#),
        ]
        for (event, line) in cases {
            XCTAssertEqual(RuntimeEvent(timeMS: 5, event).json.encoded, line)
        }
    }

    /// The sink hands listeners the typed value it was given, stamped with the time.
    func testTheSinkKeepsTheTypedEvent() {
        let sink = EventSink()
        var heard: [RuntimeEvent] = []
        sink.addListener { heard.append($0) }
        sink.emit(.anchorDidChange(sheet: "s", index: 1), at: .milliseconds(250))
        XCTAssertEqual(heard.map(\.event), [.anchorDidChange(sheet: "s", index: 1)])
        XCTAssertEqual(heard.first?.timeMS, 250)
        XCTAssertEqual(heard.first?.field("index"), .number(1))
    }
}
