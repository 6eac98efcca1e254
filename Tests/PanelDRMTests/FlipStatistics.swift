#if canImport(Glibc)
import Glibc
import PanelRenderer
@testable import PanelDRM

/// The page-flip timing test's figures (`DRMOutputVMTests`), in the shape `run --stats`
/// reports: flip intervals from the kernel's vblank timestamps, missed vblanks, render times
/// and the time to the first flip.
public struct FlipStatistics: Sendable {
    public var device: String
    public var driver: String
    public var connector: String
    public var mode: String
    /// CLOCK_MONOTONIC nanoseconds the process started at (`processStartNanoseconds()`).
    public var processStart: UInt64
    public private(set) var frames = 0
    public private(set) var flips = 0
    /// Sequence gaps (see `FlipEvent.missedVblanks`): meaningful while frames are rendered
    /// continuously, as in `run --frames N`.
    public private(set) var missedVblanks = 0
    public private(set) var firstFlip: UInt64?
    private var lastFlip: UInt64?
    public private(set) var intervalsMs: [Double] = []
    public private(set) var renderMs: [Double] = []

    public init(output: DRMOutput, processStart: UInt64 = processStartNanoseconds()) {
        device = output.devicePath; driver = output.driver; connector = output.connectorName
        mode = output.mode.description; self.processStart = processStart
        intervalsMs.reserveCapacity(1024); renderMs.reserveCapacity(1024)
    }

    /// One frame rendered (and presented) in `nanoseconds`.
    public mutating func recordRender(nanoseconds: UInt64) {
        frames += 1
        renderMs.append(Double(nanoseconds) / 1e6)
    }

    public mutating func record(_ flip: FlipEvent) {
        flips += 1
        missedVblanks += flip.missedVblanks
        if firstFlip == nil { firstFlip = flip.timestamp }
        if let lastFlip { intervalsMs.append(Double(flip.timestamp &- lastFlip) / 1e6) }
        lastFlip = flip.timestamp
    }

    /// The `p`-quantile (0...1) of `values`, nearest rank; 0 when empty.
    public static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    public var intervalMean: Double { intervalsMs.isEmpty ? 0 : intervalsMs.reduce(0, +) / Double(intervalsMs.count) }
    public var intervalP50: Double { Self.percentile(intervalsMs, 0.5) }
    public var intervalP99: Double { Self.percentile(intervalsMs, 0.99) }
    public var intervalMax: Double { intervalsMs.max() ?? 0 }
    public var firstFlipMs: Double? {
        firstFlip.map { $0 > processStart ? Double($0 - processStart) / 1e6 : 0 }
    }

    /// The run-statistics JSON object (docs/formats.md, Run statistics), one line.
    public var json: String {
        func n(_ v: Double) -> String {
            let r = (v * 1000).rounded() / 1000
            return r == r.rounded() ? String(Int(r)) : String(r)
        }
        func s(_ v: String) -> String {
            var out = "\""
            for ch in v.unicodeScalars {
                switch ch {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where ch.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(ch.value, radix: 16).count) + String(ch.value, radix: 16)
                default: out.unicodeScalars.append(ch)
                }
            }
            return out + "\""
        }
        return "{\"device\": \(s(device)), \"driver\": \(s(driver)), \"connector\": \(s(connector)), "
            + "\"mode\": \(s(mode)), \"frames\": \(frames), \"flips\": \(flips), \"missed_vblanks\": \(missedVblanks), "
            + "\"flip_interval_ms\": {\"mean\": \(n(intervalMean)), \"p50\": \(n(intervalP50)), "
            + "\"p99\": \(n(intervalP99)), \"max\": \(n(intervalMax))}, "
            + "\"render_ms\": {\"p50\": \(n(Self.percentile(renderMs, 0.5))), \"p99\": \(n(Self.percentile(renderMs, 0.99)))}, "
            + "\"first_flip_ms\": \(firstFlipMs.map(n) ?? "null")}"
    }
}

/// When this process started, on CLOCK_MONOTONIC (from /proc/self/stat's start time, which
/// counts clock ticks since boot; CLOCK_BOOTTIME converts it). Now, if that cannot be read.
public func processStartNanoseconds() -> UInt64 {
    let now = monotonicNanoseconds()
    guard let f = fopen("/proc/self/stat", "r") else { return now }
    defer { fclose(f) }
    var buf = [CChar](repeating: 0, count: 1024)
    guard fgets(&buf, Int32(buf.count), f) != nil else { return now }
    let line = String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // Fields after the command name (which may contain spaces) start at field 3.
    guard let close = line.lastIndex(of: ")") else { return now }
    let fields = line[line.index(after: close)...].split(separator: " ")
    guard fields.count > 19, let ticks = UInt64(fields[19]) else { return now }
    let hz = UInt64(max(1, sysconf(Int32(_SC_CLK_TCK))))
    var boot = timespec()
    clock_gettime(CLOCK_BOOTTIME, &boot)
    let bootNow = UInt64(boot.tv_sec) * 1_000_000_000 + UInt64(boot.tv_nsec)
    let startBoot = ticks * (1_000_000_000 / hz)
    guard bootNow >= startBoot else { return now }
    let age = bootNow - startBoot
    return now > age ? now - age : 0
}
#endif
