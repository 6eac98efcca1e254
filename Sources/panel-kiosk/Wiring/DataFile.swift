import Foundation
import PanelRenderer

/// `[data] file`: a JSON object of named values that another program writes (atomically,
/// by renaming a new file over it), applied like `set_values` whenever it changes. The file
/// is read whole, at most `maxBytes`; a malformed one is reported with its line and column
/// and the values shown stay as they were.
enum DataFile {
    static let maxBytes = 4 << 20

    /// The values in `path`; the error is `path:line:col: message` for a file that is not a
    /// JSON object of values.
    static func read(_ path: String) throws(DataFileError) -> [String: LiveValue] {
        let bytes: [UInt8]
        do { bytes = try RegularFile.read(path, maxBytes: maxBytes) } catch {
            throw DataFileError(file: path, line: 1, column: 1, message: error.reason)
        }
        guard let json = ParsedJSON.parse(bytes) else {
            let (line, column) = syntaxErrorPosition(bytes)
            throw DataFileError(file: path, line: line, column: column, message: "not valid JSON (nested at most \(ParsedJSON.maxDepth) deep)")
        }
        do { return try ControlCommand.values(from: json) } catch {
            throw DataFileError(file: path, line: 1, column: 1, message: error.message)
        }
    }

    /// Where Foundation's parser stopped ("around character N"), as line and column.
    private static func syntaxErrorPosition(_ bytes: [UInt8]) -> (Int, Int) {
        var offset = 0
        do { _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) } catch {
            let text = "\(error)"
            if let r = text.range(of: "around character ") {
                offset = Int(text[r.upperBound...].prefix { $0.isNumber }) ?? 0
            }
        }
        var line = 1, column = 1
        for b in bytes.prefix(offset) {
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }
}

/// `data.json:3:12: message`.
struct DataFileError: Error, CustomStringConvertible, Sendable {
    var file: String
    var line: Int
    var column: Int
    var message: String
    var description: String { "\(file):\(line):\(column): \(message)" }
}
