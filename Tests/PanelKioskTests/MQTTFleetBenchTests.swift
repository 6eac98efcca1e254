#if canImport(Glibc)
import Glibc
#endif
import Foundation
import XCTest
@testable import panel_kiosk
@testable import PanelKiosk

/// A fleet on one machine: N headless kiosks (PANEL_KIOSK_FLEET, 50 in `scripts/test`,
/// release build) on one mosquitto. Printed, not asserted as durations: how long after a
/// command on `<prefix>/all/cmd` each kiosk has applied it (its reply's arrival at a
/// subscriber, p50/p99/max over several rounds), and each kiosk's CPU while idle.
/// Without PANEL_KIOSK_FLEET it runs 3 kiosks, as a check that the fleet path works.
final class MQTTFleetBenchTests: XCTestCase {
    func testFleetOnOneBroker() throws {
        guard TestBroker.available else { return XCTFail("mosquitto is not installed (scripts/setup installs it)") }
        let n = ProcessInfo.processInfo.environment["PANEL_KIOSK_FLEET"].flatMap(Int.init) ?? 3
        let rounds = 5
        let dir = TempDir()
        defer { dir.remove() }
        let broker = try TestBroker(dir: dir)
        let online = try TestSubscriber(broker: broker, filters: ["panel-kiosk/+/availability"], file: dir.file("online.txt"))
        let replies = try TestSubscriber(broker: broker, filters: ["panel-kiosk/+/reply", "panel-kiosk/all/cmd"], file: dir.file("replies.txt"), format: "%U|%t|%p")
        let startedAt = Date()
        var kiosks: [MQTTKiosk] = []
        for i in 0..<n {
            kiosks.append(try MQTTKiosk(dir: dir, name: "k\(i)", mqtt: "broker = \"mqtt://127.0.0.1:\(broker.port)\"\ndevice_id = \"k\(i)\"\n"))
        }
        defer { for k in kiosks { _ = k.stop(SIGKILL) } }
        poll(Double(60 + n), "\(n) kiosks online") { Set(online.lines.filter { $0.hasSuffix(" online") }).count >= n }
        let startS = Date().timeIntervalSince(startedAt)

        // Idle: nothing moves, nothing arrives; the loop sleeps but for the bridge's keep-alive.
        sleep(2)
        func cpuTicks(_ pid: Int32) -> Int {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = text.lastIndex(of: ")") else { return 0 }
            let fields = text[text.index(after: close)...].split(separator: " ")
            return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)    // utime, stime
        }
        let before = kiosks.map { cpuTicks($0.process.processIdentifier) }
        let idleS = 10.0
        usleep(UInt32(idleS * 1e6))
        let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
        let idlePercent = zip(kiosks, before).map { Double(cpuTicks($0.process.processIdentifier) - $1) / hz / idleS * 100 }

        // Rounds of one fleet command each. Latency: from the broker passing the command on (its
        // arrival at the same subscriber, so one clock and no process start-up in it) to each
        // kiosk's reply.
        var latenciesMS: [Double] = []
        for r in 0..<rounds {
            let position = r % 2 == 0 ? "open" : "collapsed"
            let id = "fleet-\(r)"
            try broker.publish("panel-kiosk/all/cmd", "{\"cmd\":\"set_position\",\"target\":\"drawer\",\"position\":\"\(position)\",\"animated\":false,\"id\":\"\(id)\"}")
            var mine: [String] = []
            var sent = Double.nan
            poll(60, "\(n) replies to \(id)") {
                let all = replies.lines
                mine = all.filter { $0.contains("/reply|") && $0.hasSuffix("\"id\":\"\(id)\"}") }
                if let cmd = all.first(where: { $0.contains("|panel-kiosk/all/cmd|") && $0.contains("\"id\":\"\(id)\"") }),
                   let stamp = cmd.split(separator: "|").first.flatMap({ Double($0) }) { sent = stamp }
                return mine.count >= n && !sent.isNaN
            }
            XCTAssertEqual(mine.filter { $0.contains("\"ok\":true") }.count, n, "every kiosk applied \(id)")
            for line in mine {
                guard let stamp = line.split(separator: "|").first, let at = Double(stamp) else { continue }
                latenciesMS.append((at - sent) * 1000)
            }
            sleep(1)
        }
        latenciesMS.sort()
        func pct(_ p: Double) -> Double { latenciesMS.isEmpty ? .nan : latenciesMS[min(latenciesMS.count - 1, Int(Double(latenciesMS.count) * p))] }
        let idleSorted = idlePercent.sorted()
        let rss = kiosks.compactMap { k -> Int? in
            guard let text = try? String(contentsOfFile: "/proc/\(k.process.processIdentifier)/status", encoding: .utf8),
                  let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }
        print(String(format: "FLEET: %d kiosks on one mosquitto (started and online in %.1f s): all/cmd applied by every kiosk, "
                     + "over %d rounds: p50 %.1f ms, p99 %.1f ms, max %.1f ms (publish to reply); idle CPU per kiosk: mean %.3f %%, max %.3f %% "
                     + "over %.0f s; RSS per kiosk mean %d kB",
                     n, startS, rounds, pct(0.5), pct(0.99), latenciesMS.last ?? .nan,
                     idlePercent.reduce(0, +) / Double(max(1, n)), idleSorted.last ?? .nan, idleS,
                     rss.isEmpty ? 0 : rss.reduce(0, +) / rss.count))
        for k in kiosks { XCTAssertEqual(k.stop(), 0, k.log) }
        XCTAssertEqual(latenciesMS.count, n * rounds)
    }
}
