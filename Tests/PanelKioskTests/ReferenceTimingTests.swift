import DrawerRuntime
import Foundation
@testable import PanelKiosk
import XCTest

/// The references' animations end at their durations (UIKit fits a spring into its duration:
/// docs/components.md, M6): the time of each did-event, played through the shipped examples on
/// the offscreen runtime at 60 Hz. Before the fitted springs these were 550 ms (Pulley),
/// 817 ms (sheets), 900 / 855 ms (the popup's open / close) and 800 ms (the bar).
final class ReferenceTimingTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "reference-timing-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// Every event of `example` played with `script`: its name and `t_ms`.
    private func events(_ example: String, _ script: String) throws -> [(name: String, ms: Double)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let app = try AppConfig.load(path: root.appendingPathComponent("examples/\(example)").path)
        var run = OffscreenRun()
        run.eventsPath = dir + "/events.jsonl"
        _ = try run.run(app: app, geometry: FrameGeometry(widthPx: 800, heightPx: 480, scale: 1, board: .offscreenDefault),
                        script: try TouchScript.parse(script, name: "timing.touch"), into: dir + "/out")
        let text = try String(contentsOfFile: dir + "/events.jsonl", encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard let ms = Self.number(after: "\"t_ms\": ", in: line),
                  let name = Self.string(after: "\"event\": \"", in: line) else { return nil }
            return (name, ms)
        }
    }

    private static func number(after key: String, in line: Substring) -> Double? {
        guard let r = line.range(of: key) else { return nil }
        return Double(line[r.upperBound...].prefix { "0123456789.-".contains($0) })
    }

    private static func string(after key: String, in line: Substring) -> String? {
        guard let r = line.range(of: key) else { return nil }
        return String(line[r.upperBound...].prefix { $0 != "\"" })
    }

    /// The first `name` event at or after `from` ms comes `duration` ms later, on the first
    /// 60 Hz frame at or after that (within one frame of it).
    private func assertEnds(_ all: [(name: String, ms: Double)], _ name: String, startedAt from: Double, after duration: Double,
                            file: StaticString = #filePath, line: UInt = #line) {
        guard let e = all.first(where: { $0.name == name && $0.ms >= from }) else {
            return XCTFail("no \(name) after \(from) ms: \(all)", file: file, line: line)
        }
        XCTAssertGreaterThanOrEqual(e.ms - from, duration - 0.001, "\(name) too early", file: file, line: line)
        XCTAssertLessThan(e.ms - from, duration + 1000 / 60, "\(name) more than a frame late", file: file, line: line)
    }

    /// Pulley's `setDrawerPosition(animated:)`: 0.3 s, whichever way it goes.
    func testPulleySettleEndsAt300ms() throws {
        let all = try events("drawer.toml", "100 do drawer set_position open\n1000 do drawer set_position collapsed\n")
        assertEnds(all, "position_did_change", startedAt: 100, after: 300)
        assertEnds(all, "position_did_change", startedAt: 1000, after: 300)
    }

    /// sheets' snap: 0.5 s.
    func testSheetsSnapEndsAt500ms() throws {
        let all = try events("sheet.toml", "100 do sheet expand\n1000 do sheet collapse\n")
        assertEnds(all, "anchor_did_change", startedAt: 100, after: 500)
        assertEnds(all, "anchor_did_change", startedAt: 1000, after: 500)
    }

    /// LNPopupController's open and close from code: 0.5 s each.
    func testPopupOpenAndCloseEndAt500ms() throws {
        let all = try events("player.toml", "100 do player open\n1000 do player close\n")
        assertEnds(all, "popup_did_open", startedAt: 100, after: 500)
        assertEnds(all, "popup_did_close", startedAt: 1000, after: 500)
    }

    /// The bar's dismiss and present (`dismissPopupBar` / `presentPopupBar`): 0.5 s each.
    func testPopupBarSlidesEndAt500ms() throws {
        let all = try events("player.toml", "100 do player dismiss_bar\n1000 do player present_bar\n")
        assertEnds(all, "bar_dismissed", startedAt: 100, after: 500)
        assertEnds(all, "bar_presented", startedAt: 1000, after: 500)
    }
}
