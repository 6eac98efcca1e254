/// A parsed TOML value with the place it came from, so later validation can name the
/// file, line and column of a bad key or value. `TOMLParser` builds the tree: a value is
/// where its key is written, an array element where it starts, a table where its header
/// defines it (or where it is first named), an `[[array]]` element at its header.
package struct ConfigNode: Sendable {
    package enum Value: Sendable {
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
        case array([ConfigNode])
        case table([(key: String, node: ConfigNode)])
        case other(String)   // dates and times: valid TOML we have no use for
    }
    package var value: Value
    var file: String
    var line: Int
    var column: Int
    /// For a node copied out of a fragment (`ConfigFragments`): the fragment and where it was
    /// used, so a problem in it names both the definition (the position above) and the use.
    var usedAt: String? = nil

    var typeName: String {
        switch value {
        case .string: "a string"
        case .int: "an integer"
        case .double: "a number"
        case .bool: "a boolean"
        case .array: "an array"
        case .table: "a table"
        case .other: "a date/time"
        }
    }

    func diagnostic(_ message: String) -> Diagnostic {
        Diagnostic(file: file, line: line, column: column, message: usedAt.map { "\(message) (in \($0))" } ?? message)
    }
}
