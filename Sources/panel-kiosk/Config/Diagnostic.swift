/// One problem found in a file, printed as `FILE:LINE:COL: message` (docs/formats.md, Command
/// line: `check`).
struct Diagnostic: Error, Equatable, CustomStringConvertible, Sendable {
    var file: String
    var line: Int
    var column: Int
    var message: String

    var description: String { "\(file):\(line):\(column): \(message)" }
}

/// Every problem of one load, in file order; thrown when a file cannot be used.
struct DiagnosticList: Error, CustomStringConvertible, Sendable {
    var items: [Diagnostic]
    var description: String { items.map(\.description).joined(separator: "\n") }
}
