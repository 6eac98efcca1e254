import DrawerRuntime
import PanelInput

/// What the real-time loop waits on: descriptors made ready by the kernel (the display's
/// flips, libinput, signals, the control socket, file changes, `Kiosk.Remote`'s eventfd) and
/// two kinds of wake-up time. On a device it is `EpollReactor`; a test of the loop's
/// scheduling hands it one that moves a `SimulatedClock` to the next wake-up instead of
/// sleeping (`Tests/PanelKioskTests/LoopScheduleTests.swift`).
package protocol LoopReactor: AnyObject {
    /// Calls `handler` with (readable, writable) whenever `fd` is ready for what is asked;
    /// asking again for a watched descriptor changes what it is watched for.
    func watch(_ fd: Int32, readable: Bool, writable: Bool, _ handler: @escaping EventLoop.ReadyHandler) throws(SystemError)
    func unwatch(_ fd: Int32)
    /// Waits once, until a descriptor is ready, `deadline` (the services' and the blanker's
    /// times: a millisecond is close enough) or `exactWake` (a planned frame's start, a played
    /// script's next touch: to the nanosecond) comes, and runs the handlers of what is ready.
    /// Neither time: sleeps until a descriptor is ready (a kiosk at rest makes no wake-ups).
    func wait(deadline: UInt64?, exactWake: UInt64?) throws(SystemError)
    func stop()
    var stopped: Bool { get }
    /// Returns from the wait, and how many of them had nothing ready (`--stats`).
    var wakeups: Int { get }
    var idleWakeups: Int { get }
}

extension LoopReactor {
    /// Calls `handler` whenever `fd` is readable.
    package func watch(_ fd: Int32, _ handler: @escaping () -> Void) throws(SystemError) {
        try watch(fd, readable: true, writable: false) { r, _ in if r { handler() } }
    }
}

/// The device's reactor: one epoll (`EventLoop`), whose own timeout is in milliseconds, and a
/// timerfd in it for the wake-ups that must come to the nanosecond.
package final class EpollReactor: LoopReactor {
    private let loop: EventLoop
    private let timer: FrameTimer

    package init() throws(SystemError) {
        loop = try EventLoop()
        timer = try FrameTimer()
        try loop.watch(timer.fd) { [timer] in timer.acknowledge() }
    }

    package func watch(_ fd: Int32, readable: Bool, writable: Bool, _ handler: @escaping EventLoop.ReadyHandler) throws(SystemError) {
        try loop.watch(fd, readable: readable, writable: writable, handler)
    }
    package func unwatch(_ fd: Int32) { loop.unwatch(fd) }

    package func wait(deadline: UInt64?, exactWake: UInt64?) throws(SystemError) {
        try timer.arm(at: exactWake)
        loop.deadline = deadline
        loop.runOnce()
    }

    package func stop() { loop.stop() }
    package var stopped: Bool { loop.stopped }
    package var wakeups: Int { loop.wakeups }
    package var idleWakeups: Int { loop.idleWakeups }
}
