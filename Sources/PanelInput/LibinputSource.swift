import CInput
import DrawerRuntime
import PanelRenderer
#if canImport(Glibc)
import Glibc
#endif

/// libinput on the udev seat backend (`seat0`, hot-plug) or the path backend (explicit
/// device paths from the board file). Owns the libinput context and the udev handle.
/// Touchscreens give fingers; a pen (resistive and pen panels libinput sees as tablets) and
/// a mouse (bench-top development) each act as one finger.
public final class LibinputSource {
    public enum Backend: Equatable, Sendable { case seat(String), paths([String]) }

    private var li: OpaquePointer?
    private var udev: OpaquePointer?
    private let interface: UnsafeMutablePointer<libinput_interface>
    public let backend: Backend
    /// libinput's log: where it says which devices it ignores.
    private let log = LibinputLog()
    public var transform: TouchTransform
    public var boardCalibration: [Double]
    /// Touches in progress, with the last position of each finger (libinput gives none on up).
    private var slots = TouchSlots()
    private var mouse: (down: Bool, x: Double, y: Double, finger: Int) = (false, 0, 0, 0)
    /// The device whose left button holds the mouse's finger down.
    private var mouseDevice: OpaquePointer?
    private var devices: [OpaquePointer: String] = [:]
    /// Touchscreens with a tool type per contact, whose palms' slots are put right after each
    /// dispatch so libinput does not drop the next touch there (`PalmSlots`).
    private var palmWatches: [OpaquePointer: PalmSlotWatch] = [:]
    /// False only in the test that shows what libinput does without it.
    var resetsPalmSlots = true
    /// Events read while starting (the devices present at start), handed out by the first
    /// `dispatch()`.
    private var startup: [InputEvent] = []

    public init(backend: Backend, transform: TouchTransform, calibration: [Double]) throws(SystemError) {
        self.backend = backend
        self.transform = transform
        self.boardCalibration = calibration
        interface = .allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, _ in
                let fd = open(path!, flags | O_CLOEXEC)
                return fd < 0 ? -errno : fd
            },
            close_restricted: { fd, _ in _ = close(fd) }))
        // Every property is set by now, so a throw below runs deinit, which frees whatever
        // was made: the failure paths must not free anything themselves.
        switch backend {
        case .seat(let seat):
            guard let u = udev_new() else { throw SystemError("udev_new") }
            udev = u
            guard let ctx = libinput_udev_create_context(interface, Unmanaged.passUnretained(log).toOpaque(), u) else {
                throw SystemError("libinput_udev_create_context")
            }
            li = ctx
            log.attach(to: ctx)
            guard libinput_udev_assign_seat(ctx, seat) == 0 else {
                throw SystemError("libinput_udev_assign_seat(\(seat))")
            }
        case .paths(let paths):
            guard let ctx = libinput_path_create_context(interface, Unmanaged.passUnretained(log).toOpaque()) else {
                throw SystemError("libinput_path_create_context")
            }
            li = ctx
            log.attach(to: ctx)
            for p in paths where libinput_path_add_device(ctx, p) == nil {
                throw SystemError("libinput_path_add_device(\(p)): not an input device libinput accepts", code: ENODEV)
            }
        }
        // The devices present at start are announced by events that are already queued, but
        // libinput's descriptor only turns readable when a device has data: left alone, they
        // would be read together with the first touch, whose coordinates libinput had by then
        // already transformed without the board's calibration. Set every device up now.
        startup = dispatch()
    }

    deinit {
        if let li { libinput_unref(li) }
        if let udev { udev_unref(udev) }
        interface.deallocate()
    }

    /// The descriptor to watch; readable when events wait.
    public var fd: Int32 { li.map { libinput_get_fd($0) } ?? -1 }

    /// Reads everything libinput has (drains completely on each wake-up). The first call also
    /// returns what was read while starting (the devices present at start).
    public func dispatch() -> [InputEvent] {
        guard let li else { return [] }
        var out: [InputEvent] = startup
        startup = []
        _ = libinput_dispatch(li)
        while let ev = libinput_get_event(li) {
            translate(ev, into: &out)
            libinput_event_destroy(ev)
        }
        // libinput has read everything the devices sent so far: a palm that has just lifted
        // left its slot marked as a palm, which would swallow the next touch there.
        if resetsPalmSlots { for watch in palmWatches.values { watch.resetReleasedPalms() } }
        for r in log.takeRefusals() { out.append(.deviceIgnored(device: r.device, reason: r.reason, fix: r.fix)) }
        return out
    }

    private func translate(_ ev: OpaquePointer, into out: inout [InputEvent]) {
        let type = libinput_event_get_type(ev)
        let device = libinput_event_get_device(ev)!
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            let name = String(cString: libinput_device_get_name(device))
            devices[device] = name
            let isTouch = libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0
                || libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TABLET_TOOL) != 0
            if isTouch {
                applyCalibration(device)
                if let node = Self.devnode(device) { palmWatches[device] = PalmSlotWatch(devnode: node) }
            }
            out.append(.deviceAdded(name: name, touch: isTouch))
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            // A device gone mid-gesture: every touch it had is cancelled where it was, so
            // components settle; the mouse's held button too if the mouse went.
            let now = monotonicNanoseconds() / 1000
            out += slots.removeDevice(Int(bitPattern: device), timeUS: now)
            if mouse.down && mouseDevice == device {
                mouse.down = false
                out.append(.touch(finger: mouse.finger, phase: .cancel, x: mouse.x, y: mouse.y, timeUS: now))
            }
            palmWatches[device] = nil
            out.append(.deviceRemoved(name: devices.removeValue(forKey: device) ?? "unknown"))
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            let t = libinput_event_get_touch_event(ev)!
            let slot = libinput_event_touch_get_seat_slot(t)
            // Normalized, after libinput applied the calibration matrix.
            let u = libinput_event_touch_get_x_transformed(t, 1_000_000) / 1_000_000
            let v = libinput_event_touch_get_y_transformed(t, 1_000_000) / 1_000_000
            let p = transform.uiPoint(u: u, v: v)
            let time = libinput_event_touch_get_time_usec(t)
            if type == LIBINPUT_EVENT_TOUCH_DOWN {
                out += slots.down(device: Int(bitPattern: device), slot: slot, x: p.x, y: p.y, timeUS: time)
            } else {
                out += slots.move(device: Int(bitPattern: device), slot: slot, x: p.x, y: p.y, timeUS: time)
            }
        case LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL:
            // No position comes with these (libinput's documentation forbids asking): the
            // finger ends where it was last seen.
            let t = libinput_event_get_touch_event(ev)!
            out += slots.end(device: Int(bitPattern: device), slot: libinput_event_touch_get_seat_slot(t),
                             phase: type == LIBINPUT_EVENT_TOUCH_UP ? .up : .cancel,
                             timeUS: libinput_event_touch_get_time_usec(t))
        case LIBINPUT_EVENT_TABLET_TOOL_TIP, LIBINPUT_EVENT_TABLET_TOOL_AXIS, LIBINPUT_EVENT_TABLET_TOOL_PROXIMITY:
            // A pen's tip is one finger: down when it touches, moving while it does, up when
            // it lifts (a pen leaving proximity while down lifts too).
            let te = libinput_event_get_tablet_tool_event(ev)!
            let key = Int(bitPattern: device), time = libinput_event_tablet_tool_get_time_usec(te)
            let p = transform.uiPoint(u: libinput_event_tablet_tool_get_x_transformed(te, 1_000_000) / 1_000_000,
                                      v: libinput_event_tablet_tool_get_y_transformed(te, 1_000_000) / 1_000_000)
            if type == LIBINPUT_EVENT_TABLET_TOOL_TIP {
                if libinput_event_tablet_tool_get_tip_state(te) == LIBINPUT_TABLET_TOOL_TIP_DOWN {
                    out += slots.down(device: key, slot: Self.penSlot, x: p.x, y: p.y, timeUS: time)
                } else {
                    out += slots.end(device: key, slot: Self.penSlot, phase: .up, timeUS: time)
                }
            } else if type == LIBINPUT_EVENT_TABLET_TOOL_AXIS {
                out += slots.move(device: key, slot: Self.penSlot, x: p.x, y: p.y, timeUS: time)
            } else if libinput_event_tablet_tool_get_proximity_state(te) == LIBINPUT_TABLET_TOOL_PROXIMITY_STATE_OUT {
                out += slots.end(device: key, slot: Self.penSlot, phase: .up, timeUS: time)
            }
        case LIBINPUT_EVENT_POINTER_MOTION, LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            let pe = libinput_event_get_pointer_event(ev)!
            if type == LIBINPUT_EVENT_POINTER_MOTION {
                mouse.x = min(max(mouse.x + libinput_event_pointer_get_dx(pe), 0), transform.uiWidth - 1)
                mouse.y = min(max(mouse.y + libinput_event_pointer_get_dy(pe), 0), transform.uiHeight - 1)
            } else {
                mouse.x = libinput_event_pointer_get_absolute_x_transformed(pe, UInt32(transform.uiWidth))
                mouse.y = libinput_event_pointer_get_absolute_y_transformed(pe, UInt32(transform.uiHeight))
            }
            if mouse.down {
                out.append(.touch(finger: mouse.finger, phase: .move, x: mouse.x, y: mouse.y,
                                  timeUS: libinput_event_pointer_get_time_usec(pe)))
            }
        case LIBINPUT_EVENT_POINTER_BUTTON:
            let pe = libinput_event_get_pointer_event(ev)!
            guard libinput_event_pointer_get_button(pe) == 0x110 else { return }   // BTN_LEFT
            let pressed = libinput_event_pointer_get_button_state(pe) == LIBINPUT_BUTTON_STATE_PRESSED
            let time = libinput_event_pointer_get_time_usec(pe)
            if pressed && !mouse.down {
                mouse.down = true; mouse.finger = slots.newFinger(); mouseDevice = device
                out.append(.touch(finger: mouse.finger, phase: .down, x: mouse.x, y: mouse.y, timeUS: time))
            } else if !pressed && mouse.down {
                mouse.down = false
                out.append(.touch(finger: mouse.finger, phase: .up, x: mouse.x, y: mouse.y, timeUS: time))
            }
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            let k = libinput_event_get_keyboard_event(ev)!
            let key = libinput_event_keyboard_get_key(k)
            if libinput_event_keyboard_get_key_state(k) == LIBINPUT_KEY_STATE_PRESSED, key == 1 || key == 158 {
                out.append(.back(timeUS: libinput_event_keyboard_get_time_usec(k)))   // KEY_ESC, KEY_BACK
            }
        default:
            break
        }
    }

    /// The device's node (`/dev/input/eventN`), from udev, which both backends fill in.
    private static func devnode(_ device: OpaquePointer) -> String? {
        guard let u = libinput_device_get_udev_device(device) else { return nil }
        defer { udev_device_unref(u) }
        return udev_device_get_devnode(u).map { String(cString: $0) }
    }

    /// The slot a device's pen takes among its fingers (libinput's seat slots are never negative).
    private static let penSlot: Int32 = -2

    /// Board calibration composed with the device's own (udev) matrix, never replacing it.
    private func applyCalibration(_ device: OpaquePointer) {
        guard libinput_device_config_calibration_has_matrix(device) != 0 else { return }
        var def = [Float](repeating: 0, count: 6)
        _ = libinput_device_config_calibration_get_default_matrix(device, &def)
        let m = TouchTransform.calibration(board: boardCalibration, deviceDefault: .init(def.map(Double.init)))
        var f = m.m.map(Float.init)
        _ = libinput_device_config_calibration_set_matrix(device, &f)
    }
}

extension LibinputSource {
    /// What libinput makes of one device node, as `probe` reports it: its capabilities, or
    /// why it refuses the device and what fixes it. Opens the node read-only for a moment
    /// (never grabs it).
    public enum Verdict: Equatable, Sendable {
        case accepted(capabilities: [String])
        case refused(reason: String, fix: String)
    }

    public static func verdict(forDevice path: String) -> Verdict {
        let log = LibinputLog()
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        defer { interface.deallocate() }
        interface.initialize(to: libinput_interface(
            open_restricted: { path, _, _ in
                let fd = open(path!, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
                return fd < 0 ? -errno : fd
            },
            close_restricted: { fd, _ in _ = close(fd) }))
        guard let li = libinput_path_create_context(interface, Unmanaged.passUnretained(log).toOpaque()) else {
            return .refused(reason: "libinput_path_create_context failed", fix: "is libinput installed?")
        }
        defer { libinput_unref(li) }
        log.attach(to: li)
        guard let device = libinput_path_add_device(li, path) else {
            if let r = log.takeRefusals().first { return .refused(reason: r.reason, fix: r.fix) }
            let why = access(path, R_OK) == 0 ? "libinput does not accept it" : "cannot open it (\(String(cString: strerror(errno))))"
            return .refused(reason: why, fix: access(path, R_OK) == 0 ? "see docs/touchscreens.md" : "run as root or in the input group")
        }
        var caps: [String] = []
        let names: [(libinput_device_capability, String)] = [
            (LIBINPUT_DEVICE_CAP_TOUCH, "touch"), (LIBINPUT_DEVICE_CAP_TABLET_TOOL, "tablet-tool"),
            (LIBINPUT_DEVICE_CAP_POINTER, "pointer"), (LIBINPUT_DEVICE_CAP_KEYBOARD, "keyboard"),
            (LIBINPUT_DEVICE_CAP_GESTURE, "gesture"), (LIBINPUT_DEVICE_CAP_TABLET_PAD, "tablet-pad"),
            (LIBINPUT_DEVICE_CAP_SWITCH, "switch"),
        ]
        for (cap, name) in names where libinput_device_has_capability(device, cap) != 0 { caps.append(name) }
        libinput_path_remove_device(device)
        return .accepted(capabilities: caps)
    }
}
