import PanelRenderer

/// The touches in progress on the input devices: the finger id each (device, slot) was given
/// and where that finger was last seen, in UI pixels.
///
/// A touch script names the position of every event, but libinput gives none with
/// TOUCH_UP or TOUCH_CANCEL, and a device that vanishes says nothing about its fingers at
/// all. Every "released near where it went down" rule (a tap, a row's action, a long press
/// ending in place) needs the position of the release, so the ending events carry the last
/// position that finger had, exactly as a script's `up` does.
public struct TouchSlots: Sendable {
    /// A device's identity for as long as it is plugged in (libinput's device pointer, as bits).
    public typealias DeviceKey = Int

    private struct Key: Hashable, Sendable { let device: DeviceKey; let slot: Int32 }
    private var active: [Key: (finger: Int, x: Double, y: Double)] = [:]
    private var nextFinger = 1

    public init() {}

    /// How many fingers are down on all devices.
    public var count: Int { active.count }

    /// A finger touches down. A slot that is still down (its up was lost) is cancelled first
    /// at its last position, so the components never see two downs of one finger.
    public mutating func down(device: DeviceKey, slot: Int32, x: Double, y: Double, timeUS: UInt64) -> [InputEvent] {
        var out: [InputEvent] = []
        let key = Key(device: device, slot: slot)
        if let stale = active[key] {
            out.append(.touch(finger: stale.finger, phase: .cancel, x: stale.x, y: stale.y, timeUS: timeUS))
        }
        let finger = nextFinger
        nextFinger += 1
        active[key] = (finger, x, y)
        out.append(.touch(finger: finger, phase: .down, x: x, y: y, timeUS: timeUS))
        return out
    }

    /// A finger moves; nothing for a slot that is not down (a motion after a lost down).
    public mutating func move(device: DeviceKey, slot: Int32, x: Double, y: Double, timeUS: UInt64) -> [InputEvent] {
        let key = Key(device: device, slot: slot)
        guard let finger = active[key]?.finger else { return [] }
        active[key] = (finger, x, y)
        return [.touch(finger: finger, phase: .move, x: x, y: y, timeUS: timeUS)]
    }

    /// A finger lifts (`.up`) or the device gave up on it (`.cancel`), at its last position.
    public mutating func end(device: DeviceKey, slot: Int32, phase: TouchEvent.Phase, timeUS: UInt64) -> [InputEvent] {
        guard let t = active.removeValue(forKey: Key(device: device, slot: slot)) else { return [] }
        return [.touch(finger: t.finger, phase: phase, x: t.x, y: t.y, timeUS: timeUS)]
    }

    /// A device went away: each of its fingers is cancelled where it was last seen, in finger
    /// order, so components settle instead of waiting for an up that never comes.
    public mutating func removeDevice(_ device: DeviceKey, timeUS: UInt64) -> [InputEvent] {
        let gone = active.filter { $0.key.device == device }.sorted { $0.value.finger < $1.value.finger }
        for (key, _) in gone { active[key] = nil }
        return gone.map { .touch(finger: $0.value.finger, phase: .cancel, x: $0.value.x, y: $0.value.y, timeUS: timeUS) }
    }

    /// A finger id for a touch that is not on a slot (the mouse's left button).
    public mutating func newFinger() -> Int {
        defer { nextFinger += 1 }
        return nextFinger
    }
}
