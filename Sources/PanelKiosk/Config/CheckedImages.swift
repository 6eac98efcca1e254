import PanelRenderer
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Pictures decoded while an app file was checked (`checkImage` decodes every one, so a
/// corrupt PNG is found at its key), handed to the scene built from that file next, so each
/// is decoded once at start-up and at a reload instead of twice (a 1920x1080 background
/// costs some tens of ms per decode on a small board).
///
/// A picture is handed over only when its file is still the one decoded (same inode, size
/// and modification time, taken before decoding); a file replaced since is decoded again.
/// Bounded: at most `budgetBytes` of pixels wait (more are not kept), and a picture leaves
/// when it is taken.
enum CheckedImages {
    /// What identifies a file's content closely enough: a feeder that rewrites a picture in
    /// place changes its modification time.
    private struct Stamp: Equatable { var inode: UInt64; var size: Int64; var mtimeNS: Int64 }
    private struct Waiting { var stamp: Stamp; var pixmap: Pixmap }
    private struct State { var images: [String: Waiting] = [:]; var bytes = 0 }

    static let budgetBytes = 64 << 20
    private static let state = Mutex(State())

    private static func fileStamp(_ path: String) -> Stamp? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return Stamp(inode: UInt64(st.st_ino), size: Int64(st.st_size),
                     mtimeNS: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec))
    }

    /// Decodes the PNG at `path` as `check` must, keeping the pixels for the scene.
    static func decode(_ path: String) throws -> Pixmap {
        let before = fileStamp(path)
        let pixmap = try PNGCodec.decode(path: path)
        if let before { keep(pixmap, path: path, stamp: before) }
        return pixmap
    }

    private static func keep(_ pixmap: Pixmap, path: String, stamp: Stamp) {
        let bytes = pixmap.width * pixmap.height * 4
        state.withLock { s in
            if let old = s.images.removeValue(forKey: path) { s.bytes -= old.pixmap.width * old.pixmap.height * 4 }
            guard s.bytes + bytes <= budgetBytes else { return }
            s.images[path] = Waiting(stamp: stamp, pixmap: pixmap)
            s.bytes += bytes
        }
    }

    /// The pixels decoded from `path` at its check, if the file has not changed since; they
    /// leave the store either way.
    static func take(_ path: String) -> Pixmap? {
        let now = fileStamp(path)
        return state.withLock { s -> Pixmap? in
            guard let w = s.images.removeValue(forKey: path) else { return nil }
            s.bytes -= w.pixmap.width * w.pixmap.height * 4
            return w.stamp == now ? w.pixmap : nil
        }
    }

    /// How many bytes of pixels wait (for tests).
    static var waitingBytes: Int { state.withLock { $0.bytes } }
}
