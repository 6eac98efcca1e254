/// Turns path commands into device-space line edges: applies the transform, flattens curves
/// to within `flatteningTolerance`, and appends to the rasterizer's reusable edge buffer.

/// Maximum distance in device pixels between a curve and its flattened polyline.
let flatteningTolerance = 0.1

/// Coordinates beyond this (device px) make the whole draw a no-op instead of an overflow.
let maxDeviceCoordinate = 1.0e7

/// One line edge, stored top to bottom; `dir` is +1 when the path ran downwards.
struct Edge {
    var x0: Double, y0: Double, x1: Double, y1: Double
    var dxdy: Double
    var dir: Double
    /// dir / |dxdy|: signed height per unit of x (infinite for vertical edges), so the row
    /// walk never divides.
    var dydx: Double
}

/// Sink for flattened device-space polylines.
protocol LineSink {
    mutating func addLine(_ a: Point, _ b: Point)
    /// Called when a subpath ends; `closed` says whether the path closed it explicitly.
    mutating func endSubpath(closed: Bool)
}
extension LineSink {
    mutating func endSubpath(closed: Bool) {}
}

/// Flattens curves of one path into a `LineSink` in device space. For fills every subpath
/// is closed; for strokes only the explicitly closed ones. Call `finish()` at the end.
struct Flattener<S: LineSink>: PathConsumer {
    var sink: S
    var transform: Transform
    let fillMode: Bool
    var start = Point.zero
    var current = Point.zero
    var open = false

    init(sink: S, transform: Transform, fillMode: Bool = true) {
        self.sink = sink; self.transform = transform; self.fillMode = fillMode
    }

    mutating func moveTo(_ p: Point) {
        endSubpath(explicitClose: false)
        let d = transform.apply(p)
        start = d; current = d; open = true
    }
    mutating func lineTo(_ p: Point) {
        if !open { moveTo(p); return }
        let d = transform.apply(p)
        sink.addLine(current, d)
        current = d
    }
    mutating func quadTo(_ c: Point, _ p: Point) {
        if !open { moveTo(c) }
        let p0 = current, p1 = transform.apply(c), p2 = transform.apply(p)
        let ddx = p0.x - 2 * p1.x + p2.x, ddy = p0.y - 2 * p1.y + p2.y
        let dd = (ddx * ddx + ddy * ddy).squareRoot()
        let n = segmentCount(dd * 0.25)
        var prev = p0
        if n > 1 {
            let inv = 1.0 / Double(n)
            for i in 1..<n {
                let t = Double(i) * inv, mt = 1 - t
                let q = Point(mt * mt * p0.x + 2 * mt * t * p1.x + t * t * p2.x,
                              mt * mt * p0.y + 2 * mt * t * p1.y + t * t * p2.y)
                sink.addLine(prev, q); prev = q
            }
        }
        sink.addLine(prev, p2)
        current = p2
    }
    mutating func cubicTo(_ c1: Point, _ c2: Point, _ p: Point) {
        if !open { moveTo(c1) }
        let p0 = current, p1 = transform.apply(c1), p2 = transform.apply(c2), p3 = transform.apply(p)
        let ax = p0.x - 2 * p1.x + p2.x, ay = p0.y - 2 * p1.y + p2.y
        let bx = p1.x - 2 * p2.x + p3.x, by = p1.y - 2 * p2.y + p3.y
        let m = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
        let n = segmentCount(m * 0.75)
        var prev = p0
        if n > 1 {
            let inv = 1.0 / Double(n)
            for i in 1..<n {
                let t = Double(i) * inv, mt = 1 - t
                let w0 = mt * mt * mt, w1 = 3 * mt * mt * t, w2 = 3 * mt * t * t, w3 = t * t * t
                let q = Point(w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x,
                              w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
                sink.addLine(prev, q); prev = q
            }
        }
        sink.addLine(prev, p3)
        current = p3
    }
    mutating func close() { endSubpath(explicitClose: true) }
    mutating func finish() { endSubpath(explicitClose: false) }

    private mutating func endSubpath(explicitClose: Bool) {
        guard open else { return }
        if (explicitClose || fillMode) && current != start { sink.addLine(current, start) }
        sink.endSubpath(closed: explicitClose)
        current = start
        open = false
    }

    /// Wang's bound: `n` uniform pieces keep the error under the tolerance, given the
    /// scaled second difference `m`.
    @inline(__always) private func segmentCount(_ m: Double) -> Int {
        guard m.isFinite, m > 0 else { return 1 }
        let n = (m / flatteningTolerance).squareRoot().rounded(.up)
        return Int(min(max(n, 1), 4096))
    }
}

/// Growable edge storage owned by the rasterizer; grows by doubling, never shrinks, so
/// steady-state frames do not allocate.
final class EdgeStore: LineSink {
    var edges: UnsafeMutablePointer<Edge>
    /// Where `sortByTop` merges an outline's two runs; as large as `edges`, and swapped with
    /// it after a merge.
    private var merged: UnsafeMutablePointer<Edge>
    var count = 0
    var capacity: Int
    var minX = Double.infinity, maxX = -Double.infinity
    var minY = Double.infinity, maxY = -Double.infinity
    /// Set when a coordinate was NaN or huge: the draw is dropped.
    var invalid = false
    /// Whether `sortByTop` merges an outline's two runs (off only in tests that compare the
    /// merge with the quicksort).
    var mergesRuns = true

    init(capacity: Int = 256) {
        self.capacity = capacity
        edges = .allocate(capacity: capacity)
        merged = .allocate(capacity: capacity)
    }
    deinit { edges.deallocate(); merged.deallocate() }

    func reset() {
        count = 0; invalid = false
        minX = .infinity; maxX = -.infinity; minY = .infinity; maxY = -.infinity
    }

    func addLine(_ a: Point, _ b: Point) {
        guard abs(a.x) < maxDeviceCoordinate, abs(a.y) < maxDeviceCoordinate,
              abs(b.x) < maxDeviceCoordinate, abs(b.y) < maxDeviceCoordinate else {
            invalid = true   // also catches NaN, for which every comparison is false
            return
        }
        if a.y == b.y { return }
        if count == capacity { grow() }
        let down = a.y < b.y
        let t = down ? a : b, u = down ? b : a
        let dxdy = (u.x - t.x) / (u.y - t.y), dir: Double = down ? 1 : -1
        edges[count] = Edge(x0: t.x, y0: t.y, x1: u.x, y1: u.y, dxdy: dxdy, dir: dir,
                            dydx: dir / abs(dxdy))
        count += 1
        minX = min(minX, min(a.x, b.x)); maxX = max(maxX, max(a.x, b.x))
        minY = min(minY, t.y); maxY = max(maxY, u.y)
    }

    private func grow() {
        let n = capacity * 2
        let e = UnsafeMutablePointer<Edge>.allocate(capacity: n)
        e.moveInitialize(from: edges, count: count)
        edges.deallocate()
        merged.deallocate()
        edges = e; capacity = n
        merged = .allocate(capacity: n)
    }

    /// Sorts edges by top y: insertion sort for short runs, one linear merge for an outline
    /// that arrives as two runs (`mergeTwoRuns`), quicksort otherwise.
    func sortByTop() {
        if count > 16 && mergesRuns && mergeTwoRuns() { return }
        sortRange(0, count - 1)
    }

    /// A convex outline traced from its top (a rounded rect without rotation: `emitRoundedRect`
    /// starts at its top side) arrives as the edges going down, tops rising, then the edges
    /// coming back up, tops falling: the two runs merge in one pass instead of a quicksort
    /// (the pins' edges). Returns false, having changed nothing, when the edges are not two
    /// such runs. Edges with the same top may come out in another order than the
    /// quicksort's; `RunMergeTests` draws with both and requires the same pixels.
    private func mergeTwoRuns() -> Bool {
        let e = edges, n = count
        var k = 1
        while k < n && e[k - 1].y0 <= e[k].y0 { k &+= 1 }
        if k == n { return true }
        var m = k &+ 1
        while m < n && e[m - 1].y0 >= e[m].y0 { m &+= 1 }
        guard m == n else { return false }
        // [0, k) rises; [k, n) falls, so it is read from its end.
        let out = merged
        var i = 0, j = n &- 1, o = 0
        while i < k && j >= k {
            if e[j].y0 < e[i].y0 { out[o] = e[j]; j &-= 1 } else { out[o] = e[i]; i &+= 1 }
            o &+= 1
        }
        while i < k { out[o] = e[i]; i &+= 1; o &+= 1 }
        while j >= k { out[o] = e[j]; j &-= 1; o &+= 1 }
        merged = edges; edges = out
        return true
    }
    private func sortRange(_ lo0: Int, _ hi0: Int) {
        var lo = lo0, hi = hi0
        while hi - lo > 16 {
            let mid = lo + (hi - lo) / 2
            let pivot = edges[mid].y0
            var i = lo, j = hi
            while i <= j {
                while edges[i].y0 < pivot { i += 1 }
                while edges[j].y0 > pivot { j -= 1 }
                if i <= j { edges.swapAt(i, j); i += 1; j -= 1 }
            }
            // Recurse into the smaller half to bound stack depth.
            if j - lo < hi - i { sortRange(lo, j); lo = i } else { sortRange(i, hi); hi = j }
        }
        if hi <= lo { return }
        for k in (lo + 1)...hi {
            let e = edges[k]
            var m = k - 1
            while m >= lo && edges[m].y0 > e.y0 { edges[m + 1] = edges[m]; m -= 1 }
            edges[m + 1] = e
        }
    }
}

extension UnsafeMutablePointer where Pointee == Edge {
    @inline(__always) func swapAt(_ i: Int, _ j: Int) {
        let t = self[i]; self[i] = self[j]; self[j] = t
    }
}
