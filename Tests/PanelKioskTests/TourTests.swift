import Foundation
import PanelRenderer
import XCTest

/// `demo --offscreen`: five screens, each a picture that is a real screen (many colours, not
/// one flat fill), unlike the others and equal to its golden, each with its component moved by
/// the scripted gesture and its live content changed while it was shown.
final class TourTests: XCTestCase {
    static let screens = ["01-departures", "02-ticket", "03-settings", "04-music", "05-shop"]

    func testTheOffscreenTourRendersFiveDesignedScreens() throws {
        let dir = CLI.tempDir()
        let r = try CLI.run(["demo", "--offscreen", "--out", dir + "/demo-out"], cwd: CLI.root)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains(dir + "/demo-out/"), r.stdout)
        var pictures: [Pixmap] = []
        for name in Self.screens {
            let picture = try PNGCodec.decode(path: dir + "/demo-out/\(name).png")
            XCTAssertEqual(picture.width, 800)
            XCTAssertEqual(picture.height, 480)
            XCTAssertNoThrow(try PNGCodec.decode(path: dir + "/demo-out/\(name)/final.png"), name)
            // Non-trivial: a designed screen has text, fills and images: many colours, and no
            // colour covers (nearly) all of it.
            var counts: [UInt32: Int] = [:]
            for y in 0..<picture.height { for x in 0..<picture.width { counts[picture[x, y], default: 0] += 1 } }
            XCTAssertGreaterThan(counts.count, 500, "\(name): only \(counts.count) colours")
            XCTAssertLessThan(counts.values.max() ?? 0, 800 * 480 * 85 / 100, "\(name): one colour covers nearly all of it")
            try Golden.assertMatches(picture, "tour/\(name)")
            pictures.append(picture)
        }
        for i in pictures.indices {
            for j in pictures.indices where j > i {
                let d = try XCTUnwrap(ImageDifference(pictures[i].view, pictures[j].view))
                XCTAssertGreaterThan(d.pixelsOff, 800 * 480 / 4, "\(Self.screens[i]) and \(Self.screens[j]) look alike")
            }
        }

        // Each screen's gesture did what it shows, and its live content changed while shown.
        func text(_ name: String, _ file: String) throws -> String {
            try String(contentsOfFile: dir + "/demo-out/\(name)/\(file)", encoding: .utf8)
        }
        let events = try Self.screens.map { try text($0, "events.jsonl") }
        XCTAssertTrue(events[0].contains(#""position_did_change", "position": "partiallyRevealed""#), events[0])
        XCTAssertTrue(events[1].contains(#""status": "completed""#), events[1])
        XCTAssertTrue(events[2].contains(#""pane_state_did_change", "state": "open""#), events[2])
        XCTAssertTrue(events[3].contains("popup_did_open") && events[3].contains("popup_did_close"), events[3])
        XCTAssertTrue(events[4].contains(#""anchor_did_change", "index": 0"#) && events[4].contains(#""push""#), events[4])
        let states = try Self.screens.map { try text($0, "state.json") }
        XCTAssertTrue(states[0].contains(#""clock": "08:13""#) && states[0].contains("08:33   S1   Airport"), states[0])
        XCTAssertTrue(states[1].contains(#""valid": "Valid for 59:54""#), states[1])
        XCTAssertTrue(states[2].contains(#""brightness": "Brightness · 40 % (automatic)""#), states[2])
        XCTAssertTrue(states[3].contains(#""elapsed": "1:34 of 3:52""#) && states[3].contains(#""progress": 0.48"#), states[3])
        XCTAssertTrue(states[4].contains(#""queue": "3 people waiting · about 4 min""#), states[4])
    }

    /// The pictures in the README are the tour's own (regenerate them with
    /// `panel-kiosk demo --offscreen` and copy NN-name.png to docs/tour/).
    func testTheREADMEShowsTheTour() throws {
        let readme = try String(contentsOfFile: CLI.root + "/README.md", encoding: .utf8)
        for name in ["01-departures", "04-music"] {
            XCTAssertTrue(readme.contains("docs/tour/\(name).png"), name)
            XCTAssertNoThrow(try PNGCodec.decode(path: CLI.root + "/docs/tour/\(name).png"), name)
        }
    }
}
