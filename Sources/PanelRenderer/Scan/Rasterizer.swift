/// Exact-area coverage scan conversion (the cell method of FreeType's and font-rs'
/// rasterizers), one pixel row at a time. Each edge deposits, in the columns it crosses,
/// its signed height (`cover`, which carries to every pixel on its right) and the part of
/// that height left of the edge inside its own pixel (`area`). A row sweep visits only the
/// touched columns (found through a bitset), so the cost follows edge length and span count;
/// the run between two touched columns has one coverage and becomes one span.

/// A horizontal run of pixels with one coverage (0...255), in device pixels.
struct Span {
    var x: Int32
    var len: Int32
    var cov: UInt32
}

/// Receives the spans of one row, left to right, non-overlapping.
protocol SpanBlitter {
    mutating func blitRow(y: Int, spans: UnsafeMutablePointer<Span>, count: Int)
}

/// Reusable scan converter: owns its edge buffer and row scratch (grown on demand, never
/// per row), so steady-state frames do not allocate.
final class Rasterizer {
    let store = EdgeStore()
    private var cover: UnsafeMutablePointer<Float>
    private var area: UnsafeMutablePointer<Float>
    private var bits: UnsafeMutablePointer<UInt64>
    private var spans: UnsafeMutablePointer<Span>
    private var active: UnsafeMutablePointer<Int32>
    private var rowCapacity = 0
    private var activeCapacity = 0

    init() {
        cover = .allocate(capacity: 1); area = .allocate(capacity: 1)
        bits = .allocate(capacity: 1); spans = .allocate(capacity: 1)
        active = .allocate(capacity: 1)
    }
    deinit {
        cover.deallocate(); area.deallocate(); bits.deallocate(); spans.deallocate()
        active.deallocate()
    }

    private func reserveRow(_ width: Int) {
        let need = width + 2
        if need > rowCapacity {
            cover.deallocate(); area.deallocate(); bits.deallocate(); spans.deallocate()
            let cap = max(need, rowCapacity * 2)
            cover = .allocate(capacity: cap); cover.initialize(repeating: 0, count: cap)
            area = .allocate(capacity: cap); area.initialize(repeating: 0, count: cap)
            let words = cap / 64 + 1
            bits = .allocate(capacity: words); bits.initialize(repeating: 0, count: words)
            spans = .allocate(capacity: cap)
            rowCapacity = cap
        }
        if store.count > activeCapacity {
            active.deallocate()
            activeCapacity = max(store.count, activeCapacity * 2)
            active = .allocate(capacity: activeCapacity)
        }
    }

    /// Starts a new shape: clears the edge buffer.
    func begin() { store.reset() }

    /// Scan-converts the edges collected since `begin()` inside `clip` (device pixels) and
    /// hands each row's spans to `blitter`.
    func rasterize<B: SpanBlitter>(clip: IntRect, rule: FillRule, blitter: inout B) {
        guard store.count > 0, !store.invalid, !clip.isEmpty,
              store.maxX > Double(clip.x), store.minY < Double(clip.maxY),
              store.maxY > Double(clip.y), store.minX < Double(clip.maxX) else { return }
        let yStart = max(clip.y, Int(store.minY.rounded(.down)))
        let yEnd = min(clip.maxY, Int(store.maxY.rounded(.up)))
        guard yStart < yEnd else { return }
        let left = clip.x, width = clip.width
        reserveRow(width)
        store.sortByTop()
        let edges = store.edges, edgeCount = store.count
        var next = 0, nActive = 0
        let leftD = Double(left), rightD = Double(left + width)
        let evenOdd = rule == .evenOdd

        for y in yStart..<yEnd {
            let yTop = Double(y), yBot = yTop + 1
            while next < edgeCount && edges[next].y0 < yBot {
                if edges[next].y1 > yTop { active[nActive] = Int32(next); nActive += 1 }
                next += 1
            }
            var minCol = Int.max, maxCol = -1
            var i = 0
            while i < nActive {
                let e = edges[Int(active[i])]
                if e.y1 <= yTop {
                    nActive -= 1; active[i] = active[nActive]
                    continue
                }
                i += 1
                let ya = max(e.y0, yTop), yb = min(e.y1, yBot)
                if yb <= ya { continue }
                let xa = e.x0 + (ya - e.y0) * e.dxdy
                let xb = yb == e.y1 ? e.x1 : e.x0 + (yb - e.y0) * e.dxdy
                depositSegment(xa - leftD, xb - leftD, (yb - ya) * e.dir,
                               width: width, rightD: rightD - leftD, minCol: &minCol, maxCol: &maxCol)
            }
            if maxCol < 0 { continue }
            let n = sweep(minCol: minCol, maxCol: maxCol, width: width, left: left, evenOdd: evenOdd)
            if n > 0 { blitter.blitRow(y: y, spans: spans, count: n) }
        }
    }

    @inline(__always)
    private func deposit(_ c: Int, _ cv: Double, _ ar: Double, _ minCol: inout Int, _ maxCol: inout Int) {
        cover[c] += Float(cv)
        area[c] += Float(ar)
        bits[c >> 6] |= 1 << UInt64(c & 63)
        if c < minCol { minCol = c }
        if c > maxCol { maxCol = c }
    }

    /// Adds one edge piece inside the current row, x relative to the clip's left edge,
    /// `dy` signed. Parts left of the clip act as a vertical edge at its left border; parts
    /// right of it cannot affect pixels inside and are dropped.
    @inline(__always)
    private func depositSegment(_ xa: Double, _ xb: Double, _ dy: Double, width: Int, rightD: Double,
                                minCol: inout Int, maxCol: inout Int) {
        var x0 = min(xa, xb), x1 = max(xa, xb)
        if x0 >= rightD { return }
        if x1 <= 0 { deposit(0, dy, dy, &minCol, &maxCol); return }
        let dx = x1 - x0
        if dx < 1e-9 {
            let c = Int(x0)  // x0 > 0 here
            let c0 = min(c, width - 1)
            let f = x0 - Double(c)
            deposit(c0, dy, dy * (1 - f), &minCol, &maxCol)
            return
        }
        let k = dy / dx
        if x0 < 0 {
            let dyl = -x0 * k
            deposit(0, dyl, dyl, &minCol, &maxCol)
            x0 = 0
        }
        if x1 > rightD { x1 = rightD }
        let c0 = Int(x0), c1 = min(Int(x1), width - 1)
        if c0 == c1 || c0 >= width - 1 {
            let c = min(c0, width - 1)
            let d = (x1 - x0) * k
            deposit(c, d, d * (1 - ((x0 + x1) * 0.5 - Double(c))), &minCol, &maxCol)
            return
        }
        // First partial column, whole middle columns, last partial column.
        var xe = Double(c0 + 1)
        var d = (xe - x0) * k
        deposit(c0, d, d * (1 - ((x0 + xe) * 0.5 - Double(c0))), &minCol, &maxCol)
        if c1 > c0 + 1 {
            let half = k * 0.5
            for c in (c0 + 1)..<c1 { deposit(c, k, half, &minCol, &maxCol) }
        }
        xe = Double(c1)
        if x1 > xe {
            d = (x1 - xe) * k
            deposit(c1, d, d * (1 - (x1 - xe) * 0.5), &minCol, &maxCol)
        }
    }

    @inline(__always)
    private func coverage(_ v: Float, _ evenOdd: Bool) -> UInt32 {
        var a = abs(v)
        if evenOdd {
            a = a.truncatingRemainder(dividingBy: 2)
            if a > 1 { a = 2 - a }
        } else if a > 1 { a = 1 }
        return UInt32(a * 255 + 0.5)
    }

    /// Walks touched columns in order, clearing them, and writes the row's spans.
    private func sweep(minCol: Int, maxCol: Int, width: Int, left: Int, evenOdd: Bool) -> Int {
        var n = 0
        var acc: Float = 0
        var runStart = 0   // first column of the pending constant-coverage run
        @inline(__always) func emit(_ x: Int, _ len: Int, _ cov: UInt32) {
            if cov == 0 || len <= 0 { return }
            if n > 0 {
                let p = spans[n - 1]
                if p.cov == cov && Int(p.x) + Int(p.len) == x + left {
                    spans[n - 1].len += Int32(len); return
                }
            }
            spans[n] = Span(x: Int32(x + left), len: Int32(len), cov: cov)
            n += 1
        }
        for w in (minCol >> 6)...(maxCol >> 6) {
            var word = bits[w]
            if word == 0 { continue }
            bits[w] = 0
            while word != 0 {
                let c = w << 6 | word.trailingZeroBitCount
                word &= word &- 1
                if c > runStart { emit(runStart, c - runStart, coverage(acc, evenOdd)) }
                emit(c, 1, coverage(acc + area[c], evenOdd))
                acc += cover[c]
                cover[c] = 0; area[c] = 0
                runStart = c + 1
            }
        }
        if runStart < width { emit(runStart, width - runStart, coverage(acc, evenOdd)) }
        return n
    }
}
