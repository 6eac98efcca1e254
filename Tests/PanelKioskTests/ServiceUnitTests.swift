#if canImport(Glibc)
import Glibc
#endif
import Foundation
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// The shipped systemd unit, udev rule and install script.
final class ServiceUnitTests: XCTestCase {
    static let root: String = {
        var dir = #filePath
        for _ in 0..<3 { dir = String(dir[..<dir.lastIndex(of: "/")!]) }
        return dir
    }()
    static let unitPath = root + "/systemd/panel-kiosk.service"

    private var dir: TempDir!
    override func setUp() { dir = TempDir() }
    override func tearDown() { _ = run("/bin/rm", ["-rf", dir.path]) }

    /// Runs a program to completion; returns its exit status and combined output.
    private func run(_ exe: String, _ args: [String], env: [String: String]? = nil) -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = args
        if let env { p.environment = env }
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        do { try p.run() } catch { return (-1, "\(exe): \(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The [Service]/[Unit]/[Install] assignments of the unit, in order.
    private func assignments() throws -> [(key: String, value: String)] {
        try readTextFile(Self.unitPath).split(separator: "\n").compactMap { line in
            let l = line.trimmingCharacters(in: .whitespaces)
            guard !l.hasPrefix("#"), !l.hasPrefix("["), let eq = l.firstIndex(of: "=") else { return nil }
            return (String(l[..<eq]), String(l[l.index(after: eq)...]))
        }
    }

    func testSystemdAnalyzeVerifyHasNoComplaints() throws {
        let candidates: [String] = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"]
        guard let analyze = candidates.first(where: { access($0, X_OK) == 0 }) else {
            throw XCTSkip("systemd-analyze not found: install the Debian package 'systemd' to verify the unit")
        }
        let version = run(analyze, ["--version"])
        guard version.status == 0 else { throw XCTSkip("systemd-analyze cannot run here: \(version.output)") }
        // The binary is not installed on a build machine, and verify insists that ExecStart
        // is executable: point it at a stub. Everything else is verified as shipped.
        let stub = dir.file("panel-kiosk")
        dir.write("panel-kiosk", "#!/bin/sh\nexit 0\n")
        chmod(stub, 0o755)
        let unit = try readTextFile(Self.unitPath).replacingOccurrences(of: "/usr/local/bin/panel-kiosk", with: stub)
        dir.write("panel-kiosk.service", unit)
        var env = ProcessInfo.processInfo.environment
        env["SYSTEMD_LOG_COLOR"] = "0"
        let r = run(analyze, ["verify", "--man=no", dir.file("panel-kiosk.service")], env: env)
        // Unknown keys are only logged (exit status 0), so any output at all is a failure.
        XCTAssertEqual(r.status, 0, r.output)
        XCTAssertEqual(r.output, "", "systemd-analyze verify complained:\n\(r.output)")
    }

    func testUnitHasTheKioskEssentials() throws {
        let a = try assignments()
        func values(_ key: String) -> [String] { a.filter { $0.key == key }.map(\.value) }
        XCTAssertEqual(values("Type"), ["notify"])
        XCTAssertEqual(values("ExecStart"), ["/usr/local/bin/panel-kiosk run --config /etc/panel-kiosk/app.toml --board /etc/panel-kiosk/board.toml"])
        XCTAssertEqual(values("Restart"), ["always"])
        XCTAssertFalse(values("RestartSec").isEmpty)
        XCTAssertFalse(values("WatchdogSec").isEmpty)
        XCTAssertEqual(values("Conflicts"), ["getty@tty1.service"])
        XCTAssertTrue(values("After").contains { $0.contains("getty@tty1.service") })
        XCTAssertEqual(values("User"), ["panel-kiosk"])
        XCTAssertEqual(values("SupplementaryGroups"), ["video input render"])
        XCTAssertEqual(values("TTYPath"), ["/dev/tty1"])
        XCTAssertEqual(values("DevicePolicy"), ["closed"])
        XCTAssertEqual(Set(values("DeviceAllow")), ["char-drm rw", "char-input rw", "/dev/tty1 rw"])
        XCTAssertEqual(values("ProtectSystem"), ["strict"])
        XCTAssertEqual(values("ReadWritePaths"), ["/run/panel-kiosk"])
        XCTAssertEqual(values("NoNewPrivileges"), ["yes"])
        // Settings that would break DRM, input, udev hotplug or the backlight.
        for key in ["PrivateDevices", "PrivateNetwork", "ProtectKernelTunables", "PrivateUsers", "DynamicUser"] {
            XCTAssertTrue(values(key).isEmpty, "\(key) breaks device access")
        }
        // udev's netlink for hotplug; IP for an app's [mqtt] broker (docs/config.md), which
        // IPAddressDeny= would cut off again.
        let families = Set((values("RestrictAddressFamilies").first ?? "").split(separator: " ").map(String.init))
        XCTAssertTrue(families.isSuperset(of: ["AF_UNIX", "AF_NETLINK", "AF_INET", "AF_INET6"]), "\(families)")
        XCTAssertTrue(values("IPAddressDeny").isEmpty, "IPAddressDeny= keeps [mqtt] from any broker")
    }

    func testUdevRuleGrantsVideoWriteAccess() throws {
        let text = try readTextFile(Self.root + "/udev/70-panel-kiosk-backlight.rules")
        let rules = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        XCTAssertEqual(rules.count, 1)
        let rule = String(rules[0])
        XCTAssertTrue(rule.hasPrefix("ACTION==\"add\", SUBSYSTEM==\"backlight\", RUN+=\"/bin/sh -c '"), rule)
        // The shell part, as udev hands it to sh after turning %p and $$ into text.
        let script = rule.components(separatedBy: "-c '")[1].dropLast(2)
            .replacingOccurrences(of: "/sys%p", with: dir.file("bl"))
            .replacingOccurrences(of: "$$", with: "$")
            .replacingOccurrences(of: "chgrp video", with: "chgrp \(getgid())")
        mkdir(dir.file("bl"), 0o755)
        dir.write("bl/brightness", "1\n")
        chmod(dir.file("bl/brightness"), 0o644)
        let r = run("/bin/sh", ["-c", String(script)])
        XCTAssertEqual(r.status, 0, r.output)
        var st = stat()
        XCTAssertEqual(stat(dir.file("bl/brightness"), &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o664, "group write on brightness; a missing bl_power is fine")
    }

    func testInstallStagesEverythingAndIsIdempotent() throws {
        let stub = dir.file("panel-kiosk")
        dir.write("panel-kiosk", "#!/bin/sh\nexit 0\n")
        chmod(stub, 0o755)
        let stage = dir.path + "/stage"
        let args = ["--binary", stub, "--board", "qemu-vkms", "--prefix", "/opt/pk", "--destdir", stage]
        let first = run(Self.root + "/scripts/install", args)
        XCTAssertEqual(first.status, 0, first.output)
        for f in ["/opt/pk/bin/panel-kiosk", "/etc/systemd/system/panel-kiosk.service",
                  "/etc/udev/rules.d/70-panel-kiosk-backlight.rules", "/etc/panel-kiosk/board.toml",
                  "/opt/pk/share/panel-kiosk/board-configs/rpi5-touch-display-2.toml",
                  "/etc/panel-kiosk/app.toml", "/etc/panel-kiosk/themes/default.toml",
                  "/opt/pk/share/panel-kiosk/examples/lobby.toml",
                  "/opt/pk/share/panel-kiosk/examples/themes/harbour-night.toml",
                  "/opt/pk/share/panel-kiosk/examples/assets/landscape.png"] {
            XCTAssertEqual(access(stage + f, F_OK), 0, "missing \(f)\n\(first.output)")
        }
        // The installed app file's relative theme and image paths resolve where it now lives.
        for app in ["/etc/panel-kiosk/app.toml", "/opt/pk/share/panel-kiosk/examples/lobby.toml",
                    "/opt/pk/share/panel-kiosk/examples/content.toml"] {
            let check = try CLI.run(["check", stage + app])
            XCTAssertEqual(check.status, 0, "\(app): \(check.stdout)\(check.stderr)")
        }
        let unit = try readTextFile(stage + "/etc/systemd/system/panel-kiosk.service")
        XCTAssertTrue(unit.contains("ExecStart=/opt/pk/bin/panel-kiosk run --config"), "unit follows --prefix")
        // The board is now the user's: a second run must keep an edited copy.
        let edited = stage + "/etc/panel-kiosk/board.toml"
        try (try readTextFile(edited) + "# edited\n").write(toFile: edited, atomically: false, encoding: .utf8)
        let second = run(Self.root + "/scripts/install", args)
        XCTAssertEqual(second.status, 0, second.output)
        XCTAssertTrue(second.output.contains("install: unchanged /opt/pk/bin/panel-kiosk"), second.output)
        XCTAssertTrue(second.output.contains("install: keeping your /etc/panel-kiosk/board.toml"), second.output)
        XCTAssertFalse(second.output.contains("install: installing"), second.output)
        XCTAssertTrue(try readTextFile(edited).hasSuffix("# edited\n"))
    }

    func testRestartBackoffDropInOnlyWhereSystemdUnderstandsIt() throws {
        dir.write("panel-kiosk", "#!/bin/sh\nexit 0\n")
        chmod(dir.file("panel-kiosk"), 0o755)
        let dropIn = "/etc/systemd/system/panel-kiosk.service.d/restart-backoff.conf"
        for (version, expected) in [("257", true), ("254", true), ("252", false)] {
            let stage = dir.path + "/stage-" + version
            let r = run("/usr/bin/env", ["PANEL_KIOSK_SYSTEMD_VERSION=" + version, Self.root + "/scripts/install",
                                         "--binary", dir.file("panel-kiosk"), "--destdir", stage])
            XCTAssertEqual(r.status, 0, r.output)
            XCTAssertEqual(access(stage + dropIn, F_OK) == 0, expected, "systemd \(version)\n\(r.output)")
            if !expected { XCTAssertTrue(r.output.contains("restarts keep the unit's fixed 2 s pause"), r.output) }
        }
        let conf = try readTextFile(Self.root + "/systemd/restart-backoff.conf")
        XCTAssertTrue(conf.contains("RestartSteps=") && conf.contains("RestartMaxDelaySec="))
    }

    func testInstallDryRunChangesNothingAndBadInputIsExplained() throws {
        dir.write("panel-kiosk", "#!/bin/sh\nexit 0\n")
        chmod(dir.file("panel-kiosk"), 0o755)
        let stage = dir.path + "/dry"
        let dry = run(Self.root + "/scripts/install", ["--dry-run", "--binary", dir.file("panel-kiosk"), "--destdir", stage])
        XCTAssertEqual(dry.status, 0, dry.output)
        XCTAssertTrue(dry.output.contains("would run: install -D -m 0755"), dry.output)
        XCTAssertNotEqual(access(stage, F_OK), 0, "--dry-run created files")

        let noBinary = run(Self.root + "/scripts/install", ["--dry-run", "--binary", dir.file("nothing")])
        XCTAssertEqual(noBinary.status, 1)
        XCTAssertEqual(noBinary.output, "install: no executable at \(dir.file("nothing")); build it first: swift build -c release --product panel-kiosk (or pass --binary FILE)\n")
        let badBoard = run(Self.root + "/scripts/install", ["--dry-run", "--binary", dir.file("panel-kiosk"), "--board", "rpi4"])
        XCTAssertEqual(badBoard.status, 1)
        XCTAssertEqual(badBoard.output, "install: no board 'rpi4'; choose one of: beaglebone-black-lcd generic-hdmi-1080p qemu-vkms rpi4-official-7in-dsi rpi5-touch-display-2 \n")
        let badOption = run(Self.root + "/scripts/install", ["--prefx", "/usr"])
        XCTAssertEqual(badOption.output, "install: unknown option '--prefx' (see --help)\n")
    }
}
