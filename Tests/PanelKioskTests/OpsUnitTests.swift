#if canImport(Glibc)
import Glibc
#endif
import DrawerRuntime
import XCTest
@testable import panel_kiosk
@testable import PanelKiosk

/// The operations commands' pure parts: parsing, the health verdict, brightness in percent,
/// the log's priority prefixes.
final class OpsUnitTests: XCTestCase {
    private func parse(_ line: String) -> Result<ControlCommand, ControlCommand.ControlError> {
        ControlCommand.parse(line: Array(line.utf8)).result
    }

    func testServiceCommandsParse() {
        XCTAssertEqual(try parse(#"{"cmd":"status"}"#).get(), .service(.status))
        XCTAssertEqual(try parse(#"{"cmd":"screenshot"}"#).get(), .service(.screenshot(path: nil)))
        XCTAssertEqual(try parse(#"{"cmd":"screenshot","path":"/tmp/a.png","id":3}"#).get(), .service(.screenshot(path: "/tmp/a.png")))
        XCTAssertEqual(try parse(#"{"cmd":"brightness"}"#).get(), .service(.brightness(percent: nil)))
        XCTAssertEqual(try parse(#"{"cmd":"brightness","percent":0}"#).get(), .service(.brightness(percent: 0)))
        XCTAssertEqual(try parse(#"{"cmd":"brightness","percent":100}"#).get(), .service(.brightness(percent: 100)))
        XCTAssertEqual(try parse(#"{"cmd":"blank"}"#).get(), .service(.blank))
        XCTAssertEqual(try parse(#"{"cmd":"wake"}"#).get(), .service(.wake))
        XCTAssertEqual(try parse(#"{"cmd":"reload"}"#).get(), .service(.reload))
    }

    func testServiceCommandErrorsAreExact() {
        func message(_ line: String) -> String? {
            if case .failure(let e) = parse(line) { return e.message } else { return nil }
        }
        XCTAssertEqual(message(#"{"cmd":"brightness","percent":101}"#), "\"percent\" must be a whole number from 0 to 100")
        XCTAssertEqual(message(#"{"cmd":"brightness","percent":50.5}"#), "\"percent\" must be a whole number from 0 to 100")
        XCTAssertEqual(message(#"{"cmd":"brightness","percnt":5}"#), "unknown field \"percnt\" in \"brightness\" (did you mean \"percent\"?)")
        XCTAssertEqual(message(#"{"cmd":"screenshot","path":"out.png"}"#), "\"path\" must be an absolute file path (a PNG is written there)")
        XCTAssertEqual(message(#"{"cmd":"stauts"}"#), "unknown command \"stauts\" (did you mean \"status\"?)")
        XCTAssertEqual(message(#"{"cmd":"blank","target":"x"}"#), "unknown field \"target\" in \"blank\"")
    }

    func testWhatChangesTheScreen() {
        XCTAssertFalse(ServiceCommand.status.changesScreen)
        XCTAssertFalse(ServiceCommand.screenshot(path: nil).changesScreen)
        XCTAssertFalse(ServiceCommand.brightness(percent: nil).changesScreen)
        XCTAssertTrue(ServiceCommand.brightness(percent: 10).changesScreen)
        XCTAssertTrue(ServiceCommand.blank.changesScreen)
        XCTAssertTrue(ServiceCommand.wake.changesScreen)
        XCTAssertTrue(ServiceCommand.reload.changesScreen)
    }

    func testReplyLinesWithFields() {
        XCTAssertEqual(ControlSocket.replyLine(fields: [("path", .string("/run/x.png"))], id: .number(4)),
                       "{\"ok\":true,\"path\":\"/run/x.png\",\"id\":4}\n")
        XCTAssertEqual(ControlSocket.replyLine(fields: [], id: nil), "{\"ok\":true}\n")
    }

    private func report(connected: Bool = true, blank: Bool = false, flips: Int = 10, flipWaitMS: Double? = nil,
                        uptimeS: Double = 60) -> StatusReport {
        StatusReport(app: "a", board: "b", version: "0", display: .init(kind: "drm", description: "card0 (HDMI-A-1)", mode: "800x480@60",
                                                                       connected: connected),
                     blank: blank, framesDrawn: flips, flips: flips, missedVblanks: 0, lastFlipAgeMS: 10, flipWaitMS: flipWaitMS,
                     touchLatencyMS: nil, uptimeS: uptimeS, memoryRSSKB: 1, brightnessPercent: nil, lastError: nil,
                     components: .object([]), mqtt: nil, flipLimitMS: 5000)
    }

    func testHealthVerdict() {
        XCTAssertNil(report().problem)
        XCTAssertNil(report(flipWaitMS: 16).problem, "a frame waiting one vblank is normal")
        XCTAssertNil(report(flipWaitMS: 5000).problem, "up to the limit")
        XCTAssertEqual(report(flipWaitMS: 5001).problem,
                       "display not responding: a frame has waited 5001 ms for its page flip (limit 5000 ms)")
        XCTAssertEqual(report(connected: false).problem, "display disconnected: card0 (HDMI-A-1)")
        XCTAssertEqual(report(connected: false, blank: true).problem, "display disconnected: card0 (HDMI-A-1)",
                       "blank on purpose does not excuse a display that is gone")
        XCTAssertNil(report(flips: 0, uptimeS: 2).problem, "just started")
        XCTAssertEqual(report(flips: 0, uptimeS: 12).problem, "no frame shown 12 s after start")
        XCTAssertNil(report(blank: true, flips: 0, uptimeS: 12).problem, "blank on purpose owes no frame")
        let json = report(flipWaitMS: 9000).json
        XCTAssertEqual(json["healthy"], .bool(false))
        XCTAssertEqual(json["touch_latency_ms"], .null)
        XCTAssertEqual(report().json["problem"], .null)
    }

    func testBrightnessInPercentAndWhileBlank() throws {
        let dir = TempDir()
        defer { dir.remove() }
        dir.write("max_brightness", "255\n")
        dir.write("brightness", "200\n")
        dir.write("bl_power", "0\n")
        var b = Backlight(directory: dir.path)
        XCTAssertEqual(try b.percent(), 78)
        try b.setPercent(40)
        XCTAssertEqual(dir.read("brightness"), "102\n")
        XCTAssertEqual(try b.percent(), 40)
        try b.setPercent(0)
        XCTAssertEqual(dir.read("brightness"), "0\n")
        dir.write("max_brightness", "7\n")
        try b.setPercent(1)
        XCTAssertEqual(dir.read("brightness"), "1\n", "a little is not nothing on a coarse backlight")
        // Blank: the new level is what waking brings back; the panel stays dark meanwhile.
        dir.write("max_brightness", "255\n")
        try b.setBrightness(200)
        try b.turnOff()
        try b.setPercent(50)
        XCTAssertEqual(dir.read("bl_power"), "4\n")
        XCTAssertEqual(try b.percent(), 50)
        try b.turnOn()
        XCTAssertEqual(dir.read("brightness"), "128\n")
        XCTAssertEqual(dir.read("bl_power"), "0\n")
    }

    func testBlankNowAndWake() {
        var blanker = IdleBlanker(blankAfterS: nil, idleResetS: nil, now: .zero)
        XCTAssertEqual(blanker.blankNow(), [.fade(level: 0), .backlight(on: false), .crtcActive(false)])
        XCTAssertTrue(blanker.isBlank)
        XCTAssertEqual(blanker.blankNow(), [], "already blank")
        XCTAssertEqual(blanker.tick(at: .seconds(3600)), [], "without blank_after_s it stays blank")
        XCTAssertEqual(blanker.activity(at: .seconds(3601)), [.crtcActive(true), .fade(level: 1), .redraw, .backlight(on: true)])
        XCTAssertFalse(blanker.isBlank)
    }

    func testLogPrefixesOnlyForTheJournal() {
        XCTAssertEqual(KioskLog.format(.warning, "backlight: gone", journal: true), "<4>panel-kiosk: backlight: gone\n")
        XCTAssertEqual(KioskLog.format(.error, "a\nb", journal: true), "<3>panel-kiosk: a\n<3>b\n")
        XCTAssertEqual(KioskLog.format(.info, "reloaded", journal: false), "panel-kiosk: reloaded\n")
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]); close(fds[1]) }
        var st = stat()
        XCTAssertEqual(fstat(fds[1], &st), 0)
        XCTAssertTrue(KioskLog.isJournalStream(fd: fds[1], environment: "\(st.st_dev):\(st.st_ino)"))
        XCTAssertFalse(KioskLog.isJournalStream(fd: fds[1], environment: "\(st.st_dev):\(st.st_ino + 1)"),
                       "stderr redirected elsewhere than the journal's stream")
        XCTAssertFalse(KioskLog.isJournalStream(fd: fds[1], environment: nil))
        XCTAssertFalse(KioskLog.isJournalStream(fd: fds[1], environment: "garbage"))
    }

    func testDefaultScreenshotPath() {
        XCTAssertEqual(KioskLoop.defaultScreenshotPath(controlSocket: "/tmp/k/control.sock",
                                                       environment: ["RUNTIME_DIRECTORY": "/run/panel-kiosk:/run/other"]),
                       "/run/panel-kiosk/screenshot.png")
        XCTAssertEqual(KioskLoop.defaultScreenshotPath(controlSocket: "/tmp/k/control.sock", environment: [:]), "/tmp/k/screenshot.png")
    }
}
