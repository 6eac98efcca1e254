import Foundation
import XCTest

/// Release decisions through the public touch-script path: each row is a drag on
/// examples/menu.toml and the pane state the render ends in.
final class SideDrawerScriptTableTests: XCTestCase {
    func testReleaseDecisionsFromTouchScripts() throws {
        let menu = CLI.root + "/examples/menu.toml"
        // (name, script, expected pane_state, direction, offset)
        let cases: [(String, String, String, String, String)] = [
            ("slow drag to 100 pt then lift: nearest is closed",
             "0 down 1 100 240\n50 move 1 150 240\n100 move 1 200 240\n300 up 1\n", "closed", "none", "0"),
            ("slow drag to 160 pt then lift: nearest is open",
             "0 down 1 100 240\n50 move 1 180 240\n100 move 1 260 240\n300 up 1\n", "open", "left", "267"),
            ("flick of 60 pt at 1200 pt/s: open although short",
             "0 down 1 100 240\n16 move 1 120 240\n33 move 1 140 240\n50 move 1 160 240\n50 up 1\n", "open", "left", "267"),
            ("flick toward the right drawer",
             "0 down 1 700 240\n16 move 1 680 240\n33 move 1 660 240\n50 move 1 640 240\n50 up 1\n", "open", "right", "-267"),
        ]
        for (name, script, state, direction, offset) in cases {
            let dir = CLI.tempDir()
            try script.write(toFile: dir + "/s.touch", atomically: true, encoding: .utf8)
            let r = try CLI.run(["render", "--config", menu, "--script", dir + "/s.touch", "--out", dir,
                                 "--state", dir + "/state.json"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let json = try String(contentsOfFile: dir + "/state.json", encoding: .utf8)
            XCTAssertTrue(json.contains(#""pane_state": "\#(state)", "direction": "\#(direction)", "pane_offset_pt": \#(offset),"#),
                          "\(name): \(json)")
            XCTAssertTrue(json.contains(#""animating": false"#), name)
        }
    }
}
