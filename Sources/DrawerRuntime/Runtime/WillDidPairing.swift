/// Pairs a component's will/did events, the same way for every component (docs/components.md,
/// each component's events): a *will* names a new destination when a motion toward it starts,
/// and exactly one *did* follows when the component comes to rest, however many wills (a
/// drawer thrown up, caught and pushed down) came before it. A value, so a component's state
/// machine carries it in its state and tests drive it alone.
///
/// Before this there were three copies (a `pendingDid` flag in the drawer and the sheet, an
/// `announcedState` in the side drawer), and two fixes to one of them had not reached the
/// others.
struct WillDidPairing<Value: Equatable & Sendable>: Equatable, Sendable {
    /// Where the component rests by the last *did* (or where it started).
    private(set) var committed: Value
    /// The destination the last *will* named, while its *did* has not come yet.
    private(set) var announced: Value?

    init(committed: Value) { self.committed = committed }

    /// Where the component is heading by what was said so far: the last *will*'s destination,
    /// or where it rests.
    var destination: Value { announced ?? committed }

    /// A motion toward `target` starts. Returns the *will* to emit (from the destination said
    /// so far, to `target`), or nil when `target` was already said: a motion retargeted to
    /// where it was going anyway says nothing new.
    mutating func will(toward target: Value) -> (from: Value, to: Value)? {
        let from = destination
        guard from != target else { return nil }
        announced = target
        return (from, target)
    }

    /// The component came to rest at `value`. Returns the *did* to emit: when a *will* is
    /// waiting for it, or when it rests somewhere else than it did (a change no motion
    /// announced, such as a drag that ends exactly on a stop); nil otherwise.
    mutating func did(at value: Value) -> Value? {
        defer { committed = value; announced = nil }
        return announced != nil || value != committed ? value : nil
    }

    /// Takes `value` as where the component rests, saying nothing (a reload's carried state,
    /// an unanimated move whose events the component emits itself).
    mutating func rest(at value: Value) { committed = value; announced = nil }
}
