/// One problem found in a file, printed as `FILE:LINE:COL: message` (docs/formats.md, Command
/// line: `check`).
public struct Diagnostic: Error, Equatable, CustomStringConvertible, Sendable {
    /// Where: the file, 1-based line and column (0 for an app built in code).
    public var file: String
    public var line: Int
    public var column: Int
    /// What is wrong and, where it can, how to fix it.
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }

    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// Every problem of one load, in file order; thrown when a file cannot be used.
public struct DiagnosticList: Error, CustomStringConvertible, Sendable {
    /// Every problem found, in file order.
    public var items: [Diagnostic]
    public var description: String { items.map(\.description).joined(separator: "\n") }
}
