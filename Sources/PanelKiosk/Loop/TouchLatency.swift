import DrawerRuntime
import PanelRenderer

/// Touch-to-glass latency over a run: for each touch event, the vblank at which the first
/// frame that includes it reached the glass minus the event's kernel timestamp (both
/// CLOCK_MONOTONIC). The loop says when an event arrives, when a frame is handed over
/// (it includes every event not yet in a frame) and when that frame is shown. Bounded: the
/// percentiles are over the most recent events (`SampleWindow`), and events waiting for a
/// frame are capped (a screen that is off includes none).
package struct TouchLatency: Sendable {
    /// Latencies in ms and in refreshes of the mode.
    private(set) var milliseconds = SampleWindow()
    private(set) var frames = SampleWindow()
    /// Events not yet in a frame, and those in the frame handed over (timestamps, ns).
    private var waiting: [UInt64] = []
    private var inFlight: [UInt64] = []
    static let maxWaiting = 4096

    /// A touch event with this kernel timestamp was delivered to the screen.
    mutating func touched(atNS ns: UInt64) {
        guard waiting.count < Self.maxWaiting else { return }
        waiting.append(ns)
    }

    /// Every touch delivered has reached the glass (none waits for a frame or a flip).
    var allShown: Bool { waiting.isEmpty && inFlight.isEmpty }

    /// The oldest event waiting for a frame (the next frame handed over includes it), ns.
    var oldestWaitingNS: UInt64? { waiting.min() }

    /// A frame was handed to the sink: it includes every event delivered so far.
    mutating func framePresented() {
        inFlight += waiting
        waiting.removeAll(keepingCapacity: true)
    }

    /// The frame handed over reached the glass at `vblankNS`.
    mutating func frameShown(vblankNS: UInt64, frameIntervalNS: UInt64) {
        for t in inFlight {
            let ms = vblankNS > t ? Double(vblankNS - t) / 1e6 : 0
            milliseconds.add(ms)
            frames.add(ms * 1e6 / Double(max(1, frameIntervalNS)))
        }
        inFlight.removeAll(keepingCapacity: true)
    }

    /// `{"count", "p50", "p90", "p99", "max"}` of ms or frames (docs/formats.md, Run statistics).
    static func summary(_ w: SampleWindow) -> JSONValue {
        .object([("count", .number(Double(w.count))), ("p50", .number(w.percentile(0.5))),
                 ("p90", .number(w.percentile(0.9))), ("p99", .number(w.percentile(0.99))), ("max", .number(w.max))])
    }

    package var statistics: [(String, JSONValue)] {
        [("touch_latency_ms", Self.summary(milliseconds)), ("touch_latency_frames", Self.summary(frames))]
    }
}
