import DrawerRuntime
/// The power policy of a kiosk without a human in front of it, as pure logic on injected time:
///
/// - `blankAfter` without touch → the screen fades out over `fade` (the loop dims the frame
///   and/or the backlight by `fadeLevel`), then the backlight goes off and the CRTC inactive.
/// - The first touch while fading or blank wakes the screen and is swallowed: that finger's
///   whole sequence (down, motions, up) never reaches the UI, so a wake-up tap cannot press a
///   button the user could not see.
/// - `idleReset` without touch → every component returns to its home state, once per idle
///   period (independent of blanking; a shop kiosk forgets the last customer).
///
/// The loop feeds it touches and ticks and applies the returned actions in order. Nothing here
/// reads a clock or touches a device.
package struct IdleBlanker: Sendable {
    enum Phase: Equatable, Sendable {
        case awake
        case fading(since: Instant)
        case blank
    }

    package enum Action: Equatable, Sendable {
        /// Brightness factor for the fade, 1 = normal, 0 = black. The loop redraws with it.
        case fade(level: Double)
        /// Backlight off/on (sysfs `Backlight.turnOff/turnOn`).
        case backlight(on: Bool)
        /// CRTC ACTIVE property (DPMS): off while blank, on before the wake-up frame.
        case crtcActive(Bool)
        /// Draw a frame now (the first frame after waking, before the backlight comes on).
        case redraw
        /// Return every component to its home state.
        case resetToHome
    }

    enum TouchKind: Equatable, Sendable { case down, motion, up, cancel }

    struct Verdict: Equatable, Sendable {
        /// Whether the UI gets this touch event.
        var deliver: Bool
        var actions: [Action]
    }

    /// nil: never blank.
    let blankAfter: TimeSpan?
    let fade: TimeSpan
    /// nil: never reset.
    let idleReset: TimeSpan?

    private(set) var phase: Phase = .awake
    private(set) var lastActivity: Instant
    private var resetDone = false
    private var contacts = 0          // fingers down
    private var swallowing = false    // the current touch sequence woke us

    /// `blankAfterS`/`idleResetS` of nil or 0 turn the feature off (board `[power]`).
    init(blankAfterS: Double?, fadeS: Double = 1.0, idleResetS: Double?, now: Instant) {
        blankAfter = blankAfterS.flatMap { $0 > 0 ? TimeSpan.seconds($0) : nil }
        fade = .seconds(max(0, fadeS))
        idleReset = idleResetS.flatMap { $0 > 0 ? TimeSpan.seconds($0) : nil }
        lastActivity = now
    }

    var isBlank: Bool { phase == .blank }

    /// While fading the loop must draw every frame (the level changes).
    var isAnimating: Bool { if case .fading = phase { true } else { false } }

    /// The brightness factor at `now` (1 awake, falling while fading, 0 blank).
    func fadeLevel(at now: Instant) -> Double {
        switch phase {
        case .awake: return 1
        case .blank: return 0
        case .fading(let since):
            let f = fade.seconds
            guard f > 0 else { return 0 }
            return max(0, min(1, 1 - (now - since).seconds / f))
        }
    }

    /// A touch event from libinput. Returns whether to deliver it and what to do.
    mutating func touch(_ kind: TouchKind, at now: Instant) -> Verdict {
        lastActivity = now
        resetDone = false
        var actions: [Action] = []
        switch kind {
        case .down:
            if phase != .awake, contacts == 0 { swallowing = true }
            contacts += 1
            actions = wake()
        case .motion:
            break
        case .up, .cancel:
            contacts = max(0, contacts - 1)
        }
        let deliver = !swallowing
        if contacts == 0 { swallowing = false }
        return Verdict(deliver: deliver, actions: actions)
    }

    /// Other activity that should keep the screen on (a control-socket command that changes
    /// the UI, a key). Wakes without anything to swallow.
    mutating func activity(at now: Instant) -> [Action] {
        lastActivity = now
        resetDone = false
        return wake()
    }

    /// Called on every loop wake-up and frame; returns the actions that became due.
    mutating func tick(at now: Instant) -> [Action] {
        var actions: [Action] = []
        let idle = now - lastActivity
        if let idleReset, !resetDone, idle >= idleReset {
            resetDone = true
            actions.append(.resetToHome)
        }
        guard let blankAfter, contacts == 0 else { return actions }
        switch phase {
        case .awake where idle >= blankAfter:
            let since = lastActivity + blankAfter
            phase = .fading(since: since)
            if now - since >= fade { actions += goBlank() } else { actions.append(.fade(level: fadeLevel(at: now))) }
        case .fading(let since):
            if now - since >= fade { actions += goBlank() } else { actions.append(.fade(level: fadeLevel(at: now))) }
        default:
            break
        }
        return actions
    }

    /// When the loop must wake next for this policy (nil: not before the next touch).
    /// While fading the loop runs per frame anyway (`isAnimating`).
    var nextDeadline: Instant? {
        var candidates: [Instant] = []
        if let idleReset, !resetDone { candidates.append(lastActivity + idleReset) }
        if let blankAfter {
            switch phase {
            case .awake: candidates.append(lastActivity + blankAfter)
            case .fading(let since): candidates.append(since + fade)
            case .blank: break
            }
        }
        return candidates.min()
    }

    /// The `blank` command: blank at once, without the fade, until a touch or `activity`
    /// (the idle reset still comes when due).
    mutating func blankNow() -> [Action] {
        phase == .blank ? [] : goBlank()
    }

    private mutating func goBlank() -> [Action] {
        phase = .blank
        return [.fade(level: 0), .backlight(on: false), .crtcActive(false)]
    }

    private mutating func wake() -> [Action] {
        switch phase {
        case .awake: return []
        case .fading:
            phase = .awake
            return [.fade(level: 1)]
        case .blank:
            phase = .awake
            return [.crtcActive(true), .fade(level: 1), .redraw, .backlight(on: true)]
        }
    }
}
