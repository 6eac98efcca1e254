#if canImport(Glibc)
import Glibc
#endif
import Foundation
import XCTest
@testable import PanelKiosk

/// `status` against peers that are not a kiosk: bounded memory, and a message that says what
/// the peer did. The peer is a real Unix socket served by a thread of this test.
final class StatusClientTests: XCTestCase {
    /// Listens at a fresh path; `serve` gets each accepted connection (after the request is read).
    private func peer(_ serve: @escaping @Sendable (Int32) -> Void) throws -> String {
        let path = NSTemporaryDirectory() + "pk-status-\(UUID().uuidString.prefix(8)).sock"
        let address = try XCTUnwrap(UnixAddress(path))
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertEqual(address.withSockaddr { bind(fd, $0, $1) }, 0)
        XCTAssertEqual(listen(fd, 4), 0)
        Thread.detachNewThread {
            let c = accept(fd, nil, nil)
            guard c >= 0 else { return }
            var request = [UInt8](repeating: 0, count: 4096)
            _ = request.withUnsafeMutableBytes { recv(c, $0.baseAddress, $0.count, 0) }
            serve(c)
            close(c)
            close(fd)
            unlink(path)
        }
        return path
    }

    func testAPeerThatStreamsWithoutALineEndIsCutOff() throws {
        let path = try peer { c in
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
            // Until the client hangs up (EPIPE): 8 MiB at most.
            for _ in 0..<128 where chunk.withUnsafeBytes({ send(c, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) > 0 {}
        }
        guard case .failure(let e) = StatusClient.ask(path: path, timeoutMS: 20_000) else { return XCTFail("an answer from a flood") }
        XCTAssertTrue(e.description.contains("sent over 1024 KiB without a line end: not a panel-kiosk control socket"), e.description)
    }

    func testAPeerThatAnswersSomethingElseIsQuoted() throws {
        let path = try peer { c in _ = "hello world\n".withCString { send(c, $0, 12, Int32(MSG_NOSIGNAL)) } }
        guard case .failure(let e) = StatusClient.ask(path: path, timeoutMS: 20_000) else { return XCTFail("an answer from a stranger") }
        XCTAssertTrue(e.description.contains("answered something that is not a panel-kiosk reply (\"hello world\")"), e.description)
    }
}
