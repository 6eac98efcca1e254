#if canImport(Glibc)
import Glibc
import CDRM

/// A connector as read at one moment (a copy of `drmModeConnector`).
public struct DRMConnectorInfo: Sendable {
    public enum Status: String, Sendable { case connected, disconnected, unknown }
    public var id: UInt32
    /// The name users see, built like modetest and the kernel do: type name + per-type index
    /// (`HDMI-A-1`, `DSI-1`, `Virtual-1`, `Writeback-1`).
    public var name: String
    public var typeName: String
    public var status: Status
    public var modes: [DRMMode]
    public var physicalSizeMM: (width: Int, height: Int)
    public var encoderIDs: [UInt32]
    public var currentEncoderID: UInt32?
    /// CRTC ids this connector can be driven by (union of its encoders' possible CRTCs).
    public var possibleCRTCs: [UInt32]
    /// The CRTC driving it now, if any.
    public var currentCRTC: UInt32?
    public var isWriteback: Bool { typeName == "Writeback" }
}

/// A CRTC as read at one moment (a copy of `drmModeCrtc`).
public struct DRMCrtcInfo: Sendable {
    public var id: UInt32
    /// Its index in the resources, which is what encoder and plane bitmasks count.
    public var index: Int
    /// The framebuffer it scans out, nil when off.
    public var framebufferID: UInt32?
    public var x: Int, y: Int
    public var mode: DRMMode?
}

/// A plane (seen with universal planes on) and what it can do.
public struct DRMPlaneInfo: Sendable {
    public enum Kind: String, Sendable { case primary, overlay, cursor, unknown }
    public var id: UInt32
    public var kind: Kind
    /// Pixel formats as fourcc strings (`XR24`, `RG16`).
    public var formats: [String]
    public var possibleCRTCs: [UInt32]
    public var currentCRTC: UInt32?
    public var framebufferID: UInt32?
    /// The names of the `rotation` property's bits (`rotate-0`, `rotate-90`, `reflect-x`...),
    /// empty when the plane has no rotation property.
    public var rotations: [String]
}

/// Everything a device offers for modesetting, read once and copied into Swift values; the C
/// structures are freed before `read` returns.
public struct DRMResources: Sendable {
    public var connectors: [DRMConnectorInfo]
    public var crtcs: [DRMCrtcInfo]
    public var planes: [DRMPlaneInfo]

    public var connected: [DRMConnectorInfo] {
        connectors.filter { $0.status == .connected && !$0.isWriteback && !$0.modes.isEmpty }
    }
    public func connector(named name: String) -> DRMConnectorInfo? {
        connectors.first { $0.name.lowercased() == name.lowercased() }
    }
    public func crtc(id: UInt32) -> DRMCrtcInfo? { crtcs.first { $0.id == id } }

    /// Reads connectors, encoders, CRTCs and planes (`drmModeGetResources` and friends).
    /// Asks for universal planes and writeback connectors first so they are listed too.
    public static func read(_ device: DRMDevice) throws(DRMError) -> DRMResources {
        let fd = try device.descriptor()
        device.enableClientCapability(UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES))
        device.enableClientCapability(UInt64(DRM_CLIENT_CAP_WRITEBACK_CONNECTORS))
        guard let res = drmModeGetResources(fd) else {
            throw device.site.error("drmModeGetResources", errno: Glibc.errno,
                                    detail: "not a modesetting device (render-only GPU?)")
        }
        defer { drmModeFreeResources(res) }
        let r = res.pointee
        let crtcIDs = Array(UnsafeBufferPointer(start: r.crtcs, count: Int(r.count_crtcs)))
        func crtcsInMask(_ mask: UInt32) -> [UInt32] {
            crtcIDs.enumerated().filter { mask & (1 << UInt32($0.offset)) != 0 }.map(\.element)
        }

        var crtcs: [DRMCrtcInfo] = []
        for (index, id) in crtcIDs.enumerated() {
            guard let c = drmModeGetCrtc(fd, id) else { continue }
            defer { drmModeFreeCrtc(c) }
            let v = c.pointee
            crtcs.append(DRMCrtcInfo(id: id, index: index,
                                     framebufferID: v.buffer_id == 0 ? nil : v.buffer_id,
                                     x: Int(v.x), y: Int(v.y),
                                     mode: v.mode_valid != 0 ? DRMMode(v.mode) : nil))
        }

        var encoderCRTC: [UInt32: UInt32] = [:], encoderMask: [UInt32: UInt32] = [:]
        for id in UnsafeBufferPointer(start: r.encoders, count: Int(r.count_encoders)) {
            guard let e = drmModeGetEncoder(fd, id) else { continue }
            defer { drmModeFreeEncoder(e) }
            if e.pointee.crtc_id != 0 { encoderCRTC[id] = e.pointee.crtc_id }
            encoderMask[id] = e.pointee.possible_crtcs
        }

        var connectors: [DRMConnectorInfo] = []
        for id in UnsafeBufferPointer(start: r.connectors, count: Int(r.count_connectors)) {
            guard let c = drmModeGetConnector(fd, id) else { continue }
            defer { drmModeFreeConnector(c) }
            let v = c.pointee
            let typeName = drmModeGetConnectorTypeName(v.connector_type).map { String(cString: $0) }
                ?? "Unknown\(v.connector_type)"
            let status: DRMConnectorInfo.Status = switch v.connection {
            case DRM_MODE_CONNECTED: .connected
            case DRM_MODE_DISCONNECTED: .disconnected
            default: .unknown
            }
            let encoders = Array(UnsafeBufferPointer(start: v.encoders, count: Int(v.count_encoders)))
            var mask: UInt32 = 0
            for e in encoders { mask |= encoderMask[e] ?? 0 }
            let current = v.encoder_id == 0 ? nil : v.encoder_id
            connectors.append(DRMConnectorInfo(
                id: id, name: "\(typeName)-\(v.connector_type_id)", typeName: typeName, status: status,
                modes: UnsafeBufferPointer(start: v.modes, count: Int(v.count_modes)).map(DRMMode.init),
                physicalSizeMM: (Int(v.mmWidth), Int(v.mmHeight)),
                encoderIDs: encoders, currentEncoderID: current,
                possibleCRTCs: crtcsInMask(mask),
                currentCRTC: current.flatMap { encoderCRTC[$0] }))
        }

        var planes: [DRMPlaneInfo] = []
        if let pres = drmModeGetPlaneResources(fd) {
            defer { drmModeFreePlaneResources(pres) }
            for id in UnsafeBufferPointer(start: pres.pointee.planes, count: Int(pres.pointee.count_planes)) {
                guard let p = drmModeGetPlane(fd, id) else { continue }
                defer { drmModeFreePlane(p) }
                let v = p.pointee
                let props = drmObjectProperties(fd: fd, object: id, type: UInt32(DRM_MODE_OBJECT_PLANE))
                let kind: DRMPlaneInfo.Kind = switch props["type"]?.value {
                case 0: .overlay
                case 1: .primary
                case 2: .cursor
                default: .unknown
                }
                planes.append(DRMPlaneInfo(
                    id: id, kind: kind,
                    formats: UnsafeBufferPointer(start: v.formats, count: Int(v.count_formats)).map(fourccString),
                    possibleCRTCs: crtcsInMask(v.possible_crtcs),
                    currentCRTC: v.crtc_id == 0 ? nil : v.crtc_id,
                    framebufferID: v.fb_id == 0 ? nil : v.fb_id,
                    rotations: props["rotation"]?.enumNames ?? []))
            }
        }
        return DRMResources(connectors: connectors, crtcs: crtcs, planes: planes)
    }
}

/// One property of a KMS object: its id, current value and (for enum and bitmask properties)
/// the names of its values.
struct DRMPropertyValue {
    var id: UInt32
    var value: UInt64
    var enumNames: [String]
    var enumValues: [String: UInt64]
}

/// The properties of a KMS object by name (`drmModeObjectGetProperties`, `drmModeGetProperty`).
func drmObjectProperties(fd: Int32, object: UInt32, type: UInt32) -> [String: DRMPropertyValue] {
    guard let props = drmModeObjectGetProperties(fd, object, type) else { return [:] }
    defer { drmModeFreeObjectProperties(props) }
    var out: [String: DRMPropertyValue] = [:]
    for i in 0..<Int(props.pointee.count_props) {
        guard let prop = drmModeGetProperty(fd, props.pointee.props[i]) else { continue }
        defer { drmModeFreeProperty(prop) }
        let name = withUnsafeBytes(of: prop.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        var names: [String] = [], values: [String: UInt64] = [:]
        for e in UnsafeBufferPointer(start: prop.pointee.enums, count: Int(prop.pointee.count_enums)) {
            let n = withUnsafeBytes(of: e.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            names.append(n); values[n] = e.value
        }
        out[name] = DRMPropertyValue(id: prop.pointee.prop_id, value: props.pointee.prop_values[i],
                                     enumNames: names, enumValues: values)
    }
    return out
}

/// `XR24` for DRM_FORMAT_XRGB8888: the four characters of a fourcc code.
func fourccString(_ code: UInt32) -> String {
    let bytes = (0..<4).map { UInt8((code >> (8 * UInt32($0))) & 0xFF) }
    return String(decoding: bytes.map { $0 >= 32 && $0 < 127 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
}

/// The fourcc code of four characters, e.g. `fourcc("XR24")`.
func fourcc(_ s: StaticString) -> UInt32 {
    precondition(s.utf8CodeUnitCount == 4, "a fourcc has four characters")
    let p = s.utf8Start
    return UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24
}
#endif
