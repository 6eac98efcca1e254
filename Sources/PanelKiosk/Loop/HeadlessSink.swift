import CLinux
import DrawerRuntime
import PanelInput
import PanelRenderer
#if canImport(Glibc)
import Glibc
#endif

/// `run --headless`: the real loop with no display. Frames are drawn into memory and "shown"
/// at vblanks that a timer makes at the board's refresh rate (CLOCK_MONOTONIC, from the
/// moment the sink was made), so the loop, its timing and everything it serves (touch, the
/// control socket, blanking, reload) behave as on the device. The last frame shown is kept
/// for `--capture-scanout`.
package final class HeadlessSink: FrameSink {
    let widthPx: Int, heightPx: Int
    package let frameIntervalNS: UInt64
    private let epochNS: UInt64
    private let timer: Int32
    private weak var owner: FrameSinkOwner?
    /// The frame shown at the last vblank (copied at `present`: the loop draws over its own).
    private var shown: Pixmap
    /// The vblank the frame handed over waits for.
    package private(set) var pendingVblankNS: UInt64?
    /// The frame shown at the last vblank.
    package var shownFrame: PixmapView { shown.view }
    package private(set) var flipCount = 0
    private(set) var screenActive = true
    package var captureScanoutPath: String?

    package init(widthPx: Int, heightPx: Int, refreshHz: Int) throws {
        let fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        guard fd >= 0 else { throw Failure("timerfd_create: \(String(cString: strerror(errno)))") }
        guard let p = Pixmap(width: widthPx, height: heightPx) else {
            Glibc.close(fd)
            throw Failure("cannot allocate a \(widthPx)x\(heightPx) frame")
        }
        timer = fd
        shown = p
        self.widthPx = widthPx
        self.heightPx = heightPx
        frameIntervalNS = 1_000_000_000 / UInt64(max(1, refreshHz))
        epochNS = monotonicNanoseconds()
    }

    deinit { Glibc.close(timer) }

    package var description: String { "memory (headless) \(widthPx)x\(heightPx)@\(1_000_000_000 / frameIntervalNS)" }
    package var canPresent: Bool { pendingVblankNS == nil && screenActive }
    package var isFlipPending: Bool { pendingVblankNS != nil }
    /// A timer never misses: a late wake-up reports the vblank it was armed for.
    package var missedVblankCount: Int { 0 }

    /// The first vblank strictly after `ns`.
    func vblank(after ns: UInt64) -> UInt64 {
        let k = ns >= epochNS ? (ns - epochNS) / frameIntervalNS + 1 : 0
        return epochNS + k * frameIntervalNS
    }

    package func present(_ frame: PixmapView, damage: [IntRect]) throws {
        precondition(pendingVblankNS == nil, "present while a frame waits for its vblank")
        for r in damage { shown.view.copy(from: frame.subview(r), to: (r.x, r.y)) }
        let at = vblank(after: monotonicNanoseconds())
        pendingVblankNS = at
        var spec = itimerspec()
        spec.it_value.tv_sec = Int(at / 1_000_000_000)
        spec.it_value.tv_nsec = Int(at % 1_000_000_000)
        guard timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME), &spec, nil) == 0 else {
            throw Failure("timerfd_settime: \(String(cString: strerror(errno)))")
        }
    }

    package func attach(to loop: LoopReactor, owner: FrameSinkOwner) throws {
        self.owner = owner
        do { try loop.watch(timer) { [unowned self] in self.timerFired() } } catch { throw Failure("\(error)") }
    }

    private func timerFired() {
        var expirations: UInt64 = 0
        _ = read(timer, &expirations, 8)
        guard let at = pendingVblankNS, monotonicNanoseconds() >= at else { return }
        pendingVblankNS = nil
        flipCount += 1
        owner?.framesShown(vblanksNS: [at])
    }

    package func poll(now: UInt64) {}
    package var nextDeadline: UInt64? { nil }

    package func setScreenActive(_ on: Bool) {
        guard on != screenActive else { return }
        screenActive = on
        KioskLog.info("headless screen \(on ? "on" : "off")")
        if on { owner?.sinkReady() }
    }

    package func finish() -> String? {
        guard let captureScanoutPath else { return nil }
        do { try PNGCodec.encode(shown.view, to: captureScanoutPath, ignoringAlpha: true) } catch {
            return "capture scanout to \(captureScanoutPath): \(error)"
        }
        return nil
    }

    package func close() throws {}

    package var statistics: [(String, JSONValue)] {
        [("device", .string("headless")), ("driver", .string("memory")), ("connector", .string("none")),
         ("mode", .string("\(widthPx)x\(heightPx)@\(1_000_000_000 / frameIntervalNS)")),
         ("rotation", .number(0)), ("rotate_in", .string("none"))]
    }
}
