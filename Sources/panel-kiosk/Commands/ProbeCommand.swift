import ArgumentParser
import FoundationEssentials
import DrawerRuntime
import PanelDRM
import PanelInput
import PanelRenderer
#if canImport(Glibc)
import Glibc
import CInput
import PanelKiosk
#endif

/// `panel-kiosk probe [--json]` (docs/formats.md, Command line): the DRM devices and input
/// devices as the kiosk would see them. Reads only: it never takes DRM master and never grabs
/// an input device.
struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "List DRM devices (connectors, modes, CRTCs, planes) and input devices.")

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let report = Probe.report()
        print(json ? try Probe.json(report) : Probe.text(report), terminator: "")
    }

    // MARK: the report

    struct Report: Codable {
        var drm: [DRMDevice]
        var drmError: String?
        var input: [InputDevice]
        var inputError: String?
    }
    struct DRMDevice: Codable {
        var path: String, byPath: [String], driver: String?, kms: Bool, atomic: Bool, dumbBuffers: Bool
        var connectors: [Connector], crtcs: [Crtc], planes: [Plane], error: String?
    }
    struct Connector: Codable {
        var id: UInt32, name: String, status: String, physicalSizeMm: [Int]
        var modes: [String], preferred: String?, possibleCrtcs: [UInt32], currentCrtc: UInt32?
    }
    struct Crtc: Codable { var id: UInt32, framebuffer: UInt32?, mode: String? }
    struct Plane: Codable {
        var id: UInt32, type: String, formats: [String], possibleCrtcs: [UInt32], rotations: [String]
    }
    struct InputDevice: Codable {
        var path: String, name: String, capabilities: [String]
        /// Touch axes' ranges and, when the device reports a resolution, its size in mm.
        var xRange: [Int32]?, yRange: [Int32]?, sizeMm: [Double]?, slots: Int?
        /// Whether udev has initialised it (libinput ignores devices it has not).
        var udevInitialized: Bool?
        /// What udev's input_id says it is (ID_INPUT_TOUCHSCREEN=1 is "touchscreen", ...).
        var udev: [String]?
        /// What libinput makes of it: its capabilities, or why it refuses it and the fix.
        var libinput: [String]?
        var libinputRefused: String?
        var libinputFix: String?
        /// What the kiosk will use it as.
        var kioskUse: String?
    }

    static func report() -> Report {
        let (devices, error) = DRMDeviceReport.probeAll()
        let drm = devices.map { d in
            DRMDevice(
                path: d.path, byPath: d.byPath, driver: d.driver, kms: d.isKMS, atomic: d.atomic,
                dumbBuffers: d.dumbBuffers,
                connectors: (d.resources?.connectors ?? []).map { c in
                    Connector(id: c.id, name: c.name, status: c.status.rawValue,
                              physicalSizeMm: [c.physicalSizeMM.width, c.physicalSizeMM.height],
                              modes: c.modes.map(\.description),
                              preferred: c.modes.first(where: \.isPreferred)?.description,
                              possibleCrtcs: c.possibleCRTCs, currentCrtc: c.currentCRTC)
                },
                crtcs: (d.resources?.crtcs ?? []).map { Crtc(id: $0.id, framebuffer: $0.framebufferID, mode: $0.mode?.description) },
                planes: (d.resources?.planes ?? []).map {
                    Plane(id: $0.id, type: $0.kind.rawValue, formats: $0.formats,
                          possibleCrtcs: $0.possibleCRTCs, rotations: $0.rotations)
                },
                error: d.error)
        }
        let (input, inputError) = inputDevices()
        return Report(drm: drm, drmError: error?.description, input: input, inputError: inputError)
    }

    static func json(_ report: Report) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
    }

    static func text(_ r: Report) -> String {
        var out = "DRM devices:\n"
        if let e = r.drmError { out += "  (\(e))\n" }
        if r.drm.isEmpty { out += "  none\n" }
        for d in r.drm {
            out += "  \(d.path)  driver \(d.driver ?? "?")\(d.kms ? "" : " (no KMS)")  atomic \(d.atomic ? "yes" : "no")"
            out += d.byPath.isEmpty ? "\n" : "  by-path \(d.byPath.joined(separator: ", "))\n"
            if let e = d.error { out += "    error: \(e)\n" }
            for c in d.connectors {
                out += "    connector \(c.name) (id \(c.id)) \(c.status)"
                if c.physicalSizeMm != [0, 0] { out += " \(c.physicalSizeMm[0])x\(c.physicalSizeMm[1]) mm" }
                if let crtc = c.currentCrtc { out += " on crtc \(crtc)" }
                out += "\n"
                if !c.modes.isEmpty {
                    let modes = c.modes.prefix(12).map { $0 == c.preferred ? $0 + "*" : $0 }
                    out += "      modes (\(c.modes.count)): \(modes.joined(separator: " "))\(c.modes.count > 12 ? " ..." : "")\n"
                }
            }
            for c in d.crtcs {
                out += "    crtc \(c.id): " + (c.framebuffer.map { "fb \($0), \(c.mode ?? "no mode")" } ?? "off") + "\n"
            }
            for p in d.planes {
                out += "    plane \(p.id) \(p.type): \(p.formats.joined(separator: " "))"
                out += p.rotations.isEmpty ? "\n" : "; rotation \(p.rotations.joined(separator: " "))\n"
            }
        }
        out += "Input devices:\n"
        if let e = r.inputError { out += "  (\(e))\n" }
        if r.input.isEmpty { out += "  none\n" }
        for i in r.input {
            out += "  \(i.path)  \"\(i.name)\"  \(i.capabilities.joined(separator: ", "))"
            if let x = i.xRange, let y = i.yRange { out += "  \(x[0])..\(x[1]) x \(y[0])..\(y[1])" }
            if let s = i.sizeMm { out += "  \(Int(s[0].rounded()))x\(Int(s[1].rounded())) mm" }
            if let n = i.slots { out += "  \(n) slots" }
            if i.udevInitialized == false { out += "  (not initialised by udev: libinput will ignore it)" }
            out += "\n"
            if let u = i.udev { out += "    udev: \(u.isEmpty ? "no input tags" : u.joined(separator: ", "))\n" }
            if let l = i.libinput { out += "    libinput: \(l.isEmpty ? "no capabilities" : l.joined(separator: ", "))\n" }
            if let r = i.libinputRefused { out += "    libinput refuses it: \(r)\n" }
            if let f = i.libinputFix { out += "    fix: \(f)\n" }
            if let k = i.kioskUse { out += "    kiosk: \(k)\n" }
        }
        return out
    }

    // MARK: input devices (libudev for the list, libevdev for what each can do)

    static func inputDevices() -> ([InputDevice], String?) {
        #if canImport(Glibc)
        var paths: [String: Bool?] = [:]
        var udevKinds: [String: [String]] = [:]
        if let udev = udev_new() {
            defer { udev_unref(udev) }
            if let en = udev_enumerate_new(udev) {
                defer { udev_enumerate_unref(en) }
                udev_enumerate_add_match_subsystem(en, "input")
                udev_enumerate_add_match_sysname(en, "event*")
                udev_enumerate_scan_devices(en)
                var entry = udev_enumerate_get_list_entry(en)
                while let e = entry {
                    if let syspath = udev_list_entry_get_name(e),
                       let dev = udev_device_new_from_syspath(udev, syspath) {
                        if let node = udev_device_get_devnode(dev) {
                            let path = String(cString: node)
                            paths[path] = udev_device_get_is_initialized(dev) != 0
                            udevKinds[path] = udevInputKinds.compactMap { key, name in
                                udev_device_get_property_value(dev, key).map { String(cString: $0) == "1" ? name : nil } ?? nil
                            }
                        }
                        udev_device_unref(dev)
                    }
                    entry = udev_list_entry_get_next(e)
                }
            }
        }
        if paths.isEmpty, let names = try? FileManager.default.contentsOfDirectory(atPath: "/dev/input") {
            for n in names where n.hasPrefix("event") { paths["/dev/input/" + n] = .some(nil) }
        }
        var out: [InputDevice] = []
        var firstError: String?
        for path in paths.keys.sorted(by: { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }) {
            switch evdevDescription(path) {
            case .success(var d):
                d.udevInitialized = paths[path] ?? nil
                d.udev = udevKinds[path]
                switch LibinputSource.verdict(forDevice: path) {
                case .accepted(let caps): d.libinput = caps
                case .refused(let reason, let fix): d.libinputRefused = reason; d.libinputFix = fix
                }
                d.kioskUse = kioskUse(d)
                out.append(d)
            case .failure(let e): firstError = firstError ?? e.text
            }
        }
        return (out, firstError)
        #else
        return ([], "input devices are listed on Linux only")
        #endif
    }

    /// udev's input_id properties and what `probe` calls each.
    static let udevInputKinds: [(String, String)] = [
        ("ID_INPUT_TOUCHSCREEN", "touchscreen"), ("ID_INPUT_TABLET", "tablet"), ("ID_INPUT_TOUCHPAD", "touchpad"),
        ("ID_INPUT_MOUSE", "mouse"), ("ID_INPUT_POINTINGSTICK", "pointingstick"), ("ID_INPUT_KEYBOARD", "keyboard"),
        ("ID_INPUT_KEY", "keys"), ("ID_INPUT_JOYSTICK", "joystick"), ("ID_INPUT_SWITCH", "switch"),
        ("ID_INPUT_ACCELEROMETER", "accelerometer"),
    ]

    /// What the kiosk does with a device, from what libinput makes of it.
    static func kioskUse(_ d: InputDevice) -> String {
        guard let caps = d.libinput else {
            return "not used: libinput refuses it" + (d.libinputRefused.map { " (\($0))" } ?? "")
        }
        if caps.contains("touch") { return "touch (every finger)" }
        if caps.contains("tablet-tool") { return "touch (the pen's tip as one finger)" }
        if caps.contains("pointer") { return "one finger (left button held)" + (caps.contains("keyboard") ? "; Escape/Back keys" : "") }
        if caps.contains("keyboard") { return "Escape/Back keys (close the top-most thing)" }
        return "not used"
    }

    #if canImport(Glibc)
    struct ProbeError: Error { var text: String }

    static func evdevDescription(_ path: String) -> Result<InputDevice, ProbeError> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(ProbeError(text: "open \(path): \(String(cString: strerror(errno)))")) }
        defer { close(fd) }
        var dev: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &dev)
        guard rc == 0, let dev else { return .failure(ProbeError(text: "libevdev_new_from_fd on \(path): \(String(cString: strerror(-rc)))")) }
        defer { libevdev_free(dev) }
        let name = libevdev_get_name(dev).map { String(cString: $0) } ?? "?"
        func has(_ type: Int32, _ code: Int32) -> Bool { libevdev_has_event_code(dev, UInt32(type), UInt32(code)) != 0 }
        let direct = libevdev_has_property(dev, UInt32(INPUT_PROP_DIRECT)) != 0
        let mt = has(EV_ABS, ABS_MT_POSITION_X)
        let abs = has(EV_ABS, ABS_X) || mt
        var caps: [String] = []
        // The evdev bits alone: a touchpad reports its fingers as tools (BTN_TOOL_FINGER) and
        // is not direct; a touch panel without INPUT_PROP_DIRECT (many resistive and
        // protocol-A ones) is still a touchscreen, as udev's input_id decides.
        let fingerTool = has(EV_KEY, BTN_TOOL_FINGER), pen = has(EV_KEY, BTN_TOOL_PEN)
        if abs && has(EV_KEY, BTN_TOUCH) {
            caps.append(pen ? "pen" : (fingerTool && !direct) ? "touchpad" : "touchscreen")
        }
        if mt { caps.append("multitouch") }
        if abs && !has(EV_KEY, BTN_TOUCH) && has(EV_KEY, BTN_LEFT) { caps.append("absolute-pointer") }
        if has(EV_REL, REL_X) && has(EV_KEY, BTN_LEFT) { caps.append("pointer") }
        if has(EV_KEY, KEY_A) || has(EV_KEY, KEY_ESC) || has(EV_KEY, KEY_BACK) { caps.append("keys") }
        if has(EV_KEY, KEY_POWER) { caps.append("power-button") }
        if caps.isEmpty { caps.append("other") }
        var d = InputDevice(path: path, name: name, capabilities: caps)
        let xCode = mt ? ABS_MT_POSITION_X : ABS_X, yCode = mt ? ABS_MT_POSITION_Y : ABS_Y
        if abs, let x = libevdev_get_abs_info(dev, UInt32(xCode)), let y = libevdev_get_abs_info(dev, UInt32(yCode)) {
            d.xRange = [x.pointee.minimum, x.pointee.maximum]
            d.yRange = [y.pointee.minimum, y.pointee.maximum]
            if x.pointee.resolution > 0, y.pointee.resolution > 0 {
                d.sizeMm = [Double(x.pointee.maximum - x.pointee.minimum) / Double(x.pointee.resolution),
                            Double(y.pointee.maximum - y.pointee.minimum) / Double(y.pointee.resolution)]
            }
        }
        if mt { let n = libevdev_get_num_slots(dev); if n > 0 { d.slots = Int(n) } }
        return .success(d)
    }
    #endif
}
