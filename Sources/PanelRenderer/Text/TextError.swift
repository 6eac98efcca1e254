/// Why a font could not be loaded or used. The message always starts with the file, so a
/// kiosk log line reads like "/usr/share/fonts/x.ttf: no such file".
public struct TextError: Error, CustomStringConvertible, Equatable {
    /// The font file (as the caller spelled it) the error is about.
    public let path: String
    /// What went wrong, in words.
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path; self.reason = reason
    }
    public var description: String { "\(path): \(reason)" }
}

/// FreeType error codes in words. FreeType's own `FT_Error_String` is compiled out in
/// Debian's build, so the few codes a kiosk can hit are spelled here (fterrdef.h).
func freeTypeErrorText(_ code: Int32) -> String {
    switch code {
    case 0x01: return "cannot open file (FreeType error 0x01)"
    case 0x02: return "not a font file FreeType knows (unknown file format, error 0x02)"
    case 0x03: return "broken font file (invalid file format, error 0x03)"
    case 0x06: return "invalid argument, e.g. face index out of range (FreeType error 0x06)"
    case 0x08, 0x09, 0x0A:
        // A font whose tables point at garbage: a damaged or partly written file.
        return "broken font file: a table in it is invalid (damaged or not wholly written? FreeType error 0x\(hex(code)))"
    case 0x10: return "invalid glyph index (FreeType error 0x10)"
    case 0x40: return "out of memory (FreeType error 0x40)"
    case 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58:
        return "the font file ends before its data does (truncated? FreeType error 0x\(hex(code)))"
    case 0x8E...0x9B:
        return "font table missing or broken (FreeType error 0x\(hex(code)))"
    default: return "FreeType error 0x\(hex(code))"
    }
}

private func hex(_ code: Int32) -> String { String(code, radix: 16, uppercase: true) }
