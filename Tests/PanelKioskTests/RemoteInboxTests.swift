import Foundation
@testable import PanelKiosk
import Synchronization
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

    /// Senders cancelled while they wait for room leave the waiting list at once: a program
    /// that retries with a timeout while the loop is stalled does not grow it, and the loop's
    /// `next` does not walk over them. The one still waiting gets the place `next` frees.
    func testCancelledRoomWaitersLeaveTheList() throws {
        let inbox = try RemoteInbox()
        for _ in 0..<RemoteInbox.capacity { XCTAssertNil(inbox.put(.command(.setValues([:]), { _ in }))) }
        let n = 200
        let answers = Mutex<[KioskError.Reason?]>([])
        let ended = expectation(description: "every cancelled wait ended")
        ended.expectedFulfillmentCount = n
        var tasks: [Task<Void, Never>] = []
        for _ in 0..<n {
            tasks.append(Task.detached { @Sendable in
                let answer = await inbox.waitForRoom()
                answers.withLock { $0.append(answer?.reason) }
                ended.fulfill()
            })
        }
        wait(for: [expectation(for: NSPredicate { _, _ in inbox.roomWaiterCount == n }, evaluatedWith: nil)], timeout: 60)
        for t in tasks { t.cancel() }
        wait(for: [ended], timeout: 60)
        XCTAssertEqual(answers.withLock { $0.filter { $0 == .cancelled }.count }, n)
        XCTAssertEqual(inbox.roomWaiterCount, 0, "cancelled senders left in the list")

        let woken = expectation(description: "the sender still waiting got the place")
        let last = Mutex<KioskError??>(nil)
        Task.detached {
            let answer = await inbox.waitForRoom()
            last.withLock { $0 = .some(answer) }
            woken.fulfill()
        }
        wait(for: [expectation(for: NSPredicate { _, _ in inbox.roomWaiterCount == 1 }, evaluatedWith: nil)], timeout: 60)
        XCTAssertNotNil(inbox.next())
        wait(for: [woken], timeout: 60)
        XCTAssertEqual(last.withLock { $0 }.map { $0 == nil }, true, "room, not a refusal")
        inbox.close(because: "test over")
    }

    /// A place freed goes to the oldest sender waiting for it, and when that sender will not
    /// use it (cancelled after it was woken, before it queued), `passOnRoom` hands it to
    /// the next: one freed place never leaves a sender waiting with room in the queue. A
    /// woken sender whose place another took waits first in line again.
    func testAFreedPlaceReachesASenderThatWillUseIt() throws {
        let inbox = try RemoteInbox()
        func fillUp() { while inbox.put(.command(.setValues([:]), { _ in })) == nil {} }
        fillUp()
        let woken = Mutex<[String]>([])
        func waiter(_ name: String, atFront: Bool = false) -> XCTestExpectation {
            let done = expectation(description: "\(name) woken")
            Task.detached { @Sendable in
                if await inbox.waitForRoom(atFront: atFront) == nil { woken.withLock { $0.append(name) } }
                done.fulfill()
            }
            return done
        }
        func waitForList(_ n: Int) {
            wait(for: [expectation(for: NSPredicate { _, _ in inbox.roomWaiterCount == n }, evaluatedWith: nil)], timeout: 60)
        }
        let a = waiter("a"); waitForList(1)
        let b = waiter("b"); waitForList(2)
        XCTAssertNotNil(inbox.next())
        wait(for: [a], timeout: 60)
        XCTAssertEqual(woken.withLock { $0 }, ["a"], "the oldest first")
        XCTAssertEqual(inbox.roomWaiterCount, 1)
        inbox.passOnRoom()               // a will not use its place
        wait(for: [b], timeout: 60)
        XCTAssertEqual(woken.withLock { $0 }, ["a", "b"])

        // b's place is taken by a sender that did not wait; b waits again, first in line.
        fillUp()
        let c = waiter("c"); waitForList(1)
        let b2 = waiter("b again", atFront: true); waitForList(2)
        XCTAssertNotNil(inbox.next())
        wait(for: [b2], timeout: 60)
        XCTAssertEqual(woken.withLock { $0 }, ["a", "b", "b again"], "before c, who came later")
        inbox.close(because: "test over")
        wait(for: [c], timeout: 60)
    }
}
