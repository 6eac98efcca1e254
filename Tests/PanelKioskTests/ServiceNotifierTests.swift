#if canImport(Glibc)
import DrawerRuntime
import Glibc
#endif
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// sd_notify over a real datagram socket bound in a temp dir (and an abstract one), the way
/// systemd's manager listens on NOTIFY_SOCKET.
final class ServiceNotifierTests: XCTestCase {
    private var dir: TempDir!
    override func setUp() { dir = TempDir() }
    override func tearDown() { dir.remove() }

    private func manager(_ name: String) -> Int32 { ServiceManagerStub.bind(name) }
    private func received(_ fd: Int32) -> [String] { ServiceManagerStub.datagrams(fd) }

    func testMessagesArriveOnAPathSocket() {
        let path = dir.file("notify.sock")
        let m = manager(path)
        defer { close(m) }
        let n = SystemdNotifier(environment: ["NOTIFY_SOCKET": path], pid: 42)
        XCTAssertTrue(n.isEnabled)
        XCTAssertTrue(n.status("probing /dev/dri"))
        XCTAssertTrue(n.ready(status: "showing examples/showcase.toml\non DSI-1"))
        XCTAssertTrue(n.watchdog())
        XCTAssertTrue(n.stopping())
        XCTAssertEqual(received(m), [
            "STATUS=probing /dev/dri",
            "READY=1\nSTATUS=showing examples/showcase.toml on DSI-1",
            "WATCHDOG=1",
            "STOPPING=1",
        ])
        XCTAssertEqual(n.failedSends, 0)
    }

    func testAbstractSocketName() {
        let name = "@panel-kiosk-test-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        let m = manager(name)
        defer { close(m) }
        let n = SystemdNotifier(environment: ["NOTIFY_SOCKET": name], pid: 1)
        XCTAssertTrue(n.ready())
        XCTAssertEqual(received(m), ["READY=1"])
    }

    func testProcessEnvironmentIsRead() {
        let path = dir.file("env.sock")
        let m = manager(path)
        defer { close(m) }
        setenv("NOTIFY_SOCKET", path, 1)
        setenv("WATCHDOG_USEC", "4000000", 1)
        setenv("WATCHDOG_PID", "\(getpid())", 1)
        defer { unsetenv("NOTIFY_SOCKET"); unsetenv("WATCHDOG_USEC"); unsetenv("WATCHDOG_PID") }
        let n = SystemdNotifier()
        XCTAssertEqual(n.watchdogTimeout, .seconds(4))
        XCTAssertEqual(n.watchdogPingInterval, .seconds(2))
        n.watchdog()
        XCTAssertEqual(received(m), ["WATCHDOG=1"])
    }

    func testNoOpWithoutNotifySocket() {
        let n = SystemdNotifier(environment: [:], pid: 1)
        XCTAssertFalse(n.isEnabled)
        XCTAssertNil(n.disabledReason)
        XCTAssertTrue(n.ready())        // nothing to do is not a failure
        XCTAssertEqual(n.failedSends, 0)
        XCTAssertNil(n.watchdogTimeout)
    }

    func testRelativeNotifySocketIsRefusedWithReason() {
        let n = SystemdNotifier(environment: ["NOTIFY_SOCKET": "run/notify"], pid: 1)
        XCTAssertFalse(n.isEnabled)
        XCTAssertEqual(n.disabledReason, "NOTIFY_SOCKET=run/notify is not an absolute path or @abstract name that fits sun_path")
    }

    func testWatchdogIsForAnotherPid() {
        let n = SystemdNotifier(environment: ["WATCHDOG_USEC": "1000000", "WATCHDOG_PID": "7"], pid: 8)
        XCTAssertNil(n.watchdogTimeout)
        let mine = SystemdNotifier(environment: ["WATCHDOG_USEC": "1000000", "WATCHDOG_PID": "8"], pid: 8)
        XCTAssertEqual(mine.watchdogTimeout, .seconds(1))
        XCTAssertNil(SystemdNotifier(environment: ["WATCHDOG_USEC": "soon"], pid: 8).watchdogTimeout)
    }

    func testSendToVanishedManagerFailsWithoutBlocking() {
        let path = dir.file("gone.sock")
        close(manager(path))
        unlink(path)
        let n = SystemdNotifier(environment: ["NOTIFY_SOCKET": path], pid: 1)
        XCTAssertFalse(n.watchdog())
        XCTAssertEqual(n.failedSends, 1)
        XCTAssertEqual(n.lastError?.description, "sendto \(path): No such file or directory")
    }

    // MARK: WatchdogMonitor

    func testWatchdogPingsAtTheIntervalWhileHealthy() {
        var w = WatchdogMonitor(pingInterval: .seconds(5))
        XCTAssertTrue(w.tick(at: .seconds(0)))
        XCTAssertFalse(w.tick(at: .seconds(4.9)))
        XCTAssertEqual(w.nextDeadline, .seconds(5))
        XCTAssertTrue(w.tick(at: .seconds(5)))
        // Frames flowing: each flip completes quickly.
        w.flipSubmitted(at: .seconds(6)); w.flipCompleted(at: .seconds(6.016))
        XCTAssertTrue(w.tick(at: .seconds(10)))
    }

    func testWatchdogStopsWhenAFlipNeverCompletes() {
        var w = WatchdogMonitor(pingInterval: .seconds(5), maxFlipWait: .seconds(1))
        XCTAssertTrue(w.tick(at: .seconds(0)))
        w.flipSubmitted(at: .seconds(3))
        XCTAssertTrue(w.isHealthy(at: .seconds(4)))
        XCTAssertFalse(w.isHealthy(at: .seconds(4.5)))
        XCTAssertFalse(w.tick(at: .seconds(5)))
        XCTAssertFalse(w.tick(at: .seconds(20)))
        // Recovery: the flip finally lands; pings resume.
        w.flipCompleted(at: .seconds(21))
        XCTAssertTrue(w.tick(at: .seconds(21)))
    }

    func testBlankedDisplayOwesNoFrames() {
        var w = WatchdogMonitor(pingInterval: .seconds(5), maxFlipWait: .seconds(1))
        w.flipSubmitted(at: .seconds(0))
        w.displayStopped()
        XCTAssertTrue(w.tick(at: .seconds(60)))
    }

    // MARK: ServiceHeartbeat (what the kiosk loop drives)

    func testReadyAfterFirstFlipThenWatchdogWhileFramesFlow() throws {
        let path = dir.file("hb.sock")
        let m = manager(path)
        defer { close(m) }
        let n = SystemdNotifier(environment: ["NOTIFY_SOCKET": path, "WATCHDOG_USEC": "2000000"], pid: 1)
        let hb = ServiceHeartbeat(notifier: n, readyStatus: "showing app.toml on Virtual-1 1024x768")
        hb.status("opening /dev/dri/card0")
        hb.tick(at: .seconds(0))                       // not ready: no watchdog yet
        hb.flipSubmitted(at: .seconds(0.5))
        XCTAssertEqual(received(m), ["STATUS=opening /dev/dri/card0"])
        XCTAssertNil(hb.nextDeadline)
        hb.flipCompleted(at: .seconds(0.516))
        XCTAssertTrue(hb.isReady)
        XCTAssertEqual(received(m), ["READY=1\nSTATUS=showing app.toml on Virtual-1 1024x768"])
        // Frames flow at 60 Hz; pings every second (half of WatchdogSec=2).
        var t = 0.516
        var pings = 0
        while t < 5 {
            hb.flipSubmitted(at: .seconds(t)); t += 1.0 / 60; hb.flipCompleted(at: .seconds(t))
            hb.tick(at: .seconds(t))
            pings += received(m).filter { $0 == "WATCHDOG=1" }.count
        }
        XCTAssertEqual(pings, 5)
        let next = try XCTUnwrap(hb.nextDeadline)
        XCTAssertTrue(next > .seconds(5) && next <= .seconds(5.55), "\(next)")
        // A flip that never completes stops the pings: systemd will restart us.
        hb.flipSubmitted(at: .seconds(5))
        for s in stride(from: 5.0, to: 12.0, by: 0.25) { hb.tick(at: .seconds(s)) }
        XCTAssertEqual(received(m).filter { $0 == "WATCHDOG=1" }.count, 1, "one ping while the flip was still young")
        hb.status("opening /dev/dri/card0")
        hb.status("opening /dev/dri/card0")
        hb.stopping("SIGTERM")
        XCTAssertEqual(received(m), ["STATUS=opening /dev/dri/card0", "STOPPING=1\nSTATUS=SIGTERM"])
    }

    func testHeartbeatWithoutSystemdIsSilent() {
        let hb = ServiceHeartbeat(notifier: SystemdNotifier(environment: [:], pid: 1))
        hb.flipCompleted(at: .seconds(1))
        hb.tick(at: .seconds(2))
        XCTAssertTrue(hb.isReady)
        XCTAssertNil(hb.nextDeadline)
        XCTAssertNil(hb.monitor)
    }

    func testKernelTimestamps() {
        XCTAssertEqual(Instant(microseconds: 1_500_000), .seconds(1.5))
        XCTAssertEqual(Instant.seconds(3) - Instant.seconds(1), TimeSpan.seconds(2))
    }
}

/// A bound, non-blocking datagram socket standing in for the service manager (systemd's
/// NOTIFY_SOCKET), for the notifier's and the loop's tests.
enum ServiceManagerStub {
    static func bind(_ name: String) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        let r = UnixAddress(name)!.withSockaddr { Glibc.bind(fd, $0, $1) }
        XCTAssertEqual(r, 0, "bind \(name): \(String(cString: strerror(errno)))")
        return fd
    }

    /// Every datagram waiting on `fd`, without waiting.
    static func datagrams(_ fd: Int32) -> [String] {
        var out: [String] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buf.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n < 0 { break }
            out.append(String(decoding: buf[0..<n], as: UTF8.self))
        }
        return out
    }
}
