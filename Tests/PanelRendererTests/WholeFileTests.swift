#if canImport(Glibc)
import Glibc
#endif
import Foundation
import PanelRenderer
import XCTest

/// `WholeFile`: an output is the new file whole, or the old one untouched; a device, a link
/// and a folder are treated as what they are.
final class WholeFileTests: XCTestCase {
    private var dir = ""
    override func setUp() { dir = NSTemporaryDirectory() + "pk-wholefile-" + UUID().uuidString; mkdir(dir, 0o755) }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    private func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
    private func mode(_ path: String) -> mode_t { var st = stat(); lstat(path, &st); return st.st_mode }

    func testNewAndReplacedFilesAndTheirMode() throws {
        let path = dir + "/state.json"
        try WholeFile.write(Array("one".utf8), to: path)
        XCTAssertEqual(text(path), "one")
        chmod(path, 0o600)
        try WholeFile.write(Array("two".utf8), to: path)
        XCTAssertEqual(text(path), "two")
        XCTAssertEqual(mode(path) & 0o777, 0o600, "a replaced file keeps its permissions")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["state.json"], "no temporary file is left")
    }

    func testLinksAreFollowedDevicesWrittenInPlaceFoldersRefused() throws {
        let link = dir + "/latest.png", real = dir + "/real.png"
        XCTAssertEqual(symlink("real.png", link), 0)
        try WholeFile.write(Array("new".utf8), to: link)
        XCTAssertEqual(mode(link) & S_IFMT, S_IFLNK, "a link to a file not made yet stays a link")
        XCTAssertEqual(text(real), "new")
        try WholeFile.write(Array("newer".utf8), to: link)
        XCTAssertEqual(mode(link) & S_IFMT, S_IFLNK, "the link stays")
        XCTAssertEqual(text(real), "newer")
        try WholeFile.write(Array("gone".utf8), to: "/dev/null")
        XCTAssertEqual(mode("/dev/null") & S_IFMT, S_IFCHR, "a device is written, never replaced")
        XCTAssertThrowsError(try WholeFile.write(Array("x".utf8), to: dir)) { e in
            XCTAssertEqual("\(e)", "cannot write \(dir): it is a folder")
        }
        XCTAssertThrowsError(try WholeFile.write(Array("x".utf8), to: "/dev/full")) { e in
            XCTAssertTrue("\(e)".contains("No space left on device"), "\(e)")
        }
        XCTAssertEqual(mode("/dev/full") & S_IFMT, S_IFCHR)
    }
}
