/// Reusable content: `[fragments.NAME]` defines a content table once, with `$parameter`s in
/// its strings, and `{ use = "NAME", parameter = "value", ... }` anywhere content goes puts a
/// copy there with the parameters filled in. Repeated rows, tiles and headers are written
/// once (a newcomer's meeting screen was 181 lines of repeated nested tables).
///
/// Expanded on the file's tree before any parser reads it, so every kind of content and every
/// check works on the copies as on hand-written tables. A problem inside a copy names the
/// definition's line and, after it, the use (`(in fragment 'tile' used at app.toml:40:3)`); a
/// missing or unknown parameter is reported at the use, naming the definition.
enum ConfigFragments {
    /// Fragments used inside fragments, at most this deep: any real nesting, and a bound on a
    /// fragment that uses itself.
    static let maxDepth = 8

    private struct Fragment {
        var node: ConfigNode
        /// The `$names` its strings use.
        var parameters: Set<String>
    }

    /// `root` with `[fragments]` taken out and every `use` replaced by its fragment's copy.
    static func expand(_ root: ConfigNode) throws(DiagnosticList) -> ConfigNode {
        guard case .table(var items) = root.value, let index = items.firstIndex(where: { $0.key == "fragments" }) else {
            return try expandUses(in: root, fragments: [:], depth: 0)
        }
        let table = items.remove(at: index).node
        guard case .table(let defined) = table.value else {
            throw DiagnosticList(items: [table.diagnostic("[fragments] holds named content tables ([fragments.NAME]), found \(table.typeName)")])
        }
        var fragments: [String: Fragment] = [:]
        var problems: [Diagnostic] = []
        for (name, node) in defined {
            guard case .table = node.value else {
                problems.append(node.diagnostic("fragment '\(name)' must be a content table ([fragments.\(name)] with a kind), found \(node.typeName)"))
                continue
            }
            fragments[name] = Fragment(node: node, parameters: parameterNames(in: node))
        }
        if !problems.isEmpty { throw DiagnosticList(items: problems) }
        var rest = root
        rest.value = .table(items)
        return try expandUses(in: rest, fragments: fragments, depth: 0)
    }

    private static func expandUses(in node: ConfigNode, fragments: [String: Fragment], depth: Int) throws(DiagnosticList) -> ConfigNode {
        switch node.value {
        case .table(let items):
            if let use = items.first(where: { $0.key == "use" }) {
                return try expandUses(in: instantiate(use.node, items, at: node, fragments: fragments, depth: depth),
                                      fragments: fragments, depth: depth + 1)
            }
            var out = node
            var expanded: [(key: String, node: ConfigNode)] = []
            for (key, child) in items { expanded.append((key, try expandUses(in: child, fragments: fragments, depth: depth))) }
            out.value = .table(expanded)
            return out
        case .array(let elements):
            var out = node
            var expanded: [ConfigNode] = []
            for e in elements { expanded.append(try expandUses(in: e, fragments: fragments, depth: depth)) }
            out.value = .array(expanded)
            return out
        case .string, .int, .double, .bool, .other:
            return node
        }
    }

    /// The copy a `use` table stands for.
    private static func instantiate(_ useNode: ConfigNode, _ items: [(key: String, node: ConfigNode)], at use: ConfigNode,
                                    fragments: [String: Fragment], depth: Int) throws(DiagnosticList) -> ConfigNode {
        guard case .string(let name) = useNode.value else {
            throw DiagnosticList(items: [useNode.diagnostic("'use' names a fragment (a string), found \(useNode.typeName)")])
        }
        guard let fragment = fragments[name] else {
            var message = "no fragment '\(name.clippedForMessage())'"
            if let near = nearest(name, in: Array(fragments.keys)) { message += " (did you mean '\(near)'?)" }
            message += fragments.isEmpty ? "; define it as [fragments.\(name.clippedForMessage())]" : "; defined: \(fragments.keys.sorted().joined(separator: ", "))"
            throw DiagnosticList(items: [useNode.diagnostic(message)])
        }
        let defined = "\(fragment.node.file):\(fragment.node.line):\(fragment.node.column)"
        guard depth < maxDepth else {
            throw DiagnosticList(items: [useNode.diagnostic("fragments use fragments more than \(maxDepth) deep here (does '\(name)' use itself? defined at \(defined))")])
        }
        var values: [String: String] = [:]
        var problems: [Diagnostic] = []
        for (key, node) in items where key != "use" {
            guard fragment.parameters.contains(key) else {
                var message = "fragment '\(name)' (defined at \(defined)) has no parameter '\(key)'"
                if let near = nearest(key, in: Array(fragment.parameters)) { message += " (did you mean '\(near)'?)" }
                else if !fragment.parameters.isEmpty { message += "; its parameters: \(fragment.parameters.sorted().joined(separator: ", "))" }
                problems.append(node.diagnostic(message))
                continue
            }
            switch node.value {
            case .string(let s): values[key] = s
            case .int(let i): values[key] = String(i)
            case .double(let d): values[key] = "\(d)"
            case .bool(let b): values[key] = b ? "true" : "false"
            case .array, .table, .other:
                problems.append(node.diagnostic("parameter '\(key)' of fragment '\(name)' is put into text: a string, number or true/false, not \(node.typeName)"))
            }
        }
        for missing in fragment.parameters.subtracting(values.keys).sorted() {
            problems.append(use.diagnostic("fragment '\(name)' (defined at \(defined)) needs '\(missing)' = ..., which this use does not give"))
        }
        if !problems.isEmpty { throw DiagnosticList(items: problems) }
        let via = "fragment '\(name)' used at \(useNode.file):\(use.line):\(use.column)"
        return substitute(fragment.node, values, via: via)
    }

    /// A copy of `node` with each `$name` in its strings replaced, every node marked with `via`.
    private static func substitute(_ node: ConfigNode, _ values: [String: String], via: String) -> ConfigNode {
        var out = node
        out.usedAt = node.usedAt.map { "\(via), \($0)" } ?? via
        switch node.value {
        case .string(let s): out.value = .string(fill(s, values))
        case .table(let items): out.value = .table(items.map { ($0.key, substitute($0.node, values, via: via)) })
        case .array(let elements): out.value = .array(elements.map { substitute($0, values, via: via) })
        case .int, .double, .bool, .other: break
        }
        return out
    }

    /// The `$names` in a fragment's strings (a name: letters, digits, `_`; `$$` is a dollar).
    static func parameterNames(in node: ConfigNode) -> Set<String> {
        switch node.value {
        case .string(let s): return Set(tokens(s).compactMap { if case .parameter(let n) = $0 { n } else { nil } })
        case .table(let items): return items.reduce(into: []) { $0.formUnion(parameterNames(in: $1.node)) }
        case .array(let elements): return elements.reduce(into: []) { $0.formUnion(parameterNames(in: $1)) }
        case .int, .double, .bool, .other: return []
        }
    }

    private enum Token { case text(String), parameter(String) }

    private static func tokens(_ s: String) -> [Token] {
        var out: [Token] = []
        var text = ""
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            guard c == "$" else { text.append(c); i = s.index(after: i); continue }
            let next = s.index(after: i)
            if next < s.endIndex, s[next] == "$" { text.append("$"); i = s.index(after: next); continue }
            var end = next
            while end < s.endIndex, s[end].isLetter || s[end].isNumber || s[end] == "_" { end = s.index(after: end) }
            if end == next { text.append("$"); i = next; continue }
            if !text.isEmpty { out.append(.text(text)); text = "" }
            out.append(.parameter(String(s[next..<end])))
            i = end
        }
        if !text.isEmpty { out.append(.text(text)) }
        return out
    }

    private static func fill(_ s: String, _ values: [String: String]) -> String {
        guard s.contains("$") else { return s }
        return tokens(s).map { token in
            switch token {
            case .text(let t): t
            case .parameter(let n): values[n] ?? "$" + n
            }
        }.joined()
    }
}
