#if canImport(Glibc)
import Glibc
import CDRM

extension DRMOutput {
    /// What the CRTC composes, as a writeback connector records it: the planes after their
    /// scaling and rotation, so unlike `captureScanout` (the buffer) this shows what the panel
    /// receives. For tests and diagnostics, after the pending flip completed (waits at most
    /// 100 ms). Needs an atomic driver with a writeback connector on our CRTC (vkms with
    /// `enable_writeback=1`); one blocking commit attaches it with an XRGB8888 buffer of the
    /// mode's size, its out-fence says when the frame is written, a second commit detaches it.
    /// In scanout orientation, like `captureScanout`.
    public func captureWriteback() throws(DRMError) -> ScanoutCapture {
        guard let atomic else { throw site.error("capture writeback", detail: "needs atomic modesetting") }
        if state.pending != nil { waitForPendingFlip(milliseconds: 100) }
        let fd = try device.descriptor()
        let res = try DRMResources.read(device)
        guard let wb = res.connectors.first(where: { $0.isWriteback && $0.possibleCRTCs.contains(atomic.crtc) }) else {
            throw site.error("capture writeback", detail: "no writeback connector for this CRTC (vkms: enable_writeback=1)")
        }
        let props = drmObjectProperties(fd: fd, object: wb.id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
        guard let crtcProp = props["CRTC_ID"]?.id, let fbProp = props["WRITEBACK_FB_ID"]?.id,
              let fenceProp = props["WRITEBACK_OUT_FENCE_PTR"]?.id else {
            throw site.error("capture writeback", detail: "\(wb.name) lacks the writeback properties")
        }
        let mode = selection.mode
        let target = try DumbBuffer(device: device, width: mode.width, height: mode.height, format: .xrgb8888,
                                    connector: wb.name)
        defer { target.close() }
        guard let fb = target.framebufferID, let bytes = target.bytes else {
            throw site.error("capture writeback", detail: "buffer without framebuffer or mapping")
        }
        var fence: Int32 = -1
        // Drivers whose writeback encoder cannot be a clone of the display's (vkms: the
        // kernel's "valid clone check" fails) record only with the panel detached from the
        // CRTC for that one frame; the CRTC, its mode and planes stay as they are.
        var panelDetached = false
        for detachPanel in [false, true] {
            do {
                try withUnsafeMutablePointer(to: &fence) { (fencePtr) throws(DRMError) in
                    try commit(fd, "drmModeAtomicCommit (attach \(wb.name))") { req in
                        if detachPanel { _ = drmModeAtomicAddProperty(req, atomic.connector, atomic.connectorCRTC, 0) }
                        _ = drmModeAtomicAddProperty(req, wb.id, crtcProp, UInt64(atomic.crtc))
                        _ = drmModeAtomicAddProperty(req, wb.id, fbProp, UInt64(fb))
                        _ = drmModeAtomicAddProperty(req, wb.id, fenceProp, UInt64(UInt(bitPattern: fencePtr)))
                    }
                }
                panelDetached = detachPanel
                break
            } catch {
                if detachPanel || error.errno != EINVAL { throw error }
            }
        }
        // Detach it (and put the panel back) whatever happens next.
        defer {
            try? commit(fd, "drmModeAtomicCommit (detach \(wb.name))") { req in
                _ = drmModeAtomicAddProperty(req, wb.id, crtcProp, 0)
                _ = drmModeAtomicAddProperty(req, wb.id, fbProp, 0)
                if panelDetached { _ = drmModeAtomicAddProperty(req, atomic.connector, atomic.connectorCRTC, UInt64(atomic.crtc)) }
            }
        }
        if fence >= 0 {
            defer { _ = Glibc.close(fence) }
            var p = pollfd(fd: fence, events: Int16(POLLIN), revents: 0)
            var r: Int32
            repeat { r = poll(&p, 1, 2000) } while r < 0 && Glibc.errno == EINTR
            guard r > 0 else { throw site.error("capture writeback", detail: "\(wb.name) wrote no frame within 2 s") }
        }
        var pixels = [UInt32](repeating: 0, count: mode.width * mode.height)
        for y in 0..<mode.height {
            let row = UnsafeRawPointer(bytes) + y * target.pitch
            for x in 0..<mode.width {
                pixels[y * mode.width + x] = row.load(fromByteOffset: x * 4, as: UInt32.self) & 0x00FF_FFFF
            }
        }
        return ScanoutCapture(framebufferID: fb, width: mode.width, height: mode.height, format: "XR24", pixels: pixels)
    }

    /// One blocking atomic commit that may change the connector routing.
    private func commit(_ fd: Int32, _ operation: String,
                        _ fill: (drmModeAtomicReqPtr) -> Void) throws(DRMError) {
        guard let req = drmModeAtomicAlloc() else { throw site.error("drmModeAtomicAlloc", errno: ENOMEM) }
        defer { drmModeAtomicFree(req) }
        fill(req)
        try site.call(operation) { drmModeAtomicCommit(fd, req, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil) }
    }
}
#endif
