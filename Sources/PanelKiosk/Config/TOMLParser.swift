/// A TOML 1.0 parser that builds the `ConfigNode` tree directly, with the line and column of
/// every key, and that reports anything it cannot read as a `TOMLSyntaxError` instead of
/// trapping. It replaced TOMLKit, whose bundled toml++ aborted the process on a half-typed
/// `[` while a running kiosk reloaded the file being edited.
///
/// Shape: one forward pass over the bytes (`TOMLParser+Grammar.swift` for the statements,
/// `+Strings` and `+Scalars` for the values), tables collected in `TOMLTableTree` so the
/// redefinition rules can be checked, then one conversion to `ConfigNode`. Nothing is
/// re-scanned, so time is linear in the input; the only recursion is into nested arrays and
/// inline tables, and `maxDepth` bounds it.
struct TOMLParser {
    /// How deep arrays, tables and key parts may nest. Deeper input is an error, so the
    /// recursion that parses and converts values stays well inside any thread's stack.
    static let maxDepth = 128

    /// The input plus one 0 byte at `end`. Input NULs are rejected before parsing starts, so
    /// the sentinel marks the end of the text and lookahead never needs a bounds check.
    var bytes: [UInt8]
    let end: Int
    var index: Int
    var line = 1
    /// Index of the first byte of the current line; columns count scalars from here.
    var lineStart: Int
    /// Column of `columnIndex`, so asking for columns left to right on one line costs
    /// linear time in total (a long line with many values stays linear).
    var columnIndex: Int
    var columnValue = 1
    let file: String
    var tree = TOMLTableTree()
    /// Reused buffer for string contents, so strings with escapes do not allocate per piece.
    var scratch: [UInt8] = []

    /// Parses a whole document.
    ///
    /// - Parameters:
    ///   - input: the file's bytes; need not be valid UTF-8 (invalid UTF-8 is an error
    ///     with its position).
    ///   - file: the path recorded in every node, for diagnostics.
    ///   - alreadyValidUTF8: true when `input` comes from a `String`, to skip validating it again.
    /// - Returns: the root table, at line 1 column 1.
    /// - Throws: the first problem found, with its line and column.
    static func parse(_ input: some Collection<UInt8>, file: String,
                      alreadyValidUTF8: Bool = false) throws(TOMLSyntaxError) -> ConfigNode {
        var parser = TOMLParser(input, file: file)
        try parser.checkEncoding(alreadyValidUTF8: alreadyValidUTF8)
        return try parser.parseDocument()
    }

    private init(_ input: some Collection<UInt8>, file: String) {
        var b: [UInt8] = []
        b.reserveCapacity(input.count + 1)
        b.append(contentsOf: input)
        // A UTF-8 byte order mark is not part of the text; lines and columns start after it.
        let bom = b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF ? 3 : 0
        end = b.count
        b.append(0)
        bytes = b
        index = bom
        lineStart = bom
        columnIndex = bom
        self.file = file
    }

    // MARK: Positions

    /// Line and column of `i`, which must be on the current line (the parser only asks for
    /// where the token it is reading starts).
    mutating func position(at i: Int) -> TOMLPosition {
        if columnIndex < lineStart || columnIndex > i {
            columnIndex = lineStart
            columnValue = 1
        }
        while columnIndex < i {
            if bytes[columnIndex] & 0xC0 != 0x80 { columnValue += 1 }
            columnIndex += 1
        }
        return TOMLPosition(line: line, column: columnValue)
    }

    /// The error `message` at byte `i` of the current line.
    mutating func error(_ message: String, at i: Int) -> TOMLSyntaxError {
        TOMLSyntaxError(position: position(at: i), message: message)
    }

    // MARK: Blanks

    static func isBareKeyByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D
    }

    /// Spaces and tabs: the only whitespace TOML allows inside a line.
    mutating func skipSpaces() {
        while bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    }

    /// Consumes `\n` or `\r\n` and starts a new line; false if there is no newline here.
    /// A carriage return on its own is not a newline in TOML, and says so.
    mutating func consumeNewline() throws(TOMLSyntaxError) -> Bool {
        switch bytes[index] {
        case 0x0A:
            index += 1
        case 0x0D where bytes[index + 1] == 0x0A:
            index += 2
        case 0x0D:
            throw error("a carriage return (U+000D) must be followed by a newline", at: index)
        default:
            return false
        }
        line += 1
        lineStart = index
        return true
    }

    /// Skips a comment from `#` up to (not including) the newline. Comments may hold any
    /// text except control characters, as TOML 1.0 says.
    mutating func skipComment() throws(TOMLSyntaxError) {
        index += 1
        while true {
            let b = bytes[index]
            if b >= 0x20 && b != 0x7F || b == 0x09 { index += 1; continue }
            if index == end || b == 0x0A || b == 0x0D && bytes[index + 1] == 0x0A { return }
            throw error("\(describe(index)) is not allowed in a comment", at: index)
        }
    }

    /// Whitespace, comments and newlines, as allowed between array elements.
    mutating func skipBlanksAndNewlines() throws(TOMLSyntaxError) {
        while true {
            skipSpaces()
            if bytes[index] == 0x23 { try skipComment() }
            if !(try consumeNewline()) { return }
        }
    }

    // MARK: Messages

    /// What the byte at `i` is, for "found ..." in messages: `'x'`, "a newline", "end of file".
    func describe(_ i: Int) -> String {
        if i >= end { return "end of file" }
        let b = bytes[i]
        if b == 0x0A || b == 0x0D && bytes[i + 1] == 0x0A { return "a newline" }
        if b < 0x20 || b == 0x7F {
            let hex = String(b, radix: 16, uppercase: true)
            return "control character U+" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        if b < 0x80 { return "'" + String(UnicodeScalar(b)) + "'" }
        let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
        return "'" + String(decoding: bytes[i..<min(i + length, end)], as: UTF8.self) + "'"
    }
}

/// A place in a TOML file, both 1-based; columns count Unicode scalars, so a tab or an `é`
/// is one column.
struct TOMLPosition: Equatable, Sendable {
    var line: Int
    var column: Int
}

/// The first problem in a TOML file: where, and what in words ("unterminated string").
struct TOMLSyntaxError: Error, Equatable, Sendable {
    var position: TOMLPosition
    var message: String
}
