import DrawerRuntime

/// libinput as the loop's touch source: the loop waits on its descriptor and takes what it
/// has read whenever that is readable (and before a late-latched frame is drawn).
extension LibinputSource: TouchSource {
    public var readableDescriptor: Int32? { fd >= 0 ? fd : nil }
    /// Events come with the descriptor, never at a time known ahead.
    public var nextDue: Instant? { nil }
    /// A seat's devices may come and go; the source is never done.
    public var finished: Bool { false }
    /// Everything libinput has read, whatever `now` is: its events carry the kernel's own
    /// timestamps.
    public func events(at now: Instant) -> [InputEvent] { dispatch() }
}
