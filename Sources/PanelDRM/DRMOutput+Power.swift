#if canImport(Glibc)
import Glibc
import CDRM

extension DRMOutput {
    /// Whether the CRTC is lit. False after `setActive(false)`; `present` then does nothing
    /// (`.busy`) and `canPresent` is false.
    public var isActive: Bool { crtcActive }

    /// Turns the display pipe off or on while keeping the output (buffers, mode, master):
    /// the screen-blanking of an idle kiosk.
    ///
    /// - Atomic: one blocking commit of the CRTC's `ACTIVE` property (0 or 1) with
    ///   ALLOW_MODESET. The mode and the plane's framebuffer stay in the atomic state, so
    ///   turning it on shows the frame that was on screen, without a new frame.
    /// - Legacy: the connector's `DPMS` property (Off / On), which every KMS driver has and
    ///   which atomic drivers map onto ACTIVE. The framebuffer stays attached.
    ///
    /// No page flip may be pending when turning off (throws: present again after the flip
    /// event, or use `waitForPendingFlip`); while off no flip is requested. The vblank counter
    /// does not run while off, so the first flip after turning on is not counted as missed
    /// vblanks. Needs a mode set (a first `present`). Errors name the libdrm call, device and
    /// connector.
    public func setActive(_ on: Bool) throws(DRMError) {
        guard on != crtcActive else { return }
        let what = on ? "turn the CRTC on" : "turn the CRTC off"
        guard modeSet else { throw site.error(what, detail: "no mode set yet (present a first frame)") }
        if !on && state.pending != nil {
            throw site.error(what, detail: "a page flip is pending (wait for its event first)")
        }
        let fd = try device.descriptor()
        if let atomic {
            try atomic.setActive(fd: fd, site: site, on)
        } else {
            let connector = selection.connector.id
            let props = drmObjectProperties(fd: fd, object: connector, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
            guard let dpms = props["DPMS"]?.id else {
                throw site.error("drmModeObjectGetProperties", detail: "connector has no DPMS property")
            }
            let value = UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF)
            try site.call(on ? "drmModeConnectorSetProperty (DPMS On)" : "drmModeConnectorSetProperty (DPMS Off)") {
                drmModeConnectorSetProperty(fd, connector, dpms, value)
            }
        }
        crtcActive = on
        if on { state.lastFlip = nil }
    }

    /// What our CRTC scans out now, read back through its framebuffer (GETFB2 and a mapping
    /// of the dumb buffer; needs root), after the pending flip (if any) completed (waits at
    /// most 100 ms). In scanout orientation; `ScanoutCapture.framePixmap(rotation:)` turns it
    /// back to the UI's.
    public func captureScanout() throws(DRMError) -> ScanoutCapture {
        if state.pending != nil { waitForPendingFlip(milliseconds: 100) }
        return try ScanoutCapture.capture(device: device, crtcID: selection.crtc.id)
    }
}
#endif
