#if canImport(Glibc)
import Glibc
#endif

/// The checks that make a file TOML text at all, done once before parsing: valid UTF-8 and
/// no NUL byte. After them the grammar can treat every byte below `end` as text and the
/// sentinel 0 as the end. (The TOMLKit-based loader silently ignored everything after a NUL.)
extension TOMLParser {
    mutating func checkEncoding(alreadyValidUTF8: Bool) throws(TOMLSyntaxError) {
        let start = index, count = end - start
        // memchr and the standard library's validator are optimised even in debug builds,
        // so a clean multi-megabyte file costs two fast passes.
        let nul: Int? = bytes.withUnsafeBufferPointer { buffer in
            guard count > 0, let base = buffer.baseAddress,
                  let hit = memchr(base + start, 0, count) else { return nil }
            return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
        }
        var invalid: Int?
        if !alreadyValidUTF8 {
            let valid = bytes.withUnsafeBufferPointer {
                String(validating: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) != nil
            }
            if !valid { invalid = firstInvalidUTF8(from: start) }
        }
        // Report whichever comes first; everything before it is valid text, so its column
        // can be counted in scalars like any other.
        if let i = invalid, nul.map({ i < $0 }) ?? true {
            throw TOMLSyntaxError(position: absolutePosition(of: i, from: start),
                                  message: "invalid UTF-8 (byte 0x\(String(bytes[i], radix: 16, uppercase: true))); TOML files must be UTF-8 text")
        }
        if let n = nul {
            throw TOMLSyntaxError(position: absolutePosition(of: n, from: start),
                                  message: "NUL byte (U+0000) in the file; TOML text cannot contain it")
        }
    }

    /// Line and column of byte `i`, counted from the start; only for the errors above, which
    /// are found before the parser has walked the lines.
    private func absolutePosition(of i: Int, from start: Int) -> TOMLPosition {
        var line = 1, column = 1
        for j in start..<i {
            let b = bytes[j]
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return TOMLPosition(line: line, column: column)
    }

    /// Index of the first byte that does not start a valid UTF-8 sequence (overlong forms,
    /// surrogates and values above U+10FFFF included), per RFC 3629's table.
    private func firstInvalidUTF8(from start: Int) -> Int? {
        var i = start
        while i < end {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int, low: UInt8, high: UInt8
            switch b {
            case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
            case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
            case 0xED: (length, low, high) = (3, 0x80, 0x9F)
            case 0xE1...0xEF: (length, low, high) = (3, 0x80, 0xBF)
            case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
            case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
            case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
            default: return i
            }
            guard i + length <= end, bytes[i + 1] >= low, bytes[i + 1] <= high else { return i }
            for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return i }
            i += length
        }
        return nil
    }
}
