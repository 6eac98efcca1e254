import DrawerRuntime
import PanelRenderer
import XCTest
@testable import PanelKiosk

/// `Component.stateRevision` stands in for `state()` where a frame compares (damage tracking,
/// the blurred pictures): it must change exactly when the state-file entry does. Each kind is
/// driven through drags, flings, taps and Back, frame by frame, and at every frame the
/// revision and the entry are compared with the frame before.
final class StateRevisionTests: XCTestCase {
    func testTheRevisionChangesExactlyWhenTheStateEntryDoes() throws {
        for name in ["drawer", "sheet", "menu", "dismiss", "player", "showcase", "departures"] {
            let geometry = FrameGeometry(widthPx: 800, heightPx: 480, scale: 1, board: .offscreenDefault)
            let app = try AppConfig.load(path: CLI.root + "/examples/\(name).toml")
            let screen = try SceneBuilder.build(app: app, geometry: geometry).screen
            var last: [String: (revision: Int?, state: JSONValue)] = [:]
            var changes = 0, frames = 0, t = 0
            func frame() {
                screen.advance(to: .milliseconds(t))
                for c in screen.components {
                    let revision = c.stateRevision, state = c.state()
                    XCTAssertNotNil(revision, "\(name): \(c.id) has no stateRevision: every frame builds its state()")
                    if let before = last[c.id] {
                        let entryChanged = before.state != state
                        XCTAssertEqual(before.revision != revision, entryChanged,
                                       "\(name) at \(t) ms: \(c.id)'s revision \(entryChanged ? "missed a change of" : "changed with") its entry \(state.encoded)")
                        if entryChanged { changes += 1 }
                    }
                    last[c.id] = (revision, state)
                }
                frames += 1
                t += 16
            }
            func drag(from a: Point, to b: Point, steps: Int = 12, settle: Int = 60) {
                screen.handle(TouchEvent(id: 1, phase: .down, location: a, time: .milliseconds(t))); frame()
                for i in 1...steps {
                    let f: Double = Double(i) / Double(steps)
                    let x: Double = a.x + (b.x - a.x) * f
                    let y: Double = a.y + (b.y - a.y) * f
                    let p = Point(x, y)
                    screen.handle(TouchEvent(id: 1, phase: .move, location: p, time: .milliseconds(t))); frame()
                }
                screen.handle(TouchEvent(id: 1, phase: .up, location: b, time: .milliseconds(t)))
                for _ in 0..<settle { frame() }
            }
            frame()
            drag(from: Point(400, 470), to: Point(400, 120))     // up from the bottom edge
            drag(from: Point(400, 140), to: Point(400, 460))     // and down
            drag(from: Point(4, 240), to: Point(520, 240))       // in from the left edge
            drag(from: Point(700, 240), to: Point(200, 240))     // and back
            drag(from: Point(400, 240), to: Point(400, 241), steps: 1)   // a tap in the middle
            drag(from: Point(400, 455), to: Point(400, 456), steps: 1)   // and near the bottom
            drag(from: Point(400, 300), to: Point(400, 100), steps: 4)   // a flick up
            _ = screen.back(at: .milliseconds(t))
            for _ in 0..<60 { frame() }
            XCTAssertGreaterThan(changes, 10, "\(name): the interactions changed the state entries in \(changes) of \(frames) frames")
        }
    }
}
