import Glibc

/// The kiosk's own memory as the kernel counts it (/proc/self/status): what `--stats` and the
/// package test report against the 40 MB budget at rest.
struct ProcessMemory: Equatable, Sendable {
    /// Resident set size now (VmRSS), KiB: heap, stacks, mapped frame buffers and the binary's
    /// touched pages.
    var residentKiB: Int
    /// The highest resident set size so far (VmHWM), KiB.
    var peakResidentKiB: Int

    /// Reads /proc/self/status; nil where there is none (not Linux, /proc not mounted).
    static func current() -> ProcessMemory? {
        // procfs reports size 0, so read until the end rather than by the file's size.
        let fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 64 << 10 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[..<n]
        }
        return parse(status: String(decoding: bytes, as: UTF8.self))
    }

    /// The two lines of a /proc/<pid>/status text, e.g. `VmRSS:\t   20980 kB`.
    static func parse(status text: String) -> ProcessMemory? {
        var rss: Int?, hwm: Int?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("VmRSS:") { rss = kib(line) } else if line.hasPrefix("VmHWM:") { hwm = kib(line) }
        }
        guard let rss else { return nil }
        return ProcessMemory(residentKiB: rss, peakResidentKiB: hwm ?? rss)
    }

    /// The number of `VmRSS:\t   20980 kB`.
    private static func kib(_ line: Substring) -> Int? {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
    }
}
