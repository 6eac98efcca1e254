/// Why an image could not be read or written. The message starts with the file (or the
/// name the caller gave in-memory data), e.g. "icons/wifi.png: not a PNG file (bad signature)".
public struct ImageError: Error, CustomStringConvertible, Equatable {
    /// The file or data name the error is about.
    public let name: String
    /// What went wrong, in words.
    public let reason: String
    public init(name: String, reason: String) { self.name = name; self.reason = reason }
    public var description: String { "\(name): \(reason)" }
}
