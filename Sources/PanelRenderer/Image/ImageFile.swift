#if canImport(Glibc)
import Glibc
#endif

/// File reading for image decoders, namespaced so it cannot collide with other helpers.
enum ImageFile {
    /// Reads a whole regular file into memory; errors name the file and carry strerror text.
    static func readBytes(_ path: String, maxBytes: Int = 256 << 20) throws -> [UInt8] {
        guard let f = fopen(path, "rb") else {
            throw ImageError(name: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(f) }
        var st = stat()
        guard fstat(fileno(f), &st) == 0 else {
            throw ImageError(name: path, reason: String(cString: strerror(errno)))
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw ImageError(name: path, reason: "not a regular file") }
        let size = Int(st.st_size)
        guard size <= maxBytes else { throw ImageError(name: path, reason: "file too large (\(size) bytes)") }
        var bytes = [UInt8](repeating: 0, count: size)
        let got = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, size, f) }
        guard got == size else { throw ImageError(name: path, reason: "short read (\(got) of \(size) bytes)") }
        return bytes
    }
}
