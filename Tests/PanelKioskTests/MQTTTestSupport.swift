#if canImport(Glibc)
import Glibc
#endif
import Foundation
import XCTest

/// A real Debian `mosquitto` on a loopback port of its own, for the bridge's tests. Stopped
/// (by its pid) when the test ends.
final class TestBroker {
    let dir: TempDir
    let port: Int
    private(set) var process: Process?
    let extraConfig: String

    /// `extraConfig` goes into the listener's section (auth, TLS).
    init(dir: TempDir, extraConfig: String = "allow_anonymous true\n") throws {
        self.dir = dir
        self.extraConfig = extraConfig
        port = TestBroker.freePort()
        try start()
    }

    static var available: Bool { access("/usr/sbin/mosquitto", X_OK) == 0 && access("/usr/bin/mosquitto_sub", X_OK) == 0 }

    /// A port the kernel just handed out on 127.0.0.1 (closed again for the broker to take).
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        _ = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) } }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    func start() throws {
        // As root mosquitto would switch to its own user, who cannot read the test's files.
        let user = getuid() == 0 ? "user root\n" : ""
        dir.write("mosquitto.conf", user + "per_listener_settings true\npersistence false\nset_tcp_nodelay true\nlog_dest file \(dir.file("broker.log"))\n"
                  + "log_type error\nlog_type warning\nlog_type notice\nlog_type information\n"
                  + "listener \(port) 127.0.0.1\n" + extraConfig)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/sbin/mosquitto")
        p.arguments = ["-c", dir.file("mosquitto.conf")]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        process = p
        // Ready when it accepts a connection.
        let end = Date().addingTimeInterval(10)
        while Date() < end {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_addr.s_addr = inet_addr("127.0.0.1")
            addr.sin_port = in_port_t(UInt16(port).bigEndian)
            let r = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            close(fd)
            if r == 0 { return }
            usleep(20_000)
        }
        throw NSError(domain: "TestBroker", code: 1, userInfo: [NSLocalizedDescriptionKey: "mosquitto did not listen on \(port): \(dir.read("broker.log") ?? "")"])
    }

    func stop() {
        guard let p = process, p.isRunning else { return }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        process = nil
    }

    deinit { stop() }

    /// Arguments every client needs to reach this broker.
    var clientArgs: [String] { ["-h", "127.0.0.1", "-p", String(port)] }

    /// `mosquitto_pub` of one message (or `-l`: one per line of `stdin`).
    @discardableResult
    func publish(_ topic: String, _ message: String, extra: [String] = []) throws -> Int32 {
        let r = try runTool("/usr/bin/mosquitto_pub", clientArgs + extra + ["-t", topic, "-m", message])
        return r.status
    }

    /// `mosquitto_pub` of a file's bytes as one message (a message too big for an argument).
    @discardableResult
    func publish(_ topic: String, file: String) throws -> Int32 {
        try runTool("/usr/bin/mosquitto_pub", clientArgs + ["-t", topic, "-f", file]).status
    }

    /// The retained message on `topic`, or nil when there is none (waits `seconds` at most).
    func retained(_ topic: String, seconds: Int = 3, extra: [String] = []) throws -> String? {
        let r = try runTool("/usr/bin/mosquitto_sub", clientArgs + extra + ["-t", topic, "-C", "1", "-W", String(seconds), "--retained-only"])
        return r.status == 0 ? r.stdout.trimmingCharacters(in: .newlines) : nil
    }

    /// Every retained message under `filter`: topic and payload (waits `seconds` for them).
    func allRetained(_ filter: String, seconds: Int = 2) throws -> [(topic: String, payload: String)] {
        let r = try runTool("/usr/bin/mosquitto_sub", clientArgs + ["-t", filter, "-v", "-W", String(seconds), "--retained-only"])
        return r.stdout.split(separator: "\n").compactMap { line -> (topic: String, payload: String)? in
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
    }

    func runTool(_ path: String, _ args: [String], stdin: String? = nil) throws -> CLI.Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let input = Pipe()
        if stdin != nil { p.standardInput = input }
        try p.run()
        if let stdin {
            let data = Data(stdin.utf8)
            DispatchQueue.global().async {
                input.fileHandleForWriting.write(data)
                try? input.fileHandleForWriting.close()
            }
        }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return CLI.Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }
}

/// A `mosquitto_sub` running in the background, writing `topic payload` lines to a file.
final class TestSubscriber {
    let process: Process
    let file: String

    init(broker: TestBroker, filters: [String], file: String, format: String = "%t %p", extra: [String] = []) throws {
        self.file = file
        _ = FileManager.default.createFile(atPath: file, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_sub")
        p.arguments = broker.clientArgs + extra + filters.flatMap { ["-t", $0] } + ["-F", format]
        p.standardOutput = FileHandle(forWritingAtPath: file)
        p.standardError = FileHandle.nullDevice
        try p.run()
        process = p
        usleep(300_000)   // subscribed before anything is published
    }

    var lines: [String] { ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }

    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGTERM); process.waitUntilExit() }
    }
    deinit { stop() }
}

/// A headless kiosk process with `[mqtt]` and a control socket, its stderr collected.
final class MQTTKiosk {
    let process: Process
    let stderrFile: String
    let socket: String

    /// `mqtt` is the `[mqtt]` table's body.
    init(dir: TempDir, name: String = "app", mqtt: String, extraArgs: [String] = []) throws {
        let text = try String(contentsOfFile: CLI.root + "/examples/drawer.toml", encoding: .utf8)
        let i = text.range(of: "[[component]]")!.lowerBound
        socket = dir.file("\(name).sock")
        dir.write("\(name).toml", String(text[..<i]) + "[control]\nsocket = \"\(socket)\"\n\n[mqtt]\n\(mqtt)\n\n" + String(text[i...]))
        stderrFile = dir.file("\(name).err")
        _ = FileManager.default.createFile(atPath: stderrFile, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["run", "--headless", "--size", "800x480", "--config", dir.file("\(name).toml")] + extraArgs
        p.standardError = FileHandle(forWritingAtPath: stderrFile)
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        process = p
    }

    var log: String { (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? "" }

    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }
    deinit { _ = stop(SIGKILL) }
}

extension XCTestCase {
    /// Polls `condition` every 20 ms until it holds or `seconds` pass.
    func poll(_ seconds: Double, _ what: String, _ condition: () -> Bool) {
        let end = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > end { XCTFail("gave up waiting for \(what) after \(seconds) s"); return }
            usleep(20_000)
        }
    }
}

/// A certificate authority made with Debian's openssl for one test: `NAME.crt` and `NAME.key`
/// in `dir`, and certificates it signs beside them (`sign`). Skips the test without openssl.
struct TestCA {
    let dir: TempDir
    let name: String
    static let openssl = "/usr/bin/openssl"

    init(dir: TempDir, name: String, subject: String) throws {
        try XCTSkipUnless(access(Self.openssl, X_OK) == 0, "openssl is not installed")
        self.dir = dir
        self.name = name
        try run(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=\(subject)",
                 "-keyout", dir.file("\(name).key"), "-out", dir.file("\(name).crt")])
    }

    /// `CERT.crt` and `CERT.key` signed by this CA, for `commonName`, valid for `ipAddress`
    /// when given (a server's certificate).
    func sign(_ cert: String, commonName: String, ipAddress: String? = nil) throws {
        try run(["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=\(commonName)",
                 "-keyout", dir.file("\(cert).key"), "-out", dir.file("\(cert).csr")])
        var extensions: [String] = []
        if let ipAddress {
            dir.write("\(cert).cnf", "subjectAltName = IP:\(ipAddress)\n")
            extensions = ["-extfile", dir.file("\(cert).cnf")]
        }
        try run(["x509", "-req", "-in", dir.file("\(cert).csr"), "-CA", dir.file("\(name).crt"), "-CAkey", dir.file("\(name).key"),
                 "-CAcreateserial", "-days", "2", "-out", dir.file("\(cert).crt")] + extensions)
    }

    private func run(_ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.openssl)
        p.arguments = args
        let err = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw Failure(message: "openssl \(args.joined(separator: " ")): \(text)")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
