import Glibc

/// When the kernel started this process, on CLOCK_MONOTONIC: what precedes `main` (the
/// dynamic loader mapping and relocating the binary and its libraries, the Swift runtime's
/// set-up) is part of the wait for the first frame too (`run --stats`, `before_main_ms`).
package enum ProcessStart {
    /// The start time from /proc/self/stat, in the kernel's clock ticks (10 ms steps, rounded
    /// down, so a time measured from it is up to 10 ms long); nil where there is no /proc.
    package static func monotonicNanoseconds() -> UInt64? {
        let fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var chunk = [UInt8](repeating: 0, count: 1024)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0, let ticks = startTicks(stat: String(decoding: chunk[..<n], as: UTF8.self)) else { return nil }
        let hz = sysconf(Int32(_SC_CLK_TCK))
        guard hz > 0 else { return nil }
        // The ticks count CLOCK_BOOTTIME (time since boot, suspend included).
        var boot = timespec(), mono = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        clock_gettime(CLOCK_MONOTONIC, &mono)
        let bootNS = Int64(boot.tv_sec) * 1_000_000_000 + Int64(boot.tv_nsec)
        let monoNS = Int64(mono.tv_sec) * 1_000_000_000 + Int64(mono.tv_nsec)
        let startBootNS = Int64(ticks) * (1_000_000_000 / Int64(hz))
        let start = startBootNS - (bootNS - monoNS)
        return start > 0 ? UInt64(start) : nil
    }

    /// Field 22 (`starttime`) of a /proc/<pid>/stat line. The command name (field 2) is in
    /// parentheses and may hold spaces and parentheses itself, so fields are counted from the
    /// last `)`.
    package static func startTicks(stat text: String) -> UInt64? {
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state), so field 22 is fields[19].
        guard fields.count > 19 else { return nil }
        return UInt64(fields[19])
    }
}
