#if canImport(Glibc)
import Glibc
#endif

/// Reading a file named by a user (an app file, theme, font, image, touch script) safely: it
/// must be a regular file, checked on the open descriptor before anything is read, and it is
/// opened without blocking, so a FIFO, a device or a directory given by mistake is an error
/// instead of a kiosk that hangs at start-up (`open` of a FIFO waits for a writer).
package enum RegularFile {
    /// Why a file cannot be read, for messages that go after the path ("not a regular file").
    package struct Problem: Error, CustomStringConvertible, Sendable {
        package var reason: String
        package var description: String { reason }
    }

    /// The whole file, at most `maxBytes` long.
    package static func read(_ path: String, maxBytes: Int) throws(Problem) -> [UInt8] {
        let (fd, size) = try openRegular(path)
        defer { close(fd) }
        guard size <= maxBytes else { throw Problem(reason: "too large (\(size) bytes; at most \(maxBytes))") }
        var bytes = [UInt8](repeating: 0, count: size)
        var got = 0
        while got < size {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + got, size - got) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            got += n
        }
        guard got == size else { throw Problem(reason: "short read (\(got) of \(size) bytes)") }
        return bytes
    }

    /// Whether `path` can be read as a regular file, without reading it (for libraries that
    /// open the file themselves, such as FreeType): the same checks as `read`.
    package static func check(_ path: String) throws(Problem) {
        let (fd, _) = try openRegular(path)
        close(fd)
    }

    private static func openRegular(_ path: String) throws(Problem) -> (fd: Int32, size: Int) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Problem(reason: String(cString: strerror(errno))) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let e = errno
            close(fd)
            throw Problem(reason: String(cString: strerror(e)))
        }
        let reason: String? = switch st.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "is a folder, not a file"
        case S_IFIFO: "is a FIFO, not a regular file"
        case S_IFCHR, S_IFBLK: "is a device, not a regular file"
        default: "not a regular file"
        }
        if let reason {
            close(fd)
            throw Problem(reason: reason)
        }
        return (fd, Int(st.st_size))
    }
}
