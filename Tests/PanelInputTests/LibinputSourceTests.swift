import DrawerRuntime
import PanelInput
import XCTest

/// The parts of the libinput source that need no input device: a board naming a path that is
/// not one must give an error, not a crash (a throwing init runs deinit, which frees the
/// context; freeing it in the failure path too aborted in libinput_unref).
final class LibinputSourceTests: XCTestCase {
    func testAPathThatIsNotAnInputDeviceIsAnErrorNotACrash() throws {
        let transform = TouchTransform(rotation: 0, uiWidth: 800, uiHeight: 480)
        for path in ["/dev/null", "/nonexistent/event9"] {
            XCTAssertThrowsError(try LibinputSource(backend: .paths([path]), transform: transform,
                                                    calibration: [1, 0, 0, 0, 1, 0])) { error in
                XCTAssertTrue("\(error)".contains("libinput_path_add_device(\(path)): not an input device"), "\(error)")
            }
        }
    }
}
