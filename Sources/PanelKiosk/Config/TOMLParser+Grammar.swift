/// TOML's statements and containers: the line loop, `[table]` and `[[array]]` headers,
/// `key = value`, keys, arrays and inline tables.
extension TOMLParser {
    /// The whole file, line by line: each line is blank, a comment, a header or a key/value,
    /// and anything after it but a comment is an error.
    mutating func parseDocument() throws(TOMLSyntaxError) -> ConfigNode {
        var current = TOMLTableTree.root
        while true {
            skipSpaces()
            let b = bytes[index]
            // What the line held, for the message if something follows it.
            var statement: Range<Int>?
            if index == end { break }
            if b == 0x5B {
                current = try parseHeader()
                statement = nil
            } else if Self.isBareKeyByte(b) || b == 0x22 || b == 0x27 {
                statement = try parseKeyValue(into: current)
            } else if b != 0x23 && b != 0x0A && b != 0x0D {
                throw error("expected a key or a [table] header, found \(describe(index))", at: index)
            }
            skipSpaces()
            if bytes[index] == 0x23 { try skipComment() }
            if index == end { break }
            guard try consumeNewline() else {
                let after = statement.map { "the value of '\(text($0))'" } ?? "the table header"
                throw error("expected a newline after \(after), found \(describe(index))", at: index)
            }
        }
        return tree.node(of: TOMLTableTree.root, file: file)
    }

    /// `[a.b]` or `[[a.b]]`; returns the table the next keys go into.
    private mutating func parseHeader() throws(TOMLSyntaxError) -> Int {
        let start = index
        let position = position(at: start)
        let isArray = bytes[index + 1] == 0x5B
        index += isArray ? 2 : 1
        skipSpaces()
        let key = try parseKey(after: isArray ? "'[['" : "'['")
        let close = isArray ? "]]" : "]"
        guard bytes[index] == 0x5D, !isArray || bytes[index + 1] == 0x5D else {
            let found = bytes[index] == 0x5D ? "a single ']'" : describe(index)
            throw error("expected '\(close)' to close \(text(start..<index))\(close), found \(found)", at: index)
        }
        index += close.utf8.count
        return try tree.openHeader(key, isArray: isArray, at: position)
    }

    /// `key = value` into `table`; returns where the key is written, for later messages.
    private mutating func parseKeyValue(into table: Int) throws(TOMLSyntaxError) -> Range<Int> {
        let start = index
        let position = position(at: start)
        let key = try parseKey(after: "")
        let written = start..<index
        guard bytes[index] == 0x3D else { throw equalsExpected(after: written) }
        index += 1
        skipSpaces()
        let parent = try tree.prepareKey(key, in: table, at: position)
        var node = try parseValue(depth: tree.depth(of: parent) + 1, after: "'='")
        // Diagnostics about a value point at its key, where the user looks for it.
        node.line = position.line
        node.column = position.column
        tree.setValue(node, key: key[key.count - 1], in: parent)
        return written
    }

    /// A key: parts that are bare (`a-b_1`), "basic" or 'literal', joined by dots with
    /// optional spaces around them. Leaves the index after any spaces that follow.
    private mutating func parseKey(after context: String) throws(TOMLSyntaxError) -> [String] {
        var parts: [String] = []
        var context = context
        while true {
            let start = index
            let b = bytes[index]
            if Self.isBareKeyByte(b) {
                while Self.isBareKeyByte(bytes[index]) { index += 1 }
                parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
            } else if b == 0x22 || b == 0x27 {
                if bytes[index + 1] == b && bytes[index + 2] == b {
                    throw error("a multi-line string cannot be a key", at: index)
                }
                parts.append(b == 0x22 ? try parseBasicString() : try parseLiteralString())
            } else {
                throw error("expected a key\(context.isEmpty ? "" : " after " + context), found \(describe(index))", at: index)
            }
            if parts.count > Self.maxDepth { throw tooDeep(at: start) }
            skipSpaces()
            guard bytes[index] == 0x2E else { return parts }
            index += 1
            skipSpaces()
            context = "'.'"
        }
    }

    /// Any value, dispatched on its first byte. `depth` is the depth it will have in the tree.
    mutating func parseValue(depth: Int, after context: StaticString?) throws(TOMLSyntaxError) -> ConfigNode {
        let start = index
        let position = position(at: start)
        let value: ConfigNode.Value
        switch bytes[start] {
        case 0x22 where bytes[start + 1] == 0x22 && bytes[start + 2] == 0x22:
            value = .string(try parseMultilineString(quote: 0x22, opening: position))
        case 0x22:
            value = .string(try parseBasicString())
        case 0x27 where bytes[start + 1] == 0x27 && bytes[start + 2] == 0x27:
            value = .string(try parseMultilineString(quote: 0x27, opening: position))
        case 0x27:
            value = .string(try parseLiteralString())
        case 0x5B:
            value = .array(try parseArray(depth: depth))
        case 0x7B:
            return try parseInlineTable(depth: depth, at: position)
        default:
            guard let scalar = try parseScalar() else { throw valueExpected(after: context) }
            value = scalar
        }
        return ConfigNode(value: value, file: file, line: position.line, column: position.column)
    }

    /// `[ v, v, ... ]`, over any number of lines, with comments and a trailing comma allowed.
    private mutating func parseArray(depth: Int) throws(TOMLSyntaxError) -> [ConfigNode] {
        guard depth <= Self.maxDepth else { throw tooDeep() }
        index += 1
        var items: [ConfigNode] = []
        while true {
            try skipBlanksAndNewlines()
            if bytes[index] == 0x5D { index += 1; return items }
            items.append(try parseValue(depth: depth + 1, after: nil))
            try skipBlanksAndNewlines()
            switch bytes[index] {
            case 0x2C: index += 1
            case 0x5D: index += 1; return items
            default: throw expected("',' or ']' after an array element")
            }
        }
    }

    /// `{ k = v, ... }` on one line and without a trailing comma (TOML 1.0). Built as a table
    /// of the tree, so dotted keys and duplicates follow the usual rules, then frozen.
    private mutating func parseInlineTable(depth: Int, at position: TOMLPosition) throws(TOMLSyntaxError) -> ConfigNode {
        guard depth <= Self.maxDepth else { throw tooDeep() }
        let table = tree.newInlineTable(at: position, depth: depth)
        index += 1
        skipSpaces()
        if bytes[index] == 0x7D {
            index += 1
            return tree.freezeInlineTable(table, file: file)
        }
        while true {
            let b = bytes[index]
            guard Self.isBareKeyByte(b) || b == 0x22 || b == 0x27 else { throw inlineProblem(expected: "a key") }
            _ = try parseKeyValue(into: table)
            skipSpaces()
            switch bytes[index] {
            case 0x2C:
                index += 1
                skipSpaces()
            case 0x7D:
                index += 1
                return tree.freezeInlineTable(table, file: file)
            default:
                throw inlineProblem(expected: "',' or '}'")
            }
        }
    }

    // MARK: Errors
    // Built out of line: debug builds give every temporary of a function its own stack slot,
    // so message building inside the recursive functions would multiply their frames.

    /// "expected `what`, found ..." at the index.
    @inline(never)
    mutating func expected(_ what: String) -> TOMLSyntaxError {
        error("expected \(what), found \(describe(index))", at: index)
    }

    @inline(never)
    private mutating func valueExpected(after context: StaticString?) -> TOMLSyntaxError {
        expected(context.map { "a value after \($0)" } ?? "a value")
    }

    @inline(never)
    private mutating func equalsExpected(after key: Range<Int>) -> TOMLSyntaxError {
        expected("'=' after the key '\(text(key))'")
    }

    @inline(never)
    mutating func tooDeep(at i: Int? = nil) -> TOMLSyntaxError {
        error("nested deeper than \(Self.maxDepth) levels", at: i ?? index)
    }

    @inline(never)
    private mutating func inlineProblem(expected what: String) -> TOMLSyntaxError {
        if bytes[index] == 0x7D { return error("an inline table cannot end with ',' (TOML 1.0)", at: index) }
        let found = describe(index)
        if found == "a newline" || bytes[index] == 0x23 {
            return error("an inline table must be on one line: expected \(what), found \(found)", at: index)
        }
        return expected("\(what) in the inline table")
    }
}

extension TOMLParser {
    /// Source text of `range` without surrounding spaces, to quote a key or header in a
    /// message; only built when a message needs it.
    func text(_ range: Range<Int>) -> String {
        var r = range
        while r.upperBound > r.lowerBound, bytes[r.upperBound - 1] == 0x20 || bytes[r.upperBound - 1] == 0x09 {
            r = r.lowerBound..<(r.upperBound - 1)
        }
        return String(decoding: bytes[r], as: UTF8.self)
    }
}
