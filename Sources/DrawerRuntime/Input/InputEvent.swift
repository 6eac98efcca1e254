/// What the kiosk gets from input devices, in UI pixels with the kernel's timestamp. Every
/// touch source produces these (the libinput driver, a touch script, the preview window), so
/// the runtime sees one kind of event whichever drives it.
public enum InputEvent: Equatable, Sendable {
    case touch(finger: Int, phase: TouchEvent.Phase, x: Double, y: Double, timeUS: UInt64)
    /// Escape or Back: close the top-most thing.
    case back(timeUS: UInt64)
    case deviceAdded(name: String, touch: Bool)
    case deviceRemoved(name: String)
    /// libinput would not use a device (said once per device): which, why, and what fixes it.
    case deviceIgnored(device: String, reason: String, fix: String)
}
