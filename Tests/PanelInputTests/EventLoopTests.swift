import PanelRenderer
import XCTest
import DrawerRuntime
@testable import PanelInput
#if canImport(Glibc)
import Glibc
#endif

final class EventLoopTests: XCTestCase {
    /// A watched descriptor closed without `unwatch` leaves epoll by itself; a new one that
    /// gets its number (a control client accepted as another one went, between two syncs of
    /// the watches) must be watched, not refused with ENOENT (which stopped the kiosk).
    func testADescriptorNumberReusedAfterACloseIsWatchedAgain() throws {
        let loop = try EventLoop()
        var old: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&old), 0)
        var oldFired = 0
        try loop.watch(old[0]) { oldFired += 1 }
        let number = old[0]
        close(old[0]); close(old[1])

        var new: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&new), 0)
        // The new read end under the old number, as the kernel hands out the lowest free one.
        XCTAssertEqual(dup2(new[0], number), number)
        if new[0] != number { close(new[0]) }
        defer { close(number); close(new[1]) }
        var fired = 0
        try loop.watch(number) { fired += 1 }
        var byte: UInt8 = 1
        XCTAssertEqual(write(new[1], &byte, 1), 1)
        loop.deadline = monotonicNanoseconds() + 1_000_000_000
        XCTAssertTrue(loop.runOnce(), "the new descriptor's data woke the loop")
        XCTAssertEqual(fired, 1)
        XCTAssertEqual(oldFired, 0)
    }
}
