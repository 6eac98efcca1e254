import DrawerRuntime
@testable import PanelKiosk
import PanelRenderer
import XCTest

/// Every way a touch can end without an up leaves nothing behind (issue 43, finding 6: a palm
/// killed the next tap). On each example app, a hand rests where a tap then goes (the tap of
/// the app's parity case), moves a little, and ends without lifting: libinput cancels it (a
/// palm), its device goes away, or its up is lost (the slot goes down again). The tap that
/// follows, 400 ms later, through the same `TouchSlots` the device path uses, must then give
/// exactly the events and the state it gives on a fresh screen.
final class TouchEndingTests: XCTestCase {
    enum Ending: CaseIterable { case cancelled, deviceRemoved, upLost }

    /// (app, the tap in UI pixels at 1024x768, the event the tap must cause)
    private let taps: [(String, Double, Double, String)] = [
        ("drawer.toml", 512, 657, #""event": "action", "id": "place-3""#),
        ("sheet.toml", 512, 746, #""event": "anchor_will_change""#),
        ("menu.toml", 512, 185, #""event": "action", "id": "dep-3""#),
        ("dismiss.toml", 998, 36, #""event": "status", "status": "initiated""#),
        ("player.toml", 921, 736, #""event": "action", "id": "play""#),
        ("content.toml", 80, 270, #""target": "background", "event": "action", "id": "buy""#),
    ]

    private func screen(_ app: String) throws -> Screen {
        let config = try AppConfig.load(path: CLI.root + "/examples/" + app)
        return try SceneBuilder.build(app: config, geometry: FrameGeometry(widthPx: 1024, heightPx: 768, scale: 1,
                                                                           board: .offscreenDefault)).screen
    }

    private func feed(_ events: [InputEvent], to screen: Screen) {
        for case let .touch(finger, phase, x, y, timeUS) in events {
            screen.handle(TouchEvent(id: finger, phase: phase, location: Point(x, y),
                                     time: .milliseconds(Double(timeUS) / 1000)))
        }
    }

    /// The tap on `device` slot 0 at 400-480 ms, then 3 s of frames; the events it caused
    /// (as JSON text) and the state after.
    private func tap(_ screen: Screen, _ slots: inout TouchSlots, device: Int, x: Double, y: Double) -> ([String], String) {
        let before = screen.events.events.count
        feed(slots.down(device: device, slot: 0, x: x, y: y, timeUS: 400_000), to: screen)
        feed(slots.end(device: device, slot: 0, phase: .up, timeUS: 480_000), to: screen)
        for ms in stride(from: 500.0, through: 3500, by: 1000.0 / 60) { screen.advance(to: .milliseconds(ms)) }
        let events = screen.events.events.dropFirst(before).map { $0.json.encoded }
        return (events, screen.state(timeMS: 0).encoded)
    }

    func testATapAfterATouchThatEndedWithoutAnUpIsATap() throws {
        for (app, x, y, expected) in taps {
            var freshSlots = TouchSlots()
            let fresh = try screen(app)
            let (want, wantState) = tap(fresh, &freshSlots, device: 1, x: x, y: y)
            XCTAssertTrue(want.contains { $0.contains(expected) }, "\(app): the tap alone gives \(want)")
            for ending in Ending.allCases {
                let s = try screen(app)
                var slots = TouchSlots()
                feed(slots.down(device: 1, slot: 0, x: x, y: y, timeUS: 0), to: s)
                feed(slots.move(device: 1, slot: 0, x: x + 3, y: y + 2, timeUS: 16_700), to: s)
                feed(slots.move(device: 1, slot: 0, x: x + 5, y: y + 3, timeUS: 33_300), to: s)
                var tapDevice = 1
                switch ending {
                case .cancelled: feed(slots.end(device: 1, slot: 0, phase: .cancel, timeUS: 50_000), to: s)
                case .deviceRemoved: feed(slots.removeDevice(1, timeUS: 50_000), to: s); tapDevice = 2
                case .upLost: break          // the tap's down on the same slot cancels it first
                }
                XCTAssertEqual(slots.count, ending == .upLost ? 1 : 0, "\(app), \(ending)")
                let (got, gotState) = tap(s, &slots, device: tapDevice, x: x, y: y)
                XCTAssertEqual(got, want, "\(app), \(ending): the tap's events")
                XCTAssertEqual(gotState, wantState, "\(app), \(ending): the state after the tap")
                XCTAssertEqual(slots.count, 0, "\(app), \(ending): no finger left down")
            }
        }
    }
}
