/// `include = "other.toml"` (or a list of them) at the top of a file: the other files' tables
/// and keys become part of this one, so an app can be split over files (a shared header, a
/// drawer per file). Merged as TOML would read one file written out: tables by key, arrays of
/// tables (`[[component]]`) one after another (the included files' first, in the order
/// named, then the file's own), and a key set in two places is an error naming both. An
/// included file's problems name that file; include paths are relative to the file that
/// names them.
enum ConfigInclude {
    /// How deep includes may nest: enough for any real split, and a bound on a mistake.
    static let maxDepth = 8

    /// `root` (read from `path`) with its includes merged in, or every problem found.
    static func resolve(_ root: ConfigNode, path: String, chain: [String] = []) throws(DiagnosticList) -> ConfigNode {
        guard case .table(var items) = root.value, let index = items.firstIndex(where: { $0.key == "include" }) else {
            return root
        }
        let includeNode = items.remove(at: index).node
        let names: [(String, ConfigNode)]
        switch includeNode.value {
        case .string(let s): names = [(s, includeNode)]
        case .array(let elements):
            var found: [(String, ConfigNode)] = []
            for e in elements {
                guard case .string(let s) = e.value else {
                    throw DiagnosticList(items: [e.diagnostic("'include' lists file names (strings), found \(e.typeName)")])
                }
                found.append((s, e))
            }
            names = found
        case .int, .double, .bool, .table, .other:
            throw DiagnosticList(items: [includeNode.diagnostic("'include' is a file name or a list of them, found \(includeNode.typeName)")])
        }
        let chain = chain + [path]
        guard chain.count <= maxDepth else {
            throw DiagnosticList(items: [includeNode.diagnostic("includes nest more than \(maxDepth) deep (\(chain.joined(separator: " → ")))")])
        }
        var merged = ConfigNode(value: .table([]), file: root.file, line: root.line, column: root.column)
        for (name, node) in names {
            guard !name.isEmpty, !name.utf8.contains(0) else {
                throw DiagnosticList(items: [node.diagnostic("'include' names an empty or impossible file name")])
            }
            let full = name.hasPrefix("/") ? name : directory(of: path) + name
            if chain.contains(full) {
                throw DiagnosticList(items: [node.diagnostic("include cycle: \((chain + [full]).joined(separator: " → "))")])
            }
            let included: ConfigNode
            do { included = try ConfigLoader.load(path: full, includeChain: chain) } catch {
                // Where it was named first, then what is wrong inside it.
                var items = error.items
                if items.count == 1, items[0].file == full, items[0].line == 1, items[0].column == 1,
                   items[0].message.hasPrefix("cannot read") || items[0].message.hasPrefix("the file") {
                    items = [node.diagnostic("'include' = '\(name.clippedForMessage())': \(items[0].message)")]
                }
                throw DiagnosticList(items: items)
            }
            merged = try merge(merged, included)
        }
        return try merge(merged, ConfigNode(value: .table(items), file: root.file, line: root.line, column: root.column))
    }

    /// `b` merged into `a`: tables by key, arrays of tables appended, anything else set twice
    /// is an error naming both places.
    static func merge(_ a: ConfigNode, _ b: ConfigNode) throws(DiagnosticList) -> ConfigNode {
        guard case .table(var items) = a.value, case .table(let more) = b.value else { return a }
        for (key, node) in more {
            guard let i = items.firstIndex(where: { $0.key == key }) else { items.append((key, node)); continue }
            let old = items[i].node
            switch (old.value, node.value) {
            case (.table, .table):
                items[i].node = try merge(old, node)
            case (.array(let x), .array(let y)) where isArrayOfTables(x) && isArrayOfTables(y):
                items[i].node.value = .array(x + y)
            case (.string, _), (.int, _), (.double, _), (.bool, _), (.array, _), (.table, _), (.other, _):
                throw DiagnosticList(items: [node.diagnostic("'\(key)' is set here and at \(old.file):\(old.line):\(old.column) (an included file and the file that includes it set it both)")])
            }
        }
        var out = a
        out.value = .table(items)
        return out
    }

    private static func isArrayOfTables(_ a: [ConfigNode]) -> Bool {
        a.allSatisfy { if case .table = $0.value { true } else { false } }
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }
}
