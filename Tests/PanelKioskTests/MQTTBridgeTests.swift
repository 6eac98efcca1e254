#if canImport(Glibc)
import Glibc
#endif
import Foundation
import DrawerRuntime
import PanelRenderer
import XCTest
@testable import panel_kiosk
@testable import PanelKiosk

/// The MQTT bridge against a real mosquitto (Debian's, started on a loopback port of its
/// own) and a real headless kiosk: commands and replies, events, retained state and
/// availability, the last will, Home Assistant discovery checked against its documented
/// schema, read-only, TLS with a test CA, a wrong password, a broker restart, a flood.
/// Waits poll with generous deadlines; figures are printed, not asserted as durations.
final class MQTTBridgeTests: XCTestCase {
    override func setUpWithError() throws {
        // Not a skip: scripts/setup installs them, and a missing broker must not pass as green.
        guard TestBroker.available else {
            XCTFail("mosquitto and mosquitto-clients are not installed (scripts/setup installs them)")
            throw XCTSkip("no mosquitto")
        }
    }

    private func mqttTable(_ broker: TestBroker, id: String = "k1", extra: String = "") -> String {
        "broker = \"mqtt://127.0.0.1:\(broker.port)\"\ndevice_id = \"\(id)\"\n" + extra
    }

    private func waitConnected(_ kiosk: MQTTKiosk, times: Int = 1) {
        poll(30, "the kiosk to connect") { kiosk.log.components(separatedBy: "mqtt: connected to").count - 1 >= times }
    }

    func testCommandsRepliesEventsStateAvailabilityScreenshotAndCleanStop() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let broker = try TestBroker(dir: dir)
        let sub = try TestSubscriber(broker: broker, filters: ["panel-kiosk/k1/reply", "panel-kiosk/k1/events"], file: dir.file("sub.txt"))
        let shots = try TestSubscriber(broker: broker, filters: ["panel-kiosk/k1/screenshot"], file: dir.file("shot.png"),
                                       format: "%p", extra: ["-C", "1", "-N"])
        let kiosk = try MQTTKiosk(dir: dir, mqtt: mqttTable(broker), extraArgs: ["--capture-scanout", dir.file("exit.png")])
        waitConnected(kiosk)

        XCTAssertEqual(try broker.retained("panel-kiosk/k1/availability"), "online")
        var state: String?
        poll(30, "the retained state") { state = try? broker.retained("panel-kiosk/k1/state"); return state != nil }
        XCTAssertTrue(state?.hasPrefix("{\"healthy\": true") == true, state ?? "")

        try broker.publish("panel-kiosk/k1/cmd", #"{"cmd":"set_position","target":"drawer","position":"open","animated":false,"id":7}"#)
        try broker.publish("panel-kiosk/all/cmd", #"{"cmd":"status","id":"fleet"}"#)
        try broker.publish("panel-kiosk/k1/cmd", #"{"cmd":"set_position","target":"nope","position":"open","id":8}"#)
        try broker.publish("panel-kiosk/k1/cmd", #"{"cmd":"subscribe","id":9}"#)
        try broker.publish("panel-kiosk/k1/cmd", #"{not json"#)
        try broker.publish("panel-kiosk/k1/cmd", #"{"cmd":"screenshot","path":"/tmp/x.png","id":11}"#)
        poll(30, "six replies") { sub.lines.filter { $0.hasPrefix("panel-kiosk/k1/reply ") }.count >= 6 }
        let replies = sub.lines.filter { $0.hasPrefix("panel-kiosk/k1/reply ") }.map { String($0.dropFirst("panel-kiosk/k1/reply ".count)) }
        XCTAssertEqual(replies.first, "{\"ok\":true,\"id\":7}")
        XCTAssertTrue(replies.contains { $0.hasPrefix("{\"ok\":true,\"status\":{\"healthy\": true") && $0.hasSuffix(",\"id\":\"fleet\"}") }, "\(replies)")
        XCTAssertTrue(replies.contains { $0.contains("no component 'nope'") && $0.hasSuffix("\"id\":8}") }, "\(replies)")
        XCTAssertTrue(replies.contains { $0.contains("over MQTT the events are on panel-kiosk/k1/events") }, "\(replies)")
        XCTAssertTrue(replies.contains("{\"ok\":false,\"error\":\"malformed JSON at column 2: expected a key in quotes\"}"), "\(replies)")
        XCTAssertTrue(replies.contains("{\"ok\":false,\"error\":\"\\\"path\\\" is for the control socket; over MQTT the PNG comes on panel-kiosk/k1/screenshot\",\"id\":11}"),
                      "no file written from the network: \(replies)")
        XCTAssertTrue(sub.lines.contains { $0.hasPrefix("panel-kiosk/k1/events ") && $0.contains("\"position_did_change\", \"position\": \"open\"") },
                      "\(sub.lines)")

        // The state follows (retained, at most once a second).
        poll(30, "the state to show the drawer open") {
            (try? broker.retained("panel-kiosk/k1/state"))??.contains("\"position\": \"open\"") == true
        }

        // A screenshot over MQTT: the PNG's bytes on `screenshot`, equal to --capture-scanout
        // of the same (still) frame at exit.
        try broker.publish("panel-kiosk/k1/cmd", #"{"cmd":"screenshot","id":10}"#)
        poll(30, "the screenshot") { !shots.process.isRunning }
        poll(30, "the screenshot's reply") { sub.lines.contains { $0.contains("\"topic\":\"panel-kiosk/k1/screenshot\"") && $0.hasSuffix("\"id\":10}") } }

        // A clean stop: offline, and Home Assistant's entities removed.
        XCTAssertFalse(try broker.allRetained("homeassistant/#").isEmpty, "discovery published")
        XCTAssertEqual(kiosk.stop(), 0, kiosk.log)
        XCTAssertEqual(try broker.retained("panel-kiosk/k1/availability"), "offline")
        XCTAssertEqual(try broker.allRetained("homeassistant/#").map(\.topic), [], "discovery removed at a clean stop")
        XCTAssertEqual(try broker.allRetained("panel-kiosk/k1/#").map(\.topic), ["panel-kiosk/k1/availability"],
                       "the state cleared at a clean stop (it said healthy after the kiosk had gone)")

        let a = try PNGCodec.decode(path: dir.file("shot.png")), b = try PNGCodec.decode(path: dir.file("exit.png"))
        XCTAssertEqual(a.width, 800); XCTAssertEqual(a.height, 480)
        XCTAssertEqual(a.width, b.width); XCTAssertEqual(a.height, b.height)
        var differing = 0
        for y in 0..<min(a.height, b.height) { for x in 0..<min(a.width, b.width) where a[x, y] != b[x, y] { differing += 1 } }
        XCTAssertEqual(differing, 0, "pixels differing between the MQTT screenshot and --capture-scanout")
    }

    func testHomeAssistantDiscoveryMatchesItsSchemaAndDrivesTheKiosk() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let broker = try TestBroker(dir: dir)
        let kiosk = try MQTTKiosk(dir: dir, mqtt: mqttTable(broker))
        waitConnected(kiosk)
        var configs: [(topic: String, payload: String)] = []
        poll(30, "the discovery messages") { configs = (try? broker.allRetained("homeassistant/#")) ?? []; return configs.count >= 8 }
        var kinds: [String: Int] = [:]
        for (topic, payload) in configs {
            let levels = topic.split(separator: "/").map(String.init)
            XCTAssertEqual(levels.count, 5, topic)
            XCTAssertEqual(levels.first, "homeassistant")
            XCTAssertEqual(levels.last, "config")
            XCTAssertEqual(levels[2], "panel-kiosk_k1", "the node id")
            guard case .object(let fields)? = ParsedJSON.parse(Array(payload.utf8)) else { XCTFail("not a JSON object: \(payload)"); continue }
            for problem in HASchema.problems(component: levels[1], fields) { XCTFail("\(topic): \(problem)") }
            kinds[levels[1], default: 0] += 1
        }
        XCTAssertEqual(kinds["light"], 1)
        XCTAssertEqual(kinds["select"], 1, "the drawer example has one bottom drawer")
        XCTAssertEqual(kinds["button"], 1)
        XCTAssertEqual(kinds["binary_sensor"], 1)
        XCTAssertEqual(kinds["sensor"], 4)
        XCTAssertEqual(kinds["image"], 1)

        // What Home Assistant sends: the select's option, the light off and on with brightness.
        try broker.publish("panel-kiosk/k1/select/drawer/set", "open")
        poll(30, "the select to move the drawer") {
            (try? broker.retained("panel-kiosk/k1/state"))??.contains("\"position\": \"open\"") == true
        }
        try broker.publish("panel-kiosk/k1/light/set", #"{"state":"OFF"}"#)
        poll(30, "the light to go off") { (try? broker.retained("panel-kiosk/k1/light/state")) == "{\"state\": \"OFF\"}" }
        try broker.publish("panel-kiosk/k1/light/set", #"{"state":"ON","brightness":40}"#)
        poll(30, "the light to come on") { (try? broker.retained("panel-kiosk/k1/light/state")) == "{\"state\": \"ON\"}" }
        XCTAssertTrue(kiosk.log.contains("Home Assistant command refused: no backlight"), "headless has no backlight: \(kiosk.log)")
        XCTAssertEqual(kiosk.stop(), 0)
    }

    /// A reload that renames a component: Home Assistant gets the new select and the old
    /// one's config is removed (an empty retained message), not left as a dead entity.
    func testDiscoveryFollowsAReloadThatChangesTheComponents() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let broker = try TestBroker(dir: dir)
        let kiosk = try MQTTKiosk(dir: dir, mqtt: mqttTable(broker))
        waitConnected(kiosk)
        func selects() -> [String] {
            ((try? broker.allRetained("homeassistant/select/#")) ?? []).map(\.topic).sorted()
        }
        poll(30, "the drawer's select") { selects() == ["homeassistant/select/panel-kiosk_k1/drawer/config"] }
        let app = dir.file("app.toml")
        let text = try String(contentsOfFile: app, encoding: .utf8)
        try text.replacingOccurrences(of: "id = \"drawer\"", with: "id = \"notices\"")
            .write(toFile: app, atomically: true, encoding: .utf8)   // the file watcher reloads it
        poll(30, "the renamed drawer's select, and the old one gone") {
            selects() == ["homeassistant/select/panel-kiosk_k1/notices/config"]
        }
        XCTAssertTrue(kiosk.log.contains("reloaded"), kiosk.log)
        XCTAssertEqual(kiosk.stop(), 0)
    }

    func testReadOnlyRefusesWhatChangesTheScreen() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let broker = try TestBroker(dir: dir)
        let sub = try TestSubscriber(broker: broker, filters: ["panel-kiosk/k1/reply"], file: dir.file("sub.txt"))
        let kiosk = try MQTTKiosk(dir: dir, mqtt: mqttTable(broker, extra: "read_only = true\n"))
        waitConnected(kiosk)
        try broker.publish("panel-kiosk/k1/cmd", #"{"cmd":"set_position","target":"drawer","position":"open","id":1}"#)
        try broker.publish("panel-kiosk/k1/cmd", #"{"cmd":"blank","id":2}"#)
        try broker.publish("panel-kiosk/k1/cmd", #"{"cmd":"status","id":3}"#)
        poll(30, "three replies") { sub.lines.count >= 3 }
        let refusal = "{\"ok\":false,\"error\":\"read-only: this kiosk's [mqtt] read_only = true allows only status, screenshot and reading brightness\""
        XCTAssertEqual(sub.lines[0], "panel-kiosk/k1/reply \(refusal),\"id\":1}")
        XCTAssertEqual(sub.lines[1], "panel-kiosk/k1/reply \(refusal),\"id\":2}")
        XCTAssertTrue(sub.lines[2].contains("\"ok\":true,\"status\":"), sub.lines[2])
        let status = try CLI.run(["status", "--socket", kiosk.socket, "--json"])
        XCTAssertTrue(status.stdout.contains("\"position\": \"partiallyRevealed\""), "nothing moved: \(status.stdout)")
        XCTAssertEqual(kiosk.stop(), 0)
    }

    /// A command left retained on the fleet topic ran again at every reconnect, over newer
    /// changes: a retained message is ignored, said once, and a live one still runs.
    func testARetainedCommandIsIgnoredAndSaid() throws {
        try assertRetainedCommandIgnored(topic: "panel-kiosk/all/cmd", publishedWhileConnected: false)
    }

    /// A command published retained while the kiosk is connected ran once with no warning
    /// (the broker clears the retain flag on live delivery): subscribed with Retain As
    /// Published, it is ignored and said at once, like one found at connect.
    func testACommandPublishedRetainedWhileConnectedIsIgnoredAndSaid() throws {
        try assertRetainedCommandIgnored(topic: "panel-kiosk/k1/cmd", publishedWhileConnected: true)
    }

    /// A retained `set_position` on `topic`, published before the kiosk connects or while it
    /// is connected: the warning names the topic, the drawer stays put, a live command after
    /// it still runs.
    private func assertRetainedCommandIgnored(topic: String, publishedWhileConnected: Bool,
                                              file: StaticString = #filePath, line: UInt = #line) throws {
        let dir = TempDir()
        defer { dir.remove() }
        let broker = try TestBroker(dir: dir)
        let retained = #"{"cmd":"set_position","target":"drawer","position":"open","animated":false,"id":"ret"}"#
        if !publishedWhileConnected { try broker.publish(topic, retained, extra: ["-r"]) }
        let sub = try TestSubscriber(broker: broker, filters: ["panel-kiosk/k1/reply"], file: dir.file("sub.txt"))
        let kiosk = try MQTTKiosk(dir: dir, mqtt: mqttTable(broker))
        waitConnected(kiosk)
        if publishedWhileConnected { try broker.publish(topic, retained, extra: ["-r"]) }
        poll(30, "the warning") { kiosk.log.contains("mqtt: \(topic): a retained message, ignored") }
        try broker.publish("panel-kiosk/k1/cmd", #"{"cmd":"status","id":"live"}"#)
        poll(30, "the live command's reply") { sub.lines.contains { $0.contains("\"id\":\"live\"") } }
        XCTAssertFalse(sub.lines.contains { $0.contains("\"id\":\"ret\"") }, "\(sub.lines)", file: file, line: line)
        let status = try CLI.run(["status", "--socket", kiosk.socket, "--json"])
        XCTAssertTrue(status.stdout.contains("\"position\": \"partiallyRevealed\""), "nothing moved: \(status.stdout)", file: file, line: line)
        XCTAssertEqual(kiosk.stop(), 0, file: file, line: line)
    }

    func testLastWillWhenTheKioskIsKilled() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let broker = try TestBroker(dir: dir)
        let kiosk = try MQTTKiosk(dir: dir, mqtt: mqttTable(broker))
        waitConnected(kiosk)
        XCTAssertEqual(try broker.retained("panel-kiosk/k1/availability"), "online")
        _ = kiosk.stop(SIGKILL)
        poll(30, "the last will") { (try? broker.retained("panel-kiosk/k1/availability")) == "offline" }
        XCTAssertFalse(try broker.allRetained("homeassistant/#").isEmpty, "killed, not stopped for good: the entities stay (unavailable)")
    }

    func testWrongPasswordIsLoggedAndTheUIRunsOn() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let tool = try TestBroker(dir: dir).runTool("/usr/bin/mosquitto_passwd", ["-b", "-c", dir.file("passwd"), "kiosk", "right"])
        XCTAssertEqual(tool.status, 0, tool.stderr)
        let broker = try TestBroker(dir: dir, extraConfig: "allow_anonymous false\npassword_file \(dir.file("passwd"))\n")
        dir.write("wrong.pw", "wrong\n")
        let kiosk = try MQTTKiosk(dir: dir, mqtt: mqttTable(broker, extra: "username = \"kiosk\"\npassword_file = \"\(dir.file("wrong.pw"))\"\n"))
        poll(30, "the refusal in the log") { kiosk.log.contains("the broker refused the connection") }
        XCTAssertTrue(kiosk.log.contains("panel-kiosk: mqtt: mqtt://127.0.0.1:\(broker.port): the broker refused the connection: Not authorized; retrying in 1 s"),
                      kiosk.log)
        let status = try CLI.run(["status", "--socket", kiosk.socket])
        XCTAssertEqual(status.status, 0, "the UI is unaffected: \(status.stdout)")
        XCTAssertTrue(kiosk.process.isRunning)
        XCTAssertEqual(kiosk.stop(), 0, kiosk.log)

        dir.write("right.pw", "right\n")
        let good = try MQTTKiosk(dir: dir, name: "good", mqtt: mqttTable(broker, id: "k2", extra: "username = \"kiosk\"\npassword_file = \"\(dir.file("right.pw"))\"\n"))
        waitConnected(good)
        XCTAssertEqual(good.stop(), 0)
    }

    func testReconnectsWhenTheBrokerRestarts() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let broker = try TestBroker(dir: dir)
        let kiosk = try MQTTKiosk(dir: dir, mqtt: mqttTable(broker))
        waitConnected(kiosk)
        broker.stop()
        poll(30, "the lost connection in the log") { kiosk.log.contains("retrying in") }
        let status = try CLI.run(["status", "--socket", kiosk.socket])
        XCTAssertEqual(status.status, 0, "the UI is unaffected while the broker is down: \(status.stdout)")
        try broker.start()
        waitConnected(kiosk, times: 2)
        poll(30, "online again") { (try? broker.retained("panel-kiosk/k1/availability")) == "online" }
        poll(30, "the state again (the broker kept nothing)") { (try? broker.retained("panel-kiosk/k1/state")) != nil }
        XCTAssertEqual(kiosk.stop(), 0, kiosk.log)
    }

    /// A broker that stops answering (frozen, as a hung host is) is said in words, not
    /// libmosquitto 2.0.11's "Unknown error." for its keep-alive code, and the kiosk goes
    /// back to it when it answers again.
    /// A message far over the limit (8 MB to the command topic) never reaches the kiosk: the
    /// broker holds it back (MQTT 5's Maximum Packet Size, 1 MiB), so the kiosk's memory does
    /// not grow by it (libmosquitto alone would read it whole: 8 MB and more). One over the
    /// 64 KiB command limit but under the packet limit is read and refused with a reply, and
    /// commands go on being answered.
    func testAMessageOverThePacketLimitNeverReachesTheKiosk() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let broker = try TestBroker(dir: dir)
        let sub = try TestSubscriber(broker: broker, filters: ["panel-kiosk/k1/reply"], file: dir.file("sub.txt"))
        let kiosk = try MQTTKiosk(dir: dir, mqtt: mqttTable(broker))
        waitConnected(kiosk)
        func peakRSSKB() -> Int {
            let text = (try? String(contentsOfFile: "/proc/\(kiosk.process.processIdentifier)/status", encoding: .utf8)) ?? ""
            let line = text.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
        }
        try broker.publish("panel-kiosk/k1/cmd", #"{"cmd":"status","id":1}"#)
        poll(30, "the first reply") { sub.lines.contains { $0.hasSuffix(",\"id\":1}") } }
        let before = peakRSSKB()
        XCTAssertGreaterThan(before, 0)

        let padding = String(repeating: "x", count: 100_000)
        dir.write("over-command.json", #"{"cmd":"set","id":"big","target":"title","text":""# + padding + #""}"#)
        dir.write("over-packet.json", #"{"cmd":"set","target":"title","text":""# + String(repeating: padding, count: 80) + #""}"#)
        XCTAssertEqual(try broker.publish("panel-kiosk/k1/cmd", file: dir.file("over-command.json")), 0)
        XCTAssertEqual(try broker.publish("panel-kiosk/k1/cmd", file: dir.file("over-packet.json")), 0)
        try broker.publish("panel-kiosk/k1/cmd", #"{"cmd":"status","id":2}"#)
        poll(30, "the reply after both") { sub.lines.contains { $0.hasSuffix(",\"id\":2}") } }
        let after = peakRSSKB()
        let replies = sub.lines.filter { $0.hasPrefix("panel-kiosk/k1/reply ") }
        XCTAssertEqual(replies.filter { $0.contains("message longer than 65536 bytes") }.count, 1,
                       "the 100 kB one read and refused, the 8 MB one never delivered: \(replies.map { $0.prefix(120) })")
        XCTAssertTrue(replies.contains(#"panel-kiosk/k1/reply {"ok":false,"error":"message longer than 65536 bytes","id":"big"}"#),
                      "the refusal carries the id written before the limit: \(replies.map { $0.prefix(120) })")
        print("MQTT: peak RSS \(before) kB before an 8 MB and a 100 kB message, \(after) kB after")
        XCTAssertLessThan(after - before, 4_000, "peak RSS grew by \(after - before) kB for an 8 MB message")
        XCTAssertEqual(kiosk.stop(), 0, kiosk.log)
    }

    /// A broker that answers MQTT 5 with "unsupported protocol version" gets 3.1.1 from the
    /// next connection on, and the log says what that costs. (Debian's mosquitto speaks 5, so
    /// its refusal is handed to the bridge as libmosquitto would; the reconnection is real.)
    func testABrokerThatRefusesMQTT5GetsMQTT311() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let broker = try TestBroker(dir: dir)
        // Connected with MQTT 5 first (mosquitto logs the protocol: p5 is 5, p2 is 3.1.1), so
        // the connection after the refusal can only be the 3.1.1 one.
        let bridge = try connectedBridge(broker, id: "k311")
        XCTAssertTrue(bridge.speaksMQTT5)
        XCTAssertTrue(dir.read("broker.log")?.contains("as k311 (p5") == true, dir.read("broker.log") ?? "")
        bridge.mqttConnected(code: 132)      // MQTT 5 reason code: unsupported protocol version
        XCTAssertFalse(bridge.speaksMQTT5)
        XCTAssertFalse(bridge.connected)
        // The loop's side, by hand: the retry after 1 s, then reading until CONNACK.
        let end = Date().addingTimeInterval(30)
        while !bridge.connected && Date() < end { pump(bridge); usleep(20_000) }
        XCTAssertTrue(bridge.connected, "connected again")
        poll(10, "the 3.1.1 connection in the broker's log") { dir.read("broker.log")?.contains("as k311 (p2") == true }
        bridge.close()
    }

    /// The bridge on its own against a real broker, driven as the loop drives it.
    private func connectedBridge(_ broker: TestBroker, id: String, keepAliveS: Int = 30) throws -> MQTTBridge {
        var config = MQTTConfig(host: "127.0.0.1", port: broker.port, tls: false, deviceID: id)
        config.keepAliveS = keepAliveS
        let bridge = try MQTTBridge(config: config, appName: "app", version: "0", components: [])
        let end = Date().addingTimeInterval(30)
        while !bridge.connected && Date() < end { pump(bridge); usleep(5_000) }
        XCTAssertTrue(bridge.connected, "the bridge connected")
        return bridge
    }

    private func pump(_ bridge: MQTTBridge) {
        bridge.tick(nowNS: monotonicNanoseconds())
        let w = bridge.watch
        if w.fd >= 0 { bridge.handleReady(readable: true, writable: w.writable) }
    }

    /// A 1 KiB event, many of which fill the kernel's buffers and the client's queue.
    private static let fillerEvent = "{\"event\":\"filler\",\"text\":\"" + String(repeating: "x", count: 1000) + "\"}"

    /// Publishes `count` filler events as the loop would, to a broker that has stopped
    /// reading; returns the most bytes that waited unsent at any time.
    @discardableResult
    private func fillBacklog(_ bridge: MQTTBridge, events count: Int) -> Int {
        var peak = 0
        for _ in 0..<count {
            bridge.publishEvent(Self.fillerEvent)
            pump(bridge)
            peak = max(peak, bridge.unsent.bytes)
        }
        return peak
    }

    /// A broker that stops reading (SIGSTOP: its socket stays open and its buffers fill):
    /// what the kiosk sends stops being queued past the limit, instead of growing until
    /// keep-alive. When the broker reads again, everything queued is written (every
    /// message's bytes accounted for) and messages flow again.
    func testABrokerThatStopsReadingCostsBoundedMemory() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let broker = try TestBroker(dir: dir)
        let sub = try TestSubscriber(broker: broker, filters: ["panel-kiosk/kstall/events"], file: dir.file("sub.txt"), format: "%p")
        let bridge = try connectedBridge(broker, id: "kstall", keepAliveS: 600)
        bridge.publishEvent("{\"event\":\"first\"}")
        pump(bridge)
        poll(30, "the first event") { sub.lines.contains("{\"event\":\"first\"}") }

        let pid = try XCTUnwrap(broker.process?.processIdentifier)
        kill(pid, SIGSTOP)
        var resumed = false
        defer { if !resumed { kill(pid, SIGCONT) } }
        // 1 KiB events, 64 MiB of them: far more than the kernel's socket buffers hold.
        let limit = MQTTBridge.maxUnsentBytes + MQTTClient.queuedBytes("panel-kiosk/kstall/events", Array(Self.fillerEvent.utf8))
        let sent = 65_536
        let peak = fillBacklog(bridge, events: sent)
        print("MQTT: broker stopped: \(sent) events of 1 KiB sent, \(bridge.droppedTotal) dropped, "
              + "peak unsent \(peak / 1024) KiB (limit \(MQTTBridge.maxUnsentBytes / 1024) KiB)")
        XCTAssertLessThanOrEqual(peak, limit, "unsent bytes stay within the limit")
        XCTAssertGreaterThan(bridge.droppedTotal, 0, "events beyond the limit were dropped")
        XCTAssertGreaterThan(peak, MQTTBridge.maxUnsentBytes / 2, "the kernel's buffers filled and the queue grew before the limit")

        kill(pid, SIGCONT)
        resumed = true
        poll(60, "the unsent messages written") { pump(bridge); return bridge.unsent.messages == 0 }
        XCTAssertEqual(bridge.unsent.bytes, 0, "every message's bytes accounted for")
        bridge.publishEvent("{\"event\":\"after\"}")
        pump(bridge)
        poll(60, "an event after the broker came back") { pump(bridge); return sub.lines.contains("{\"event\":\"after\"}") }
        XCTAssertTrue(bridge.connected)
        bridge.close()
    }

    /// A backlog the connection's end takes away (keep-alive gives up on the stopped broker):
    /// the count starts again from nothing at the reconnect, or the bridge would go on
    /// dropping for ever, and events flow again.
    func testABacklogEndsWithItsConnection() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let broker = try TestBroker(dir: dir)
        let sub = try TestSubscriber(broker: broker, filters: ["panel-kiosk/krec/events"], file: dir.file("sub.txt"), format: "%p")
        let bridge = try connectedBridge(broker, id: "krec", keepAliveS: 5)
        let pid = try XCTUnwrap(broker.process?.processIdentifier)
        kill(pid, SIGSTOP)
        var resumed = false
        defer { if !resumed { kill(pid, SIGCONT) } }
        fillBacklog(bridge, events: 20_000)
        XCTAssertGreaterThan(bridge.droppedTotal, 0)
        XCTAssertGreaterThan(bridge.unsent.bytes, MQTTBridge.maxUnsentBytes / 2)
        poll(30, "keep-alive to give up") { pump(bridge); return !bridge.connected }
        kill(pid, SIGCONT)
        resumed = true
        poll(60, "the reconnection") { pump(bridge); return bridge.connected }
        poll(30, "nothing unsent") { pump(bridge); return bridge.unsent.messages == 0 }
        let dropped = bridge.droppedTotal
        bridge.publishEvent("{\"event\":\"after\"}")
        pump(bridge)
        XCTAssertEqual(bridge.droppedTotal, dropped, "taken, not dropped")
        poll(30, "the event after the reconnection") { pump(bridge); return sub.lines.contains("{\"event\":\"after\"}") }
        bridge.close()
    }

    /// A clean stop behind a backlog still queues its `offline` and the cleared state: the
    /// broker must not keep a stopped kiosk's retained "online".
    func testACleanStopBehindABacklogStillSaysOffline() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let broker = try TestBroker(dir: dir)
        let bridge = try connectedBridge(broker, id: "kclose", keepAliveS: 600)
        let pid = try XCTUnwrap(broker.process?.processIdentifier)
        kill(pid, SIGSTOP)
        defer { kill(pid, SIGCONT) }
        fillBacklog(bridge, events: 20_000)
        let dropped = bridge.droppedTotal
        XCTAssertGreaterThan(dropped, 0)
        bridge.close()
        XCTAssertEqual(bridge.droppedTotal, dropped, "nothing of the stop dropped")
    }

    /// The retained state again after a minute though nothing changed (a heartbeat that
    /// tells a fleet's dashboard the kiosk is alive), not every second; fake times.
    func testUnchangedStateIsSentOnceAMinute() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let broker = try TestBroker(dir: dir)
        let sub = try TestSubscriber(broker: broker, filters: ["panel-kiosk/kbeat/state"], file: dir.file("sub.txt"), format: "%p")
        let bridge = try connectedBridge(broker, id: "kbeat")
        let status = JSONValue.object([("healthy", .bool(true)), ("uptime_s", .number(1))])
        let t0 = monotonicNanoseconds()
        for s in 0...130 {
            bridge.publishState(status, nowNS: t0 + UInt64(s) * 1_000_000_000)
            pump(bridge)
        }
        poll(30, "three states") { pump(bridge); return sub.lines.count >= 3 }
        for _ in 0..<30 { pump(bridge); usleep(10_000) }   // time for any more to arrive
        XCTAssertEqual(sub.lines.count, 3, "at 0, 60 and 120 s: \(sub.lines)")
        bridge.close()
    }

    func testASilentBrokerIsSaidAsSuch() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let broker = try TestBroker(dir: dir)
        let kiosk = try MQTTKiosk(dir: dir, mqtt: mqttTable(broker, extra: "keep_alive_s = 5\n"))
        waitConnected(kiosk)
        let pid = try XCTUnwrap(broker.process?.processIdentifier)
        kill(pid, SIGSTOP)
        // libmosquitto gives up 1.5 keep-alives after the last packet: about 8 s.
        poll(40, "the silent broker in the log") { kiosk.log.contains("retrying in") }
        kill(pid, SIGCONT)
        XCTAssertTrue(kiosk.log.contains("the broker did not answer within the keep-alive time"), kiosk.log)
        XCTAssertFalse(kiosk.log.contains("Unknown error"), kiosk.log)
        waitConnected(kiosk, times: 2)
        XCTAssertEqual(kiosk.stop(), 0, kiosk.log)
    }

    /// Two kiosks given one device_id: the broker drops the older whenever the other
    /// connects. The retries back off (they went on once a second for ever) and the log
    /// says what it likely is.
    func testTwoKiosksWithOneIdBackOffAndAreTold() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let broker = try TestBroker(dir: dir)
        let a = try MQTTKiosk(dir: dir, name: "a", mqtt: mqttTable(broker, id: "twin"))
        let b = try MQTTKiosk(dir: dir, name: "b", mqtt: mqttTable(broker, id: "twin"))
        let start = Date()
        poll(60, "the hint about one id") { (a.log + b.log).contains("if another client uses the id \"twin\" (device_id)") }
        let log = a.log + b.log
        let connects = log.components(separatedBy: "mqtt: connected to").count - 1
        let seconds = Date().timeIntervalSince(start)
        print("MQTT: two kiosks with one id: \(connects) connections in \(Int(seconds)) s before the hint")
        XCTAssertTrue(log.contains("retrying in 4 s") || log.contains("retrying in 8 s"), "no backoff between short connections: \(log)")
        XCTAssertEqual(a.stop(), 0, a.log)
        XCTAssertEqual(b.stop(), 0, b.log)
    }

    func testTLSWithATestCA() throws {
        let dir = TempDir()
        defer { dir.remove() }
        // A CA and a server certificate for 127.0.0.1, made here.
        let ca = try TestCA(dir: dir, name: "ca", subject: "panel-kiosk test CA")
        try ca.sign("server", commonName: "127.0.0.1", ipAddress: "127.0.0.1")
        let broker = try TestBroker(dir: dir, extraConfig: "allow_anonymous true\ncafile \(dir.file("ca.crt"))\ncertfile \(dir.file("server.crt"))\nkeyfile \(dir.file("server.key"))\n")
        let tls = ["--cafile", dir.file("ca.crt")]
        let sub = try TestSubscriber(broker: broker, filters: ["panel-kiosk/k1/reply"], file: dir.file("sub.txt"), extra: tls)
        let kiosk = try MQTTKiosk(dir: dir, mqtt: "broker = \"mqtts://127.0.0.1:\(broker.port)\"\ndevice_id = \"k1\"\nca_file = \"\(dir.file("ca.crt"))\"\n")
        waitConnected(kiosk)
        XCTAssertTrue(kiosk.log.contains("connected to mqtts://127.0.0.1:\(broker.port) as k1"), kiosk.log)
        try broker.publish("panel-kiosk/k1/cmd", #"{"cmd":"status","id":1}"#, extra: tls)
        poll(30, "the reply over TLS") { sub.lines.contains { $0.contains("\"ok\":true,\"status\"") } }
        XCTAssertEqual(kiosk.stop(), 0, kiosk.log)

        // A CA that did not sign the broker's certificate: refused, logged, retried.
        _ = try TestCA(dir: dir, name: "other", subject: "other CA")
        let wrong = try MQTTKiosk(dir: dir, name: "wrong", mqtt: "broker = \"mqtts://127.0.0.1:\(broker.port)\"\ndevice_id = \"k9\"\nca_file = \"\(dir.file("other.crt"))\"\n")
        poll(30, "the TLS failure in the log") { wrong.log.contains("retrying in") }
        XCTAssertFalse(wrong.log.contains("connected to"), wrong.log)
        XCTAssertEqual(wrong.stop(), 0, wrong.log)
    }

    /// A broker that requires client certificates (mutual TLS, as fleets with per-device
    /// identities use): the kiosk with `cert_file` and `key_file` signed by the broker's CA
    /// connects and is answered; without them the broker refuses it, and it says so and
    /// retries while the UI runs on.
    func testClientCertificates() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let ca = try TestCA(dir: dir, name: "ca", subject: "panel-kiosk test CA")
        try ca.sign("server", commonName: "127.0.0.1", ipAddress: "127.0.0.1")
        try ca.sign("kiosk", commonName: "k1")
        let broker = try TestBroker(dir: dir, extraConfig: "allow_anonymous true\ncafile \(dir.file("ca.crt"))\ncertfile \(dir.file("server.crt"))\nkeyfile \(dir.file("server.key"))\nrequire_certificate true\n")
        let tls = ["--cafile", dir.file("ca.crt"), "--cert", dir.file("kiosk.crt"), "--key", dir.file("kiosk.key")]
        let sub = try TestSubscriber(broker: broker, filters: ["panel-kiosk/k1/reply"], file: dir.file("sub.txt"), extra: tls)
        let base = "broker = \"mqtts://127.0.0.1:\(broker.port)\"\nca_file = \"\(dir.file("ca.crt"))\"\n"
        let kiosk = try MQTTKiosk(dir: dir, mqtt: base + "device_id = \"k1\"\ncert_file = \"\(dir.file("kiosk.crt"))\"\nkey_file = \"\(dir.file("kiosk.key"))\"\n")
        waitConnected(kiosk)
        try broker.publish("panel-kiosk/k1/cmd", #"{"cmd":"status","id":1}"#, extra: tls)
        poll(30, "the reply over mutual TLS") { sub.lines.contains { $0.contains("\"ok\":true,\"status\"") } }
        XCTAssertEqual(kiosk.stop(), 0, kiosk.log)

        let without = try MQTTKiosk(dir: dir, name: "nocert", mqtt: base + "device_id = \"k2\"\n")
        poll(30, "the refusal in the log") { without.log.contains("retrying in") }
        XCTAssertFalse(without.log.contains("connected to"), without.log)
        XCTAssertTrue(without.log.contains("the broker requires a client certificate: cert_file and key_file"), without.log)
        print("MQTT: without a client certificate: \(without.log.split(separator: "\n").first { $0.contains("retrying in") } ?? "")")
        XCTAssertEqual(without.stop(), 0, without.log)
    }

    /// 10,000 commands as fast as one client can send them while the kiosk draws every
    /// frame (`--frames`): the excess is refused (a bounded number of refusals are answered,
    /// the rest counted in the log), and the frame rate holds: flip intervals printed from
    /// --stats next to the same run without the flood. The commands are real but leave the
    /// screen as it is (the drawer to where it already is), so what is measured is the
    /// bridge, not the drawing of 10,000 animations.
    func testAFloodOfCommandsKeepsTheFrameRate() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let broker = try TestBroker(dir: dir)
        func flipIntervals(_ stats: String) -> String {
            guard case .object(let s)? = ParsedJSON.parse(Array(stats.utf8)), case .object(let flip)? = s["flip_interval_ms"] else {
                XCTFail("no stats: \(stats)"); return "?"
            }
            func ms(_ key: String) -> String { if case .number(let v)? = flip[key] { String(format: "%.1f", v) } else { "?" } }
            return "p50 \(ms("p50")) p99 \(ms("p99")) max \(ms("max"))"
        }
        let quiet = try MQTTKiosk(dir: dir, name: "quiet", mqtt: mqttTable(broker, id: "q"), extraArgs: ["--frames", "300", "--stats", dir.file("quiet.json")])
        quiet.process.waitUntilExit()
        XCTAssertEqual(quiet.process.terminationStatus, 0, quiet.log)

        let sub = try TestSubscriber(broker: broker, filters: ["panel-kiosk/k1/reply"], file: dir.file("sub.txt"))
        let kiosk = try MQTTKiosk(dir: dir, mqtt: mqttTable(broker), extraArgs: ["--frames", "600", "--stats", dir.file("stats.json")])
        waitConnected(kiosk)
        let lines = (0..<10_000).map { i in
            "{\"cmd\":\"set_position\",\"target\":\"drawer\",\"position\":\"partiallyRevealed\",\"animated\":false,\"id\":\(i)}"
        }.joined(separator: "\n") + "\n"
        let start = Date()
        let pub = try broker.runTool("/usr/bin/mosquitto_pub", broker.clientArgs + ["-t", "panel-kiosk/k1/cmd", "-l"], stdin: lines)
        XCTAssertEqual(pub.status, 0, pub.stderr)
        let sendS = Date().timeIntervalSince(start)
        kiosk.process.waitUntilExit()
        XCTAssertEqual(kiosk.process.terminationStatus, 0, kiosk.log)
        usleep(300_000)
        let replies = sub.lines
        let ok = replies.filter { $0.contains("\"ok\":true") }.count
        let busy = replies.filter { $0.contains("busy: ") }.count
        XCTAssertGreaterThan(ok, 0)
        XCTAssertGreaterThan(busy, 0, "the excess is refused with a reply")
        XCTAssertLessThan(ok + busy, 10_000, "replies to a flood are bounded")
        XCTAssertTrue(kiosk.log.contains("mqtt: refused "), kiosk.log)
        print("MQTT flood: 10000 commands sent in \(String(format: "%.2f", sendS)) s; applied \(ok), refused with a reply \(busy), "
              + "the rest refused unanswered. Flip interval ms at 60 Hz: during the flood \(flipIntervals(dir.read("stats.json") ?? "")); "
              + "same kiosk without it \(flipIntervals(dir.read("quiet.json") ?? ""))")
    }
}

/// Home Assistant's MQTT discovery schema for the entity kinds the kiosk announces, as its
/// documentation gives them (required options, the options each kind takes, their types).
enum HASchema {
    static let common: Set<String> = ["name", "unique_id", "object_id", "availability_topic", "payload_available",
                                      "payload_not_available", "device", "entity_category", "icon", "json_attributes_topic",
                                      "json_attributes_template", "qos", "enabled_by_default"]
    static let kinds: [String: (required: [String], allowed: Set<String>)] = [
        "light": (["command_topic"], ["schema", "command_topic", "state_topic", "supported_color_modes", "brightness", "brightness_scale",
                                      "optimistic", "retain", "effect", "effect_list", "flash_time_long", "flash_time_short",
                                      "transition", "white_scale"]),
        "select": (["command_topic", "options"], ["command_topic", "state_topic", "value_template", "options", "command_template",
                                                  "optimistic", "retain"]),
        "button": (["command_topic"], ["command_topic", "payload_press", "command_template", "device_class", "retain"]),
        "sensor": (["state_topic"], ["state_topic", "value_template", "unit_of_measurement", "device_class", "state_class",
                                     "expire_after", "force_update", "suggested_display_precision"]),
        "binary_sensor": (["state_topic"], ["state_topic", "value_template", "device_class", "payload_on", "payload_off",
                                            "expire_after", "force_update", "off_delay"]),
        "image": ([], ["image_topic", "url_topic", "content_type", "image_encoding", "url_template"]),
    ]
    static let binarySensorClasses: Set<String> = ["problem", "connectivity", "running", "power", "update"]
    static let sensorClasses: [String: Set<String>] = ["duration": ["d", "h", "min", "s", "ms"], "data_size": ["kB", "MB", "B"]]

    static func problems(component: String, _ f: [String: ParsedJSON]) -> [String] {
        guard let kind = kinds[component] else { return ["'\(component)' is not an entity kind the kiosk announces"] }
        var out: [String] = []
        for key in kind.required where f[key] == nil { out.append("missing required '\(key)'") }
        for key in f.keys where !common.contains(key) && !kind.allowed.contains(key) { out.append("'\(key)' is not an option of \(component)") }
        for key in f.keys where key.hasSuffix("_topic") {
            guard case .string(let t)? = f[key], !t.isEmpty, !t.contains("+"), !t.contains("#") else { out.append("'\(key)' must be a topic without wildcards"); continue }
        }
        guard case .string? = f["unique_id"] else { return out + ["'unique_id' is needed for a device's entities"] }
        guard case .object(let device)? = f["device"], case .array(let ids)? = device["identifiers"], !ids.isEmpty else {
            return out + ["'device' needs 'identifiers'"]
        }
        switch component {
        case "light":
            if f["schema"] != .string("json") { out.append("the JSON schema is what the kiosk speaks: 'schema' must be 'json'") }
            if case .array(let modes)? = f["supported_color_modes"], modes.allSatisfy({ ["onoff", "brightness"].map(ParsedJSON.string).contains($0) }) {} else {
                out.append("'supported_color_modes' must list onoff or brightness")
            }
            if case .number(let s)? = f["brightness_scale"], s >= 1, s == s.rounded() {} else { out.append("'brightness_scale' must be a whole number ≥ 1") }
        case "select":
            if case .array(let options)? = f["options"], !options.isEmpty, options.allSatisfy({ if case .string = $0 { true } else { false } }) {} else {
                out.append("'options' must be a non-empty list of strings")
            }
        case "binary_sensor":
            if case .string(let c)? = f["device_class"], !binarySensorClasses.contains(c) { out.append("'\(c)' is not a binary_sensor device class") }
        case "sensor":
            if case .string(let c)? = f["device_class"] {
                if let units = sensorClasses[c] {
                    if case .string(let u)? = f["unit_of_measurement"], units.contains(u) {} else { out.append("device class '\(c)' needs a unit of \(units.sorted())") }
                } else { out.append("'\(c)' is not a sensor device class used here") }
            }
            if case .string(let c)? = f["state_class"], !["measurement", "total", "total_increasing"].contains(c) { out.append("'\(c)' is not a state class") }
        case "image":
            if (f["image_topic"] == nil) == (f["url_topic"] == nil) { out.append("exactly one of 'image_topic' and 'url_topic'") }
            if f["content_type"] != nil && f["image_topic"] == nil { out.append("'content_type' goes with 'image_topic'") }
        default: break
        }
        return out
    }
}
