#if canImport(Glibc)
import Glibc
import CDRM

/// What `panel-kiosk probe` says about one DRM device: read without taking DRM master, so it
/// is safe to run beside a running kiosk.
public struct DRMDeviceReport: Sendable {
    public var path: String
    /// `/dev/dri/by-path/` names pointing at this node (what board files can use).
    public var byPath: [String]
    public var driver: String?
    public var isKMS: Bool
    /// Whether the kernel accepts atomic modesetting from this client (DRM_CLIENT_CAP_ATOMIC).
    public var atomic: Bool
    /// Whether dumb buffers are offered (DRM_CAP_DUMB_BUFFER).
    public var dumbBuffers: Bool
    public var resources: DRMResources?
    /// Why the device could not be read, if it could not.
    public var error: String?

    /// Every primary node libdrm knows, each read once.
    public static func probeAll() -> (devices: [DRMDeviceReport], error: DRMError?) {
        let nodes: [String]
        do { nodes = try drmPrimaryNodes() } catch { return ([], error) }
        return (nodes.map(probe(path:)), nil)
    }

    /// Reads one node; failures land in `error`.
    public static func probe(path: String) -> DRMDeviceReport {
        var report = DRMDeviceReport(path: path, byPath: byPathNames(for: path), driver: nil, isKMS: false,
                                     atomic: false, dumbBuffers: false, resources: nil, error: nil)
        do {
            let device = try DRMDevice(path: path, master: false)
            defer { device.close() }
            report.driver = try? device.driverName()
            report.isKMS = device.isKMS
            report.dumbBuffers = (device.capability(UInt64(DRM_CAP_DUMB_BUFFER)) ?? 0) != 0
            report.atomic = device.enableClientCapability(UInt64(DRM_CLIENT_CAP_ATOMIC))
            if report.isKMS { report.resources = try DRMResources.read(device) }
        } catch {
            report.error = error.description
        }
        return report
    }

    /// The entries of /dev/dri/by-path that resolve to `path`.
    static func byPathNames(for path: String) -> [String] {
        let dir = "/dev/dri/by-path"
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        guard let target = realpath(path, nil) else { return [] }
        let want = String(cString: target)
        free(target)
        var names: [String] = []
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != "..", let r = realpath(dir + "/" + name, nil) else { continue }
            if String(cString: r) == want { names.append(name) }
            free(r)
        }
        return names.sorted()
    }
}
#endif
