import DrawerRuntime
import PanelRenderer
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import PanelKiosk
@testable import panel_kiosk

/// Repainting only the damaged band gives exactly the frame a full redraw gives.
final class DamageTests: XCTestCase {
    func testIncrementalFramesEqualFullRedrawsThroughADrag() throws {
        // Half-scale pixels (the same 800x480 pt layout) keep the debug-build test quick.
        let geometry = FrameGeometry(widthPx: 400, heightPx: 240, scale: 0.5, board: .offscreenDefault)
        let app = try AppConfig.load(path: CLI.root + "/examples/drawer.toml")
        let screen = try SceneBuilder.build(app: app, geometry: geometry).screen
        let incremental = FrameRenderer(widthPx: 400, heightPx: 240)!
        let full = FrameRenderer(widthPx: 400, heightPx: 240)!
        var tracker = DamageTracker()
        XCTAssertNil(tracker.damage(of: screen, everything: true))
        incremental.draw(screen)

        // Drag the drawer down from partial (no dimming below partial), release, let it settle.
        var partial = 0, whole = 0
        var y = 300.0, t = 0
        func frame() {
            screen.advance(to: .milliseconds(t))
            let d = tracker.damage(of: screen, everything: false)
            if let d { if !d.isEmpty { partial += 1; XCTAssertLessThan(d.area, 400 * 240) } } else { whole += 1 }
            incremental.draw(screen, damage: d)
            full.draw(screen)
            XCTAssertEqual(memcmp(incremental.pixmap.pixels, full.pixmap.pixels, 400 * 240 * 4), 0, "frame at \(t) ms")
            t += 16
        }
        screen.handle(TouchEvent(id: 1, phase: .down, location: Point(400, y), time: .milliseconds(t))); frame()
        for _ in 0..<8 { y += 12; screen.handle(TouchEvent(id: 1, phase: .move, location: Point(400, y), time: .milliseconds(t))); frame() }
        screen.handle(TouchEvent(id: 1, phase: .up, location: Point(400, y), time: .milliseconds(t)))
        for _ in 0..<40 { frame() }
        XCTAssertGreaterThan(partial, 10, "a drawer moving below partial repaints a band, not the screen")
        // And up past partial: the dimming covers everything, so whole frames repaint.
        try screen.perform(target: "drawer", action: "set_position", arguments: ["open"], at: .milliseconds(t))
        for _ in 0..<90 { frame() }
        XCTAssertGreaterThan(whole, 0)
        XCTAssertFalse(screen.needsFrames)
        XCTAssertEqual(tracker.damage(of: screen, everything: false), .zero, "nothing moved: nothing to repaint")
    }

    /// A dragged drawer's body rows are moved, not repainted (`DamageTracker.move`), below
    /// partial and above it under the dimming: every frame still equals a full redraw, at
    /// fractional finger positions and at scales where its content sits between pixels.
    func testMovedDrawerRowsEqualFullRedraws() throws {
        for (w, h, scale) in [(400, 240, 0.5), (800, 480, 1.0), (1200, 720, 1.5)] {
            let geometry = FrameGeometry(widthPx: w, heightPx: h, scale: scale, board: .offscreenDefault)
            let app = try AppConfig.load(path: CLI.root + "/examples/drawer.toml")
            let screen = try SceneBuilder.build(app: app, geometry: geometry).screen
            let incremental = FrameRenderer(widthPx: w, heightPx: h)!
            let full = FrameRenderer(widthPx: w, heightPx: h)!
            var tracker = DamageTracker()
            XCTAssertNil(tracker.damage(of: screen, everything: true))
            incremental.draw(screen)
            var moved = 0, movedUnderDimming = 0, t = 0
            func frame() {
                screen.advance(to: .milliseconds(t))
                let d = tracker.damage(of: screen, everything: false)
                if let move = tracker.move {
                    moved += 1
                    if d == nil { movedUnderDimming += 1 }
                    incremental.draw(screen, damage: d ?? incremental.pixmap.bounds, moving: move)
                } else {
                    incremental.draw(screen, damage: d)
                }
                full.draw(screen)
                XCTAssertEqual(memcmp(incremental.pixmap.pixels, full.pixmap.pixels, w * h * 4), 0, "\(w)x\(h): frame at \(t) ms")
                t += 16
            }
            // Down from partial, then up past it into the dimming and down again, at finger
            // positions between pixels; released, it settles.
            var y = 300.37
            screen.handle(TouchEvent(id: 1, phase: .down, location: Point(400, y), time: .milliseconds(t))); frame()
            for step in [13.3, 9.71, 11.05, -7.5, -31.3, -45.17, -52.9, -60.3, -38.8, 22.4, 41.7, 17.3] {
                y += step
                screen.handle(TouchEvent(id: 1, phase: .move, location: Point(400, y), time: .milliseconds(t))); frame()
            }
            screen.handle(TouchEvent(id: 1, phase: .up, location: Point(400, y), time: .milliseconds(t)))
            for _ in 0..<60 { frame() }
            XCTAssertFalse(screen.needsFrames)
            XCTAssertGreaterThan(moved, 8, "\(w)x\(h): the drawer's body rows are moved during the drag")
            XCTAssertGreaterThan(movedUnderDimming, 2, "\(w)x\(h): also under the dimming")
        }
    }
}
