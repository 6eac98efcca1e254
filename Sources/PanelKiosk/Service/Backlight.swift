#if canImport(Glibc)
import Glibc
#endif

/// A backlight in sysfs (`/sys/class/backlight/<name>/`): `max_brightness` (read-only),
/// `brightness` (0...max, read-write), `bl_power` (0 = on, 4 = powered down; optional).
/// The udev rule in udev/ gives group `video` write access to the last two.
///
/// Each call opens, reads or writes, and closes the attribute: no fd is kept. Sysfs writes
/// are synchronous but short (the driver programs a PWM or sends an I2C/mailbox message).
/// Errors name the attribute's path and the errno text.
struct Backlight: Sendable {
    /// FB_BLANK_UNBLANK and FB_BLANK_POWERDOWN, the values bl_power takes.
    static let powerOn = 0, powerDown = 4

    /// The device directory, e.g. /sys/class/backlight/10-0045.
    let directory: String
    /// The brightness saved by the first `fade(to:)` or `turnOff()`, restored by `turnOn()`
    /// or `fade(to: 1)`.
    private(set) var savedBrightness: Int?
    private var lastFadeValue: Int?

    init(directory: String) {
        var d = directory
        while d.count > 1 && d.hasSuffix("/") { d.removeLast() }
        self.directory = d
    }

    /// The backlight a board file names: a directory path, or `auto` for the only (or
    /// first, by name) entry of `classDirectory`. nil when `auto` finds none.
    static func resolve(_ setting: String, classDirectory: String = "/sys/class/backlight") throws(ServiceError) -> Backlight? {
        guard setting == "auto" else { return Backlight(directory: setting) }
        guard let dir = opendir(classDirectory) else {
            let e = Glibc.errno
            if e == ENOENT { return nil }
            throw ServiceError("opendir", classDirectory, errno: e)
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.min().map { Backlight(directory: classDirectory + "/" + $0) }
    }

    var maxBrightnessPath: String { directory + "/max_brightness" }
    var brightnessPath: String { directory + "/brightness" }
    var powerPath: String { directory + "/bl_power" }

    func maxBrightness() throws(ServiceError) -> Int { try readInt(maxBrightnessPath) }
    func brightness() throws(ServiceError) -> Int { try readInt(brightnessPath) }

    /// Writes `brightness`, clamped to 0...max_brightness.
    func setBrightness(_ value: Int) throws(ServiceError) {
        let maxValue = try maxBrightness()
        try writeInt(brightnessPath, min(max(value, 0), maxValue))
    }

    /// Sets brightness as a fraction of max_brightness (for the fade before blanking).
    func setLevel(_ fraction: Double, of full: Int) throws(ServiceError) {
        let f = min(max(fraction.isFinite ? fraction : 0, 0), 1)
        try writeInt(brightnessPath, Int((Double(full) * f).rounded()))
    }

    /// While blank or fading: the brightness `turnOn()` restores becomes `value` (the
    /// `brightness` command on a dark screen).
    mutating func restoreLevel(_ value: Int) {
        if savedBrightness != nil { savedBrightness = value }
    }

    /// Whether the device has a bl_power attribute.
    var hasPowerControl: Bool { access(powerPath, F_OK) == 0 }

    /// bl_power == 0; true when the attribute does not exist.
    func isPoweredOn() throws(ServiceError) -> Bool {
        guard hasPowerControl else { return true }
        return try readInt(powerPath) == Self.powerOn
    }

    func setPower(on: Bool) throws(ServiceError) {
        try writeInt(powerPath, on ? Self.powerOn : Self.powerDown)
    }

    /// Dims to `level` (1 = the brightness before the fade began, 0 = dark but powered) for
    /// the fade before blanking: the panel fades in hardware and the renderer does not have
    /// to redraw every frame darker. Writes only when the integer value changes.
    mutating func fade(to level: Double) throws(ServiceError) {
        if savedBrightness == nil {
            if level >= 1 { return }
            let b = try brightness()
            savedBrightness = b > 0 ? b : try maxBrightness()
        }
        guard let full = savedBrightness else { return }
        let l = min(max(level.isFinite ? level : 0, 0), 1)
        let value = Int((Double(full) * l).rounded())
        if value != lastFadeValue {
            try writeInt(brightnessPath, value)
            lastFadeValue = value
        }
        if l >= 1 { savedBrightness = nil; lastFadeValue = nil }
    }

    /// Applies the backlight part of an `IdleBlanker` action (fade and on/off); returns
    /// false for actions that are not about the backlight (CRTC, redraw, reset).
    mutating func apply(_ action: IdleBlanker.Action) throws(ServiceError) -> Bool {
        switch action {
        case .fade(let level): try fade(to: level); return true
        case .backlight(on: true): try turnOn(); return true
        case .backlight(on: false): try turnOff(); return true
        case .crtcActive, .redraw, .resetToHome: return false
        }
    }

    /// Blanks: remembers the brightness, then powers down through bl_power when there is one,
    /// else writes brightness 0. Calling it again keeps the first saved brightness.
    mutating func turnOff() throws(ServiceError) {
        if savedBrightness == nil {
            let b = try brightness()
            savedBrightness = b > 0 ? b : try maxBrightness()
        }
        if hasPowerControl { try setPower(on: false) } else { try writeInt(brightnessPath, 0) }
    }

    /// Wakes: restores the saved brightness (else keeps the current one, else max_brightness)
    /// and powers up.
    mutating func turnOn() throws(ServiceError) {
        let target: Int
        if let saved = savedBrightness { target = saved } else {
            let current = try brightness()      // a fade(to: 1) may have restored it already
            target = current > 0 ? current : try maxBrightness()
        }
        try writeInt(brightnessPath, target)
        if hasPowerControl { try setPower(on: true) }
        savedBrightness = nil
        lastFadeValue = nil
    }

    // MARK: sysfs attribute I/O

    private func readInt(_ path: String) throws(ServiceError) -> Int {
        let fd = retryingEINTR { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw .last("open", path) }
        defer { _ = close(fd) }
        var buf = [UInt8](repeating: 0, count: 64)
        let n = buf.withUnsafeMutableBytes { b in retryingEINTR { read(fd, b.baseAddress, b.count) } }
        guard n >= 0 else { throw .last("read", path) }
        let text = String(decoding: buf[0..<n], as: UTF8.self)
        let trimmed = text.filter { !$0.isWhitespace }
        guard let v = Int(trimmed) else {
            throw ServiceError("read", path, detail: "expected an integer, found '\(trimmed)'")
        }
        return v
    }

    private func writeInt(_ path: String, _ value: Int) throws(ServiceError) {
        let fd = retryingEINTR { open(path, O_WRONLY | O_TRUNC | O_CLOEXEC) }
        guard fd >= 0 else { throw .last("open", path) }
        defer { _ = close(fd) }
        let bytes = Array("\(value)\n".utf8)
        let n = bytes.withUnsafeBytes { b in retryingEINTR { write(fd, b.baseAddress, b.count) } }
        guard n == bytes.count else {
            throw n < 0 ? .last("write", path) : ServiceError("write", path, detail: "short write")
        }
    }
}
