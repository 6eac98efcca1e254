import CInput
#if canImport(Glibc)
import Glibc
#endif

/// Which slots of a touchscreen a palm left in a state that makes libinput drop the next
/// touch there, and the evdev frame that puts them right (issue 43, finding 6).
///
/// A touchscreen that reports a tool type per contact (`ABS_MT_TOOL_TYPE`: USB panels with
/// the HID confidence bit, hid-multitouch) says `MT_TOOL_PALM` for a resting palm. The kernel
/// keeps each slot's last tool type after its contact ends, and its drivers start a new
/// contact with the tracking id and only then the tool type. libinput up to 1.28 handles a
/// frame one event at a time: at the tracking id it reads the slot's tool type, which is still
/// the palm's, takes the new contact for that palm continuing, and never reports it, though
/// the same frame says it is a finger. On a kiosk that is the tap after someone leaned on the
/// screen: nothing happens, and the touch after it works (it finds the finger the dropped one
/// left). libinput 1.29 reads whole frames first and is not affected; this is harmless there.
///
/// The cure: as soon as a palm's slot is free (tracking id -1, tool type still palm), write
/// one frame into the device that sets that slot's tool type back to finger. evdev passes an
/// event written to its node to every reader as if the device sent it; libinput then sees the
/// slot's tool type change while no contact is in it, which it ignores but remembers.
public enum PalmSlots {
    /// One evdev event: type, code and value, as in `struct input_event` (no time: the kernel
    /// stamps injected events itself).
    public struct Event: Equatable, Sendable {
        public var type: UInt16
        public var code: UInt16
        public var value: Int32
        public init(_ type: Int32, _ code: Int32, _ value: Int32) {
            self.type = UInt16(type); self.code = UInt16(code); self.value = value
        }
    }

    /// The slots that are free (tracking id negative) and whose last tool type is a palm,
    /// given the kernel's per-slot tracking ids and tool types (`EVIOCGMTSLOTS`), in slot order.
    public static func releasedPalms(trackingIDs: [Int32], toolTypes: [Int32]) -> [Int] {
        zip(trackingIDs, toolTypes).enumerated()
            .filter { $0.element.0 < 0 && $0.element.1 == Int32(MT_TOOL_PALM) }
            .map(\.offset)
    }

    /// The frame that sets `slots` back to `MT_TOOL_FINGER`, ending on the device's current
    /// slot (`currentSlot`) so a driver that sends a slot's values without naming the slot
    /// again (protocol B allows it) still writes into the right one. Empty for no slots.
    public static func resetFrame(slots: [Int], currentSlot: Int32) -> [Event] {
        guard !slots.isEmpty else { return [] }
        var out: [Event] = []
        for s in slots {
            out.append(Event(EV_ABS, ABS_MT_SLOT, Int32(s)))
            out.append(Event(EV_ABS, ABS_MT_TOOL_TYPE, Int32(MT_TOOL_FINGER)))
        }
        out.append(Event(EV_ABS, ABS_MT_SLOT, currentSlot))
        out.append(Event(EV_SYN, SYN_REPORT, 0))
        return out
    }
}

/// One touchscreen with tool types, watched for palms' slots (see `PalmSlots`): its own
/// descriptor on the device node, opened for writing only (nothing is read from it, so the
/// loop gets no wake-ups from it; the kernel queues what the device sends for it and drops
/// the oldest when full). `resetReleasedPalms()` runs after each libinput dispatch: a palm's
/// frames wake libinput's descriptor even when libinput reports nothing for them.
final class PalmSlotWatch {
    private let fd: Int32
    private let slotCount: Int
    /// Set when a written frame did not change the slots (another process grabbed the device,
    /// so the kernel drops injected events): the watch stops instead of writing on every
    /// wake-up.
    private(set) var gaveUp = false

    /// Nil when the node cannot be opened for writing or the device reports no tool type per
    /// slot (then no palm can block a slot).
    init?(devnode: String) {
        let fd = open(devnode, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var value: Int32 = 0, minimum: Int32 = 0, maximum: Int32 = 0
        guard panel_evdev_has_abs(fd, UInt32(ABS_MT_TOOL_TYPE)) == 1,
              panel_evdev_has_abs(fd, UInt32(ABS_MT_SLOT)) == 1,
              panel_evdev_abs_info(fd, UInt32(ABS_MT_SLOT), &value, &minimum, &maximum) == 0, maximum >= 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
        slotCount = min(Int(maximum) + 1, 64)
    }

    deinit { close(fd) }

    /// Writes the reset frame for every free slot a palm left; returns the slots reset.
    @discardableResult
    func resetReleasedPalms() -> [Int] {
        guard !gaveUp, let (ids, tools, current) = read() else { return [] }
        let slots = PalmSlots.releasedPalms(trackingIDs: ids, toolTypes: tools)
        let frame = PalmSlots.resetFrame(slots: slots, currentSlot: current)
        guard !frame.isEmpty else { return [] }
        let events = frame.map { input_event(time: timeval(), type: $0.type, code: $0.code, value: $0.value) }
        let size = events.count * MemoryLayout<input_event>.stride
        let written = events.withUnsafeBytes { write(fd, $0.baseAddress, size) }
        // The kernel handles written events before write() returns: a slot still a palm means
        // they were dropped.
        if written != size || read().map({ PalmSlots.releasedPalms(trackingIDs: $0.0, toolTypes: $0.1) })?
            .contains(where: slots.contains) ?? true {
            gaveUp = true
            return []
        }
        return slots
    }

    /// The kernel's tracking id and tool type in each slot, and the current slot.
    private func read() -> ([Int32], [Int32], Int32)? {
        var ids = [Int32](repeating: 0, count: slotCount), tools = ids
        var current: Int32 = 0, minimum: Int32 = 0, maximum: Int32 = 0
        guard panel_evdev_mt_slot_values(fd, UInt32(ABS_MT_TRACKING_ID), &ids, Int32(slotCount)) == 0,
              panel_evdev_mt_slot_values(fd, UInt32(ABS_MT_TOOL_TYPE), &tools, Int32(slotCount)) == 0,
              panel_evdev_abs_info(fd, UInt32(ABS_MT_SLOT), &current, &minimum, &maximum) == 0 else { return nil }
        return (ids, tools, current)
    }
}
