#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import PanelKiosk
@testable import panel_kiosk

/// The sysfs backlight against a fake /sys/class/backlight/<name> in a temp dir.
final class ServiceBacklightTests: XCTestCase {
    private var dir: TempDir!
    override func setUp() {
        dir = TempDir()
        dir.write("max_brightness", "255\n")
        dir.write("brightness", "200\n")
        dir.write("bl_power", "0\n")
    }
    override func tearDown() { dir.remove() }

    func testReadsAndClampsWrites() throws {
        let b = Backlight(directory: dir.path + "/")
        XCTAssertEqual(b.directory, dir.path)
        XCTAssertEqual(try b.maxBrightness(), 255)
        XCTAssertEqual(try b.brightness(), 200)
        try b.setBrightness(300)
        XCTAssertEqual(dir.read("brightness"), "255\n")
        try b.setBrightness(-3)
        XCTAssertEqual(dir.read("brightness"), "0\n")
        try b.setLevel(0.5, of: 200)
        XCTAssertEqual(dir.read("brightness"), "100\n")
    }

    func testTurnOffUsesBlPowerAndTurnOnRestores() throws {
        var b = Backlight(directory: dir.path)
        XCTAssertTrue(b.hasPowerControl)
        try b.turnOff()
        XCTAssertEqual(dir.read("bl_power"), "4\n")
        XCTAssertEqual(b.savedBrightness, 200)
        XCTAssertFalse(try b.isPoweredOn())
        // The fade may have lowered brightness meanwhile; waking restores the saved level.
        try b.setBrightness(10)
        try b.turnOff()
        XCTAssertEqual(b.savedBrightness, 200)
        try b.turnOn()
        XCTAssertEqual(dir.read("bl_power"), "0\n")
        XCTAssertEqual(dir.read("brightness"), "200\n")
        XCTAssertNil(b.savedBrightness)
    }

    func testWithoutBlPowerBrightnessGoesToZero() throws {
        unlink(dir.file("bl_power"))
        var b = Backlight(directory: dir.path)
        XCTAssertFalse(b.hasPowerControl)
        XCTAssertTrue(try b.isPoweredOn())
        try b.turnOff()
        XCTAssertEqual(dir.read("brightness"), "0\n")
        try b.turnOn()
        XCTAssertEqual(dir.read("brightness"), "200\n")
    }

    func testErrorsNameTheAttribute() {
        let b = Backlight(directory: dir.path + "/missing")
        XCTAssertThrowsError(try b.brightness()) { e in
            XCTAssertEqual("\(e)", "open \(dir.path)/missing/brightness: No such file or directory")
        }
        dir.write("max_brightness", "lots\n")
        XCTAssertThrowsError(try Backlight(directory: dir.path).maxBrightness()) { e in
            XCTAssertEqual("\(e)", "read \(dir.path)/max_brightness: expected an integer, found 'lots'")
        }
        chmod(dir.file("brightness"), 0o444)
        if getuid() != 0 {   // root writes read-only files anyway
            XCTAssertThrowsError(try Backlight(directory: dir.path).setLevel(1, of: 10)) { e in
                XCTAssertEqual("\(e)", "open \(dir.path)/brightness: Permission denied")
            }
        }
    }

    func testAutoPicksTheFirstDevice() throws {
        let cls = TempDir()
        defer { cls.remove() }
        mkdir(cls.file("rpi_backlight"), 0o755)
        mkdir(cls.file("10-0045"), 0o755)
        defer { rmdir(cls.file("rpi_backlight")); rmdir(cls.file("10-0045")) }
        XCTAssertEqual(try Backlight.resolve("auto", classDirectory: cls.path)?.directory, cls.path + "/10-0045")
        XCTAssertEqual(try Backlight.resolve("/sys/class/backlight/x", classDirectory: cls.path)?.directory, "/sys/class/backlight/x")
        XCTAssertNil(try Backlight.resolve("auto", classDirectory: cls.path + "/none"))
    }

    func testBlankerActionsFadeInHardwareThenSwitchOffAndBackOn() throws {
        var b = Backlight(directory: dir.path)
        var blanker = IdleBlanker(blankAfterS: 10, fadeS: 2, idleResetS: nil, now: .seconds(0))
        var handled: [IdleBlanker.Action] = []
        for t in [10.0, 11.0, 12.0] {
            for a in blanker.tick(at: .seconds(t)) where try b.apply(a) { handled.append(a) }
            if t == 11 { XCTAssertEqual(dir.read("brightness"), "100\n") }
        }
        XCTAssertEqual(handled, [.fade(level: 1), .fade(level: 0.5), .fade(level: 0), .backlight(on: false)])
        XCTAssertEqual(dir.read("bl_power"), "4\n")
        let wake = blanker.touch(.down, at: .seconds(30))
        XCTAssertFalse(wake.deliver)
        XCTAssertEqual(try wake.actions.filter { try b.apply($0) }, [.fade(level: 1), .backlight(on: true)])
        XCTAssertEqual(dir.read("bl_power"), "0\n")
        XCTAssertEqual(dir.read("brightness"), "200\n")
    }

    func testFadeInterruptedRestoresTheOriginalBrightness() throws {
        var b = Backlight(directory: dir.path)
        try b.fade(to: 1)                    // awake: nothing saved, nothing written
        XCTAssertNil(b.savedBrightness)
        try b.fade(to: 0.25)
        XCTAssertEqual(dir.read("brightness"), "50\n")
        try b.fade(to: 1)
        XCTAssertEqual(dir.read("brightness"), "200\n")
        XCTAssertNil(b.savedBrightness)
    }
}
