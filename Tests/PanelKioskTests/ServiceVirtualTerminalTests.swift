#if canImport(Glibc)
import Glibc
#endif
import Logging
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// VT hygiene with the ioctls recorded through the syscall table, and the real "no VT" path.
final class ServiceVirtualTerminalTests: XCTestCase {
    /// A fake console: records every call; modes start as `mode`/`keyboard`.
    final class FakeVT: @unchecked Sendable {
        var calls: [String] = []
        var mode: Int32 = 0
        var keyboard: Int32 = 3
        var failing: UInt?
        var failErrno: Int32 = EPERM
        var lastErrno: Int32 = 0
        var syscalls: VirtualTerminal.Syscalls {
            var s = VirtualTerminal.Syscalls()
            s.open = { self.calls.append("open \($0)"); return 7 }
            s.close = { self.calls.append("close \($0)") }
            s.getInt = { _, req in
                if req == self.failing { self.lastErrno = self.failErrno; return (-1, 0) }
                self.calls.append(req == VirtualTerminal.Request.getMode ? "KDGETMODE" : "KDGKBMODE")
                return (0, req == VirtualTerminal.Request.getMode ? self.mode : self.keyboard)
            }
            s.setInt = { _, req, v in
                if req == self.failing { self.lastErrno = self.failErrno; return -1 }
                if req == VirtualTerminal.Request.setMode { self.mode = v; self.calls.append("KDSETMODE \(v)") }
                else { self.keyboard = v; self.calls.append("KDSKBMODE \(v)") }
                return 0
            }
            s.errno = { self.lastErrno }
            return s
        }
    }

    func testSwitchesToGraphicsMutesKeyboardAndRestores() throws {
        let fake = FakeVT()
        let vt = try VirtualTerminal(path: "/dev/tty1", syscalls: fake.syscalls)
        XCTAssertEqual(fake.mode, 1)       // KD_GRAPHICS
        XCTAssertEqual(fake.keyboard, 4)   // K_OFF
        vt.close()
        vt.close()                          // idempotent
        XCTAssertEqual(fake.calls, ["open /dev/tty1", "KDGETMODE", "KDGKBMODE", "KDSETMODE 1", "KDSKBMODE 4",
                                    "KDSKBMODE 3", "KDSETMODE 0", "close 7"])
    }

    func testCrashLeftoversAreNotRestored() throws {
        let fake = FakeVT()
        fake.mode = 1; fake.keyboard = 4    // a previous instance died in graphics mode
        try VirtualTerminal(path: "/dev/tty1", syscalls: fake.syscalls).close()
        XCTAssertEqual(fake.mode, 0)
        XCTAssertEqual(fake.keyboard, 3)   // K_UNICODE, a usable console
    }

    func testStdinIsBorrowedNotClosed() throws {
        let fake = FakeVT()
        try VirtualTerminal(path: "/dev/stdin", syscalls: fake.syscalls).close()
        XCTAssertFalse(fake.calls.contains { $0.hasPrefix("open") || $0.hasPrefix("close") })
    }

    func testFailedKeyboardMuteUndoesGraphicsMode() {
        let fake = FakeVT()
        fake.failing = VirtualTerminal.Request.setKeyboardMode
        XCTAssertThrowsError(try VirtualTerminal(path: "/dev/tty1", syscalls: fake.syscalls)) { e in
            XCTAssertEqual("\(e)", "KDSKBMODE K_OFF /dev/tty1: Operation not permitted")
        }
        XCTAssertEqual(fake.mode, 0)
        XCTAssertEqual(fake.calls.last, "close 7")
    }

    /// A throwing initializer runs deinit once every property is set, and deinit closes: a
    /// failure path that closed too would close whatever descriptor took the number since.
    func testEveryFailurePathClosesTheTerminalExactlyOnce() {
        for request in [VirtualTerminal.Request.getMode, VirtualTerminal.Request.getKeyboardMode,
                        VirtualTerminal.Request.setMode, VirtualTerminal.Request.setKeyboardMode] {
            let fake = FakeVT()
            fake.failing = request
            XCTAssertThrowsError(try VirtualTerminal(path: "/dev/tty1", syscalls: fake.syscalls))
            XCTAssertEqual(fake.calls.filter { $0 == "close 7" }.count, 1, "request \(request): \(fake.calls)")
            XCTAssertEqual(fake.mode, 0, "request \(request): the console is left in text mode")
        }
    }

    func testNotAVirtualTerminal() {
        XCTAssertThrowsError(try VirtualTerminal(path: "/dev/null")) { e in
            XCTAssertEqual("\(e)", "KDGETMODE /dev/null: not a virtual terminal")
        }
        XCTAssertThrowsError(try VirtualTerminal(path: "/nonexistent/tty9")) { e in
            XCTAssertEqual("\(e)", "open /nonexistent/tty9: No such file or directory")
        }
    }

    func testAcquireToleratesNoVT() {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        XCTAssertNil(VirtualTerminal.acquire(path: "/dev/null", logger: logger))
    }
}
