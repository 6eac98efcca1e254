import FoundationEssentials
import CSDL2
import DrawerRuntime
import PanelInput
import PanelRenderer
#if canImport(Glibc)
import Glibc
import PanelKiosk
#endif

/// `panel-kiosk preview`: a desktop window (`DesktopWindow`, SDL2 over X11 or Wayland) as the
/// loop's frame sink, at the board's pixel size times a zoom; one loop's sink, the window may
/// outlive it (the demo's tour). Its frame clock is the headless sink's (a timer at
/// the board's refresh rate), so the loop runs exactly as `run --headless` does; each frame
/// shown is also put in the window. The window is a touch source too (`TouchSource`), as an
/// SDL display driver is in LVGL: the left mouse button is one finger, touchscreen fingers
/// are fingers, Escape is Back; its fingers are numbered by `TouchSlots` as every source's
/// are, and the loop takes its events at each wake-up. Keys: S writes a screenshot PNG, D tints what each frame repaints (for half
/// a second), Z cycles the zoom (100 %, 200 %, 50 %).
final class WindowSink: FrameSink, FrameSinkOwner, TouchSource {
    let clock: HeadlessSink
    /// The window drawn into; shared with the loops before and after this one (the demo's tour).
    let desktop: DesktopWindow
    private var sdl: SDLLibrary { desktop.sdl }
    private weak var owner: FrameSinkOwner?
    /// The frame shown, wrapped for SDL (points at the clock's copy of it).
    private var source: UnsafeMutablePointer<SDL_Surface>?
    private var tint: UnsafeMutablePointer<SDL_Surface>?
    var widthPx: Int { desktop.widthPx }
    var heightPx: Int { desktop.heightPx }
    var zoom: Double { desktop.zoom }
    /// Tint the rectangles each frame repaints (D; the window keeps the setting).
    var showsDamage: Bool { desktop.showsDamage }
    /// The rectangles tinted and until when (monotonic ns): a frame's repaint stays tinted for
    /// `tintHoldNS`, long enough to be seen, then is put back untinted.
    private var tinted: [(rect: IntRect, untilNS: UInt64)] = []
    static let tintHoldNS: UInt64 = 500_000_000
    private var screenshots = 0
    /// The demo's window tour: Right, Space or N asks for the next screen, Left or P for the
    /// previous one (the loop stops; the tour opens the other screen). Off in `preview`.
    var tourKeys = false
    enum TourStep { case next, previous }
    /// The step asked for, if a tour key stopped the loop.
    private(set) var tourStep: TourStep?
    /// A left button held down (the mouse's finger) and the last position (UI pixels).
    private var mouseDown = false
    private var lastMouse = (x: 0.0, y: 0.0)
    /// The fingers down (SDL's touch devices and finger ids as devices and slots) and the
    /// mouse's finger id while its button is held.
    private var touches = TouchSlots()
    private var mouseFinger = 0
    /// Input read from SDL at the last poll, for the loop to take (`events(at:)`).
    private var inputEvents: [InputEvent] = []
    private var lastPollNS: UInt64 = 0
    /// When SDL last gave an event (ns), 0 before the first.
    private var lastEventNS: UInt64 = 0
    /// How often SDL is asked for events while the mouse or a finger is busy (within
    /// `busyForNS` of the last event, or a button held): often enough that a drag's steps
    /// are not bunched. At rest once a refresh (16 ms at 60 Hz) is enough to see a press in
    /// time for the next frame, and a window left open on a laptop wakes 60 times a second
    /// instead of 250.
    static let busyPollIntervalNS: UInt64 = 4_000_000
    static let busyForNS: UInt64 = 1_000_000_000
    /// SDL_TOUCH_MOUSEID: the mouse events SDL makes up from touches (the fingers come as
    /// finger events already).
    static let touchMouseID = UInt32.max

    /// Why there is no window here, or nil when a desktop session is there to try.
    static func desktopMissing(environment: [String: String]) -> String? {
        if environment["DISPLAY", default: ""].isEmpty && environment["WAYLAND_DISPLAY", default: ""].isEmpty {
            return "no desktop display (neither DISPLAY nor WAYLAND_DISPLAY is set): use `panel-kiosk run --headless` or `panel-kiosk render`"
        }
        return nil
    }

    /// A sink drawing into `desktop`, at its pixel size, paced at `refreshHz`.
    init(desktop: DesktopWindow, refreshHz: Int) throws {
        self.desktop = desktop
        clock = try HeadlessSink(widthPx: desktop.widthPx, heightPx: desktop.heightPx, refreshHz: refreshHz)
        let view = clock.shownFrame
        source = desktop.sdl.surfaceFrom(view.base, Int32(view.width), Int32(view.height), 32,
                                         Int32(view.stride * 4), SDL_PIXELFORMAT_ARGB8888.rawValue)
        if let source { _ = sdl.setSurfaceBlendMode(source, SDL_BLENDMODE_NONE) }
        // One translucent magenta pixel, stretched over each repainted area (D).
        tint = sdl.surface(0, 1, 1, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        if let tint {
            tint.pointee.pixels.assumingMemoryBound(to: UInt32.self).pointee = 0x60FF_40A0
            _ = sdl.setSurfaceBlendMode(tint, SDL_BLENDMODE_BLEND)
        }
    }

    deinit {
        if let tint { sdl.freeSurface(tint) }
        if let source { sdl.freeSurface(source) }
    }

    var description: String {
        "window \(widthPx)x\(heightPx)@\(1_000_000_000 / frameIntervalNS) (zoom \(Int(zoom * 100)) %)"
    }
    var frameIntervalNS: UInt64 { clock.frameIntervalNS }
    var canPresent: Bool { clock.canPresent }
    var isFlipPending: Bool { clock.isFlipPending }
    var flipCount: Int { clock.flipCount }
    var missedVblankCount: Int { clock.missedVblankCount }
    var captureScanoutPath: String? {
        get { clock.captureScanoutPath }
        set { clock.captureScanoutPath = newValue }
    }

    func present(_ frame: PixmapView, damage: [IntRect]) throws {
        try clock.present(frame, damage: damage)
        show(damage, asRepaint: true, now: monotonicNanoseconds())
    }

    /// Puts the shown frame's `damage` in the window. With D on and `asRepaint` (a frame's repaint,
    /// not a whole-window refresh), tints it for `tintHoldNS`; tints that are over are put back
    /// untinted, and those still on are drawn again over what this frame put under them
    /// (overlaps show darker: painted twice).
    private func show(_ damage: [IntRect], asRepaint: Bool, now: UInt64) {
        guard let source, let surface = desktop.surface else { return }
        var live = tinted.filter { $0.untilNS > now }
        let expired = tinted.filter { $0.untilNS <= now }.map(\.rect)
        if showsDamage && asRepaint { live += damage.map { ($0, now + Self.tintHoldNS) } }
        if !showsDamage { live = [] }
        let redrawn = damage + expired + live.map(\.rect)
        for r in redrawn {
            var from = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
            var to = scaled(r)
            _ = sdl.blitScaled(source, &from, surface, &to)
        }
        if let tintSurface = tint {
            for t in live {
                var to = scaled(t.rect)
                _ = sdl.blitScaled(tintSurface, nil, surface, &to)
            }
        }
        tinted = live
        desktop.update(redrawn.map(scaled))
    }

    private func scaled(_ r: IntRect) -> SDL_Rect {
        let x0 = (Double(r.x) * zoom).rounded(.down), y0 = (Double(r.y) * zoom).rounded(.down)
        let x1 = (Double(r.x + r.width) * zoom).rounded(.up), y1 = (Double(r.y + r.height) * zoom).rounded(.up)
        return SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0))
    }

    func attach(to loop: LoopReactor, owner: FrameSinkOwner) throws {
        self.owner = owner
        try clock.attach(to: loop, owner: self)
    }

    /// SDL has no descriptor to wait on: its events are read at every wake-up, and the loop
    /// wakes at least every 4 ms for them while the mouse is busy, once a refresh at rest.
    func poll(now: UInt64) {
        clock.poll(now: now)
        lastPollNS = now
        if tinted.contains(where: { $0.untilNS <= now }) { show([], asRepaint: false, now: now) }
        var e = SDL_Event()
        while sdl.pollEvent(&e) != 0 {
            lastEventNS = now
            handle(e, now: now)
        }
    }

    var nextDeadline: UInt64? {
        let busy = mouseDown || lastPollNS &- lastEventNS < Self.busyForNS
        let events = lastPollNS + (busy ? Self.busyPollIntervalNS : clock.frameIntervalNS)
        return clock.nextDeadline.map { min($0, events) } ?? events
    }

    private func handle(_ e: SDL_Event, now: UInt64) {
        let us = now / 1000
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            owner?.stopRequested()
        case SDL_MOUSEBUTTONDOWN where e.button.button == UInt8(SDL_BUTTON_LEFT) && e.button.which != Self.touchMouseID:
            mouseDown = true
            mouseFinger = touches.newFinger()
            lastMouse = (ui(e.button.x), ui(e.button.y))
            inputEvents.append(.touch(finger: mouseFinger, phase: .down, x: lastMouse.x, y: lastMouse.y, timeUS: us))
        case SDL_MOUSEMOTION where mouseDown && e.motion.which != Self.touchMouseID:
            lastMouse = (ui(e.motion.x), ui(e.motion.y))
            inputEvents.append(.touch(finger: mouseFinger, phase: .move, x: lastMouse.x, y: lastMouse.y, timeUS: us))
        case SDL_MOUSEBUTTONUP where e.button.button == UInt8(SDL_BUTTON_LEFT) && mouseDown && e.button.which != Self.touchMouseID:
            mouseDown = false
            inputEvents.append(.touch(finger: mouseFinger, phase: .up, x: ui(e.button.x), y: ui(e.button.y), timeUS: us))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            // SDL's touch device and finger id are the device and slot, as libinput's are.
            let device = Int(truncatingIfNeeded: e.tfinger.touchId), slot = Int32(truncatingIfNeeded: e.tfinger.fingerId)
            let x = Double(e.tfinger.x) * Double(widthPx), y = Double(e.tfinger.y) * Double(heightPx)
            switch SDL_EventType(e.type) {
            case SDL_FINGERDOWN: inputEvents += touches.down(device: device, slot: slot, x: x, y: y, timeUS: us)
            case SDL_FINGERMOTION: inputEvents += touches.move(device: device, slot: slot, x: x, y: y, timeUS: us)
            default:
                // Where the finger was last seen, as libinput's lifts (which have no position).
                inputEvents += touches.end(device: device, slot: slot, phase: .up, timeUS: us)
            }
        case SDL_KEYDOWN where e.key.repeat == 0:
            key(e.key.keysym.sym, us: us)
        case SDL_WINDOWEVENT where e.window.event == UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue) && mouseDown:
            // The button may come up where the window never hears of it: the finger is gone.
            mouseDown = false
            inputEvents.append(.touch(finger: mouseFinger, phase: .cancel, x: lastMouse.x, y: lastMouse.y, timeUS: us))
        case SDL_WINDOWEVENT where e.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue)
                                   || e.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
            show([IntRect(x: 0, y: 0, width: widthPx, height: heightPx)], asRepaint: false, now: monotonicNanoseconds())
        default:
            break
        }
    }

    /// A window coordinate as a UI pixel.
    private func ui(_ v: Int32) -> Double { Double(v) / zoom }

    private func key(_ sym: SDL_Keycode, us: UInt64) {
        switch Int(sym) {
        case Int(SDLK_ESCAPE.rawValue):
            inputEvents.append(.back(timeUS: us))
        case Int(SDLK_s.rawValue):
            screenshots += 1
            let path = "preview-\(screenshots).png"
            do {
                try PNGCodec.encode(clock.shownFrame, to: path, ignoringAlpha: true)
                KioskLog.info("preview: wrote \(path)")
            } catch { KioskLog.warning("preview: screenshot \(path): \(error)") }
        case Int(SDLK_d.rawValue):
            desktop.showsDamage.toggle()
            KioskLog.info("preview: repainted areas \(showsDamage ? "tinted" : "not tinted")")
            show([IntRect(x: 0, y: 0, width: widthPx, height: heightPx)], asRepaint: false, now: monotonicNanoseconds())
        case Int(SDLK_z.rawValue):
            desktop.nextZoom()
            KioskLog.info("preview: zoom \(Int(zoom * 100)) %")
            show([IntRect(x: 0, y: 0, width: widthPx, height: heightPx)], asRepaint: false, now: monotonicNanoseconds())
        case Int(SDLK_RIGHT.rawValue), Int(SDLK_SPACE.rawValue), Int(SDLK_n.rawValue), Int(SDLK_LEFT.rawValue), Int(SDLK_p.rawValue):
            guard tourKeys else { break }
            tourStep = Int(sym) == Int(SDLK_LEFT.rawValue) || Int(sym) == Int(SDLK_p.rawValue) ? .previous : .next
            owner?.stopRequested()
        default:
            break
        }
    }

    func setScreenActive(_ on: Bool) { clock.setScreenActive(on) }
    func finish() -> String? { clock.finish() }
    func close() throws { try clock.close() }
    var statistics: [(String, JSONValue)] {
        [("device", .string("window")), ("driver", .string("sdl2")), ("connector", .string("none")),
         ("mode", .string("\(widthPx)x\(heightPx)@\(1_000_000_000 / frameIntervalNS)")),
         ("rotation", .number(0)), ("rotate_in", .string("none"))]
    }

    // MARK: FrameSinkOwner (the clock reports here; the loop hears it from us)

    func framesShown(vblanksNS: [UInt64]) { owner?.framesShown(vblanksNS: vblanksNS) }
    func needsFullRepaint() { owner?.needsFullRepaint() }
    func sinkReady() { owner?.sinkReady() }
    func sinkFailed(_ message: String) { owner?.sinkFailed(message) }
    func sinkStatus(_ text: String, displayStopped: Bool) { owner?.sinkStatus(text, displayStopped: displayStopped) }
    func deliver(_ event: InputEvent) { owner?.deliver(event) }
    func stopRequested() { owner?.stopRequested() }

    // MARK: TouchSource (SDL has no descriptor: its events are read at each `poll`)

    var readableDescriptor: Int32? { nil }
    var nextDue: Instant? { nil }
    var finished: Bool { false }
    func events(at now: Instant) -> [InputEvent] {
        defer { inputEvents.removeAll(keepingCapacity: true) }
        return inputEvents
    }
}
