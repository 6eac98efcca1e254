import CHarfBuzz

/// Shapes text with HarfBuzz: font fallback per character, a small bidi pass for RTL runs,
/// kerning and ligatures. The single owner of one reusable `hb_buffer_t`
/// (hb_buffer_create / hb_buffer_destroy). Not thread-safe; one shaper per render thread.
public final class TextShaper {
    private let buffer: OpaquePointer
    let library: FontLibrary?
    /// Faces tried in order for characters the style's face lacks (after `library.fallbacks`
    /// are tried when the shaper was made with a library).
    public var fallbacks: [FontFace]

    public init(fallbacks: [FontFace] = []) {
        // hb_buffer_create never returns NULL; on allocation failure it returns an inert
        // buffer that shapes to nothing, which we treat as empty text.
        buffer = hb_buffer_create()
        library = nil
        self.fallbacks = fallbacks
    }
    /// A shaper that takes its fallback list from `library.fallbacks` (read at each call).
    public init(library: FontLibrary) {
        buffer = hb_buffer_create()
        self.library = library
        fallbacks = []
    }
    deinit { hb_buffer_destroy(buffer) }

    /// A run of consecutive scalars with one face and one direction.
    struct Run { var start: Int; var end: Int; var face: FontFace; var rtl: Bool }

    /// The face (and whether it has the glyph) for each scalar: the primary face when it
    /// maps the scalar, else the first fallback that does. Marks, joiners and spaces stay
    /// with the face of the preceding character when it has them, so a fallback run is
    /// not split by its own accents or spaces.
    func runs(_ scalars: [UInt32], _ range: Range<Int>, style: TextStyle, paragraphRTL: Bool) -> [Run] {
        let rtlFlags = Bidi.resolve(scalars[range], paragraphRTL: paragraphRTL)
        let extra = (library?.fallbacks ?? []) + fallbacks
        var out: [Run] = []
        for i in range {
            let v = scalars[i]
            let rtl = rtlFlags[i - range.lowerBound]
            var face = style.face
            let scalar = Unicode.Scalar(v) ?? "\u{FFFD}"
            if let last = out.last, Self.attachesToPrevious(scalar), last.face.glyphIndex(for: scalar) != nil {
                face = last.face
            } else if style.face.glyphIndex(for: scalar) == nil {
                for f in extra where f.glyphIndex(for: scalar) != nil { face = f; break }
            }
            if let last = out.last, last.face === face, last.rtl == rtl {
                out[out.count - 1].end = i + 1
            } else {
                out.append(Run(start: i, end: i + 1, face: face, rtl: rtl))
            }
        }
        return out
    }

    private static func attachesToPrevious(_ s: Unicode.Scalar) -> Bool {
        if s.value < 0x80 { return s.value == 0x20 }
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .spaceSeparator: return true
        default: return false
        }
    }

    private func features(_ style: TextStyle) -> [hb_feature_t] {
        var list: [String] = []
        if !style.kerning { list.append("-kern") }
        if !style.ligatures { list += ["-liga", "-clig"] }
        return list.map { s in
            var f = hb_feature_t()
            _ = hb_feature_from_string(s, -1, &f)
            return f
        }
    }

    /// Shapes `run` and calls `body(glyphId, cluster, xAdvance, xOffset, yOffset)` per glyph in
    /// visual order, values in px.
    private func shapeRun(_ scalars: [UInt32], _ run: Run, style: TextStyle, features: [hb_feature_t],
                          _ body: (UInt32, Int, Double, Double, Double) -> Void) {
        hb_buffer_clear_contents(buffer)
        // The whole text goes in as context so shaping at run edges sees its neighbours.
        scalars.withUnsafeBufferPointer { p in
            hb_buffer_add_utf32(buffer, p.baseAddress, Int32(p.count), UInt32(run.start), Int32(run.end - run.start))
        }
        hb_buffer_set_direction(buffer, run.rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer)
        features.withUnsafeBufferPointer { f in
            hb_shape(run.face.hbFont, buffer, f.baseAddress, UInt32(f.count))
        }
        var n: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &n),
              let pos = hb_buffer_get_glyph_positions(buffer, &n) else { return }
        let scale = style.sizePx / Double(run.face.unitsPerEm)
        for i in 0..<Int(n) {
            body(infos[i].codepoint, Int(infos[i].cluster), Double(pos[i].x_advance) * scale,
                 Double(pos[i].x_offset) * scale, -Double(pos[i].y_offset) * scale)
        }
    }

    /// Shapes scalars `range` of `scalars` as one line, in visual order.
    func shapeLine(_ scalars: [UInt32], _ range: Range<Int>, style: TextStyle, paragraphRTL: Bool) -> ShapedLine {
        var line = ShapedLine(glyphs: [], width: 0, range: range, isRightToLeft: paragraphRTL, isTruncated: false)
        guard !range.isEmpty, style.sizePx > 0 else { return line }
        let runs = runs(scalars, range, style: style, paragraphRTL: paragraphRTL)
        let levels = runs.map { paragraphRTL ? ($0.rtl ? 1 : 2) : ($0.rtl ? 1 : 0) }
        let feats = features(style)
        var pen = 0.0
        for r in Bidi.visualOrder(levels: levels) {
            let run = runs[r]
            shapeRun(scalars, run, style: style, features: feats) { gid, cluster, adv, dx, dy in
                line.glyphs.append(ShapedGlyph(face: run.face, glyph: gid, x: pen + dx, y: dy,
                                               advance: adv, cluster: cluster))
                pen += adv
            }
        }
        line.width = pen
        return line
    }

    /// Advance per scalar of `range` when shaped as one line (a ligature's advance is
    /// credited to its first scalar); the line breaker sums these to measure candidates.
    func scalarAdvances(_ scalars: [UInt32], _ range: Range<Int>, style: TextStyle, paragraphRTL: Bool) -> [Double] {
        var adv = [Double](repeating: 0, count: range.count)
        guard !range.isEmpty, style.sizePx > 0 else { return adv }
        let feats = features(style)
        for run in runs(scalars, range, style: style, paragraphRTL: paragraphRTL) {
            shapeRun(scalars, run, style: style, features: feats) { _, cluster, a, _, _ in
                if range.contains(cluster) { adv[cluster - range.lowerBound] += a }
            }
        }
        return adv
    }

    /// Shapes `text` as a single line (no wrapping).
    public func shape(_ text: String, style: TextStyle) -> ShapedLine {
        let scalars = text.unicodeScalars.map(\.value)
        let rtl = Bidi.paragraphIsRTL(scalars[...], style.direction)
        return shapeLine(scalars, 0..<scalars.count, style: style, paragraphRTL: rtl)
    }

    /// Shaped advance width of `text` on one line, px (kerning and ligatures applied).
    public func measure(_ text: String, style: TextStyle) -> Double { shape(text, style: style).width }
}
