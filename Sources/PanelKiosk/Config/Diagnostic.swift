/// One problem found in a file, printed as `FILE:LINE:COL: message` (docs/formats.md, Command
/// line: `check`).
package struct Diagnostic: Error, Equatable, CustomStringConvertible, Sendable {
    package var file: String
    package var line: Int
    package var column: Int
    package var message: String

    package init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }

    package var description: String { "\(file):\(line):\(column): \(message)" }
}

/// Every problem of one load, in file order; thrown when a file cannot be used.
package struct DiagnosticList: Error, CustomStringConvertible, Sendable {
    package var items: [Diagnostic]
    package var description: String { items.map(\.description).joined(separator: "\n") }
}
