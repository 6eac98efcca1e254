/// Numbers a component's `stateRevision` from snapshots of its state-file entry: a snapshot
/// is the entry's fields as plain values (no JSON built, nothing allocated), and the number
/// changes whenever the snapshot differs from the one it was last asked with.
///
/// Whoever remembers a revision and later sees the same number knows the entry is the same;
/// a different number means it changed (or changed and came back, when someone else asked in
/// between: a frame repainted for nothing, never one missed).
struct StateRevision<Snapshot: Equatable> {
    private var last: Snapshot?
    private var revision = 0

    /// The revision for `snapshot`, the state as it is now.
    mutating func revision(of snapshot: Snapshot) -> Int {
        if last != snapshot {
            last = snapshot
            revision &+= 1
        }
        return revision
    }
}
