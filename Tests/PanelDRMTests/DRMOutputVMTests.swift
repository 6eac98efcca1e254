#if canImport(Glibc)
import Glibc
import XCTest
import PanelRenderer
@testable import PanelDRM

/// The DRM output against a real kernel display (vkms in the QEMU guest of scripts/vm).
/// Skipped unless PANEL_KIOSK_VM=1, which scripts/vm/run-in-guest sets; Tests/vm/run-drm-tests
/// runs them. PANEL_KIOSK_VM_STATS names the file for the run statistics (docs/formats.md) of
/// the timing test.
final class DRMOutputVMTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["PANEL_KIOSK_VM"] == "1",
                          "needs a DRM device: run Tests/vm/run-drm-tests (QEMU + vkms)")
    }

    /// 120 flips of an animation (a box moving 4 px per frame), one frame per vblank. Asserted
    /// is what the kernel guarantees whatever the load: every flip completes, vblank counters
    /// rise, and each flip's timestamp lies the counted number of refreshes after the one
    /// before (vblank timestamps sit on the mode's refresh grid). How many vblanks a loaded
    /// emulated guest misses is a figure for the statistics (DRM-STATS), not a pass/fail: two
    /// busy loops beside the suite made it miss 3-6.
    func testPageFlipTiming() throws {
        let output = try DRMOutput(DRMOutputConfiguration(mode: .size(width: 1024, height: 768, hz: 60)))
        defer { try? output.close() }
        var stats = FlipStatistics(output: output)
        let frame = try XCTUnwrap(Pixmap(width: output.frameWidth, height: output.frameHeight))
        let view = frame.view
        view.fill(with: 0xFF20_2830)
        var box = IntRect(x: 0, y: 300, width: 120, height: 120)
        var damage = [view.bounds]
        let target = 120
        var waits = 0
        var previousFlip: UInt64 = 0
        let periodMS = Double(output.mode.frameIntervalNanoseconds) / 1e6
        var offGrid: [String] = []
        while stats.flips < target {
            if output.canPresent && stats.frames < target {
                let t0 = monotonicNanoseconds()
                view.fill(box, with: 0xFF20_2830)
                let moved = IntRect(x: (box.x + 4) % (view.width - box.width), y: box.y,
                                    width: box.width, height: box.height)
                view.fill(moved, with: 0xFFE0_6020)
                if stats.frames > 0 { damage = [box.union(moved)] }
                box = moved
                try output.present(frame: view, damage: damage)
                stats.recordRender(nanoseconds: monotonicNanoseconds() - t0)
            }
            var p = pollfd(fd: try XCTUnwrap(output.fileDescriptor), events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, 1000)
            waits += 1
            XCTAssertGreaterThanOrEqual(ready, 0, "poll failed")
            XCTAssertNotEqual(ready, 0, "no flip event within 1 s")
            if ready == 0 { break }
            for event in try output.handleEvents() {
                stats.record(event)
                if let gap = event.vblanksSincePreviousFlip, gap != 1 {
                    let since = Double(Int64(bitPattern: event.presentedAt &- previousFlip)) / 1e6
                    print("DRM-GAP: frame \(event.frame) came \(gap) vblanks after the previous one; presented "
                          + "\(since) ms after the previous vblank, render \(stats.renderMs.last ?? 0) ms, late \(event.lateVblanks)")
                }
                if let gap = event.vblanksSincePreviousFlip, previousFlip > 0 {
                    let interval = Double(Int64(bitPattern: event.timestamp &- previousFlip)) / 1e6
                    if gap < 1 || abs(interval - Double(gap) * periodMS) > 0.5 {
                        offGrid.append("frame \(event.frame): \(gap) vblanks but \(interval) ms")
                    }
                }
                previousFlip = event.timestamp
            }
        }
        let json = stats.json
        print("DRM-STATS: \(output.usesAtomic ? "atomic" : "legacy"): \(json)")
        if let path = ProcessInfo.processInfo.environment["PANEL_KIOSK_VM_STATS"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data((json + "\n").utf8)))
        }
        XCTAssertEqual(stats.flips, target)
        XCTAssertEqual(output.flipCount, target)
        XCTAssertEqual(offGrid, [], "flips whose timestamps are not the counted refreshes apart")
    }

    /// After a full frame and two partial ones (so each buffer is brought up to date by
    /// damage age), the framebuffer on the CRTC holds exactly the frame drawn in memory, for
    /// each rotation and for RGB565.
    func testScanoutEqualsFrame() throws {
        let cases: [(DisplayRotation, ScanoutFormat, DRMCommitMode)] = [
            (.rotate0, .xrgb8888, .atomic), (.rotate90, .xrgb8888, .atomic), (.rotate180, .xrgb8888, .legacy),
            (.rotate270, .xrgb8888, .atomic), (.rotate0, .rgb565, .atomic), (.rotate0, .xrgb8888, .legacy),
        ]
        for (rotation, format, commit) in cases {
            let config = DRMOutputConfiguration(mode: .size(width: 640, height: 480, hz: 60),
                                                rotation: rotation, format: format, commitMode: commit)
            let output = try DRMOutput(config)
            defer { try? output.close() }
            let reader = try DRMDevice(path: output.devicePath, master: false)
            defer { reader.close() }
            XCTAssertTrue(output.device.isMaster, "the renderer stays master with a reader open")
            let frame = try XCTUnwrap(Pixmap(width: output.frameWidth, height: output.frameHeight))
            let view = frame.view
            for y in 0..<view.height {
                for x in 0..<view.width { view[x, y] = 0xFF00_0000 | UInt32(truncatingIfNeeded: x &* 2654435761 ^ y &* 40503) & 0xFF_FFFF }
            }
            try showAndWait(output, view, [view.bounds])
            let a = IntRect(x: 10, y: 20, width: 50, height: 30)
            view.fill(a, with: 0xFF11_2233)
            try showAndWait(output, view, [a])
            let b = IntRect(x: view.width - 70, y: view.height - 40, width: 60, height: 35)
            view.fill(b, with: 0xFF44_5566)
            try showAndWait(output, view, [b])

            let shot = try ScanoutCapture.capture(device: reader, crtcID: output.selection.crtc.id)
            XCTAssertEqual(shot.width, output.mode.width)
            XCTAssertEqual(shot.height, output.mode.height)
            var mismatches = 0
            for sy in 0..<shot.height {
                for sx in 0..<shot.width {
                    let f = rotation.framePoint(scanoutX: sx, y: sy, frameWidth: view.width, frameHeight: view.height)
                    var want = view[f.x, f.y] & 0xFF_FFFF
                    if format == .rgb565 { want = widened565(ScanoutCopy.rgb565(want)) }
                    if shot[x: sx, y: sy] != want { mismatches += 1 }
                }
            }
            print("DRM-SCANOUT: \(output.usesAtomic ? "atomic" : "legacy") rotation \(rotation.rawValue) \(format.rawValue) \(shot.format) \(shot.width)x\(shot.height): \(mismatches) pixels differ")
            XCTAssertEqual(mismatches, 0, "scanout differs from the frame (rotation \(rotation.rawValue), \(format))")
        }
    }

    /// close() puts the CRTC back as it was (the fbdev console's framebuffer and mode). A
    /// reader stays open throughout so the kernel's own last-close restore cannot do it for us.
    func testCloseRestoresCRTC() throws {
        let node = try XCTUnwrap(drmPrimaryNodes().first)
        let reader = try DRMDevice(path: node, master: false)
        defer { reader.close() }
        let res = try DRMResources.read(reader)
        let connector = try XCTUnwrap(res.connected.first)
        let crtcID = try XCTUnwrap(connector.currentCRTC ?? connector.possibleCRTCs.first)
        let before = try XCTUnwrap(res.crtc(id: crtcID))
        print("DRM-RESTORE: before: fb \(before.framebufferID.map(String.init) ?? "none") mode \(before.mode?.description ?? "none")")

        let output = try DRMOutput(DRMOutputConfiguration(device: .path(node), mode: .size(width: 800, height: 600, hz: 60)))
        let frame = try XCTUnwrap(Pixmap(width: output.frameWidth, height: output.frameHeight))
        frame.view.fill(with: 0xFF80_4020)
        try showAndWait(output, frame.view, [frame.bounds])
        let during = try XCTUnwrap(DRMResources.read(reader).crtc(id: crtcID))
        XCTAssertNotEqual(during.framebufferID, before.framebufferID, "our frame is on screen")
        XCTAssertEqual(during.mode?.description, "800x600@60")
        try output.close()

        let after = try XCTUnwrap(DRMResources.read(reader).crtc(id: crtcID))
        print("DRM-RESTORE: during: fb \(during.framebufferID.map(String.init) ?? "none") \(during.mode?.description ?? "none"); after close: fb \(after.framebufferID.map(String.init) ?? "none") mode \(after.mode?.description ?? "none")")
        XCTAssertEqual(after.framebufferID, before.framebufferID, "framebuffer restored")
        XCTAssertEqual(after.mode?.description, before.mode?.description, "mode restored")
        if let a = after.mode, let b = before.mode { XCTAssertTrue(a.sameTiming(as: b)) }
        XCTAssertFalse(output.device.isOpen)
    }

    /// Three buffers: frames presented while a flip is pending are queued, a newer one replaces
    /// the queued one, and it flips as soon as the pending flip completes; the screen then
    /// holds exactly the newest frame.
    func testTripleBufferingQueuesTheNewestFrame() throws {
        for commit in [DRMCommitMode.atomic, .legacy] {
            let output = try DRMOutput(DRMOutputConfiguration(mode: .size(width: 640, height: 480, hz: 60),
                                                              bufferCount: 3, commitMode: commit))
            defer { try? output.close() }
            let reader = try CRTCReader(output)
            defer { reader.close() }
            let frame = try XCTUnwrap(Pixmap(width: output.frameWidth, height: output.frameHeight))
            let view = frame.view
            view.fill(with: 0xFF10_2030)
            XCTAssertEqual(try output.present(frame: view, damage: [view.bounds]), .flipRequested)
            let a = IntRect(x: 100, y: 100, width: 40, height: 40)
            view.fill(a, with: 0xFFFF_0000)
            XCTAssertEqual(try output.present(frame: view, damage: [a]), .queued)
            let b = IntRect(x: 300, y: 200, width: 30, height: 60)
            view.fill(b, with: 0xFF00_FF00)
            XCTAssertEqual(try output.present(frame: view, damage: [b]), .queued, "replaces the queued frame")
            let events = try flipEvents(output, count: 2)
            XCTAssertEqual(events.map(\.frame), [1, 3], "frame 2 was replaced before it could flip")
            let mismatches = try reader.mismatches(against: view)
            print("DRM-TRIPLE: \(output.usesAtomic ? "atomic" : "legacy"): flips \(events.map(\.frame)), \(mismatches) pixels differ")
            XCTAssertEqual(mismatches, 0)
        }
    }

    /// A board file's by-path device name and connector name select the same display
    /// (needs udevd for /dev/dri/by-path).
    func testBoardFileByPathDeviceAndNamedConnector() throws {
        let names = DRMDeviceReport.probe(path: try XCTUnwrap(drmPrimaryNodes().first)).byPath
        let name = try XCTUnwrap(names.first, "no /dev/dri/by-path entry (udevd not running?)")
        let config = try DRMOutputConfiguration.parse(device: name, connector: "Virtual-1", mode: "800x600@60").get()
        let output = try DRMOutput(config)
        defer { try? output.close() }
        print("DRM-BYPATH: \(name) -> \(output.devicePath) \(output.connectorName) \(output.mode) \(output.driver)")
        XCTAssertEqual(output.devicePath, "/dev/dri/by-path/" + name)
        XCTAssertEqual(output.connectorName, "Virtual-1")
        XCTAssertEqual(output.mode.description, "800x600@60")
        XCTAssertEqual(output.frameWidth, 800)
    }

    /// Errors name the call, the device and the connector.
    func testUnknownConnectorErrorNamesDeviceAndConnector() throws {
        let node = try XCTUnwrap(drmPrimaryNodes().first)
        XCTAssertThrowsError(try DRMOutput(DRMOutputConfiguration(device: .path(node), connector: .named("HDMI-A-9")))) {
            let text = String(describing: $0)
            print("DRM-ERROR: \(text)")
            XCTAssertTrue(text.hasPrefix("select connector on \(node) (HDMI-A-9): no such connector"), text)
        }
    }

    private func showAndWait(_ output: DRMOutput, _ view: PixmapView, _ damage: [IntRect]) throws {
        XCTAssertEqual(try output.present(frame: view, damage: damage), .flipRequested)
        let fd = try XCTUnwrap(output.fileDescriptor)
        var flipped = false
        for _ in 0..<50 where !flipped {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, 100)
            flipped = try !output.handleEvents().isEmpty
        }
        XCTAssertTrue(flipped, "flip completed")
    }

    private func widened565(_ p: UInt16) -> UInt32 {
        let v = UInt32(p)
        let r = (v >> 11) & 0x1F, g = (v >> 5) & 0x3F, b = v & 0x1F
        return ((r << 3 | r >> 2) << 16) | ((g << 2 | g >> 4) << 8) | (b << 3 | b >> 2)
    }
}
#endif
