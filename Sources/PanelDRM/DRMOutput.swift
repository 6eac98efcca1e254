#if canImport(Glibc)
import PanelRenderer
import Glibc
import CDRM

/// A display driven through DRM/KMS with legacy modesetting: dumb buffers, one
/// `drmModeSetCrtc` at the first `present`, then `drmModePageFlip` with flip events timed by vblank.
///
/// The caller owns the loop: it draws complete frames in normal memory, calls
/// `present(frame:damage:)`, polls `fileDescriptor` for readability and calls
/// `handleEvents()`, which reports each completed flip with the kernel's vblank timestamp.
/// Nothing here blocks except `close()`, which waits at most 100 ms for a pending flip.
///
/// Ownership: the output owns its device (fd, master), its buffers and the CRTC it took.
/// `close()` puts back the CRTC as it was before open (framebuffer, position and mode, e.g.
/// the fbdev console), destroys the buffers, drops master and closes the device. Call it from
/// the loop on SIGTERM/SIGINT (signal handlers should only set a flag); deinit does the same
/// for a forgotten output, without reporting errors.
public final class DRMOutput {
    public let device: DRMDevice
    public let driver: String
    public let selection: DRMSelection
    public let configuration: DRMOutputConfiguration
    /// The frame size `present` takes: the mode's size, swapped for 90 and 270 degrees.
    public let frameWidth: Int
    public let frameHeight: Int

    var buffers: [DumbBuffer]
    var state: FlipState
    let collector = FlipCollector()
    let site: DRMErrorSite
    /// The CRTC as it was before we touched it; restored by close() once we have set a mode.
    private let savedCRTC: DRMCrtcInfo
    var modeSet = false
    /// Set when frames go through atomic commits.
    var atomic: AtomicState?
    private var closed = false
    /// Whether the CRTC is lit (false after `setActive(false)`: DPMS off, no flips).
    var crtcActive = true
    /// Whether the primary plane turns the frames (the buffers then hold them upright).
    public private(set) var rotatesInPlane = false
    /// The rotation the copy applies: the board's, or none when the plane rotates.
    public var bufferRotation: DisplayRotation { rotatesInPlane ? .rotate0 : configuration.rotation }
    /// The buffers' size: the mode's, or the frame's when the plane rotates.
    var bufferSize: (width: Int, height: Int) {
        rotatesInPlane ? (frameWidth, frameHeight) : (selection.mode.width, selection.mode.height)
    }

    public var devicePath: String { selection.devicePath }
    public var connectorName: String { selection.connector.name }
    public var mode: DRMMode { selection.mode }
    /// Poll this for readability, then call `handleEvents()`.
    public var fileDescriptor: Int32? { try? device.descriptor() }
    /// Whether frames go through atomic commits (else legacy SetCrtc/PageFlip).
    public var usesAtomic: Bool { atomic != nil }
    /// The device node's number (`st_rdev`), to recognise its removal in kernel uevents.
    public var deviceNumber: dev_t? {
        guard let fd = try? device.descriptor() else { return nil }
        var st = stat()
        return fstat(fd, &st) == 0 ? st.st_rdev : nil
    }

    /// Throws when the device stopped answering: every DRM ioctl fails with ENODEV once it
    /// was unplugged or its driver unbound, though the descriptor stays open.
    public func checkDeviceResponds() throws(DRMError) {
        let fd = try device.descriptor()
        try site.call("drmGetVersion") {
            guard let v = drmGetVersion(fd) else { return -1 }
            drmFreeVersion(v)
            return 0
        }
    }

    /// Finds the device, connector, mode and CRTC the configuration asks for, becomes DRM
    /// master, saves the CRTC's state and creates the buffers. The mode is set by the first
    /// `present` (so the screen goes straight from what it showed to the first frame); with
    /// atomic modesetting the kernel checks that modeset here (TEST_ONLY), so a refused mode
    /// or format fails now. On failure everything acquired so far is released and the CRTC is
    /// left as it was.
    public init(_ configuration: DRMOutputConfiguration) throws(DRMError) {
        precondition(configuration.bufferCount == 2 || configuration.bufferCount == 3, "2 or 3 buffers")
        self.configuration = configuration
        // Probe without taking master, so probing one device never blocks another process.
        var chosen: DRMSelection?
        var lastError: DRMError?, absent: DRMError?
        for path in try configuration.candidateDevices() {
            do {
                let probe = try DRMDevice(path: path, master: false)
                defer { probe.close() }
                let res = try DRMResources.read(probe)
                chosen = try configuration.select(in: res, devicePath: path)
                break
            } catch {
                var error = error
                // A board's device node that is not there yet (driver still loading, by-path
                // link not made) is a display still to come, like an unplugged one.
                if error.errno == ENOENT { error.displayAbsent = true }
                if case .path = configuration.device { throw error }
                lastError = error
                if error.displayAbsent && absent == nil { absent = error }
            }
        }
        guard let chosen else {
            // Several devices (a render-only GPU beside the display controller): the one
            // waiting for a display says more than the one that never had any.
            throw absent ?? lastError ?? DRMError(operation: "find a display", device: "/dev/dri", detail: "no device")
        }
        let dev = try DRMDevice(path: chosen.devicePath, master: true)
        device = dev
        // Re-read as master: the state may have changed between probe and open.
        let res = try DRMResources.read(dev)
        let sel = try configuration.select(in: res, devicePath: dev.path)
        selection = sel
        site = DRMErrorSite(device: dev.path, connector: sel.connector.name)
        driver = (try? dev.driverName()) ?? "unknown"
        let size = configuration.rotation.frameSize(scanoutWidth: sel.mode.width, height: sel.mode.height)
        frameWidth = size.width; frameHeight = size.height
        state = FlipState(bufferCount: configuration.bufferCount, frameInterval: sel.mode.frameIntervalNanoseconds)
        buffers = []
        if configuration.commitMode != .legacy, dev.enableClientCapability(UInt64(DRM_CLIENT_CAP_ATOMIC)),
           let fd = try? dev.descriptor() {
            atomic = AtomicState(fd: fd, selection: sel, planes: res.planes)
        }
        if configuration.commitMode == .atomic && atomic == nil {
            throw site.error("select commit mode", detail: "the driver does not offer atomic modesetting for this CRTC")
        }
        savedCRTC = sel.crtc
        let rotation = configuration.rotation
        let planeValue = rotation == .rotate0 ? nil : atomic?.planeRotationValue(for: rotation)
        if configuration.rotateIn == .plane && rotation != .rotate0 && planeValue == nil {
            release()
            throw site.error("rotate in the plane", detail: atomic == nil
                ? "needs atomic modesetting, which this driver does not offer"
                : "the primary plane does not offer \(rotation.rawValue) degrees (board: rotate_in = \"auto\" or \"copy\")")
        }
        if configuration.rotateIn != .copy, let planeValue {
            rotatesInPlane = true
            atomic?.planeRotation = planeValue
            do {
                try createBuffersAndTest()
                return
            } catch {
                releaseBuffers()
                rotatesInPlane = false
                let upright = atomic?.planeRotationValue(for: .rotate0)
                atomic?.planeRotation = upright
                if configuration.rotateIn == .plane { release(); throw error }
            }
        }
        do { try createBuffersAndTest() } catch { release(); throw error }
    }

    /// The scanout buffers, then (atomic) a TEST_ONLY modeset with them, so a mode, format,
    /// or plane rotation the hardware refuses fails at open rather than at the first frame.
    private func createBuffersAndTest() throws(DRMError) {
        let size = bufferSize
        for _ in 0..<configuration.bufferCount {
            buffers.append(try DumbBuffer(device: device, width: size.width, height: size.height,
                                          format: configuration.format, connector: selection.connector.name))
        }
        if atomic != nil, let fd = try? device.descriptor(), let fb = buffers[0].framebufferID {
            try atomic!.modeset(fd: fd, site: site, mode: selection.mode, framebuffer: fb, source: size, testOnly: true)
        }
    }

    private func releaseBuffers() {
        for b in buffers { b.close() }
        buffers.removeAll()
    }

    deinit { if !closed { try? close() } }

    /// Restores the CRTC as it was before open, destroys the buffers, drops master and closes
    /// the device. Everything is released even when a step fails; the first failure is
    /// thrown afterwards. Idempotent.
    public func close() throws(DRMError) {
        guard !closed else { return }
        closed = true
        var firstError: DRMError?
        if state.pending != nil { waitForPendingFlip(milliseconds: 100) }
        if modeSet, let fd = try? device.descriptor() {
            let saved = savedCRTC
            // A CRTC we turned off (atomic ACTIVE=0 or DPMS) is turned back on first, so the
            // restored console is lit (the legacy SetCrtc below does not touch DPMS).
            if !crtcActive { try? setActive(true) }
            do {
                // A rotated plane keeps its rotation through a legacy SetCrtc, which then
                // refuses the console's landscape framebuffer: put it upright in the same commit.
                if rotatesInPlane, atomic != nil {
                    try atomic!.restore(fd: fd, site: site, crtc: saved)
                } else {
                    try setCRTC(fd: fd, crtc: saved.id, framebuffer: saved.framebufferID, mode: saved.mode,
                                x: saved.x, y: saved.y)
                }
            } catch {
                firstError = error
            }
            modeSet = false
        }
        release()
        if let firstError { throw firstError }
    }

    /// Buffers, master and device, in that order.
    private func release() {
        if let fd = try? device.descriptor() { atomic?.destroy(fd: fd) }
        releaseBuffers()
        if device.isMaster { try? device.dropMaster() }
        device.close()
    }

    /// `drmModeSetCrtc` on our connector; nil framebuffer or mode turns the CRTC off.
    /// The first frame: copied whole into two buffers, shown by `drmModeSetCrtc` from the
    /// first and flipped to the second, so the caller gets a flip event like for any frame and
    /// the next frame needs only its damage.
    func setModeAndShowFirst(frame: PixmapView, number: UInt64) throws(DRMError) {
        let fd = try device.descriptor()
        let bounds = IntRect(x: 0, y: 0, width: frameWidth, height: frameHeight)
        guard let fb = buffers[0].framebufferID else { throw site.error("present", detail: "buffer has no framebuffer") }
        for i in 0..<2 {
            guard let bytes = buffers[i].bytes else { throw site.error("present", detail: "scanout buffer is unmapped") }
            ScanoutCopy.copy(bounds, of: frame, rotation: bufferRotation, into: bytes,
                             pitch: buffers[i].pitch, format: configuration.format)
            state.content[i] = number
        }
        if atomic != nil {
            try atomic!.modeset(fd: fd, site: site, mode: selection.mode, framebuffer: fb, source: bufferSize)
        } else {
            try setCRTC(fd: fd, crtc: selection.crtc.id, framebuffer: fb, mode: selection.mode)
        }
        modeSet = true
        state.front = 0
    }

    func setCRTC(fd: Int32, crtc: UInt32, framebuffer: UInt32?, mode: DRMMode?,
                         x: Int = 0, y: Int = 0) throws(DRMError) {
        if let framebuffer, let mode {
            var info = mode.info
            var connector = selection.connector.id
            try site.call("drmModeSetCrtc") {
                drmModeSetCrtc(fd, crtc, framebuffer, UInt32(x), UInt32(y), &connector, 1, &info)
            }
        } else {
            try site.call("drmModeSetCrtc (off)") { drmModeSetCrtc(fd, crtc, 0, 0, 0, nil, 0, nil) }
        }
    }

    /// Polls for the pending flip's event for up to `milliseconds` (close only).
    func waitForPendingFlip(milliseconds: Int32) {
        guard let fd = try? device.descriptor() else { return }
        var deadline = monotonicNanoseconds() + UInt64(milliseconds) * 1_000_000
        while state.pending != nil {
            let now = monotonicNanoseconds()
            guard now < deadline else { return }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let left = Int32((deadline - now) / 1_000_000) + 1
            if poll(&p, 1, left) < 0 && Glibc.errno != EINTR { return }
            if (try? handleEvents()) == nil { deadline = 0 }
        }
    }
}

#endif
