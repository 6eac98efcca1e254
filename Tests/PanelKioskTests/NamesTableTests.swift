import XCTest
import DrawerRuntime
@testable import PanelKiosk

/// docs/swift-api.md maps every control-socket command and every event word to its Swift
/// name; a command or an event added without a row there fails here.
final class NamesTableTests: XCTestCase {
    private func firstColumn() throws -> Set<String> {
        let text = try String(contentsOfFile: CLI.root + "/docs/swift-api.md", encoding: .utf8)
        var words = Set<String>()
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cell = line.dropFirst(3).prefix { $0 != "`" }
            words.insert(String(cell))
        }
        return words
    }

    func testEverySocketCommandHasARow() throws {
        let documented = try firstColumn()
        let commands = Set(ControlCommand.fields.keys).union(ServiceCommand.fields.keys)
        XCTAssertGreaterThan(commands.count, 30)
        XCTAssertEqual(commands.subtracting(documented).sorted(), [], "commands without a row in docs/swift-api.md")
    }

    /// One value of each event case; `caseNumber` is exhaustive, so a new case must be numbered
    /// there, and then this list misses it until it gets a sample.
    private let samples: [KioskEvent] = [
        .positionWillChange(drawer: "d", from: .collapsed, to: .open), .positionDidChange(drawer: "d", position: .open),
        .distanceChanged(drawer: "d", distancePt: 1), .anchorWillChange(sheet: "s", from: 0, to: 1),
        .anchorDidChange(sheet: "s", index: 1),
        .pagesChanged(sheet: "s", change: .push, depth: 2), .pagesChanged(sheet: "s", change: .pop, depth: 1),
        .pagesChanged(sheet: "s", change: .setPages, depth: 1),
        .paneStateWillChange(sideDrawer: "m", state: .open, direction: .left),
        .paneStateDidChange(sideDrawer: "m", state: .open, direction: .left),
        .dismissStatus(component: "c", status: .completed),
        .barItemChanged(popup: "p", index: 0, title: "t"), .action(target: "x", id: "y"),
    ] + KioskEvent.PopupChange.allCases.map { .popup(popup: "p", change: $0) }

    private func caseNumber(_ e: KioskEvent) -> Int {
        switch e {
        case .positionWillChange: 0
        case .positionDidChange: 1
        case .distanceChanged: 2
        case .anchorWillChange: 3
        case .anchorDidChange: 4
        case .pagesChanged: 5
        case .paneStateWillChange: 6
        case .paneStateDidChange: 7
        case .dismissStatus: 8
        case .popup: 9
        case .barItemChanged: 10
        case .action: 11
        }
    }

    func testEveryEventWordHasARow() throws {
        XCTAssertEqual(Set(samples.map(caseNumber)), Set(0...11), "a case has no sample")
        let documented = try firstColumn()
        let words = Set(samples.map(\.name))
        XCTAssertEqual(words.subtracting(documented).sorted(), [], "events without a row in docs/swift-api.md")
    }
}
