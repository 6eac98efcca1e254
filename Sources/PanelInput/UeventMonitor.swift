#if canImport(Glibc)
import Glibc
import CLinux

/// One kernel uevent: "a device was added, removed or changed".
public struct Uevent: Equatable, Sendable {
    public var action: String
    public var devpath: String
    public var properties: [String: String]

    public var subsystem: String? { properties["SUBSYSTEM"] }
    /// The device number, for events about a device node.
    public var deviceNumber: DeviceNumber? {
        guard let major = properties["MAJOR"].flatMap(UInt32.init),
              let minor = properties["MINOR"].flatMap(UInt32.init) else { return nil }
        return DeviceNumber(major: major, minor: minor)
    }

    /// The kernel's wire format: "ACTION@DEVPATH", then NUL-separated KEY=VALUE pairs. nil for
    /// anything else (udevd's own "libudev" messages use another group and format).
    public static func parse(_ bytes: some Collection<UInt8>) -> Uevent? {
        let fields = bytes.split(separator: 0, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
        guard let header = fields.first, let at = header.firstIndex(of: "@") else { return nil }
        var props: [String: String] = [:]
        for f in fields.dropFirst() {
            guard let eq = f.firstIndex(of: "=") else { continue }
            props[String(f[..<eq])] = String(f[f.index(after: eq)...])
        }
        let action = String(header[..<at])
        guard !action.isEmpty, props["ACTION"].map({ $0 == action }) ?? true else { return nil }
        return Uevent(action: action, devpath: String(header[header.index(after: at)...]), properties: props)
    }
}

/// A character or block device's number (`st_rdev`), split as the kernel reports it in uevents.
public struct DeviceNumber: Hashable, Sendable, CustomStringConvertible {
    public var major: UInt32
    public var minor: UInt32
    public init(major: UInt32, minor: UInt32) { self.major = major; self.minor = minor }
    /// glibc's encoding of dev_t (gnu_dev_major/minor are macros Swift cannot import).
    public init(_ dev: dev_t) {
        let d = UInt64(dev)
        major = UInt32(truncatingIfNeeded: ((d >> 8) & 0xfff) | ((d >> 32) & ~UInt64(0xfff)))
        minor = UInt32(truncatingIfNeeded: (d & 0xff) | ((d >> 12) & ~UInt64(0xff)))
    }
    /// The device behind an open descriptor, if it is one.
    public init?(descriptor fd: Int32) {
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFCHR || (st.st_mode & S_IFMT) == S_IFBLK else { return nil }
        self.init(st.st_rdev)
    }
    public var description: String { "\(major):\(minor)" }
}

/// The kernel's uevents, straight from netlink (no udevd needed, so it works on images
/// without one): how the kiosk learns that its display device was unplugged or its driver
/// unbound while nothing was being drawn. Owns the socket; non-blocking, for the epoll loop.
public final class UeventMonitor {
    public let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: 8192)

    public init() throws(SystemError) {
        let fd = socket(AF_NETLINK, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
                        NETLINK_KOBJECT_UEVENT)
        guard fd >= 0 else { throw SystemError("socket(AF_NETLINK, NETLINK_KOBJECT_UEVENT)") }
        var addr = sockaddr_nl()
        addr.nl_family = sa_family_t(AF_NETLINK)
        addr.nl_groups = 1   // the kernel's own broadcast group
        let r = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_nl>.size)) }
        }
        guard r == 0 else { let e = SystemError("bind(NETLINK_KOBJECT_UEVENT)"); close(fd); throw e }
        self.fd = fd
    }
    deinit { close(fd) }

    /// The events that arrived, drained. Only the kernel's (sender port 0) count: any root
    /// process may send on this group.
    public func read() -> [Uevent] {
        var out: [Uevent] = []
        while true {
            var from = sockaddr_nl()
            var len = socklen_t(MemoryLayout<sockaddr_nl>.size)
            let n = buffer.withUnsafeMutableBytes { b in
                withUnsafeMutablePointer(to: &from) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { recvfrom(fd, b.baseAddress, b.count, 0, $0, &len) }
                }
            }
            if n < 0 { if errno == EINTR { continue }; return out }   // EAGAIN: drained; ENOBUFS: overrun
            guard n > 0 else { return out }
            if from.nl_pid == 0, let e = Uevent.parse(buffer[0..<n]) { out.append(e) }
        }
    }
}
#endif
