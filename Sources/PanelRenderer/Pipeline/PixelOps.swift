import CHotPath

/// Premultiplied ARGB32 arithmetic, two channels per 32-bit multiply, and the row loops
/// every blitter uses. All loops run on raw pointers and are written so LLVM can vectorise
/// them (no early exits inside).

/// Every channel of `p` times `a` / 255, rounded.
@inline(__always)
func mulPixel(_ p: UInt32, _ a: UInt32) -> UInt32 {
    var rb = (p & 0x00FF_00FF) &* a &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = ((p >> 8) & 0x00FF_00FF) &* a &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return rb | ag
}

/// `s * a + d * (255 - a)` per channel, for Src with partial coverage.
@inline(__always)
func lerpPixel(_ s: UInt32, _ d: UInt32, _ a: UInt32) -> UInt32 {
    mulPixel(s, a) &+ mulPixel(d, 255 &- a)
}

/// Straight `Color` to premultiplied pixel, with an extra 0...255 alpha factor.
@inline(__always)
func premultiplied(_ c: Color, opacity: UInt32) -> UInt32 {
    opacity >= 255 ? c.premultiplied : mulPixel(c.premultiplied, opacity)
}

enum RowOps {
    /// SrcOver of one translucent premultiplied colour over `n` pixels: each byte widened to
    /// a 16-bit lane, `d * (255 - sa) + (s * 255 + 128)` divided by 255 with one high-half
    /// multiply (`div255`), narrowed back; sixteen pixels per step, in four independent
    /// groups. Adding the colour times 255 before the division, not after it, rounds once and
    /// gives the same byte as `s + mulPixel(d, 255 - sa)` (s * 255 divides by 255 exactly; the
    /// sum stays within 255 * 255 for a premultiplied colour), with two operations fewer per
    /// group; 16-bit multiplies only (SSE2 / NEON have them; emulated 32-bit ones are 3x
    /// slower). Faster than scaling each 16-bit lane's low and high byte apart, eight pixels
    /// a step (docs/bench.md, "Blend2D on the same machine").
    @inline(__always)
    static func blendSolid(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ s: UInt32) {
        blendSolid(d, over: UnsafePointer(d), n, s)
    }

    /// `blendSolid` over the pixels at `b` (the same as `d`, or another row: a kept picture
    /// of what lies beneath), written to `d`: the same arithmetic, so the same pixels as
    /// copying `b` to `d` and blending there, in one pass. Not inlined on purpose: in a
    /// small function of its own the division by 255 compiles to one high-half multiply
    /// (see `div255`), inside big callers Swift leaves a generic conversion call there.
    @inline(never)
    static func blendSolid(_ d: UnsafeMutablePointer<UInt32>, over b: UnsafePointer<UInt32>, _ n: Int, _ s: UInt32) {
        let ia = 255 &- (s >> 24)
        var i = 0
        if n >= 4 {
            let raw = UnsafeMutableRawPointer(d), braw = UnsafeRawPointer(b)
            let colour = unsafeBitCast(SIMD4<UInt32>(repeating: s), to: SIMD16<UInt8>.self)
            let rounded = SIMD8<UInt16>(truncatingIfNeeded: colour.lowHalf) &* 255 &+ 128
            let iav = SIMD8<UInt16>(repeating: UInt16(ia))
            @inline(__always) func group(_ v: SIMD16<UInt8>) -> SIMD16<UInt8> {
                let lo = div255(SIMD8<UInt16>(truncatingIfNeeded: v.lowHalf) &* iav &+ rounded)
                let hi = div255(SIMD8<UInt16>(truncatingIfNeeded: v.highHalf) &* iav &+ rounded)
                return panel_narrow_bytes(lo, hi)   // every lane at most 255
            }
            // Wrapping index arithmetic: `i * 4` with Swift's overflow check cost a shift,
            // a compare and a branch per step, a tenth of the loop.
            while i &+ 16 <= n {
                let q = braw + i &* 4, p = raw + i &* 4
                let v0 = q.loadUnaligned(as: SIMD16<UInt8>.self)
                let v1 = q.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
                let v2 = q.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self)
                let v3 = q.loadUnaligned(fromByteOffset: 48, as: SIMD16<UInt8>.self)
                p.storeBytes(of: group(v0), as: SIMD16<UInt8>.self)
                p.storeBytes(of: group(v1), toByteOffset: 16, as: SIMD16<UInt8>.self)
                p.storeBytes(of: group(v2), toByteOffset: 32, as: SIMD16<UInt8>.self)
                p.storeBytes(of: group(v3), toByteOffset: 48, as: SIMD16<UInt8>.self)
                i &+= 16
            }
            while i &+ 4 <= n {
                let v = (braw + i &* 4).loadUnaligned(as: SIMD16<UInt8>.self)
                (raw + i &* 4).storeBytes(of: group(v), as: SIMD16<UInt8>.self)
                i &+= 4
            }
        }
        while i < n { d[i] = s &+ mulPixel(b[i], ia); i += 1 }
    }

    /// The shortest run that `fillPixels` writes with the CPU's string store (x86-64): 2 KiB,
    /// glibc's memset threshold. Measured against 2048 pixels (bench scene, A/B in one
    /// process): the 800x480 gradient 20 % faster, the popup 15 %, the drawer's twelve
    /// rounded rows at 1920x1080 about a third; 128 pixels measured the same as 512.
    static let longRunPixels = 512

    /// `n` copies of `v` from `d`: the opaque fill of every solid span.
    @inline(__always)
    static func fillPixels(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ v: UInt32) {
        #if arch(x86_64)
        if n >= longRunPixels { panel_fill_long_run(d, v, UInt(n)); return }
        #endif
        d.update(repeating: v, count: n)
    }

    /// Solid colour through a constant coverage with a blend mode.
    @inline(__always)
    static func solidSpan(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, _ s: UInt32, _ cov: UInt32,
                          _ blend: BlendMode) {
        switch blend {
        case .srcOver:
            let sc = cov >= 255 ? s : mulPixel(s, cov)
            if sc >> 24 == 255 { fillPixels(d, n, sc) }
            else if sc != 0 { blendSolid(d, n, sc) }
        case .src:
            if cov >= 255 { fillPixels(d, n, s); return }
            let sc = mulPixel(s, cov), ic = 255 &- cov
            for i in 0..<n { d[i] = sc &+ mulPixel(d[i], ic) }
        case .clear:
            if cov >= 255 { fillPixels(d, n, 0); return }
            let ic = 255 &- cov
            for i in 0..<n { d[i] = mulPixel(d[i], ic) }
        }
    }

    /// Solid colour through per-pixel coverage `m`.
    @inline(__always)
    static func solidMasked(_ d: UnsafeMutablePointer<UInt32>, _ m: UnsafePointer<UInt8>, _ n: Int,
                            _ s: UInt32, _ blend: BlendMode) {
        switch blend {
        case .srcOver:
            if s >> 24 == 255 && n < 4 {
                // Opaque colour on the shortest edge runs: a scalar lerp towards it.
                for i in 0..<n {
                    let c = UInt32(m[i])
                    d[i] = mulPixel(s, c) &+ mulPixel(d[i], 255 &- c)
                }
                return
            }
            maskedOver(d, m, n, s)
        case .src:
            for i in 0..<n { d[i] = lerpPixel(s, d[i], UInt32(m[i])) }
        case .clear:
            for i in 0..<n { d[i] = mulPixel(d[i], 255 &- UInt32(m[i])) }
        }
    }

    /// SrcOver of `s` through per-pixel coverage, four pixels per step in 16-bit lanes:
    /// sc = s * c, d = sc + d * (1 - sc.a). Not inlined, so the high-half multiplies
    /// survive (see `blendSolid`).
    /// A run of four or more ends with a last group of four that overlaps the one before it
    /// (no scalar tail): that group is blended from the pixels as they were, before any
    /// store reaches it, so the overlapped pixels get the same value twice. Coverage 0
    /// leaves a pixel as it is (`scale8Mulhi(d, 255) == d`), as the scalar loop does.
    @inline(never)
    static func maskedOver(_ d: UnsafeMutablePointer<UInt32>, _ m: UnsafePointer<UInt8>, _ n: Int, _ s: UInt32) {
        var i = 0
        if n >= 4 {
            let raw = UnsafeMutableRawPointer(d)
            let sl = lanes(SIMD4<UInt32>(repeating: s))
            @inline(__always) func group(_ i: Int) -> SIMD8<UInt16> {
                let c = SIMD4<UInt32>(UInt32(m[i]), UInt32(m[i &+ 1]), UInt32(m[i &+ 2]), UInt32(m[i &+ 3]))
                let sc = scale8Mulhi(sl, spread(c))
                let ia = SIMD4<UInt32>(repeating: 255) &- (unsafeBitCast(sc, to: SIMD4<UInt32>.self) &>> 24)
                let dv = (raw + i &* 4).loadUnaligned(as: SIMD8<UInt16>.self)
                return sc &+ scale8Mulhi(dv, spread(ia))
            }
            let lastAt = n &- 4
            let last = group(lastAt)
            while i < lastAt {
                (raw + i &* 4).storeBytes(of: group(i), as: SIMD8<UInt16>.self)
                i &+= 4
            }
            (raw + lastAt &* 4).storeBytes(of: last, as: SIMD8<UInt16>.self)
            return
        }
        while i < n {
            let c = UInt32(m[i])
            if c != 0 { d[i] = srcOver(c == 255 ? s : mulPixel(s, c), d[i]) }
            i += 1
        }
    }

    /// Reinterprets four pixels as eight 16-bit lanes (B|G, R|A per pixel).
    @inline(__always)
    static func lanes(_ v: SIMD4<UInt32>) -> SIMD8<UInt16> { unsafeBitCast(v, to: SIMD8<UInt16>.self) }

    /// Four per-pixel factors (<= 255) copied into both 16-bit lanes of their pixel.
    @inline(__always)
    static func spread(_ a: SIMD4<UInt32>) -> SIMD8<UInt16> { lanes(a | (a &<< 16)) }

    /// Both bytes of every 16-bit lane times `a` / 255, rounded like `mulPixel`.
    @inline(__always)
    static func scale8(_ v: SIMD8<UInt16>, _ a: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let bias = SIMD8<UInt16>(repeating: 128)
        var lo = (v & 0x00FF) &* a &+ bias
        lo = (lo &+ (lo &>> 8)) &>> 8
        var hi = (v &>> 8) &* a &+ bias
        hi = (hi &+ (hi &>> 8)) & 0xFF00
        return lo | hi
    }

    /// `scale8` with the division as a high-half multiply: (t + (t >> 8)) >> 8 equals
    /// (t * 257) >> 16 for t < 2^16, which LLVM emits as one SSE2 pmulhuw. Only for small
    /// functions (see `blendSolid`).
    @inline(__always)
    static func scale8Mulhi(_ v: SIMD8<UInt16>, _ a: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let bias = SIMD8<UInt16>(repeating: 128)
        let lo = (v & 0x00FF) &* a &+ bias
        let hi = (v &>> 8) &* a &+ bias
        return div255(lo) | (div255(hi) &<< 8)
    }

    @inline(__always)
    static func div255(_ t: SIMD8<UInt16>) -> SIMD8<UInt16> {
        SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: t) &* 257) &>> 16)
    }

    /// SrcOver of premultiplied source pixels, four per step.
    @inline(never)
    static func overRow(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int) {
        var i = 0
        let raw = UnsafeMutableRawPointer(d), sraw = UnsafeRawPointer(s)
        while i + 4 <= n {
            let sv = sraw.loadUnaligned(fromByteOffset: i * 4, as: SIMD4<UInt32>.self)
            let ia = SIMD4<UInt32>(repeating: 255) &- (sv &>> 24)
            let p = raw + i * 4
            let dv = p.loadUnaligned(as: SIMD8<UInt16>.self)
            p.storeBytes(of: lanes(sv) &+ scale8Mulhi(dv, spread(ia)), as: SIMD8<UInt16>.self)
            i += 4
        }
        while i < n { d[i] = srcOver(s[i], d[i]); i += 1 }
    }

    /// A row of shaded source pixels `s` through a constant coverage.
    @inline(__always)
    static func shadedSpan(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>, _ n: Int,
                           _ cov: UInt32, _ blend: BlendMode) {
        switch blend {
        case .srcOver:
            if cov >= 255 { overRow(d, s, n) }
            else { for i in 0..<n { d[i] = srcOver(mulPixel(s[i], cov), d[i]) } }
        case .src:
            if cov >= 255 { d.update(from: s, count: n) }
            else { for i in 0..<n { d[i] = lerpPixel(s[i], d[i], cov) } }
        case .clear:
            solidSpan(d, n, 0, cov, .clear)
        }
    }

    /// A row of shaded source pixels through per-pixel coverage.
    @inline(__always)
    static func shadedMasked(_ d: UnsafeMutablePointer<UInt32>, _ s: UnsafePointer<UInt32>,
                             _ m: UnsafePointer<UInt8>, _ n: Int, _ blend: BlendMode) {
        switch blend {
        case .srcOver:
            for i in 0..<n { d[i] = srcOver(mulPixel(s[i], UInt32(m[i])), d[i]) }
        case .src:
            for i in 0..<n { d[i] = lerpPixel(s[i], d[i], UInt32(m[i])) }
        case .clear:
            for i in 0..<n { d[i] = mulPixel(d[i], 255 &- UInt32(m[i])) }
        }
    }
}

