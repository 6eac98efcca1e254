import CLinux
import DrawerRuntime
import PanelInput
#if canImport(Glibc)
import Glibc
#endif

/// A one-shot CLOCK_MONOTONIC timer the loop's epoll waits on (a timerfd: nanosecond
/// resolution, where epoll_wait's own timeout rounds to milliseconds). The late frame
/// schedule sleeps on it until the moment to draw.
final class FrameTimer {
    let fd: Int32
    /// The time it is armed for, if any.
    private(set) var armedNS: UInt64?

    init() throws(SystemError) {
        let fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        guard fd >= 0 else { throw SystemError("timerfd_create") }
        self.fd = fd
    }

    deinit { Glibc.close(fd) }

    /// Fires at `ns` (at once if it is past); nil disarms.
    func arm(at ns: UInt64?) throws(SystemError) {
        guard ns != armedNS else { return }
        var spec = itimerspec()
        if let ns {
            // 0 would disarm: a time in the past still fires at once.
            let t = max(ns, 1)
            spec.it_value.tv_sec = Int(t / 1_000_000_000)
            spec.it_value.tv_nsec = Int(t % 1_000_000_000)
        }
        guard timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME), &spec, nil) == 0 else {
            throw SystemError("timerfd_settime")
        }
        armedNS = ns
    }

    /// Called when the descriptor is readable: consumes the expiration.
    func acknowledge() {
        var expirations: UInt64 = 0
        _ = read(fd, &expirations, 8)
        armedNS = nil
    }
}
