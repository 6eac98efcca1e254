#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// The control socket with real Unix sockets in a temp dir, driven like the epoll loop does
/// (poll with a zero timeout; nothing waits).
final class ServiceControlSocketTests: XCTestCase {
    private var dir: TempDir!
    override func setUp() { dir = TempDir() }
    override func tearDown() { dir.remove() }

    private func server(_ options: ControlSocket.Options = .init()) throws -> ControlSocket {
        try ControlSocket(path: dir.file("control.sock"), options: options)
    }

    func testSocketPathDefaultsToTheServiceRuntimeDirectory() {
        let path = KioskServices.controlSocketPath
        XCTAssertEqual(path(nil, ["RUNTIME_DIRECTORY": "/run/panel-kiosk"]), "/run/panel-kiosk/control.sock")
        XCTAssertEqual(path(nil, ["RUNTIME_DIRECTORY": "/run/a/:/run/b"]), "/run/a/control.sock")
        XCTAssertNil(path(nil, [:]), "started by hand: no socket unless the app file names one")
        XCTAssertNil(path(nil, ["RUNTIME_DIRECTORY": "relative"]))
        XCTAssertEqual(path("/tmp/c.sock", ["RUNTIME_DIRECTORY": "/run/panel-kiosk"]), "/tmp/c.sock")
        XCTAssertNil(path("", ["RUNTIME_DIRECTORY": "/run/panel-kiosk"]), "socket = \"\" turns it off")
    }

    func testValidCommandIsParsedAndAnswered() throws {
        let s = try server()
        var st = stat()
        XCTAssertEqual(lstat(s.path, &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o660)
        let c = TestClient(path: s.path)
        c.send(#"{"cmd":"set_popup_item","target":"player","title":"Song","progress":0.5,"id":1}"# + "\n")
        s.pump()
        XCTAssertEqual(s.clientCount, 1)
        let cmds = s.drainCommands()
        XCTAssertEqual(cmds.count, 1)
        XCTAssertEqual(cmds.first?.command, .setPopupItem(target: "player", title: "Song", subtitle: nil, progress: 0.5))
        XCTAssertTrue(s.drainCommands().isEmpty)
        s.reply(client: cmds[0].client)
        XCTAssertEqual(c.lines(), [#"{"ok":true,"id":1}"#])
    }

    func testRepliesKeepRequestOrderAroundErrors() throws {
        let s = try server()
        let c = TestClient(path: s.path)
        c.send("{\"cmd\":\"pop\",\"target\":\"sheet\"}\r\nnot json\n\n{\"cmd\":\"psuh\"}\n{\"cmd\":\"pop\",\"target\":\"sheet\"}\n")
        s.pump()
        // Nothing may overtake the first command's reply.
        XCTAssertEqual(c.lines(), [])
        let cmds = s.drainCommands()
        XCTAssertEqual(cmds.map(\.command), [.pop(target: "sheet", animated: true), .pop(target: "sheet", animated: true)])
        s.reply(client: cmds[0].client, error: "no component 'sheet'")
        XCTAssertEqual(c.lines(), [#"{"ok":false,"error":"no component 'sheet'"}"#,
                                   #"{"ok":false,"error":"malformed JSON at column 1: expected 'null'"}"#,
                                   #"{"ok":false,"error":"unknown command \"psuh\" (did you mean \"push\"?)"}"#])
        s.reply(client: cmds[1].client)
        XCTAssertEqual(c.lines(), [#"{"ok":true}"#])
    }

    func testOversizedLineGetsAnErrorAndTheStreamGoesOn() throws {
        var o = ControlSocket.Options()
        o.maxLineBytes = 1024
        let s = try server(o)
        let c = TestClient(path: s.path)
        // Sent in pieces so the server sees the line grow past the limit before its newline.
        c.send("{\"cmd\":\"pop\",\"target\":\"" + String(repeating: "x", count: 800))
        s.pump()
        c.send(String(repeating: "y", count: 800))
        s.pump()
        XCTAssertEqual(c.lines(), [#"{"ok":false,"error":"line longer than 1024 bytes"}"#])
        c.send(String(repeating: "z", count: 3000) + "\"}\n{\"cmd\":\"pop\",\"target\":\"sheet\"}\n")
        s.pump()
        let cmds = s.drainCommands()
        XCTAssertEqual(cmds.map(\.command), [.pop(target: "sheet", animated: true)])
        // A too-long line that arrives whole is refused the same way.
        c.send(String(repeating: "w", count: 2000) + "\n")
        s.pump()
        s.reply(client: cmds[0].client)
        XCTAssertEqual(c.lines(), [#"{"ok":true}"#, #"{"ok":false,"error":"line longer than 1024 bytes"}"#])
        XCTAssertEqual(s.clientCount, 1)
    }

    /// A too-long line whose `id` came before the cut is refused with that id, as every
    /// other reply carries its request's (a client pipelining several can tell which one);
    /// an id after the cut, or a line that is not an object, gets none.
    func testOversizedLineEchoesAnIdWrittenBeforeTheCut() throws {
        var o = ControlSocket.Options()
        o.maxLineBytes = 1024
        let s = try server(o)
        let c = TestClient(path: s.path)
        // Grown past the limit before its newline.
        c.send(#"{"cmd":"set_values","id":"v1","values":{"notice":""# + String(repeating: "x", count: 800))
        s.pump()
        c.send(String(repeating: "x", count: 800))
        s.pump()
        c.send("\"}}\n")
        s.pump()
        // Whole, with a numeric id; then with the id after the long part; then not an object.
        c.send(#"{ "id" : 42, "cmd":"set","target":"t","text":""# + String(repeating: "y", count: 2000) + "\"}\n")
        c.send(#"{"cmd":"set","target":"t","text":""# + String(repeating: "z", count: 2000) + #"","id":7}"# + "\n")
        c.send("[" + String(repeating: "1,", count: 1000) + "1]\n")
        s.pump()
        XCTAssertEqual(c.lines(), [#"{"ok":false,"error":"line longer than 1024 bytes","id":"v1"}"#,
                                   #"{"ok":false,"error":"line longer than 1024 bytes","id":42}"#,
                                   #"{"ok":false,"error":"line longer than 1024 bytes"}"#,
                                   #"{"ok":false,"error":"line longer than 1024 bytes"}"#])
        XCTAssertEqual(s.clientCount, 1)
    }

    func testDefaultLimitIs64KiB() throws {
        let s = try server()
        let c = TestClient(path: s.path)
        let payload = "{\"cmd\":\"pop\",\"target\":\"" + String(repeating: "a", count: 70_000) + "\"}\n"
        var sent = 0
        let bytes = Array(payload.utf8)
        while sent < bytes.count {
            sent += c.sendBytes(Array(bytes[sent...]))
            s.pump()
        }
        XCTAssertEqual(c.lines(), [#"{"ok":false,"error":"line longer than 65536 bytes"}"#])
        XCTAssertTrue(s.drainCommands().isEmpty)
    }

    func testSubscribersGetEvents() throws {
        let s = try server()
        let sub = TestClient(path: s.path), other = TestClient(path: s.path)
        sub.send("{\"cmd\":\"subscribe\",\"id\":\"s\"}\n")
        s.pump()
        XCTAssertEqual(sub.lines(), [#"{"ok":true,"id":"s"}"#])
        s.broadcast(eventLine: #"{"t_ms": 120, "target": "player", "event": "bar_presented"}"#)
        XCTAssertEqual(sub.lines(), [#"{"t_ms": 120, "target": "player", "event": "bar_presented"}"#])
        XCTAssertEqual(other.lines(), [])
        sub.send("{\"cmd\":\"unsubscribe\"}\n")
        s.pump()
        s.broadcast(eventLine: "{}")
        XCTAssertEqual(sub.lines(), [#"{"ok":true}"#])
    }

    func testSubscriberThatHangsUpIsDroppedAndStopsWakingTheLoop() throws {
        let s = try server()
        var sub: TestClient? = TestClient(path: s.path)
        sub!.send("{\"cmd\":\"subscribe\"}\n")
        s.pump()
        XCTAssertEqual(sub!.lines(), [#"{"ok":true}"#])
        sub = nil   // closed for good, not just its sending side
        // A hung-up socket stays "ready" for epoll until it is closed: keeping it would wake
        // the loop at once, forever (the kiosk at 100% CPU while idle).
        XCTAssertLessThanOrEqual(s.pump(), 2)
        XCTAssertEqual(s.clientCount, 0)
        XCTAssertTrue(s.watches.allSatisfy { !$0.writable })
    }

    func testSubscriberThatOnlyStopsSendingStillGetsEvents() throws {
        let s = try server()
        let sub = TestClient(path: s.path)
        sub.send("{\"cmd\":\"subscribe\"}\n")
        sub.shutdownWrite()
        s.pump()
        XCTAssertEqual(s.clientCount, 1)
        s.broadcast(eventLine: "{}")
        XCTAssertEqual(sub.lines(), [#"{"ok":true}"#, "{}"])
    }

    func testClientThatStopsReadingIsDroppedWithoutBlocking() throws {
        var o = ControlSocket.Options()
        o.maxOutputBytes = 64 * 1024
        let s = try server(o)
        let slow = TestClient(path: s.path), good = TestClient(path: s.path)
        slow.send("{\"cmd\":\"subscribe\"}\n")
        good.send("{\"cmd\":\"subscribe\"}\n")
        s.pump()
        _ = slow.lines(); _ = good.lines()
        let line = #"{"t_ms": 1, "target": "drawer", "event": "position_did_change", "position": "open"}"#
        var rounds = 0
        // The well-behaved client reads after every batch; the slow one never does.
        while s.clientCount == 2 && rounds < 10_000 {
            for _ in 0..<100 { s.broadcast(eventLine: line) }
            s.pump()
            XCTAssertEqual(good.lines().count, 100)
            rounds += 1
        }
        XCTAssertEqual(s.clientCount, 1, "the slow client was never dropped")
        XCTAssertEqual(s.droppedSlowClients, 1)
        // The slow client sees what the kernel buffered, then end of stream.
        var got = 0
        while let text = slow.readAvailable() { got += text.count; if text.isEmpty { break } }
        XCTAssertNil(slow.readAvailable())
        XCTAssertGreaterThan(got, 0)
        s.broadcast(eventLine: line)
        XCTAssertEqual(good.lines(), [line])
    }

    /// A reply far larger than the socket buffer (5 MB: the `status` of an app with thousands
    /// of components) turns on the wait for writability at once and reaches, whole, a client
    /// that reads 4 KB at a time. Before, the watch was decided after the reply had joined the
    /// output, stayed off, and the rest waited for an unrelated wake-up.
    func testALargeReplyReachesASlowReaderWhole() throws {
        let s = try server()
        let c = TestClient(path: s.path)
        c.send("{\"cmd\":\"status\",\"id\":7}\n")
        s.pump()
        let cmds = s.drainCommands()
        XCTAssertEqual(cmds.count, 1)
        let generation = s.generation
        let blob = String(repeating: "x", count: 5_000_000)
        s.reply(client: cmds[0].client, fields: [("blob", .string(blob))])
        XCTAssertNotEqual(s.generation, generation, "the loop must be told to watch for writability")
        XCTAssertTrue(s.watches.contains { $0.writable }, "POLLOUT is watched")
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<100_000 where received.last != UInt8(ascii: "\n") {
            s.pump(maxRounds: 1)
            let n = chunk.withUnsafeMutableBytes { recv(c.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 { received += chunk[0..<n] }
        }
        XCTAssertEqual(s.clientCount, 1, "a slow reader of one large reply is not dropped")
        XCTAssertEqual(s.droppedSlowClients, 0)
        XCTAssertEqual(received.count, blob.utf8.count + #"{"ok":true,"blob":"","id":7}"#.utf8.count + 1)
        XCTAssertEqual(String(decoding: received.suffix(10), as: UTF8.self), #"","id":7}"# + "\n")
        XCTAssertFalse(s.watches.contains { $0.writable }, "nothing left to write: no more POLLOUT")
    }

    /// A client that asks for large replies and never reads still goes: one reply plus the
    /// bound is all it may hold.
    func testAClientThatNeverReadsItsLargeRepliesIsDropped() throws {
        var o = ControlSocket.Options()
        o.maxOutputBytes = 64 * 1024
        let s = try server(o)
        let c = TestClient(path: s.path)
        c.send(String(repeating: "{\"cmd\":\"status\"}\n", count: 8))
        s.pump()
        let cmds = s.drainCommands()
        XCTAssertEqual(cmds.count, 8)
        for cmd in cmds { s.reply(client: cmd.client, fields: [("blob", .string(String(repeating: "y", count: 1_000_000)))]) }
        s.pump()
        XCTAssertEqual(s.clientCount, 0)
        XCTAssertEqual(s.droppedSlowClients, 1)
        _ = c
    }

    func testOneShotClientGetsItsRepliesAfterHalfClose() throws {
        let s = try server()
        let c = TestClient(path: s.path)
        c.send("{\"cmd\":\"close\",\"target\":\"menu\"}\n")
        c.shutdownWrite()
        s.pump()
        let cmds = s.drainCommands()
        XCTAssertEqual(cmds.count, 1)
        XCTAssertEqual(s.clientCount, 1)
        s.reply(client: cmds[0].client)
        XCTAssertEqual(s.clientCount, 0)
        XCTAssertEqual(c.readAvailable(), #"{"ok":true}"# + "\n")
        XCTAssertNil(c.readAvailable())
    }

    /// `printf '{"cmd":"status"}' | nc -U sock`: the last line has no newline; the end of the
    /// stream ends it (it was dropped without a word). A malformed one is answered too.
    func testALastLineWithoutNewlineIsACommandAtEndOfStream() throws {
        let s = try server()
        let c = TestClient(path: s.path)
        c.send("{\"cmd\":\"pop\",\"target\":\"sheet\",\"id\":7}\n{\"cmd\":\"close\",\"target\":\"menu\",\"id\":8}")
        c.shutdownWrite()
        s.pump()
        let cmds = s.drainCommands()
        XCTAssertEqual(cmds.map(\.command), [.pop(target: "sheet", animated: true), .close(target: "menu", animated: true)])
        for cmd in cmds { s.reply(client: cmd.client) }
        XCTAssertEqual(c.lines(), [#"{"ok":true,"id":7}"#, #"{"ok":true,"id":8}"#])
        XCTAssertEqual(s.clientCount, 0)

        let bad = TestClient(path: s.path)
        bad.send("{\"cmd\":")
        bad.shutdownWrite()
        s.pump()
        XCTAssertTrue(s.drainCommands().isEmpty)
        XCTAssertEqual(bad.lines(), [#"{"ok":false,"error":"malformed JSON at column 8: the text ends where a value should be"}"#])
        XCTAssertEqual(s.clientCount, 0)
    }

    func testRepliesToVanishedClientsAreIgnored() throws {
        let s = try server()
        var c: TestClient? = TestClient(path: s.path)
        c!.send("{\"cmd\":\"pop\",\"target\":\"sheet\"}\n")
        s.pump()
        c = nil
        s.pump()
        let cmds = s.drainCommands()
        s.reply(client: cmds.first?.client ?? 99)
        s.reply(client: 12345)
        XCTAssertEqual(s.clientCount, 0)
    }

    func testStaleSocketIsReplacedButALiveOneIsNot() throws {
        let path = dir.file("control.sock")
        // A socket file whose owner died: bound, then closed without unlink.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        _ = UnixAddress(path)!.withSockaddr { bind(fd, $0, $1) }
        close(fd)
        let s = try ControlSocket(path: path)
        XCTAssertThrowsError(try ControlSocket(path: path)) { e in
            XCTAssertEqual("\(e)", "bind \(path): another process is listening on it (is panel-kiosk already running?)")
        }
        s.close()
        var st = stat()
        XCTAssertNotEqual(lstat(path, &st), 0, "close() removes the socket file")
        dir.write("plain", "not a socket")
        XCTAssertThrowsError(try ControlSocket(path: dir.file("plain"))) { e in
            XCTAssertEqual("\(e)", "bind \(dir.file("plain")): exists and is not a socket; not removing it")
        }
        let long = "/tmp/" + String(repeating: "d", count: 120) + "/control.sock"
        XCTAssertThrowsError(try ControlSocket(path: long)) { e in
            XCTAssertEqual("\(e)", "bind \(long): not a socket path that fits sun_path (107 bytes)")
        }
        XCTAssertThrowsError(try ControlSocket(path: dir.file("missing/x.sock"))) { e in
            XCTAssertEqual("\(e)", "bind \(dir.file("missing/x.sock")): No such file or directory")
        }
    }

    func testModeFromOptionsAndClientLimit() throws {
        var o = ControlSocket.Options()
        o.mode = 0o600
        o.maxClients = 1
        let s = try server(o)
        var st = stat()
        XCTAssertEqual(lstat(s.path, &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o600)
        // A client with a command in flight keeps its place: the newcomer is refused.
        let a = TestClient(path: s.path)
        s.pump()
        a.send("{\"cmd\":\"pop\",\"target\":\"sheet\"}\n")
        s.pump()
        let b = TestClient(path: s.path)
        s.pump()
        XCTAssertEqual(b.readAvailable(), #"{"ok":false,"error":"too many clients (1), each with a command in flight"}"# + "\n")
        XCTAssertNil(b.readAvailable())
        XCTAssertEqual(s.clientCount, 1)
        _ = a
    }

    /// Idle clients (a feeder that leaked its sockets) never lock out the health check: at
    /// the limit, the one quiet for longest is closed, told why, and the newcomer is served;
    /// a subscriber goes after every silent non-subscriber.
    func testAtTheLimitTheLongestQuietClientMakesRoom() throws {
        var o = ControlSocket.Options()
        o.maxClients = 3
        let s = try server(o)
        let watcher = TestClient(path: s.path)
        s.pump()
        watcher.send("{\"cmd\":\"subscribe\"}\n")
        s.pump()
        XCTAssertEqual(watcher.readAvailable(), #"{"ok":true}"# + "\n")
        let quiet1 = TestClient(path: s.path)
        s.pump()
        let quiet2 = TestClient(path: s.path)
        s.pump()
        let status = TestClient(path: s.path)
        s.pump()
        XCTAssertEqual(s.clientCount, 3)
        XCTAssertEqual(s.evictedIdleClients, 1)
        XCTAssertEqual(quiet1.readAvailable(), #"{"ok":false,"error":"closed: 3 clients connected and this one the longest quiet; a new client needed the place"}"# + "\n")
        XCTAssertNil(quiet1.readAvailable(), "closed")
        XCTAssertEqual(quiet2.readAvailable(), "", "quiet for less time: kept, open")
        XCTAssertEqual(status.readAvailable(), "", "admitted, nothing refused")
        XCTAssertEqual(watcher.readAvailable(), "", "a subscriber goes after silent clients")
        status.send("{\"cmd\":\"subscribe\",\"id\":1}\n")
        s.pump()
        XCTAssertEqual(status.readAvailable(), #"{"ok":true,"id":1}"# + "\n", "the newcomer is served")
        _ = (quiet2, status)
    }

    func testGarbageNeverDisturbsOtherClientsOrTheQueue() throws {
        let s = try server()
        let good = TestClient(path: s.path), bad = TestClient(path: s.path)
        good.send("{\"cmd\":\"push\",\"target\":\"sheet\",\"page\":\"details\"}\n")
        // Deterministic junk: random bytes (no newlines) per line, including NULs and
        // invalid UTF-8, then some near-JSON.
        var seed: UInt64 = 0x9E3779B97F4A7C15
        var junk: [UInt8] = []
        for _ in 0..<300 {
            for _ in 0..<(Int(seed >> 58) + 1) {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                var b = UInt8(truncatingIfNeeded: seed >> 33)
                if b == 10 { b = 0 }
                junk.append(b)
            }
            junk.append(10)
        }
        let nearMisses = ["{", "}", "{\"cmd\":}", "{\"cmd\":null}", "[]", "\"pop\"", "{\"cmd\":\"pop\",\"target\":[1,2]}", "{\"cmd\":\"pop\"}{\"cmd\":\"pop\"}"]
        junk += Array((nearMisses.joined(separator: "\n") + "\n").utf8)
        let lines = junk.split(separator: 10, omittingEmptySubsequences: false).dropLast()
        let blank = lines.filter { $0.allSatisfy { $0 == 32 || $0 == 9 || $0 == 13 } }.count
        var replies: [String] = []
        var off = 0
        while off < junk.count {
            off += bad.sendBytes(Array(junk[off...]))
            s.pump()
            replies += bad.lines()
        }
        s.pump()
        replies += bad.lines()
        XCTAssertEqual(replies.count, lines.count - blank)
        XCTAssertTrue(replies.allSatisfy { $0.hasPrefix("{\"ok\":false,\"error\":") }, "\(replies.filter { !$0.hasPrefix("{\"ok\":false") })")
        let cmds = s.drainCommands()
        XCTAssertEqual(cmds.map(\.command), [.push(target: "sheet", page: "details", animated: true)])
        s.reply(client: cmds[0].client)
        XCTAssertEqual(good.lines(), [#"{"ok":true}"#])
        XCTAssertEqual(s.clientCount, 2)
    }

    func testTooManyCommandsInFlightAreRefused() throws {
        var o = ControlSocket.Options()
        o.maxInFlight = 2
        let s = try server(o)
        let c = TestClient(path: s.path)
        c.send(String(repeating: "{\"cmd\":\"pop\",\"target\":\"sheet\"}\n", count: 3))
        s.pump()
        let cmds = s.drainCommands()
        XCTAssertEqual(cmds.count, 2)
        for cmd in cmds { s.reply(client: cmd.client) }
        XCTAssertEqual(c.lines(), [#"{"ok":true}"#, #"{"ok":true}"#, #"{"ok":false,"error":"busy: 2 commands already waiting"}"#])
    }
}
