#if canImport(Glibc)
import PanelRenderer
import Glibc
import CDRM

/// How frames reach the screen.
public enum DRMCommitMode: String, Sendable, Equatable {
    /// Atomic when the driver accepts DRM_CLIENT_CAP_ATOMIC and the CRTC has a primary plane
    /// with the standard properties; legacy otherwise.
    case auto
    /// drmModeSetCrtc once, then drmModePageFlip.
    case legacy
    /// Atomic commits: one blocking modeset, then non-blocking flips with FB_DAMAGE_CLIPS.
    case atomic
}

/// The property ids atomic commits need on our connector, CRTC and primary plane, and the
/// mode blob (the one owner of that blob: `destroy` releases it).
struct AtomicState {
    let connector: UInt32, crtc: UInt32, plane: UInt32
    let connectorCRTC: UInt32
    let crtcModeID: UInt32, crtcActive: UInt32
    let planeFB: UInt32, planeCRTC: UInt32
    let srcX: UInt32, srcY: UInt32, srcW: UInt32, srcH: UInt32
    let crtcX: UInt32, crtcY: UInt32, crtcW: UInt32, crtcH: UInt32
    /// FB_DAMAGE_CLIPS, when the plane takes damage hints.
    let damageClips: UInt32?
    /// The plane's `rotation` bitmask property and its values (name -> bit), when it has one.
    let rotationProperty: UInt32?
    let rotationBits: [String: UInt64]
    /// The connector's `link-status` and its "Good" value: every modeset sets it back to Good,
    /// which is how userspace retrains a link the kernel marked Bad.
    let linkStatus: (property: UInt32, good: UInt64)?
    /// The `rotation` value every commit sets (rotate-0 unless the plane rotates our frames):
    /// always set when the property exists, so a rotation left by a previous client is undone.
    var planeRotation: UInt64?
    var modeBlob: UInt32?

    /// Looks the properties up; nil when something standard is missing (then: legacy).
    init?(fd: Int32, selection: DRMSelection, planes: [DRMPlaneInfo]) {
        guard let plane = planes.first(where: { $0.kind == .primary && $0.possibleCRTCs.contains(selection.crtc.id) })
        else { return nil }
        let c = drmObjectProperties(fd: fd, object: selection.connector.id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
        let k = drmObjectProperties(fd: fd, object: selection.crtc.id, type: UInt32(DRM_MODE_OBJECT_CRTC))
        let p = drmObjectProperties(fd: fd, object: plane.id, type: UInt32(DRM_MODE_OBJECT_PLANE))
        guard let cc = c["CRTC_ID"]?.id, let mode = k["MODE_ID"]?.id, let active = k["ACTIVE"]?.id,
              let fb = p["FB_ID"]?.id, let pc = p["CRTC_ID"]?.id,
              let sx = p["SRC_X"]?.id, let sy = p["SRC_Y"]?.id, let sw = p["SRC_W"]?.id, let sh = p["SRC_H"]?.id,
              let cx = p["CRTC_X"]?.id, let cy = p["CRTC_Y"]?.id, let cw = p["CRTC_W"]?.id, let ch = p["CRTC_H"]?.id
        else { return nil }
        connector = selection.connector.id; crtc = selection.crtc.id; self.plane = plane.id
        connectorCRTC = cc; crtcModeID = mode; crtcActive = active; planeFB = fb; planeCRTC = pc
        srcX = sx; srcY = sy; srcW = sw; srcH = sh; crtcX = cx; crtcY = cy; crtcW = cw; crtcH = ch
        damageClips = p["FB_DAMAGE_CLIPS"]?.id
        rotationProperty = p["rotation"]?.id
        rotationBits = p["rotation"]?.enumValues ?? [:]
        planeRotation = Self.value(of: "rotate-0", in: rotationBits)
        linkStatus = c["link-status"].map { ($0.id, $0.enumValues["Good"] ?? 0) }
    }

    /// The plane's `rotation` value that shows a frame the way `DisplayRotation` turns it in
    /// the copy, nil when the plane does not offer it. DRM rotates counter-clockwise
    /// ("rotate-90" turns the image a quarter left); ours turn it clockwise.
    func planeRotationValue(for rotation: DisplayRotation) -> UInt64? {
        Self.value(of: Self.planeRotationName(for: rotation), in: rotationBits)
    }

    static func planeRotationName(for rotation: DisplayRotation) -> String {
        switch rotation {
        case .rotate0: "rotate-0"
        case .rotate90: "rotate-270"
        case .rotate180: "rotate-180"
        case .rotate270: "rotate-90"
        }
    }

    static func value(of name: String, in bits: [String: UInt64]) -> UInt64? {
        bits[name].flatMap { $0 < 64 ? UInt64(1) << $0 : nil }
    }

    /// Sets the mode and shows `framebuffer` (blocking, ALLOW_MODESET): the first frame. With
    /// `testOnly` the kernel only checks it (DRM_MODE_ATOMIC_TEST_ONLY), so a mode, format or
    /// plane the hardware refuses fails at open rather than at the first frame.
    mutating func modeset(fd: Int32, site: DRMErrorSite, mode: DRMMode, framebuffer: UInt32,
                          source: (width: Int, height: Int), testOnly: Bool = false) throws(DRMError) {
        let blob: UInt32
        if let modeBlob {
            blob = modeBlob
        } else {
            var info = mode.info
            var created: UInt32 = 0
            try site.call("drmModeCreatePropertyBlob (mode)") {
                drmModeCreatePropertyBlob(fd, &info, MemoryLayout<drmModeModeInfo>.size, &created)
            }
            modeBlob = created
            blob = created
        }
        guard let req = drmModeAtomicAlloc() else { throw site.error("drmModeAtomicAlloc", errno: ENOMEM) }
        defer { drmModeAtomicFree(req) }
        add(req, connector, connectorCRTC, UInt64(crtc))
        add(req, crtc, crtcModeID, UInt64(blob))
        add(req, crtc, crtcActive, 1)
        if let linkStatus { add(req, connector, linkStatus.property, linkStatus.good) }
        addPlane(req, framebuffer: framebuffer, source: source, destination: (mode.width, mode.height))
        let flags = UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET) | (testOnly ? UInt32(DRM_MODE_ATOMIC_TEST_ONLY) : 0)
        try site.call(testOnly ? "drmModeAtomicCommit (test modeset)" : "drmModeAtomicCommit (modeset)") {
            drmModeAtomicCommit(fd, req, flags, nil)
        }
    }

    /// Flips to `framebuffer` without blocking; a page-flip event with `userData` follows.
    /// `damage` (framebuffer coordinates) goes to FB_DAMAGE_CLIPS when the plane has it.
    func flip(fd: Int32, site: DRMErrorSite, framebuffer: UInt32, source: (width: Int, height: Int),
              destination: (width: Int, height: Int), damage: [IntRect],
              userData: UnsafeMutableRawPointer) throws(DRMError) {
        guard let req = drmModeAtomicAlloc() else { throw site.error("drmModeAtomicAlloc", errno: ENOMEM) }
        defer { drmModeAtomicFree(req) }
        addPlane(req, framebuffer: framebuffer, source: source, destination: destination)
        var clipsBlob: UInt32?
        if let damageClips, !damage.isEmpty {
            var rects = damage.map { drm_mode_rect(x1: Int32($0.x), y1: Int32($0.y), x2: Int32($0.maxX), y2: Int32($0.maxY)) }
            var blob: UInt32 = 0
            let size = MemoryLayout<drm_mode_rect>.stride * rects.count
            if drmModeCreatePropertyBlob(fd, &rects, size, &blob) == 0 {
                clipsBlob = blob
                add(req, plane, damageClips, UInt64(blob))
            }
        }
        // The commit holds its own reference to the blob: ours can go right after.
        defer { if let clipsBlob { _ = drmModeDestroyPropertyBlob(fd, clipsBlob) } }
        try site.call("drmModeAtomicCommit") {
            drmModeAtomicCommit(fd, req, UInt32(DRM_MODE_PAGE_FLIP_EVENT) | UInt32(DRM_MODE_ATOMIC_NONBLOCK), userData)
        }
    }

    /// Turns the CRTC on or off (its ACTIVE property; blocking, ALLOW_MODESET). The mode,
    /// the connector routing and the plane's framebuffer stay in the state, so turning it on
    /// shows the same framebuffer again. No page-flip event follows.
    func setActive(fd: Int32, site: DRMErrorSite, _ on: Bool) throws(DRMError) {
        guard let req = drmModeAtomicAlloc() else { throw site.error("drmModeAtomicAlloc", errno: ENOMEM) }
        defer { drmModeAtomicFree(req) }
        add(req, crtc, crtcActive, on ? 1 : 0)
        try site.call(on ? "drmModeAtomicCommit (CRTC ACTIVE=1)" : "drmModeAtomicCommit (CRTC ACTIVE=0)") {
            drmModeAtomicCommit(fd, req, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil)
        }
    }

    /// Puts back a CRTC as `crtc` describes it (its framebuffer, offset and mode, or off), with
    /// the plane upright (rotate-0): one blocking commit with ALLOW_MODESET.
    mutating func restore(fd: Int32, site: DRMErrorSite, crtc saved: DRMCrtcInfo) throws(DRMError) {
        guard let req = drmModeAtomicAlloc() else { throw site.error("drmModeAtomicAlloc", errno: ENOMEM) }
        defer { drmModeAtomicFree(req) }
        var blob: UInt32 = 0
        defer { if blob != 0 { _ = drmModeDestroyPropertyBlob(fd, blob) } }
        planeRotation = Self.value(of: "rotate-0", in: rotationBits)
        if let fb = saved.framebufferID, let mode = saved.mode {
            var info = mode.info
            try site.call("drmModeCreatePropertyBlob (saved mode)") {
                drmModeCreatePropertyBlob(fd, &info, MemoryLayout<drmModeModeInfo>.size, &blob)
            }
            add(req, connector, connectorCRTC, UInt64(crtc))
            add(req, crtc, crtcModeID, UInt64(blob))
            add(req, crtc, crtcActive, 1)
            addPlane(req, framebuffer: fb, source: (mode.width, mode.height), destination: (mode.width, mode.height))
            add(req, plane, srcX, UInt64(saved.x) << 16); add(req, plane, srcY, UInt64(saved.y) << 16)
        } else {
            add(req, connector, connectorCRTC, 0)
            add(req, crtc, crtcModeID, 0)
            add(req, crtc, crtcActive, 0)
            add(req, plane, planeFB, 0); add(req, plane, planeCRTC, 0)
            if let rotationProperty, let planeRotation { add(req, plane, rotationProperty, planeRotation) }
        }
        try site.call("drmModeAtomicCommit (restore the CRTC)") {
            drmModeAtomicCommit(fd, req, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil)
        }
    }

    /// Releases the mode blob.
    mutating func destroy(fd: Int32) {
        if let modeBlob { _ = drmModeDestroyPropertyBlob(fd, modeBlob) }
        modeBlob = nil
    }

    /// The whole framebuffer (`source`, 16.16 fixed point) onto the whole mode; with plane
    /// rotation 90/270 the framebuffer is the frame, taller than wide on a landscape mode.
    private func addPlane(_ req: drmModeAtomicReqPtr, framebuffer: UInt32, source: (width: Int, height: Int),
                          destination: (width: Int, height: Int)) {
        add(req, plane, planeFB, UInt64(framebuffer))
        add(req, plane, planeCRTC, UInt64(crtc))
        add(req, plane, srcX, 0); add(req, plane, srcY, 0)
        add(req, plane, srcW, UInt64(source.width) << 16); add(req, plane, srcH, UInt64(source.height) << 16)
        add(req, plane, crtcX, 0); add(req, plane, crtcY, 0)
        add(req, plane, crtcW, UInt64(destination.width)); add(req, plane, crtcH, UInt64(destination.height))
        if let rotationProperty, let planeRotation { add(req, plane, rotationProperty, planeRotation) }
    }

    private func add(_ req: drmModeAtomicReqPtr, _ object: UInt32, _ property: UInt32, _ value: UInt64) {
        _ = drmModeAtomicAddProperty(req, object, property, value)
    }
}
#endif
