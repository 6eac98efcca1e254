import CLinux
import PanelRenderer
#if canImport(Glibc)
import Glibc
#endif

/// The kiosk's one thread: epoll over the DRM, libinput, signal and timer descriptors. It
/// sleeps in `epoll_wait` with no timeout unless a timer is due, so a resting kiosk makes
/// no wake-ups at all; `wakeups` counts every return from the wait, for the idle test.
public final class EventLoop {
    public typealias Handler = () -> Void
    /// Called with (readable, writable) for descriptors watched both ways.
    public typealias ReadyHandler = (_ readable: Bool, _ writable: Bool) -> Void

    private let epfd: Int32
    private var handlers: [Int32: ReadyHandler] = [:]
    private var events = [epoll_event](repeating: epoll_event(), count: 16)
    /// Returns from epoll_wait (wake-ups), and how many of them had nothing to do.
    public private(set) var wakeups = 0
    public private(set) var idleWakeups = 0
    /// The next deadline (CLOCK_MONOTONIC ns) a caller wants to be woken at, if any.
    public var deadline: UInt64?
    public private(set) var stopped = false

    public init() throws(SystemError) {
        let fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard fd >= 0 else { throw SystemError("epoll_create1") }
        epfd = fd
    }
    deinit { close(epfd) }

    public func watch(_ fd: Int32, _ handler: @escaping Handler) throws(SystemError) {
        try watch(fd, readable: true, writable: false) { r, _ in if r { handler() } }
    }

    /// Adds `fd`, or changes what it is watched for when it is already watched. A watched
    /// descriptor that was closed without `unwatch` has left epoll by itself, and a new one
    /// may get its number (a control client accepted as another one went): that is added.
    public func watch(_ fd: Int32, readable: Bool, writable: Bool, _ handler: @escaping ReadyHandler) throws(SystemError) {
        var ev = epoll_event()
        ev.events = (readable ? EPOLLIN.rawValue : 0) | (writable ? EPOLLOUT.rawValue : 0)
        ev.data.fd = fd
        let op = handlers[fd] == nil ? EPOLL_CTL_ADD : EPOLL_CTL_MOD
        if epoll_ctl(epfd, op, fd, &ev) != 0 {
            guard op == EPOLL_CTL_MOD, errno == ENOENT, epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev) == 0 else {
                throw SystemError("epoll_ctl(fd \(fd))")
            }
        }
        handlers[fd] = handler
    }

    public var watchedDescriptors: Set<Int32> { Set(handlers.keys) }

    public func unwatch(_ fd: Int32) {
        _ = epoll_ctl(epfd, EPOLL_CTL_DEL, fd, nil)
        handlers[fd] = nil
    }

    public func stop() { stopped = true }

    /// Waits once (until a descriptor is ready or `deadline` passes) and runs the handlers.
    /// Returns false when nothing was ready (a timeout).
    @discardableResult
    public func runOnce() -> Bool {
        var timeout: Int32 = -1
        if let d = deadline {
            let now = monotonicNanoseconds()
            timeout = d <= now ? 0 : Int32(min(UInt64(Int32.max), (d - now + 999_999) / 1_000_000))
        }
        let n = events.withUnsafeMutableBufferPointer { epoll_wait(epfd, $0.baseAddress, Int32($0.count), timeout) }
        wakeups += 1
        if n < 0 { return false }   // EINTR: the signalfd reports the signal itself
        if n == 0 { idleWakeups += 1; return false }
        for i in 0..<Int(n) {
            let fd = events[i].data.fd
            let e = events[i].events
            let hangup = e & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0
            handlers[fd]?(e & EPOLLIN.rawValue != 0 || hangup, e & EPOLLOUT.rawValue != 0)
        }
        return true
    }
}

/// A failed system call, named, with errno's text.
public struct SystemError: Error, CustomStringConvertible, Sendable {
    public var call: String
    public var code: Int32
    public init(_ call: String, code: Int32 = errno) { self.call = call; self.code = code }
    public var description: String { "\(call): \(String(cString: strerror(code)))" }
}

/// SIGTERM, SIGINT and SIGHUP as a readable descriptor, so signal handling is an ordinary
/// event in the loop (no work in async-signal context).
public final class SignalDescriptor {
    public let fd: Int32

    /// Holds `signals` back from their default action (termination) until a descriptor reads
    /// them. Called first thing by `run`: a SIGTERM that arrives while the kiosk is still
    /// loading files or opening the display (seconds on a loaded board) then stops it cleanly
    /// instead of killing it mid-modeset with the console left dark.
    /// Returns the calling thread's mask from before, for `restore` (a library's caller gets
    /// its signals back when the loop is done).
    @discardableResult
    public static func holdBack(_ signals: [Int32]) -> sigset_t {
        var set = sigset_t(), before = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        _ = pthread_sigmask(SIG_BLOCK, &set, &before)
        return before
    }

    /// Sets the calling thread's signal mask back to `mask` (from `holdBack`).
    public static func restore(_ mask: sigset_t) {
        var m = mask
        _ = pthread_sigmask(SIG_SETMASK, &m, nil)
    }

    /// Lets `signals` act again (their default: termination), when the loop that was to read
    /// them will not run (the demo falling back to its offscreen tour).
    public static func letThrough(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    public init(_ signals: [Int32]) throws(SystemError) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        guard pthread_sigmask(SIG_BLOCK, &set, nil) == 0 else { throw SystemError("pthread_sigmask") }
        let fd = signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard fd >= 0 else { throw SystemError("signalfd") }
        self.fd = fd
    }
    deinit { close(fd) }

    /// The pending signals, drained.
    public func read() -> [Int32] {
        var out: [Int32] = []
        var info = signalfd_siginfo()
        while Glibc.read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            out.append(Int32(info.ssi_signo))
        }
        return out
    }
}
