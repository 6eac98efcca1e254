import DrawerRuntime

/// Where a frame's time goes on the real-time loop, for `run --stats` (`frame_timing_ms`):
/// what the late schedule budgets before a vblank, how late the frame timer wakes it, how long
/// reading the pending input takes, the whole work of a frame (planned start to the flip
/// queued, as `FrameScheduler` predicts it), the present alone (copy into the scanout buffer
/// and the flip request), and the slack left between the flip queued and the vblank the frame
/// was drawn for. Bounded like every run figure (`SampleWindow`).
struct FrameTiming: Sendable {
    private var budget = SampleWindow(), wakeLate = SampleWindow(), input = SampleWindow()
    private var work = SampleWindow(), present = SampleWindow(), slack = SampleWindow()

    /// A planned frame's timer fired `lateNS` after its start, which lay `budgetNS` before its vblank.
    mutating func woke(lateNS: UInt64, budgetNS: UInt64) {
        wakeLate.add(Double(lateNS) / 1e6)
        budget.add(Double(budgetNS) / 1e6)
    }

    /// Reading and dispatching the pending input took `ns`.
    mutating func inputRead(ns: UInt64) { input.add(Double(ns) / 1e6) }

    /// A frame's work took `ns`, its present `presentNS`; `slackNS`: its vblank minus the flip
    /// queued (negative: queued after it), for a frame drawn for a known vblank.
    mutating func worked(ns: UInt64, presentNS: UInt64, slackNS: Int64?) {
        work.add(Double(ns) / 1e6)
        present.add(Double(presentNS) / 1e6)
        if let slackNS { slack.add(Double(slackNS) / 1e6) }
    }

    private static func summary(_ w: SampleWindow) -> JSONValue {
        .object([("p5", .number(w.percentile(0.05))), ("p50", .number(w.percentile(0.5))), ("p95", .number(w.percentile(0.95))), ("p99", .number(w.percentile(0.99)))])
    }

    var statistics: JSONValue {
        .object([("budget", Self.summary(budget)), ("wake_late", Self.summary(wakeLate)), ("input", Self.summary(input)),
                 ("work", Self.summary(work)), ("present", Self.summary(present)), ("slack", Self.summary(slack))])
    }
}
