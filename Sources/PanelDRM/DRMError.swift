#if canImport(Glibc)
import Glibc

/// An error from the DRM/KMS output layer. It names the libdrm or system call that failed, the
/// device node and (when one was chosen) the connector, and carries the `errno`, so it reads
/// like "drmModeSetCrtc on /dev/dri/card0 (Virtual-1): Permission denied".
public struct DRMError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call or step that failed, e.g. `drmModePageFlip` or `select connector`.
    public var operation: String
    /// The device node, e.g. `/dev/dri/card0`, or `drmGetDevices2` for enumeration.
    public var device: String
    /// The connector's name (`HDMI-A-1`, `Virtual-1`) when one is involved.
    public var connector: String?
    /// The system error, when the failure came with one.
    public var errno: Int32?
    /// What went wrong when there is no errno, or extra advice when there is one.
    public var detail: String?
    /// No display to drive yet: no DRM device, the device node not there, or no connected
    /// connector. A kiosk may wait for a hotplug instead of failing (`run` does).
    public var displayAbsent: Bool

    public init(operation: String, device: String, connector: String? = nil,
                errno: Int32? = nil, detail: String? = nil, displayAbsent: Bool = false) {
        self.operation = operation; self.device = device; self.connector = connector
        self.errno = errno; self.detail = detail; self.displayAbsent = displayAbsent
    }

    public var description: String {
        var s = "\(operation) on \(device)"
        if let connector { s += " (\(connector))" }
        s += ": "
        if let errno { s += String(cString: strerror(errno)) }
        if let detail { s += (errno == nil ? "" : "; ") + detail } else if errno == ENODEV {
            s += "; the display device is gone (unplugged, or its driver was unbound)"
        }
        return s
    }
}

/// Where a call happened, so errors can be built without repeating the device and connector.
struct DRMErrorSite: Sendable {
    var device: String
    var connector: String?

    func error(_ operation: String, errno: Int32? = nil, detail: String? = nil) -> DRMError {
        DRMError(operation: operation, device: device, connector: connector, errno: errno, detail: detail)
    }

    /// Runs a libdrm or system call, retrying it while it fails with EINTR (the one place that
    /// does). Accepts both conventions libdrm mixes: -1 with `errno` set (drmIoctl, read) and a
    /// negative errno returned directly (the drmMode* ioctl wrappers). Returns the result when it
    /// is not negative.
    @discardableResult
    func call(_ operation: String, _ body: () -> Int32) throws(DRMError) -> Int32 {
        while true {
            let r = body()
            if r >= 0 { return r }
            let code = r < -1 ? -r : Glibc.errno
            if code == EINTR { continue }
            throw error(operation, errno: code)
        }
    }
}
#endif
