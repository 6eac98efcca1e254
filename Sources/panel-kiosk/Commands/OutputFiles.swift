import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// The files one command writes, named by its options: two options naming the same file
/// would leave one's output under the other's name (`--state o/final.png` once left the
/// state where `render` said it wrote the picture).
enum OutputFiles {
    /// Throws when two of `outputs` (an option and the path it names) are the same file.
    static func requireDistinct(_ outputs: [(option: String, path: String?)]) throws {
        var seen: [String: String] = [:]
        for (option, path) in outputs {
            guard let path, !path.isEmpty else { continue }
            let key = lexical(path)
            if let first = seen[key] {
                throw ValidationError("\(first) and \(option) name the same file, \(path)")
            }
            seen[key] = option
        }
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
