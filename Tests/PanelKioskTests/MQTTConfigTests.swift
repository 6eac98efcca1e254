import XCTest
@testable import panel_kiosk
@testable import PanelKiosk

/// `[mqtt]` in the app file: what `check` says about it, with file and line.
final class MQTTConfigTests: XCTestCase {
    private func check(_ mqtt: String) -> [String] {
        let dir = TempDir()
        defer { dir.remove() }
        dir.write("ca.crt", "not really a certificate\n")
        dir.write("app.toml", "name = \"x\"\n\n[mqtt]\n" + mqtt)
        return Check.validate(dir.file("app.toml")).map { $0.description.replacingOccurrences(of: dir.path + "/", with: "") }
    }

    private func load(_ mqtt: String) throws -> MQTTConfig? {
        let dir = TempDir()
        defer { dir.remove() }
        dir.write("ca.crt", "x\n")
        dir.write("app.toml", "name = \"x\"\n\n[mqtt]\n" + mqtt)
        return try AppConfig.load(path: dir.file("app.toml")).mqtt
    }

    func testAGoodTable() throws {
        let m = try XCTUnwrap(try load("broker = \"mqtts://broker.lan:8884\"\ndevice_id = \"lobby-1\"\nca_file = \"ca.crt\"\nread_only = true\nkeep_alive_s = 20\n"))
        XCTAssertEqual(m.host, "broker.lan"); XCTAssertEqual(m.port, 8884); XCTAssertTrue(m.tls)
        XCTAssertEqual(m.baseTopic, "panel-kiosk/lobby-1")
        XCTAssertEqual(m.fleetCommandTopic, "panel-kiosk/all/cmd")
        XCTAssertTrue(m.readOnly)
        XCTAssertEqual(m.keepAliveS, 20)
        XCTAssertTrue(m.caFile?.hasSuffix("/ca.crt") == true)
        let plain = try XCTUnwrap(try load("broker = \"mqtt://[::1]\"\ndevice_id = \"k\"\ntopic_prefix = \"site/a\"\n"))
        XCTAssertEqual(plain.host, "::1"); XCTAssertEqual(plain.port, 1883); XCTAssertFalse(plain.tls)
        XCTAssertEqual(plain.baseTopic, "site/a/k")
        XCTAssertThrowsError(try load(""), "a table without broker is reported")
    }

    func testProblemsNameFileLineAndKey() {
        XCTAssertEqual(check("device_id = \"k\"\n"), ["app.toml:3:1: [mqtt] needs 'broker' (mqtt://host:port or mqtts://host:port)"])
        XCTAssertEqual(check("broker = \"http://x\"\ndevice_id = \"k\"\n"),
                       ["app.toml:4:1: 'broker' must be mqtt://host[:port] or mqtts://host[:port], found 'http://x'"])
        XCTAssertEqual(check("broker = \"mqtt://x:99999\"\ndevice_id = \"k\"\n").count, 1)
        XCTAssertEqual(check("broker = \"mqtt://x\"\ndevice_id = \"a/b\"\n"),
                       ["app.toml:5:1: 'device_id' must be one topic level: not empty, not 'all', no '/', '+', '#' or spaces, at most 64 bytes"])
        XCTAssertEqual(check("broker = \"mqtt://x\"\ndevice_id = \"all\"\n").count, 1, "'all' is the fleet's")
        XCTAssertEqual(check("broker = \"mqtt://x\"\ndevice_id = \"k\"\nca_file = \"ca.crt\"\n"),
                       ["app.toml:6:1: 'ca_file', 'cert_file' and 'key_file' need an mqtts:// broker"])
        XCTAssertEqual(check("broker = \"mqtts://x\"\ndevice_id = \"k\"\nca_file = \"missing.crt\"\n").first?.hasPrefix("app.toml:6:1: 'ca_file' = '"), true)
        XCTAssertEqual(check("broker = \"mqtt://x\"\ndevice_id = \"k\"\nkeep_alive_s = 1\n").count, 1)
        XCTAssertEqual(check("broker = \"mqtt://x\"\ndevice_id = \"k\"\nread_onyl = true\n"),
                       ["app.toml:6:1: unknown key 'read_onyl' in [mqtt] (did you mean 'read_only'?)"])
        XCTAssertEqual(check("broker = \"mqtt://x\"\ndevice_id = \"k\"\ntopic_prefix = \"a/+/b\"\n").count, 1)
    }

    func testBrokerAddresses() {
        XCTAssertEqual(MQTTConfig.parseBroker("mqtt://h").map { "\($0.host) \($0.port) \($0.tls)" }, "h 1883 false")
        XCTAssertEqual(MQTTConfig.parseBroker("mqtts://h").map { "\($0.host) \($0.port) \($0.tls)" }, "h 8883 true")
        XCTAssertEqual(MQTTConfig.parseBroker("mqtt://10.0.0.5:1884/").map { "\($0.host) \($0.port)" }, "10.0.0.5 1884")
        XCTAssertEqual(MQTTConfig.parseBroker("mqtt://[fe80::1]:1885").map { "\($0.host) \($0.port)" }, "fe80::1 1885")
        XCTAssertNil(MQTTConfig.parseBroker("tcp://h"))
        XCTAssertNil(MQTTConfig.parseBroker("mqtt://"))
        XCTAssertNil(MQTTConfig.parseBroker("mqtt://h:0"))
        XCTAssertNil(MQTTConfig.parseBroker("mqtt://user@h"))
        XCTAssertNil(MQTTConfig.parseBroker("mqtt://h:x"))
        XCTAssertNil(MQTTConfig.parseBroker("mqtt://host\u{0}x"), "a NUL ends the name in C")
        XCTAssertNil(MQTTConfig.parseBroker("mqtt://h ost"))
        XCTAssertNil(MQTTConfig.parseBroker("mqtt://h\tost:1883"))
    }

    /// A socket the sandbox refuses is said to be the sandbox's doing (the shipped unit once
    /// refused every IP socket, and the log said only "Address family not supported").
    func testASandboxRefusalIsNamed() {
        XCTAssertTrue(MQTTBridge.sandboxHint(for: "connect to h:1883: Address family not supported by protocol").contains("RestrictAddressFamilies="))
        XCTAssertTrue(MQTTBridge.sandboxHint(for: "connect to h:1883: Operation not permitted").contains("IPAddressDeny="))
        XCTAssertEqual(MQTTBridge.sandboxHint(for: "connect to h:1883: Connection refused"), "")
    }

    /// Drawers on two sides: one option per side, and the state's direction picks it.
    func testASideDrawerOnTwoSidesHasAnOptionPerSide() {
        let two = HADiscovery.ComponentInfo(id: "m", kind: .sideDrawer, sides: ["left", "right"])
        XCTAssertEqual(HADiscovery.select(for: two)?.options, ["closed", "open left", "open right"])
        XCTAssertTrue(HADiscovery.select(for: two)?.valueTemplate.contains("'open ' ~ value_json.components['m'].direction") ?? false)
        XCTAssertEqual(HADiscovery.command(for: two, option: "open right", currentPopupState: nil), .open(target: "m", side: .right, animated: true))
        XCTAssertNil(HADiscovery.command(for: two, option: "open", currentPopupState: nil))
        XCTAssertNil(HADiscovery.command(for: two, option: "open top", currentPopupState: nil))
        let one = HADiscovery.ComponentInfo(id: "m", kind: .sideDrawer, sides: ["left"])
        XCTAssertEqual(HADiscovery.select(for: one)?.options, ["closed", "open"])
        XCTAssertEqual(HADiscovery.command(for: one, option: "open", currentPopupState: nil), .open(target: "m", side: .left, animated: true))
    }

    func testSelectsMapOptionsToCommands() {
        let drawer = HADiscovery.ComponentInfo(id: "d", kind: .bottomDrawer)
        XCTAssertEqual(HADiscovery.command(for: drawer, option: "open", currentPopupState: nil),
                       .setDrawerPosition(target: "d", position: .open, animated: true))
        XCTAssertNil(HADiscovery.command(for: drawer, option: "wide", currentPopupState: nil))
        let sheet = HADiscovery.ComponentInfo(id: "s", kind: .sheet, anchors: 3)
        XCTAssertEqual(HADiscovery.select(for: sheet)?.options, ["0", "1", "2"])
        XCTAssertEqual(HADiscovery.command(for: sheet, option: "2", currentPopupState: nil), .snapSheet(target: "s", anchor: 2, animated: true))
        XCTAssertNil(HADiscovery.command(for: sheet, option: "3", currentPopupState: nil))
        let popup = HADiscovery.ComponentInfo(id: "p", kind: .popup)
        XCTAssertEqual(HADiscovery.command(for: popup, option: "barPresented", currentPopupState: "open"), .close(target: "p", animated: true))
        XCTAssertEqual(HADiscovery.command(for: popup, option: "barPresented", currentPopupState: "hidden"), .presentBar(target: "p", animated: true))
        XCTAssertEqual(HADiscovery.command(for: popup, option: "hidden", currentPopupState: nil), .dismissBar(target: "p", animated: true))
        XCTAssertNil(HADiscovery.select(for: HADiscovery.ComponentInfo(id: "x", kind: .swipeDismiss)))
    }
}
