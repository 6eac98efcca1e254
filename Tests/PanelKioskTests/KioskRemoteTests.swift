#if canImport(Glibc)
import Glibc
#endif
import DrawerRuntime
import PanelKiosk   // the public API only: what a package depending on panel-kiosk sees
import PanelRenderer
import Synchronization
import XCTest

/// `Kiosk.Remote`: a running real-time loop driven from other tasks while `run()` blocks the
/// thread that made the kiosk, as a program feeding its own data does.
final class KioskRemoteTests: XCTestCase {
    private func app() -> AppConfig {
        var app = TestApps.drawerWithBoard(name: "remote")
        app.controlSocket = ""      // no socket: the test needs none
        return app
    }

    /// Commands from a detached task reach the loop in order, their replies come back
    /// (status's fields, a refusal's words), an event stream sees the drawer arrive, and
    /// stop() ends run(); the frame it leaves is the offscreen kiosk's after the same commands.
    func testATaskDrivesTheRunningLoopAndStopsIt() throws {
        // 600 frames (10 s): a stop that never came would end the run, not hang the test. Tall
        // enough for the drawer's open position to be above its partial one (a real motion).
        let kiosk = try Kiosk.headless(app: app(), widthPx: 360, heightPx: 640, frameLimit: 600)
        let remote = kiosk.remote
        let log = Mutex<[String]>([])
        let reasons = Mutex<[KioskError.Reason?]>([])
        let events = remote.events()
        // Sent before run(): carried out when it starts, in order.
        remote.post(.set(id: "title", ControlCommand.ContentProperties(text: "Arrivals"))) { r in
            log.withLock { $0.append(r == .success(.object([])) ? "set: ok, no fields" : "set: \(r)") }
        }
        remote.post(.setDrawerPosition(target: "drawer", position: .open, animated: true))
        let done = expectation(description: "the task ran to its end")
        Task.detached {
            for await e in events {
                if case .positionDidChange("drawer", .open) = e { log.withLock { $0.append("opened") }; break }
            }
            do {
                let status = try await remote.send(.service(.status))
                let position = status["status"]?["components"]?["drawer"]?["position"]
                log.withLock { $0.append("status: \(position.map { "\($0)" } ?? "none")") }
            } catch { log.withLock { $0.append("status failed: \(error)") } }
            do { try await remote.send(.push(target: "drawer", page: "x", animated: true)) } catch {
                log.withLock { $0.append("push refused: \(error)") }
                reasons.withLock { $0.append((error as? KioskError)?.reason) }
            }
            remote.stop()
            do { try await remote.send(.setValues([:])) } catch {
                log.withLock { $0.append("after stop: \(error)") }
                reasons.withLock { $0.append((error as? KioskError)?.reason) }
            }
            done.fulfill()
        }
        try kiosk.run()
        wait(for: [done], timeout: 30)
        let lines = log.withLock { $0 }
        XCTAssertEqual(lines.count, 5, "\(lines)")
        XCTAssertEqual(lines.first, "set: ok, no fields", "\(lines)")
        XCTAssertEqual(lines.dropFirst().first, "opened", "\(lines)")
        XCTAssertEqual(lines.dropFirst(2).first, "status: \(JSONValue.string("open"))", "\(lines)")
        XCTAssertTrue(lines.dropFirst(3).first?.hasPrefix("push refused: ") == true
                      && lines[3].contains("drawer"), "\(lines)")
        // Refused either way: in the stop's batch, or once the run was over.
        XCTAssertTrue(["after stop: the kiosk was stopped before this command", "after stop: the kiosk stopped"].contains(lines.last ?? ""), "\(lines)")
        XCTAssertFalse(remote.isOpen)
        // A program can tell "this command" from "no loop any more" without reading the words.
        XCTAssertEqual(reasons.withLock { $0 }, [.refused, .closed])

        // The same commands offscreen: the same picture.
        let offscreen = try Kiosk(app: app(), widthPx: 360, heightPx: 640)
        try offscreen.set("title", text: "Arrivals")
        try offscreen.setPosition("drawer", .open)
        try offscreen.render(into: try tempDir())
        var differing = 0
        for y in 0..<640 { for x in 0..<360 where kiosk.frame[x, y] != offscreen.frame[x, y] { differing += 1 } }
        XCTAssertEqual(differing, 0, "pixels that differ from the offscreen kiosk's")
    }

    /// The queue is bounded and says so; an offscreen kiosk, a second run() and `subscribe`
    /// are refused in words; commands left for a kiosk freed before it ran are answered.
    func testRefusalsAreSaidNotHung() throws {
        let kiosk = try Kiosk.headless(app: app(), widthPx: 320, heightPx: 240, frameLimit: 600)
        let remote = kiosk.remote
        let answered = Mutex((ok: 0, refused: [String](), reasons: [KioskError.Reason]()))
        for i in 0..<Kiosk.Remote.queueCapacity {
            remote.post(.setValues(["n": .text("\(i)")])) { r in
                answered.withLock { if case .failure(let e) = r { $0.refused.append("\(e)") } else { $0.ok += 1 } }
            }
        }
        remote.post(.setValues(["n": .text("-1")])) { r in
            answered.withLock { if case .failure(let e) = r { $0.refused.append("\(e)"); $0.reasons.append(e.reason) } else { $0.ok += 1 } }
        }
        XCTAssertEqual(answered.withLock { $0.refused }.count, 1, "the one over the capacity, at once")
        XCTAssertTrue(answered.withLock { $0.refused }.first?.contains("\(Kiosk.Remote.queueCapacity) commands are already waiting") == true)
        XCTAssertEqual(answered.withLock { $0.reasons }, [.queueFull])
        remote.stop()
        try kiosk.run()
        XCTAssertEqual(answered.withLock { $0.ok }, Kiosk.Remote.queueCapacity, "every queued command carried out before the stop")
        XCTAssertThrowsError(try kiosk.run()) { XCTAssertTrue("\($0)".contains("runs once"), "\($0)") }

        let refusal = Mutex<String?>(nil), reason = Mutex<KioskError.Reason?>(nil)
        remote.post(.subscribe) { r in if case .failure(let e) = r { refusal.withLock { $0 = "\(e)" }; reason.withLock { $0 = e.reason } } }
        XCTAssertTrue(refusal.withLock { $0 }?.contains("events(bufferingNewest:)") == true)
        XCTAssertEqual(reason.withLock { $0 }, .refused)
        remote.post(.setValues([:])) { r in if case .failure(let e) = r { reason.withLock { $0 = e.reason } } }
        XCTAssertEqual(reason.withLock { $0 }, .closed, "after the run")

        let offscreen = try Kiosk(app: app())
        offscreen.remote.post(.setValues([:])) { r in if case .failure(let e) = r { refusal.withLock { $0 = "\(e)" }; reason.withLock { $0 = e.reason } } }
        XCTAssertTrue(refusal.withLock { $0 }?.contains("offscreen kiosk has no loop") == true)
        XCTAssertEqual(reason.withLock { $0 }, .closed)
        XCTAssertFalse(offscreen.remote.isOpen)

        var never: Kiosk? = try Kiosk.headless(app: app(), widthPx: 320, heightPx: 240, frameLimit: 1)
        let orphan = never!.remote
        reason.withLock { $0 = nil }
        orphan.post(.setValues([:])) { r in if case .failure(let e) = r { refusal.withLock { $0 = "\(e)" }; reason.withLock { $0 = e.reason } } }
        never = nil
        XCTAssertEqual(refusal.withLock { $0 }, "the kiosk was freed before it ran")
        XCTAssertEqual(reason.withLock { $0 }, .closed, "a command left waiting, answered when the kiosk went")
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        XCTAssertEqual(sigismember(&mask, SIGTERM), 0, "a kiosk freed before it ran gives the caller's signals back")
        let finished = expectation(description: "the stream of a closed remote ends at once")
        Task.detached {
            for await _ in orphan.events() {}
            finished.fulfill()
        }
        wait(for: [finished], timeout: 30)
    }

    /// A task waiting in send() for a loop that does not answer (not running yet) ends its
    /// wait when cancelled (it waited for the run); stops do not pile up.
    func testACancelledSendStopsWaiting() throws {
        let kiosk = try Kiosk.headless(app: app(), widthPx: 320, heightPx: 240, frameLimit: 600)
        let remote = kiosk.remote
        let outcome = Mutex<String?>(nil), reason = Mutex<KioskError.Reason?>(nil)
        let started = expectation(description: "the send is waiting"), ended = expectation(description: "the send ended")
        let task = Task.detached {
            started.fulfill()
            do { try await remote.send(.setValues(["k": .text("v")])); outcome.withLock { $0 = "carried out" } } catch {
                outcome.withLock { $0 = "\(error)" }
                reason.withLock { $0 = (error as? KioskError)?.reason }
            }
            ended.fulfill()
        }
        wait(for: [started], timeout: 30)
        task.cancel()
        wait(for: [ended], timeout: 30)
        XCTAssertEqual(outcome.withLock { $0 }, "cancelled while waiting for the loop; the command may still be carried out")
        XCTAssertEqual(reason.withLock { $0 }, .cancelled)
        for _ in 0..<100_000 { remote.stop() }
        try kiosk.run()     // stops at once; the cancelled command was carried out or refused, never waited for
        XCTAssertFalse(remote.isOpen)
    }

    /// A feed faster than the loop: `send` waits for room in a full queue instead of being
    /// refused, so every command is carried out, at the loop's pace.
    func testSendWaitsForRoomInAFullQueue() throws {
        let kiosk = try Kiosk.headless(app: app(), widthPx: 320, heightPx: 240, frameLimit: 6000)
        let remote = kiosk.remote
        let capacity = Kiosk.Remote.queueCapacity
        let tally = Mutex((posted: 0, sent: 0, failed: [String]()))
        for i in 0..<capacity {   // full before the loop runs
            remote.post(.setValues(["n": .text("p\(i)")])) { r in tally.withLock { if case .success = r { $0.posted += 1 } } }
        }
        let firstWaiting = expectation(description: "a send started on the full queue")
        let done = expectation(description: "every send returned")
        let senders = 2 * capacity
        Task.detached {
            await withTaskGroup(of: Void.self) { group in
                for i in 0..<senders {
                    group.addTask { @Sendable in
                        if i == 0 { firstWaiting.fulfill() }
                        do { try await remote.send(.setValues(["n": .text("s\(i)")])); tally.withLock { $0.sent += 1 } } catch {
                            tally.withLock { $0.failed.append("\(error)") }
                        }
                    }
                }
            }
            remote.stop()
            done.fulfill()
        }
        wait(for: [firstWaiting], timeout: 30)
        try kiosk.run()
        wait(for: [done], timeout: 60)
        let t = tally.withLock { $0 }
        XCTAssertEqual(t.failed.count, 0, "refused: \(Set(t.failed))")
        XCTAssertEqual(t.posted, capacity)
        XCTAssertEqual(t.sent, senders)
    }

    /// A send waiting for room ends when its task is cancelled (the command not sent), and
    /// when the kiosk goes without running.
    func testASendWaitingForRoomEndsWhenCancelledOrClosed() throws {
        var kiosk: Kiosk? = try Kiosk.headless(app: app(), widthPx: 320, heightPx: 240, frameLimit: 1)
        let remote = kiosk!.remote
        for _ in 0..<Kiosk.Remote.queueCapacity { remote.post(.setValues([:])) }
        let outcomes = Mutex<[String: (String, KioskError.Reason?)]>([:])
        func sender(_ name: String, started: XCTestExpectation, ended: XCTestExpectation) -> Task<Void, Never> {
            Task.detached { @Sendable in
                started.fulfill()
                do { try await remote.send(.setValues(["k": .text(name)])); outcomes.withLock { $0[name] = ("carried out", nil) } } catch {
                    outcomes.withLock { $0[name] = ("\(error)", (error as? KioskError)?.reason) }
                }
                ended.fulfill()
            }
        }
        let s1 = expectation(description: "started 1"), e1 = expectation(description: "ended 1")
        let cancelled = sender("cancelled", started: s1, ended: e1)
        wait(for: [s1], timeout: 30)
        cancelled.cancel()
        wait(for: [e1], timeout: 30)
        XCTAssertEqual(outcomes.withLock { $0["cancelled"]?.0 }, "cancelled while waiting for room in the queue; the command was not sent")
        XCTAssertEqual(outcomes.withLock { $0["cancelled"]?.1 }, .cancelled)

        let s2 = expectation(description: "started 2"), e2 = expectation(description: "ended 2")
        _ = sender("closed", started: s2, ended: e2)
        wait(for: [s2], timeout: 30)
        kiosk = nil
        wait(for: [e2], timeout: 30)
        XCTAssertEqual(outcomes.withLock { $0["closed"]?.0 }, "the kiosk was freed before it ran")
        XCTAssertEqual(outcomes.withLock { $0["closed"]?.1 }, .closed)
    }

    private func tempDir() throws -> String {
        let dir = NSTemporaryDirectory() + "kiosk-remote-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }
}
