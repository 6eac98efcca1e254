/// Unquoted values: booleans, integers, floats and dates/times. The value's text is taken
/// whole first (every character any of them may contain), then classified, so a typo reads
/// as "invalid value 'ture'" rather than as whatever the first wrong character suggests.
///
/// Everything works on index ranges into `bytes` rather than on slices or strings: in debug
/// builds generic slice code costs several times more per byte, and debug is what the tests
/// and `check` during development run.
extension TOMLParser {
    @inline(__always)
    private static func isTokenByte(_ b: UInt8) -> Bool {
        isBareKeyByte(b) || b == 0x2B || b == 0x2E || b == 0x3A    // + . :
    }

    @inline(__always)
    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// The value at the index, or nil (consuming nothing) if no unquoted value starts here.
    mutating func parseScalar() throws(TOMLSyntaxError) -> ConfigNode.Value? {
        let start = index
        if let value = commonScalar() { return value }
        while Self.isTokenByte(bytes[index]) { index += 1 }
        // A date and a time may be separated by one space (RFC 3339 allows it, TOML too).
        if index - start == 10, isDate(start), bytes[index] == 0x20,
           Self.isDigit(bytes[index + 1]), Self.isDigit(bytes[index + 2]), bytes[index + 3] == 0x3A {
            index += 1
            while Self.isTokenByte(bytes[index]) { index += 1 }
        }
        if index == start { return nil }
        if let value = try classify(start..<index) { return value }
        throw error("invalid value '\(text(start..<index))' (strings need quotes)", at: start)
    }

    /// The values config files are mostly made of, small decimal integers and booleans,
    /// read without the general path's checks. Nil, consuming nothing, for anything else.
    private mutating func commonScalar() -> ConfigNode.Value? {
        var j = index
        if has("true", at: j) && !Self.isTokenByte(bytes[j + 4]) {
            index += 4
            return .bool(true)
        }
        if has("false", at: j) && !Self.isTokenByte(bytes[j + 5]) {
            index += 5
            return .bool(false)
        }
        let negative = bytes[j] == 0x2D
        if negative || bytes[j] == 0x2B { j += 1 }
        let digits = j
        var value = 0
        // At most 18 digits, so the value cannot overflow.
        while j - digits < 18 && Self.isDigit(bytes[j]) {
            value = value * 10 + Int(bytes[j] - 0x30)
            j += 1
        }
        guard j > digits, !Self.isTokenByte(bytes[j]), bytes[digits] != 0x30 || j == digits + 1 else { return nil }
        index = j
        return .int(negative ? -value : value)
    }

    /// Whether the ASCII `word` is at `i` (the sentinel stops any match at the end).
    private func has(_ word: StaticString, at i: Int) -> Bool {
        let count = word.utf8CodeUnitCount
        guard i + count <= end else { return false }
        for k in 0..<count where bytes[i + k] != word.utf8Start[k] { return false }
        return true
    }

    private mutating func classify(_ t: Range<Int>) throws(TOMLSyntaxError) -> ConfigNode.Value? {
        let s = t.lowerBound, count = t.count
        for (word, value) in [("inf", Double.infinity), ("nan", Double.nan)] as [(StaticString, Double)] {
            let signed = bytes[s] == 0x2B || bytes[s] == 0x2D
            if count == (signed ? 4 : 3), has(word, at: signed ? s + 1 : s) {
                return .double(bytes[s] == 0x2D ? -value : value)
            }
        }
        if count >= 10 && isDate(s) || count >= 3 && Self.isDigit(bytes[s]) && Self.isDigit(bytes[s + 1]) && bytes[s + 2] == 0x3A
            || Self.isDigit(bytes[s]) && looksLikeDate(t) {
            guard validDateTime(t) else {
                throw error("invalid date/time '\(text(t))' (TOML dates look like 1979-05-27, 07:32:00 or 1979-05-27T07:32:00Z)", at: s)
            }
            return .other(String(decoding: bytes[t], as: UTF8.self))
        }
        let signed = bytes[s] == 0x2B || bytes[s] == 0x2D
        guard Self.isDigit(bytes[s]) || signed && count > 1 && (Self.isDigit(bytes[s + 1]) || bytes[s + 1] == 0x2E) else {
            return nil
        }
        return try number(t)
    }

    /// A `:`, or a `-` other than an exponent's sign, can only belong to a date or time
    /// (or to a mistyped 0x/0o/0b number, which `number` explains better).
    private func looksLikeDate(_ t: Range<Int>) -> Bool {
        if t.count >= 2 && bytes[t.lowerBound] == 0x30 && [0x78, 0x6F, 0x62].contains(bytes[t.lowerBound + 1]) { return false }
        for i in t.dropFirst() {
            let c = bytes[i], previous = bytes[i - 1]
            if c == 0x3A || c == 0x2D && previous != 0x65 && previous != 0x45 { return true }
        }
        return false
    }

    // MARK: Numbers

    private mutating func number(_ t: Range<Int>) throws(TOMLSyntaxError) -> ConfigNode.Value {
        let s = t.lowerBound, e = t.upperBound
        func invalid(_ why: String) -> TOMLSyntaxError { error("invalid number '\(text(t))': \(why)", at: s) }
        /// The message for digits that failed `checkDigits`, with what to say if there are none.
        func invalid(_ problem: DigitProblem, radix: Int, ifEmpty: String) -> TOMLSyntaxError {
            switch problem {
            case .empty: invalid(ifEmpty)
            case .underscore: invalid("'_' must be between two digits")
            case .notDigit(let c):
                invalid("'\(UnicodeScalar(c))' is not \(radix == 16 ? "a hexadecimal" : radix == 8 ? "an octal" : radix == 2 ? "a binary" : "a") digit")
            }
        }
        let signed = bytes[s] == 0x2B || bytes[s] == 0x2D
        let negative = bytes[s] == 0x2D
        let b = signed ? s + 1 : s

        // 0x, 0o and 0b integers: unsigned, no sign, lowercase prefix.
        if e - b >= 2 && bytes[b] == 0x30 && [0x78, 0x6F, 0x62].contains(bytes[b + 1]) {
            guard !signed else { throw invalid("hexadecimal, octal and binary numbers cannot have a sign") }
            let radix = bytes[b + 1] == 0x78 ? 16 : bytes[b + 1] == 0x6F ? 8 : 2
            if let problem = checkDigits(b + 2..<e, radix: radix) {
                throw invalid(problem, radix: radix, ifEmpty: "no digits after the prefix")
            }
            guard let value = integer(b + 2..<e, radix: radix, negative: false) else {
                throw invalid("larger than a 64-bit integer")
            }
            return .int(value)
        }
        if e - b >= 2 && bytes[b] == 0x30 && [0x58, 0x4F, 0x42].contains(bytes[b + 1]) {
            throw invalid("the prefixes are lowercase: 0x, 0o, 0b")
        }

        // Decimal: int part, then optional .fraction and exponent.
        var i = b
        while i < e && bytes[i] != 0x2E && bytes[i] != 0x65 && bytes[i] != 0x45 { i += 1 }
        let intPart = b..<i
        if let problem = checkDigits(intPart, radix: 10) {
            throw invalid(problem, radix: 10, ifEmpty: "digits must come before '.' or an exponent")
        }
        guard intPart.count == 1 || bytes[b] != 0x30 else { throw invalid("leading zeros are not allowed") }
        var isFloat = false
        if i < e && bytes[i] == 0x2E {
            isFloat = true
            var j = i + 1
            while j < e && bytes[j] != 0x65 && bytes[j] != 0x45 { j += 1 }
            if let problem = checkDigits(i + 1..<j, radix: 10) {
                throw invalid(problem, radix: 10, ifEmpty: "a '.' needs digits after it")
            }
            i = j
        }
        if i < e {     // at e or E
            isFloat = true
            var j = i + 1
            if j < e && (bytes[j] == 0x2B || bytes[j] == 0x2D) { j += 1 }
            if let problem = checkDigits(j..<e, radix: 10) {
                throw invalid(problem, radix: 10, ifEmpty: "the exponent needs digits")
            }
        }
        if !isFloat {
            guard let value = integer(intPart, radix: 10, negative: negative) else {
                throw invalid("outside the 64-bit integer range")
            }
            return .int(value)
        }
        scratch.removeAll(keepingCapacity: true)
        for k in t where bytes[k] != 0x5F { scratch.append(bytes[k]) }
        guard let value = Double(String(decoding: scratch, as: UTF8.self)), value.isFinite else {
            throw invalid("too large for a 64-bit float")
        }
        return .double(value)
    }

    private enum DigitProblem {
        case empty
        case underscore
        case notDigit(UInt8)
    }

    /// Nil for digits of `radix`, not empty, with each `_` between two digits.
    private func checkDigits(_ d: Range<Int>, radix: Int) -> DigitProblem? {
        guard !d.isEmpty else { return .empty }
        if bytes[d.lowerBound] == 0x5F || bytes[d.upperBound - 1] == 0x5F { return .underscore }
        for i in d {
            let c = bytes[i]
            if c == 0x5F {
                if bytes[i - 1] == 0x5F { return .underscore }
            } else {
                guard let v = Self.hexValue(c), Int(v) < radix else { return .notDigit(c) }
            }
        }
        return nil
    }

    /// The value of digits already checked by `checkDigits`, or nil if it does not fit in
    /// an Int (counted on the negative side so that -9223372036854775808 fits).
    private func integer(_ d: Range<Int>, radix: Int, negative: Bool) -> Int? {
        var value = 0
        for i in d where bytes[i] != 0x5F {
            let (times, o1) = value.multipliedReportingOverflow(by: radix)
            let (next, o2) = times.subtractingReportingOverflow(Int(Self.hexValue(bytes[i]) ?? 0))
            if o1 || o2 { return nil }
            value = next
        }
        if negative { return value }
        return value == .min ? nil : -value
    }

    // MARK: Dates and times

    /// `YYYY-MM-DD` starts at `i` (the sentinel and the token's end stop it reading further).
    private func isDate(_ i: Int) -> Bool {
        i + 10 <= end
            && Self.isDigit(bytes[i]) && Self.isDigit(bytes[i + 1]) && Self.isDigit(bytes[i + 2]) && Self.isDigit(bytes[i + 3])
            && bytes[i + 4] == 0x2D && Self.isDigit(bytes[i + 5]) && Self.isDigit(bytes[i + 6])
            && bytes[i + 7] == 0x2D && Self.isDigit(bytes[i + 8]) && Self.isDigit(bytes[i + 9])
    }

    /// A local date, local time, local date-time or offset date-time, with real ranges
    /// (month 1-12, the month's days, hour 0-23, minute 0-59, second 0-60).
    private func validDateTime(_ t: Range<Int>) -> Bool {
        var i = t.lowerBound
        func number(_ count: Int) -> Int? {
            guard i + count <= t.upperBound else { return nil }
            var v = 0
            for k in i..<(i + count) {
                guard Self.isDigit(bytes[k]) else { return nil }
                v = v * 10 + Int(bytes[k] - 0x30)
            }
            i += count
            return v
        }
        func skip(_ b: UInt8) -> Bool {
            guard i < t.upperBound, bytes[i] == b else { return false }
            i += 1
            return true
        }
        func time() -> Bool {
            guard let h = number(2), h < 24, skip(0x3A), let m = number(2), m < 60, skip(0x3A),
                  let sec = number(2), sec <= 60 else { return false }
            if skip(0x2E) {
                let digits = i
                while i < t.upperBound && Self.isDigit(bytes[i]) { i += 1 }
                if i == digits { return false }
            }
            return true
        }
        if t.count >= 10 && isDate(i) {
            guard let y = number(4), skip(0x2D), let mo = number(2), skip(0x2D), let d = number(2),
                  (1...12).contains(mo), d >= 1, d <= Self.days(inMonth: mo, year: y) else { return false }
            if i == t.upperBound { return true }
            guard skip(0x54) || skip(0x74) || skip(0x20), time() else { return false }
            if i == t.upperBound { return true }
            if skip(0x5A) || skip(0x7A) { return i == t.upperBound }
            guard skip(0x2B) || skip(0x2D), let oh = number(2), oh < 24, skip(0x3A), let om = number(2), om < 60 else {
                return false
            }
            return i == t.upperBound
        }
        return time() && i == t.upperBound
    }

    private static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
