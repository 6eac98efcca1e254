import CInput
#if canImport(Glibc)
import Glibc
#endif

/// libinput's own log, captured rather than printed: it is where libinput says it ignores a
/// device (a touchscreen udev tags as a tablet but whose axes have no resolution, a device
/// udev did not tag as input at all). The kiosk turns those lines into one clear message per
/// device with what fixes it (`LibinputLog.refusal`).
package final class LibinputLog {
    package private(set) var lines: [String] = []
    private var reported = Set<String>()

    package init() {}

    /// Installs the handler on a context made with this log as its user data
    /// (`Unmanaged.passUnretained(log).toOpaque()`), at the priority that includes "ignoring
    /// this device" notes. (The handler is a literal here: a stored C function pointer with a
    /// `va_list` parameter crashes Swift 6.3's optimizer when another module loads it.)
    package func attach(to li: OpaquePointer) {
        libinput_log_set_priority(li, LIBINPUT_LOG_PRIORITY_INFO)
        libinput_log_set_handler(li) { li, _, format, args in
            guard let li, let format, let args, let raw = libinput_get_user_data(li) else { return }
            let log = Unmanaged<LibinputLog>.fromOpaque(raw).takeUnretainedValue()
            var buf = [UInt8](repeating: 0, count: 1024)
            _ = buf.withUnsafeMutableBufferPointer { b in
                b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { vsnprintf($0, b.count, format, args) }
            }
            let line = String(decoding: buf.prefix { $0 != 0 }, as: UTF8.self).trimmingTrailingNewlines
            if log.lines.count < 256 { log.lines.append(line) }   // bounded: a log, not a history
        }
    }

    /// Takes the captured lines that say a device was refused, each once per device: the
    /// device's name (or node), libinput's reason and the fix.
    package func takeRefusals() -> [(device: String, reason: String, fix: String)] {
        defer { lines.removeAll() }
        var out: [(String, String, String)] = []
        for line in lines {
            guard let r = Self.refusal(line), !reported.contains(r.device) else { continue }
            reported.insert(r.device)
            out.append(r)
        }
        return out
    }

    /// Whether a libinput log line says it ignores a device, and if so which, why, and what
    /// the owner can do. libinput prefixes device messages with "eventN  - NAME: ".
    package static func refusal(_ line: String) -> (device: String, reason: String, fix: String)? {
        let lower = line.lowercased()
        guard lower.contains("ignor") || lower.contains("not tagged as supported") || lower.contains("never initialized") else {
            return nil
        }
        var device = "an input device", reason = line
        if let dash = line.firstRange(of: " - "), let colon = line[dash.upperBound...].firstRange(of: ": ") {
            let node = trimmedSpaces(line[..<dash.lowerBound])
            device = "\(line[dash.upperBound..<colon.lowerBound]) (/dev/input/\(node))"
            reason = String(line[colon.upperBound...])
        }
        let fix: String
        if lower.contains("resolution") {
            fix = "its axes report no resolution, which libinput needs for a pen or tablet: if it is a finger touchscreen, tell udev so with a rule (ENV{ID_INPUT_TABLET}=\"\", ENV{ID_INPUT_TOUCHSCREEN}=\"1\"); if it is a pen panel, give the axes a resolution with a hwdb entry (EVDEV_ABS_00=::UNITS_PER_MM, EVDEV_ABS_01=::UNITS_PER_MM); docs/touchscreens.md has both"
        } else if lower.contains("not tagged") {
            fix = "udev does not tag it as an input device: a rule setting ENV{ID_INPUT}=\"1\", ENV{ID_INPUT_TOUCHSCREEN}=\"1\" for it makes it one (docs/touchscreens.md)"
        } else if lower.contains("joystick") || lower.contains("gamepad") {
            fix = "udev calls it a joystick: a rule setting ENV{ID_INPUT_JOYSTICK}=\"\", ENV{ID_INPUT_TOUCHSCREEN}=\"1\" makes it a touchscreen (docs/touchscreens.md)"
        } else if lower.contains("never initialized") {
            fix = "udev has not processed it: is systemd-udevd running? (docs/touchscreens.md)"
        } else {
            fix = "see docs/touchscreens.md and `panel-kiosk probe`"
        }
        return (device, reason, fix)
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var s = self
        while s.hasSuffix("\n") { s.removeLast() }
        return s
    }
}

/// Without the spaces and tabs around it (no Foundation in this module).
private func trimmedSpaces(_ s: Substring) -> String {
    var t = s
    while t.first == " " || t.first == "\t" { t.removeFirst() }
    while t.last == " " || t.last == "\t" { t.removeLast() }
    return String(t)
}
