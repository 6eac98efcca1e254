#if canImport(Glibc)
import Glibc
#endif

/// Writes a whole file so that a full disk, a kill or a reader never finds half of one at
/// its path: the bytes go to a hidden temporary file in the same folder, which is renamed
/// over the path once complete and removed when any step fails (an earlier good file stays).
///
/// A path that names something other than a regular file (a device such as `/dev/null` or
/// `/dev/stdout`, a FIFO) is written in place: renaming over it would replace the node
/// itself. A symbolic link is followed: the file it names is replaced, the link stays. A
/// file replaced keeps its permission bits.
package enum WholeFile {
    /// Why a file could not be written: `path` and the system's words.
    package struct WriteError: Error, CustomStringConvertible, Sendable {
        package var path: String
        package var reason: String
        package var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `bytes` to `path`; see the type's description.
    package static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws(WriteError) {
        var target = path
        var st = stat()
        if lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK {
            if let real = realpath(path, nil) {
                target = String(cString: real)
                free(real)
            } else if let named = linkTarget(path) {
                // A link to a file not made yet: make that file, as opening through it would.
                target = named
            }
        }
        let exists = stat(target, &st) == 0
        if exists, (st.st_mode & S_IFMT) == S_IFDIR { throw WriteError(path: path, reason: "it is a folder") }
        if exists, (st.st_mode & S_IFMT) != S_IFREG {
            try inPlace(bytes, path: target, shownAs: path)
            return
        }
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        let temporary = (folder.isEmpty ? "" : folder) + "/.\(name).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard fd >= 0 else { throw WriteError(path: path, reason: lastError()) }
        if exists { _ = fchmod(fd, st.st_mode & 0o7777) }
        do {
            try writeAll(fd, bytes, shownAs: path)
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        // A full disk may show only at close (NFS and some FUSE file systems write then).
        guard close(fd) == 0 else {
            let why = lastError()
            unlink(temporary)
            throw WriteError(path: path, reason: why)
        }
        guard rename(temporary, target) == 0 else {
            let why = lastError()
            unlink(temporary)
            throw WriteError(path: path, reason: why)
        }
    }

    /// Writes `bytes` to `path`; see the type's description.
    package static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        var result: Result<Void, WriteError> = .success(())
        bytes.withUnsafeBytes { b in
            do throws(WriteError) { try write(b, to: path) } catch { result = .failure(error) }
        }
        try result.get()
    }

    private static func inPlace(_ bytes: UnsafeRawBufferPointer, path: String, shownAs shown: String) throws(WriteError) {
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw WriteError(path: shown, reason: lastError()) }
        do { try writeAll(fd, bytes, shownAs: shown) } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw WriteError(path: shown, reason: lastError()) }
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, shownAs shown: String) throws(WriteError) {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n > 0 { offset += n; continue }
            if n < 0, errno == EINTR { continue }
            throw WriteError(path: shown, reason: n == 0 ? "nothing written" : lastError())
        }
    }

    /// Where the symbolic link at `path` points, relative to the link's folder.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let named = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if named.hasPrefix("/") { return named }
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        return folder + named
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
