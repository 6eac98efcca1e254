#if canImport(Glibc)
import Glibc
import CDRM

/// What a fresh probe of our connector found, after the kernel said something changed
/// (a `change` uevent with HOTPLUG=1).
public struct ConnectorProbe: Sendable {
    public var connected: Bool
    /// The kernel marked the link Bad (DisplayPort training failed, HDMI re-plugged on some
    /// drivers): it shows nothing until userspace sets the mode again.
    public var linkBad: Bool
    /// Whether the connector still lists a mode of the size we drive (a different monitor
    /// may not); frames, buffers and layout are that size.
    public var offersCurrentSize: Bool
    public var modes: [DRMMode]
}

extension DRMOutput {
    /// Asks the kernel for our connector's state now (`drmModeGetConnector` probes it, as
    /// master). Errors name the device and connector.
    public func probeConnector() throws(DRMError) -> ConnectorProbe {
        let fd = try device.descriptor()
        let id = selection.connector.id
        guard let c = drmModeGetConnector(fd, id) else { throw site.error("drmModeGetConnector", errno: Glibc.errno) }
        defer { drmModeFreeConnector(c) }
        let modes = UnsafeBufferPointer(start: c.pointee.modes, count: Int(c.pointee.count_modes)).map(DRMMode.init)
        let link = drmObjectProperties(fd: fd, object: id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))["link-status"]
        let bad = link.map { l in l.enumValues["Bad"].map { l.value == $0 } ?? false } ?? false
        let current = selection.mode
        return ConnectorProbe(connected: c.pointee.connection == DRM_MODE_CONNECTED, linkBad: bad,
                              offersCurrentSize: modes.contains { $0.width == current.width && $0.height == current.height },
                              modes: modes)
    }

    /// Sets our mode again with the frame on screen, lit: after a display came back or its
    /// link went Bad, the kernel's contract is that userspace re-commits the mode (atomic: with
    /// link-status Good), which retrains the link. Blocking; no flip may be pending.
    public func setModeAgain() throws(DRMError) {
        let what = "set the mode again"
        guard modeSet else { throw site.error(what, detail: "no mode set yet (present a first frame)") }
        guard state.pending == nil else { throw site.error(what, detail: "a page flip is pending (wait for its event first)") }
        let fd = try device.descriptor()
        guard let shown = state.front, let fb = buffers[shown].framebufferID else {
            throw site.error(what, detail: "no frame on screen")
        }
        if atomic != nil {
            try atomic!.modeset(fd: fd, site: site, mode: selection.mode, framebuffer: fb, source: bufferSize)
        } else {
            try setCRTC(fd: fd, crtc: selection.crtc.id, framebuffer: fb, mode: selection.mode)
        }
        crtcActive = true
        // The vblank counter may have restarted: the next flip is not "missed vblanks".
        state.lastFlip = nil
    }
}
#endif
