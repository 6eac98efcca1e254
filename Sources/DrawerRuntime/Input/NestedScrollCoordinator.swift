/// The one protocol by which a container (bottom drawer, sheet, popup) and a scroll view inside
/// it share a single continuous drag, in both directions (docs/components.md, M9). Pure values:
/// the owner feeds finger deltas along the drag axis and applies the split it gets back.
///
/// Conventions, one axis:
/// * `delta` is the finger's movement in points, positive = down (or right).
/// * The container's `position` moves with the finger (a sheet's origin y): its range is
///   `containerRange` (lower bound = most expanded for a bottom-attached container).
/// * The content's `offset` moves against the finger (a scroll view's content offset):
///   range `contentRange`, normally 0...max, with 0 = at its top.
///
/// Order, per policy (the geometry of bottom-attached containers, whose content scrolls in the
/// direction they expand):
/// * finger toward expanding (delta < 0): `.resizeFirst` moves the container until its limit,
///   then scrolls the content (iOS `prefersScrollingExpandsWhenScrolledToEdge`, Android nested
///   scrolling); `.scrollFirst` scrolls the content to its end first, then moves the container.
/// * finger toward collapsing (delta > 0), both policies: the content scrolls back to its top
///   first, then the container moves (as sheets and LNPopupController do: docs/components.md,
///   Sheet S5, Popup bar PB18).
/// Whatever neither can take is `overflow`, assigned to the last participant in that order that
/// can move at all (a list with nothing to scroll passes it to the container), for its owner to
/// rubber-band. A reversal first takes back the overflow, so nothing jumps. A participant that
/// does not rubber-band (not in `showsOverflow`) drops its overflow instead: nothing on screen
/// stands for it, so a reversal must move things at once rather than first pay it back.
public enum NestedScrollPolicy: String, CaseIterable, Equatable, Hashable, Sendable {
    case resizeFirst
    case scrollFirst
}

public enum NestedScrollParticipant: Equatable, Hashable, Sendable { case container, content }

/// How one finger delta was shared. `container + content + overflowDelta + dropped == delta`.
public struct NestedScrollSplit: Equatable, Sendable {
    /// Points the container moves (add to its position).
    public var container: Double
    /// Points of finger movement given to the content (its offset changes by `-content`).
    public var content: Double
    /// Change of the accumulated overflow (points past both limits) in this step.
    public var overflowDelta: Double
    /// Points past both limits owned by a participant that does not show overflow: lost.
    public var dropped: Double
    public init(container: Double, content: Double, overflowDelta: Double, dropped: Double = 0) {
        self.container = container; self.content = content; self.overflowDelta = overflowDelta
        self.dropped = dropped
    }
}

public struct NestedScrollCoordinator: Equatable, Sendable {
    public var policy: NestedScrollPolicy
    public var containerRange: ClosedRange<Double>
    public var contentRange: ClosedRange<Double>
    /// The participants that display overflow (a rubber band); the others drop it.
    public var showsOverflow: Set<NestedScrollParticipant>
    public private(set) var containerPosition: Double
    public private(set) var contentOffset: Double
    /// Signed finger travel past both limits, not yet taken back.
    public private(set) var overflow: Double = 0
    /// Who shows `overflow` (the last participant in the chain for its direction).
    public private(set) var overflowOwner: NestedScrollParticipant?
    /// Who received the most recent movement: decides who gets the release velocity.
    public private(set) var lastRecipient: NestedScrollParticipant?

    /// Starts a gesture from the participants' current (possibly mid-animation) values.
    ///
    /// A participant caught outside its range (a spring overshooting an anchor, a list
    /// bouncing) starts clamped, with the excess as overflow, so the first delta cannot jump.
    /// The excess is taken in finger points; if the owner displays overflow through a rubber
    /// band, pass the finger overshoot that produces the shown excess as `overflow` (e.g.
    /// `RubberBand.inverseHyperbolic`), and it is used instead.
    public init(policy: NestedScrollPolicy, containerPosition: Double, containerRange: ClosedRange<Double>,
                contentOffset: Double, contentRange: ClosedRange<Double>, overflow: Double? = nil,
                showsOverflow: Set<NestedScrollParticipant> = [.container, .content]) {
        self.policy = policy
        self.showsOverflow = showsOverflow
        self.containerRange = containerRange
        self.contentRange = contentRange
        let clampedPosition = min(max(containerPosition, containerRange.lowerBound), containerRange.upperBound)
        let clampedOffset = min(max(contentOffset, contentRange.lowerBound), contentRange.upperBound)
        self.containerPosition = clampedPosition
        self.contentOffset = clampedOffset
        if containerPosition != clampedPosition {
            self.overflow = overflow ?? (containerPosition - clampedPosition)
            overflowOwner = .container
        } else if contentOffset != clampedOffset {
            // Content offset runs against the finger.
            self.overflow = overflow ?? (clampedOffset - contentOffset)
            overflowOwner = .content
        }
        if self.overflow == 0 { overflowOwner = nil }
        lastRecipient = overflowOwner
    }

    /// Shares one finger delta; updates the positions and returns the split.
    public mutating func drag(by delta: Double) -> NestedScrollSplit {
        let split = share(delta)
        latestStepMoved = split.container != 0 || split.content != 0 || split.overflowDelta != 0
        return split
    }

    /// `drag`'s work: shares `delta` and moves the participants.
    private mutating func share(_ delta: Double) -> NestedScrollSplit {
        var remaining = delta
        var split = NestedScrollSplit(container: 0, content: 0, overflowDelta: 0)
        // 1. Take back overflow first when the finger reverses.
        if overflow != 0 && (overflow > 0) != (remaining > 0) && remaining != 0 {
            let back = overflow > 0 ? max(remaining, -overflow) : min(remaining, -overflow)
            overflow += back
            split.overflowDelta += back
            remaining -= back
            lastRecipient = overflowOwner
            if overflow == 0 { overflowOwner = nil }
        }
        guard remaining != 0 else { return split }
        // 2. Walk the chain for this direction.
        let order: [NestedScrollParticipant] = remaining < 0 && policy == .resizeFirst
            ? [.container, .content] : [.content, .container]
        for participant in order where remaining != 0 {
            let taken: Double
            switch participant {
            case .container:
                let target = min(max(containerPosition + remaining, containerRange.lowerBound), containerRange.upperBound)
                taken = target - containerPosition
                containerPosition = target
                split.container += taken
            case .content:
                let target = min(max(contentOffset - remaining, contentRange.lowerBound), contentRange.upperBound)
                taken = contentOffset - target
                contentOffset = target
                split.content += taken
            }
            if taken != 0 { lastRecipient = participant }
            remaining -= taken
        }
        // 3. The rest is overflow, shown by the last in the chain that can move (or dropped).
        if remaining != 0 {
            let owner = order.last(where: { range(of: $0).lowerBound < range(of: $0).upperBound }) ?? .container
            lastRecipient = owner
            if showsOverflow.contains(owner) {
                overflow += remaining
                split.overflowDelta += remaining
                overflowOwner = owner
            } else {
                split.dropped += remaining
            }
        }
        return split
    }

    private func range(of p: NestedScrollParticipant) -> ClosedRange<Double> {
        p == .container ? containerRange : contentRange
    }

    /// Who followed the finger in the latest `drag`: the one showing overflow, else the one
    /// that took the step's last part (the content once the container handed over to it, the
    /// container once the content is back at its top). Nil before any drag and when the step
    /// moved nothing (no delta, or all of it dropped): the caller keeps whoever followed
    /// before. A motion trace's `dragging` or `scrolling` (docs/formats.md).
    public var follower: NestedScrollParticipant? { latestStepMoved ? releaseRecipient : nil }
    /// The latest `drag` moved something on screen (a participant or a rubber band).
    private var latestStepMoved = false

    /// Who should receive the release velocity: the participant showing overflow (it springs
    /// back), else the one that moved last (content flings on, or the container snaps).
    public var releaseRecipient: NestedScrollParticipant {
        if overflow != 0, let owner = overflowOwner { return owner }
        return lastRecipient ?? .container
    }
}
