#if canImport(Glibc)
import Glibc
import Foundation
import XCTest
import PanelRenderer
@testable import PanelDRM

/// SIGTERM ends a kiosk-style loop cleanly and the console comes back: the test spawns this
/// test binary again in child mode, where a loop presents frames and polls the DRM fd with
/// SIGTERM/SIGINT blocked, taking them with sigtimedwait (no handler runs; a kiosk would poll
/// a signalfd, which Swift's Glibc module does not export), then closes the output. The parent checks the CRTC before, during and after from its own
/// non-master descriptor. VM only (PANEL_KIOSK_VM=1).
final class DRMSignalRestoreVMTests: XCTestCase {
    func testSIGTERMRestoresCRTC() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["PANEL_KIOSK_VM"] == "1", "needs the VM")
        try XCTSkipIf(ProcessInfo.processInfo.environment["PANEL_KIOSK_VM_CHILD"] == "1")
        let node = try XCTUnwrap(drmPrimaryNodes().first)
        let reader = try DRMDevice(path: node, master: false)
        defer { reader.close() }
        let res = try DRMResources.read(reader)
        let connector = try XCTUnwrap(res.connected.first)
        let crtcID = try XCTUnwrap(connector.currentCRTC ?? connector.possibleCRTCs.first)
        let before = try XCTUnwrap(res.crtc(id: crtcID))

        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["PanelDRMTests.DRMSignalRestoreVMTests/testChildLoopUntilSignal"]
        var env = ProcessInfo.processInfo.environment
        env["PANEL_KIOSK_VM_CHILD"] = "1"
        child.environment = env
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        // Wait for the child's first flip ("CHILD-READY"), at most 20 s.
        var seen = ""
        let deadline = Date().addingTimeInterval(20)
        while !seen.contains("CHILD-READY") && Date() < deadline {
            // availableData blocks until the child writes: poll first, so a child that never
            // shows a frame fails this check after 20 s instead of hanging the whole VM boot.
            var p = pollfd(fd: pipe.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let leftMS = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            if poll(&p, 1, leftMS) <= 0 { continue }
            let data = pipe.fileHandleForReading.availableData
            if data.isEmpty { break }
            seen += String(decoding: data, as: UTF8.self)
        }
        guard seen.contains("CHILD-READY") else {
            child.terminate()
            return XCTFail("child never showed a frame within 20 s: \(seen)")
        }
        let during = try XCTUnwrap(DRMResources.read(reader).crtc(id: crtcID))
        XCTAssertNotEqual(during.framebufferID, before.framebufferID)
        let t0 = monotonicNanoseconds()
        kill(child.processIdentifier, SIGTERM)
        child.waitUntilExit()
        let ms = Double(monotonicNanoseconds() - t0) / 1e6
        seen += String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let after = try XCTUnwrap(DRMResources.read(reader).crtc(id: crtcID))
        print("DRM-SIGTERM: child exit \(child.terminationStatus) (\(child.terminationReason == .exit ? "exit" : "signal")) "
              + "\(String(format: "%.1f", ms)) ms after SIGTERM; fb before \(before.framebufferID.map(String.init) ?? "none"), "
              + "during \(during.framebufferID.map(String.init) ?? "none"), after \(after.framebufferID.map(String.init) ?? "none")")
        XCTAssertEqual(child.terminationReason, .exit, "the loop exits; the signal does not kill it")
        XCTAssertEqual(child.terminationStatus, 0)
        XCTAssertTrue(seen.contains("CHILD-CLOSED"), seen)
        XCTAssertEqual(after.framebufferID, before.framebufferID)
        XCTAssertEqual(after.mode?.description, before.mode?.description)
    }

    /// The child: the loop a kiosk runs (poll on the DRM fd and a signalfd), until SIGTERM.
    func testChildLoopUntilSignal() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["PANEL_KIOSK_VM_CHILD"] == "1", "child mode only")
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGTERM)
        sigaddset(&mask, SIGINT)
        XCTAssertEqual(pthread_sigmask(SIG_BLOCK, &mask, nil), 0)

        let output = try DRMOutput(DRMOutputConfiguration(mode: .size(width: 800, height: 600, hz: 60)))
        let frame = try XCTUnwrap(Pixmap(width: output.frameWidth, height: output.frameHeight))
        let view = frame.view
        var shade: UInt32 = 0
        var running = true
        var announced = false
        while running {
            if output.canPresent {
                shade = (shade + 3) & 0xFF
                view.fill(with: 0xFF00_0000 | shade << 16 | 0x40)
                try output.present(frame: view, damage: [view.bounds])
            }
            var fds = [pollfd(fd: try XCTUnwrap(output.fileDescriptor), events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 1, 100) < 0 && errno != EINTR { break }
            if fds[0].revents & Int16(POLLIN) != 0, !(try output.handleEvents()).isEmpty, !announced {
                FileHandle.standardOutput.write(Data("CHILD-READY\n".utf8))
                announced = true
            }
            var zero = timespec()
            if sigtimedwait(&mask, nil, &zero) > 0 { running = false }
        }
        try output.close()
        FileHandle.standardOutput.write(Data("CHILD-CLOSED\n".utf8))
    }
}
#endif
