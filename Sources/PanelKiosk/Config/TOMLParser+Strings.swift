/// The four kinds of TOML string. Each copies runs of ordinary bytes in one piece (a 5 MB
/// value is a handful of appends, not five million), and reports an unterminated string at
/// its opening quote, which is where a reader looks for the mistake.
extension TOMLParser {
    /// Bytes allowed as they are inside any string: not a control character except tab.
    /// Non-ASCII bytes pass; `checkEncoding` has already validated them.
    @inline(__always)
    static func isStringByte(_ b: UInt8) -> Bool { b >= 0x20 && b != 0x7F || b == 0x09 }

    /// `"..."` on one line, with escapes. The index is at the opening quote.
    mutating func parseBasicString() throws(TOMLSyntaxError) -> String {
        let open = index
        index += 1
        scratch.removeAll(keepingCapacity: true)
        var run = index
        while true {
            let b = bytes[index]
            if b == 0x22 {
                scratch.append(contentsOf: bytes[run..<index])
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if b == 0x5C {
                scratch.append(contentsOf: bytes[run..<index])
                try parseEscape()
                run = index
            } else if Self.isStringByte(b) {
                index += 1
            } else {
                throw stringProblem(open: open, closing: "\"")
            }
        }
    }

    /// `'...'` on one line, taken literally.
    mutating func parseLiteralString() throws(TOMLSyntaxError) -> String {
        let open = index
        index += 1
        while true {
            let b = bytes[index]
            if b == 0x27 {
                index += 1
                return String(decoding: bytes[(open + 1)..<(index - 1)], as: UTF8.self)
            }
            guard Self.isStringByte(b) else { throw stringProblem(open: open, closing: "'") }
            index += 1
        }
    }

    /// Why a one-line string stopped: it ran into the end of the line or file, or into a
    /// control character.
    private mutating func stringProblem(open: Int, closing: String) -> TOMLSyntaxError {
        let b = bytes[index]
        if index == end || b == 0x0A || b == 0x0D && bytes[index + 1] == 0x0A {
            return error("unterminated string: no closing \(closing) before the end of the \(index == end ? "file" : "line")", at: open)
        }
        return error("\(describe(index)) in a string (write it as an escape such as \\t, \\n or \\u001B)", at: index)
    }

    /// `"""..."""` or `'''...'''`. A newline right after the opening quotes is dropped; CRLF
    /// becomes `\n`; one or two quotes just before the closing three belong to the content.
    mutating func parseMultilineString(quote: UInt8, opening: TOMLPosition) throws(TOMLSyntaxError) -> String {
        let isBasic = quote == 0x22
        let delimiter = isBasic ? "\"\"\"" : "'''"
        index += 3
        _ = try consumeNewline()
        scratch.removeAll(keepingCapacity: true)
        var run = index
        while true {
            let b = bytes[index]
            if b == quote {
                var count = 1
                while bytes[index + count] == quote { count += 1 }
                if count < 3 { index += count; continue }
                guard count <= 5 else {
                    throw error("three or more \(isBasic ? "\"" : "'") in a row inside a \(delimiter) string (\(isBasic ? "escape one as \\\"" : "use a \"\"\" string instead"))",
                                at: index)
                }
                scratch.append(contentsOf: bytes[run..<(index + count - 3)])
                index += count
                return String(decoding: scratch, as: UTF8.self)
            }
            if b == 0x0A {
                index += 1
                line += 1
                lineStart = index
            } else if b == 0x0D && bytes[index + 1] == 0x0A {
                scratch.append(contentsOf: bytes[run..<index])
                _ = try consumeNewline()
                scratch.append(0x0A)
                run = index
            } else if b == 0x5C && isBasic {
                scratch.append(contentsOf: bytes[run..<index])
                if try !skipLineEndingBackslash() { try parseEscape() }
                run = index
            } else if Self.isStringByte(b) {
                index += 1
            } else if index == end {
                throw TOMLSyntaxError(position: opening,
                                      message: "unterminated string: no closing \(delimiter) before the end of the file")
            } else {
                throw error(b == 0x0D ? "a carriage return (U+000D) must be followed by a newline"
                                      : "\(describe(index)) in a string (write it as an escape such as \\t or \\u001B)", at: index)
            }
        }
    }

    /// A `\` that ends a line in a `"""` string joins the lines: it swallows the newline and
    /// every space, tab and newline after it. Returns false, consuming nothing, if this `\`
    /// starts an ordinary escape instead.
    private mutating func skipLineEndingBackslash() throws(TOMLSyntaxError) -> Bool {
        var j = index + 1
        while bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
        guard bytes[j] == 0x0A || bytes[j] == 0x0D else {
            if j > index + 1 {
                throw error("invalid escape: '\\' followed by a space must end the line", at: index)
            }
            return false
        }
        index = j
        while true {
            skipSpaces()
            if !(try consumeNewline()) { return true }
        }
    }

    /// One escape after `\`, appended to `scratch` as UTF-8.
    private mutating func parseEscape() throws(TOMLSyntaxError) {
        let start = index
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case 0x62: scratch.append(0x08)        // \b
        case 0x74: scratch.append(0x09)        // \t
        case 0x6E: scratch.append(0x0A)        // \n
        case 0x66: scratch.append(0x0C)        // \f
        case 0x72: scratch.append(0x0D)        // \r
        case 0x22: scratch.append(0x22)        // \"
        case 0x5C: scratch.append(0x5C)        // \\
        case 0x75, 0x55:                       // \uXXXX, \UXXXXXXXX
            let digits = letter == 0x75 ? 4 : 8
            var value: UInt32 = 0
            for k in 0..<digits {
                guard index + k < end, let d = Self.hexValue(bytes[index + k]) else {
                    throw error("\\\(letter == 0x75 ? "u" : "U") needs \(digits) hex digits", at: start)
                }
                value = value << 4 | UInt32(d)
            }
            index += digits
            guard let scalar = Unicode.Scalar(value) else {
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                throw error("\(text) is not a Unicode scalar value (surrogates and values above 10FFFF are not allowed)", at: start)
            }
            scratch.append(contentsOf: String(Character(scalar)).utf8)
        default:
            index = start
            let what: String
            switch letter {
            case 0x21...0x7E: what = "'\\" + String(UnicodeScalar(letter)) + "'"
            case 0x0A, 0x0D: what = "'\\' at the end of a line"
            default: what = start + 1 == end ? "'\\' at the end of the file" : "'\\' followed by \(describe(start + 1))"
            }
            throw error("invalid escape \(what) (valid: \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX)", at: start)
        }
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x41 + 10
        case 0x61...0x66: b - 0x61 + 10
        default: nil
        }
    }
}
