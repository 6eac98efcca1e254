import DrawerRuntime
import PanelInput
import PanelRenderer

/// Where the real-time loop's frames go, and its frame clock: a frame handed to `present`
/// reaches the glass at a vblank, and the sink reports that vblank's time when it does. The
/// loop draws the next frame for the time it will be seen (the vblank after that one).
///
/// Two sinks: `DRMSink` (the display, vblank-timed page flips) and `HeadlessSink` (frames in
/// memory, vblanks from a timer at the board's refresh rate). Everything else in the loop is
/// the same for both.
package protocol FrameSink: AnyObject {
    /// What the loop prints and reports, e.g. "/dev/dri/card0 (Virtual-1) 1024x768@60".
    var description: String { get }
    var frameIntervalNS: UInt64 { get }
    /// A frame may be handed over now: none is waiting for its vblank, and the output is on.
    var canPresent: Bool { get }
    /// A frame was handed over and its vblank has not been reported yet.
    var isFlipPending: Bool { get }
    /// Frames that reached the glass so far.
    var flipCount: Int { get }
    var missedVblankCount: Int { get }

    /// Queues `frame` for the next vblank; `damage` lists the pixels that changed since the
    /// frame before (empty: show the same pixels again).
    func present(_ frame: PixmapView, damage: [IntRect]) throws

    /// Starts watching the sink's descriptors on `loop` and reporting to `owner`.
    func attach(to loop: LoopReactor, owner: FrameSinkOwner) throws
    /// Called on every loop wake-up: time-based checks (a flip that never completes).
    func poll(now: UInt64)
    /// When the sink needs the loop to wake next, if ever.
    var nextDeadline: UInt64? { get }

    /// The idle blanker wants the screen on or off.
    func setScreenActive(_ on: Bool)
    /// At a clean exit, after the last frame: the captures asked for (`--capture-scanout`).
    func finish() -> String?
    /// Gives the output back (restores the console's CRTC).
    func close() throws
    /// The sink's part of `--stats` (docs/formats.md, Run statistics).
    var statistics: [(String, JSONValue)] { get }
}

/// What a sink tells the loop.
package protocol FrameSinkOwner: AnyObject {
    /// Frames reached the glass at these vblanks (CLOCK_MONOTONIC ns), oldest first.
    func framesShown(vblanksNS: [UInt64])
    /// The sink lost its frame (a display set up again): repaint everything when possible.
    func needsFullRepaint()
    /// A frame can be presented again (the display came back, the CRTC went on).
    func sinkReady()
    /// The sink cannot go on; the loop ends with this message.
    func sinkFailed(_ message: String)
    /// Systemd STATUS= text and the watchdog's notion of "no frames owed".
    func sinkStatus(_ text: String, displayStopped: Bool)
    /// Input from a sink that is also a touch source (the preview's window).
    func deliver(_ event: InputEvent)
    /// The user closed the sink (the preview's window): the loop ends cleanly.
    func stopRequested()
}
