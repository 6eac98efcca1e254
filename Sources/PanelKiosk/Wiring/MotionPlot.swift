import DrawerRuntime
import PanelRenderer

/// `panel-kiosk plot`: a motion trace (`--trace`) drawn as two charts, one above the other:
/// a component's positions with the finger over them, and their velocities, against time,
/// with the touch-down, the lift and the phase changes (the drag or scroll starting past the
/// slop and handing over, the decision at the lift: settle or glide, and the rest) marked.
package struct MotionPlot {
    /// One frame of the trace, for one component.
    package struct Frame {
        var tMS: Double
        var phase: String
        /// By `MotionPlot.keys` index (NaN: not in this frame). Arrays, not a dictionary
        /// per frame: a long trace has hundreds of thousands of frames.
        var position: [Double]
        var velocity: [Double]
        var finger: Point?
    }

    static let maxTraceBytes = 64 << 20

    package let component: String
    package let frames: [Frame]
    /// The component's point positions (`_pt` keys) in the trace, in order of first sight.
    let keys: [String]

    /// Reads `path`; `component` nil picks the first (by id) that moves. Errors name the file
    /// and line.
    package init(tracePath path: String, component wanted: String?) throws {
        let bytes: [UInt8]
        do { bytes = try RegularFile.read(path, maxBytes: Self.maxTraceBytes) } catch {
            throw Failure("\(path): \(error.reason)")
        }
        // Two passes over the bytes, parsing each line twice: keeping every parsed line (a
        // dictionary per component per frame) took about ten times the file's size.
        let rawLines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        func isBlank(_ line: ArraySlice<UInt8>) -> Bool { line.allSatisfy { $0 == 0x20 || $0 == 0x0D } }
        var ids = Set<String>(), moving = Set<String>()
        var lineCount = 0
        for (i, line) in rawLines.enumerated() where !isBlank(line) {
            guard case .object(let o)? = ParsedJSON.parse(line), case .object(let cs)? = o["components"], case .number? = o["t_ms"] else {
                throw Failure("\(path):\(i + 1): not a motion trace line (a JSON object with \"t_ms\" and \"components\", as --trace writes)")
            }
            lineCount += 1
            for (id, c) in cs {
                ids.insert(id)
                if case .object(let f) = c, case .string(let phase)? = f["phase"], phase != "rest" { moving.insert(id) }
            }
        }
        guard lineCount > 0 else { throw Failure("\(path): the trace is empty") }
        let chosen: String
        if let wanted {
            guard ids.contains(wanted) else {
                var m = "\(path): no component '\(wanted)' in the trace (it has \(ids.sorted().joined(separator: ", ")))"
                if let near = Suggestion.nearest(wanted, in: ids.sorted()) { m += "; did you mean '\(near)'?" }
                throw Failure(m)
            }
            chosen = wanted
        } else {
            guard let first = moving.sorted().first ?? ids.sorted().first else { throw Failure("\(path): the trace has no components") }
            chosen = first
        }
        component = chosen
        var keys: [String] = [], index: [String: Int] = [:]
        var frames: [Frame] = rawLines.compactMap { line in
            guard !isBlank(line), case .object(let l)? = ParsedJSON.parse(line),
                  case .number(let t)? = l["t_ms"], case .object(let cs)? = l["components"],
                  case .object(let c)? = cs[chosen] else { return nil }
            func numbers(_ key: String) -> [Double] {
                guard case .object(let o)? = c[key] else { return [] }
                var values: [Double] = []
                for (k, v) in o where k.hasSuffix("_pt") {
                    guard case .number(let n) = v else { continue }
                    let i = index[k] ?? { keys.append(k); index[k] = keys.count - 1; return keys.count - 1 }()
                    if values.count <= i { values += repeatElement(.nan, count: i + 1 - values.count) }
                    values[i] = n
                }
                return values
            }
            var finger: Point?
            if case .array(let fs)? = l["fingers"], case .object(let f)? = fs.first,
               case .number(let x)? = f["x_pt"], case .number(let y)? = f["y_pt"] { finger = Point(x, y) }
            var phase = "rest"
            if case .string(let p)? = c["phase"] { phase = p }
            return Frame(tMS: t, phase: phase, position: numbers("position"), velocity: numbers("velocity"), finger: finger)
        }
        self.keys = keys
        // A `run` trace's times are the monotonic clock's (ms since boot: 4106327.8): its axis
        // labels ran into each other and off the chart. Such a trace is drawn from its first
        // line; a `render` trace (simulated time, from 0) as it is.
        let first = frames.lazy.map(\.tMS).first(where: \.isFinite) ?? 0
        timeOriginMS = first >= Self.shiftFromMS ? first : 0
        if timeOriginMS != 0 { for i in frames.indices { frames[i].tMS -= timeOriginMS } }
        self.frames = frames
    }

    /// Times from this on at the first line are drawn from it (10 s: a render trace starts at
    /// 0 and a run trace at the time since boot, past this a few seconds after it).
    static let shiftFromMS = 10_000.0
    /// Subtracted from every `t_ms` on the time axis (0 for a render trace).
    package let timeOriginMS: Double

    /// The time axis' unit: ms, or ms since the first line's `t_ms` when shifted.
    var timeUnit: String {
        timeOriginMS == 0 ? "ms" : "ms since t_ms \(Int(timeOriginMS.rounded()))"
    }

    /// A frame's reading at key index `k`; nil when the frame has none.
    static func reading(_ values: [Double], _ k: Int) -> Double? {
        k < values.count && !values[k].isNaN ? values[k] : nil
    }

    static let palette: [Color] = [Color(rgb: 0x1F6FD1), Color(rgb: 0xD1541F), Color(rgb: 0x2A9D5B), Color(rgb: 0x8E44AD)]
    static let fingerColor = Color(rgb: 0x777777)

    /// The point positions that change in the trace (`_pt` keys), sorted.
    var movingKeys: [String] {
        keys.indices.filter { k in
            let vs = frames.compactMap { Self.reading($0.position, k) }
            return (vs.max() ?? 0) - (vs.min() ?? 0) > 0.01
        }.map { keys[$0] }.sorted()
    }

    /// Touch-down, lift and phase changes, in time order.
    package var markers: [LineChart.Marker] {
        var out: [LineChart.Marker] = []
        var held = false, phase = frames.first?.phase ?? "rest"
        for f in frames {
            if f.finger != nil, !held { out.append(.init(x: f.tMS, label: "down", color: Color(rgb: 0x2A9D5B))) }
            if f.finger == nil, held { out.append(.init(x: f.tMS, label: "up", color: Color(rgb: 0xC0392B))) }
            // Every change but to `pressed`, which is the touch-down marked just above.
            if f.phase != phase, ["dragging", "scrolling", "settling", "gliding", "rest"].contains(f.phase) {
                out.append(.init(x: f.tMS, label: f.phase, color: Color(rgb: 0x555555)))
            }
            held = f.finger != nil
            phase = f.phase
        }
        return out
    }

    /// The finger along the axis it moved most, as a reference line on the position chart.
    var fingerSeries: LineChart.Series? {
        let held = frames.filter { $0.finger != nil }
        guard held.count > 1 else { return nil }
        let xs = held.map { $0.finger!.x }, ys = held.map { $0.finger!.y }
        let vertical = (ys.max()! - ys.min()!) >= (xs.max()! - xs.min()!)
        let points = frames.map { f in Point(f.tMS, f.finger.map { vertical ? $0.y : $0.x } ?? .nan) }
        return .init(name: vertical ? "finger y" : "finger x", color: Self.fingerColor, points: points, isReference: true)
    }

    /// Both charts in a `width` × `height` pixel image.
    package func draw(width: Int, height: Int, face: FontFace) throws -> Pixmap {
        guard let pixmap = Pixmap(width: width, height: height) else { throw Failure("cannot allocate a \(width)x\(height) plot") }
        let canvas = Canvas(pixmap.view)
        canvas.clear(.white)
        let keys = movingKeys
        // Lines out of time order (a hand-edited trace) still make a range.
        let times = frames.map(\.tMS).filter(\.isFinite)
        let xRange = (times.min() ?? 0)...max(times.max() ?? 1, (times.min() ?? 0) + 1)
        let index = keys.map { k in self.keys.firstIndex(of: k)! }
        var positions = keys.enumerated().map { i, k in
            LineChart.Series(name: k, color: Self.palette[i % Self.palette.count],
                             points: frames.map { Point($0.tMS, Self.reading($0.position, index[i]) ?? .nan) })
        }
        if let finger = fingerSeries { positions.append(finger) }
        let velocities = keys.enumerated().map { i, k in
            LineChart.Series(name: k, color: Self.palette[i % Self.palette.count],
                             points: frames.map { Point($0.tMS, Self.reading($0.velocity, index[i]) ?? .nan) })
        }
        let half = Double(height) / 2
        var top = LineChart(title: "\(component): position", xUnit: timeUnit, yUnit: "pt", series: positions, markers: markers,
                            xRange: xRange)
        var bottom = LineChart(title: "\(component): velocity", xUnit: timeUnit, yUnit: "pt/s", series: velocities,
                               markers: markers, xRange: xRange)
        top.labelWidth = 56      // both plots start at the same x, so their times line up
        bottom.labelWidth = 56
        top.draw(in: canvas, frame: Rect(0, 0, Double(width), half), face: face)
        bottom.draw(in: canvas, frame: Rect(0, half, Double(width), half), face: face)
        return pixmap
    }
}
