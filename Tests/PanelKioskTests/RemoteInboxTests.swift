@testable import PanelKiosk
import XCTest

/// The remote's queue under a sender that never lets it run dry.
final class RemoteInboxTests: XCTestCase {
    func testASteadySenderKeepsTheQueueBounded() throws {
        let inbox = try RemoteInbox()
        var taken = 0
        // Always some waiting: the loop takes 300 while 300 more arrive, 200 rounds.
        for _ in 0..<500 { XCTAssertNil(inbox.put(.command(.setValues([:]), { _ in }))) }
        for _ in 0..<200 {
            for _ in 0..<300 { XCTAssertNil(inbox.put(.command(.setValues([:]), { _ in }))) }
            for _ in 0..<300 { if inbox.next() != nil { taken += 1 } }
        }
        XCTAssertEqual(taken, 60_000, "in order, none lost")
        XCTAssertLessThanOrEqual(inbox.storedItems, 2 * RemoteInbox.capacity, "taken items leave the array")
        for _ in 0..<10 { XCTAssertNil(inbox.put(.stop)) }
        var stops = 0
        while let item = inbox.next() { if case .stop = item { stops += 1 } }
        XCTAssertEqual(stops, 1, "one stop is enough")
        XCTAssertEqual(inbox.storedItems, 0)
    }
}
