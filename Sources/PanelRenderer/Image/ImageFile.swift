/// File reading for image decoders, namespaced so it cannot collide with other helpers.
enum ImageFile {
    /// Reads a whole regular file into memory (never blocking on a FIFO or device); errors
    /// name the file and say why.
    static func readBytes(_ path: String, maxBytes: Int = 256 << 20) throws -> [UInt8] {
        do { return try RegularFile.read(path, maxBytes: maxBytes) } catch {
            throw ImageError(name: path, reason: error.reason)
        }
    }
}
