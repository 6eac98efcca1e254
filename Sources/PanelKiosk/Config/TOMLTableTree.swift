/// The tables of a document while it is parsed, kept apart from `ConfigNode` because TOML's
/// rules depend on how each table came to be: a table named only as the parent of a header
/// may still get its own `[header]`, one made by dotted keys may not, an inline table can
/// never be added to, and `[[x]]` appends only to arrays that `[[x]]` started.
///
/// Tables and arrays of tables live in flat arrays and refer to each other by index, so
/// adding a key mutates one dictionary in place (no copy-on-write of nested values) and
/// lookups cost one hash, whatever the table's size. Finished inline tables and arrays are
/// stored as `ConfigNode` values: they are frozen, which is exactly TOML's rule for them.
struct TOMLTableTree {
    enum Origin {
        /// The document itself.
        case root
        /// Named only as a parent in a header (`a` in `[a.b]`); `[a]` may still define it.
        case implicit
        /// Defined by its own `[header]`.
        case header
        /// Made by a dotted key (`a` in `a.b = 1`); no header may define it later.
        case dotted
        /// An `{ ... }` table being read; frozen into a value when it closes.
        case inline
        /// One `[[header]]` element of an array of tables.
        case arrayElement
    }

    enum Child {
        case table(Int)
        case tableArray(Int)
        case value(ConfigNode)
    }

    struct Table {
        var origin: Origin
        var position: TOMLPosition
        /// Containers between the root and this table; see `TOMLParser.maxDepth`.
        var depth: Int
        var children: [String: Child] = [:]
        /// Keys in insertion order, so equal positions keep a stable order.
        var order: [String] = []
    }

    struct TableArray {
        var elements: [Int]
        /// Where the first `[[header]]` named it.
        var position: TOMLPosition
    }

    private var tables = [Table(origin: .root, position: TOMLPosition(line: 1, column: 1), depth: 0)]
    private var tableArrays: [TableArray] = []

    static let root = 0

    // MARK: Building

    /// Creates a table for an inline `{ ... }` value at `depth`.
    mutating func newInlineTable(at position: TOMLPosition, depth: Int) -> Int {
        tables.append(Table(origin: .inline, position: position, depth: depth))
        return tables.count - 1
    }

    /// The finished `ConfigNode` of the inline table `table`, which leaves the tree: it and
    /// the tables its dotted keys made are the last ones, and nothing refers to them once the
    /// value is stored, so their slots are reused (a line of many small inline tables then
    /// does not grow the tree).
    mutating func freezeInlineTable(_ table: Int, file: String) -> ConfigNode {
        let node = node(of: table, file: file)
        tables.removeSubrange(table...)
        return node
    }

    /// Follows or creates the tables of a `[a.b.c]` or `[[a.b.c]]` header and returns the
    /// table that the following keys go into.
    mutating func openHeader(_ key: [String], isArray: Bool, at position: TOMLPosition) throws(TOMLSyntaxError) -> Int {
        var table = Self.root
        for (n, name) in key.enumerated() {
            let isLast = n == key.count - 1
            // Only error messages need the key as written, so it is built only for them.
            var written: String { display(key[...n]) }
            func fail(_ message: String) -> TOMLSyntaxError { TOMLSyntaxError(position: position, message: message) }
            switch tables[table].children[name] {
            case nil:
                if isLast && isArray {
                    let array = tableArrays.count
                    tableArrays.append(TableArray(elements: [], position: position))
                    let element = try appendElement(to: array, parentDepth: tables[table].depth, at: position)
                    insert(.tableArray(array), key: name, into: table)
                    return element
                }
                table = try add(isLast ? .header : .implicit, key: name, into: table, at: position)
            case .table(let child)?:
                if isArray && isLast {
                    throw fail("cannot add [[\(written)]]: '\(written)' is a table (\(lineOf(child))), not an array of tables")
                }
                if isLast {
                    switch tables[child].origin {
                    case .implicit:
                        tables[child].origin = .header
                        tables[child].position = position
                    case .header:
                        throw fail("table [\(written)] is defined twice (first at line \(tables[child].position.line))")
                    case .dotted:
                        throw fail("cannot define table [\(written)]: the dotted key at line \(tables[child].position.line) already made it")
                    case .root, .inline, .arrayElement:
                        // Never a child's origin: inline tables are stored frozen, elements inside arrays.
                        throw fail("cannot define table [\(written)] here")
                    }
                }
                table = child
            case .tableArray(let array)?:
                if isLast && isArray { return try appendElement(to: array, parentDepth: tables[table].depth, at: position) }
                if isLast {
                    throw fail("cannot define table [\(written)]: '\(written)' is an array of tables (line \(tableArrays[array].position.line)); use [[\(written)]] to add an element")
                }
                // A header inside an array of tables continues its latest element.
                table = tableArrays[array].elements[tableArrays[array].elements.count - 1]
            case .value(let node)?:
                if isArray && isLast, case .array = node.value {
                    throw fail("cannot add [[\(written)]]: '\(written)' is a static array (line \(node.line)), not an array of tables")
                }
                throw fail(notATable(written, node))
            }
        }
        return table
    }

    /// For `a.b.c = value` in `table`: follows or creates the tables for `a.b` and returns
    /// where `c` goes, after checking that `c` is new.
    mutating func prepareKey(_ key: [String], in table: Int, at position: TOMLPosition) throws(TOMLSyntaxError) -> Int {
        var table = table
        for n in 0..<(key.count - 1) {
            let name = key[n]
            var written: String { display(key[...n]) }
            func fail(_ message: String) -> TOMLSyntaxError { TOMLSyntaxError(position: position, message: message) }
            switch tables[table].children[name] {
            case nil:
                table = try add(.dotted, key: name, into: table, at: position)
            case .table(let child)?:
                switch tables[child].origin {
                case .dotted:
                    table = child
                case .implicit, .header:
                    throw fail("cannot add to table '\(written)' with a dotted key: it belongs to the [table] header at line \(tables[child].position.line)")
                case .root, .inline, .arrayElement:
                    // Never a child's origin: inline tables are stored frozen, elements inside arrays.
                    throw fail("cannot add to table '\(written)' with a dotted key")
                }
            case .tableArray(let array)?:
                throw fail("cannot add to '\(written)' with a dotted key: it is an array of tables (line \(tableArrays[array].position.line))")
            case .value(let node)?:
                throw fail(notATable(written, node))
            }
        }
        if let existing = tables[table].children[key[key.count - 1]] {
            throw TOMLSyntaxError(position: position,
                                  message: "duplicate key '\(display(key[...]))' (first defined at line \(self.position(of: existing).line))")
        }
        return table
    }

    /// Adds a key known to be new (see `prepareKey`).
    mutating func setValue(_ node: ConfigNode, key: String, in table: Int) {
        insert(.value(node), key: key, into: table)
    }

    func depth(of table: Int) -> Int { tables[table].depth }

    private mutating func add(_ origin: Origin, key: String, into parent: Int, at position: TOMLPosition) throws(TOMLSyntaxError) -> Int {
        let depth = tables[parent].depth + 1
        guard depth <= TOMLParser.maxDepth else {
            throw TOMLSyntaxError(position: position, message: "nested deeper than \(TOMLParser.maxDepth) levels")
        }
        tables.append(Table(origin: origin, position: position, depth: depth))
        insert(.table(tables.count - 1), key: key, into: parent)
        return tables.count - 1
    }

    private mutating func appendElement(to array: Int, parentDepth: Int, at position: TOMLPosition) throws(TOMLSyntaxError) -> Int {
        // The array is one level and its element another, as in the converted tree.
        let depth = parentDepth + 2
        guard depth <= TOMLParser.maxDepth else {
            throw TOMLSyntaxError(position: position, message: "nested deeper than \(TOMLParser.maxDepth) levels")
        }
        tables.append(Table(origin: .arrayElement, position: position, depth: depth))
        tableArrays[array].elements.append(tables.count - 1)
        return tables.count - 1
    }

    private mutating func insert(_ child: Child, key: String, into table: Int) {
        tables[table].children[key] = child
        tables[table].order.append(key)
    }

    private func position(of child: Child) -> TOMLPosition {
        switch child {
        case .table(let t): tables[t].position
        case .tableArray(let a): tableArrays[a].position
        case .value(let node): TOMLPosition(line: node.line, column: node.column)
        }
    }

    private func lineOf(_ table: Int) -> String { "line \(tables[table].position.line)" }

    private func notATable(_ written: String, _ node: ConfigNode) -> String {
        if case .table = node.value {
            return "cannot add to '\(written)': it is an inline table (line \(node.line)), and inline tables are complete as written"
        }
        return "cannot use '\(written)' as a table: it is already \(node.typeName) (line \(node.line))"
    }

    /// A key as the user would write it: bare parts as they are, others quoted.
    private func display(_ key: ArraySlice<String>) -> String {
        key.map { part in
            !part.isEmpty && part.utf8.allSatisfy(TOMLParser.isBareKeyByte) ? part : "\"" + part + "\""
        }.joined(separator: ".")
    }

    // MARK: Converting

    /// The finished `ConfigNode` for `table`, children in file order. Recursion is bounded
    /// by `TOMLParser.maxDepth`, which `add` and `appendElement` enforce.
    func node(of table: Int, file: String) -> ConfigNode {
        let t = tables[table]
        var items: [(key: String, node: ConfigNode)] = []
        items.reserveCapacity(t.order.count)
        var inOrder = true
        for key in t.order {
            guard let child = t.children[key] else { continue }
            let node = node(of: child, file: file)
            if let last = items.last?.node, last.line > node.line || last.line == node.line && last.column > node.column {
                inOrder = false
            }
            items.append((key, node))
        }
        // A table defined by a header after its subtables were named moves to the header,
        // so sort by position to keep diagnostics reading top-down. Usually nothing moved,
        // and a stable sort keeps insertion order among equal positions.
        if !inOrder {
            items = items.enumerated().sorted {
                ($0.element.node.line, $0.element.node.column, $0.offset) < ($1.element.node.line, $1.element.node.column, $1.offset)
            }.map(\.element)
        }
        return ConfigNode(value: .table(items), file: file, line: t.position.line, column: t.position.column)
    }

    private func node(of child: Child, file: String) -> ConfigNode {
        switch child {
        case .table(let t):
            return node(of: t, file: file)
        case .tableArray(let a):
            let array = tableArrays[a]
            return ConfigNode(value: .array(array.elements.map { node(of: $0, file: file) }), file: file,
                              line: array.position.line, column: array.position.column)
        case .value(let node):
            return node
        }
    }
}
