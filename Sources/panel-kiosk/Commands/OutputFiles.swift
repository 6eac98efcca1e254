import ArgumentParser
import PanelKiosk
#if canImport(Glibc)
import Glibc
#endif

/// The files one command writes, named by its options: two options naming the same file
/// would leave one's output under the other's name (`--state o/final.png` once left the
/// state where `render` said it wrote the picture).
enum OutputFiles {
    /// Throws when two of `outputs` (an option and the path it names) are the same file, or
    /// when one of them is one of `inputs` (`--trace app.toml` overwrote the app file, and
    /// exited 0; an input is described as the message names it: "--config's file").
    /// Same file: the same path on its text, or the same inode when both exist.
    static func requireDistinct(_ outputs: [(option: String, path: String?)],
                                inputs: [(option: String, path: String?)] = []) throws {
        var seen: [String: String] = [:]
        for (option, path) in outputs {
            guard let path, !path.isEmpty else { continue }
            let key = lexical(path)
            if let first = seen[key] {
                throw ValidationError("\(first) and \(option) name the same file, \(path)")
            }
            seen[key] = option
            for (input, inputPath) in inputs {
                guard let inputPath, !inputPath.isEmpty else { continue }
                if lexical(inputPath) == key || sameInode(inputPath, path) {
                    throw ValidationError("\(option) names \(input), \(path): it would be overwritten")
                }
            }
        }
    }

    /// Throws when an output names a file the app file reads, known only once it is read: its
    /// theme and its data file (`render --state theme.toml` overwrote the theme, and exited 0).
    static func requireDistinct(_ outputs: [(option: String, path: String?)], fromFilesOf app: AppConfig) throws {
        try requireDistinct(outputs, inputs: [("the app's theme", app.themePath), ("the app's data file", app.dataFile)])
    }

    /// Throws when an output's folder does not exist or cannot be written: said at start, not
    /// when the file is written at exit (after a whole render, or at a kiosk's shutdown).
    /// Devices and FIFOs (`/dev/stdout`) are written in place and pass, and so does anything
    /// in `madeFolder` or below (render's --out, which it makes).
    static func requireFolders(_ outputs: [(option: String, path: String?)], madeFolder: String? = nil) throws {
        let made = madeFolder.map(lexical)
        for (option, path) in outputs {
            guard let path, !path.isEmpty else { continue }
            var st = stat()
            if stat(path, &st) == 0 {
                if (st.st_mode & S_IFMT) == S_IFDIR { throw ValidationError("\(option) names a folder, \(path); it wants a file") }
                if (st.st_mode & S_IFMT) != S_IFREG { continue }
            }
            let full = lexical(path)
            let folder = full.lastIndex(of: "/").map { $0 == full.startIndex ? "/" : String(full[..<$0]) } ?? "."
            if let made, folder == made || folder.hasPrefix(made + "/") { continue }
            guard stat(folder, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else {
                throw ValidationError("\(option): the folder \(folder) does not exist")
            }
            guard access(folder, W_OK) == 0 else {
                throw ValidationError("\(option): cannot write in \(folder): \(String(cString: strerror(errno)))")
            }
        }
    }

    private static func sameInode(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    /// The absolute path, with `.`, `..` and repeated slashes resolved on the text alone
    /// (the files need not exist yet).
    static func lexical(_ path: String) -> String {
        var parts: [Substring] = []
        if !path.hasPrefix("/") {
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let got = buffer.withUnsafeMutableBufferPointer { b in
                b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { getcwd($0, b.count) }
            }
            if got != nil {
                let cwd = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
                parts = cwd.split(separator: "/")
            }
        }
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
