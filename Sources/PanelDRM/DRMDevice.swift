#if canImport(Glibc)
import Glibc
import CDRM

/// An open DRM device node: the one owner of its file descriptor. `close()` (or deinit) closes
/// it; everything that needs the descriptor borrows it through `descriptor()` while the device
/// is open. Dumb buffers and outputs keep a reference to their device, so it outlives them.
public final class DRMDevice {
    /// The path it was opened with (a by-path name stays as given).
    public let path: String
    private var fd: Int32?
    let site: DRMErrorSite
    /// The calls that acquire and release; replaced in tests.
    let calls: DRMCalls

    /// Opens `path` read-write, non-blocking and close-on-exec (`open(2)`).
    ///
    /// The kernel makes the first opener of a primary node DRM master when nobody holds it.
    /// With `master: false` that is given back at once (`drmDropMaster`), so a reader never
    /// stops a renderer from modesetting. With `master: true` it becomes master
    /// (`drmSetMaster`) or fails naming who to blame.
    public convenience init(path: String, master: Bool) throws(DRMError) {
        try self.init(path: path, master: master, calls: .system)
    }

    init(path: String, master: Bool, calls: DRMCalls) throws(DRMError) {
        self.path = path
        self.calls = calls
        site = DRMErrorSite(device: path)
        let opened = try site.call("open") { calls.open(path) }
        fd = opened
        if master {
            if !calls.isMaster(opened) {
                let r = calls.setMaster(opened)
                if r != 0 {
                    let e = r < -1 ? -r : Glibc.errno
                    _ = calls.close(opened); fd = nil
                    throw site.error("drmSetMaster", errno: e,
                                     detail: "another process (a compositor or another kiosk) holds the display")
                }
            }
        } else if calls.isMaster(opened) {
            _ = calls.dropMaster(opened)
        }
    }

    deinit { close() }

    /// Closes the descriptor (not retried on EINTR: on Linux it is gone either way). Idempotent.
    public func close() {
        guard let fd else { return }
        self.fd = nil
        _ = calls.close(fd)
    }

    public var isOpen: Bool { fd != nil }

    /// The descriptor, for poll/epoll and for the calls of this layer.
    public func descriptor() throws(DRMError) -> Int32 {
        guard let fd else { throw site.error("use", detail: "the device is closed") }
        return fd
    }

    /// Whether this descriptor is DRM master now (`drmIsMaster`).
    public var isMaster: Bool { fd.map { calls.isMaster($0) } ?? false }

    /// Gives up DRM master (`drmDropMaster`), e.g. before handing the display to someone else.
    public func dropMaster() throws(DRMError) {
        let fd = try descriptor()
        try site.call("drmDropMaster") { calls.dropMaster(fd) }
    }

    /// The kernel driver's name (`drmGetVersion`), e.g. `vkms`, `vc4`, `i915`.
    public func driverName() throws(DRMError) -> String {
        let fd = try descriptor()
        guard let v = drmGetVersion(fd) else { throw site.error("drmGetVersion", errno: Glibc.errno) }
        defer { drmFreeVersion(v) }
        guard let name = v.pointee.name else { return "unknown" }
        return String(cString: name)
    }

    /// A DRM capability value (`drmGetCap`), nil when the kernel does not know it.
    public func capability(_ cap: UInt64) -> UInt64? {
        guard let fd else { return nil }
        var value: UInt64 = 0
        return drmGetCap(fd, cap, &value) == 0 ? value : nil
    }

    /// Asks for a client capability (`drmSetClientCap`); false when the kernel refuses it.
    @discardableResult
    public func enableClientCapability(_ cap: UInt64) -> Bool {
        guard let fd else { return false }
        return drmSetClientCap(fd, cap, 1) == 0
    }

    /// Whether the node does modesetting (`drmIsKMS`): render-only GPUs do not.
    public var isKMS: Bool { fd.map { drmIsKMS($0) != 0 } ?? false }
}

/// Primary nodes (`/dev/dri/cardN`) of the DRM devices the kernel has, in libdrm's order
/// (`drmGetDevices2`). Render-only nodes are left out; whether a node can drive a display is
/// for `DRMResources` to say.
public func drmPrimaryNodes() throws(DRMError) -> [String] {
    let count = drmGetDevices2(0, nil, 0)
    // No /dev/dri at all: no DRM driver has loaded yet (a DSI panel's driver still probing,
    // a board booted without its display). That is no device, which `run` waits for; as an
    // error it stopped the kiosk at once although wait_for_display was on.
    if count == -ENOENT { return [] }
    if count < 0 {
        throw DRMError(operation: "drmGetDevices2", device: "/dev/dri", errno: -count)
    }
    if count == 0 { return [] }
    var devices = [drmDevicePtr?](repeating: nil, count: Int(count))
    let got = drmGetDevices2(0, &devices, count)
    if got < 0 {
        throw DRMError(operation: "drmGetDevices2", device: "/dev/dri", errno: -got)
    }
    defer { drmFreeDevices(&devices, got) }
    var nodes: [String] = []
    for case let device? in devices.prefix(Int(got)) {
        let d = device.pointee
        guard d.available_nodes & (1 << DRM_NODE_PRIMARY) != 0,
              let path = d.nodes[Int(DRM_NODE_PRIMARY)] else { continue }
        nodes.append(String(cString: path))
    }
    return nodes.sorted()
}
#endif
