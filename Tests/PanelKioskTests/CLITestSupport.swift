import Foundation
import XCTest

/// Runs the built `panel-kiosk` binary, as a user or a script would.
struct CLI {
    struct Result { var status: Int32; var stdout: String; var stderr: String }

    static var binary: String {
        if let override = ProcessInfo.processInfo.environment["PANEL_KIOSK_BIN"] { return override }
        // The test runner (an .xctest executable on Linux) sits in the build folder next to
        // the panel-kiosk executable it was built with.
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return runner.deletingLastPathComponent().appendingPathComponent("panel-kiosk").path
    }

    /// The package root, for examples/ and board-configs/.
    static var root: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    /// Runs the binary with `args`; in `environment` alone when one is given, else in the
    /// runner's.
    static func run(_ args: [String], cwd: String? = nil, environment: [String: String]? = nil) throws -> Result {
        try run(program: binary, args, cwd: cwd, environment: environment)
    }

    /// Runs `program` (a path) with `args`, as `run` runs the binary.
    static func run(program: String, _ args: [String], cwd: String? = nil,
                    environment: [String: String]? = nil) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = args
        if let environment { p.environment = environment }
        if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e, as: UTF8.self))
    }

    static func tempDir() -> String {
        let d = NSTemporaryDirectory() + "pk-test-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }
}

extension XCTestCase {
    /// Renders `config` with a touch script through the binary; returns the output folder,
    /// the final state JSON and the event lines.
    func render(_ config: String, _ script: String, at: String) throws -> (dir: String, state: String, events: [String]) {
        let dir = CLI.tempDir()
        try script.write(toFile: dir + "/s.touch", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "--config", config, "--script", dir + "/s.touch", "--out", dir, "--at", at,
                             "--state", dir + "/state.json", "--events", dir + "/events.jsonl"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let state = try String(contentsOfFile: dir + "/state.json", encoding: .utf8)
        let events = try String(contentsOfFile: dir + "/events.jsonl", encoding: .utf8).split(separator: "\n").map(String.init)
        return (dir, state, events)
    }
}
