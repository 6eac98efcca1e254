import PanelRenderer

/// A board file (docs/config.md, Board file): the hardware a kiosk runs on.
public struct BoardConfig: Equatable, Sendable {
    enum Rotation: Int, Sendable, CaseIterable { case r0 = 0, r90 = 90, r180 = 180, r270 = 270 }
    package struct ModeRequest: Equatable, Sendable { package var width: Int; package var height: Int; package var refreshHz: Int? }

    var name = "default"
    // [display]
    var device = "auto"                 // `auto`, a path, or a /dev/dri/by-path/ name
    var driver: String?                 // with `auto`: only DRM devices of this kernel driver (vc4, drm-rp1-dsi, tilcdc)
    var connector = "auto"
    package var mode: ModeRequest?              // nil = auto (preferred, else largest)
    var rotation = Rotation.r0
    var scale = 1.0                     // pixels per point
    var physicalMM: Size?
    var pixelFormat = "xrgb8888"
    var buffers = 2
    var rotateIn = "auto"               // who turns rotated frames: "auto" (plane if it can), "plane", "copy"
    var waitForDisplay = true           // `run` with no display connected yet: wait for a hotplug (else fail)
    var frameDeadlineMS: Double?        // the late schedule's safety margin; nil = auto (adapts to missed vblanks)
    // [touch]
    var touchDevice = "auto"
    var calibration: [Double] = [1, 0, 0, 0, 1, 0]
    var touchRotation: Rotation?        // nil = follows the display
    var ignoreExtraFingers = true
    // [power]
    var backlight: String?              // sysfs directory or `auto` (Backlight.resolve); nil = none
    var blankAfterS: Double?            // nil or 0 = never
    var fadeS = 1.0                     // fade-out before the backlight goes off
    var idleResetS: Double?
    // [system]
    var stopServices: [String] = []

    /// The offscreen default (docs/formats.md, Command line): 800x480 at scale 1.
    static let offscreenDefault: BoardConfig = {
        var b = BoardConfig()
        b.name = "offscreen"
        b.mode = ModeRequest(width: 800, height: 480, refreshHz: 60)
        return b
    }()

    /// Every setting at its default (a board file with nothing in it).
    public init() {}

    /// Reads and checks a board file; throws every problem found, each naming its line.
    public static func load(path: String) throws(DiagnosticList) -> BoardConfig {
        try ConfigLoader.validated(path: path) { parse($0, sink: $1) }
    }

    package static func parse(_ root: ConfigNode, sink: DiagnosticSink) -> BoardConfig {
        var b = BoardConfig()
        guard var top = TableReader(root, name: "", sink: sink) else { return b }
        b.name = top.string("name") ?? {
            sink.error(root, "missing key 'name' (the board's name)"); return "unnamed"
        }()
        if var d = top.table("display") {
            b.device = d.string("device", default: "auto")
            b.driver = d.string("driver")
            b.connector = d.string("connector", default: "auto")
            if let m = d.raw("mode") {
                if case .string(let s) = m.value {
                    if s != "auto" {
                        if let parsed = parseMode(s), let why = PixelBudget.refusal(width: parsed.width, height: parsed.height) {
                            sink.error(m, "'mode' = '\(s)': \(why)")
                        } else if let parsed = parseMode(s) { b.mode = parsed } else {
                            sink.error(m, "'mode' = '\(s)' must be 'auto' or WIDTHxHEIGHT[@HZ], e.g. '1024x768@60'")
                        }
                    }
                } else { sink.error(m, "'mode' must be a string like '1024x768@60' or 'auto'") }
            }
            b.rotation = rotation(&d, "rotation") ?? .r0
            b.scale = d.double("scale", default: 1, range: 0.25...8)
            if let mm = d.numbers("physical_mm", count: 2) {
                // A panel is at most a few metres across (the largest signage walls are ~10 m);
                // 1e308 mm was accepted and made every millimetre-based length zero.
                if mm[0] > 0 && mm[1] > 0 && mm[0] <= 100_000 && mm[1] <= 100_000 { b.physicalMM = Size(mm[0], mm[1]) } else {
                    sink.error(d.place("physical_mm"), "'physical_mm' must be two positive numbers [width, height] in millimetres, each at most 100000 (100 m)")
                }
            }
            b.pixelFormat = d.choice("format", ["xrgb8888", "rgb565"]) ?? "xrgb8888"
            b.buffers = d.int("buffers", range: 2...3) ?? 2
            b.rotateIn = d.choice("rotate_in", ["auto", "plane", "copy"]) ?? "auto"
            b.waitForDisplay = d.bool("wait_for_display", default: true)
            b.frameDeadlineMS = frameDeadline(&d)
            d.finish()
        } else if !top.has("display") {
            sink.error(root, "missing table [display]")
        }
        if var t = top.table("touch") {
            b.touchDevice = t.string("device", default: "auto")
            if let c = t.numbers("calibration", count: 6) { b.calibration = c }
            b.touchRotation = rotation(&t, "rotation")
            b.ignoreExtraFingers = t.bool("ignore_extra_fingers", default: true)
            t.finish()
        }
        if var p = top.table("power") {
            if let bl = p.string("backlight"), bl != "none" { b.backlight = bl }
            b.blankAfterS = p.double("blank_after_s", range: 0...86400)
            b.fadeS = p.double("fade_s", default: 1, range: 0...10)
            b.idleResetS = p.double("idle_reset_s", range: 0...86400)
            p.finish()
        }
        if var s = top.table("system") {
            b.stopServices = s.strings("stop_services") ?? []
            s.finish()
        }
        top.finish()
        return b
    }

    /// `frame_deadline_ms`: `auto` (nil) or a margin in ms, 0...100.
    private static func frameDeadline(_ t: inout TableReader) -> Double? {
        guard let n = t.raw("frame_deadline_ms") else { return nil }
        let ms: Double
        switch n.value {
        case .string(let s):
            if s != "auto" { t.sink.error(n, "'frame_deadline_ms' must be 'auto' or a margin in milliseconds 0...100, found '\(s)'") }
            return nil
        case .int(let i): ms = Double(i)
        case .double(let d): ms = d
        case .bool, .array, .table, .other:
            t.sink.error(n, "'frame_deadline_ms' must be 'auto' or a margin in milliseconds 0...100, found \(n.typeName)")
            return nil
        }
        guard ms.isFinite && (0...100).contains(ms) else {
            t.sink.error(n, "'frame_deadline_ms' = \(ms) is out of range 0...100 (milliseconds, or 'auto')")
            return nil
        }
        return ms
    }

    private static func rotation(_ t: inout TableReader, _ key: String) -> Rotation? {
        guard let n = t.raw(key) else { return nil }
        if case .int(let v) = n.value, let r = Rotation(rawValue: v) { return r }
        t.sink.error(n, "'\(key)' must be 0, 90, 180 or 270")
        return nil
    }

    package static func parseMode(_ s: String) -> ModeRequest? {
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let wh = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard wh.count == 2, let w = Int(wh[0]), let h = Int(wh[1]), w > 0, h > 0, w <= 16384, h <= 16384 else { return nil }
        var hz: Int?
        if parts.count == 2 { guard let v = Int(parts[1]), v > 0, v <= 1000 else { return nil }; hz = v }
        return ModeRequest(width: w, height: h, refreshHz: hz)
    }
}
