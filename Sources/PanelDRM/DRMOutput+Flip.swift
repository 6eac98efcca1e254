#if canImport(Glibc)
import PanelRenderer
import Glibc
import CDRM

/// What `present` did with a frame.
public enum PresentResult: Sendable, Equatable {
    /// Copied into a back buffer and the flip requested; an event follows.
    case flipRequested
    /// Copied into a spare buffer (3 buffers); it flips as soon as the pending flip completes.
    case queued
    /// Every buffer is on screen or waiting to be, or the CRTC is inactive; nothing was done.
    /// Present after the next flip event (or after `setActive(true)`).
    case busy
}

/// A completed page flip.
public struct FlipEvent: Sendable, Equatable {
    /// The number of the frame now on screen (1 for the first `present`).
    public var frame: UInt64
    /// The CRTC's vblank counter at the flip.
    public var sequence: UInt32
    /// When the vblank happened, CLOCK_MONOTONIC nanoseconds, from the kernel.
    public var timestamp: UInt64
    /// When `present` was called for this frame, CLOCK_MONOTONIC nanoseconds.
    public var presentedAt: UInt64
    /// Vblanks since the previous flip (1 when every vblank got a frame); nil for the first.
    public var vblanksSincePreviousFlip: UInt32?
    /// Vblanks between the previous flip and this one that showed no new frame (the sequence
    /// gap minus one; 0 for the first). During continuous animation every one is a dropped
    /// frame, whoever caused it; after idling it means nothing.
    public var missedVblanks: Int
    /// The part of the gap that happened after the frame was presented: vblanks the flip
    /// landed after the first one it could have made. 0 when the display kept up; a slow
    /// render shows in `missedVblanks` but not here.
    public var lateVblanks: Int
}

/// Buffer roles, per-buffer content and the damage history that make partial copies correct.
struct FlipState {
    var front: Int?
    var pending: Int?
    var ready: Int?
    var pendingRequestedAt: UInt64 = 0
    var readyRequestedAt: UInt64 = 0
    /// The frame number each buffer holds, nil while it holds none of ours.
    var content: [UInt64?]
    /// The damage of the most recent frames, oldest first.
    var history: [(frame: UInt64, rects: [IntRect])] = []
    var frameNumber: UInt64 = 0
    var lastFlip: (sequence: UInt32, time: UInt64)?
    var flips = 0
    var missedVblanks = 0
    var lateVblanks = 0
    let frameInterval: UInt64
    static let historyDepth = 4

    init(bufferCount: Int, frameInterval: UInt64) {
        content = Array(repeating: nil, count: bufferCount)
        self.frameInterval = frameInterval
    }

    /// The buffer the next frame goes into: the one waiting to flip (replaced by the newer
    /// frame), else one neither on screen nor pending.
    func target() -> Int? {
        if let ready { return ready }
        return content.indices.first { $0 != front && $0 != pending }
    }

    /// What must be copied into `buffer` to bring it to frame `number`, whose own damage is
    /// `damage`: the union of the damage of every frame since the one it holds (its age), or
    /// the whole frame when it holds none or is older than the history.
    func region(for buffer: Int, frame number: UInt64, damage: [IntRect], bounds: IntRect) -> [IntRect] {
        guard let held = content[buffer], number > held, number - held <= UInt64(history.count + 1) else {
            return [bounds]
        }
        var rects = damage
        for entry in history where entry.frame > held { rects += entry.rects }
        if rects.count > 32 { return [rects.reduce(IntRect.zero) { $0.union($1) }] }
        return rects
    }

    /// The damage of frames after `shown` through `next`: what differs between the two
    /// (the whole frame when that history is gone; nothing when they are the same frame).
    func changes(after shown: UInt64?, through next: UInt64?, bounds: IntRect) -> [IntRect] {
        guard let shown, let next, next >= shown else { return [bounds] }
        let entries = history.filter { $0.frame > shown && $0.frame <= next }
        guard entries.count == Int(next - shown) else { return [bounds] }
        let rects = entries.flatMap(\.rects)
        return rects.count > 32 ? [rects.reduce(IntRect.zero) { $0.union($1) }] : rects
    }

    mutating func remember(frame number: UInt64, damage: [IntRect]) {
        history.append((number, damage))
        if history.count > Self.historyDepth { history.removeFirst(history.count - Self.historyDepth) }
    }

    /// The first vblank a flip requested at `time` could land on, given the previous flip.
    func late(sequence: UInt32, requestedAt time: UInt64) -> Int {
        guard let last = lastFlip else { return 0 }
        var earliest = last.sequence &+ 1
        if time > last.time {
            let periods = (time - last.time + frameInterval - 1) / frameInterval
            earliest = last.sequence &+ UInt32(truncatingIfNeeded: max(1, periods))
        }
        let late = Int(Int32(bitPattern: sequence &- earliest))
        return max(0, late)
    }
}

/// Where the C page-flip handler leaves what it was told; owned by the output, reached from C
/// through the flip's user-data pointer.
final class FlipCollector {
    var completed: [(sequence: UInt32, seconds: UInt32, microseconds: UInt32)] = []
}

extension DRMOutput {
    /// Frames flipped so far, and the sums of `FlipEvent.missedVblanks` and `lateVblanks`.
    public var flipCount: Int { state.flips }
    public var missedVblankCount: Int { state.missedVblanks }
    public var lateVblankCount: Int { state.lateVblanks }
    /// Whether `present` would find a buffer now.
    /// False while the CRTC is inactive (`setActive(false)`).
    public var canPresent: Bool { crtcActive && state.target() != nil }
    public var isFlipPending: Bool { state.pending != nil }
    /// When the pending flip was requested (monotonic ns), if one is pending.
    public var pendingFlipRequestedAt: UInt64? { state.pending != nil ? state.pendingRequestedAt : nil }

    /// Shows a complete frame drawn in normal memory. Only `damage` (frame coordinates: what
    /// changed since the previous frame) plus what the chosen buffer missed while it was not
    /// drawn into is copied, rotated and converted, into the scanout buffer. `frame` must be
    /// `frameWidth` x `frameHeight` and hold the whole current image. Never blocks.
    @discardableResult
    public func present(frame: PixmapView, damage: [IntRect]) throws(DRMError) -> PresentResult {
        precondition(frame.width == frameWidth && frame.height == frameHeight,
                     "frame is \(frame.width)x\(frame.height), the output takes \(frameWidth)x\(frameHeight)")
        let fd = try device.descriptor()
        let number = state.frameNumber + 1
        let bounds = IntRect(x: 0, y: 0, width: frameWidth, height: frameHeight)
        let own = damage.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        if !modeSet {
            try setModeAndShowFirst(frame: frame, number: number)
            state.frameNumber = number
            state.remember(frame: number, damage: [bounds])
            try requestFlip(fd: fd, buffer: 1, requestedAt: monotonicNanoseconds())
            return .flipRequested
        }
        guard crtcActive, let target = state.target() else { return .busy }
        let buffer = buffers[target]
        guard let bytes = buffer.bytes else {
            throw site.error("present", detail: "scanout buffer is unmapped")
        }
        let region = state.region(for: target, frame: number, damage: own, bounds: bounds)
        for rect in region {
            ScanoutCopy.copy(rect, of: frame, rotation: bufferRotation, into: bytes,
                             pitch: buffer.pitch, format: configuration.format)
        }
        state.frameNumber = number
        state.remember(frame: number, damage: own)
        state.content[target] = number
        let now = monotonicNanoseconds()
        if state.pending == nil {
            try requestFlip(fd: fd, buffer: target, requestedAt: now)
            if state.ready == target { state.ready = nil }
            return .flipRequested
        }
        state.ready = target
        state.readyRequestedAt = now
        return .queued
    }

    /// Flips to `buffer` by an atomic commit (with FB_DAMAGE_CLIPS: what changed since the
    /// frame on screen) or a legacy page flip.
    private func requestFlip(fd: Int32, buffer: Int, requestedAt: UInt64) throws(DRMError) {
        guard let fb = buffers[buffer].framebufferID else {
            throw site.error("drmModePageFlip", detail: "buffer has no framebuffer")
        }
        let crtc = selection.crtc.id
        let context = Unmanaged.passUnretained(collector).toOpaque()
        if let atomic {
            let rotation = bufferRotation
            let bounds = IntRect(x: 0, y: 0, width: frameWidth, height: frameHeight)
            let shown = state.front.flatMap { state.content[$0] }
            let changed = state.changes(after: shown, through: state.content[buffer], bounds: bounds)
            let clips = changed.map { rotation.scanoutRect($0, frameWidth: frameWidth, frameHeight: frameHeight) }
            try atomic.flip(fd: fd, site: site, framebuffer: fb, source: bufferSize,
                            destination: (selection.mode.width, selection.mode.height), damage: clips, userData: context)
        } else {
            try site.call("drmModePageFlip") {
                drmModePageFlip(fd, crtc, fb, UInt32(DRM_MODE_PAGE_FLIP_EVENT), context)
            }
        }
        state.pending = buffer
        state.pendingRequestedAt = requestedAt
    }

    /// Reads every DRM event waiting on the descriptor (`drmHandleEvent`, non-blocking) and
    /// returns the completed flips, oldest first. A queued frame's flip is requested here.
    public func handleEvents() throws(DRMError) -> [FlipEvent] {
        let fd = try device.descriptor()
        var context = drmEventContext()
        context.version = 3
        context.page_flip_handler2 = { _, sequence, seconds, microseconds, _, userData in
            guard let userData else { return }
            Unmanaged<FlipCollector>.fromOpaque(userData).takeUnretainedValue()
                .completed.append((sequence, seconds, microseconds))
        }
        for _ in 0..<64 {
            if drmHandleEvent(fd, &context) == 0 { continue }
            let e = Glibc.errno
            if e == EINTR { continue }
            if e == EAGAIN || e == EWOULDBLOCK { break }
            throw site.error("drmHandleEvent", errno: e)
        }
        var events: [FlipEvent] = []
        let completed = collector.completed
        collector.completed.removeAll(keepingCapacity: true)
        for c in completed {
            guard let shown = state.pending else { continue }
            let time = UInt64(c.seconds) * 1_000_000_000 + UInt64(c.microseconds) * 1_000
            let late = state.late(sequence: c.sequence, requestedAt: state.pendingRequestedAt)
            let delta = state.lastFlip.map { c.sequence &- $0.sequence }
            let missed = delta.map { Int(max(1, $0)) - 1 } ?? 0
            events.append(FlipEvent(frame: state.content[shown] ?? 0, sequence: c.sequence, timestamp: time,
                                    presentedAt: state.pendingRequestedAt,
                                    vblanksSincePreviousFlip: delta, missedVblanks: missed, lateVblanks: late))
            state.front = shown
            state.pending = nil
            state.lastFlip = (c.sequence, time)
            state.flips += 1
            state.missedVblanks += missed
            state.lateVblanks += late
            if let next = state.ready {
                state.ready = nil
                try requestFlip(fd: fd, buffer: next, requestedAt: state.readyRequestedAt)
            }
        }
        return events
    }
}
#endif
