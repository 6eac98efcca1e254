import XCTest
import DrawerRuntime
import PanelInput
import PanelRenderer
@testable import PanelKiosk
#if canImport(Glibc)
import Glibc
#endif

/// The real-time loop (`KioskLoop` around its `FrameDriver`) run on a `SimulatedClock`: the
/// reactor moves the clock to the next wake-up instead of sleeping, and the sink's vblanks
/// fall on a grid of that clock. So every scheduling figure is exact and no test sleeps:
/// frame deadlines (late latching and immediate), the idle sleep, watchdog pings, the
/// command budget per wake-up and the expensive command after the frame.
final class LoopScheduleTests: XCTestCase {
    static let ms: Int64 = 1_000_000
    /// 60 Hz.
    static let intervalNS: UInt64 = 16_666_667
    /// What presenting a frame costs on the simulated clock: the work the scheduler predicts.
    static let workNS: Int64 = 3 * ms
    /// The clock and the vblank grid start here (a device's CLOCK_MONOTONIC is never 0).
    static let epochNS: Int64 = 1_000 * ms

    private var signalMask: sigset_t?
    override func setUp() { signalMask = SignalDescriptor.holdBack([]) }
    /// The loop's signalfd blocks SIGTERM, SIGINT and SIGHUP on this thread: given back.
    override func tearDown() { if let signalMask { SignalDescriptor.restore(signalMask) } }

    /// A loop of `examples/drawer.toml` at 800x480 on a simulated clock.
    private func makeLoop(schedule: FrameScheduler.Mode = .late, app edit: (inout AppConfig) -> Void = { _ in },
                          notifier: SystemdNotifier = SystemdNotifier(environment: [:], pid: getpid()),
                          maxWaits: Int = 10_000) throws -> (KioskLoop, SimulatedReactor, SimulatedSink, SimulatedClock) {
        var app = try AppConfig.load(path: CLI.root + "/examples/drawer.toml")
        app.controlSocket = ""      // none unless a test names one
        edit(&app)
        let clock = SimulatedClock(now: .nanoseconds(Self.epochNS))
        let reactor = SimulatedReactor(clock: clock, maxWaits: maxWaits)
        let sink = SimulatedSink(clock: clock, reactor: reactor, intervalNS: Self.intervalNS, workNS: Self.workNS)
        let geometry = FrameGeometry(widthPx: 800, heightPx: 480, scale: 1, board: .offscreenDefault)
        let runtime = try KioskRuntime(app: app, geometry: geometry, eventsPath: nil, now: clock.now)
        let services = try KioskServices(app: app, board: geometry.board, readyStatus: "test", headless: true, notifier: notifier)
        let loop = try KioskLoop(runtime: runtime, sink: sink, services: services, touch: nil,
                                 startNS: UInt64(Self.epochNS), frameLimit: nil, schedule: schedule, clock: clock, reactor: reactor)
        return (loop, reactor, sink, clock)
    }

    /// A drag up the drawer's card, 120 Hz reports, then a release: frames every vblank.
    static let drag = try! TouchScript.parse("0 down 1 400 300\n" + (1...24).map { "\(Double($0) * 8.4) move 1 400 \(300 - $0 * 5)" }
        .joined(separator: "\n") + "\n210 up 1\n", name: "drag.touch")

    func testLateFramesStartTheirBudgetBeforeTheVblankAndAnIdleLoopSleeps() throws {
        let (loop, reactor, sink, clock) = try makeLoop()
        try loop.play(Self.drag)
        XCTAssertNil(loop.run())
        // The first frame at once, at start; then nothing moves until the script's first
        // touch half a second later: no frame, and the loop woke only for the script.
        XCTAssertEqual(sink.presented.first?.atNS, UInt64(Self.epochNS))
        let touchNS = UInt64(Self.epochNS) + KioskLoop.playLeadNS
        XCTAssertEqual(sink.presented.dropFirst().first.map { $0.atNS >= touchNS }, true)
        // Once two frames have been timed, every frame drawn while the drawer moves starts
        // exactly its budget before the vblank it is drawn for: the predicted work (3 ms,
        // every frame's) plus the margin (1 ms, its floor: no frame was late).
        let moving = sink.presented.dropFirst(4)
        XCTAssertGreaterThan(moving.count, 20, "frames while the drawer follows the finger and settles")
        for frame in moving {
            let vblank = try XCTUnwrap(frame.vblankNS)
            XCTAssertEqual(vblank - frame.atNS, UInt64(Self.workNS) + 1_000_000, "frame at \(frame.atNS - UInt64(Self.epochNS)) ns")
        }
        XCTAssertEqual(loop.scheduler.lateFrames, 0)
        XCTAssertEqual(loop.scheduler.marginNS, 1_000_000)
        // Every touch reached the glass at the first vblank after its frame.
        XCTAssertEqual(loop.touchLatency.milliseconds.count, 26)
        XCTAssertEqual(loop.runtime.screen.components.first?.motionPhase, .rest)
        // The run ended a second after the last touch, once at rest, and did not wake in
        // between but for frames, flips and the end-of-run check.
        XCTAssertGreaterThanOrEqual(clock.now.nanoseconds, Self.epochNS + Int64(KioskLoop.playLeadNS) + 1_210 * Self.ms)
        XCTAssertEqual(reactor.idleSleeps, 0)
    }

    func testAnIdleLoopSleepsUntilSomethingWakesIt() throws {
        let (loop, reactor, sink, clock) = try makeLoop()
        XCTAssertNil(loop.run())
        // One frame at start, shown at the next vblank; then nothing to do and no time to
        // wake at: the loop would sleep until a descriptor is ready (the reactor stopped there).
        XCTAssertEqual(sink.presented.count, 1)
        XCTAssertEqual(reactor.idleSleeps, 1)
        XCTAssertEqual(clock.now.nanoseconds, Self.epochNS + Int64(Self.intervalNS),
                       "the clock stopped at the first vblank: no wake-up after it")
        XCTAssertEqual(sink.flipCount, 1)
    }

    func testImmediateDrawsAsSoonAsTheFlipBeforeCompletes() throws {
        let (loop, _, sink, _) = try makeLoop(schedule: .immediate)
        try loop.play(Self.drag)
        XCTAssertNil(loop.run())
        let moving = sink.presented.dropFirst(4)
        XCTAssertGreaterThan(moving.count, 20)
        for frame in moving {
            // Drawn at the vblank the frame before was shown at, for the one after it.
            let vblank = try XCTUnwrap(frame.vblankNS)
            XCTAssertEqual(vblank - frame.atNS, Self.intervalNS, "frame at \(frame.atNS - UInt64(Self.epochNS)) ns")
        }
    }

    func testWatchdogPingsAreTheOnlyWakeUpsOfALoopAtRest() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let manager = try bindDatagram(dir.file("notify"))
        defer { close(manager) }
        // A 2 s watchdog: a ping every second.
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": dir.file("notify"), "WATCHDOG_USEC": "2000000"], pid: getpid())
        let (loop, reactor, sink, clock) = try makeLoop(notifier: notifier, maxWaits: 6)
        XCTAssertNil(loop.run())
        XCTAssertEqual(sink.presented.count, 1, "nothing to draw after the first frame")
        let messages = received(manager)
        XCTAssertEqual(messages.first?.hasPrefix("READY=1"), true, "\(messages)")
        // A ping at the first wake-up after READY (the first vblank), then one a second.
        XCTAssertEqual(messages.filter { $0 == "WATCHDOG=1" }.count, 6, "\(messages)")
        // After the first vblank the loop woke exactly once a second, for each ping.
        let firstVblank = UInt64(Self.epochNS) + Self.intervalNS
        let wakes = reactor.wakeTimesNS.drop { $0 <= firstVblank }
        XCTAssertEqual(Array(wakes), (1...5).map { firstVblank + UInt64($0) * 1_000_000_000 })
        XCTAssertEqual(clock.now.nanoseconds, Int64(firstVblank) + 5_000 * Self.ms)
    }

    func testAScreenshotWaitsForTheFrameAndTakesAWakeUpOfItsOwn() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let (loop, reactor, sink, _) = try makeLoop(schedule: .immediate, app: { $0.controlSocket = dir.file("control.sock") },
                                                 maxWaits: 200)
        reactor.at(UInt64(Self.epochNS) + 100_000_000) {
            let client = TestClient(path: dir.file("control.sock"))
            // One write: a command that moves the drawer, then two screenshots.
            client.send("""
                {"cmd": "set_position", "target": "drawer", "position": "open"}
                {"cmd": "screenshot", "path": "\(dir.file("a.png"))"}
                {"cmd": "screenshot", "path": "\(dir.file("b.png"))"}

                """)
            reactor.keep(client)
        }
        reactor.at(UInt64(Self.epochNS) + 2_000_000_000) { reactor.stop() }
        XCTAssertNil(loop.run())
        let shots = sink.log.enumerated().filter { $0.element.what == "screenshot" }
        XCTAssertEqual(shots.count, 2, "\(sink.log)")
        guard shots.count == 2 else { return }
        // The first screenshot came after the frame the drawer's command asked for, in the same
        // wake-up; the second in a wake-up of its own.
        let first = shots[0], second = shots[1]
        XCTAssertEqual(sink.log[first.offset - 1].what, "present", "\(sink.log)")
        XCTAssertEqual(sink.log[first.offset - 1].wake, first.element.wake)
        XCTAssertGreaterThan(second.element.wake, first.element.wake)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.file("b.png")))
    }

    /// The socket's cheap commands run for at most the budget per wake-up (2 ms), measured on
    /// the loop's clock; the rest wait for the next turn, which does not sleep. Expensive ones
    /// wait for `runExpensiveCommand`, one per call.
    func testTheCommandBudgetIsMeasuredOnTheLoopsClock() throws {
        let dir = TempDir()
        defer { dir.remove() }
        var app = try AppConfig.load(path: CLI.root + "/examples/drawer.toml")
        app.controlSocket = dir.file("control.sock")
        let clock = SimulatedClock(now: .nanoseconds(Self.epochNS))
        let geometry = FrameGeometry(widthPx: 800, heightPx: 480, scale: 1, board: .offscreenDefault)
        let runtime = try KioskRuntime(app: app, geometry: geometry, eventsPath: nil, now: clock.now)
        let services = try KioskServices(app: app, board: geometry.board, readyStatus: "test", headless: true,
                                         notifier: SystemdNotifier(environment: [:], pid: getpid()))
        defer { services.close() }
        services.clock = clock
        // Each `status` takes 0.6 ms of the loop's time.
        let operations = TimedOperations(clock: clock, costNS: 600_000)
        let client = TestClient(path: dir.file("control.sock"))
        client.send(String(repeating: "{\"cmd\": \"status\"}\n", count: 10) + "{\"cmd\": \"screenshot\"}\n{\"cmd\": \"screenshot\"}\n")
        let control = try XCTUnwrap(services.control)
        control.pump()
        // 0, 0.6, 1.2 and 1.8 ms are within the budget; at 2.4 ms the turn is over.
        _ = services.tick(at: clock.now, on: runtime, operations: operations)
        XCTAssertEqual(operations.performed, Array(repeating: "status", count: 4))
        XCTAssertEqual(services.nextDeadline, .zero, "commands wait: the loop must not sleep")
        _ = services.tick(at: clock.now, on: runtime, operations: operations)
        _ = services.tick(at: clock.now, on: runtime, operations: operations)
        XCTAssertEqual(operations.performed, Array(repeating: "status", count: 10))
        // The screenshots: only after the frame, one per wake-up.
        _ = services.runExpensiveCommand(on: runtime, operations: operations, at: clock.now)
        XCTAssertEqual(operations.performed.count, 11)
        XCTAssertEqual(operations.performed.last, "screenshot")
        _ = services.runExpensiveCommand(on: runtime, operations: operations, at: clock.now)
        XCTAssertEqual(operations.performed.suffix(2), ["screenshot", "screenshot"])
        XCTAssertNil(services.nextDeadline, "nothing waits: the loop may sleep")
        control.pump()
        XCTAssertEqual(client.lines().count, 12)
    }

    // MARK: helpers

    private func bindDatagram(_ path: String) throws -> Int32 { ServiceManagerStub.bind(path) }

    /// The lines of every datagram waiting on `fd`.
    private func received(_ fd: Int32) -> [String] {
        ServiceManagerStub.datagrams(fd).flatMap { $0.split(separator: "\n").map(String.init) }
    }
}

/// Service commands that take a fixed time of the loop's clock each.
private final class TimedOperations: KioskOperations {
    let clock: SimulatedClock
    let costNS: Int64
    private(set) var performed: [String] = []
    init(clock: SimulatedClock, costNS: Int64) { self.clock = clock; self.costNS = costNS }

    func perform(_ command: ServiceCommand, at now: Instant) -> KioskServices.ServiceAnswer {
        performed.append(command.name)
        clock.advance(by: .nanoseconds(costNS))
        return (.success([]), [])
    }
    func screenshotPNG() throws -> [UInt8] { [] }
    var componentInfos: [HADiscovery.ComponentInfo] { [] }
}

/// The loop's reactor on a simulated clock: descriptors that are ready now (poll with a zero
/// timeout) are served at once; else the clock moves to the next wake-up the loop asked for
/// (or an action a test scheduled) instead of sleeping. With nothing to wake for, the loop
/// would sleep until a descriptor is ready: that is counted (`idleSleeps`) and ends the run.
final class SimulatedReactor: LoopReactor {
    let clock: SimulatedClock
    private var handlers: [Int32: (readable: Bool, writable: Bool, call: EventLoop.ReadyHandler)] = [:]
    private var actions: [(atNS: UInt64, call: () -> Void)] = []
    private var kept: [AnyObject] = []
    private let maxWaits: Int
    private(set) var stopped = false
    private(set) var wakeups = 0
    private(set) var idleWakeups = 0
    private(set) var idleSleeps = 0
    /// The clock at each wake-up that moved it.
    private(set) var wakeTimesNS: [UInt64] = []

    init(clock: SimulatedClock, maxWaits: Int) { self.clock = clock; self.maxWaits = maxWaits }

    var nowNS: UInt64 { UInt64(clock.now.nanoseconds) }

    /// Runs `call` when the clock reaches `ns` (a vblank, a client's arrival).
    func at(_ ns: UInt64, _ call: @escaping () -> Void) {
        actions.append((ns, call))
        actions.sort { $0.atNS < $1.atNS }
    }
    /// Keeps `object` alive until the reactor goes (a test's client).
    func keep(_ object: AnyObject) { kept.append(object) }

    func watch(_ fd: Int32, readable: Bool, writable: Bool, _ handler: @escaping EventLoop.ReadyHandler) throws(SystemError) {
        handlers[fd] = (readable, writable, handler)
    }
    func unwatch(_ fd: Int32) { handlers[fd] = nil }
    func stop() { stopped = true }

    func wait(deadline: UInt64?, exactWake: UInt64?) throws(SystemError) {
        guard wakeups < maxWaits else { stop(); return }
        wakeups += 1
        if serveReadyDescriptors() { return }
        guard let next = ([deadline, exactWake, actions.first?.atNS].compactMap { $0 }).min() else {
            idleSleeps += 1
            stop()
            return
        }
        if next > nowNS {
            clock.advance(to: .nanoseconds(Int64(next)))
            wakeTimesNS.append(next)
        }
        var ran = false
        while let a = actions.first, a.atNS <= nowNS {
            actions.removeFirst()
            a.call()
            ran = true
        }
        if !serveReadyDescriptors() && !ran { idleWakeups += 1 }
    }

    /// Serves the descriptors ready now; false when none was.
    private func serveReadyDescriptors() -> Bool {
        var fds = handlers.map { fd, h in
            pollfd(fd: fd, events: Int16((h.readable ? POLLIN : 0) | (h.writable ? POLLOUT : 0)), revents: 0)
        }
        guard !fds.isEmpty, poll(&fds, nfds_t(fds.count), 0) > 0 else { return false }
        for p in fds where p.revents != 0 {
            let hangup = p.revents & Int16(POLLHUP | POLLERR) != 0
            handlers[p.fd]?.call(p.revents & Int16(POLLIN) != 0 || hangup, p.revents & Int16(POLLOUT) != 0)
        }
        return true
    }
}

/// A frame sink on a simulated clock: a frame presented is shown at the first vblank of the
/// grid after it (reported through the reactor when the clock gets there), and presenting
/// takes `workNS` of the clock (the frame's work, as the scheduler predicts it).
final class SimulatedSink: FrameSink, ScreenshotSource {
    struct Frame { var atNS: UInt64; var vblankNS: UInt64? }
    let clock: SimulatedClock
    let reactor: SimulatedReactor
    let frameIntervalNS: UInt64
    let workNS: Int64
    private let epochNS: UInt64
    private weak var owner: FrameSinkOwner?
    private var pendingVblankNS: UInt64?
    private(set) var flipCount = 0
    /// Each frame: when it was handed over (the clock before its work) and the vblank it made.
    private(set) var presented: [Frame] = []
    /// Presents and screenshots in order, with the wake-up they came in.
    private(set) var log: [(what: String, wake: Int)] = []
    private let frame: Pixmap

    init(clock: SimulatedClock, reactor: SimulatedReactor, intervalNS: UInt64, workNS: Int64) {
        self.clock = clock
        self.reactor = reactor
        frameIntervalNS = intervalNS
        self.workNS = workNS
        epochNS = UInt64(clock.now.nanoseconds)
        frame = Pixmap(width: 8, height: 8)!
    }

    var description: String { "simulated" }
    var canPresent: Bool { pendingVblankNS == nil }
    var isFlipPending: Bool { pendingVblankNS != nil }
    var missedVblankCount: Int { 0 }

    func present(_ frame: PixmapView, damage: [IntRect]) throws {
        let at = UInt64(clock.now.nanoseconds)
        log.append(("present", reactor.wakeups))
        clock.advance(by: .nanoseconds(workNS))
        let now = UInt64(clock.now.nanoseconds)
        let vblank = epochNS + ((now - epochNS) / frameIntervalNS + 1) * frameIntervalNS
        pendingVblankNS = vblank
        presented.append(Frame(atNS: at, vblankNS: vblank))
        reactor.at(vblank) { [unowned self] in
            self.pendingVblankNS = nil
            self.flipCount += 1
            self.owner?.framesShown(vblanksNS: [vblank])
        }
    }

    func attach(to loop: LoopReactor, owner: FrameSinkOwner) throws { self.owner = owner }
    func poll(now: UInt64) {}
    var nextDeadline: UInt64? { nil }
    func setScreenActive(_ on: Bool) {}
    func finish() -> String? { nil }
    func close() throws {}
    var statistics: [(String, JSONValue)] { [] }

    var displayKind: String { "simulated" }
    var displayConnected: Bool { true }
    var flipWaitingSinceNS: UInt64? { pendingVblankNS }
    func shownPixmap() throws -> Pixmap {
        log.append(("screenshot", reactor.wakeups))
        return frame
    }
}
