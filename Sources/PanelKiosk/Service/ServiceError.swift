#if canImport(Glibc)
import Glibc
#endif

/// A failed system call of the service layer (sockets, sysfs, the VT), naming the call, the
/// file or device it was about, and the errno text, e.g.
/// "bind /run/panel-kiosk/control.sock: Address already in use".
struct ServiceError: Error, Equatable, CustomStringConvertible, Sendable {
    var operation: String
    var path: String
    /// The errno value, or nil when the problem is not a failed call (a bad value read from a
    /// file, a path that is too long).
    var errno: Int32?
    /// Used instead of the errno text when `errno` is nil.
    var detail: String?

    init(_ operation: String, _ path: String, errno: Int32) {
        self.operation = operation
        self.path = path
        self.errno = errno
        self.detail = nil
    }

    init(_ operation: String, _ path: String, detail: String) {
        self.operation = operation
        self.path = path
        self.errno = nil
        self.detail = detail
    }

    /// The error of the call that just failed (reads the thread's `errno`).
    static func last(_ operation: String, _ path: String) -> ServiceError {
        ServiceError(operation, path, errno: Glibc.errno)
    }

    var description: String {
        let why = errno.map { String(cString: strerror($0)) } ?? detail ?? "failed"
        return "\(operation) \(path): \(why)"
    }
}

/// Retries a system call that failed with EINTR; returns its result otherwise.
@inline(__always)
func retryingEINTR<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let r = call()
        if r == -1 && Glibc.errno == EINTR { continue }
        return r
    }
}
