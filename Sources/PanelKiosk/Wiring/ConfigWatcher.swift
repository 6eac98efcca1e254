import CLinux
import DrawerRuntime
#if canImport(Glibc)
import Glibc
#endif

/// Tells when an app or theme file was written or replaced. Watches the folders, not the
/// files, because editors and deploy tools replace a file by renaming a new one over it.
final class ConfigWatcher {
    let fd: Int32
    private var watched: [Int32: (dir: String, names: Set<String>)] = [:]

    init(files: [String]) throws(SystemError) {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw SystemError("inotify_init1") }
        var byDir: [String: Set<String>] = [:]
        for f in files {
            let slash = f.lastIndex(of: "/")
            let dir = slash.map { String(f[..<$0]) } ?? "."
            let name = slash.map { String(f[f.index(after: $0)...]) } ?? f
            byDir[dir.isEmpty ? "/" : dir, default: []].insert(name)
        }
        for (dir, names) in byDir {
            let wd = inotify_add_watch(fd, dir, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE))
            // Every property is set by now, so the throw runs deinit, which closes `fd`:
            // closing it here too would close whatever descriptor took its number meanwhile.
            guard wd >= 0 else { throw SystemError("inotify_add_watch(\(dir))") }
            watched[wd] = (dir, names)
        }
    }
    deinit { close(fd) }

    /// Drains the descriptor; true when one of the files changed.
    func changed() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var hit = false
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let (wd, len) = buffer.withUnsafeBytes { raw -> (Int32, Int) in
                    let ev = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (ev.wd, Int(ev.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[nameStart..<min(n, nameStart + len)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if let w = watched[wd], w.names.contains(name) { hit = true }
                offset = nameStart + len
            }
        }
        return hit
    }
}
