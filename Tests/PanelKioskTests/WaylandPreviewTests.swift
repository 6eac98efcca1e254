import Foundation
import XCTest

/// `panel-kiosk preview` on Wayland, with DISPLAY unset: a real compositor, cage (wlroots) on
/// its headless backend (no GPU, no input devices), from scripts/setup. cage refuses to run
/// as root, so a root test runner starts it as `nobody`. And under weston's headless backend,
/// where Debian bookworm's SDL 2.26 crashes inside SDL_Init (weston offers no seat there), the
/// preview says so and exits 1 instead of crashing.
final class WaylandPreviewTests: XCTestCase {
    func testPreviewOpensUnderWaylandWithoutX() throws {
        for tool in ["/usr/bin/cage", "/usr/bin/Xwayland"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed (scripts/setup installs cage and xwayland)")
        }
        let asRoot = getuid() == 0
        // A folder the compositor's user owns: its runtime dir, and where the preview writes.
        var template = Array((NSTemporaryDirectory() + "panel-kiosk-wayland-XXXXXX").utf8CString)
        let made: String? = template.withUnsafeMutableBufferPointer { buffer in
            guard let p: UnsafeMutablePointer<CChar> = mkdtemp(buffer.baseAddress!) else { return nil }
            return String(cString: p)
        }
        let dir = try XCTUnwrap(made, "mkdtemp failed")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let runtime = dir + "/runtime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: CLI.root + "/examples/drawer.toml", toPath: dir + "/app.toml")
        chmod(dir, 0o755)
        chmod(dir + "/app.toml", 0o644)
        chmod(runtime, 0o700)
        if asRoot {
            let nobody = try XCTUnwrap(getpwnam("nobody"), "no user nobody to run cage as")
            chown(dir, nobody.pointee.pw_uid, nobody.pointee.pw_gid)
            chown(runtime, nobody.pointee.pw_uid, nobody.pointee.pw_gid)
            let check = try run(asRoot: true, ["test", "-x", CLI.binary])
            guard check == 0 else { throw XCTSkip("user nobody cannot run \(CLI.binary)") }
        }

        // DISPLAY is unset inside cage too (it starts Xwayland and sets one): SDL must take
        // Wayland or fail.
        let preview = "unset DISPLAY; '\(CLI.binary)' preview --config '\(dir)/app.toml' --frames 60 --trace '\(dir)/trace.jsonl'"
            + " 2>'\(dir)/stderr'; echo $? >'\(dir)/status'"
        let status = try run(asRoot: asRoot, [
            "env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR=" + runtime, "WLR_BACKENDS=headless",
            "WLR_LIBINPUT_NO_DEVICES=1", "WLR_RENDERER=pixman", "/usr/bin/cage", "--", "/bin/sh", "-c", preview,
        ], timeout: 90)
        let stderr = (try? String(contentsOfFile: dir + "/stderr", encoding: .utf8)) ?? ""
        XCTAssertNotEqual(status, -1, "cage and the preview did not end within 90 s: \(stderr)")
        let previewStatus = (try? String(contentsOfFile: dir + "/status", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(previewStatus, "0", "the preview under Wayland: \(stderr)")
        XCTAssertTrue(stderr.contains("preview: window 800x480"), stderr)
        let trace = (try? String(contentsOfFile: dir + "/trace.jsonl", encoding: .utf8)) ?? ""
        XCTAssertGreaterThanOrEqual(trace.split(separator: "\n").count, 30, "the loop made frames for the window: \(stderr)")
    }

    func testPreviewSaysSoWhereSDLCannotStartOnWayland() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/weston") else {
            throw XCTSkip("weston is not installed (scripts/setup installs it)")
        }
        let dir = CLI.tempDir()
        let runtime = dir + "/runtime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        chmod(runtime, 0o700)
        let weston = Process()
        weston.executableURL = URL(fileURLWithPath: "/usr/bin/weston")
        weston.arguments = ["--backend=headless-backend.so", "--socket=wayland-pk", "--idle-time=0"]
        weston.environment = ["XDG_RUNTIME_DIR": runtime, "PATH": "/usr/bin:/bin"]
        weston.standardOutput = FileHandle.nullDevice
        weston.standardError = FileHandle.nullDevice
        try weston.run()
        defer { weston.terminate(); weston.waitUntilExit() }
        let up = waitFor(20) { FileManager.default.fileExists(atPath: runtime + "/wayland-pk") }
        guard up != nil else { throw XCTSkip("weston did not start") }

        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["preview", "--config", CLI.root + "/examples/drawer.toml", "--frames", "60"]
        p.environment = ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": "wayland-pk", "PATH": "/usr/bin:/bin"]
        let err = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        try p.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        if p.terminationStatus == 0 { return }   // an SDL that copes with this compositor: nothing to say
        XCTAssertEqual(p.terminationReason, .exit, "the preview crashed: \(stderr)")
        XCTAssertEqual(p.terminationStatus, 1, stderr)
        XCTAssertTrue(stderr.contains("SDL crashed") && stderr.contains("wayland-pk") && stderr.contains("run --headless"), stderr)
    }

    private func waitFor(_ seconds: Double, _ check: () -> Bool) -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            if check() { return Date().timeIntervalSince(start) * 1000 }
            usleep(50_000)
        }
        return nil
    }

    /// Runs `args` (as nobody when root), returns its exit status, or -1 when it was stopped
    /// after `timeout` seconds.
    private func run(asRoot: Bool, _ args: [String], timeout: Double = 30) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: asRoot ? "/usr/sbin/runuser" : "/usr/bin/env")
        p.arguments = asRoot ? ["-u", "nobody", "--"] + args : args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        let start = Date()
        while p.isRunning && Date().timeIntervalSince(start) < timeout { usleep(50_000) }
        if p.isRunning {
            p.terminate()
            p.waitUntilExit()
            return -1
        }
        return p.terminationStatus
    }
}
