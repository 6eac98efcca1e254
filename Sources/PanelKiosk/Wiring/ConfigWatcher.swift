import CLinux
import DrawerRuntime
import PanelInput
#if canImport(Glibc)
import Glibc
#endif

/// Tells when an app, theme or data file was written or replaced. Watches the folders, not
/// the files, because editors and deploy tools replace a file by renaming a new one over it.
/// Each folder's parent is watched too: a folder removed and made again (a feeder's systemd
/// `RuntimeDirectory=` on every restart of the feeder, a deploy that swaps a folder) ended
/// its watch for good, and the data file was never applied again.
final class ConfigWatcher {
    let fd: Int32
    /// Watched folders: the names in each that matter.
    private var watched: [Int32: (dir: String, names: Set<String>)] = [:]
    /// Parents of the watched folders: which child name is which folder.
    private var parents: [Int32: [String: String]] = [:]
    private let namesByDir: [String: Set<String>]
    private let folderEvents: UInt32

    /// `removals`: a file deleted or moved away counts as a change too (the data file, whose
    /// loss is said; an app file is replaced by its editor, and a removal between its old
    /// and new copy would only make a reload fail for nothing).
    init(files: [String], removals: Bool = false) throws(SystemError) {
        folderEvents = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE_SELF | IN_MOVE_SELF)
            | (removals ? UInt32(IN_DELETE | IN_MOVED_FROM) : 0) | UInt32(IN_MASK_ADD)
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw SystemError("inotify_init1") }
        var byDir: [String: Set<String>] = [:]
        for f in files {
            let slash = f.lastIndex(of: "/")
            let dir = slash.map { String(f[..<$0]) } ?? "."
            let name = slash.map { String(f[f.index(after: $0)...]) } ?? f
            byDir[dir.isEmpty ? "/" : dir, default: []].insert(name)
        }
        namesByDir = byDir
        for (dir, names) in byDir {
            let wd = inotify_add_watch(fd, dir, folderEvents)
            // Every property is set by now, so the throw runs deinit, which closes `fd`:
            // closing it here too would close whatever descriptor took its number meanwhile.
            guard wd >= 0 else { throw SystemError("inotify_add_watch(\(dir))") }
            watched[wd] = (dir, names)
            if let (parent, child) = Self.parent(of: dir) {
                // IN_MASK_ADD: the parent may be a watched folder too (a theme in the app's
                // folder's themes/), whose own events must stay.
                let pwd = inotify_add_watch(fd, parent, UInt32(IN_CREATE | IN_MOVED_TO) | UInt32(IN_MASK_ADD))
                if pwd >= 0 { parents[pwd, default: [:]][child] = dir }
            }
        }
    }
    deinit { close(fd) }

    /// The folder holding `dir` and `dir`'s name in it; nil for `/`, `.` and `..`.
    static func parent(of dir: String) -> (String, String)? {
        var d = Substring(dir)
        while d.count > 1, d.hasSuffix("/") { d = d.dropLast() }
        guard d != "/", d != ".", d != "..", !d.hasSuffix("/."), !d.hasSuffix("/..") else { return nil }
        guard let slash = d.lastIndex(of: "/") else { return (".", String(d)) }
        let parent = d[..<slash]
        return (parent.isEmpty ? "/" : String(parent), String(d[d.index(after: slash)...]))
    }

    /// A file just made by open(O_CREAT) and not yet written: its IN_CLOSE_WRITE follows.
    /// Read now, a feeder that writes in place (not by rename) had its empty file reported
    /// as bad JSON at every start. (A symlink or a hard link, made whole, is read at once.)
    static func justCreatedEmpty(_ mask: UInt32, _ path: String) -> Bool {
        guard mask & UInt32(IN_CREATE) != 0, mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) == 0 else { return false }
        var st = stat()
        guard lstat(path, &st) == 0 else { return false }
        return (st.st_mode & S_IFMT) == S_IFREG && st.st_size == 0
    }

    /// Drains the descriptor; true when one of the files changed, or its folder came back
    /// (the file in the new folder may be new).
    func changed() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var hit = false
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let (wd, mask, len) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                    let ev = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (ev.wd, ev.mask, Int(ev.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[nameStart..<min(n, nameStart + len)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset = nameStart + len
                if let w = watched[wd] {
                    if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
                        // Gone, or moved away (a moved folder's watch would follow it).
                        if mask & UInt32(IN_MOVE_SELF) != 0 { _ = inotify_rm_watch(fd, wd) }
                        watched[wd] = nil
                    } else if w.names.contains(name), !Self.justCreatedEmpty(mask, w.dir + "/" + name) { hit = true }
                }
                if let dir = parents[wd]?[name], !watched.values.contains(where: { $0.dir == dir }) {
                    let again = inotify_add_watch(fd, dir, folderEvents)
                    if again >= 0 {
                        watched[again] = (dir, namesByDir[dir] ?? [])
                        hit = true
                    }
                }
            }
        }
        return hit
    }
}
