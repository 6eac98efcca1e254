#if canImport(Glibc)
import PanelRenderer
import Glibc

/// What a board file's `[display]` table asks of the output (docs/config.md, Board file).
/// Who turns frames for a rotated panel.
public enum RotationPlace: String, Sendable, Equatable, CaseIterable {
    /// The plane where it offers the rotation and the kernel accepts it (a TEST_ONLY commit);
    /// otherwise the copy. (The Pi's vc4 planes do 180 but not 90/270.)
    case auto
    /// Only the plane: opening fails when it cannot.
    case plane
    /// Always in the copy to the scanout buffer.
    case copy
}

public struct DRMOutputConfiguration: Sendable, Equatable {
    public enum Device: Sendable, Equatable {
        /// The first primary node with a connected connector.
        case auto
        /// A device path (`/dev/dri/card1`) or a `/dev/dri/by-path/` name.
        case path(String)
    }
    public enum Connector: Sendable, Equatable {
        /// The first connected connector (writeback connectors never count).
        case auto
        /// A name as modetest and the kernel spell it (`HDMI-A-1`, `DSI-1`, `Virtual-1`).
        case named(String)
    }

    public var device: Device
    public var connector: Connector
    public var mode: DRMModeRequest
    public var rotation: DisplayRotation
    public var format: ScanoutFormat
    /// 2 (double buffering) or 3 (a frame can be ready while a flip is pending).
    public var bufferCount: Int
    /// Atomic or legacy modesetting (`auto`: atomic where offered).
    public var commitMode: DRMCommitMode
    /// Where a rotated frame is turned: by the primary plane, or in the copy to the buffer.
    public var rotateIn: RotationPlace

    public init(device: Device = .auto, connector: Connector = .auto, mode: DRMModeRequest = .auto,
                rotation: DisplayRotation = .rotate0, format: ScanoutFormat = .xrgb8888,
                bufferCount: Int = 2, commitMode: DRMCommitMode = .auto, rotateIn: RotationPlace = .auto) {
        self.device = device; self.connector = connector; self.mode = mode
        self.rotation = rotation; self.format = format; self.bufferCount = bufferCount
        self.commitMode = commitMode; self.rotateIn = rotateIn
    }

    /// From a board file's strings: `device` (`auto`, a path or a by-path name), `connector`
    /// (`auto` or a name), `mode` (`auto`, `WxH`, `WxH@Hz`), rotation in degrees. Nil with a
    /// reason when one of them is malformed.
    public static func parse(device: String, connector: String, mode: String, rotation: Int = 0,
                             format: ScanoutFormat = .xrgb8888, bufferCount: Int = 2)
        -> Result<DRMOutputConfiguration, DRMConfigurationError> {
        let d = drmTrimmed(device), c = drmTrimmed(connector)
        let dev: Device
        if d.isEmpty || d == "auto" { dev = .auto }
        else if d.contains("/") { dev = .path(d) }
        else { dev = .path("/dev/dri/by-path/" + d) }
        guard let m = DRMModeRequest(parsing: mode) else {
            return .failure(DRMConfigurationError(field: "mode", message: "'\(mode)' is not auto, WxH or WxH@Hz"))
        }
        guard let rot = DisplayRotation(rawValue: rotation) else {
            return .failure(DRMConfigurationError(field: "rotation", message: "\(rotation) is not 0, 90, 180 or 270"))
        }
        guard bufferCount == 2 || bufferCount == 3 else {
            return .failure(DRMConfigurationError(field: "buffers", message: "\(bufferCount) is not 2 or 3"))
        }
        return .success(DRMOutputConfiguration(
            device: dev, connector: c.isEmpty || c == "auto" ? .auto : .named(c), mode: m,
            rotation: rot, format: format, bufferCount: bufferCount))
    }
}

/// A malformed board-file value.
public struct DRMConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    public var field: String
    public var message: String
    public var description: String { "\(field): \(message)" }
}

/// The device, connector, mode and CRTC an output will drive.
public struct DRMSelection: Sendable {
    public var devicePath: String
    public var connector: DRMConnectorInfo
    public var mode: DRMMode
    public var crtc: DRMCrtcInfo
}

extension DRMOutputConfiguration {
    /// Device paths to try, in order: the configured one, or every primary node.
    func candidateDevices() throws(DRMError) -> [String] {
        switch device {
        case .path(let p): return [p]
        case .auto:
            let nodes = try drmPrimaryNodes()
            if nodes.isEmpty {
                throw DRMError(operation: "find a display", device: "/dev/dri",
                               detail: "no DRM device (is the KMS driver loaded? On a desktop or in a container: run --headless, or preview)", displayAbsent: true)
            }
            return nodes
        }
    }

    /// Picks connector, mode and CRTC from one device's resources (kmscube's order: the
    /// named or first connected connector; the requested, preferred or largest mode; the CRTC
    /// its current encoder drives, else the first its encoders can drive).
    func select(in res: DRMResources, devicePath: String) throws(DRMError) -> DRMSelection {
        let conn: DRMConnectorInfo
        switch connector {
        case .auto:
            guard let c = res.connected.first else {
                let seen = res.connectors.map { "\($0.name) \($0.status.rawValue)" }.joined(separator: ", ")
                throw DRMError(operation: "select connector", device: devicePath,
                               detail: "no connected connector (\(seen.isEmpty ? "none" : seen))", displayAbsent: true)
            }
            conn = c
        case .named(let name):
            guard let c = res.connector(named: name) else {
                let names = res.connectors.map(\.name).joined(separator: ", ")
                throw DRMError(operation: "select connector", device: devicePath, connector: name,
                               detail: "no such connector (this device has \(names.isEmpty ? "none" : names))")
            }
            guard c.status != .disconnected else {
                throw DRMError(operation: "select connector", device: devicePath, connector: name,
                               detail: "connector is disconnected", displayAbsent: true)
            }
            conn = c
        }
        guard let mode = self.mode.pick(from: conn.modes) else {
            let list = conn.modes.map(\.description).joined(separator: " ")
            throw DRMError(operation: "select mode", device: devicePath, connector: conn.name,
                           detail: "no mode \(self.mode) (offered: \(list.isEmpty ? "none" : list))")
        }
        let crtcID = conn.currentCRTC.flatMap { id in conn.possibleCRTCs.contains(id) ? id : nil }
            ?? conn.possibleCRTCs.first
        guard let crtcID, let crtc = res.crtc(id: crtcID) else {
            throw DRMError(operation: "select CRTC", device: devicePath, connector: conn.name,
                           detail: "no CRTC can drive this connector")
        }
        return DRMSelection(devicePath: devicePath, connector: conn, mode: mode, crtc: crtc)
    }
}
#endif
