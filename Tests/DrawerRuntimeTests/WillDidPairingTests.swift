import XCTest
@testable import DrawerRuntime

final class WillDidPairingTests: XCTestCase {
    func testOneDidFollowsAnyNumberOfWills() {
        var p = WillDidPairing(committed: 0)
        XCTAssertEqual(p.will(toward: 2).map { [$0.from, $0.to] }, [0, 2])
        XCTAssertNil(p.will(toward: 2), "retargeted to where it was going: nothing new")
        XCTAssertEqual(p.will(toward: 1).map { [$0.from, $0.to] }, [2, 1], "caught and sent elsewhere")
        XCTAssertEqual(p.did(at: 1), 1)
        XCTAssertNil(p.did(at: 1), "one did per rest")
    }

    func testADidComesForAChangeNoWillAnnounced() {
        var p = WillDidPairing(committed: "closed")
        XCTAssertEqual(p.did(at: "open"), "open")
        XCTAssertNil(p.did(at: "open"))
    }

    func testAWillBackToWhereItRestsStillEndsInADid() {
        var p = WillDidPairing(committed: 0)
        _ = p.will(toward: 1)
        XCTAssertEqual(p.will(toward: 0).map { [$0.from, $0.to] }, [1, 0])
        XCTAssertEqual(p.did(at: 0), 0, "the will toward 1 was heard: its did must come")
    }

    func testRestSaysNothing() {
        var p = WillDidPairing(committed: 0)
        _ = p.will(toward: 3)
        p.rest(at: 2)
        XCTAssertEqual(p.destination, 2)
        XCTAssertNil(p.did(at: 2))
    }
}
