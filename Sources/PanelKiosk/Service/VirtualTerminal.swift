#if canImport(Glibc)
import Glibc
#endif
import CDRM
import Logging

/// Console hygiene for the VT the kiosk runs on (the unit's TTYPath=/dev/tty1): switches it to
/// graphics mode (ioctl KDSETMODE KD_GRAPHICS) so the kernel stops drawing console text and
/// the blinking cursor over our frames, and mutes its keyboard (KDSKBMODE K_OFF) so keystrokes
/// from a USB keyboard do not reach the console or a getty behind the kiosk. `close()` (or
/// deinit) restores the saved modes; if we crash, systemd's TTYReset=/TTYVHangup= do it.
///
/// Owns the VT fd unless it borrowed stdin.
final class VirtualTerminal {
    /// linux/kd.h
    enum Request {
        static let getMode: UInt = 0x4B3B, setMode: UInt = 0x4B3A       // KDGETMODE, KDSETMODE
        static let getKeyboardMode: UInt = 0x4B44, setKeyboardMode: UInt = 0x4B45  // KDGKBMODE, KDSKBMODE
        static let textMode: Int32 = 0x00, graphicsMode: Int32 = 0x01   // KD_TEXT, KD_GRAPHICS
        static let keyboardOff: Int32 = 0x04                             // K_OFF
        static let keyboardUnicode: Int32 = 0x03                         // K_UNICODE
    }

    /// The calls it makes, replaceable in tests: C calls go through a table of functions.
    /// Swift cannot call the variadic ioctl(2); libdrm's drmIoctl is a plain
    /// `int (int, unsigned long, void *)` wrapper around it (retrying EINTR/EAGAIN) and works
    /// for any fd, so the VT ioctls go through it.
    struct Syscalls: Sendable {
        var open: @Sendable (String) -> Int32 = { path in
            retryingEINTR { Glibc.open(path, O_RDWR | O_NOCTTY | O_CLOEXEC) }
        }
        var close: @Sendable (Int32) -> Void = { _ = Glibc.close($0) }
        /// ioctl with an int* argument (the getters); returns -1 and sets errno on failure.
        var getInt: @Sendable (Int32, UInt) -> (result: Int32, value: Int32) = { fd, request in
            var v: Int32 = 0
            let r = withUnsafeMutablePointer(to: &v) { drmIoctl(fd, request, $0) }
            return (r, v)
        }
        /// ioctl with an int argument passed by value (the setters).
        var setInt: @Sendable (Int32, UInt, Int32) -> Int32 = { fd, request, value in
            drmIoctl(fd, request, UnsafeMutableRawPointer(bitPattern: Int(value)))
        }
        var errno: @Sendable () -> Int32 = { Glibc.errno }
        static let system = Syscalls()
    }

    let path: String
    private var fd: Int32
    private let ownsFD: Bool
    private let sys: Syscalls
    private let savedMode: Int32
    private let savedKeyboardMode: Int32
    private var restored = false

    /// Takes over the VT at `path` (e.g. /dev/tty1), or `/dev/stdin` to use fd 0 as systemd
    /// set it up. Throws naming the path and errno when it is not a VT we may change (not a
    /// console, no permission).
    init(path: String, syscalls: Syscalls = .system) throws(ServiceError) {
        sys = syscalls
        self.path = path
        if path == "/dev/stdin" { fd = 0; ownsFD = false } else {
            fd = sys.open(path)
            guard fd >= 0 else { throw ServiceError("open", path, errno: sys.errno()) }
            ownsFD = true
        }
        let mode = sys.getInt(fd, Request.getMode)
        guard mode.result == 0 else {
            let e = sys.errno()
            if ownsFD { sys.close(fd) }
            throw e == ENOTTY || e == EINVAL
                ? ServiceError("KDGETMODE", path, detail: "not a virtual terminal")
                : ServiceError("KDGETMODE", path, errno: e)
        }
        let kb = sys.getInt(fd, Request.getKeyboardMode)
        guard kb.result == 0 else {
            let e = sys.errno()
            if ownsFD { sys.close(fd) }
            throw ServiceError("KDGKBMODE", path, errno: e)
        }
        // A previous instance that crashed may have left the VT in graphics mode with the
        // keyboard off; never "restore" that, restore a usable console instead.
        savedMode = mode.value == Request.graphicsMode ? Request.textMode : mode.value
        savedKeyboardMode = kb.value == Request.keyboardOff ? Request.keyboardUnicode : kb.value
        // Every property is set from here on, so a throw runs deinit, whose `close()` restores
        // the saved modes and closes an owned fd exactly once: no closing here.
        guard sys.setInt(fd, Request.setMode, Request.graphicsMode) == 0 else {
            throw ServiceError("KDSETMODE KD_GRAPHICS", path, errno: sys.errno())
        }
        if sys.setInt(fd, Request.setKeyboardMode, Request.keyboardOff) != 0 {
            throw ServiceError("KDSKBMODE K_OFF", path, errno: sys.errno())
        }
    }

    /// The kiosk's entry point: tries `path` (default: stdin, the VT systemd attached with
    /// TTYPath= and StandardInput=tty; no other console is grabbed). Logs and returns nil when there is no VT (SSH session, container, serial console, VT-less
    /// kernel): the kiosk runs on without console hygiene.
    static func acquire(path: String? = nil, logger: Logger, syscalls: Syscalls = .system) -> VirtualTerminal? {
        let p = path ?? "/dev/stdin"
        do {
            let vt = try VirtualTerminal(path: p, syscalls: syscalls)
            logger.info("VT \(p): graphics mode, keyboard muted")
            return vt
        } catch {
            logger.warning("no VT hygiene (\(error)); console text or keystrokes may show through. Run as the systemd unit (TTYPath=/dev/tty1) to fix.")
            return nil
        }
    }

    deinit { close() }

    /// Restores the keyboard and text mode saved at init, then closes an owned fd. Idempotent.
    func close() {
        guard !restored else { return }
        restored = true
        _ = sys.setInt(fd, Request.setKeyboardMode, savedKeyboardMode)
        _ = sys.setInt(fd, Request.setMode, savedMode)
        if ownsFD { sys.close(fd) }
        fd = -1
    }
}
