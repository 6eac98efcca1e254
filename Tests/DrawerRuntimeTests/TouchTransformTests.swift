import PanelRenderer
import XCTest
@testable import DrawerRuntime

/// Touch follows the display: the inverse of how the scanout copy turns the UI onto the panel.
final class TouchTransformTests: XCTestCase {
    func testEveryRotationInvertsTheScanoutMapping() {
        let w = 768, h = 1024   // a UI frame (swapped for 90/270 by the board)
        for rot in [DisplayRotation.rotate0, .rotate90, .rotate180, .rotate270] {
            let (fw, fh) = rot.swapsAxes ? (h, w) : (w, h)
            let (pw, ph) = rot.swapsAxes ? (fh, fw) : (fw, fh)   // the panel in scanout pixels
            let t = TouchTransform(rotation: rot.rawValue, uiWidth: Double(fw), uiHeight: Double(fh))
            for (sx, sy) in [(0, 0), (pw - 1, 0), (10, ph - 1), (pw / 2, ph / 3)] {
                // The frame pixel the panel shows at (sx, sy), and where a touch there lands.
                let f = rot.framePoint(scanoutX: sx, y: sy, frameWidth: fw, frameHeight: fh)
                let p = t.uiPoint(u: (Double(sx) + 0.5) / Double(pw), v: (Double(sy) + 0.5) / Double(ph))
                XCTAssertEqual(p.x, Double(f.x) + 0.5, accuracy: 1e-6, "rotation \(rot.rawValue) at (\(sx), \(sy))")
                XCTAssertEqual(p.y, Double(f.y) + 0.5, accuracy: 1e-6, "rotation \(rot.rawValue) at (\(sx), \(sy))")
            }
        }
    }

    func testBoardCalibrationComposesWithTheDevicesOwnMatrix() {
        // The device (udev) swaps axes; the board then mirrors x. Neither replaces the other.
        let udev = TouchTransform.Matrix([0, 1, 0, 1, 0, 0])
        let m = TouchTransform.calibration(board: [-1, 0, 1, 0, 1, 0], deviceDefault: udev)
        let (u, v) = m.apply(0.2, 0.7)
        XCTAssertEqual(u, 1 - 0.7, accuracy: 1e-12)
        XCTAssertEqual(v, 0.2, accuracy: 1e-12)
        XCTAssertEqual(TouchTransform.calibration(board: [1, 0, 0, 0, 1, 0], deviceDefault: udev), udev)
    }
}
