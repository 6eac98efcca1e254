import CHotPath

/// Exact-area coverage scan conversion (the cell method of FreeType's and font-rs'
/// rasterizers), one pixel row at a time. Each edge deposits, in the columns it crosses,
/// its signed height (`cover`, which carries to every pixel on its right) and the part of
/// that height left of the edge inside its own pixel (`area`). A row sweep visits only the
/// touched columns (found through a bitset), so the cost follows edge length and span count;
/// the run between two touched columns has one coverage and becomes one span. Two kinds of
/// rows skip the accumulators with the same arithmetic: straight bands (`straightBand`) and
/// rows crossed by two separate edges (`pairRow`).

/// A horizontal run of pixels in device pixels: one coverage (0...255) for the whole run,
/// or, when `cov == Span.perPixel`, the coverage of each pixel in the row's coverage bytes.
struct Span {
    var x: Int32
    var len: Int32
    var cov: UInt32
    static let perPixel: UInt32 = 256
}

/// Receives the spans of one row, left to right, non-overlapping. `coverage[x]` is the
/// coverage of device pixel x for `perPixel` spans (valid only inside those spans).
protocol SpanBlitter {
    mutating func blitRow(y: Int, spans: UnsafeMutablePointer<Span>, count: Int,
                          coverage: UnsafeMutablePointer<UInt8>)
    /// A hint that row y will be blitted soon around device column x (inside the clip):
    /// a blitter into a frame asks for that pixel's cache line now.
    func prefetch(y: Int, x: Int)
    /// The rows `top..<bottom`, every one with the same spans (a straight band).
    mutating func blitBand(top: Int, bottom: Int, spans: UnsafeMutablePointer<Span>, count: Int,
                           coverage: UnsafeMutablePointer<UInt8>)
}

extension SpanBlitter {
    @inline(__always)
    func prefetch(y: Int, x: Int) {}

    @inline(__always)
    mutating func blitBand(top: Int, bottom: Int, spans: UnsafeMutablePointer<Span>, count: Int,
                           coverage: UnsafeMutablePointer<UInt8>) {
        for y in top..<bottom { blitRow(y: y, spans: spans, count: count, coverage: coverage) }
    }
}

/// The column (or row) of a device coordinate: `Int(x)` without Swift's range checks,
/// which cost a compare and branch pair per conversion in the hottest loops. Only for
/// coordinates the edge store bounds (below 1e7 in magnitude, never NaN).
@inline(__always)
private func column(_ x: Double) -> Int { panel_truncate_double(x) }

/// The row accumulators as plain pointers: held in locals so the hot loops do not reload
/// them from the rasterizer object after every store.
struct CellRow {
    let cover: UnsafeMutablePointer<Float>
    let area: UnsafeMutablePointer<Float>
    let bits: UnsafeMutablePointer<UInt64>

    @inline(__always)
    func deposit(_ c: Int, _ cv: Double, _ ar: Double) {
        cover[c] += Float(cv)
        area[c] += Float(ar)
        bits[c &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: c & 63)
    }
}

/// Reusable scan converter: owns its edge buffer and row scratch (grown on demand, never
/// per row), so steady-state frames do not allocate.
final class Rasterizer {
    let store = EdgeStore()
    private var cover: UnsafeMutablePointer<Float>
    private var area: UnsafeMutablePointer<Float>
    private var bits: UnsafeMutablePointer<UInt64>
    private var spans: UnsafeMutablePointer<Span>
    private var rowCoverage: UnsafeMutablePointer<UInt8>
    private var active: UnsafeMutablePointer<Int32>
    /// The spans shared by every row of a straight band (see `straightBand`).
    private let bandSpans: UnsafeMutablePointer<Span>
    /// Whether straight bands skip the cell walk (off only in tests that compare the two).
    var straightBands = true
    /// Whether rows crossed by two separate edges are swept as they are walked (`pairRow`;
    /// off only in tests that compare the two).
    var pairRows = true
    private var rowCapacity = 0
    private var activeCapacity = 0

    init() {
        cover = .allocate(capacity: 1); area = .allocate(capacity: 1)
        bits = .allocate(capacity: 1); spans = .allocate(capacity: 1)
        active = .allocate(capacity: 1); rowCoverage = .allocate(capacity: 1)
        bandSpans = .allocate(capacity: 3)
    }
    deinit {
        cover.deallocate(); area.deallocate(); bits.deallocate(); spans.deallocate()
        active.deallocate(); rowCoverage.deallocate(); bandSpans.deallocate()
    }

    private func reserveRow(_ width: Int) {
        let need = width + 2
        if need > rowCapacity {
            cover.deallocate(); area.deallocate(); bits.deallocate(); spans.deallocate()
            rowCoverage.deallocate()
            let cap = max(need, rowCapacity * 2)
            cover = .allocate(capacity: cap); cover.initialize(repeating: 0, count: cap)
            area = .allocate(capacity: cap); area.initialize(repeating: 0, count: cap)
            let words = cap / 64 + 1
            bits = .allocate(capacity: words); bits.initialize(repeating: 0, count: words)
            spans = .allocate(capacity: cap)
            // 16 bytes of slack after the row for `pairRow`'s gap and padding stores.
            rowCoverage = .allocate(capacity: cap + 16); rowCoverage.initialize(repeating: 0, count: cap + 16)
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
        let cells = CellRow(cover: cover, area: area, bits: bits)
        let active = self.active
        let band = straightBands
            ? straightBand(yStart: yStart, yEnd: yEnd, left: left, width: width, evenOdd: evenOdd) : nil
        var skipUntil = Int.min

        for y in yStart..<yEnd {
            if y < skipUntil { continue }
            if let band, y == band.top {
                // Every row of the band has the same spans: no cell walk. The edges that
                // are active stay so (both sides outlast the band; nothing else meets it).
                if band.count > 0 {
                    blitter.blitBand(top: band.top, bottom: band.bottom, spans: bandSpans, count: band.count,
                                     coverage: rowCoverage - left)
                }
                skipUntil = band.bottom
                continue
            }
            let yTop = Double(y), yBot = yTop + 1
            while next < edgeCount && edges[next].y0 < yBot {
                if edges[next].y1 > yTop { active[nActive] = Int32(truncatingIfNeeded: next); nActive &+= 1 }
                next &+= 1
            }
            if nActive == 2 && pairRows {
                // Drop edges that ended above this row, as the walk below would.
                if edges[Int(truncatingIfNeeded: active[1])].y1 <= yTop { nActive = 1 }
                if edges[Int(truncatingIfNeeded: active[0])].y1 <= yTop {
                    nActive &-= 1; active[0] = active[nActive]
                }
                if nActive == 2 {
                    // The rows these two edges alone cross: until one ends, the next edge
                    // starts, or a straight band begins (coordinates are below 1e7, so the
                    // conversions cannot overflow).
                    let e0 = edges[Int(truncatingIfNeeded: active[0])], e1 = edges[Int(truncatingIfNeeded: active[1])]
                    var limit = min(yEnd, Int(min(e0.y1, e1.y1).rounded(.up)))
                    if next < edgeCount { limit = min(limit, Int(edges[next].y0.rounded(.down))) }
                    if let band, band.top > y { limit = min(limit, band.top) }
                    let yy = pairRun(e0, e1, from: y, to: limit, leftD: leftD, width: width, left: left,
                                     evenOdd: evenOdd, blitter: &blitter)
                    if yy > y {
                        skipUntil = yy
                        continue
                    }
                }
            }
            var minCol = Int.max, maxCol = -1
            var i = 0
            while i < nActive {
                let e = edges[Int(truncatingIfNeeded: active[i])]
                if e.y1 <= yTop {
                    nActive &-= 1; active[i] = active[nActive]
                    continue
                }
                i &+= 1
                let ya = max(e.y0, yTop), yb = min(e.y1, yBot)
                if yb <= ya { continue }
                let xa = e.x0 + (ya - e.y0) * e.dxdy
                let xb = yb == e.y1 ? e.x1 : e.x0 + (yb - e.y0) * e.dxdy
                Self.depositSegment(cells, xa - leftD, xb - leftD, (yb - ya) * e.dir, e.dydx,
                               width: width, rightD: rightD - leftD, minCol: &minCol, maxCol: &maxCol)
            }
            if maxCol < 0 { continue }
            let n = sweep(minCol: minCol, maxCol: maxCol, width: width, left: left, evenOdd: evenOdd)
            if n > 0 { blitter.blitRow(y: y, spans: spans, count: n, coverage: rowCoverage - left) }
        }
    }

    /// The piece of one edge inside a row, x relative to the clip's left edge (see `pairRow`).
    private struct RowPiece {
        var x0: Double, x1: Double, dy: Double, slope: Double
    }

    /// Sweeps and blits the rows `y..<limit` crossed by `e0` and `e1` alone (see `pairRow`),
    /// and returns the first row it did not do: `limit`, or the first that does not
    /// qualify. One function for all the rows, so a row pays no call; one copy per fill rule
    /// (with the rule a run-time value, every `coverage` carried the even-odd branch, a
    /// call to fmodf, and the row was too big to take `cellsSwept` inline).
    @inline(never)
    private func pairRun<B: SpanBlitter>(_ e0: Edge, _ e1: Edge, from y: Int, to limit: Int, leftD: Double,
                                         width: Int, left: Int, evenOdd: Bool, blitter: inout B) -> Int {
        evenOdd
            ? pairRunRule(e0, e1, from: y, to: limit, leftD: leftD, width: width, left: left, evenOdd: true,
                          blitter: &blitter)
            : pairRunRule(e0, e1, from: y, to: limit, leftD: leftD, width: width, left: left, evenOdd: false,
                          blitter: &blitter)
    }

    @inline(always)
    private func pairRunRule<B: SpanBlitter>(_ e0: Edge, _ e1: Edge, from y: Int, to limit: Int, leftD: Double,
                                             width: Int, left: Int, evenOdd: Bool, blitter: inout B) -> Int {
        // A pair's rows are a frame stride apart, so a row's pixels come from L3 or DRAM
        // when it is blended: ask for them two rows ahead, at the first edge's column (a
        // road is a few pixels wide, mostly one cache line; a second hint at the other
        // edge measured slower). Only a hint: the column is tracked by adding the slope,
        // and pixels do not depend on it.
        let ahead = 2, lastCol = left &+ width &- 1
        var xAhead = e0.x0 + (Double(y &+ ahead) + 0.5 - e0.y0) * e0.dxdy
        let spans = self.spans, coverage = rowCoverage - left
        var yy = y
        while yy < limit {
            let t = Double(yy)
            if yy &+ ahead < limit {
                let c = !(xAhead > leftD) ? left : (xAhead >= Double(lastCol) ? lastCol : column(xAhead))   // NaN -> left
                blitter.prefetch(y: yy &+ ahead, x: c)
            }
            xAhead += e0.dxdy
            let n = pairRow(e0, e1, yTop: t, yBot: t + 1, leftD: leftD, width: width, left: left, evenOdd: evenOdd)
            if n < 0 { break }
            if n > 0 { blitter.blitRow(y: yy, spans: spans, count: n, coverage: coverage) }
            yy &+= 1
        }
        return yy
    }

    /// A row crossed by exactly two edges whose cells do not meet (the middle rows of a
    /// stroked line, a thin convex quad): the coverage of each of its cells comes straight
    /// from that one edge, so the cells are swept as they are made, left to right, with the
    /// arithmetic of `depositSegment` and `sweep` (every cell gets one deposit, and
    /// `0 + v == v`, so the `Float` sums are the same), and the row never touches the cell
    /// accumulators or the bitset. Returns the number of spans written, or -1 when the row
    /// does not qualify (an edge leaves the clip, or the two share a column); the caller then
    /// walks it the general way.
    @inline(always)
    private func pairRow(_ e0: Edge, _ e1: Edge, yTop: Double, yBot: Double, leftD: Double,
                         width: Int, left: Int, evenOdd: Bool) -> Int {
        @inline(__always) func piece(_ e: Edge) -> RowPiece {
            let ya = max(e.y0, yTop), yb = min(e.y1, yBot)
            let xa = e.x0 + (ya - e.y0) * e.dxdy
            let xb = yb == e.y1 ? e.x1 : e.x0 + (yb - e.y0) * e.dxdy
            return RowPiece(x0: min(xa, xb) - leftD, x1: max(xa, xb) - leftD, dy: (yb - ya) * e.dir, slope: e.dydx)
        }
        let p0 = piece(e0), p1 = piece(e1)
        let (l, r) = p0.x0 <= p1.x0 ? (p0, p1) : (p1, p0)
        let rightD = Double(width)
        // Inside the clip on both sides (`depositSegment`'s commonest case), and the left
        // piece's last column before the right piece's first.
        guard l.x0 >= 0, r.x1 < rightD, column(l.x1) < column(r.x0), !(l.dy == 0 || r.dy == 0) else { return -1 }
        let covRow = rowCoverage, spans = self.spans
        var acc: Float = 0
        var n = 0
        let lFirst = column(l.x0)
        let lEnd = cellsSwept(l, covRow: covRow, width: width, acc: &acc, evenOdd: evenOdd)
        let rFirst = column(r.x0)
        let gap = coverage(acc, evenOdd)
        // A short gap joins both edges' cells into one per-pixel span.
        let joined = rFirst &- lEnd <= 16
        if joined {
            // One 16-byte store (the row's coverage has that much slack): a byte loop here
            // becomes a call to memset, which costs more than the one or two gap bytes of
            // a road's row.
            UnsafeMutableRawPointer(covRow + lEnd).storeBytes(
                of: SIMD16<UInt8>(repeating: UInt8(truncatingIfNeeded: gap)), as: SIMD16<UInt8>.self)
        }
        let rEnd = cellsSwept(r, covRow: covRow, width: width, acc: &acc, evenOdd: evenOdd)
        if joined {
            if rEnd &- lFirst < 4 && lFirst &+ 4 <= width && coverage(acc, evenOdd) == 0 {
                // A run of one to three pixels (a steep road's row) is padded to four with
                // coverage 0, which leaves a pixel as it is in every blend, so it takes one
                // SIMD group instead of a scalar loop. Only inside the clip, and only when
                // nothing follows on the right (the pad must not overlap a trailing run).
                UnsafeMutableRawPointer(covRow + rEnd).storeBytes(of: 0, as: UInt32.self)
                spans[0] = Span(x: Int32(truncatingIfNeeded: lFirst &+ left), len: 4, cov: Span.perPixel)
                return 1
            }
            spans[0] = Span(x: Int32(truncatingIfNeeded: lFirst &+ left), len: Int32(truncatingIfNeeded: rEnd &- lFirst),
                            cov: Span.perPixel)
            n = 1
        } else {
            spans[0] = Span(x: Int32(truncatingIfNeeded: lFirst &+ left), len: Int32(truncatingIfNeeded: lEnd &- lFirst),
                            cov: Span.perPixel)
            n = 1
            if gap != 0 {
                spans[1] = Span(x: Int32(truncatingIfNeeded: lEnd &+ left), len: Int32(truncatingIfNeeded: rFirst &- lEnd), cov: gap)
                n = 2
            }
            spans[n] = Span(x: Int32(truncatingIfNeeded: rFirst &+ left), len: Int32(truncatingIfNeeded: rEnd &- rFirst),
                            cov: Span.perPixel)
            n &+= 1
        }
        return trailing(n, rEnd, width: width, left: left, acc: acc, evenOdd: evenOdd)
    }

    /// The constant run right of the last cell, as `sweep` ends a row.
    @inline(__always)
    private func trailing(_ n: Int, _ end: Int, width: Int, left: Int, acc: Float, evenOdd: Bool) -> Int {
        guard end < width else { return n }
        let cv = coverage(acc, evenOdd)
        guard cv != 0 else { return n }
        spans[n] = Span(x: Int32(truncatingIfNeeded: end &+ left), len: Int32(truncatingIfNeeded: width &- end), cov: cv)
        return n &+ 1
    }

    /// Makes the cells of one row piece inside the clip (the values `depositSegment` would
    /// deposit there) and sweeps them at once into `covRow`, carrying `acc`. Returns the
    /// column after its last cell.
    @inline(always)
    private func cellsSwept(_ p: RowPiece, covRow: UnsafeMutablePointer<UInt8>, width: Int,
                            acc: inout Float, evenOdd: Bool) -> Int {
        @inline(__always) func cell(_ c: Int, _ cv: Double, _ ar: Double) {
            covRow[c] = UInt8(truncatingIfNeeded: coverage(acc + Float(ar), evenOdd))
            acc += Float(cv)
        }
        let x0 = p.x0, x1 = p.x1, dy = p.dy
        let c = column(x0)
        if x1 <= Double(c &+ 1) {
            cell(c, dy, dy * (1 - ((x0 + x1) * 0.5 - Double(c))))
            return c &+ 1
        }
        if x1 - x0 < 1e-9 {
            let c0 = min(c, width &- 1)
            cell(c0, dy, dy * (1 - (x0 - Double(c))))
            return c0 &+ 1
        }
        let k = p.slope
        let c0 = c, c1 = min(column(x1), width &- 1)
        if c0 == c1 || c0 >= width &- 1 {
            let cc = min(c0, width &- 1)
            let d = (x1 - x0) * k
            cell(cc, d, d * (1 - ((x0 + x1) * 0.5 - Double(cc))))
            return cc &+ 1
        }
        var xe = Double(c0 &+ 1)
        var d = (xe - x0) * k
        cell(c0, d, d * (1 - ((x0 + xe) * 0.5 - Double(c0))))
        if c1 > c0 &+ 1 {
            let kf = Float(k), half = Float(k * 0.5)
            var m = c0 &+ 1
            while m < c1 {
                covRow[m] = UInt8(truncatingIfNeeded: coverage(acc + half, evenOdd))
                acc += kf
                m &+= 1
            }
        }
        xe = Double(c1)
        if x1 > xe {
            d = (x1 - xe) * k
            cell(c1, d, d * (1 - (x1 - xe) * 0.5))
            return c1 &+ 1
        }
        return c1
    }

    /// Rows whose only edges are two vertical ones of opposite direction (the straight sides
    /// of rectangles and rounded rectangles, e.g. a drawer body or the middle of a pin):
    /// every such row has the same spans, so they are made once, with the arithmetic the cell
    /// walk would use (the same `Float` sums and `coverage`), and the rows skip the walk.
    /// Constant-coverage spans stand in for one-pixel per-pixel spans; every blitter treats
    /// the two alike. Nil when no band of at least two rows exists.
    private func straightBand(yStart: Int, yEnd: Int, left: Int, width: Int,
                              evenOdd: Bool) -> (top: Int, bottom: Int, count: Int)? {
        let edges = store.edges, n = store.count
        guard n >= 2 else { return nil }
        // The two tallest vertical edges.
        var a = -1, b = -1, ha = 0.0, hb = 0.0
        for i in 0..<n {
            let e = edges[i]
            guard e.x0 == e.x1 else { continue }
            let h = e.y1 - e.y0
            if h > ha { b = a; hb = ha; a = i; ha = h } else if h > hb { b = i; hb = h }
        }
        guard a >= 0, b >= 0 else { return nil }
        let ea = edges[a], eb = edges[b]
        guard ea.dir == -eb.dir, ea.x0 != eb.x0 else { return nil }
        let topD = max(ea.y0, eb.y0).rounded(.up), botD = min(ea.y1, eb.y1).rounded(.down)
        guard botD - topD >= 2 else { return nil }
        let top = max(Int(topD), yStart), bottom = min(Int(botD), yEnd)
        guard bottom - top >= 2 else { return nil }
        let t = Double(top), u = Double(bottom)
        for i in 0..<n where i != a && i != b {
            let e = edges[i]
            if e.y1 > t && e.y0 < u { return nil }
        }
        let (l, r) = ea.x0 < eb.x0 ? (ea, eb) : (eb, ea)
        let xl = l.x0 - Double(left), xr = r.x0 - Double(left), rightD = Double(width)
        // Entirely outside the clip: the rows draw nothing.
        if xl >= rightD || xr <= 0 { return (top, bottom, 0) }
        // Left side, as `depositSegment` deposits it (left of the clip: at column 0, full).
        let cl: Int, vl: Float
        if xl <= 0 { cl = 0; vl = Float(l.dir) } else {
            cl = Int(xl); vl = Float(l.dir * (1 - (xl - Double(cl))))
        }
        let acc = Float(l.dir)
        var count = 0
        @inline(__always) func add(_ x: Int, _ len: Int, _ cov: UInt32) {
            guard cov != 0, len > 0 else { return }
            if count > 0, bandSpans[count &- 1].cov == cov,   // one fill instead of two
               Int(bandSpans[count &- 1].x) &+ Int(bandSpans[count &- 1].len) == x &+ left {
                bandSpans[count &- 1].len &+= Int32(truncatingIfNeeded: len)
                return
            }
            bandSpans[count] = Span(x: Int32(truncatingIfNeeded: x &+ left), len: Int32(truncatingIfNeeded: len), cov: cov)
            count &+= 1
        }
        if xr >= rightD {
            add(cl, 1, coverage(vl, evenOdd))
            add(cl + 1, width - cl - 1, coverage(acc, evenOdd))
        } else {
            let cr = Int(xr)
            guard cr > cl else { return nil }   // both sides in one column: the walk sums them
            let vr = acc + Float(r.dir * (1 - (xr - Double(cr))))
            add(cl, 1, coverage(vl, evenOdd))
            add(cl + 1, cr - cl - 1, coverage(acc, evenOdd))
            add(cr, 1, coverage(vr, evenOdd))
        }
        return (top, bottom, count)
    }

    /// Adds one edge piece inside the current row, x relative to the clip's left edge,
    /// `dy` signed. Parts left of the clip act as a vertical edge at its left border; parts
    /// right of it cannot affect pixels inside and are dropped.
    @inline(__always)
    private static func depositSegment(_ row: CellRow, _ xa: Double, _ xb: Double, _ dy: Double, _ slope: Double,
                                       width: Int, rightD: Double,
                                       minCol: inout Int, maxCol: inout Int) {
        let cover = row.cover, area = row.area, bits = row.bits
        var x0 = min(xa, xb), x1 = max(xa, xb)
        // Commonest case first: the piece stays in one column inside the clip (steep or
        // short edges), one cell.
        if x0 >= 0 && x1 < rightD {
            let c = column(x0)
            if x1 <= Double(c &+ 1) {
                row.deposit(c, dy, dy * (1 - ((x0 + x1) * 0.5 - Double(c))))
                if c < minCol { minCol = c }
                if c > maxCol { maxCol = c }
                return
            }
        }
        if x0 >= rightD { return }
        if x1 <= 0 {
            row.deposit(0, dy, dy)
            minCol = 0; if maxCol < 0 { maxCol = 0 }
            return
        }
        let dx = x1 - x0
        if dx < 1e-9 {
            let c = column(x0)  // x0 > 0 here
            let c0 = min(c, width &- 1)
            let f = x0 - Double(c)
            row.deposit(c0, dy, dy * (1 - f))
            if c0 < minCol { minCol = c0 }
            if c0 > maxCol { maxCol = c0 }
            return
        }
        let k = slope
        if x0 < 0 {
            let dyl = -x0 * k
            row.deposit(0, dyl, dyl)
            minCol = 0
            x0 = 0
        }
        if x1 > rightD { x1 = rightD }
        let c0 = column(x0), c1 = min(column(x1), width &- 1)
        if c0 < minCol { minCol = c0 }
        if c1 > maxCol { maxCol = c1 }
        if c0 == c1 || c0 >= width &- 1 {
            let c = min(c0, width &- 1)
            let d = (x1 - x0) * k
            row.deposit(c, d, d * (1 - ((x0 + x1) * 0.5 - Double(c))))
            if c > maxCol { maxCol = c }
            return
        }
        // First partial column, whole middle columns, last partial column.
        var xe = Double(c0 &+ 1)
        var d = (xe - x0) * k
        row.deposit(c0, d, d * (1 - ((x0 + xe) * 0.5 - Double(c0))))
        if c1 > c0 &+ 1 {
            let kf = Float(k), half = Float(k * 0.5)
            var c = c0 &+ 1
            while c < c1 {
                cover[c] += kf; area[c] += half
                bits[c &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: c & 63)
                c &+= 1
            }
        }
        xe = Double(c1)
        if x1 > xe {
            d = (x1 - xe) * k
            row.deposit(c1, d, d * (1 - (x1 - xe) * 0.5))
        }
    }

    @inline(__always)
    private func coverage(_ v: Float, _ evenOdd: Bool) -> UInt32 {
        var a = abs(v)
        if evenOdd {
            a = a.truncatingRemainder(dividingBy: 2)
            if a > 1 { a = 2 - a }
        }
        // Written so NaN becomes 1 too: the value converted is then 0.5 ... 255.5, so the
        // conversion without range checks is safe (Swift's `UInt32(_:)` checks anyway).
        a = a < 1 ? a : 1
        return panel_truncate_float(a * 255 + 0.5)
    }

    /// Walks touched columns in order, clearing them, and writes the row's spans: runs of
    /// touched (edge) pixels become per-pixel spans, the gaps constant-coverage spans.
    /// Wrapping arithmetic throughout: every index stays inside the row (width < 2^31), so
    /// the overflow checks of `+` would only cost time in the hottest loop.
    @inline(__always)
    private func sweep(minCol: Int, maxCol: Int, width: Int, left: Int, evenOdd: Bool) -> Int {
        var n = 0
        var acc: Float = 0
        var runStart = 0   // first column not yet emitted
        let covRow = rowCoverage, cover = self.cover, area = self.area, bits = self.bits
        let spans = self.spans
        // Dense rows (thin or slanted shapes: most columns in range touched) take one
        // straight prefix-sum pass instead of a bit scan per cell.
        let w0 = minCol &>> 6, w1 = maxCol &>> 6
        var touched = 0
        var w = w0
        while w <= w1 { touched &+= bits[w].nonzeroBitCount; w &+= 1 }
        let rangeLen = maxCol &- minCol &+ 1
        if touched &* 2 >= rangeLen {
            w = w0
            while w <= w1 { bits[w] = 0; w &+= 1 }
            var c = minCol
            while c <= maxCol {
                let v = acc + area[c]
                acc += cover[c]
                cover[c] = 0; area[c] = 0
                covRow[c] = UInt8(truncatingIfNeeded: coverage(v, evenOdd))
                c &+= 1
            }
            spans[0] = Span(x: Int32(truncatingIfNeeded: minCol &+ left), len: Int32(truncatingIfNeeded: rangeLen),
                            cov: Span.perPixel)
            n = 1
            if maxCol &+ 1 < width {
                let cv = coverage(acc, evenOdd)
                if cv != 0 {
                    spans[1] = Span(x: Int32(truncatingIfNeeded: maxCol &+ 1 &+ left),
                                    len: Int32(truncatingIfNeeded: width &- maxCol &- 1), cov: cv)
                    n = 2
                }
            }
            return n
        }
        w = w0
        while w <= w1 {
            var word = bits[w]
            if word == 0 { w &+= 1; continue }
            bits[w] = 0
            while word != 0 {
                let c = w &<< 6 | word.trailingZeroBitCount
                word &= word &- 1
                if c > runStart {
                    let cv = coverage(acc, evenOdd)
                    if cv != 0 {
                        spans[n] = Span(x: Int32(truncatingIfNeeded: runStart &+ left),
                                        len: Int32(truncatingIfNeeded: c &- runStart), cov: cv)
                        n &+= 1
                    }
                }
                let v = coverage(acc + area[c], evenOdd)
                acc += cover[c]
                cover[c] = 0; area[c] = 0
                covRow[c] = UInt8(truncatingIfNeeded: v)
                let x32 = Int32(truncatingIfNeeded: c &+ left)
                if n > 0 && spans[n &- 1].cov == Span.perPixel && spans[n &- 1].x &+ spans[n &- 1].len == x32 {
                    spans[n &- 1].len &+= 1
                } else {
                    spans[n] = Span(x: x32, len: 1, cov: Span.perPixel)
                    n &+= 1
                }
                runStart = c &+ 1
            }
            w &+= 1
        }
        if runStart < width {
            let cv = coverage(acc, evenOdd)
            if cv != 0 {
                spans[n] = Span(x: Int32(truncatingIfNeeded: runStart &+ left),
                                len: Int32(truncatingIfNeeded: width &- runStart), cov: cv)
                n &+= 1
            }
        }
        return n
    }
}

