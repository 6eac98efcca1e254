import XCTest
@testable import PanelKiosk

/// Paths the shipped systemd unit hides or refuses (PrivateTmp, ProtectHome, ProtectSystem)
/// are reported where the app file names them, and only there.
final class ServiceUnitPathsTests: XCTestCase {
    func testTheUnitsRules() {
        XCTAssertNotNil(ServiceUnitPaths.problem(with: "/tmp/k.sock", creates: true))
        XCTAssertNotNil(ServiceUnitPaths.problem(with: "/var/tmp/now.json", creates: false))
        XCTAssertNotNil(ServiceUnitPaths.problem(with: "/home/ana/now.json", creates: false))
        XCTAssertNotNil(ServiceUnitPaths.problem(with: "/root/ca.pem", creates: false))
        XCTAssertNotNil(ServiceUnitPaths.problem(with: "/run/user/1000/k.sock", creates: true))
        XCTAssertNotNil(ServiceUnitPaths.problem(with: "/var/lib/panel-kiosk/k.sock", creates: true), "read-only for the service")
        XCTAssertNil(ServiceUnitPaths.problem(with: "/run/panel-kiosk/control.sock", creates: true))
        XCTAssertNil(ServiceUnitPaths.problem(with: "/var/lib/panel-kiosk/now.json", creates: false))
        XCTAssertNil(ServiceUnitPaths.problem(with: "/etc/panel-kiosk/theme.toml", creates: false))
        XCTAssertNil(ServiceUnitPaths.problem(with: "/tmpfiles/now.json", creates: false), "a prefix of a name is not the folder")
    }

    func testCheckWarnsAtTheKeyAndStillPasses() throws {
        let dir = CLI.tempDir()
        let app = dir + "/app.toml"
        try """
            theme = "theme.toml"

            [control]
            socket = "/tmp/kiosk.sock"

            [data]
            file = "/home/ana/now.json"

            [[component]]
            id = "d"
            kind = "bottom_drawer"
            """.write(toFile: app, atomically: true, encoding: .utf8)
        try "name = \"t\"\n[light]\n".write(toFile: dir + "/theme.toml", atomically: true, encoding: .utf8)
        let r = try CLI.run(["check", app])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("ok (app file)"), r.stdout)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, r.stderr)
        XCTAssertTrue(lines.first?.hasPrefix(app + ":4:1: warning: 'socket' = '/tmp/kiosk.sock' will not work under the shipped systemd unit: the service has a private /tmp") ?? false, r.stderr)
        XCTAssertTrue(lines.first?.hasSuffix("use /run/panel-kiosk/kiosk.sock on a device") ?? false, r.stderr)
        XCTAssertTrue(lines.last?.hasPrefix(app + ":7:1: warning: 'file' = '/home/ana/now.json'") ?? false, r.stderr)
        XCTAssertTrue(lines.last?.hasSuffix("use /var/lib/panel-kiosk/now.json on a device") ?? false, r.stderr)
    }
}
