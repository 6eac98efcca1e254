import PanelRenderer

/// A tap: down and up of one finger that stayed within `maximumMovement` points of where it
/// went down and lifted within `maximumDuration`. Pure state machine over `TouchEvent`s.
/// Other fingers are ignored (the first finger owns the gesture); a cancel fails it.
public struct TapRecognizer: Sendable {
    public struct Configuration: Equatable, Sendable {
        /// Points; the pan slop by default, so a touch is either a tap or a drag, never both.
        public var maximumMovement: Double
        public var maximumDuration: TimeSpan
        public init(maximumMovement: Double = TouchSlop.standard.points, maximumDuration: TimeSpan = .milliseconds(500)) {
            self.maximumMovement = maximumMovement; self.maximumDuration = maximumDuration
        }
    }

    public enum Event: Equatable, Sendable {
        /// Recognized at lift, at the touch-down location (where the user aimed).
        case recognized(location: Point, time: Instant)
        case failed
    }

    public var configuration: Configuration
    public private(set) var owner: Int?
    private var start = Point.zero
    private var downTime = Instant.zero
    private var failed = false

    public init(configuration: Configuration = Configuration()) { self.configuration = configuration }

    /// While a finger is down and the tap still possible: the instant after which it fails.
    public var deadline: Instant? { owner != nil && !failed ? downTime + configuration.maximumDuration : nil }

    public mutating func reset() { owner = nil; failed = false }

    public mutating func handle(_ e: TouchEvent) -> Event? {
        guard let ownerID = owner else {
            if e.phase == .down { owner = e.id; start = e.location; downTime = e.time; failed = false }
            return nil
        }
        guard e.id == ownerID else { return nil }
        switch e.phase {
        case .down:
            start = e.location; downTime = e.time; failed = false
            return nil
        case .move:
            if !failed && ((e.location - start).length > configuration.maximumMovement
                           || e.time - downTime > configuration.maximumDuration) {
                failed = true
                return .failed
            }
            return nil
        case .up:
            defer { reset() }
            if failed { return nil }
            if (e.location - start).length > configuration.maximumMovement
                || e.time - downTime > configuration.maximumDuration { return .failed }
            return .recognized(location: start, time: e.time)
        case .cancel:
            let wasPossible = !failed
            reset()
            return wasPossible ? .failed : nil
        }
    }
}
