/// A parsed TOML value with the place it came from, so later validation can name the
/// file, line and column of a bad key or value. TOMLKit parses (and reports syntax errors
/// with their position); `SourceLocator` supplies the positions TOMLKit does not keep.
struct ConfigNode: Sendable {
    enum Value: Sendable {
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
        case array([ConfigNode])
        case table([(key: String, node: ConfigNode)])
        case other(String)   // dates and times: valid TOML we have no use for
    }
    var value: Value
    var file: String
    var line: Int
    var column: Int

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
        Diagnostic(file: file, line: line, column: column, message: message)
    }
}
