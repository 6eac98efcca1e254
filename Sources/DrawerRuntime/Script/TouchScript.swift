/// A touch script (contract §3): timed finger events and programmatic calls, the input of
/// `panel-kiosk render` and of the behaviour tests. Coordinates are frame pixels.
public struct TouchScript: Equatable, Sendable {
    public enum Verb: Equatable, Sendable {
        case down(finger: Int, x: Double, y: Double)
        case move(finger: Int, x: Double, y: Double)
        case up(finger: Int)
        case cancel(finger: Int)
        /// `do <target> <action> [<arg>...]`
        case call(target: String, action: String, arguments: [String])
    }
    public struct Line: Equatable, Sendable {
        public var timeMS: Double
        public var verb: Verb
        /// 1-based line in the file, for errors raised later (unknown target, bad action).
        public var lineNumber: Int
    }

    public var lines: [Line]
    public var name: String

    public init(lines: [Line], name: String = "script") { self.lines = lines; self.name = name }

    public var durationMS: Double { lines.last?.timeMS ?? 0 }

    public static func parse(_ text: String, name: String) throws(TouchScriptError) -> TouchScript {
        var out: [Line] = []
        var lastTime = -Double.infinity
        var lineNo = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNo += 1
            var s = Substring(raw)
            if let hash = s.firstIndex(of: "#") { s = s[..<hash] }
            let words = s.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            if words.isEmpty { continue }
            func fail(_ m: String) -> TouchScriptError { TouchScriptError(file: name, line: lineNo, message: m) }

            guard let t = Double(words[0]), t.isFinite else {
                throw fail("expected a time in ms, found '\(words[0])'")
            }
            guard t >= 0 else { throw fail("time \(words[0]) is negative") }
            guard t >= lastTime else { throw fail("time \(words[0]) goes back (previous line was at \(fmtMS(lastTime)) ms)") }
            lastTime = t
            guard words.count >= 2 else { throw fail("missing verb after time (down, move, up, cancel or do)") }
            let verb = words[1]
            let args = Array(words.dropFirst(2))

            func finger(_ w: String) throws(TouchScriptError) -> Int {
                guard let id = Int(w) else { throw fail("finger id must be an integer, found '\(w)'") }
                return id
            }
            func coord(_ w: String, _ axis: String) throws(TouchScriptError) -> Double {
                guard let v = Double(w), v.isFinite else { throw fail("\(axis) must be a number, found '\(w)'") }
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
                var m = "unknown verb '\(verb)'"
                if let near = closestVerb(verb) { m += " (did you mean '\(near)'?)" }
                throw fail(m)
            }
            out.append(Line(timeMS: t, verb: v, lineNumber: lineNo))
        }
        try checkFingers(out, name: name)
        return TouchScript(lines: out, name: name)
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
            case .call: break
            }
        }
    }

    private static func closestVerb(_ w: String) -> String? {
        let verbs = ["down", "move", "up", "cancel", "do"]
        return verbs.min { levenshtein(w, $0) < levenshtein(w, $1) }.flatMap { levenshtein(w, $0) <= 2 ? $0 : nil }
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

func fmtMS(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }

func levenshtein(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var prev = Array(0...b.count), cur = prev
    for i in 1...a.count {
        cur[0] = i
        for j in 1...b.count {
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&prev, &cur)
    }
    return prev[b.count]
}
