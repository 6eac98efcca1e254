#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// Every shipped board file validates; bad board files give exact `FILE:LINE:COL: message`s.
final class BoardConfigTests: XCTestCase {
    /// board-configs/ of this checkout (the tests run from the package root or from .build).
    static let boardDirectory: String = {
        var dir = #filePath
        for _ in 0..<3 { dir = String(dir[..<dir.lastIndex(of: "/")!]) }
        return dir + "/board-configs"
    }()

    static let shipped = ["rpi4-official-7in-dsi", "rpi5-touch-display-2", "generic-hdmi-1080p",
                          "beaglebone-black-lcd", "qemu-vkms"]

    private var dir: TempDir!
    override func setUp() { dir = TempDir() }
    override func tearDown() { dir.remove() }

    func testEveryShippedBoardFileLoadsWithoutDiagnostics() {
        for name in Self.shipped {
            let path = Self.boardDirectory + "/\(name).toml"
            do {
                let b = try BoardConfig.load(path: path)
                XCTAssertFalse(b.name.isEmpty, name)
                XCTAssertNotNil(b.mode, "\(name): mode must be pinned")
                XCTAssertNotNil(b.physicalMM, "\(name): physical size missing")
                XCTAssertNotNil(b.blankAfterS, "\(name): blank_after_s missing")
            } catch {
                XCTFail("\(name):\n\(error)")
            }
        }
    }

    func testNoUnlistedBoardFiles() throws {
        let listed = Set(Self.shipped.map { $0 + ".toml" })
        let d = try XCTUnwrap(opendir(Self.boardDirectory))
        defer { closedir(d) }
        while let e = readdir(d) {
            let n = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if n.hasSuffix(".toml") { XCTAssertTrue(listed.contains(n), "\(n) is not covered by this test") }
        }
    }

    func testQemuVkmsIsExactlyTheTestBoard() throws {
        let b = try BoardConfig.load(path: Self.boardDirectory + "/qemu-vkms.toml")
        XCTAssertEqual(b.device, "auto")
        XCTAssertEqual(b.connector, "Virtual-1")
        XCTAssertEqual(b.mode, .init(width: 1024, height: 768, refreshHz: 60))
        XCTAssertEqual(b.rotation, .r0)
        XCTAssertEqual(b.scale, 1)
        XCTAssertNil(b.backlight)
        XCTAssertEqual(b.stopServices, [])
    }

    func testWaitForDisplayIsOnUnlessTheBoardSaysOtherwise() throws {
        XCTAssertTrue(try BoardConfig.load(path: Self.boardDirectory + "/qemu-vkms.toml").waitForDisplay)
        let path = dir.path + "/b.toml"
        try "name = \"x\"\n[display]\nwait_for_display = false\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertFalse(try BoardConfig.load(path: path).waitForDisplay)
        try "name = \"x\"\n[display]\nwait_for_display = \"no\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try BoardConfig.load(path: path)) { e in
            XCTAssertTrue("\(e)".hasSuffix("b.toml:3:1: 'wait_for_display' must be true or false, found a string"), "\(e)")
        }
    }

    func testPi5TouchDisplay2IsAPortraitPanelUsedInLandscape() throws {
        let b = try BoardConfig.load(path: Self.boardDirectory + "/rpi5-touch-display-2.toml")
        XCTAssertEqual(b.mode, .init(width: 720, height: 1280, refreshHz: 60))
        XCTAssertTrue(b.rotation == .r90 || b.rotation == .r270)
        XCTAssertNil(b.touchRotation, "touch must follow the display rotation")
        XCTAssertEqual(b.driver, "drm-rp1-dsi")
        XCTAssertEqual(b.fadeS, 1.5)
    }

    func testBeagleBoneUsesRGB565AndItsCalibration() throws {
        let b = try BoardConfig.load(path: Self.boardDirectory + "/beaglebone-black-lcd.toml")
        XCTAssertEqual(b.pixelFormat, "rgb565")
        XCTAssertEqual(b.driver, "tilcdc")
        XCTAssertEqual(b.calibration, [1.06, 0, -0.03, 0, 1.08, -0.04])
    }

    // MARK: bad files

    private func messages(_ text: String) -> [String] {
        let path = dir.file("board.toml")
        dir.write("board.toml", text)
        do {
            _ = try BoardConfig.load(path: path)
            return []
        } catch {
            return error.items.map { $0.description.replacingOccurrences(of: path, with: "board.toml") }
        }
    }

    func testUnknownKeyWithDidYouMean() {
        XCTAssertEqual(messages("""
            name = "x"
            [display]
            conector = "HDMI-A-1"
            [power]
            blank_afer_s = 10
            """), [
            "board.toml:3:1: unknown key 'conector' in [display] (did you mean 'connector'?)",
            "board.toml:5:1: unknown key 'blank_afer_s' in [power] (did you mean 'blank_after_s'?)",
        ])
        XCTAssertEqual(messages("name = \"x\"\n[display]\n[screen]\n"), ["board.toml:3:1: unknown key 'screen'"])
    }

    func testBadRotation() {
        XCTAssertEqual(messages("name = \"x\"\n[display]\nrotation = 45\n"),
                       ["board.toml:3:1: 'rotation' must be 0, 90, 180 or 270"])
        XCTAssertEqual(messages("name = \"x\"\n[display]\n[touch]\nrotation = \"90\"\n"),
                       ["board.toml:4:1: 'rotation' must be 0, 90, 180 or 270"])
    }

    /// `nan` in a number array said "must contain numbers only, found a number"; a panel of
    /// 1e308 mm was accepted (every size in millimetres became zero pixels).
    func testPhysicalSizeMustBeFiniteAndPlausible() {
        let problems = messages("name = \"x\"\n[display]\nphysical_mm = [nan, 86]\n")
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems.first?.hasPrefix("board.toml:3:") == true, "\(problems)")
        XCTAssertTrue(problems.first?.hasSuffix("'physical_mm' must contain finite numbers, found nan") == true, "\(problems)")
        XCTAssertTrue(messages("name = \"x\"\n[display]\nphysical_mm = [155, inf]\n").first?
            .hasSuffix("'physical_mm' must contain finite numbers, found inf") == true)
        XCTAssertEqual(messages("name = \"x\"\n[display]\nphysical_mm = [1e308, 1e308]\n"),
                       ["board.toml:3:1: 'physical_mm' must be two positive numbers [width, height] in millimetres, each at most 100000 (100 m)"])
        XCTAssertEqual(messages("name = \"x\"\n[display]\nphysical_mm = [155, 86]\n"), [])
    }

    func testBadModeString() {
        XCTAssertEqual(messages("name = \"x\"\n[display]\nmode = \"1024*768\"\n"),
                       ["board.toml:3:1: 'mode' = '1024*768' must be 'auto' or WIDTHxHEIGHT[@HZ], e.g. '1024x768@60'"])
        XCTAssertEqual(messages("name = \"x\"\n[display]\nmode = \"1024x768@\"\n"),
                       ["board.toml:3:1: 'mode' = '1024x768@' must be 'auto' or WIDTHxHEIGHT[@HZ], e.g. '1024x768@60'"])
        XCTAssertEqual(messages("name = \"x\"\n[display]\nmode = 60\n"),
                       ["board.toml:3:1: 'mode' must be a string like '1024x768@60' or 'auto'"])
    }

    func testFrameDeadline() throws {
        XCTAssertNil(try BoardConfig.load(path: Self.boardDirectory + "/qemu-vkms.toml").frameDeadlineMS)
        dir.write("ok.toml", "name = \"x\"\n[display]\nframe_deadline_ms = 2.5\n")
        XCTAssertEqual(try BoardConfig.load(path: dir.file("ok.toml")).frameDeadlineMS, 2.5)
        dir.write("auto.toml", "name = \"x\"\n[display]\nframe_deadline_ms = \"auto\"\n")
        XCTAssertNil(try BoardConfig.load(path: dir.file("auto.toml")).frameDeadlineMS)
        XCTAssertEqual(messages("name = \"x\"\n[display]\nframe_deadline_ms = \"fast\"\n"),
                       ["board.toml:3:1: 'frame_deadline_ms' must be 'auto' or a margin in milliseconds 0...100, found 'fast'"])
        XCTAssertEqual(messages("name = \"x\"\n[display]\nframe_deadline_ms = 250\n"),
                       ["board.toml:3:1: 'frame_deadline_ms' = 250.0 is out of range 0...100 (milliseconds, or 'auto')"])
        XCTAssertEqual(messages("name = \"x\"\n[display]\nframe_deadline_ms = true\n"),
                       ["board.toml:3:1: 'frame_deadline_ms' must be 'auto' or a margin in milliseconds 0...100, found a boolean"])
    }

    func testMissingDisplayTable() {
        XCTAssertEqual(messages("name = \"x\"\n[touch]\ndevice = \"auto\"\n"), ["board.toml:1:1: missing table [display]"])
    }

    func testBadPowerValues() {
        XCTAssertEqual(messages("name = \"x\"\n[display]\n[power]\nfade_s = 30\nblank_after_s = -1\n"), [
            "board.toml:4:1: 'fade_s' = 30 is out of range 0...10",
            "board.toml:5:1: 'blank_after_s' = -1 is out of range 0...86400",
        ])
    }
}
