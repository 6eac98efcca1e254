/// "Did you mean" for every message that names a bad word: touch-script verbs, config keys
/// and values, control-socket commands. One rule everywhere: the closest candidate by
/// optimal string alignment (insert, delete, substitute or swap neighbours, each 1),
/// within a third of its length (at least 1, at most 3), ties to the alphabetically first.
package enum Suggestion {
    package static func nearest(_ word: String, in candidates: [String]) -> String? {
        // A suggestion is at most 3 edits away, so a word that long cannot be a typo of a
        // short name: skip it rather than build a distance table the size of a 10 MB key.
        let longest = candidates.map(\.unicodeScalars.count).max() ?? 0
        guard word.unicodeScalars.count <= longest + 3 else { return nil }
        var best: (String, Int)?
        for c in Set(candidates) {
            let d = distance(word.lowercased(), c.lowercased())
            let limit = max(1, min(3, c.count / 3))
            if d <= limit, best == nil || d < best!.1 || (d == best!.1 && c < best!.0) { best = (c, d) }
        }
        return best?.0
    }

    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}

extension String {
    /// The text as a message quotes it: at most `limit` characters, then "…" and how many
    /// more. A 10 MB word echoed whole made the message itself the slow part (terminal
    /// wrapping of 10 MB took half a minute).
    package func clippedForMessage(_ limit: Int = 60) -> String {
        var it = makeIterator(), out = "", n = 0
        while let c = it.next() {
            if n == limit {
                var more = 1
                while it.next() != nil { more += 1 }
                return out + "… (\(more) more characters)"
            }
            out.append(c)
            n += 1
        }
        return out
    }
}
