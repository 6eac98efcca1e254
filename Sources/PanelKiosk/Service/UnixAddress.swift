#if canImport(Glibc)
import Glibc
#endif

/// A `sockaddr_un` for a filesystem path or, when the name starts with '@', a Linux abstract
/// socket (the '@' stands for the leading NUL byte, as in NOTIFY_SOCKET and `ss -x`).
struct UnixAddress: Sendable {
    let name: String
    private let bytes: [UInt8]          // the sun_path bytes, without a trailing NUL

    /// nil when the name is empty or does not fit in sun_path (108 bytes incl. the NUL).
    init?(_ name: String) {
        var b = Array(name.utf8)
        guard !b.isEmpty, !b.contains(0) else { return nil }
        if b[0] == UInt8(ascii: "@") { b[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)
        // A path needs room for its terminating NUL; an abstract name uses its exact length.
        guard b.count < capacity || (b[0] == 0 && b.count <= capacity) else { return nil }
        self.name = name
        self.bytes = b
    }

    var isAbstract: Bool { bytes.first == 0 }

    /// Calls `body` with the sockaddr and the exact length to pass to bind/connect/sendto.
    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var sa = sockaddr_un()
        sa.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &sa.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path)!
        // Abstract names are length-delimited; paths include the NUL.
        let len = socklen_t(pathOffset + bytes.count + (isAbstract ? 0 : 1))
        return withUnsafePointer(to: &sa) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, len) }
        }
    }
}
