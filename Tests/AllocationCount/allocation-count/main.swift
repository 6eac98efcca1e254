// allocation-count: counts the heap allocations of the kiosk's per-frame path in steady state
// (AllocationTests runs it; docs/architecture.md, "No allocation per frame").
//
// It drives the runtime frame by frame as `run --headless` does (a touch in, the components
// advanced to the frame's time, damage worked out, the frame drawn through `FrameRenderer`
// with its damage, moved rows and backdrop, the changed rows copied out as the headless sink
// does), on a simulated clock at 60 Hz: first some frames to warm up (first frames, caches,
// the backdrop), then the counted frames, with every allocation of the process counted by
// CAllocationHooks (malloc and its kin replaced in this executable only).
//
//     allocation-count idle|drag --config APP [--size WxH] [--warmup N] [--frames N]
//                      [--allocate-each-frame] [--stacks]
//
// Prints one line: `<workload> frames=N allocations=A bytes=B frees=F per_frame=A/N optimized=B`.
// `--allocate-each-frame` allocates one object in every counted frame on purpose (the test
// that the counter counts); `--stacks` writes the call stacks of the first allocations
// counted to stderr (addresses within their files, for addr2line) to find where they come from.
import CAllocationHooks
import DrawerRuntime
import PanelKiosk
import PanelRenderer
#if canImport(Glibc)
import Glibc
#endif

/// What `--allocate-each-frame` allocates: an object kept in a global, so no optimizer can
/// prove the allocation useless and remove it.
final class DeliberateAllocation {
    let frame: Int
    init(frame: Int) { self.frame = frame }
}
nonisolated(unsafe) var deliberate: DeliberateAllocation?

enum Workload: String {
    /// A screen with nothing moving: the loop's frames find nothing to draw.
    case idle
    /// A finger drags the app's first bottom drawer up and down, a move every frame.
    case drag
}

struct Options {
    var workload = Workload.idle
    var config = ""
    var size = "800x480"
    var warmup = 240
    var frames = 600
    var allocateEachFrame = false
    var stacks = false

    static func parse(_ args: ArraySlice<String>) throws -> Options {
        var o = Options()
        var rest = args
        guard let first = rest.popFirst(), let w = Workload(rawValue: first) else {
            throw Failure("usage: allocation-count idle|drag --config APP [--size WxH] [--warmup N] [--frames N] [--allocate-each-frame] [--stacks]")
        }
        o.workload = w
        func value(_ flag: String) throws -> String {
            guard let v = rest.popFirst() else { throw Failure("\(flag) takes a value") }
            return v
        }
        func count(_ flag: String) throws -> Int {
            let v = try value(flag)
            guard let n = Int(v), n >= 0 else { throw Failure("\(flag) takes a count, got '\(v)'") }
            return n
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--config": o.config = try value(flag)
            case "--size": o.size = try value(flag)
            case "--warmup": o.warmup = try count(flag)
            case "--frames": o.frames = try count(flag)
            case "--allocate-each-frame": o.allocateEachFrame = true
            case "--stacks": o.stacks = true
            default: throw Failure("unknown option '\(flag)'")
            }
        }
        guard !o.config.isEmpty else { throw Failure("--config APP is needed") }
        return o
    }
}

/// The frames of a workload on a simulated 60 Hz clock. Nothing in `step` may allocate that
/// the kiosk's own frame would not: it is inside the counted region.
final class Driver {
    let runtime: KioskRuntime
    let workload: Workload
    /// The frame as the headless sink keeps it: the changed rows are copied in after each frame.
    let shown: Pixmap
    /// Where the finger goes down (pixels) and how far up it drags (pixels).
    let x: Double, y0: Double, reach: Double
    static let frameUS: UInt64 = 16_667
    /// Frames of one up-and-down sweep: every sweep repeats the same finger positions.
    static let sweep = 120
    private(set) var frame = 0

    init(options: Options) throws {
        let geometry = try FrameGeometry.resolve(board: nil, size: options.size, scale: nil)
        runtime = try KioskRuntime(app: loadApp(options.config), geometry: geometry, eventsPath: nil, now: .zero)
        workload = options.workload
        guard let p = Pixmap(width: geometry.widthPx, height: geometry.heightPx) else {
            throw Failure("cannot allocate a \(options.size) frame")
        }
        shown = p
        let screen = runtime.screen
        let scale = Double(geometry.widthPx) / screen.env.size.width
        x = Double(geometry.widthPx) / 2
        if workload == .drag {
            guard let drawer = screen.components.lazy.compactMap({ $0 as? BottomDrawer }).first else {
                throw Failure("\(options.config): the drag workload needs a bottom drawer")
            }
            // On the card, below its grabber, at the drawer's initial stop.
            let top = screen.env.size.height - drawer.height
            y0 = (top + 24) * scale
            reach = min(y0 - 40 * scale, 200 * scale)
        } else {
            y0 = 0
            reach = 0
        }
    }

    /// The time of frame `k`, microseconds (the frame is shown then).
    func timeUS(_ k: Int) -> UInt64 { 1_000_000 + UInt64(k) * Self.frameUS }

    /// One frame: the touch of this frame (half a frame before it is shown), the blanker's
    /// tick, the frame drawn and its changed rows copied out.
    func step() {
        let k = frame
        frame += 1
        let show = timeUS(k)
        if workload == .drag {
            let touchUS = show - Self.frameUS / 2
            if k == 0 {
                _ = runtime.deliver(.touch(finger: 0, phase: .down, x: x, y: y0, timeUS: touchUS))
            } else {
                // Up and back down along a cosine, the same positions every sweep.
                let phase = Double(k % Self.sweep) / Double(Self.sweep)
                let y = y0 - reach * (1 - cos(2 * Double.pi * phase)) / 2
                _ = runtime.deliver(.touch(finger: 0, phase: .move, x: x, y: y, timeUS: touchUS))
            }
        }
        let at = Instant.nanoseconds(Int64(show) * 1000)
        _ = runtime.tick(at: at)
        let changed = runtime.drawFrame(showingAt: at)
        let drawn = runtime.frame.pixmap.view
        for r in changed { shown.view.copy(from: drawn.subview(r), to: (r.x, r.y)) }
    }
}

/// Whether the kiosk's modules were built optimized (a debug build defines DEBUG): only then
/// is zero the figure to expect (AllocationTests).
#if DEBUG
let optimized = false
#else
let optimized = true
#endif

func main() -> Int32 {
    do {
        let options = try Options.parse(CommandLine.arguments.dropFirst())
        let driver = try Driver(options: options)
        for _ in 0..<options.warmup { driver.step() }
        if options.stacks { allocation_hooks_keep_stacks(1) }
        allocation_hooks_start()
        for i in 0..<options.frames {
            driver.step()
            if options.allocateEachFrame { deliberate = DeliberateAllocation(frame: i) }
        }
        allocation_hooks_stop()
        let allocations = allocation_hooks_allocations(), bytes = allocation_hooks_bytes(), frees = allocation_hooks_frees()
        if options.stacks { allocation_hooks_print_stacks() }
        let perFrame = options.frames == 0 ? 0 : Double(allocations) / Double(options.frames)
        print("\(options.workload.rawValue) frames=\(options.frames) allocations=\(allocations) bytes=\(bytes) frees=\(frees) "
              + "per_frame=\(perFrame) optimized=\(optimized)")
        return 0
    } catch {
        let message = "allocation-count: \(error)\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        return 1
    }
}

exit(main())
