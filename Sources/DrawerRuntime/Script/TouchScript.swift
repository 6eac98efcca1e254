/// A touch script (docs/formats.md, Touch script): timed finger events and programmatic
/// calls, the input of `panel-kiosk render` and of the behaviour tests. Coordinates are frame
/// pixels.
public struct TouchScript: Equatable, Sendable {
    public enum Verb: Equatable, Sendable {
        case down(finger: Int, x: Double, y: Double)
        case move(finger: Int, x: Double, y: Double)
        case up(finger: Int)
        case cancel(finger: Int)
        /// `do <target> <action> [<arg>...]`
        case call(target: String, action: String, arguments: [String])
        /// `send <json>`: a control command, exactly as the socket takes it (the rest of the
        /// line, `#` included: it may be inside a string).
        case send(json: String)
    }
    public struct Line: Equatable, Sendable {
        public var timeMS: Double
        public var verb: Verb
        /// 1-based line in the file, for errors raised later (unknown target, bad action).
        public var lineNumber: Int

        /// A line made in code (`lineNumber`: what errors about it name; by default its
        /// place in the script is unknown, 0). ``TouchScript/check()`` holds it to what
        /// `parse` allows.
        public init(timeMS: Double, verb: Verb, lineNumber: Int = 0) {
            self.timeMS = timeMS; self.verb = verb; self.lineNumber = lineNumber
        }
    }

    /// Throws the first line that `parse` would have refused: a time that is not a finite
    /// number of ms within a day or goes back, a coordinate that is not finite or is off any
    /// screen. A script built in code (or edited after parsing) passes through here before
    /// it drives a clock: a time of 1e300 ms would be stepped frame by frame for ever.
    public func check() throws(TouchScriptError) {
        var last = 0.0
        for (i, line) in lines.enumerated() {
            let n = line.lineNumber > 0 ? line.lineNumber : i + 1
            func fail(_ m: String) -> TouchScriptError { TouchScriptError(file: name, line: n, message: m) }
            guard line.timeMS.isFinite, line.timeMS >= 0, line.timeMS <= Self.maxTimeMS else {
                throw fail("time \(line.timeMS) ms is not within 0...\(Int(Self.maxTimeMS)) ms")
            }
            guard line.timeMS >= last else { throw fail("time \(line.timeMS) ms goes back (the line before is at \(last) ms)") }
            last = line.timeMS
            switch line.verb {
            case .down(_, let x, let y), .move(_, let x, let y):
                // As `parse`: far beyond any screen, and small enough that velocities stay finite.
                guard abs(x) <= 1_000_000, abs(y) <= 1_000_000 else { throw fail("(\(x), \(y)) is off any screen (at most ±1000000 px)") }
            case .up, .cancel, .call, .send:
                break
            }
        }
    }

    public var lines: [Line]
    public var name: String

    public init(lines: [Line], name: String = "script") { self.lines = lines; self.name = name }

    public var durationMS: Double { lines.last?.timeMS ?? 0 }

    /// The latest time a script may name: a day. Simulated time is stepped frame by frame, so
    /// an unbounded time (1e12 ms) would run for days.
    public static let maxTimeMS: Double = 86_400_000
    /// The longest line: far more than any `do` line with a title needs.
    public static let maxLineBytes = 65_536

    public static func parse(_ text: String, name: String) throws(TouchScriptError) -> TouchScript {
        var out: [Line] = []
        var lastTime = -Double.infinity
        var lineNo = 0
        // Lines are cut on bytes: "\r\n" is one Character in Swift (a CRLF file split on
        // Character "\n" was one line), and a 10 MB line must be refused before anything walks
        // its Characters.
        for raw in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNo += 1
            guard raw.count <= maxLineBytes else {
                throw TouchScriptError(file: name, line: lineNo, message: "a line of \(raw.count) bytes; lines are at most \(maxLineBytes)")
            }
            var s = Substring(raw)
            if s.hasSuffix("\r") { s = s.dropLast() }
            // A byte-order mark (Windows editors write one): invisible, it made the first
            // time read as "expected a time in ms, found '0'".
            if lineNo == 1, s.hasPrefix("\u{FEFF}") { s = s.dropFirst() }
            if s.utf8.contains(0) {
                throw TouchScriptError(file: name, line: lineNo, message: "a NUL byte in the line (is this a text file?)")
            }
            func fail(_ m: String) -> TouchScriptError { TouchScriptError(file: name, line: lineNo, message: m) }
            /// The line's time: a number of ms within a day, not before the previous line's.
            func time(_ word: String) throws(TouchScriptError) -> Double {
                // Decimal only: Double also reads "0x10" (16) and "0x1p3".
                guard word.allSatisfy({ $0.isASCII && ($0.isNumber || ".+-eE".contains($0)) }),
                      let t = Double(word), t.isFinite else {
                    throw fail("expected a time in ms, found '\(word.clippedForMessage())'")
                }
                guard t >= 0 else { throw fail("time \(word) is negative") }
                guard t <= maxTimeMS else {
                    throw fail("time \(word) is past the longest script, \(fmtMS(maxTimeMS)) ms (24 hours)")
                }
                guard t >= lastTime else { throw fail("time \(word) goes back (previous line was at \(fmtMS(lastTime)) ms)") }
                lastTime = t
                return t
            }
            // Words are cut on scalars, not Characters: a space followed by a combining mark is
            // one Character, so `set_title ́Zoe` was one word ("no action 'set_title ́Zoe'").
            // A send line's JSON is the rest of the line, '#' included (it may be in a string).
            if let json = Self.sendArgument(s) {
                let t = try time(String(Substring(s.unicodeScalars.split(maxSplits: 1, whereSeparator: Self.isBlank)[0])))
                guard !json.isEmpty else { throw fail("'send' takes a control command as JSON, as {\"cmd\": \"set\", ...}") }
                out.append(Line(timeMS: t, verb: .send(json: json), lineNumber: lineNo))
                continue
            }
            if let hash = s.unicodeScalars.firstIndex(of: "#") { s = Substring(s.unicodeScalars[..<hash]) }
            let words = s.unicodeScalars.split(whereSeparator: { Self.isBlank($0) || $0 == "\r" }).map { String(Substring($0)) }
            if words.isEmpty { continue }
            let t = try time(words[0])
            guard words.count >= 2 else { throw fail("missing verb after time (down, move, up, cancel or do)") }
            let verb = words[1]
            let args = Array(words.dropFirst(2))

            func finger(_ w: String) throws(TouchScriptError) -> Int {
                guard let id = Int(w) else { throw fail("finger id must be an integer, found '\(w.clippedForMessage())'") }
                return id
            }
            func coord(_ w: String, _ axis: String) throws(TouchScriptError) -> Double {
                guard let v = Double(w), v.isFinite else { throw fail("\(axis) must be a number, found '\(w.clippedForMessage())'") }
                // Far beyond any screen, and small enough that velocities stay finite.
                guard abs(v) <= 1_000_000 else { throw fail("\(axis) \(w) is off any screen (at most ±1000000 px)") }
                return v
            }
            func expect(_ n: Int, _ usage: String) throws(TouchScriptError) {
                if args.count != n { throw fail("'\(verb)' takes \(usage), found \(args.count) argument(s)") }
            }

            let v: Verb
            switch verb {
            case "down", "move":
                try expect(3, "<id> <x> <y>")
                let id = try finger(args[0]), x = try coord(args[1], "x"), y = try coord(args[2], "y")
                v = verb == "down" ? .down(finger: id, x: x, y: y) : .move(finger: id, x: x, y: y)
            case "up", "cancel":
                try expect(1, "<id>")
                let id = try finger(args[0])
                v = verb == "up" ? .up(finger: id) : .cancel(finger: id)
            case "do":
                guard args.count >= 2 else { throw fail("'do' takes <target> <action> [<arg>...]") }
                v = .call(target: args[0], action: args[1], arguments: Array(args.dropFirst(2)))
            default:
                var m = "unknown verb '\(verb.clippedForMessage())'"
                if let near = Suggestion.nearest(verb, in: ["down", "move", "up", "cancel", "do"]) { m += " (did you mean '\(near)'?)" }
                throw fail(m)
            }
            out.append(Line(timeMS: t, verb: v, lineNumber: lineNo))
        }
        try checkFingers(out, name: name)
        return TouchScript(lines: out, name: name)
    }

    /// What separates words: a space or a tab, as scalars.
    private static func isBlank(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" }

    /// The JSON of a `<time> send <json>` line (trimmed), nil for any other line.
    private static func sendArgument(_ line: Substring) -> String? {
        var rest = line.unicodeScalars.drop(while: isBlank)
        rest = rest.drop { !isBlank($0) }          // the time
        rest = rest.drop(while: isBlank)
        let verb = rest.prefix(4)
        guard verb.elementsEqual("send".unicodeScalars) else { return nil }
        let after = rest.dropFirst(4)
        guard let first = after.first else { return "" }
        guard isBlank(first) else { return nil }
        var json = after.drop(while: isBlank)
        while let last = json.last, isBlank(last) { json = json.dropLast() }
        return String(Substring(json))
    }

    /// A finger must go down before it moves or lifts, and not go down twice.
    private static func checkFingers(_ lines: [Line], name: String) throws(TouchScriptError) {
        var down = Set<Int>()
        for l in lines {
            func fail(_ m: String) -> TouchScriptError { TouchScriptError(file: name, line: l.lineNumber, message: m) }
            switch l.verb {
            case .down(let f, _, _):
                if down.contains(f) { throw fail("finger \(f) is already down") }
                down.insert(f)
            case .move(let f, _, _):
                if !down.contains(f) { throw fail("finger \(f) moves but is not down") }
            case .up(let f), .cancel(let f):
                if down.remove(f) == nil { throw fail("finger \(f) lifts but is not down") }
            case .call, .send: break
            }
        }
    }
}

/// `script.touch:12: unknown verb 'mvoe'`
public struct TouchScriptError: Error, Equatable, CustomStringConvertible, Sendable {
    public var file: String
    public var line: Int
    public var message: String
    public init(file: String, line: Int, message: String) { self.file = file; self.line = line; self.message = message }
    public var description: String { "\(file):\(line): \(message)" }
}

/// A time for a message: whole milliseconds without ".0"; anything an Int cannot hold as is.
func fmtMS(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
