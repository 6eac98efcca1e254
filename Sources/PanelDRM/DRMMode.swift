#if canImport(Glibc)
import CDRM

/// A display mode as the kernel lists it (a copy of `drmModeModeInfo`).
public struct DRMMode: Sendable, CustomStringConvertible {
    public var width: Int { Int(info.hdisplay) }
    public var height: Int { Int(info.vdisplay) }
    /// The refresh rate in mHz, computed from the pixel clock and totals (59940 for 59.94 Hz);
    /// the kernel's rounded `vrefresh` when the totals are missing.
    public var refreshMilliHz: Int {
        let htotal = Int(info.htotal), vtotal = Int(info.vtotal)
        guard htotal > 0, vtotal > 0 else { return Int(info.vrefresh) * 1000 }
        var rate = Int(info.clock) * 1_000_000 / htotal / vtotal
        if info.flags & 0x10 != 0 { rate *= 2 }        // DRM_MODE_FLAG_INTERLACE
        if info.flags & 0x20 != 0 { rate /= 2 }        // DRM_MODE_FLAG_DBLSCAN
        return rate
    }
    /// Refresh rounded to whole Hz, as in `WxH@Hz`.
    public var refreshHz: Int { (refreshMilliHz + 500) / 1000 }
    /// The time between vblanks, in nanoseconds.
    public var frameIntervalNanoseconds: UInt64 {
        refreshMilliHz > 0 ? UInt64(1_000_000_000_000 / refreshMilliHz) : 16_666_667
    }
    /// The driver marks it preferred (`DRM_MODE_TYPE_PREFERRED`): the panel's native mode.
    public var isPreferred: Bool { info.type & 0x8 != 0 }
    /// The kernel's name for it, usually `1024x768`.
    public var name: String {
        withUnsafeBytes(of: info.name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
    /// `1024x768@60`, the spelling board files use.
    public var description: String { "\(width)x\(height)@\(refreshHz)" }

    /// The kernel's structure, for drmModeSetCrtc.
    public internal(set) var info: drmModeModeInfo

    public init(_ info: drmModeModeInfo) { self.info = info }

    /// Same timing (all fields but the name and type flags).
    public func sameTiming(as o: DRMMode) -> Bool {
        let a = info, b = o.info
        return a.clock == b.clock && a.hdisplay == b.hdisplay && a.hsync_start == b.hsync_start
            && a.hsync_end == b.hsync_end && a.htotal == b.htotal && a.vdisplay == b.vdisplay
            && a.vsync_start == b.vsync_start && a.vsync_end == b.vsync_end && a.vtotal == b.vtotal
            && a.flags == b.flags
    }
}

/// What the board file asks for: `auto`, `WxH` or `WxH@Hz`.
public enum DRMModeRequest: Sendable, Equatable, CustomStringConvertible {
    /// The preferred mode, else the largest.
    case auto
    /// This size; at this refresh (whole Hz) when given, else the highest refresh.
    case size(width: Int, height: Int, hz: Int?)

    /// Parses `auto`, `1024x768` or `1024x768@60`; nil when it is none of these.
    public init?(parsing text: String) {
        let t = drmTrimmed(text).lowercased()
        if t == "auto" || t.isEmpty { self = .auto; return }
        let parts = t.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let dims = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard dims.count == 2, let w = Int(dims[0]), let h = Int(dims[1]), w > 0, h > 0 else { return nil }
        var hz: Int?
        if parts.count == 2 {
            guard let r = Double(parts[1]), r > 0 else { return nil }
            hz = Int(r.rounded())
        }
        self = .size(width: w, height: h, hz: hz)
    }

    public var description: String {
        switch self {
        case .auto: return "auto"
        case let .size(w, h, hz?): return "\(w)x\(h)@\(hz)"
        case let .size(w, h, nil): return "\(w)x\(h)"
        }
    }

    /// The mode this request picks from a connector's list, nil when none fits.
    public func pick(from modes: [DRMMode]) -> DRMMode? {
        switch self {
        case .auto:
            if let p = modes.first(where: \.isPreferred) { return p }
            return modes.max { ($0.width * $0.height, $0.refreshMilliHz) < ($1.width * $1.height, $1.refreshMilliHz) }
        case let .size(w, h, hz):
            let sized = modes.filter { $0.width == w && $0.height == h }
            if let hz { return sized.first { $0.refreshHz == hz } }
            return sized.first(where: \.isPreferred) ?? sized.max { $0.refreshMilliHz < $1.refreshMilliHz }
        }
    }
}

/// `text` without leading and trailing whitespace (board-file values).
func drmTrimmed(_ text: String) -> String {
    var s = Substring(text)
    while let f = s.first, f.isWhitespace { s.removeFirst() }
    while let l = s.last, l.isWhitespace { s.removeLast() }
    return String(s)
}
#endif
