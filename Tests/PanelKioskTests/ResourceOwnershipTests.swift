#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// Failure paths of the classes that own a descriptor. A throwing initializer runs deinit once
/// every property is set, so the owner's deinit is the one place that closes: these failures
/// must leave no descriptor open (and the sources close nowhere else; see the comments there).
final class ResourceOwnershipTests: XCTestCase {
    private func openDescriptors() -> Int {
        guard let d = opendir("/proc/self/fd") else { return -1 }
        defer { closedir(d) }
        var n = 0
        while readdir(d) != nil { n += 1 }
        return n
    }

    func testAConfigWatcherOnAFolderThatIsNotThereFailsWithoutLeaking() {
        let before = openDescriptors()
        XCTAssertThrowsError(try ConfigWatcher(files: ["/nonexistent-panel-kiosk/app.toml"])) { e in
            XCTAssertTrue("\(e)".contains("inotify_add_watch(/nonexistent-panel-kiosk)"), "\(e)")
        }
        XCTAssertEqual(openDescriptors(), before)
    }

    func testAControlSocketThatCannotBindFailsWithoutLeaking() {
        let before = openDescriptors()
        XCTAssertThrowsError(try ControlSocket(path: "/nonexistent-panel-kiosk/control.sock")) { e in
            XCTAssertTrue("\(e)".contains("bind /nonexistent-panel-kiosk/control.sock"), "\(e)")
        }
        XCTAssertEqual(openDescriptors(), before)
    }
}
