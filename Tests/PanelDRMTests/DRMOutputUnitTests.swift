#if canImport(Glibc)
import XCTest
import PanelRenderer
@testable import PanelDRM

/// The parts of the DRM output that need no device: board-file parsing, rotation, the
/// scanout copy, damage age and missed-vblank accounting.
final class DRMOutputUnitTests: XCTestCase {
    func testModeRequestParsing() {
        XCTAssertEqual(DRMModeRequest(parsing: "auto"), .auto)
        XCTAssertEqual(DRMModeRequest(parsing: " 1024x768@60 "), .size(width: 1024, height: 768, hz: 60))
        XCTAssertEqual(DRMModeRequest(parsing: "800x480"), .size(width: 800, height: 480, hz: nil))
        XCTAssertEqual(DRMModeRequest(parsing: "1920x1080@59.94"), .size(width: 1920, height: 1080, hz: 60))
        XCTAssertNil(DRMModeRequest(parsing: "big"))
        XCTAssertNil(DRMModeRequest(parsing: "1024x@60"))
    }

    func testConfigurationParsing() throws {
        let c = try DRMOutputConfiguration.parse(device: "platform-gpu-card", connector: "DSI-1",
                                                 mode: "800x480@60", rotation: 90).get()
        XCTAssertEqual(c.device, .path("/dev/dri/by-path/platform-gpu-card"))
        XCTAssertEqual(c.connector, .named("DSI-1"))
        XCTAssertEqual(c.rotation, .rotate90)
        XCTAssertEqual(try DRMOutputConfiguration.parse(device: "auto", connector: "auto", mode: "auto").get(),
                       DRMOutputConfiguration())
        guard case .failure(let e) = DRMOutputConfiguration.parse(device: "auto", connector: "auto", mode: "auto", rotation: 45)
        else { return XCTFail("45 degrees accepted") }
        XCTAssertEqual(e.field, "rotation")
    }

    /// "No display yet" is what `run` may wait out; a wrong name or a bad mode is not.
    func testSelectionSaysWhenTheDisplayIsOnlyAbsent() {
        func connector(_ name: String, _ status: DRMConnectorInfo.Status) -> DRMConnectorInfo {
            DRMConnectorInfo(id: 40, name: name, typeName: "HDMI-A", status: status, modes: [],
                             physicalSizeMM: (0, 0), encoderIDs: [], currentEncoderID: nil,
                             possibleCRTCs: [35], currentCRTC: nil)
        }
        let unplugged = DRMResources(connectors: [connector("HDMI-A-1", .disconnected)], crtcs: [], planes: [])
        func failure(_ c: DRMOutputConfiguration.Connector) -> DRMError? {
            do { _ = try DRMOutputConfiguration(connector: c).select(in: unplugged, devicePath: "/dev/dri/card1"); return nil }
            catch { return error }
        }
        let auto = failure(.auto), named = failure(.named("HDMI-A-1")), wrong = failure(.named("DSI-1"))
        XCTAssertEqual(auto?.displayAbsent, true)
        XCTAssertEqual(auto?.description, "select connector on /dev/dri/card1: no connected connector (HDMI-A-1 disconnected)")
        XCTAssertEqual(named?.displayAbsent, true)
        XCTAssertEqual(named?.description, "select connector on /dev/dri/card1 (HDMI-A-1): connector is disconnected")
        XCTAssertEqual(wrong?.displayAbsent, false, "a name the device does not have is a board-file mistake")
    }

    func testErrorText() {
        let e = DRMError(operation: "drmModeSetCrtc", device: "/dev/dri/card0", connector: "HDMI-A-1", errno: EACCES)
        XCTAssertEqual(e.description, "drmModeSetCrtc on /dev/dri/card0 (HDMI-A-1): Permission denied")
        let gone = DRMError(operation: "drmModePageFlip", device: "/dev/dri/card1", connector: "HDMI-A-1", errno: ENODEV)
        XCTAssertEqual(gone.description, "drmModePageFlip on /dev/dri/card1 (HDMI-A-1): No such device; the display device is gone (unplugged, or its driver was unbound)")
    }

    func testPlaneRotationTurnsClockwiseLikeTheCopy() {
        // DRM's rotate-N is counter-clockwise; a board's rotation is clockwise (the CRC and
        // writeback checks in Tests/vm/run-rotation-tests hold the two paths equal).
        XCTAssertEqual(DisplayRotation.allCases.map(AtomicState.planeRotationName(for:)),
                       ["rotate-0", "rotate-270", "rotate-180", "rotate-90"])
        // vkms 6.12 and vc4 both number the bits this way; a vc4 plane lacks 90 and 270.
        let vc4: [String: UInt64] = ["rotate-0": 0, "rotate-180": 2, "reflect-x": 4, "reflect-y": 5]
        XCTAssertEqual(AtomicState.value(of: AtomicState.planeRotationName(for: .rotate180), in: vc4), 0x4)
        XCTAssertNil(AtomicState.value(of: AtomicState.planeRotationName(for: .rotate90), in: vc4))
        XCTAssertNil(AtomicState.value(of: "rotate-0", in: ["rotate-0": 64]), "a bit past 63 is not a value")
    }

    func testEINTRIsRetriedOnce() throws {
        var calls = 0
        let site = DRMErrorSite(device: "/dev/dri/card0", connector: nil)
        let r = try site.call("test") { calls += 1; return calls < 3 ? -EINTR : 7 }
        XCTAssertEqual(r, 7); XCTAssertEqual(calls, 3)
        XCTAssertThrowsError(try site.call("drmModePageFlip") { -EBUSY }) {
            XCTAssertEqual(($0 as? DRMError)?.errno, EBUSY)
        }
    }

    func testRotationMapsRectsAndPointsAlike() {
        let w = 7, h = 5
        for rotation in DisplayRotation.allCases {
            let rect = IntRect(x: 2, y: 1, width: 3, height: 2)
            let s = rotation.scanoutRect(rect, frameWidth: w, frameHeight: h)
            let size = rotation.frameSize(scanoutWidth: rotation.swapsAxes ? h : w, height: rotation.swapsAxes ? w : h)
            XCTAssertEqual(size.width, w)
            for sy in s.y..<s.maxY {
                for sx in s.x..<s.maxX {
                    let f = rotation.framePoint(scanoutX: sx, y: sy, frameWidth: w, frameHeight: h)
                    XCTAssertTrue(f.x >= rect.x && f.x < rect.maxX && f.y >= rect.y && f.y < rect.maxY,
                                  "\(rotation): (\(sx),\(sy)) -> \(f)")
                }
            }
        }
        // Clockwise: the frame's top-left corner lands top-right.
        XCTAssertEqual(DisplayRotation.rotate90.scanoutRect(IntRect(x: 0, y: 0, width: 1, height: 1), frameWidth: w, frameHeight: h),
                       IntRect(x: h - 1, y: 0, width: 1, height: 1))
    }

    func testScanoutToFrameTransformAgreesWithPixelMapping() {
        let w = 7, h = 5
        for rotation in DisplayRotation.allCases {
            let t = rotation.scanoutToFrame(frameWidth: w, frameHeight: h)
            let sw = rotation.swapsAxes ? h : w, sh = rotation.swapsAxes ? w : h
            for sy in 0..<sh {
                for sx in 0..<sw {
                    // The centre of a scanout pixel lands on the centre of its frame pixel.
                    let p = t.apply(Point(Double(sx) + 0.5, Double(sy) + 0.5))
                    let f = rotation.framePoint(scanoutX: sx, y: sy, frameWidth: w, frameHeight: h)
                    XCTAssertEqual(p, Point(Double(f.x) + 0.5, Double(f.y) + 0.5), "\(rotation) (\(sx),\(sy))")
                }
            }
        }
    }

    func testScanoutCopyRotatesAndConverts() throws {
        let frame = try XCTUnwrap(Pixmap(width: 4, height: 3))
        for y in 0..<3 { for x in 0..<4 { frame[x, y] = UInt32(0xFF00_0000 | (y * 16 + x)) } }
        for rotation in DisplayRotation.allCases {
            let sw = rotation.swapsAxes ? 3 : 4, sh = rotation.swapsAxes ? 4 : 3
            let pitch = (sw + 1) * 4
            let dst = UnsafeMutableRawPointer.allocate(byteCount: pitch * sh, alignment: 4)
            defer { dst.deallocate() }
            dst.initializeMemory(as: UInt8.self, repeating: 0, count: pitch * sh)
            ScanoutCopy.copy(frame.bounds, of: frame.view, rotation: rotation, into: dst, pitch: pitch, format: .xrgb8888)
            for sy in 0..<sh {
                for sx in 0..<sw {
                    let f = rotation.framePoint(scanoutX: sx, y: sy, frameWidth: 4, frameHeight: 3)
                    XCTAssertEqual(dst.load(fromByteOffset: sy * pitch + sx * 4, as: UInt32.self), frame[f.x, f.y])
                }
            }
        }
        XCTAssertEqual(ScanoutCopy.rgb565(0xFFFF_FFFF), 0xFFFF)
        XCTAssertEqual(ScanoutCopy.rgb565(0xFFFF_0000), 0xF800)
        XCTAssertEqual(ScanoutCopy.rgb565(0xFF00_FF00), 0x07E0)
        XCTAssertEqual(ScanoutCopy.rgb565(0xFF00_00FF), 0x001F)
    }

    func testDamageAgeUnionsWhatABufferMissed() {
        var s = FlipState(bufferCount: 2, frameInterval: 16_666_667)
        let bounds = IntRect(x: 0, y: 0, width: 100, height: 100)
        let a = IntRect(x: 0, y: 0, width: 10, height: 10), b = IntRect(x: 50, y: 50, width: 5, height: 5)
        XCTAssertEqual(s.region(for: 1, frame: 1, damage: [a], bounds: bounds), [bounds], "a fresh buffer gets it all")
        s.remember(frame: 1, damage: [a]); s.content[1] = 1
        s.remember(frame: 2, damage: [b]); s.content[0] = 2
        let c = IntRect(x: 20, y: 20, width: 3, height: 3)
        XCTAssertEqual(s.region(for: 1, frame: 3, damage: [c], bounds: bounds), [c, b], "age 2: its own and the one it missed")
        s.content[1] = nil
        XCTAssertEqual(s.region(for: 1, frame: 3, damage: [c], bounds: bounds), [bounds])
    }

    func testChangesSinceTheFrameOnScreen() {
        var s = FlipState(bufferCount: 3, frameInterval: 16_666_667)
        let bounds = IntRect(x: 0, y: 0, width: 100, height: 100)
        let a = IntRect(x: 0, y: 0, width: 10, height: 10), b = IntRect(x: 50, y: 50, width: 5, height: 5)
        s.remember(frame: 1, damage: [bounds]); s.remember(frame: 2, damage: [a]); s.remember(frame: 3, damage: [b])
        XCTAssertEqual(s.changes(after: 1, through: 3, bounds: bounds), [a, b])
        XCTAssertEqual(s.changes(after: 3, through: 3, bounds: bounds), [])
        XCTAssertEqual(s.changes(after: nil, through: 3, bounds: bounds), [bounds])
    }

    func testLateVblanksCountOnlyFlipsTheDisplayDelayed() {
        var s = FlipState(bufferCount: 2, frameInterval: 16_666_667)
        XCTAssertEqual(s.late(sequence: 10, requestedAt: 0), 0, "first flip")
        s.lastFlip = (10, 1_000_000_000)
        XCTAssertEqual(s.late(sequence: 11, requestedAt: 1_005_000_000), 0)
        XCTAssertEqual(s.late(sequence: 12, requestedAt: 1_005_000_000), 1, "requested in time, landed a vblank late")
        XCTAssertEqual(s.late(sequence: 12, requestedAt: 1_020_000_000), 0, "requested after vblank 11: 12 is on time")
        XCTAssertEqual(s.late(sequence: 70, requestedAt: 1_990_000_000), 0, "after idling")
    }

    func testStatisticsPercentiles() {
        XCTAssertEqual(FlipStatistics.percentile([3, 1, 2], 0.5), 2)
        XCTAssertEqual(FlipStatistics.percentile(Array(1...100).map(Double.init), 0.99), 99)
        XCTAssertEqual(FlipStatistics.percentile([], 0.5), 0)
    }
}
#endif
