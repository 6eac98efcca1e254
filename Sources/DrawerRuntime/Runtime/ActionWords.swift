/// The words after an action's name on a touch-script line (`do <id> <name> <words>`): the
/// action's own arguments first, then optional flags such as `instant`. Every component reads
/// them through here, so a word nobody reads is reported, never ignored: `set_position open
/// instnat` once animated, silently, where the author asked for a jump.
struct ActionWords {
    /// The action's name, for messages.
    let action: String
    let words: [String]

    init(_ action: String, _ words: [String]) {
        self.action = action
        self.words = words
    }

    /// The flags after the first `arguments` words, each one of `allowed` and said at most
    /// once; throws on any other word.
    func flags(after arguments: Int, allowed: [String]) throws(ActionError) -> Set<String> {
        var seen: Set<String> = []
        for word in words.dropFirst(arguments) {
            guard allowed.contains(word) else {
                let hint = Suggestion.nearest(word, in: allowed).map { " (did you mean '\($0)'?)" } ?? ""
                let takes = allowed.isEmpty ? "nothing more" : "only " + allowed.map { "'\($0)'" }.joined(separator: " or ")
                throw ActionError("\(action): '\(word)' is not a word it takes\(hint); after its arguments it takes \(takes)")
            }
            guard seen.insert(word).inserted else { throw ActionError("\(action): '\(word)' is said twice") }
        }
        return seen
    }

    /// Throws when more than `arguments` words were given.
    func nothingAfter(_ arguments: Int) throws(ActionError) {
        _ = try flags(after: arguments, allowed: [])
    }
}
