import PanelRenderer

/// `[data] file`: a JSON object of named values that another program writes (atomically,
/// by renaming a new file over it), applied like `set_values` whenever it changes. The file
/// is read whole, at most `maxBytes`; a malformed one is reported with its line and column
/// and the values shown stay as they were.
package enum DataFile {
    static let maxBytes = 4 << 20

    /// The values in `path`; the error is `path:line:col: message` for a file that is not a
    /// JSON object of values, or that gives a name of `sorts` ("text" or "rows": what the
    /// kiosk shows it as) the other sort. The sort is judged first, at the key: a text given
    /// as `["x"]` was told to write row objects, which were refused in turn.
    package static func read(_ path: String, sorts: [String: String] = [:]) throws(DataFileError) -> [String: LiveValue] {
        let bytes: [UInt8]
        do { bytes = try RegularFile.read(path, maxBytes: maxBytes) } catch {
            throw DataFileError(file: path, line: 1, column: 1, message: error.reason)
        }
        let json: ParsedJSON
        do { json = try ParsedJSON.parseOrExplain(bytes) } catch {
            let (line, column) = position(of: error.offset, in: bytes)
            throw DataFileError(file: path, line: line, column: column, message: "not valid JSON: \(error.message)")
        }
        guard case .object = json else {
            throw DataFileError(file: path, line: 1, column: 1,
                                message: "a data file is one JSON object of named values ({\"name\": value, ...}), not \(json.kindName)")
        }
        if !sorts.isEmpty, case .object(let o) = json {
            for key in topLevelKeys(in: bytes) {
                guard let want = sorts[key.name], let v = o[key.name] else { continue }
                let given: String
                switch v {
                case .array: given = "rows"
                case .string, .number, .bool: given = "text"
                case .null, .object: continue      // wrong whatever the sort: said below
                }
                if given != want {
                    throw DataFileError(file: path, line: key.line, column: key.column,
                                        message: "value '\(key.name)' must be \(want), as the app shows it, not \(given)")
                }
            }
        }
        do { return try ControlCommand.values(from: json) } catch {
            // Name the value that is wrong where it is written: the first, in the file, that
            // is wrong on its own, with its own message. One pass finds every key's place.
            if case .object(let o) = json {
                for key in topLevelKeys(in: bytes) {
                    guard let v = o[key.name] else { continue }
                    do { _ = try ControlCommand.values(from: .object([key.name: v])) } catch let e {
                        throw DataFileError(file: path, line: key.line, column: key.column, message: e.message)
                    }
                }
            }
            throw DataFileError(file: path, line: 1, column: 1, message: error.message)
        }
    }

    /// The values of the file at `path` in file order, each with the line and column of its
    /// key (empty when it cannot be read or is not an object): to say where a value that the
    /// screen refused (an icon that cannot be shown) is written.
    package static func placedValues(_ path: String) -> [(name: String, value: LiveValue, line: Int, column: Int)] {
        guard let bytes = try? RegularFile.read(path, maxBytes: maxBytes), let json = try? ParsedJSON.parseOrExplain(bytes),
              case .object(let o) = json else { return [] }
        return topLevelKeys(in: bytes).compactMap { key in
            guard let v = o[key.name], let value = try? ControlCommand.values(from: .object([key.name: v]))[key.name] else { return nil }
            return (key.name, value, key.line, key.column)
        }
    }

    /// The keys of a JSON object's top level, in file order, each with the line and column of
    /// its opening quote. (Keys written with escapes come out as written, not decoded.)
    static func topLevelKeys(in bytes: [UInt8]) -> [(name: String, line: Int, column: Int)] {
        var keys: [(name: String, line: Int, column: Int)] = []
        var depth = 0, line = 1, column = 1
        var i = 0
        var string: (start: Int, line: Int, column: Int)?
        while i < bytes.count {
            let b = bytes[i]
            if let open = string {
                if b == UInt8(ascii: "\\") { i += 2; column += 2; continue }
                if b == UInt8(ascii: "\"") {
                    string = nil
                    // A string at depth 1 followed by ':' is a key of the top-level object.
                    var j = i + 1
                    while j < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
                    if depth == 1, j < bytes.count, bytes[j] == UInt8(ascii: ":") {
                        keys.append((String(decoding: bytes[open.start..<i], as: UTF8.self), open.line, open.column))
                    }
                }
            } else {
                switch b {
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                case UInt8(ascii: "\""): string = (i + 1, line, column)
                default: break
                }
            }
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return keys
    }

    /// The line and column (1-based, columns in characters) of a byte offset.
    private static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1, column = 1
        for b in bytes.prefix(offset) {
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }
}

/// `data.json:3:12: message`.
package struct DataFileError: Error, CustomStringConvertible, Sendable {
    package var file: String
    package var line: Int
    package var column: Int
    package var message: String
    package var description: String { "\(file):\(line):\(column): \(message)" }
}
